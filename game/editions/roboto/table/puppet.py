"""Roboto himself, drawn: the figure and his speech bubble, wherever he stands (beside the
piles at the table, in the try-me demo, on the title screen). He bobs and sways, looks
about and swings his arms when idle; his face shows an expression that fits what he says;
his mouth and antenna light move while he talks; a drum roll comes before a surprise, and
after a minute without a move his eyes droop. What he says and when is the table's
:class:`~game.editions.roboto.table.figure.RobotoFigure`."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.editions.roboto.table.look import EYE, METAL, METAL_DARK
from game.ui import text, theme
from game.ui.testhooks import sleepy_seconds

if TYPE_CHECKING:
    pass

SLEEPY_S = sleepy_seconds(60.0)  # a minute (a real-window test may shorten it)

#: His faces (issue 14); ``neutral`` between moments, ``sleepy`` after a minute idle.
EXPRESSIONS = ("neutral", "happy", "mischievous", "surprised", "sleepy", "triumphant")
#: How long a drum roll lasts before a surprise (seconds, at speed 1).
DRUM_S = 0.9
_STAR = [(math.cos(math.pi / 2 + k * math.pi / 5) * (1.0 if k % 2 == 0 else 0.45),
          -math.sin(math.pi / 2 + k * math.pi / 5) * (1.0 if k % 2 == 0 else 0.45))
         for k in range(10)]


class RobotoPuppet:
    """Roboto's figure and speech bubble, drawn wherever ``body`` is (the table, the try-me
    demo, the title): he bobs and sways, looks about, tilts his head and swings his arms when
    idle; his face shows an expression (:data:`EXPRESSIONS`) that fits what he says; his mouth
    and antenna light move while he talks; a drum roll (he shakes, his antenna flashes)
    comes before a surprise; after :data:`SLEEPY_S` without activity his eyes droop. ``s``
    is the layout scale, ``screen_w`` keeps the bubble on screen. ``still`` (reduced
    motion) keeps the expressions but drops the sway, shake and idle moves."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.talk = 0.0  # seconds of speech left
        self.words = ""
        self.bubble = 0.0  # seconds the bubble stays
        self.idle = 0.0
        self.beeped = False  # the sleep beep of this idle stretch was given
        self.body = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0
        self.screen_w = 1280
        self.bubble_frac = 0.3  # the bubble's widest, as a share of the screen's width
        self.text_s: float | None = None  # the bubble text's scale (default: ``s``)
        self._real: float | None = None  # the app clock's time at the last tick
        self.expression = "neutral"
        self.expr_left = 0.0  # seconds the expression stays
        self.drum = 0.0  # seconds of drum roll left
        self.still = False

    def speak(self, words: str, seconds: float | None = None) -> None:
        """Show ``words`` in his bubble and move his mouth for ``seconds`` (else a time
        that follows the length of the words)."""
        self.words = words
        self.talk = seconds if seconds is not None else min(4.0, 0.8 + 0.05 * len(words))
        self.bubble = self.talk + 1.6
        self.wake()

    def feel(self, expression: str, seconds: float = 3.0) -> None:
        """Show ``expression`` for ``seconds`` (then back to neutral)."""
        self.expression = expression if expression in EXPRESSIONS else "neutral"
        self.expr_left = seconds

    def drum_roll(self, seconds: float = DRUM_S) -> None:
        """The build-up before a surprise: he shakes and his antenna flashes."""
        self.drum = seconds
        self.feel("mischievous", seconds + 3.0)
        self.wake()

    def face(self) -> str:
        """The expression on his face now."""
        if self.sleepy():
            return "sleepy"
        return self.expression if self.expr_left > 0 else "neutral"

    def wake(self) -> None:
        """Activity: the idle stretch starts again (and may beep again once)."""
        self.idle = 0.0
        self.beeped = False

    def tick(self, dt: float, now: float | None = None) -> bool:
        """Advance by ``dt``; ``True`` the one time he falls asleep in an idle stretch
        (R-12: the sleep beep). ``now`` is the app clock (:class:`game.ui.clock.Clock`): a
        long gap between frames counts at its real length, since an idle table draws a frame
        a second at most and the app caps ``dt`` at half a second."""
        real = dt if now is None or self._real is None else now - self._real
        self._real = now
        self.clock += dt
        self.idle += max(dt, min(real, 5.0)) if real > 0.4 else dt
        self.talk = max(0.0, self.talk - dt)
        self.bubble = max(0.0, self.bubble - dt)
        self.expr_left = max(0.0, self.expr_left - dt)
        self.drum = max(0.0, self.drum - dt)
        if self.sleepy() and not self.beeped:
            self.beeped = True
            return True
        return False

    def sleepy(self) -> bool:
        return self.idle >= SLEEPY_S and self.talk <= 0

    # ------------------------------------------------------------------ drawing
    def _moves(self) -> tuple[int, int, float, float]:
        """(bob, shake, head tilt in degrees, gaze) for this frame."""
        s, c = self.s, self.clock
        if self.still:
            return 0, 0, 0.0, 0.0
        talking = self.talk > 0
        bob = int(math.sin(c * (9 if talking else 1.6)) * (3 if talking else 1.5) * s)
        shake = int(math.sin(c * 60) * 3 * s) if self.drum > 0 else 0
        # idle moves: now and then he tilts his head and looks to one side
        phase = c % 7.0
        tilt = 8 * math.sin((phase - 4.5) * math.pi / 1.5) if 4.5 <= phase < 6.0 else 0.0
        if self.face() == "mischievous":
            tilt = -10.0
        gaze = math.sin(c * 3) if talking else (1.0 if 1.0 <= phase < 2.2 else
                                                -1.0 if 3.0 <= phase < 4.0 else 0.0)
        return bob, shake, tilt, gaze

    def draw_robot(self, surface: pygame.Surface) -> None:
        s = self.s
        r = self.body
        talking = self.talk > 0
        face_kind = self.face()
        bob, shake, tilt, gaze = self._moves()
        # the plate he stands on
        plate = pygame.Rect(0, 0, int(r.width * 1.15), int(r.height * 0.16))
        plate.midbottom = r.midbottom
        pygame.draw.ellipse(surface, theme.SHADOW, plate.move(int(3 * s), int(5 * s)))
        pygame.draw.ellipse(surface, (200, 40, 36), plate)
        pygame.draw.ellipse(surface, (240, 210, 60), plate, max(2, int(3 * s)))
        # body
        body = pygame.Rect(0, 0, int(r.width * 0.78), int(r.height * 0.4))
        body.midbottom = (r.centerx + shake, plate.centery + bob // 2)
        self._draw_arms(surface, body, face_kind)
        pygame.draw.rect(surface, METAL_DARK, body.move(0, int(3 * s)), border_radius=int(14 * s))
        pygame.draw.rect(surface, METAL, body, border_radius=int(14 * s))
        for k in range(3):  # the speaker grille
            y = body.top + int((14 + k * 9) * s)
            pygame.draw.line(surface, METAL_DARK, (body.left + int(16 * s), y),
                             (body.centerx - int(4 * s), y), max(2, int(3 * s)))
        chest = (body.right - int(22 * s), body.top + int(22 * s))
        on = (talking or self.drum > 0) and int(self.clock * 8) % 2 == 0
        pygame.draw.circle(surface, (255, 90, 60) if on else (120, 40, 36), chest, int(8 * s))
        # the head, drawn on its own surface so it can tilt
        hw, hh = int(r.width * 0.92), int(r.height * 0.38)
        ant = int(30 * s)
        head_img = pygame.Surface((hw + int(8 * s), hh + ant + int(8 * s)), pygame.SRCALPHA)
        head = pygame.Rect(int(4 * s), ant, hw, hh)
        self._draw_head(head_img, head, talking, face_kind, gaze)
        if tilt:
            head_img = pygame.transform.rotate(head_img, round(tilt / 2) * 2)
        centre = (body.centerx + shake, body.top + int(4 * s) + bob - hh // 2 - ant // 2 +
                  int(4 * s))
        surface.blit(head_img, head_img.get_rect(center=centre))
        if face_kind == "sleepy" and int(self.clock) % 2 == 0:
            text.draw(surface, "z", int(22 * s), (r.right + int(6 * s), r.top + int(10 * s)),
                      theme.TEXT_DIM, "bottomleft")
        if self.drum > 0 and not self.still:  # the drum roll's sticks of light
            for k in range(3):
                a = self.clock * 20 + k * 2.1
                p = (int(r.centerx + math.cos(a) * r.width * 0.6),
                     int(r.top + r.height * 0.1 + math.sin(a) * r.height * 0.12))
                pygame.draw.circle(surface, (255, 220, 80), p, max(2, int(4 * s)))

    def _draw_arms(self, surface: pygame.Surface, body: pygame.Rect, face_kind: str) -> None:
        s = self.s
        w = max(3, int(8 * s))
        swing = 0.0 if self.still else math.sin(self.clock * 2.2) * 0.25
        for side in (-1, 1):
            shoulder = (body.centerx + side * (body.width // 2 - int(4 * s)),
                        body.top + int(12 * s))
            if face_kind == "triumphant":  # both arms up
                angle = -math.pi / 2 + side * 0.5
            elif face_kind == "surprised":  # hands up by his face
                angle = -math.pi / 2 + side * 1.0
            elif face_kind == "mischievous":  # rubbing his hands in front
                angle = math.pi / 2 - side * (0.9 + (0 if self.still else
                                                      0.15 * math.sin(self.clock * 12)))
            else:
                angle = math.pi / 2 - (0.75 + side * swing)
            ln = 40 * s
            hand = (int(shoulder[0] + side * abs(math.cos(angle)) * ln),
                    int(shoulder[1] + math.sin(angle) * ln))
            pygame.draw.line(surface, METAL_DARK, shoulder, hand, w)
            pygame.draw.circle(surface, METAL_DARK, hand, max(4, int(9 * s)))
            pygame.draw.circle(surface, METAL, hand, max(3, int(7 * s)))

    def _draw_head(self, surface: pygame.Surface, head: pygame.Rect, talking: bool,
                   face_kind: str, gaze: float) -> None:
        s = self.s
        pygame.draw.rect(surface, METAL_DARK, head.move(0, int(3 * s)), border_radius=int(18 * s))
        pygame.draw.rect(surface, METAL, head, border_radius=int(18 * s))
        face = head.inflate(-int(16 * s), -int(14 * s))
        pygame.draw.rect(surface, (28, 36, 48), face, border_radius=int(12 * s))
        # antenna and its light (flashing in a drum roll, wobbling when surprised)
        wob = 0 if self.still else int(math.sin(self.clock * 25) * 5 * s) \
            if face_kind == "surprised" else 0
        top = (head.centerx + wob, head.top - int(20 * s))
        pygame.draw.line(surface, METAL_DARK, (head.centerx, head.top), top, max(2, int(4 * s)))
        if self.drum > 0:
            glow = 1.0 if int(self.clock * 12) % 2 == 0 else 0.2
        else:
            glow = 0.5 + 0.5 * math.sin(self.clock * 14) if talking else 0.25
        light = theme.mix((80, 30, 30), (255, 80, 60), glow)
        pygame.draw.circle(surface, light, top, int(8 * s))
        eye = (255, 214, 60) if face_kind == "triumphant" else EYE
        lw = max(2, int(3 * s))
        blink = (self.clock % 3.7) < 0.12 and face_kind in ("neutral", "happy")
        look = gaze * 4 * s
        for i, dx in enumerate((-0.22, 0.22)):
            c = (int(face.centerx + face.width * dx), int(face.top + face.height * 0.38))
            er = int(11 * s)
            if blink:
                pygame.draw.line(surface, eye, (c[0] - er, c[1]), (c[0] + er, c[1]), lw)
            elif face_kind == "happy":  # ^ ^
                pygame.draw.arc(surface, eye, pygame.Rect(c[0] - er, c[1] - er // 2, 2 * er,
                                                          2 * er), 0.3, math.pi - 0.3, lw + 1)
            elif face_kind == "triumphant":  # stars
                pts = [(c[0] + x * er * 1.2, c[1] + y * er * 1.2) for x, y in _STAR]
                pygame.draw.polygon(surface, eye, pts)
            elif face_kind == "mischievous":  # narrowed, one brow down
                lid = pygame.Rect(c[0] - er, c[1] - er // 3, 2 * er, er)
                pygame.draw.ellipse(surface, eye, lid)
                pygame.draw.circle(surface, (20, 40, 60), (int(c[0] + er * 0.4), lid.centery),
                                   int(4 * s))
                y0 = c[1] - er + (int(4 * s) if i == 0 else -int(2 * s))
                pygame.draw.line(surface, METAL, (c[0] - er, y0 - (lw if i else -lw)),
                                 (c[0] + er, y0 + (lw if i else -lw)), lw)
            else:
                big = int(er * 1.25) if face_kind == "surprised" else er
                pygame.draw.circle(surface, eye, c, big)
                pupil = int(3 * s) if face_kind == "surprised" else int(5 * s)
                pygame.draw.circle(surface, (20, 40, 60), (int(c[0] + look), c[1]), pupil)
                if face_kind == "sleepy":  # a heavy lid over the top half
                    lid = pygame.Rect(c[0] - er - 1, c[1] - er - 1, 2 * er + 2, er + 2)
                    pygame.draw.rect(surface, (28, 36, 48), lid)
                    pygame.draw.line(surface, METAL, lid.bottomleft, lid.bottomright, lw)
        # mouth: its shape follows the expression; it opens and closes while he speaks
        flap = (0.25 + 0.75 * abs(math.sin(self.clock * 13))) if talking else 0.0
        mc = (face.centerx, int(face.top + face.height * 0.76))
        mw = int(face.width * 0.46)
        if face_kind == "surprised":
            rr = int(face.height * (0.12 + 0.06 * flap))
            pygame.draw.circle(surface, EYE, mc, max(3, rr), lw)
        elif face_kind in ("happy", "triumphant", "mischievous") and flap < 0.5:
            off = int(mw * 0.15) if face_kind == "mischievous" else 0
            box = pygame.Rect(0, 0, mw, int(face.height * 0.36))
            box.midbottom = (mc[0] + off, mc[1] + int(face.height * 0.12))
            start = 0.3 if face_kind == "mischievous" else 0.0
            pygame.draw.arc(surface, EYE, box, math.pi + start, 2 * math.pi, lw + 1)
        else:
            open_h = flap if talking else 0.12
            if face_kind == "triumphant":
                open_h = max(open_h, 0.6)
            mouth = pygame.Rect(0, 0, mw, max(2, int(face.height * 0.3 * open_h)))
            mouth.center = mc
            pygame.draw.rect(surface, EYE, mouth, border_radius=max(1, mouth.height // 2))

    def bubble_layout(self) -> tuple[pygame.Rect, list[str], int]:
        """Where his speech bubble goes (its text box), its lines and their size."""
        s = self.s
        w = self.screen_w
        px = int(18 * (self.text_s or s))
        width = int(min(300 * s, w * self.bubble_frac))
        lines = text.wrap(self.words, px, width - int(24 * s))[:4]
        box = pygame.Rect(0, 0, width, int(len(lines) * px * 1.3 + 20 * s))
        box.bottomright = (self.body.right + int(30 * s), self.body.top - int(10 * s))
        box.right = min(box.right, w - int(8 * s))
        box.left = max(box.left, int(8 * s))
        return box, lines, px

    def footprint(self) -> pygame.Rect:
        """The screen he and his bubble take (a dialog keeps clear of it)."""
        box, _lines, _px = self.bubble_layout()
        return self.body.union(box.inflate(0, int(24 * self.s))).inflate(
            int(16 * self.s), int(16 * self.s))

    def draw_bubble(self, surface: pygame.Surface) -> None:
        s = self.s
        box, lines, px = self.bubble_layout()
        alpha = int(255 * min(1.0, self.bubble / 0.4))
        bubble = pygame.Surface(box.inflate(4, int(24 * s)).size, pygame.SRCALPHA)
        inner = pygame.Rect(2, 2, box.width, box.height)
        pygame.draw.rect(bubble, (250, 250, 244, alpha), inner, border_radius=int(14 * s))
        tail_x = self.body.centerx - box.left
        pygame.draw.polygon(bubble, (250, 250, 244, alpha), [
            (tail_x - int(12 * s), inner.bottom - 2), (tail_x + int(8 * s), inner.bottom - 2),
            (tail_x, inner.bottom + int(16 * s))])
        y = inner.top + int(10 * s)
        for line in lines:
            img = text.render(line, px, theme.TEXT_DARK)
            img.set_alpha(alpha)
            bubble.blit(img, img.get_rect(midtop=(inner.centerx, y)))
            y += int(px * 1.3)
        surface.blit(bubble, box.move(-2, -2))
