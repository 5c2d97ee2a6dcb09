"""Saved matches: each match in progress as versioned JSON, rewritten after every action.

Every match has a file of its own in :func:`matches_dir` (a *slot*, named when it is dealt by
:func:`new_match_path`), so starting a new game never replaces a match in progress: the
title screen lists them all (:func:`list_matches`, newest first) and the player resumes or
deletes one. A finished match removes its own file. A save of the first versions (one
``autosave.json`` in the data folder) is moved into the slots folder the first time they
are listed, never lost.

A save is the engine's :class:`~game.rules.record.GameRecord` (ruleset, players, seed,
actions: the game replays exactly from it) plus who sits where (names, human or AI, AI
level). No pickle. Files are written atomically (temp file + rename) so a crash leaves the
previous save whole. A save that cannot be read or does not replay is *corrupt*: it is
renamed aside and reported, never silently overwritten. Whatever is at the path (deep nesting,
absurd numbers, a folder, a FIFO, a huge file), reading never raises nor hangs.

Every function takes the path of the file it works on, and these guarantees hold per file:
:func:`read_match` is the reader for any saved match (the autosave is one of them,
:func:`read_autosave`), so more save slots can live next to it in :func:`data_dir`.

:class:`game.store.autosave.AutoSaver` writes them on a background thread, so the frame loop
never waits for the disk.
``UNO_DATA_DIR`` overrides the folder (tests).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import _
from game.rules.engine import Game
from game.rules.record import GameRecord, RecordError
from game.setup.bot_specs import check_spec
from game.setup.names import clean_name, derived_player_id, is_player_id, new_player_id
from game.store.repairs import shown_value
from game.store.userfiles import (
    atomic_write,
    data_dir,
    describe,
    keep_aside,
    own_folder,
    parse_json,
    read_capped,
    remove_file,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "SaveError",
    "SavedMatch",
    "SavedSlot",
    "SeatInfo",
    "autosave_path",
    "data_dir",
    "delete_match",
    "discard_save",
    "list_matches",
    "load_save",
    "matches_dir",
    "new_match_path",
    "read_autosave",
    "read_match",
    "seats_from_json",
    "write_save",
]

FORMAT = "uno-save"
VERSION = 1
FILE_NAME = "autosave.json"
#: The folder (in the data folder) that holds one file per saved match.
MATCHES_DIR = "matches"
#: A save the game writes stays far below this (a long match is tens of kilobytes); a larger
#: file is not read at all.
MAX_FILE_BYTES = 8 << 20


def is_save_name(name: str) -> bool:
    """Is ``name`` a file name the game saves matches under (the autosave, later slots)?"""
    return name.endswith(".json") and ".corrupt-" not in name


class SaveError(ValueError):
    """A save that cannot be used; the message says why."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat at the table: the name shown, human or AI, the AI's level (a bot kind), the
    player's id, under which their recordings are kept (:mod:`game.setup.names`), and whether the
    person plays from a phone (issue 33; never the phone's secret, which a save must not
    hold: a resumed match's phones join again with new links).

    The name is cleaned on the way in (:func:`~game.setup.names.clean_name`); an empty name or a
    malformed id is a :class:`ValueError`, and so is an AI seat "on a phone".
    """

    name: str
    human: bool
    level: str = "heuristic"
    player_id: str = field(default_factory=new_player_id)
    phone: bool = False

    def __post_init__(self) -> None:
        name = clean_name(self.name)
        if not name:
            raise ValueError(f"a seat needs a name, not {self.name!r}")
        if not is_player_id(self.player_id):
            raise ValueError(f"bad player id {self.player_id!r}")
        check_level(self.level)
        if self.phone and not self.human:
            raise ValueError("only a person's seat can be on a phone")
        object.__setattr__(self, "name", name)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "human": self.human, "level": self.level,
                               "id": self.player_id}
        if self.phone:  # (a save of a table without phones reads as before)
            out["phone"] = True
        return out

    @staticmethod
    def from_json(data: Any, seat: int = 0) -> SeatInfo:
        """A saved seat. Its name is cleaned, not refused: a stray control character in a
        name is no reason to lose the match (an empty name becomes "Player <seat + 1>"). A
        save from before player ids gets one derived from the seat and the name."""
        if not isinstance(data, Mapping):
            raise SaveError("a seat must be an object")
        name, human, level = data.get("name"), data.get("human"), data.get("level", "heuristic")
        if not isinstance(name, str) or not isinstance(human, bool) or not isinstance(level, str):
            raise SaveError(f"bad seat {shown_value(dict(data), 200)}")
        try:
            check_level(level)
        except ValueError as exc:
            raise SaveError(f"seat {seat + 1}: {exc}") from None
        player_id = data.get("id", derived_player_id(seat, name))
        if not is_player_id(player_id):
            raise SaveError(f"bad player id {shown_value(player_id)}")
        phone = data.get("phone", False)
        if not isinstance(phone, bool) or (phone and not human):
            raise SaveError(f"seat {seat + 1}: bad phone {shown_value(phone)}")
        default = _("Player {number}").format(number=seat + 1)
        return SeatInfo(clean_name(name, default), human, level, player_id, phone)


def check_level(level: object) -> str:
    """``level`` if it names an AI the game can make (a kind of :data:`game.bots.BOTS`, or
    a spec with options that :mod:`game.setup.bot_specs` accepts); ``ValueError`` otherwise. A
    person's seat keeps a level too (the one offered if they hand it to an AI)."""
    try:
        return check_spec(level)
    except ValueError as exc:
        raise ValueError(f"unknown AI level {shown_value(level)}: {exc}") from None


def seats_from_json(data: Any) -> tuple[SeatInfo, ...]:
    """A save's seats; :class:`SaveError` when malformed or when two seats share an id."""
    if not isinstance(data, list):
        raise SaveError("the seats must be a list")
    seats = tuple(SeatInfo.from_json(s, i) for i, s in enumerate(data))
    if len({s.player_id for s in seats}) != len(seats):
        raise SaveError("two seats have the same player id")
    return seats


#: The table's choices a save keeps besides the rules (all optional): Roboto's race mode
#: on screen (R-10), and the house rule picked from the examples or its recording (R-2).
TABLE_OPTIONS: dict[str, tuple[type, ...]] = {
    "race_mode": (str,),
    "house_rule_text": (str,),
    "house_rule_clip": (str, type(None)),
}
RACE_MODES = ("family", "reaction")


def table_options(data: Any) -> dict[str, Any]:
    """The ``table`` part of a save, checked; :class:`SaveError` when it is malformed."""
    if not isinstance(data, Mapping):
        raise SaveError("the table options must be an object")
    out: dict[str, Any] = {}
    for key, value in data.items():
        kinds = TABLE_OPTIONS.get(key)
        if kinds is None:
            raise SaveError(f"unknown table option {key!r}")
        if not isinstance(value, kinds):
            raise SaveError(f"bad table option {key}={value!r}")
        out[key] = value
    if out.get("race_mode", "family") not in RACE_MODES:
        raise SaveError(f"unknown race mode {out['race_mode']!r}")
    return out


@dataclass(frozen=True)
class SavedMatch:
    """A match that can be resumed: its record and its seats."""

    record: GameRecord
    seats: tuple[SeatInfo, ...]
    saved_at: float = 0.0
    #: The table's own choices that are not rules: see :data:`TABLE_OPTIONS`.
    table: Mapping[str, Any] = field(default_factory=dict)

    @staticmethod
    def of(game: Game, seats: Sequence[SeatInfo],
           table: Mapping[str, Any] | None = None) -> SavedMatch:
        return SavedMatch(GameRecord.of(game), tuple(seats), time.time(), dict(table or {}))

    def to_json(self) -> dict[str, Any]:
        out = {
            "format": FORMAT,
            "version": VERSION,
            "saved_at": self.saved_at,
            "record": self.record.to_json(),
            "seats": [s.to_json() for s in self.seats],
        }
        if self.table:
            out["table"] = dict(self.table)
        return out

    @staticmethod
    def from_json(data: Any) -> SavedMatch:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise SaveError(f"not a {FORMAT} file")
        version = data.get("version")
        if type(version) is not int or version != VERSION:  # true and 1.0 are no version 1
            raise SaveError(f"unsupported save version {shown_value(version)}")
        try:
            _check_record(data["record"])
            record = GameRecord.from_json(data["record"])
            seats = seats_from_json(data["seats"])
        except (KeyError, TypeError, RecordError) as exc:
            raise SaveError(f"bad save: {exc}") from exc
        if len(seats) != record.players:
            raise SaveError(f"{record.players} players but {len(seats)} seats")
        return SavedMatch(record, seats, _saved_at(data.get("saved_at", 0.0)),
                          table_options(data.get("table", {})))

    def replay(self) -> Game:
        """The game at the moment of the save; :class:`SaveError` if it does not replay."""
        try:
            return self.record.replay()
        except (RecordError, ValueError) as exc:
            raise SaveError(f"the save does not replay: {exc}") from exc


def _check_record(data: Any) -> None:
    """What the record's own reader lets by, checked as strictly as the rest of the save:
    its version is a whole number (``true`` or ``1.0`` is none) and every action is text."""
    if not isinstance(data, Mapping):
        raise SaveError("the record must be an object")
    if type(data.get("version")) is not int:
        raise SaveError(f"unsupported record version {shown_value(data.get('version'))}")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("the record's actions must be a list of texts")


#: The last second of the year 9999: a later time stamp was never written by a clock (and
#: the date of one far later cannot be shown: ``time.localtime`` overflows).
LATEST_SAVE_TIME = 253_402_300_799.0


def _saved_at(value: Any) -> float:
    """A save's time stamp: seconds since 1970 up to :data:`LATEST_SAVE_TIME`, else
    :class:`SaveError`."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SaveError(f"bad saved_at {value!r}")
    try:
        out = float(value)
    except OverflowError:
        raise SaveError("saved_at is out of range") from None
    if not math.isfinite(out) or not 0.0 <= out <= LATEST_SAVE_TIME:
        raise SaveError("saved_at is out of range")
    return out


def autosave_path() -> Path:
    """Where the first versions kept their one save (adopted by :func:`list_matches`)."""
    return data_dir() / FILE_NAME


def matches_dir() -> Path:
    return data_dir() / MATCHES_DIR


def new_match_path(folder: Path | None = None) -> Path:
    """A fresh slot for a match being dealt now: ``match-<date>-<time>-<random>.json``."""
    folder = matches_dir() if folder is None else folder
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        path = folder / f"match-{stamp}-{secrets.token_hex(3)}.json"
        if not os.path.lexists(path):
            return path


def write_save(match: SavedMatch, path: Path | None = None) -> Path:
    """Write ``match`` atomically; returns the path."""
    path = autosave_path() if path is None else path
    text = json.dumps(match.to_json(), ensure_ascii=False, separators=(",", ":"))
    atomic_write(path, text.encode("utf-8"))
    return path


def load_save(path: Path) -> SavedMatch:
    """Read and check a save (it must replay). :class:`SaveError` says what is wrong with
    its content, :class:`OSError` why it could not be read (missing, not a regular file,
    too large); nothing else escapes, whatever the file holds."""
    raw = read_capped(path, MAX_FILE_BYTES)
    if raw is None:
        raise FileNotFoundError(2, "no such file", str(path))
    data = parse_json(raw, SaveError)
    try:
        match = SavedMatch.from_json(data)
        # Names are cleaned on the way in; any other text must be writable back: a lone
        # surrogate (a "\ud800" escape) would load, then stop every later autosave.
        json.dumps(match.to_json(), ensure_ascii=False).encode("utf-8")
        match.replay()
    except UnicodeEncodeError as exc:
        raise SaveError(f"text that is not valid Unicode ({describe(exc)})") from exc
    except SaveError:
        raise
    except Exception as exc:  # a value of a kind the checks above did not foresee
        raise SaveError(f"bad save: {describe(exc)}") from exc
    return match


@dataclass(frozen=True)
class SaveProblem:
    """A corrupt autosave: why, and where it was put aside."""

    path: Path
    kept_as: Path | None
    reason: str


def read_match(path: Path) -> tuple[SavedMatch | None, SaveProblem | None]:
    """The saved match at ``path``, if any. Never raises: a file that cannot be used,
    whatever the reason, is renamed aside and reported in the second value."""
    try:
        if not os.path.lexists(path):
            return None, None
        return load_save(path), None
    except Exception as exc:  # any failure at all: see the docstring
        kept: Path | None = None
        with contextlib.suppress(OSError):
            kept = keep_aside(path)
        return None, SaveProblem(path, kept, describe(exc))


def read_autosave(path: Path | None = None) -> tuple[SavedMatch | None, SaveProblem | None]:
    """The saved match at ``path`` (see :func:`read_match`); without a path, the newest of
    :func:`list_matches` and the first problem met listing them."""
    if path is not None:
        return read_match(path)
    slots, problems = list_matches()
    return (slots[0].match if slots else None), (problems[0] if problems else None)


@dataclass(frozen=True)
class SavedSlot:
    """One saved match and the file it lives in."""

    path: Path
    match: SavedMatch


def _adopt_legacy(folder: Path) -> tuple[SavedSlot | None, SaveProblem | None]:
    """The first versions' ``autosave.json``: read where it is (a damaged one is put aside
    there and reported, like any save), then moved into the slots folder. A move that fails
    leaves it in place, still listed and resumed from there: nothing is lost."""
    legacy = folder.parent / FILE_NAME
    match, problem = read_match(legacy)
    if match is None:
        return None, problem
    path = legacy
    with contextlib.suppress(OSError):
        own_folder(folder)  # made if missing; a link there is put aside, never moved into
        target = new_match_path(folder)
        os.replace(legacy, target)
        path = target
    return SavedSlot(path, match), None


def list_matches(folder: Path | None = None) -> tuple[list[SavedSlot], list[SaveProblem]]:
    """Every saved match, newest first, and the problems met: a slot that cannot be used,
    whatever the reason, is put aside and reported (see :func:`read_match`); the others are
    listed all the same. Never raises."""
    folder = matches_dir() if folder is None else folder
    adopted, problem = _adopt_legacy(folder)
    slots: list[SavedSlot] = [] if adopted is None else [adopted]
    problems: list[SaveProblem] = [] if problem is None else [problem]
    candidates: list[Path] = []
    try:
        if folder.is_dir():
            candidates = sorted(p for p in folder.iterdir()
                                if is_save_name(p.name) and p != getattr(adopted, "path", None))
    except OSError as exc:
        problems.append(SaveProblem(folder, None, describe(exc)))
    for path in candidates:
        match, problem = read_match(path)
        if match is not None:
            slots.append(SavedSlot(path, match))
        if problem is not None:
            problems.append(problem)
    slots.sort(key=lambda slot: (slot.match.saved_at, slot.path.name), reverse=True)
    return slots, problems


def delete_match(path: Path) -> None:
    """The player deleted this saved match (asked first, on screen)."""
    discard_save(path)


def discard_save(path: Path | None = None) -> None:
    """Remove a saved match's file (the match ended, or the player deleted it)."""
    path = autosave_path() if path is None else path
    remove_file(path)  # never through a link (one there is put aside and told)
