"""Official UNO (RULES.md section C): the 108-card deck and the plain engine.

The official deck and values are also the base of Sonic's and Roboto's.
"""

from __future__ import annotations

from game.rules.cards import COLOURS, NUMBER_RANKS, Card, Rank, card
from game.rules.engine import Game
from game.rules.registry import Edition, register
from game.rules.ruleset import OFFICIAL_VALUES, Ruleset, values_by_rank


def official_deck() -> list[tuple[Card, int]]:
    """C-1: per colour one 0, two each of 1-9, Draw Two, Reverse, Skip; 4 W, 4 W+4."""
    deck: list[tuple[Card, int]] = []
    for colour in COLOURS:
        deck.append((card(colour, Rank.ZERO), 1))
        for r in (*NUMBER_RANKS[1:], Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO):
            deck.append((card(colour, r), 2))
    deck.append((card(None, Rank.WILD), 4))
    deck.append((card(None, Rank.WILD_DRAW_FOUR), 4))
    return deck


def official() -> Ruleset:
    """Official UNO (section C), a standard match to 500 (M-1)."""
    return Ruleset("official", tuple(official_deck()), values_by_rank(OFFICIAL_VALUES))


EDITION = register(Edition(official(), Game))
