"""The player's files on disk (settings, saves): read safely, written atomically, and every
failure told to the player once instead of stopping the game.

- :func:`read_capped` reads a file only if it is a regular file, never more than a size cap,
  and opens it without blocking, so a FIFO, a device, a folder, a symlink loop or a huge file
  at the path is an error (reported, then put aside with :func:`keep_aside`), never a hang.
- :func:`atomic_write` writes through a temp file and a rename; a crash leaves the old file
  whole and at worst a ``.<name>.<random>.tmp`` that :func:`clean_leftovers` removes at the
  next start (only when this copy of the game holds the single-instance lock).
- :class:`WriteWatch` turns write failures (a full disk, a read-only folder) into one notice
  for the player and one line on stderr, and into a "saved again" notice once a write
  succeeds later. :data:`WATCH` is the one the game uses; the UI takes its notices.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.i18n import N_, _

__all__ = [
    "WATCH",
    "FileTooLarge",
    "NotARegularFile",
    "WriteNotice",
    "WriteWatch",
    "atomic_write",
    "clean_leftovers",
    "describe",
    "keep_aside",
    "read_capped",
]


class NotARegularFile(OSError):
    """The path is a folder, a FIFO, a device or a socket: nothing the game wrote."""


class FileTooLarge(OSError):
    """The file is bigger than any file the game writes there."""


def describe(exc: BaseException) -> str:
    """A one-line reason for a notice: the message, or the exception's name if it has none."""
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    return first[:300] if first else type(exc).__name__


def parse_json(raw: bytes, error: Callable[[str], Exception]) -> object:
    """``raw`` (a user file's bytes) as JSON. Whatever goes wrong (bad UTF-8 or JSON, deep
    nesting, a huge number ...) raises ``error(reason)``, nothing else."""
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise error(f"not valid JSON: {describe(exc)}") from exc
    except Exception as exc:  # RecursionError (deep nesting), ValueError (huge ints) ...
        raise error(f"not a usable JSON file: {describe(exc)}") from exc


def read_capped(path: Path, limit: int) -> bytes | None:
    """The bytes of ``path``; ``None`` when nothing is there. Raises :class:`OSError`
    (:class:`NotARegularFile`, :class:`FileTooLarge`, ``ELOOP``, ``EACCES`` ...) for anything
    that is not a regular file of at most ``limit`` bytes. Never blocks on a FIFO or device:
    it looks first, opens with ``O_NONBLOCK`` and checks again on the open file."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return None
    info = os.stat(path)  # follows a symlink; a loop or a dangling link raises here
    _check_regular(path, info, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        _check_regular(path, os.fstat(fd), limit)  # it may have been swapped meanwhile
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise FileTooLarge(errno.EFBIG, f"larger than {limit} bytes", str(path))
    return b"".join(chunks)


def _check_regular(path: Path, info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise NotARegularFile(errno.EINVAL, kind, str(path))
    if info.st_size > limit:
        raise FileTooLarge(errno.EFBIG, f"larger than {limit} bytes", str(path))


def keep_aside(path: Path, label: str = "corrupt") -> Path:
    """Rename ``path`` (a file, a folder, a link: whatever is there) to
    ``<stem>.<label>-<time><suffix>`` next to it and return the new path. Nothing is deleted."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.stem}.{label}-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temp file in the same folder and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


#: The temp files of :func:`atomic_write`: ``.<name>.<8 characters of mkstemp>.tmp``.
_TMP = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$")


def clean_leftovers(folder: Path, ours: Callable[[str], bool]) -> list[Path]:
    """Remove the temp files a killed :func:`atomic_write` left in ``folder``: only regular
    files named like ours whose target name satisfies ``ours``. Returns what was removed.
    Call it only while holding the single-instance lock (another copy may be writing)."""
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        m = _TMP.match(name)
        if m is None or not ours(m.group("name")):
            continue
        path = folder / name
        try:
            if stat.S_ISREG(os.lstat(path).st_mode):
                os.unlink(path)
                removed.append(path)
        except OSError:
            continue
    return removed


# ---------------------------------------------------------------------- write failures
FULL = "full"
READ_ONLY = "read_only"
OTHER = "other"
OK = "ok"

_FULL_ERRNOS = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_READ_ONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}

#: What the player is told, by what could not be written and why (message ids).
MESSAGES: dict[tuple[str, str], str] = {
    ("game", FULL): N_("Can't save the game: the disk is full. Saving starts again by itself "
                       "when there is room."),
    ("game", READ_ONLY): N_("Can't save the game: the folder is read-only."),
    ("game", OTHER): N_("Can't save the game: {reason}"),
    ("game", OK): N_("The game is saved again."),
    ("settings", FULL): N_("Can't save the settings: the disk is full."),
    ("settings", READ_ONLY): N_("Can't save the settings: the folder is read-only."),
    ("settings", OTHER): N_("Can't save the settings: {reason}"),
    ("settings", OK): N_("The settings are saved again."),
    ("profiles", FULL): N_("Can't save the players' statistics: the disk is full."),
    ("profiles", READ_ONLY): N_("Can't save the players' statistics: the folder is read-only."),
    ("profiles", OTHER): N_("Can't save the players' statistics: {reason}"),
    ("profiles", OK): N_("The players' statistics are saved again."),
}


def trouble(exc: BaseException) -> str:
    """:data:`FULL`, :data:`READ_ONLY` or :data:`OTHER`, from the error's ``errno``."""
    code = getattr(exc, "errno", None)
    if code in _FULL_ERRNOS:
        return FULL
    if code in _READ_ONLY_ERRNOS:
        return READ_ONLY
    return OTHER


@dataclass(frozen=True)
class WriteNotice:
    """One thing to tell the player: ``what`` ("game", "settings" or "profiles") could not
    be written (``trouble`` is :data:`FULL`, :data:`READ_ONLY`, :data:`OTHER`) or is written
    again (:data:`OK`). :meth:`text` is translated when called, so a language change follows."""

    what: str
    trouble: str
    path: Path
    reason: str = ""

    @property
    def msgid(self) -> str:
        return MESSAGES[(self.what, self.trouble)]

    def text(self) -> str:
        return _(self.msgid).format(reason=self.reason)


class WriteWatch:
    """Remembers, per kind of file, whether its last write failed, so that a failure is
    told once (a notice and a line on stderr) and a later success once. Thread-safe: the
    autosave writes on its own thread."""

    def __init__(self, stderr: Callable[[str], None] | None = None) -> None:
        self._lock = threading.Lock()
        self._failing: dict[str, str] = {}
        self._notices: list[WriteNotice] = []
        self._stderr = stderr

    def failed(self, what: str, path: Path, exc: BaseException) -> None:
        """A write of ``what`` to ``path`` failed with ``exc``."""
        kind = trouble(exc)
        with self._lock:
            if self._failing.get(what) == kind:
                return
            self._failing[what] = kind
            notice = WriteNotice(what, kind, path, describe(exc))
            self._notices.append(notice)
        detail = describe(exc)
        self._log(f"{notice.text()} ({detail if str(path) in detail else f'{path}: {detail}'})")

    def succeeded(self, what: str, path: Path) -> None:
        """A write of ``what`` worked: if it was failing, say it works again."""
        with self._lock:
            if self._failing.pop(what, None) is None:
                return
            notice = WriteNotice(what, OK, path)
            self._notices.append(notice)
        self._log(f"{notice.text()} ({path})")

    def failing(self, what: str) -> str | None:
        """The trouble of ``what`` while its writes fail, else ``None``."""
        with self._lock:
            return self._failing.get(what)

    def take(self) -> list[WriteNotice]:
        """The notices not handed out yet, oldest first."""
        with self._lock:
            out, self._notices = self._notices, []
        return out

    def reset(self) -> None:
        with self._lock:
            self._failing.clear()
            self._notices.clear()

    def _log(self, line: str) -> None:
        if self._stderr is not None:
            self._stderr(line)
            return
        with contextlib.suppress(Exception):  # a closed stderr must not stop the game
            print(f"uno: {line}", file=sys.stderr, flush=True)


#: The game's one watch: the autosave and the settings report to it, the app shows it.
WATCH = WriteWatch()
