"""What one player may know: their own hand, everything public, nothing hidden.

Bots and the hot-seat UI only ever receive a :class:`PlayerView` (OpenSpiel's
observers). It is a frozen snapshot: later moves do not change it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

import game.rules.events as E
from game.rules.actions import Action
from game.rules.cards import Card
from game.rules.engine import Decision, Game
from game.rules.ruleset import Ruleset
from game.rules.units import UnitView


class PlayerView(NamedTuple):
    """One player's knowledge of the game at one moment (a named tuple: immutable and
    cheap to build, since a view is made for every bot decision)."""

    ruleset: Ruleset
    me: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]  # every player's card count (0 when not seated)
    seats: tuple[int, ...]  # clockwise order in this hand
    discard: tuple[Card, ...]  # bottom to top: every card played since the last reshuffle
    draw_pile_size: int
    colour: int  # colour in force (a Colour value; 4 = not yet named)
    direction: int  # +1 clockwise, -1 counter-clockwise
    dealer: int
    to_act: int
    decision: Decision
    drawn: Card | None  # the card I just drew, when I must decide about it
    uno_open: tuple[int, ...]  # players who owe UNO and may be caught
    scores: tuple[int, ...]
    hand_no: int
    legal: tuple[Action, ...]  # what I may do now
    events: tuple[E.Event, ...]  # this hand so far, redacted for me
    piles: tuple[tuple[Card, ...], ...] = ()  # every discard pile (Triple Play: 3 trays)
    unit: UnitView = None  # what anyone can see of the edition's unit (lights, commands)

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def next_player(self, player: int, steps: int = 1) -> int:
        i = self.seats.index(player)
        return self.seats[(i + steps * self.direction) % len(self.seats)]


def view(
    game: Game,
    player: int,
    *,
    with_events: bool = True,
    legal: Sequence[Action] | None = None,
) -> PlayerView:
    """The view of ``player``. ``with_events=False`` skips the hand's history;
    ``legal`` passes ``game.legal_actions(player)`` when the caller has it already."""
    evs: tuple[E.Event, ...] = ()
    if with_events:
        redact = E.redact
        # As plain objects: an edition of its own may make events of its own, which the
        # compiled engine would refuse where ``E.Event`` (the engine's) is checked.
        seen: list[object] = [redact(e, player) for e in cast("list[object]", game.hand_events)]
        evs = cast("tuple[E.Event, ...]", tuple(seen))
    ms = game.match
    # Positional, in field order: a view is built for every bot decision.
    return PlayerView._make(
        (
            game.ruleset,
            player,
            tuple(game.hands[player]),
            tuple(map(len, game.hands)),
            tuple(game.seats),
            tuple(game.discard),
            len(game.draw_pile),
            game.colour,
            game.direction,
            ms.dealer,
            game.to_act,
            game.decision,
            game.drawn if game.to_act == player else None,
            tuple(game.uno_open),
            tuple(ms.scores),
            ms.hand_no,
            tuple(game.legal_actions(player) if legal is None else legal),
            evs,
            tuple(map(tuple, game.piles)) if len(game.piles) > 1 else (),
            game.unit_view(),
        )
    )
