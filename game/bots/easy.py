"""Easy: a friendly opponent that plays legal, simple UNO.

It plays the first card that fits, preferring the colour in force and keeping wilds
for when nothing else fits; it names the colour it holds most of; it never
challenges. It sometimes forgets to call UNO (and may remember later, until caught)
and is slow to catch others: both are coin flips on its own seeded RNG.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import game.bots.editions as ed
import game.bots.house as house
from game.bots.base import BaseBot, colour_counts
from game.rules.actions import (
    Accept,
    Action,
    ChooseColour,
    Draw,
    Pass,
    Play,
    PressLauncher,
)
from game.rules.cards import COLOUR_OF, WILD
from game.rules.engine import Decision
from game.rules.view import PlayerView


class EasyBot(BaseBot):
    """Simple preferences; see the module docstring."""

    name = "easy"
    wants_history = False
    remember_uno = 0.7  # chance to call UNO when it should
    late_uno = 0.3  # chance to remember it afterwards, each time it may
    catch_chance = 0.2  # chance to catch an opponent who forgot
    keep_drawn = 0.1  # chance to keep a playable drawn card
    jump_chance = 0.5  # H-3: chance to jump in when it could

    def decide(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        d = view.decision
        if d is Decision.TURN:
            plays = [a for a in legal if isinstance(a, Play)]
            if plays:
                same = [a for a in plays if COLOUR_OF[a.card] == view.colour]
                plain = [a for a in plays if COLOUR_OF[a.card] != WILD]
                return (same or plain or plays)[0]
            for a in legal:
                if isinstance(a, Draw | PressLauncher):
                    return a
        if d is Decision.DRAWN:
            play = next((a for a in legal if isinstance(a, Play)), None)
            keep = next((a for a in legal if isinstance(a, Pass)), None)
            if keep is not None and (play is None or rng.random() < self.keep_drawn):
                return keep
            if play is not None:
                return play
        if d is Decision.COLOUR:
            counts = colour_counts(view.hand)
            options = [a for a in legal if isinstance(a, ChooseColour)]
            return max(options, key=lambda a: (counts[a.colour], -a.colour))
        if d is Decision.CHALLENGE:
            stacked = house.stacks_wd4(view, legal, rng, "easy")  # H-1
            if stacked is not None:
                return stacked
            for a in legal:
                if isinstance(a, Accept):
                    return a
        return ed.decide(view, legal, rng, None, "easy")
