"""AI players. They receive views only (``game.rules.view``), never the game."""

from collections.abc import Callable

from game.bots.base import Bot
from game.bots.easy import EasyBot
from game.bots.hard import HardBot
from game.bots.heuristic import HeuristicBot
from game.bots.medium import MediumBot
from game.bots.random_bot import RandomBot, RandomPlayBot

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "random-play": RandomPlayBot,
    "heuristic": HeuristicBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

#: The AI levels a table seat offers, weakest first (``BOTS`` also has the test bots).
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def make_bot(kind: str) -> Bot:
    """A bot by kind name; ``ValueError`` lists the known kinds."""
    try:
        return BOTS[kind]()
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOTS)})") from None


__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "HeuristicBot",
    "MediumBot",
    "RandomBot",
    "RandomPlayBot",
    "make_bot",
]
