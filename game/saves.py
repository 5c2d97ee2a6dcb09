"""The autosave: the match in progress as versioned JSON, rewritten after every action.

A save is the engine's :class:`~game.rules.record.GameRecord` (ruleset, players, seed,
actions: the game replays exactly from it) plus who sits where (names, human or AI, AI
level). No pickle. Files are written atomically (temp file + rename) so a crash leaves the
previous save whole. A save that cannot be read or does not replay is *corrupt*: it is
renamed aside and reported, never silently overwritten.

:class:`AutoSaver` writes on a background thread (the newest state wins), so the frame loop
never waits for the disk; :meth:`AutoSaver.flush` waits for the last write on exit.
``UNO_DATA_DIR`` overrides the folder (tests).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from game.i18n import _
from game.names import clean_name, derived_player_id, is_player_id, new_player_id
from game.rules.engine import Game
from game.rules.record import GameRecord, RecordError
from game.settings import APP_NAME, atomic_write, keep_aside

__all__ = [
    "FORMAT",
    "VERSION",
    "AutoSaver",
    "SaveError",
    "SavedMatch",
    "SeatInfo",
    "autosave_path",
    "data_dir",
    "discard_save",
    "load_save",
    "read_autosave",
    "seats_from_json",
    "write_save",
]

FORMAT = "uno-save"
VERSION = 1
FILE_NAME = "autosave.json"


class SaveError(ValueError):
    """A save that cannot be used; the message says why."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat at the table: the name shown, human or AI, the AI's level (a bot kind), and
    the player's id, under which their recordings are kept (:mod:`game.names`).

    The name is cleaned on the way in (:func:`~game.names.clean_name`); an empty name or a
    malformed id is a :class:`ValueError`.
    """

    name: str
    human: bool
    level: str = "heuristic"
    player_id: str = field(default_factory=new_player_id)

    def __post_init__(self) -> None:
        name = clean_name(self.name)
        if not name:
            raise ValueError(f"a seat needs a name, not {self.name!r}")
        if not is_player_id(self.player_id):
            raise ValueError(f"bad player id {self.player_id!r}")
        object.__setattr__(self, "name", name)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "human": self.human, "level": self.level,
                "id": self.player_id}

    @staticmethod
    def from_json(data: Any, seat: int = 0) -> SeatInfo:
        """A saved seat. Its name is cleaned, not refused: a stray control character in a
        name is no reason to lose the match (an empty name becomes "Player <seat + 1>"). A
        save from before player ids gets one derived from the seat and the name."""
        if not isinstance(data, Mapping):
            raise SaveError("a seat must be an object")
        name, human, level = data.get("name"), data.get("human"), data.get("level", "heuristic")
        if not isinstance(name, str) or not isinstance(human, bool) or not isinstance(level, str):
            raise SaveError(f"bad seat {dict(data)!r}")
        player_id = data.get("id", derived_player_id(seat, name))
        if not is_player_id(player_id):
            raise SaveError(f"bad player id {player_id!r}")
        default = _("Player {number}").format(number=seat + 1)
        return SeatInfo(clean_name(name, default), human, level, player_id)


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
        if data.get("version") != VERSION:
            raise SaveError(f"unsupported save version {data.get('version')!r}")
        try:
            record = GameRecord.from_json(data["record"])
            seats = seats_from_json(data["seats"])
        except (KeyError, TypeError, RecordError) as exc:
            raise SaveError(f"bad save: {exc}") from exc
        if len(seats) != record.players:
            raise SaveError(f"{record.players} players but {len(seats)} seats")
        saved_at = data.get("saved_at", 0.0)
        return SavedMatch(record, seats, float(saved_at) if isinstance(saved_at, int | float)
                          else 0.0, table_options(data.get("table", {})))

    def replay(self) -> Game:
        """The game at the moment of the save; :class:`SaveError` if it does not replay."""
        try:
            return self.record.replay()
        except (RecordError, ValueError) as exc:
            raise SaveError(f"the save does not replay: {exc}") from exc


def data_dir() -> Path:
    override = os.environ.get("UNO_DATA_DIR")
    if override:
        return Path(override)
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def autosave_path() -> Path:
    return data_dir() / FILE_NAME


def write_save(match: SavedMatch, path: Path | None = None) -> Path:
    """Write ``match`` atomically; returns the path."""
    path = autosave_path() if path is None else path
    text = json.dumps(match.to_json(), ensure_ascii=False, separators=(",", ":"))
    atomic_write(path, text.encode("utf-8"))
    return path


def load_save(path: Path) -> SavedMatch:
    """Read and check a save (it must replay); :class:`SaveError` says what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"not valid JSON: {exc}") from exc
    match = SavedMatch.from_json(data)
    match.replay()
    return match


@dataclass(frozen=True)
class SaveProblem:
    """A corrupt autosave: why, and where it was put aside."""

    path: Path
    kept_as: Path | None
    reason: str


def read_autosave(path: Path | None = None) -> tuple[SavedMatch | None, SaveProblem | None]:
    """The autosave to offer on the title screen, if any. A corrupt one is renamed aside
    and reported; a finished match is not saved (see :func:`discard_save`)."""
    path = autosave_path() if path is None else path
    if not path.exists():
        return None, None
    try:
        match = load_save(path)
    except (SaveError, OSError) as exc:
        kept: Path | None = None
        try:
            kept = keep_aside(path)
        except OSError:
            kept = None
        return None, SaveProblem(path, kept, str(exc))
    return match, None


def discard_save(path: Path | None = None) -> None:
    """Remove the autosave (the match ended, or the player chose a new one)."""
    path = autosave_path() if path is None else path
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


class AutoSaver:
    """Writes the newest :class:`SavedMatch` on a background thread; older pending ones are
    dropped. Errors are kept in :attr:`error` (shown by the UI), never raised into the game."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = autosave_path() if path is None else path
        self.error: str | None = None
        self._cond = threading.Condition()
        self._pending: SavedMatch | None = None
        self._discard = False
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="uno-autosave", daemon=True)
        self._thread.start()

    def save(self, match: SavedMatch) -> None:
        with self._cond:
            self._pending, self._discard = match, False
            self._cond.notify_all()

    def discard(self) -> None:
        """Forget the pending save and delete the file (after the last write)."""
        with self._cond:
            self._pending, self._discard = None, True
            self._cond.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything asked for is on disk; ``False`` on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._discard or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(2.0)

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._discard and not self._closed:
                    self._cond.wait()
                if self._closed and self._pending is None and not self._discard:
                    return
                match, discard = self._pending, self._discard
                self._pending, self._discard, self._busy = None, False, True
            try:
                if discard:
                    discard_save(self.path)
                elif match is not None:
                    write_save(match, self.path)
                self.error = None
            except OSError as exc:
                self.error = str(exc)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
