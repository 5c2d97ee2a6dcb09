"""Small pieces the editions' device layers share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules import events as E
from game.rules.cards import Card
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
