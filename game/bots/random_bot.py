"""The random bot: uniform over the legal actions, and over "do nothing" out of turn."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules.actions import Action
from game.rules.view import PlayerView


class RandomBot:
    """Uniform over legal actions (reneging and UNO calls included)."""

    name = "random"
    wants_history = False

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]

    def react(
        self, view: PlayerView, options: Sequence[Action], rng: random.Random
    ) -> Action | None:
        k = rng.randrange(len(options) + 1)
        return options[k] if k < len(options) else None
