"""UNO Sonic the Hedgehog on screen (RULES.md section S): its rules, and a device layer
for the Wild Victory Lap — a golden lap that runs around the table while everyone else
draws. It is the reference example of an edition adding to the table without touching it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_
from game.rules import events as E
from game.rules.cards import RANK_OF, Rank
from game.ui import theme
from game.ui.editions import EditionUI, register
from game.ui.table.devices import DeviceLayer
from game.ui.tween import Tween

if TYPE_CHECKING:
    from game.ui.table.presenter import Presenter


class VictoryLap(DeviceLayer):
    """A golden ring that sweeps once around the table when a Victory Lap is played."""

    LAP_S = 1.2

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self.tween: Tween | None = None
        self.laps = 0

    def present(self, event: E.Event, presenter: Presenter) -> bool:
        if isinstance(event, E.CardPlayed) and RANK_OF[event.card] == Rank.WILD_VICTORY_LAP:
            self.laps += 1
            self.tween = Tween(presenter.d(self.LAP_S))
            lay = self.table.layout
            presenter.banner(N_("Victory Lap!"), lay.banner, 40, 1.6, colour=theme.ACCENT,
                             back=(20, 60, 160))
        return False  # the card still flies as usual

    def update(self, dt: float) -> bool:
        if self.tween is None:
            return False
        self.tween.update(dt)
        if self.tween.done:
            self.tween = None
        return True

    def animating(self) -> bool:
        return self.tween is not None

    def draw(self, surface: pygame.Surface, layer: str) -> None:
        if layer != "under" or self.tween is None or not self.tween.started:
            return
        lay = self.table.layout
        w, h = lay.size
        cx, cy = lay.centre
        rx, ry = w * 0.36, h * 0.3
        t = self.tween.t
        for k in range(12):  # a comet: head plus a fading tail
            a = 2 * math.pi * (t - k * 0.012) - math.pi / 2
            if t - k * 0.012 < 0:
                break
            p = (int(cx + rx * math.cos(a)), int(cy + ry * math.sin(a)))
            r = max(2, int((16 - k) * lay.s))
            colour = theme.mix(theme.ACCENT, theme.FELT, k / 12)
            pygame.draw.circle(surface, colour, p, r)

    def test_state(self) -> dict[str, Any]:
        return {"victory_laps": self.laps, "lap_running": self.tween is not None}


UI = register(EditionUI(
    key="sonic",
    title=N_("UNO Sonic the Hedgehog"),
    blurb=N_("Official UNO plus four Wild Victory Lap cards; one hand decides."),
    based_on="official",
    rules=(
        (N_("Sonic: Wild Victory Lap"), N_(
            "A Wild: name the colour, then every other player draws one card and the next "
            "player plays normally. It cannot be challenged, and it still makes everyone draw "
            "when it is your last card.")),
        (N_("Sonic: Wild Draw Four"), N_(
            "In this edition, Wild cards in your hand count as cards of the colour in force: "
            "holding any Wild makes a Wild Draw Four a bluff.")),
        (N_("Sonic: start and match"), N_(
            "If the first card turned is an action card, another card is turned on top of it. "
            "A match is a single hand unless you choose a match to 500 points.")),
    ),
    devices=(VictoryLap,),
))
