"""The table of voicings: engine event class name → the builder of its phrase.

Each module of phrases registers its events here with ``@voices("EventName")``
(:mod:`game.voice.phrases` the official game's, each edition's voice module
``game/editions/<name>/voice.py`` its own, :mod:`game.voice.phrases_house` the house rules');
the registry imports none of them. :mod:`game.voice.phrases` imports them all (the editions'
through :mod:`game.voice.editions`) and reads the table, so whoever asks it for a phrase gets
the whole table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.voice.utterance import Phrase

__all__ = ["VOICINGS", "Builder", "voices"]

Builder = Callable[[Any], Phrase | None]

#: Event class name → builder. Every engine event a player should hear has an entry.
VOICINGS: dict[str, Builder] = {}

E = TypeVar("E")


def voices(event_name: str) -> Callable[[Callable[[E], Phrase | None]],
                                        Callable[[E], Phrase | None]]:
    """Register the decorated builder as the voicing of events named ``event_name``."""

    def register(build: Callable[[E], Phrase | None]) -> Callable[[E], Phrase | None]:
        if event_name in VOICINGS:
            raise ValueError(f"{event_name} is voiced twice")
        VOICINGS[event_name] = build
        return build

    return register
