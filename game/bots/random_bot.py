"""The random bot: uniform over the legal actions, and over "do nothing" out of turn."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules.actions import Action, Pass, Play
from game.rules.view import PlayerView


class RandomBot:
    """Uniform over legal actions (reneging and UNO calls included)."""

    name = "random"
    wants_history = False
    jump_chance = 0.5  # H-3: a coin toss whether to jump in

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]

    def react(
        self, view: PlayerView, options: Sequence[Action], rng: random.Random
    ) -> Action | None:
        k = rng.randrange(len(options) + 1)
        return options[k] if k < len(options) else None


class RandomPlayBot(RandomBot):
    """The random baseline of the UNO AI literature (e.g. RLCard's random agent): a
    uniformly random card among the playable ones, drawing only when none is, and the
    drawn card played when it can be; every other decision uniform, as RandomBot.

    Uniform-random tables play ~1,100-turn hands because drawing is always legal
    (reneging, C-10); this baseline plays ~60-turn hands, like the published ones.
    """

    name = "random-play"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if type(a) is Play]
        if plays:
            return plays[rng.randrange(len(plays))] if len(plays) > 1 else plays[0]
        options = [a for a in legal if type(a) is not Pass] or list(legal)
        return options[rng.randrange(len(options))] if len(options) > 1 else options[0]
