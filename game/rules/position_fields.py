"""The small grammar of a position's field values, for :func:`game.rules.position.load`:
whole numbers in ASCII digits (:func:`integer`, :func:`count`), flags, card codes
exactly as :func:`game.rules.position.dump` writes them (:data:`CARD_CODES`,
:func:`cards`), entries one per player or pile, players and lists of players, the
direction, the colour in force and a pending Wild Draw Four.

Each parser reads one value and raises ValueError with a message that follows the
field's name; ``load`` adds the name and turns it into :class:`PositionError`. None of
them knows a game or a ruleset: what the values must be together is
:mod:`game.rules.position_checks`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from game.rules.cards import CARD_CODES, WILD, Card

#: The largest count a position may hold (turns, hands, scores, presses …): far beyond
#: any real match, and small enough that no loop or table can blow up on it.
MAX_COUNT: Final = 10**9
_INT: Final = re.compile(r"-?[0-9]+")  # ASCII digits only


def short(text: str) -> str:
    """``text`` cut to fit in an error message."""
    return text if len(text) <= 24 else text[:20] + "…"


def integer(text: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number in ASCII digits (``-`` allowed), within ``lo``..``hi``."""
    if not _INT.fullmatch(text):
        raise ValueError(f"{short(text)!r} is not a whole number")
    value = int(text)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"{short(text)} is not within {lo}..{hi}")
    return value


def count(text: str) -> int:
    return integer(text, 0, MAX_COUNT)


def flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(f"{short(text)!r} is not 0 or 1")
    return text == "1"


def cards(text: str) -> list[Card]:
    """``-`` or card codes joined by dots, exactly as :func:`~game.rules.position.dump`
    writes them."""
    if text == "-":
        return []
    out = []
    for code in text.split("."):
        c = CARD_CODES.get(code)
        if c is None:
            raise ValueError(f"not a card code: {short(code)!r}")
        out.append(c)
    return out


def drawn(text: str) -> Card | None:
    found = cards(text)
    if len(found) > 1:
        raise ValueError("one card, or -")
    return found[0] if found else None


def entries(text: str, sep: str, n: int, what: str) -> list[str]:
    items = text.split(sep)
    if len(items) != n:
        raise ValueError(f"{n} entries needed, one per {what}; got {len(items)}")
    return items


def player(n: int, allow_none: bool = False) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if allow_none and text == "-":
            return -1
        p = integer(text)
        if not 0 <= p < n:
            raise ValueError(f"no player {p} in a {n}-player game")
        return p

    return parse


def players(n: int) -> Callable[[str], list[int]]:
    """``-`` or distinct players joined by commas."""
    one = player(n)

    def parse(text: str) -> list[int]:
        out = [] if text == "-" else [one(x) for x in text.split(",")]
        if len(set(out)) != len(out):
            raise ValueError("a player is listed twice")
        return out

    return parse


def direction(text: str) -> int:
    if text not in ("+", "-"):
        raise ValueError("dir is + (clockwise) or - (counter-clockwise)")
    return 1 if text == "+" else -1


def colour(text: str) -> int:
    if text == "W":
        return WILD
    if len(text) != 1 or text not in "RYGB":
        raise ValueError(f"{short(text)!r} is not R, Y, G, B or W")
    return "RYGB".index(text)


def wd4(n: int) -> Callable[[str], tuple[int, bool, tuple[Card, ...]] | None]:
    def parse(text: str) -> tuple[int, bool, tuple[Card, ...]] | None:
        if text == "-":
            return None
        parts = text.split(":")
        if len(parts) != 3:
            raise ValueError("wd4 is player:guilty:hand, or -")
        who, guilty, shown = parts
        return player(n)(who), flag(guilty), tuple(cards(shown))

    return parse
