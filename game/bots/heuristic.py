"""A basic heuristic bot: sensible, quick, and predictable.

It plays when it can (never reneges), prefers cards of its strongest colour, keeps
wilds for when nothing else fits, hits a player close to going out with action
cards, names the colour it holds most of, calls UNO whenever it plays its next-to-last
card and always catches.
The strong AI (medium, hard) builds on the same protocol.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from game.bots.base import BaseBot, colour_counts
from game.rules.actions import (
    Accept,
    Action,
    Challenge,
    ChooseColour,
    Draw,
    Pass,
    Play,
)
from game.rules.cards import COLOUR_OF, COLOURS, Card, Rank
from game.rules.native import mypyc_attr
from game.rules.view import PlayerView

_ATTACKS: Final = (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled with the engine, subclassable
class HeuristicBot(BaseBot):
    """Always catches, always calls UNO (the base's chances); see the module docstring."""

    name = "heuristic"
    wants_history = False

    def decide(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) == 1:
            return plays[0]
        if plays:
            counts = colour_counts(view.hand)
            threat = view.hand_sizes[view.next_player(view.me)] <= 2
            return max(plays, key=lambda a: self._score(view, a.card, counts, threat))
        for a in legal:
            if isinstance(a, ChooseColour):
                counts = colour_counts(view.hand)
                best = max(COLOURS, key=lambda c: (counts[c], -c))
                return next(x for x in legal if isinstance(x, ChooseColour) and x.colour == best)
        for a in legal:
            if isinstance(a, Accept):  # a basic bot does not gamble on challenges
                return a
        for a in legal:
            if isinstance(a, Draw | Pass | Challenge):
                return a
        return legal[0]

    def _score(self, view: PlayerView, c: Card, counts: list[int], threat: bool) -> float:
        """Higher is better: follow the colour held most, keep wilds, attack a threat."""
        if c >= 128:
            # Keep wilds: play them only when nothing else fits or under threat.
            return 5.0 + (10.0 if threat and c.rank in _ATTACKS else 0.0)
        score = 10.0 + counts[COLOUR_OF[c]] + view.ruleset.value(c) / 20
        if c.rank in _ATTACKS:
            score += 6.0 if threat else -1.0
        return score
