"""AI players. They receive views only (``game.rules.view``), never the game."""

from collections.abc import Callable

from game.bots.base import Bot
from game.bots.heuristic import HeuristicBot
from game.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def make_bot(kind: str) -> Bot:
    """A bot by kind name; ``ValueError`` lists the known kinds."""
    try:
        return BOTS[kind]()
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOTS)})") from None


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
