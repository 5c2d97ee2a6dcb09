"""The editions the engine plays; importing this module registers them (see
:mod:`game.rules.registry`), in the order the set-up lists them.

Each edition is a package ``game/editions/<name>/`` whose ``rules`` module (pure: no pygame,
no gettext) registers its engine part; an edition's device may have a module of its own
beside it, as Triple Play's trays do in ``game/editions/triple/trays.py``. A new built-in
edition is such a package and one import line below.
"""

from __future__ import annotations

# Each import registers its edition, in this order (official first: others use its deck).
# isort: off
import game.editions.official.rules
import game.editions.roboto.rules
import game.editions.attack.rules
import game.editions.triple.rules
import game.editions.sonic.rules  # noqa: F401
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
