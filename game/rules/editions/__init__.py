"""Edition-specific game classes (hooks over :class:`game.rules.engine.Game`)."""

from __future__ import annotations

from game.rules.editions.attack import AttackGame
from game.rules.editions.roboto import RobotoGame
from game.rules.editions.sonic import SonicGame
from game.rules.editions.triple import TripleGame
from game.rules.engine import Game
from game.rules.ruleset import Ruleset

GAME_CLASSES: dict[str, type[Game]] = {
    "official": Game,
    "sonic": SonicGame,
    "attack": AttackGame,
    "triple": TripleGame,
    "roboto": RobotoGame,
}


def game_class(ruleset: Ruleset) -> type[Game]:
    return GAME_CLASSES.get(ruleset.edition, Game)


def new_game(ruleset: Ruleset, players: int, seed: int) -> Game:
    """A new match of ``ruleset``'s edition: the one way to start a game."""
    return game_class(ruleset)(ruleset, players, seed)
