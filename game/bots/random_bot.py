"""The random bot: uniform over the legal actions, and over "do nothing" out of turn.

Both random bots are blind (:class:`game.bots.base.BlindBot`): they never read the
view, so the driver builds none for them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules.actions import Action, Pass, Play
from game.rules.chance import below
from game.rules.native import mypyc_attr
from game.rules.view import PlayerView


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled with the engine, subclassable
class RandomBot:
    """Uniform over legal actions (reneging and UNO calls included)."""

    name = "random"
    wants_history = False
    reads_view = False  # blind: the driver passes None for the view
    jump_chance = 0.5  # H-3: a coin toss whether to jump in

    def choose(
        self, view: PlayerView | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal[below(rng, len(legal))] if len(legal) > 1 else legal[0]

    def react(
        self, view: PlayerView | None, options: Sequence[Action], rng: random.Random
    ) -> Action | None:
        k = below(rng, len(options) + 1)
        return options[k] if k < len(options) else None


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomPlayBot(RandomBot):
    """The random baseline of the UNO AI literature (e.g. RLCard's random agent): a
    uniformly random card among the playable ones, drawing only when none is, and the
    drawn card played when it can be; every other decision uniform, as RandomBot.

    Uniform-random tables play ~1,100-turn hands because drawing is always legal
    (reneging, C-10); this baseline plays ~60-turn hands, like the published ones.
    """

    name = "random-play"

    def choose(
        self, view: PlayerView | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        plays = [a for a in legal if type(a) is Play]
        if plays:
            return plays[below(rng, len(plays))] if len(plays) > 1 else plays[0]
        options = [a for a in legal if type(a) is not Pass] or list(legal)
        return options[below(rng, len(options))] if len(options) > 1 else options[0]
