"""The end of the match: the winners cheered (confetti and a fanfare), the final scores
and the match's story, and what to play next."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.rules import events as E
from game.rules.ruleset import MatchKind
from game.ui import intents as I
from game.ui import scenes, theme
from game.ui.table.results import ScoresPanel
from game.ui.table.start import start_match
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost


class Confetto:
    """One piece of confetti: where it is, how it falls and turns."""

    __slots__ = ("phase", "rgb", "size", "spin", "vx", "vy", "x", "y")

    def __init__(self, rng: random.Random, width: int, s: float) -> None:
        self.x = rng.uniform(0, width)
        self.y = rng.uniform(-0.45, 0.2) * width * 0.5
        self.vx = rng.uniform(-40, 40) * s
        self.vy = rng.uniform(140, 260) * s
        self.spin = rng.uniform(4, 9)
        self.phase = rng.uniform(0, 6.3)
        self.rgb = rng.choice([*theme.CARD_RGB.values(), theme.ACCENT])
        self.size = int(rng.uniform(6, 11) * s)


class MatchEndScene(ScoresPanel):
    """The match is over: the winners cheered (confetti and a fanfare), the final scores and
    the match's story — hands won, the biggest hand."""

    name = "match_end"
    width = 680
    #: Seconds the confetti falls.
    CONFETTI_S = 5.0

    def __init__(self, app: AppHost, table: TableHost, event: E.MatchEnded) -> None:
        names = table.session.names
        winners = ", ".join(names[p] for p in event.winners)
        super().__init__(app, table, table.session.scores, players=winners)
        self.event = event
        self.title = N_("{players} wins the match!") if len(event.winners) == 1 else \
            N_("{players} share the win!")
        table.sfx("win")  # the fanfare
        speed = app.settings.animation_speed
        self.clock = 0.0
        self.confetti: list[Confetto] = []
        if speed > 0 and not app.settings.reduced_motion:
            rng = random.Random(table.session.seed ^ 0xC0FE)
            s = theme.scale_for(app.size)
            self.confetti = [Confetto(rng, app.size[0], s) for _ in range(140)]

    def enter(self) -> None:
        super().enter()
        story = self.story()
        if story:  # told aloud too, for a player who cannot see the screen
            self.app.sound.say(" ".join(story))

    def story(self) -> list[str]:
        """The match told in two lines: hands won by each player, and the biggest hand."""
        story = self.table.session.story
        if not story or self.table.session.ruleset.match is MatchKind.SINGLE_HAND:
            return []
        names = self.table.session.names
        won: dict[int, int] = {}
        for _no, winner, _pts in story:
            won[winner] = won.get(winner, 0) + 1
        parts = [_("{player} {count}").format(player=names[p], count=n)
                 for p, n in sorted(won.items(), key=lambda kv: -kv[1])]
        hand_no, best, points = max(story, key=lambda h: (h[2], -h[0]))
        return [_("Hands won: {list}.").format(list=", ".join(parts)),
                _("Biggest hand: {player}, {points} points (hand {number}).").format(
                    player=names[best], points=points, number=hand_no)]

    def body_text(self) -> str:
        rs = self.table.session.ruleset
        if rs.match is MatchKind.SINGLE_HAND:
            return _("One hand decided this match.")
        lasted = ngettext("The match lasted {count} hand.", "The match lasted {count} hands.",
                          self.table.model.hand_no).format(count=self.table.model.hand_no)
        return " ".join([lasted, *self.story()])

    def build(self) -> list[Control]:
        return [Button.make("again", N_("Play again"), style="primary"),
                Button.make("setup", N_("New game")),
                Button.make("title", N_("Back to the title screen"))]

    def on_press(self, control: str) -> None:
        session = self.table.session
        if control == "again":
            start_match(self.app, session.ruleset, list(session.seats))
        elif control == "setup":
            self.app.reset(self.app.make(scenes.TITLE))
            self.app.open(scenes.SETUP, seats=list(session.seats), ruleset=session.ruleset)
        else:
            self.app.reset(self.app.make(scenes.TITLE))

    def back(self) -> None:
        """Escape does not leave the results by accident."""

    # ------------------------------------------------------------------ the celebration
    def update(self, dt: float) -> bool:
        if not self.confetti:
            return False
        self.clock += dt
        if self.clock >= self.CONFETTI_S:
            self.confetti = []
            return True
        for c in self.confetti:
            c.x += c.vx * dt
            c.y += c.vy * dt
            c.phase += c.spin * dt
        return True

    def wakeup(self) -> float | None:
        return 0.0 if self.confetti else None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        fade = max(0.0, min(1.0, (self.CONFETTI_S - self.clock) / 1.0))
        for c, rect in self.falling():
            rgb = c.rgb if fade >= 1 else theme.mix(theme.FELT_DARK, c.rgb, fade)
            pygame.draw.rect(surface, rgb, rect)

    def falling(self) -> list[tuple[Confetto, pygame.Rect]]:
        """The confetti drawn this frame and where: around the panel, never over its
        title, scores and buttons (they stay readable while it falls)."""
        out = []
        panel = self.panel_rect
        for c in self.confetti:
            rect = pygame.Rect(int(c.x), int(c.y), max(2, int(c.size * abs(math.cos(c.phase)))),
                               c.size)
            if not panel.colliderect(rect):
                out.append((c, rect))
        return out

    def autoplay_intent(self) -> I.Intent | None:
        return None

    def test_state(self) -> dict[str, object]:
        return {"confetti": len(self.confetti), "story": self.story()}
