"""Independent copies of a game, for search (the hard bot's worlds)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from game.rules.cards import Card
from game.rules.match import MatchState
from game.rules.native import blank

if TYPE_CHECKING:
    from game.rules.table import Table

    G = TypeVar("G", bound=Table)


def bare_copy(game: G, seed: int) -> G:
    """A new game of ``game``'s class sharing all its values (``Table.copy_state_to``);
    ``seed`` is for a compiled class's ``__init__``, which a blank game still runs."""
    g = blank(type(game), game.ruleset, game.players, seed)
    game.copy_state_to(g)
    return g


def clone(game: G) -> G:
    """An independent copy: same state, same RNG state."""
    g = bare_copy(game, game.seed)
    g.rng = random.Random()
    g.rng.setstate(game.rng.getstate())
    g.match = copy_match(game.match)
    g.actions = list(game.actions)
    g.hands = [list(h) for h in game.hands]
    g.draw_pile = list(game.draw_pile)
    g.piles = [list(p) for p in game.piles]
    g.discard = g.piles[0]
    g.seats = list(game.seats)
    g.pos = list(game.pos)
    g.uno_open = list(game.uno_open)
    g.hand_events = list(game.hand_events)
    g.copy_devices_from(game)
    return g


#: A pending Wild Draw Four: who played it, whether it was a bluff, the hand it leaves.
Wd4 = tuple[int, bool, tuple[Card, ...]] | None


def with_hidden(game: G, hands: Sequence[Sequence[Card]], draw: Sequence[Card], seed: int,
                wd4: Wd4, into: G | None = None) -> G:
    """A determinized world (see ``Game.with_hidden``): the mutable parts copied as
    :func:`clone` does, the hidden cards replaced, and a fresh RNG instead of a copy of
    the RNG state (the slow part of a clone), seeded only if the world draws from it.
    No actions or events are carried over. ``into``, a world of ``game``'s class that is
    no longer needed, is made over rather than a new game made: every attribute is set
    again (``copy_state_to`` sets them all, the mutable ones are new), and it skips
    ``__init__``: half the cost of making a world (measured, compiled: 2.1 µs, not 4.1)."""
    if into is None:
        g = bare_copy(game, seed)
    else:
        g = into
        game.copy_state_to(g)
    g.reseed(seed)
    g.match = copy_match(game.match)
    g.actions = []
    g.hand_events = []
    g.hands = [list(h) for h in hands]
    g.draw_pile = list(draw)
    g.piles = [list(p) for p in game.piles]
    g.discard = g.piles[0]
    g.seats = list(game.seats)
    g.pos = list(game.pos)
    g.uno_open = list(game.uno_open)
    g.wd4 = wd4
    g.copy_devices_from(game)
    return g


def copy_match(m: MatchState) -> MatchState:
    return MatchState(m.players, list(m.scores), list(m.eliminated), m.hand_no, m.dealer,
                      m.winners, list(m.history))
