"""Matches: how hands are seated, scored and add up to a winner (RULES.md section M).

Pure functions over a small mutable :class:`MatchState`; the game calls
:func:`seating` before each deal and :func:`settle` after each hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from game.rules.cards import RANK_OF, Card
from game.rules.ruleset import MatchKind, Ruleset

#: M-3 variant: the seating of each of the three rounds, so that each player
#: partners each other player once (partners sit opposite: positions 0/2 and 1/3).
ROTATING_SEATS: Final = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))
ROTATING_HANDS_PER_ROUND: Final = 4

TEAM_KINDS: Final = (MatchKind.PARTNERS, MatchKind.PARTNERS_ROTATING, MatchKind.TEAMS)


@dataclass
class MatchState:
    """Scores and progress of a match; ``hand_no`` counts from 1 once dealt."""

    players: int
    scores: list[int]
    eliminated: list[bool]
    hand_no: int = 0
    dealer: int = -1
    winners: tuple[int, ...] = ()
    history: list[tuple[int, int]] = field(default_factory=list)  # (winner, points)

    @classmethod
    def new(cls, players: int) -> MatchState:
        return cls(players, [0] * players, [False] * players)

    def copy(self) -> MatchState:
        """An independent copy (for a copy of the game)."""
        return MatchState(self.players, list(self.scores), list(self.eliminated),
                          self.hand_no, self.dealer, self.winners, list(self.history))

    @property
    def over(self) -> bool:
        return bool(self.winners)

    def active(self) -> list[int]:
        return [p for p in range(self.players) if not self.eliminated[p]]


def seating(kind: MatchKind, ms: MatchState, hand_no: int) -> list[int]:
    """Players in clockwise order for hand ``hand_no`` (from 1)."""
    if kind is MatchKind.PARTNERS_ROTATING:
        rnd = min((hand_no - 1) // ROTATING_HANDS_PER_ROUND, len(ROTATING_SEATS) - 1)
        return list(ROTATING_SEATS[rnd])
    return ms.active()


def side(kind: MatchKind, seats: Sequence[int], player: int) -> list[int]:
    """The players who win with ``player``: partners sit at positions of equal parity."""
    if kind in TEAM_KINDS:
        parity = seats.index(player) % 2
        return [p for i, p in enumerate(seats) if i % 2 == parity]
    return [player]


def hand_value(ruleset: Ruleset, hand: Sequence[Card]) -> int:
    values = ruleset.values
    return sum(values[RANK_OF[c]] for c in hand)


def settle(
    ruleset: Ruleset,
    ms: MatchState,
    seats: Sequence[int],
    hands: Sequence[Sequence[Card]],
    winner: int,
) -> tuple[int, list[int]]:
    """Score a finished hand into ``ms``; returns (points, newly eliminated players).

    Sets ``ms.winners`` when the match is decided.
    """
    kind, target = ruleset.match, ruleset.target
    held = {p: hand_value(ruleset, hands[p]) for p in seats}
    eliminated: list[int] = []
    if kind in (MatchKind.RUNNING_TOTAL, MatchKind.CHALLENGE):
        # M-2, M-5: everyone adds what they hold; the hand "points" are the total.
        points = sum(held.values())
        for p in seats:
            ms.scores[p] += held[p]
        if kind is MatchKind.RUNNING_TOTAL:
            if any(ms.scores[p] >= target for p in seats):
                low = min(ms.scores[p] for p in seats)
                ms.winners = tuple(p for p in seats if ms.scores[p] == low)
        else:
            for p in seats:
                if ms.scores[p] >= target:
                    ms.eliminated[p] = True
                    eliminated.append(p)
            left = ms.active()
            if len(left) == 1:
                ms.winners = (left[0],)
            elif not left:  # a blocked hand put everyone left over the target
                low = min(ms.scores[p] for p in eliminated)
                ms.winners = tuple(p for p in eliminated if ms.scores[p] == low)
    else:
        team = side(kind, seats, winner)
        points = sum(v for p, v in held.items() if p not in team)
        for p in team:
            ms.scores[p] += points
        if kind is MatchKind.SINGLE_HAND:
            ms.winners = tuple(team)
        elif kind is MatchKind.PARTNERS_ROTATING:
            if ms.hand_no >= ROTATING_HANDS_PER_ROUND * len(ROTATING_SEATS):
                high = max(ms.scores)
                ms.winners = tuple(p for p in range(ms.players) if ms.scores[p] == high)
        elif ms.scores[winner] >= target:
            ms.winners = tuple(sorted(team))
    ms.history.append((winner, points))
    return points, eliminated
