"""UNO Roboto on screen (RULES.md section R): title and rules for the help, and Roboto
himself as a device layer.

:class:`RobotoFigure` draws the robot beside the piles: his eyes, mouth and antenna light
move while he speaks, and a speech bubble shows what he says (the narrator's lines for his
interruptions, the race results and who continues). After 60 s without a move his eyes
get sleepy. A duel or house-rule race asked of a person opens :class:`RaceScene` (R-10,
family mode): each person racing presses their own key (or button) when done, the AI racers
finish after a reaction time; the last one draws. In reaction mode (the set-up's race mode,
``Session.race_mode``) :class:`ReactionRaceScene` flashes a lamp after a random delay: the
first to press after it wins, a press before it is a false start and loses. A nickname he
asks a person for is typed in :class:`NicknameScene`, and he uses it from then on (those
dialogs are in :mod:`game.ui.editions.roboto.races`). Only the view and the events are
read.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.rules import actions as A
from game.rules import events as E
from game.rules.engine import Decision
from game.ui import intents as I
from game.ui import text, theme
from game.ui.editions.common import fly_discarded
from game.ui.editions.roboto.look import EYE, METAL, METAL_DARK
from game.ui.scene import Scene
from game.ui.table.devices import DeviceLayer
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.table.host import TableHost
    from game.ui.table.presenter import Presenter

SLEEPY_S = 60.0
SPOKEN = (E.RobotoInterrupts, E.RaceEnded, E.RobotoNames, E.FirstPlayerChosen)
_QUOTED = re.compile(r"[“«]\s*(.+?)\s*[”»]")


def spoken(line: str) -> str:
    """What Roboto says in a narrator line: the quoted words if any, else the line."""
    m = _QUOTED.search(line)
    return m.group(1) if m else line


def race_kind_of(unit: str) -> str:
    """The kind of the pending interruption (``duel``, ``house_rule`` …), from the unit
    text; ``""`` when there is none."""
    parts = unit.split(":")
    return parts[2] if len(parts) == 8 and parts[0] == "roboto" else ""


def racers_of(unit: str) -> tuple[int, ...]:
    """The players named by the pending interruption, from the unit text."""
    parts = unit.split(":")
    if len(parts) == 8 and parts[0] == "roboto":
        return tuple(int(x) for x in parts[3].split(",") if x)
    return ()


class RobotoPuppet:
    """Roboto's figure and speech bubble, drawn wherever ``body`` is (the table, the try-me
    demo): he bobs, his eyes look about, his mouth and antenna light move while he talks,
    and after :data:`SLEEPY_S` without activity his eyes droop. ``s`` is the layout scale,
    ``screen_w`` keeps the bubble on screen."""

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

    def speak(self, words: str, seconds: float | None = None) -> None:
        """Show ``words`` in his bubble and move his mouth for ``seconds`` (else a time
        that follows the length of the words)."""
        self.words = words
        self.talk = seconds if seconds is not None else min(4.0, 0.8 + 0.05 * len(words))
        self.bubble = self.talk + 1.6
        self.wake()

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
        if self.sleepy() and not self.beeped:
            self.beeped = True
            return True
        return False

    def sleepy(self) -> bool:
        return self.idle >= SLEEPY_S and self.talk <= 0

    def draw_robot(self, surface: pygame.Surface) -> None:
        s = self.s
        r = self.body
        talking = self.talk > 0
        bob = int(math.sin(self.clock * (9 if talking else 1.6)) * (3 if talking else 1.5) * s)
        # the plate he stands on
        plate = pygame.Rect(0, 0, int(r.width * 1.15), int(r.height * 0.16))
        plate.midbottom = r.midbottom
        pygame.draw.ellipse(surface, theme.SHADOW, plate.move(int(3 * s), int(5 * s)))
        pygame.draw.ellipse(surface, (200, 40, 36), plate)
        pygame.draw.ellipse(surface, (240, 210, 60), plate, max(2, int(3 * s)))
        # body
        body = pygame.Rect(0, 0, int(r.width * 0.78), int(r.height * 0.4))
        body.midbottom = (r.centerx, plate.centery + bob // 2)
        pygame.draw.rect(surface, METAL_DARK, body.move(0, int(3 * s)), border_radius=int(14 * s))
        pygame.draw.rect(surface, METAL, body, border_radius=int(14 * s))
        for k in range(3):  # the speaker grille
            y = body.top + int((14 + k * 9) * s)
            pygame.draw.line(surface, METAL_DARK, (body.left + int(16 * s), y),
                             (body.centerx - int(4 * s), y), max(2, int(3 * s)))
        chest = (body.right - int(22 * s), body.top + int(22 * s))
        on = talking and int(self.clock * 8) % 2 == 0
        pygame.draw.circle(surface, (255, 90, 60) if on else (120, 40, 36), chest, int(8 * s))
        # head
        head = pygame.Rect(0, 0, int(r.width * 0.92), int(r.height * 0.38))
        head.midbottom = (r.centerx, body.top + int(4 * s) + bob)
        pygame.draw.rect(surface, METAL_DARK, head.move(0, int(3 * s)), border_radius=int(18 * s))
        pygame.draw.rect(surface, METAL, head, border_radius=int(18 * s))
        face = head.inflate(-int(16 * s), -int(14 * s))
        pygame.draw.rect(surface, (28, 36, 48), face, border_radius=int(12 * s))
        # antenna and its light
        top = (head.centerx, head.top - int(20 * s))
        pygame.draw.line(surface, METAL_DARK, (head.centerx, head.top), top, max(2, int(4 * s)))
        glow = 0.5 + 0.5 * math.sin(self.clock * 14) if talking else 0.25
        light = theme.mix((80, 30, 30), (255, 80, 60), glow)
        pygame.draw.circle(surface, light, top, int(8 * s))
        if talking:
            halo = pygame.Surface((int(40 * s), int(40 * s)), pygame.SRCALPHA)
            pygame.draw.circle(halo, (255, 90, 60, int(110 * glow)), halo.get_rect().center,
                               int(20 * s))
            surface.blit(halo, halo.get_rect(center=top))
        # eyes: they look about while he speaks, blink now and then, droop when sleepy
        blink = (self.clock % 3.7) < 0.12
        look = math.sin(self.clock * 3) * 4 * s if talking else 0.0
        for dx in (-0.22, 0.22):
            c = (int(face.centerx + face.width * dx), int(face.top + face.height * 0.38))
            er = int(11 * s)
            if blink:
                pygame.draw.line(surface, EYE, (c[0] - er, c[1]), (c[0] + er, c[1]),
                                 max(2, int(3 * s)))
                continue
            pygame.draw.circle(surface, EYE, c, er)
            pygame.draw.circle(surface, (20, 40, 60), (int(c[0] + look), c[1]), int(5 * s))
            if self.sleepy():  # a heavy lid over the top half
                lid = pygame.Rect(c[0] - er - 1, c[1] - er - 1, 2 * er + 2, er + 2)
                pygame.draw.rect(surface, (28, 36, 48), lid)
                pygame.draw.line(surface, METAL, lid.bottomleft, lid.bottomright,
                                 max(2, int(2 * s)))
        # mouth: opens and closes while he speaks
        open_h = (0.25 + 0.75 * abs(math.sin(self.clock * 13))) if talking else 0.12
        mouth = pygame.Rect(0, 0, int(face.width * 0.46), max(2, int(face.height * 0.3 * open_h)))
        mouth.center = (face.centerx, int(face.top + face.height * 0.76))
        pygame.draw.rect(surface, EYE, mouth, border_radius=max(1, mouth.height // 2))
        if self.sleepy() and int(self.clock) % 2 == 0:
            text.draw(surface, "z", int(22 * s), (head.right + int(6 * s), head.top),
                      theme.TEXT_DIM, "bottomleft")

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

class RobotoFigure(RobotoPuppet, DeviceLayer):
    """Roboto and his speech bubble at the table; see the module docstring."""

    def __init__(self, table: TableHost) -> None:
        RobotoPuppet.__init__(self)
        DeviceLayer.__init__(self, table)
        self.said: list[str] = []
        self.nicknames: dict[int, str] = {}
        self.last_event: E.Event | None = None
        self.interrupt: E.RobotoInterrupts | None = None  # the last one (a race replays it)
        self.interruptions: list[str] = []  # the kinds of his interruptions so far
        self.races = 0  # races settled so far
        self.beeps = 0  # sleep beeps given
        self.repeat = pygame.Rect(0, 0, 0, 0)
        self.volume = pygame.Rect(0, 0, 0, 0)

    def relayout(self) -> None:
        lay = self.table.layout
        s = self.s = lay.s
        self.screen_w = lay.size[0]
        r = pygame.Rect(0, 0, int(118 * s), int(168 * s))
        r.midleft = (lay.discard.right + int(lay.card_w * 0.95), int(lay.centre[1]))
        self.body = r
        self.repeat = pygame.Rect(0, 0, int(110 * s), int(30 * s))
        self.repeat.midtop = (r.centerx, r.bottom + int(8 * s))
        self.volume = self.repeat.move(0, self.repeat.height + int(6 * s))

    def controls(self) -> list[Control]:
        """R-12: his Repeat button says the last phrase again; his Volume button steps
        through the voice's three levels, then mute (as the V key)."""
        return [Button.make("roboto_repeat", N_("Repeat"), I.Press("roboto_repeat"),
                            rect=self.repeat, enabled=bool(self.said), style="quiet"),
                Button.make("roboto_volume", N_("Volume"), I.CycleVoiceVolume(),
                            rect=self.volume, style="quiet")]

    def handle(self, intent: I.Intent) -> bool:
        self.wake()  # any key or click at the table keeps him awake
        if intent != I.Press("roboto_repeat"):
            return False
        if self.said:
            self.say(self.said[-1])
            if self.last_event is not None:
                self.table.app.sound.narrate([self.last_event])
        return True

    def say(self, words: str, presenter: Presenter | None = None) -> None:
        for p, nick in self.nicknames.items():  # R-6b: he uses the nicknames from now on
            words = words.replace(self.table.narrator.name(p), nick)
        self.speak(words)
        self.said.append(words)
        if presenter is not None:
            presenter.hold = max(presenter.hold, presenter.d(min(1.6, self.talk)))

    def present(self, event: E.Event, presenter: Presenter) -> bool:
        self.wake()
        if isinstance(event, E.RobotoInterrupts):
            self.interruptions.append(event.kind)
            self.interrupt = event
        elif isinstance(event, E.RaceEnded):
            self.races += 1
        if isinstance(event, E.CardsDiscarded):  # one at a time onto the pile
            fly_discarded(self.table, presenter, event)
            return True
        if isinstance(event, SPOKEN):
            self.last_event = event
            lines = self.table.narrator.lines([event])
            if lines:
                self.say(spoken(lines[0].split("\n")[0]), presenter)
        elif isinstance(event, E.HandEnded):  # the winner is congratulated
            self.say(_("Well done, {player}!").format(
                player=self.table.narrator.name(event.winner)), presenter)
        return False

    def update(self, dt: float) -> bool:
        # a short beep as he dozes off, once per idle stretch
        if self.tick(dt, self.table.app.clock.now):
            self.beeps += 1
            self.table.sfx("beep")
        return True  # he blinks

    def animating(self) -> bool:
        return self.talk > 0 or self.bubble > 0

    def decision_scene(self, decision: Decision) -> Scene | None:
        from game.ui.editions.roboto.races import NicknameScene, RaceScene, ReactionRaceScene

        t = self.table
        if decision is Decision.RACE and t.viewer is not None:
            unit = t.session.view(t.viewer).unit
            racers, kind = racers_of(unit), race_kind_of(unit)
            legal = [a for a in t.session.legal(t.viewer) if isinstance(a, A.RaceFinished)]
            if racers and legal:
                if getattr(t.session, "race_mode", "family") == "reaction":
                    return ReactionRaceScene(t.app, self, racers, legal, kind)
                return RaceScene(t.app, self, racers, legal, kind)
        if decision is Decision.NICKNAME and t.viewer is not None:
            named = racers_of(t.session.view(t.viewer).unit)
            if len(named) >= 2:
                return NicknameScene(t.app, self, named[1])
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, layer: str) -> None:
        if layer == "under":
            self.draw_robot(surface)
        elif layer == "over" and self.bubble > 0 and self.words:
            self.draw_bubble(surface)

    def test_state(self) -> dict[str, Any]:
        return {"talking": self.talk > 0, "words": self.words if self.bubble > 0 else "",
                "said": len(self.said), "sleepy": self.sleepy(), "rect": [*self.body],
                "interruptions": list(self.interruptions), "races": self.races,
                "beeps": self.beeps}
