"""The editions the engine plays, one module each (an edition's device may have a module of
its own beside it, as Triple Play's trays do in ``triple_trays.py``); importing this package
registers them (see :mod:`game.rules.registry`), in the order the set-up lists them.

A new edition is a module here that registers itself, and one import line below.
"""

from __future__ import annotations

# Each import registers its edition, in this order (official first: others use its deck).
# isort: off
import game.rules.editions.official
import game.rules.editions.roboto
import game.rules.editions.attack
import game.rules.editions.triple
import game.rules.editions.sonic  # noqa: F401
# isort: on
from game.rules.engine import Game
from game.rules.registry import edition_of
from game.rules.ruleset import Ruleset


def game_class(ruleset: Ruleset) -> type[Game]:
    """The game class of ``ruleset``'s edition."""
    return edition_of(ruleset.edition).game


def new_game(ruleset: Ruleset, players: int, seed: int) -> Game:
    """A new match of ``ruleset``'s edition: the one way to start a game."""
    return game_class(ruleset)(ruleset, players, seed)
