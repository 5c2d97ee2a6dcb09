"""Which card may go where (C-5) and when a Wild Draw Four is a bluff (C-7, S-3)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from game.rules.cards import CARDS, COLOUR_OF, RANK_OF, WILD, Card

NO_RANK: Final = 31  # "match_rank" after a wild: only the colour (or a wild) matches


def _playable_tables() -> tuple[tuple[bool, ...], ...]:
    """PLAYABLE[colour * 32 + match_rank][card]: C-5 precomputed for every situation.

    ``colour`` may be WILD (4): after a Triple Play wild any card fits (T-7).
    """
    tables = []
    for key in range(5 * 32):
        colour, rank = COLOUR_OF[key], RANK_OF[key]
        tables.append(
            tuple(
                COLOUR_OF[c] == WILD or colour == WILD or COLOUR_OF[c] == colour
                or RANK_OF[c] == rank
                for c in CARDS
            )
        )
    return tuple(tables)


PLAYABLE: Final = _playable_tables()


def bluffs(hand: Iterable[Card], colour: int, wilds_count: bool) -> bool:
    """C-7 / S-3: does holding ``hand`` (besides the Wild Draw Four) make playing it
    illegal when ``colour`` is in force? With S-3, held wilds count too."""
    return any(COLOUR_OF[x] == colour or (wilds_count and COLOUR_OF[x] == WILD) for x in hand)
