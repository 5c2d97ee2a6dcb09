"""What the speaker says: a :class:`Phrase` (message id + parameters) rendered into an
:class:`Utterance` (TTS text, players' recorded clips and pauses, plus a caption).

A phrase keeps its untranslated id, so rendering it again after a language change (Roboto's
Repeat button) speaks the new language. A player parameter (:class:`Seat`) is spoken from the
player's own recording when one exists and by TTS otherwise: the translated template is split at
its ``{fields}`` and the clip is spliced in place.
"""

from __future__ import annotations

import logging
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Union

from game.i18n import _, current_language, ngettext
from game.voice.clips import PlayerVoice

__all__ = [
    "Clip",
    "HouseRule",
    "ListOf",
    "Pause",
    "Phrase",
    "Priority",
    "Seat",
    "Segment",
    "Speech",
    "Utterance",
    "render",
    "spoken_text",
]

_log = logging.getLogger(__name__)


class Priority(IntEnum):
    """Queue order. Narration may be dropped when it falls behind; an urgent phrase cuts in."""

    NARRATION = 0
    ANNOUNCEMENT = 1
    URGENT = 2


@dataclass(frozen=True)
class Seat:
    """A player, by seat index, spoken by their recorded name when there is one."""

    index: int


@dataclass(frozen=True)
class ListOf:
    """Several values spoken as a list ("Alice, Bob and Carol", "1 and 3")."""

    items: tuple[ParamValue, ...]


@dataclass(frozen=True)
class HouseRule:
    """The game's house rule (R-2), spoken from its recording, or its typed text."""


ParamValue = Union[str, int, Seat, ListOf, HouseRule, "Phrase"]


@dataclass(frozen=True)
class Phrase:
    """A message id with its parameters; translated only when rendered."""

    msgid: str
    params: tuple[tuple[str, ParamValue], ...] = ()
    plural: str | None = None
    count: int = 1
    priority: Priority = Priority.ANNOUNCEMENT
    #: Who speaks it: ``""`` the narrator, ``"roboto"`` Roboto in his own voice
    #: (:mod:`game.voice.roboto_voice`).
    voice: str = ""

    @classmethod
    def of(cls, msgid: str, priority: Priority = Priority.ANNOUNCEMENT, /,
           **params: ParamValue) -> Phrase:
        """``Phrase.of(N_("{player} plays {card}."), player=Seat(0), card=...)``."""
        return cls(msgid, tuple(params.items()), priority=priority)

    @classmethod
    def counted(cls, ids: tuple[str, str], n: int,
                priority: Priority = Priority.ANNOUNCEMENT, /, **params: ParamValue) -> Phrase:
        """A singular/plural pair (from :func:`game.i18n.N_plural`) chosen by ``n``."""
        return cls(ids[0], tuple(params.items()), ids[1], n, priority)

    def template(self) -> str:
        """The translated template in the current language."""
        if self.plural is None:
            return _(self.msgid)
        return ngettext(self.msgid, self.plural, self.count)

    def english(self) -> str:
        """The untranslated template (used if a translation's fields are broken)."""
        if self.plural is None or self.count == 1:
            return self.msgid
        return self.plural


@dataclass(frozen=True)
class Speech:
    """Text for the speech engine; ``voice`` names a speaker with a voice of their own
    (``"roboto"``), ``""`` the narrator."""

    text: str
    voice: str = ""


@dataclass(frozen=True)
class Clip:
    """A player's recording, spliced in; ``text`` is said instead if the file cannot be read."""

    path: Path
    text: str


@dataclass(frozen=True)
class Pause:
    """A short silence (where punctuation stood between two clips)."""

    seconds: float


Segment = Speech | Clip | Pause


@dataclass(frozen=True)
class Utterance:
    """A rendered phrase: what to play, what to show as a caption, and how urgent it is."""

    segments: tuple[Segment, ...]
    caption: str
    language: str
    priority: Priority
    source: Phrase | str


#: A rendered piece: plain text, or a clip with the text shown for it in captions.
_Atom = str | tuple[Path, str]

_WORDS = re.compile(r"\w", re.UNICODE)
PAUSE_S = 0.15
#: The game's name is written in capitals, which eSpeak's French voice spells out ("U-N-O").
_UNO = re.compile(r"\bUNO\b")


def spoken_text(text: str) -> str:
    """``text`` as the speech engine should read it (captions keep the written form)."""
    return _UNO.sub("Uno", text.strip())


def render(item: Phrase | str, cast: Mapping[int, PlayerVoice],
           priority: Priority | None = None, *, house_rule: PlayerVoice | None = None
           ) -> Utterance:
    """Render ``item`` in the current language; a plain string is spoken as it is.

    ``cast`` names the seats; ``house_rule`` is the game's house rule (``name``: its typed
    text, ``name_clip``: its recording).
    """
    if isinstance(item, str):
        atoms: list[_Atom] = [item]
        base = Priority.ANNOUNCEMENT
    else:
        atoms = _phrase_atoms(item, _Voices(cast, house_rule))
        base = item.priority
    caption = "".join(a if isinstance(a, str) else a[1] for a in atoms).strip()
    segments = _segments(atoms)
    voice = "" if isinstance(item, str) else item.voice
    if voice:
        segments = tuple(Speech(s.text, voice) if isinstance(s, Speech) else s
                         for s in segments)
    return Utterance(segments, caption, current_language(),
                     base if priority is None else priority, item)


@dataclass(frozen=True)
class _Voices:
    cast: Mapping[int, PlayerVoice]
    house_rule: PlayerVoice | None


def _phrase_atoms(phrase: Phrase, voices: _Voices) -> list[_Atom]:
    values = {name: _value_atoms(value, voices) for name, value in phrase.params}
    try:
        return _fill(phrase.template(), values)
    except (KeyError, ValueError, IndexError):
        _log.error("translation of %r has broken fields; speaking English", phrase.msgid)
        return _fill(phrase.english(), values)


def _fill(template: str, values: Mapping[str, list[_Atom]]) -> list[_Atom]:
    """``template`` with each ``{field}`` replaced by its atoms (no format specs allowed)."""
    atoms: list[_Atom] = []
    for literal, field, spec, _conversion in string.Formatter().parse(template):
        if literal:
            atoms.append(literal)
        if field is not None:
            if spec:
                raise ValueError(f"format spec not supported in phrases: {template!r}")
            atoms.extend(values[field])
    return atoms


def _value_atoms(value: ParamValue, voices: _Voices) -> list[_Atom]:
    if isinstance(value, Phrase):
        return _phrase_atoms(value, voices)
    if isinstance(value, Seat):
        voice = voices.cast.get(value.index)
        if voice is None:
            # TRANSLATORS: a player who has no name yet; {number} counts from 1.
            return [_("Player {number}").format(number=value.index + 1)]
        return _voice_atoms(voice)
    if isinstance(value, ListOf):
        return _list_atoms([_value_atoms(item, voices) for item in value.items])
    if isinstance(value, HouseRule):
        return [] if voices.house_rule is None else _voice_atoms(voices.house_rule)
    return [str(value)]


def _voice_atoms(voice: PlayerVoice) -> list[_Atom]:
    """A recording when it exists, else the typed text."""
    text, clip = voice.spoken
    if clip is not None and clip.is_file():
        return [(clip, text)]
    return [text]


def _list_atoms(items: list[list[_Atom]]) -> list[_Atom]:
    if not items:
        return []
    if len(items) == 1:
        return items[0]
    head: list[_Atom] = []
    for i, item in enumerate(items[:-1]):
        if i:
            head.append(", ")
        head.extend(item)
    # TRANSLATORS: the end of a list: "Alice, Bob and Carol", "trays 1 and 3".
    return _fill(_("{first} and {last}"), {"first": head, "last": items[-1]})


def _segments(atoms: list[_Atom]) -> tuple[Segment, ...]:
    """Merge adjacent text; punctuation-only text between clips becomes a pause."""
    merged: list[_Atom] = []
    for atom in atoms:
        if isinstance(atom, str) and merged and isinstance(merged[-1], str):
            merged[-1] += atom
        else:
            merged.append(atom)
    segments: list[Segment] = []
    for i, atom in enumerate(merged):
        if not isinstance(atom, str):
            segments.append(Clip(*atom))
        elif _WORDS.search(atom):
            segments.append(Speech(spoken_text(atom)))
        elif 0 < i < len(merged) - 1 and atom.strip():
            segments.append(Pause(PAUSE_S))
    return tuple(segments)
