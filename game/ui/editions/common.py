"""Small pieces the editions' device layers share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import N_
from game.rules import events as E
from game.rules.cards import Card
from game.ui import theme
from game.ui.anim import fly

if TYPE_CHECKING:
    from game.ui.table.host import TableHost
    from game.ui.table.model import TableModel
    from game.ui.table.presenter import Presenter


def fly_discarded(table: TableHost, presenter: Presenter, event: E.CardsDiscarded) -> None:
    """Cards put down without a play of their own (the rest of a Discard All, a Roboto
    command) fly one by one from the hand onto the discard pile."""
    lay, m = table.layout, table.model
    stagger = presenter.d(0.14)
    for k, card in enumerate(event.cards):
        rects = lay.hand_rects(len(m.hand))
        i = m.lose(event.player, card)
        start = rects[i].center if 0 <= i < len(rects) else lay.seat_point(event.player)
        presenter.add(fly(card, start, lay.discard.center, (lay.card_w, lay.card_w),
                          presenter.d(0.38), k * stagger, spin=-30 if i < 0 else 15,
                          on_done=_lander(m, card), still=presenter.still,
                          marks=table.settings.colour_blind_marks))
    presenter.host.sfx("card")
    presenter.hold = presenter.d(0.42) + stagger * max(0, len(event.cards) - 1)


def _lander(model: TableModel, card: Card) -> Callable[[], None]:
    return lambda: model.land_on_discard(card)


#: What each device sound says when the effects are muted (issue 14: captions when muted).
CAPTIONS: dict[str, str] = {
    "roboto_drumroll": N_("(drum roll…)"),
    "roboto_jingle": N_("(victory jingle!)"),
    "launcher_rumble": N_("(rumble… growl…)"),
    "launcher_fire": N_("(BOOM!)"),
    "launcher_puff": N_("(pfff… phew)"),
    "tray_alarm": N_("(alarm!)"),
    "timer_tick": N_("(tick)"),
    "lap_ring": N_("(ring!)"),
    "lap_whoosh": N_("(whoosh!)"),
}


def effects_muted(table: TableHost) -> bool:
    st = table.settings
    return st.master_volume * st.effects_volume <= 0


def device_sound(table: TableHost, name: str, at: tuple[float, float],
                 seconds: float = 0.9) -> None:
    """Play a device sound on the board; when the effects are muted, show its caption at
    ``at`` instead, so nothing is missed."""
    table.sfx(name)
    if effects_muted(table) and name in CAPTIONS:
        table.presenter.banner(CAPTIONS[name], at, 20, seconds, colour=theme.TEXT,
                               back=theme.PANEL)
