"""UNO Attack's launcher drawn on the table: a dinosaur drawn in code that breathes while
idle, pulses faster as presses build up since the last fire, dips its nose when pressed and
turns its head toward the player it aims at; the cards it fires (:class:`ArcCard`) and the
puff of a dud (:class:`Puff`). :class:`LauncherDrawing` is the drawing half of
:class:`~game.editions.attack.table.DinoLauncher`, which keeps the state read here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rules.engine import Decision
from game.ui import text, theme
from game.ui.anim import FlyingCard, Sprite
from game.ui.tween import Tween
from game.ui.widgets import focus_ring

if TYPE_CHECKING:
    from game.ui.table.host import TableHost

SKIN = (74, 150, 70)
SKIN_DARK = (44, 98, 46)
BELLY = (170, 205, 120)
BASE = (58, 64, 76)
NOSE = (220, 48, 40)
OUTLINE = (22, 52, 26)
PRESS_S = 0.3
PUFF_S = 0.7
#: The wind-up of a press (seconds, low-high, at speed 1): rising tension before the launcher
#: fires or puffs (issue 14: "one to two seconds").
WIND_S = (1.0, 1.8)
#: A press this soon after the last one by the same player is part of a run: short wind-up.
CHAIN_S = 0.9
#: The wind-up of each later press of a run (seconds, low-high, at speed 1): a Wild Hit 4
#: takes at most 4.5 s from its first press to its last card, even at the longest draws.
CHAINED_WIND_S = (0.25, 0.35)
#: How long the relief after a dud shows.
RELIEF_S = 0.8


@dataclass
class ArcCard(FlyingCard):
    """A fired card: thrown up out of the mouth, falling into the hand."""

    height: float = 120.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        img = self.surface()
        t = self.tween.t
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t - self.height * 4 * t * (1 - t)
        angle = self.spin * (1 - t)
        if abs(angle) >= 1:
            img = pygame.transform.rotate(img, round(angle / 6) * 6)
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


@dataclass
class FanCard(ArcCard):
    """A fired card fanning out of the mouth: it leaves along a curve bent to one side by
    ``bend`` pixels (the burst spreads like a fan toward the victim) with a low hop."""

    bend: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        img = self.surface()
        t = self.tween.t
        (x0, y0), (x1, y1) = self.start, self.end
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        # the control point: a third of the way, pushed sideways by the fan
        cx = x0 + dx * 0.35 - dy / length * self.bend
        cy = y0 + dy * 0.35 + dx / length * self.bend
        u = 1 - t
        x = u * u * x0 + 2 * u * t * cx + t * t * x1
        y = u * u * y0 + 2 * u * t * cy + t * t * y1 - self.height * 4 * t * u
        scale = 0.55 + 0.45 * min(1.0, t * 3)  # small out of the mouth, full size in flight
        if scale < 0.99:
            img = pygame.transform.smoothscale(
                img, (max(1, int(img.get_width() * scale)), max(1, int(img.get_height() * scale))))
        angle = self.spin * (1 - t)
        if abs(angle) >= 1:
            img = pygame.transform.rotate(img, round(angle / 6) * 6)
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


class Puff(Sprite):
    """A dud: grey smoke rings out of the mouth."""

    def __init__(self, pos: tuple[float, float], size: float, tween: Tween) -> None:
        self.pos, self.size, self.tween = pos, size, tween
        self.linger = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        t = self.tween.raw
        for k in range(5):
            a = -0.9 + k * 0.45
            d = self.size * (0.3 + 1.2 * t)
            c = (self.pos[0] + d * math.cos(a) * 0.9, self.pos[1] + d * math.sin(a) * 0.5 - t * 20)
            r = max(2, int(self.size * (0.25 + 0.35 * t) * (1 - 0.3 * (k % 2))))
            puff = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
            pygame.draw.circle(puff, (200, 204, 210, int(200 * (1 - t))), (r, r), r)
            surface.blit(puff, (int(c[0] - r), int(c[1] - r)))


@lru_cache(maxsize=8)
def head_image(size: int, jaw: int) -> pygame.Surface:
    """The head in profile, facing right; ``jaw`` opens the mouth (0-3)."""
    w, h = int(size * 1.5), int(size * 1.2)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    u = size / 100
    skull = pygame.Rect(int(8 * u), int(18 * u), int(118 * u), int(50 * u))
    pygame.draw.ellipse(surf, SKIN_DARK, skull.move(0, int(3 * u)))
    pygame.draw.ellipse(surf, SKIN, skull)
    snout = pygame.Rect(int(70 * u), int(30 * u), int(72 * u), int(34 * u))
    pygame.draw.rect(surf, SKIN, snout, border_radius=int(16 * u))
    drop = int(jaw * 9 * u)
    jaw_rect = pygame.Rect(int(34 * u), int(58 * u) + drop, int(100 * u), int(20 * u))
    if jaw:
        mouth = pygame.Rect(int(40 * u), int(56 * u), int(96 * u), int(8 * u) + drop)
        pygame.draw.rect(surf, (90, 20, 24), mouth, border_radius=int(6 * u))
    pygame.draw.rect(surf, SKIN_DARK, jaw_rect, border_radius=int(10 * u))
    pygame.draw.rect(surf, BELLY, jaw_rect.inflate(-int(10 * u), -int(10 * u)).move(0, int(3 * u)),
                     border_radius=int(6 * u))
    for k in range(6):  # teeth along the upper jaw
        x = int((60 + k * 12) * u)
        pygame.draw.polygon(surf, (250, 248, 236), [(x, int(62 * u)), (x + int(8 * u), int(62 * u)),
                                                     (x + int(4 * u), int(70 * u))])
    eye = (int(56 * u), int(34 * u))
    pygame.draw.circle(surf, (250, 240, 180), eye, int(10 * u))
    pygame.draw.circle(surf, (20, 20, 24), (eye[0] + int(3 * u), eye[1]), int(5 * u))
    pygame.draw.line(surf, SKIN_DARK, (eye[0] - int(12 * u), eye[1] - int(13 * u)),
                     (eye[0] + int(12 * u), eye[1] - int(9 * u)), max(2, int(5 * u)))
    pygame.draw.circle(surf, SKIN_DARK, (int(128 * u), int(38 * u)), max(1, int(3 * u)))
    return surf


@lru_cache(maxsize=64)
def posed_head(size: int, jaw: int, flip: bool, angle: int) -> pygame.Surface:
    """The head turned to face left (``flip``) and rotated by ``angle`` degrees (a multiple
    of 3): cached, as the head holds its pose between turns and rotating costs more than
    the rest of the launcher."""
    head = head_image(size, jaw)
    if flip:
        head = pygame.transform.flip(head, True, False)
    return pygame.transform.rotate(head, angle)


class LauncherDrawing:
    """Where the launcher's parts are and how they are drawn, from the state
    :class:`~game.editions.attack.table.DinoLauncher` keeps."""

    table: TableHost
    body: pygame.Rect
    clock: float
    presses: int  # since the last fire
    press_t: float  # the nose press (seconds left)
    jaw_t: float  # the mouth open after a fire (seconds left)
    aim: float  # the head's angle (radians, screen; 0 = right)
    wind_t: float  # the wind-up of a press: seconds left, of ``wind_total``
    wind_total: float
    hesitation: tuple[float, float]  # (from, to) seconds into the wind-up: it stops dead
    relief_t: float  # seconds of relief after a dud
    still: bool  # reduced motion: no shaking
    nose_at: tuple[int, int]  # where the nose button was last drawn

    def tension(self) -> tuple[float, bool]:
        """How far the wind-up has got (0-1) and whether it is in its hesitation."""
        if self.wind_t <= 0 or self.wind_total <= 0:
            return 0.0, False
        done = self.wind_total - self.wind_t
        a, b = self.hesitation
        return done / self.wind_total, a <= done < b

    def neck(self) -> tuple[float, float]:
        r = self.body
        return (r.left + r.width * 0.58, r.top + r.height * 0.36)

    def pose(self) -> tuple[bool, float, float]:
        """(facing left, the head's rotation in degrees, the angle it shows) for the aim;
        the head turns at most 38° up or down."""
        flip = math.cos(self.aim) < 0
        rot = -math.degrees(self.aim - math.pi) if flip else -math.degrees(self.aim)
        rot = max(-38.0, min(38.0, rot))
        shown = math.pi + math.radians(rot) if flip else -math.radians(rot)
        return flip, rot, shown

    def mouth(self) -> tuple[float, float]:
        size = self._head_size()
        nx, ny = self.neck()
        shown = self.pose()[2]
        d = size * 0.85
        return (nx + d * math.cos(shown), ny + d * math.sin(shown) * 0.6 + size * 0.12)

    def muzzle(self, ahead: float) -> tuple[float, float]:
        """A point ``ahead`` head-sizes beyond the mouth, along the aim (where the burst
        flashes and the fired cards leave from, clear of the head)."""
        mx, my = self.mouth()
        shown = self.pose()[2]
        d = self._head_size() * ahead
        return (mx + d * math.cos(shown), my + d * math.sin(shown) * 0.6)

    def _head_size(self) -> int:
        return int(self.body.width * 0.4)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, layer: str) -> None:
        if layer != "piles":
            return
        lay = self.table.layout
        s = lay.s
        r = self.body
        tension, frozen = self.tension()
        winding = tension > 0
        beat = 2.0 + 3.0 * self.presses + (14.0 * tension if winding and not frozen else 0.0)
        pulse = 0.5 + 0.5 * math.sin(self.clock * beat)
        breathe = 1 + 0.035 * math.sin(self.clock * 2.2)
        shake = (0, 0)
        if winding and not frozen and not self.still:  # rumbling, harder as it builds
            amp = (1.0 + 5.0 * tension) * s
            shake = (int(math.sin(self.clock * 71) * amp), int(math.cos(self.clock * 53) * amp))
        if self.relief_t > 0:  # a dud: he sags with relief
            breathe *= 0.94
        r = r.move(*shake)
        # the build-up glow (presses since the last fire, and the wind-up's tension)
        heat = min(1.0, self.presses / 3 + tension)
        if heat > 0:
            rgb = theme.mix(theme.ACCENT, theme.DANGER, heat)
            grow = int((10 + 16 * pulse + 20 * tension) * s)
            glow = pygame.Surface(r.inflate(grow * 2, grow).size, pygame.SRCALPHA)
            alpha = int((60 + 45 * self.presses + 120 * tension) * (0.4 + 0.6 * pulse))
            if frozen:
                alpha //= 3
            for k in range(3):  # soft rings, brighter outside
                ring = glow.get_rect().inflate(-k * 10 * s, -k * 8 * s)
                pygame.draw.ellipse(glow, (*rgb, min(220, alpha) // (k + 1)), ring,
                                    max(2, int(4 * s)))
            surface.blit(glow, glow.get_rect(center=r.center))
        if winding and not frozen and not self.still:  # rumble marks under his feet
            for k in range(3):
                x = r.left + r.width * (0.2 + 0.3 * k) + math.sin(self.clock * 30 + k) * 4 * s
                y = r.bottom - int(4 * s)
                pygame.draw.arc(surface, theme.TEXT_DIM, pygame.Rect(int(x), int(y), int(16 * s),
                                int(10 * s)), 0, math.pi, max(1, int(2 * s)))
        # the base with the card slot
        base = pygame.Rect(0, 0, int(r.width * 0.9), int(r.height * 0.26))
        base.midbottom = (r.centerx, r.bottom)
        pygame.draw.rect(surface, theme.SHADOW, base.move(int(3 * s), int(5 * s)),
                         border_radius=int(14 * s))
        pygame.draw.rect(surface, BASE, base, border_radius=int(14 * s))
        pygame.draw.rect(surface, theme.PANEL_EDGE, base, max(2, int(2 * s)),
                         border_radius=int(14 * s))
        slot = pygame.Rect(0, 0, int(base.width * 0.5), int(base.height * 0.3))
        slot.center = (base.centerx, base.centery + int(base.height * 0.12))
        pygame.draw.rect(surface, (20, 22, 28), slot, border_radius=slot.height // 2)
        n = self.table.model.draw_size
        text.draw(surface, str(n), int(16 * s), (base.left + int(12 * s), base.centery),
                  theme.TEXT_DIM, "midleft")
        for k in range(self.presses):  # one red lamp per press since the last fire
            c = (base.right - int((14 + k * 16) * s), base.top + int(12 * s))
            pygame.draw.circle(surface, NOSE, c, int(5 * s))
        # the tail, the body (breathing), the legs
        body = pygame.Rect(0, 0, int(r.width * 0.56), int(r.height * 0.5 * breathe))
        body.midbottom = (int(r.left + r.width * 0.48), base.top + int(8 * s))
        tail = [(body.left + int(10 * s), body.centery), (r.left, body.bottom - int(6 * s)),
                (body.left + int(20 * s), body.bottom - int(4 * s))]
        ow = max(2, int(3 * s))  # a dark outline keeps the silhouette readable
        pygame.draw.polygon(surface, OUTLINE, tail, 0)
        pygame.draw.polygon(surface, SKIN_DARK, [(tail[0][0], tail[0][1] + ow),
                                                 (tail[1][0] + ow * 2, tail[1][1] - ow),
                                                 (tail[2][0], tail[2][1] - ow)])
        for at in (0.28, 0.68):
            leg = pygame.Rect(0, 0, int(18 * s), int(22 * s))
            leg.midtop = (int(body.left + body.width * at), body.bottom - int(14 * s))
            pygame.draw.rect(surface, OUTLINE, leg.inflate(ow * 2, ow * 2),
                             border_radius=int(8 * s))
            pygame.draw.rect(surface, SKIN_DARK, leg, border_radius=int(6 * s))
            for c in range(3):  # claws
                cx = leg.left + int((3 + c * 6) * s)
                pygame.draw.line(surface, (240, 236, 220), (cx, leg.bottom),
                                 (cx + int(2 * s), leg.bottom + int(4 * s)), max(1, int(2 * s)))
        pygame.draw.ellipse(surface, OUTLINE, body.inflate(ow * 2, ow * 2).move(0, int(2 * s)))
        pygame.draw.ellipse(surface, SKIN_DARK, body.move(0, int(3 * s)))
        pygame.draw.ellipse(surface, SKIN, body)
        belly = body.inflate(-int(body.width * 0.35), -int(body.height * 0.35))
        belly.bottom = body.bottom - int(4 * s)
        pygame.draw.ellipse(surface, BELLY, belly)
        for k in range(4):  # back plates
            x = body.left + body.width * (0.25 + 0.17 * k)
            y = body.top + 6 * s + abs(k - 1.5) * 3 * s
            pygame.draw.polygon(surface, SKIN_DARK, [(x - 8 * s, y), (x + 8 * s, y),
                                                     (x, y - 14 * s)])
        for arm in (0.0, 1.0):  # little arms
            a0 = (body.left + body.width * (0.66 + 0.08 * arm), body.top + body.height * 0.42)
            pygame.draw.line(surface, SKIN_DARK, a0, (a0[0] + 12 * s, a0[1] + 10 * s),
                             max(3, int(6 * s)))
        # neck and head, turned toward the target
        nx, ny = self.neck()
        dip = math.sin(math.pi * self.press_t / PRESS_S) * 10 * s if self.press_t else 0.0
        pygame.draw.line(surface, SKIN, (body.centerx + int(body.width * 0.2), body.top +
                         int(body.height * 0.4)), (nx, ny + dip), max(6, int(26 * s)))
        size = self._head_size()
        jaw = 3 if self.jaw_t > 0.2 else 1 if self.jaw_t > 0 else 0
        if winding and not frozen and not jaw:  # growling: the jaw chatters as it builds
            jaw = 1 if math.sin(self.clock * (8 + 20 * tension)) > 0.2 else 0
        flip, rot, shown = self.pose()
        if self.jaw_t > 0.2:  # the eruption: a burst of light behind the head, never over it
            self.draw_burst(surface, s)
        img = posed_head(size, jaw, flip, round(rot / 3) * 3)
        # the head's centre sits ahead of the neck along the aim
        hx = nx + size * 0.45 * math.cos(shown)
        hy = ny + dip + size * 0.45 * math.sin(shown) * 0.6
        rect = img.get_rect(center=(int(hx), int(hy)))
        surface.blit(img, rect)
        # the nose button on the snout
        d = size * 0.95
        tip = shown - 0.28 if not flip else shown + 0.28
        nose = (hx + (d * 0.62) * math.cos(tip), hy + (d * 0.62) * math.sin(tip))
        self.nose_at = (int(nose[0]), int(nose[1]))
        squash = 0.6 if self.press_t else 1.0
        nr = max(4, int(9 * s * squash))
        pygame.draw.circle(surface, theme.SHADOW, (int(nose[0]) + 1, int(nose[1]) + 2), nr + 1)
        pygame.draw.circle(surface, NOSE, (int(nose[0]), int(nose[1])), nr)
        pygame.draw.circle(surface, (255, 150, 140), (int(nose[0] - nr * 0.3),
                                                      int(nose[1] - nr * 0.3)), max(1, nr // 3))
        if frozen and not self.still:  # the hesitation: everything holds its breath
            text.draw(surface, "…", int(30 * s), (r.centerx, r.top - int(6 * s)),
                      theme.ACCENT, "midbottom", shadow=True)
        if self.table.ring_id() == "draw":
            focus_ring(surface, r, s, int(16 * s))
        if self.table.my_turn() and self.table.model.decision is Decision.TURN:
            hint = _("Press the nose to draw")
            text.draw(surface, hint, int(15 * s), (r.centerx, r.bottom + int(6 * s)),
                      theme.ACCENT, "midtop", shadow=True)

    def draw_burst(self, surface: pygame.Surface, s: float) -> None:
        """The eruption's star of light at the mouth (drawn under the head and the cards)."""
        mx, my = self.muzzle(0.45)
        shown = self.pose()[2]
        k = min(1.0, self.jaw_t / 0.6)
        n = 9
        pts = []
        for i in range(2 * n):
            a = shown + (i / (2 * n)) * 2 * math.pi
            rad = (42 if i % 2 == 0 else 18) * s * (0.6 + 0.6 * k)
            pts.append((mx + math.cos(a) * rad, my + math.sin(a) * rad))
        pygame.draw.polygon(surface, (255, 200, 60), pts)
        pygame.draw.circle(surface, (255, 245, 200), (int(mx), int(my)), int(12 * s * k) + 2)
