"""The players' profiles on disk (the profiles themselves are :mod:`game.profiles`).

Every profile lives in one user file, ``profiles.json`` in the data folder
(:func:`profiles_path`), read and written like the game's other files
(:mod:`game.userfiles`):

- read with a size cap, never blocking, and validated strictly
  (:func:`game.profiles.book_from_json`): a file that cannot be used, whatever the reason
  (not JSON, binary garbage, deep nesting, a number out of range, a folder in its place ...),
  is renamed aside (``profiles.corrupt-<date>-<time>.json``) and reported in a
  :class:`ProfileProblem` that the game shows once; it is never overwritten nor deleted;
- written atomically (temp file + rename); a write that fails (a full disk, a read-only
  folder) is told once through :data:`game.userfiles.WATCH` and the game goes on; the next
  change tries again.

:class:`ProfileStore` holds the profiles of the running game.

Standard library only (with :mod:`game.profiles`, :mod:`game.userfiles`): no pygame here.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from game.profiles import Profile, ProfileBook, ProfileError, book_from_json
from game.userfiles import (
    WATCH,
    WriteWatch,
    atomic_write,
    describe,
    keep_aside,
    parse_json,
    read_capped,
)

__all__ = [
    "ProfileProblem",
    "ProfileStore",
    "load_profiles",
    "profiles_path",
    "save_profiles",
]

FILE_NAME = "profiles.json"
#: No profile file the game writes comes near this; a larger one is not read at all.
MAX_FILE_BYTES = 2 << 20


def profiles_path() -> Path:
    """``profiles.json`` in the data folder (``UNO_DATA_DIR`` wins, as for the saves)."""
    from game.saves import data_dir

    return data_dir() / FILE_NAME


def read_profiles(path: Path) -> ProfileBook:
    """Read and check the file at ``path`` (an empty book when there is none).
    :class:`ProfileError` for its content, :class:`OSError` when it cannot be read."""
    raw = read_capped(path, MAX_FILE_BYTES)
    if raw is None:
        return ProfileBook()
    data = parse_json(raw, ProfileError)
    try:
        book = book_from_json(data)
        encode(book)  # what was read can be written back (no lone surrogate ...)
    except ProfileError:
        raise
    except Exception as exc:  # a value of a kind the checks did not foresee
        raise ProfileError(f"bad profiles file: {describe(exc)}") from exc
    return book


@dataclass(frozen=True)
class ProfileProblem:
    """The profiles file could not be used: why, and where it was put aside (``None``: it
    could not even be renamed; the game then leaves it where it is and writes nothing)."""

    path: Path
    kept_as: Path | None
    reason: str


def load_profiles(path: Path | None = None) -> tuple[ProfileBook, ProfileProblem | None]:
    """The saved profiles (none when there is no file). Never raises: a file that cannot
    be used, whatever the reason, is renamed aside and reported in the second value."""
    path = profiles_path() if path is None else path
    try:
        return read_profiles(path), None
    except Exception as exc:  # any failure at all: see the docstring
        kept: Path | None = None
        with contextlib.suppress(OSError):
            kept = keep_aside(path)
        return ProfileBook(), ProfileProblem(path, kept, describe(exc))


def encode(book: ProfileBook) -> bytes:
    text = json.dumps(book.to_json(), ensure_ascii=False, indent=1)
    return text.encode("utf-8")


def save_profiles(book: ProfileBook, path: Path | None = None) -> Path:
    """Write ``book`` atomically; ``OSError`` from the disk."""
    path = profiles_path() if path is None else path
    book.trim()
    atomic_write(path, encode(book))
    return path


class ProfileStore:
    """The profiles of the running game: loaded once (:attr:`problem` says if the file was
    put aside), changed in memory, written by :meth:`save`, which never raises."""

    def __init__(self, path: Path | None = None, watch: WriteWatch | None = None) -> None:
        self.path = profiles_path() if path is None else path
        self.watch = WATCH if watch is None else watch
        self.book, self.problem = load_profiles(self.path)
        #: Whether the player was told about :attr:`problem` (the game tells it once).
        self.told = False
        #: A damaged file that could not be put aside stays where it is: nothing is
        #: written over it in this run (the statistics are kept in memory only).
        self.writable = not (self.problem is not None and self.problem.kept_as is None
                             and os.path.lexists(self.path))
        #: Grows with every change (for drawing caches).
        self.version = 0

    def get(self, player_id: str) -> Profile | None:
        return self.book.get(player_id)

    def changed(self) -> None:
        self.version += 1

    def forget(self, player_id: str) -> bool:
        """Forget a player (their face and statistics) and write the profiles at once;
        ``False`` if there was no such player. Their saved matches and recordings stay: a
        match resumed later gives them a face again."""
        if self.book.forget(player_id) is None:
            return False
        self.changed()
        self.save()
        return True

    def touch(self, profile: Profile) -> None:
        profile.seen = max(profile.seen, time.time())
        self.changed()

    def save(self) -> bool:
        """Write the profiles; ``False`` (told once through the watch) when it failed."""
        if not self.writable:
            return False
        try:
            save_profiles(self.book, self.path)
        except Exception as exc:  # OSError mostly: the game goes on, told once
            self.watch.failed("profiles", self.path, exc)
            return False
        self.watch.succeeded("profiles", self.path)
        return True
