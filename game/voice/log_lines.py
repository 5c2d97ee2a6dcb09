"""The log lines' registry: each event kind's line, registered by the layer that brings the
event (the official game's are :class:`game.voice.narrate.Narrator`'s own; an edition's come
from its ``voice`` module, ``game/editions/<name>/voice.py``).

A line writer takes the narrator (what it knows of the table: the players' names, whom a
player picked last) and the event, and returns the line ("" for none). This module imports
no edition and not the narrator, so an edition's voice module imports it freely.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from game.i18n import N_, _
from game.rules.cards import Card
from game.voice.card_names import card_phrase
from game.voice.clips import PlayerVoice
from game.voice.utterance import render


class Teller(Protocol):
    """The narrator as a line writer sees it."""

    cast: dict[int, PlayerVoice]
    #: The player last picked by another (``PlayerPicked``): target -> who picked them.
    picked_by: dict[int, int]

    def name(self, player: int) -> str: ...


LineWriter = Callable[[Any, Any], str]
#: Event class -> its line writer (an edition's events; the core's are the narrator's).
LINES: dict[type, LineWriter] = {}

#: Why cards were drawn -> the line (``{player}``, ``{cards}``); editions add their reasons.
DRAW_REASONS: dict[str, str] = {
    "turn": N_("{player} draws {cards}."),
    "draw_two": N_("{player} draws two: {cards}."),
    "wild_draw_four": N_("{player} takes the Wild Draw Four: {cards}."),
    "challenge_guilty": N_("{player} was bluffing and draws four: {cards}."),
    "challenge_innocent": N_("{player} loses the challenge and draws six: {cards}."),
    "uno_penalty": N_("{player} draws a penalty: {cards}."),
    "first_card": N_("{player} draws two from the first card: {cards}."),
}

#: Why cards were put down without a play of their own -> the line; editions add theirs.
DISCARD_REASONS: dict[str, str] = {
    "command": N_("{player} puts down {cards}."),
}

_W = TypeVar("_W", bound=LineWriter)


def logs(kind: type) -> Callable[[_W], _W]:
    """Register the decorated function as the line of events of class ``kind``."""

    def register(writer: _W) -> _W:
        LINES[kind] = writer
        return writer

    return register


def card_name(c: Card) -> str:
    """"a red 5", « un 5 rouge » — in the current language."""
    return render(card_phrase(c), {}).caption


def cards_text(cards: Sequence[Card]) -> str:
    if not cards:
        return _("no card")
    return ", ".join(card_name(c) for c in cards)
