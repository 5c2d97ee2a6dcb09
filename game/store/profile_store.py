"""The players' profiles on disk (the profiles themselves are :mod:`game.store.profiles`).

Every profile lives in one user file, ``profiles.json`` in the data folder
(:func:`profiles_path`), read and written like the game's other files
(:mod:`game.store.userfiles`):

- read with a size cap, never blocking, and checked value by value
  (:func:`game.store.profiles.book_from_json`): a file that cannot be used at all, whatever the
  reason (not JSON, binary garbage, deep nesting, another version, a folder in its place ...),
  is renamed aside (``profiles.corrupt-<date>-<time>.json``) and reported in a
  :class:`ProfileProblem` that the game shows once; it is never overwritten nor deleted;
- a file with values that cannot be used (a player with more wins than matches, a count out
  of range, a name with nothing visible, the same player twice ...) keeps everything else:
  it is copied aside as it was (under the same name), those values are reset or those records
  left out, the file is written again repaired, and each repair is told (the
  :class:`ProfileProblem`'s ``repairs``); fields this build does not know are kept;
- written atomically (temp file + rename); a write that fails (a full disk, a read-only
  folder) is told once through :data:`game.store.userfiles.WATCH` and the game goes on; the next
  change tries again.

:class:`ProfileStore` holds the profiles of the running game.

At most :data:`~game.store.profiles.MAX_PROFILES` players are kept: :meth:`ProfileStore.save`
forgets the least recently seen beyond it and tells who (:meth:`ProfileStore.take_notices`).

Standard library only (with :mod:`game.store.profiles`, :mod:`game.store.userfiles`): no
pygame here.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from game.i18n import N_
from game.store.profiles import (
    MAX_PROFILES,
    Profile,
    ProfileBook,
    ProfileError,
    book_from_json,
    name_list,
)
from game.store.repairs import Repair, mend_on_disk
from game.store.userfiles import (
    WATCH,
    FileTooLarge,
    WriteWatch,
    atomic_write,
    describe,
    keep_aside,
    parse_json,
    read_capped,
)

_log = logging.getLogger(__name__)

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
    from game.store.saves import data_dir

    return data_dir() / FILE_NAME


def read_profiles(path: Path) -> tuple[ProfileBook, list[Repair], bytes]:
    """Read and check the file at ``path`` (an empty book when there is none): the book,
    what had to be repaired in it (see :func:`game.store.profiles.book_from_json`) and the bytes
    read. :class:`ProfileError` when the file cannot be used at all, :class:`OSError` when it
    cannot be read."""
    raw = read_capped(path, MAX_FILE_BYTES)
    if raw is None:
        return ProfileBook(), [], b""
    data = parse_json(raw, ProfileError)
    try:
        book, repairs = book_from_json(data, path.name)
        encode(book)  # what was read can be written back
    except ProfileError:
        raise
    except Exception as exc:  # a value of a kind the checks did not foresee
        raise ProfileError(f"bad profiles file: {describe(exc)}") from exc
    return book, repairs, raw


@dataclass(frozen=True)
class ProfileProblem:
    """The profiles file could not be used as it was, and where it was kept aside (``None``:
    it could not be; the game then leaves it where it is and writes nothing in this run).

    Without ``repairs`` the whole file could not be used (``reason`` says why) and the
    players start afresh; with them, everything else in it was kept, and these values were
    reset or records left out (the file was then written again, repaired)."""

    path: Path
    kept_as: Path | None
    reason: str
    repairs: tuple[Repair, ...] = ()


def load_profiles(path: Path | None = None) -> tuple[ProfileBook, ProfileProblem | None]:
    """The saved profiles (none when there is no file). Never raises: a file that cannot
    be used at all, whatever the reason, is renamed aside and reported in the second value;
    one with values to repair is copied aside as it was, written again repaired, and the
    repairs are reported in the second value."""
    path = profiles_path() if path is None else path
    try:
        book, repairs, raw = read_profiles(path)
    except Exception as exc:  # any failure at all: see the docstring
        kept: Path | None = None
        with contextlib.suppress(OSError):
            kept = keep_aside(path)
        return ProfileBook(), ProfileProblem(path, kept, describe(exc))
    if not repairs:
        return book, None
    kept, reason = mend_on_disk(path, raw, repairs, atomic_write,
                                lambda: save_profiles(book, path), _log)
    return book, ProfileProblem(path, kept, reason, tuple(repairs))


def encode(book: ProfileBook) -> bytes:
    """The file's bytes: indented UTF-8; compact when that would not fit under
    :data:`MAX_FILE_BYTES`; with ``\\u`` escapes when a field of a newer version holds text
    that is not valid Unicode (a lone surrogate), so it is written back as it was read."""
    data = book.to_json()
    out: bytes | None = None
    for indent in (1, None):
        for ascii_only in (False, True):
            try:
                out = json.dumps(data, ensure_ascii=ascii_only, indent=indent).encode("utf-8")
            except UnicodeEncodeError:
                continue
            except RecursionError:  # indented, the encoder is Python: deep fields need C
                break
            if len(out) <= MAX_FILE_BYTES:
                return out
            break
    if out is None:
        raise ProfileError("the profiles cannot be written as JSON")
    return out


def save_profiles(book: ProfileBook, path: Path | None = None) -> Path:
    """Write ``book`` atomically (all of it: :meth:`ProfileStore.save` trims it first and
    says whom it forgot); ``OSError`` from the disk, :class:`FileTooLarge` when it would be
    larger than the game reads back (nothing is written then)."""
    path = profiles_path() if path is None else path
    raw = encode(book)
    if len(raw) > MAX_FILE_BYTES:
        raise FileTooLarge(errno.EFBIG, f"would be larger than {MAX_FILE_BYTES} bytes",
                           str(path))
    atomic_write(path, raw)
    return path


#: What the player is told when saving forgot players (see :data:`MAX_PROFILES`).
FORGOTTEN = N_("{file}: the family statistics keep at most {limit} players; to make room, "
               "these, seen least recently, were forgotten: {names}.")


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
        #: What the player has not been told yet about later changes (players forgotten
        #: to make room: see :meth:`save`); :meth:`take_notices` hands them out.
        self.notices: list[Repair] = []

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

    def take_notices(self) -> list[Repair]:
        """The notices not handed out yet (see :attr:`notices`), oldest first."""
        out, self.notices = self.notices, []
        return out

    def save(self) -> bool:
        """Write the profiles; ``False`` (told once through the watch) when it failed.
        Beyond :data:`MAX_PROFILES` the least recently seen players are forgotten first,
        and who they were is told (:attr:`notices`)."""
        if not self.writable:
            return False
        dropped = self.book.trim()
        if dropped:
            notice = Repair.of(FORGOTTEN, file=self.path.name, limit=MAX_PROFILES,
                               names=name_list(p.name for p in dropped))
            _log.warning("%s", notice.english())
            self.notices.append(notice)
            self.changed()
        try:
            save_profiles(self.book, self.path)
        except Exception as exc:  # OSError mostly: the game goes on, told once
            self.watch.failed("profiles", self.path, exc)
            return False
        self.watch.succeeded("profiles", self.path)
        return True
