"""The player's files on disk (settings, saves): read safely, written atomically, and every
failure told to the player once instead of stopping the game.

- :func:`read_capped` reads a file only if it is a regular file, never more than a size cap,
  and opens it without blocking, so a FIFO, a device, a folder, a symlink loop or a huge file
  at the path is an error (reported, then put aside with :func:`keep_aside`), never a hang.
- :func:`atomic_write` writes through a temp file and a rename; a crash leaves the old file
  whole and at worst a ``.<name>.<random>.tmp`` that :func:`clean_leftovers` removes at the
  next start (only when this copy of the game holds the single-instance lock).
- Nothing is ever written, renamed or deleted *through a symbolic link* inside the game's
  folders (the data and config folders; those folders themselves may be links, a person's
  choice of where to keep them). :func:`atomic_write`, :func:`open_own` (the lock),
  :func:`remove_file`, :func:`remove_folder` and :func:`keep_aside` look (``lstat``) at every
  folder between the game's folder and the file, and at the file itself: a link, or a file
  where a folder belongs, is renamed aside (:func:`keep_aside`, so what it points to stays as
  it was) and told to the player through :data:`WATCH`; temp files are opened with
  ``O_CREAT | O_EXCL | O_NOFOLLOW``, and the rename replaces a link, never its target.
- :class:`WriteWatch` turns write failures (a full disk, a read-only folder) into one notice
  for the player and one line on stderr, and into a "saved again" notice once a write
  succeeds later. :data:`WATCH` is the one the game uses; the UI takes its notices.
- :func:`data_dir` and :func:`config_dir` are the game's two folders (``UNO_DATA_DIR`` and
  ``UNO_CONFIG_DIR`` win); :mod:`game.store.saves` and :mod:`game.store.settings` keep their
  files there.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import shutil
import stat
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.i18n import N_, _

__all__ = [
    "APP_NAME",
    "WATCH",
    "FileTooLarge",
    "LinkRefused",
    "NotARegularFile",
    "WriteNotice",
    "WriteWatch",
    "atomic_write",
    "clean_leftovers",
    "config_dir",
    "data_dir",
    "describe",
    "folder_usage",
    "game_folders",
    "keep_aside",
    "open_own",
    "own_folder",
    "read_capped",
    "remove_file",
    "remove_folder",
]


class NotARegularFile(OSError):
    """The path is a folder, a FIFO, a device or a socket: nothing the game wrote."""


class FileTooLarge(OSError):
    """The file is bigger than any file the game writes there."""


class LinkRefused(OSError):
    """A symbolic link, or something else than a folder, on the way to one of the game's files:
    the game does not go through it (it was put aside and told, see :func:`own_folder`)."""


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


def keep_aside(path: Path, label: str = "corrupt", *, within: Path | None = None,
               watch: WriteWatch | None = None) -> Path:
    """Rename ``path`` (a file, a folder, a link: whatever is there) to
    ``<stem>.<label>-<time><suffix>`` next to it and return the new path. Nothing is deleted.

    The rename happens only in the game's own folders: if a folder on the way (inside
    ``within``, by default the game's folder that holds ``path``, see :func:`own_folder`) is a
    link, that link is put aside instead and :class:`LinkRefused` is raised, so a linked
    folder's files (a person's documents) are never renamed."""
    root, parts = _inside(path, within)
    if not _own_chain(root, parts[:-1], create=False, watch=watch):
        raise LinkRefused(errno.ELOOP, "a folder on the way is not the game's own", str(path))
    return _rename_aside(path, label)


def _rename_aside(path: Path, label: str = "corrupt") -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.stem}.{label}-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


# ---------------------------------------------------------------- the game's own folders
#: The folders' name under the user's data and config folders.
APP_NAME = "uno-family"


def data_dir() -> Path:
    """The game's data folder: saved matches, profiles, recordings (``UNO_DATA_DIR`` wins)."""
    override = os.environ.get("UNO_DATA_DIR")
    if override:
        return Path(override)
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """The game's config folder: the settings file (``UNO_CONFIG_DIR`` wins)."""
    override = os.environ.get("UNO_CONFIG_DIR")
    if override:
        return Path(override)
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def game_folders() -> tuple[Path, ...]:
    """The game's data folder and config folder (``UNO_DATA_DIR``, ``UNO_CONFIG_DIR`` win)."""
    return data_dir(), config_dir()


def _inside(path: Path, within: Path | None) -> tuple[Path, tuple[str, ...]]:
    """The folder ``path`` is checked from and the names below it down to ``path``:
    ``within`` if given, else the game's folder holding ``path``, else ``path``'s folder."""
    target = Path(os.path.abspath(path))
    bases = [within] if within is not None else list(game_folders())
    for base in bases:
        root = Path(os.path.abspath(base))
        if target != root and target.is_relative_to(root):
            return root, target.relative_to(root).parts
    return target.parent, (target.name,)


def _set_aside(path: Path, watch: WriteWatch | None) -> Path:
    """Rename what is at ``path`` (a link, or not what the game keeps there) aside and tell
    the player: the notice names what a link pointed to, which stays as it was."""
    try:
        target = os.readlink(path)
    except OSError:
        target = ""
    kept = _rename_aside(path)
    (WATCH if watch is None else watch).set_aside(path, kept, target)
    return kept


def _own_chain(root: Path, names: tuple[str, ...], *, create: bool,
               watch: WriteWatch | None) -> bool:
    """Whether every folder ``root/names[0]``, ``root/names[0]/names[1]`` ... is a real folder,
    never a link: one that is a link or not a folder is put aside and told; ``create`` makes
    the missing ones (and a real folder in the place of one put aside). ``False`` when one is
    missing (and not made): then nothing inside exists for the game."""
    if create:
        root.mkdir(parents=True, exist_ok=True)  # the game's folder itself may be a link
    folder = root
    for name in names:
        folder = folder / name
        try:
            info = os.lstat(folder)
        except FileNotFoundError:
            if not create:
                return False
            with contextlib.suppress(FileExistsError):  # made meanwhile: looked at again
                os.mkdir(folder)
            info = os.lstat(folder)
        if stat.S_ISDIR(info.st_mode):
            continue
        _set_aside(folder, watch)
        if not create:
            return False
        os.mkdir(folder)
    return True


def own_folder(folder: Path, *, within: Path | None = None, create: bool = True,
               watch: WriteWatch | None = None) -> bool:
    """Make sure ``folder`` and every folder between it and the game's folder that holds it
    (``within``, see :func:`game_folders`) is a real folder: a link there (or a file) is
    renamed aside and told, never followed. ``create`` makes the missing ones; ``False``
    when ``folder`` does not exist (and was not made)."""
    root, parts = _inside(folder, within)
    return _own_chain(root, parts, create=create, watch=watch)


def _no_link_at(path: Path, watch: WriteWatch | None) -> None:
    """A link at the path of one of the game's files is put aside (and told), not followed."""
    with contextlib.suppress(FileNotFoundError):
        if stat.S_ISLNK(os.lstat(path).st_mode):
            _set_aside(path, watch)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_OPEN_FLAGS = _NOFOLLOW | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0) \
    | getattr(os, "O_NOCTTY", 0)


def open_own(path: Path, flags: int, mode: int = 0o644, *, within: Path | None = None,
             watch: WriteWatch | None = None) -> int:
    """``os.open(path, flags | O_NONBLOCK)`` for one of the game's own regular files (the
    lock), never through a link: a link, a folder, a FIFO or a device at ``path`` (or a link
    on the way) is put aside and told, then a file of the game's own is opened in its place.
    Raises :class:`OSError` when that cannot be done (a read-only folder ...)."""
    root, parts = _inside(path, within)
    _own_chain(root, parts[:-1], create=True, watch=watch)
    flags |= _OPEN_FLAGS | getattr(os, "O_NONBLOCK", 0)
    for _attempt in range(3):
        try:
            info: os.stat_result | None = os.lstat(path)
        except FileNotFoundError:
            info = None
        if info is not None and not stat.S_ISREG(info.st_mode):
            _set_aside(path, watch)
            continue
        try:
            fd = os.open(path, flags, mode)
        except OSError:
            try:  # swapped for a link (O_NOFOLLOW refused it) or a folder meanwhile?
                swapped = not stat.S_ISREG(os.lstat(path).st_mode)
            except OSError:
                swapped = False
            if swapped:
                continue
            raise
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
    raise LinkRefused(errno.ELOOP, "not a file of the game's own", str(path))


def remove_file(path: Path, *, within: Path | None = None,
                watch: WriteWatch | None = None) -> bool:
    """Delete one of the game's files (a finished match, a clip); ``False`` when nothing was
    deleted. Never through a link: a link at ``path`` or on the way is put aside and told (what
    it points to stays); a folder or anything else than a file is :class:`NotARegularFile`."""
    root, parts = _inside(path, within)
    if not _own_chain(root, parts[:-1], create=False, watch=watch):
        return False
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(info.st_mode):
        _set_aside(path, watch)
        return False
    if not stat.S_ISREG(info.st_mode):
        raise NotARegularFile(errno.EINVAL, "not a regular file", str(path))
    try:
        os.unlink(path)
    except FileNotFoundError:
        return False
    return True


def remove_folder(folder: Path, *, within: Path | None = None,
                  watch: WriteWatch | None = None) -> bool:
    """Delete one of the game's folders and what it holds (a forgotten player's recordings);
    ``False`` when there was none. A link at ``folder`` or on the way is put aside and told,
    never followed; links inside are removed, never followed (:func:`shutil.rmtree`)."""
    root, parts = _inside(folder, within)
    if not _own_chain(root, parts[:-1], create=False, watch=watch):
        return False
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return False
    if not stat.S_ISDIR(info.st_mode):
        _set_aside(folder, watch)
        return False
    shutil.rmtree(folder)
    return True


def folder_usage(folder: Path) -> tuple[int, int]:
    """How many regular files ``folder`` holds (its subfolders too) and their bytes, without
    following any link; ``(0, 0)`` for a link or when there is nothing."""
    count = size = 0
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return 0, 0
        entries = list(os.scandir(folder))
    except OSError:
        return 0, 0
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                more, extra = folder_usage(Path(entry.path))
                count, size = count + more, size + extra
            elif entry.is_file(follow_symlinks=False):
                count, size = count + 1, size + entry.stat(follow_symlinks=False).st_size
        except OSError:
            continue
    return count, size


def atomic_write(path: Path, data: bytes, *, within: Path | None = None,
                 watch: WriteWatch | None = None) -> None:
    """Write ``data`` to ``path`` through a temp file in the same folder, ``fsync`` and a
    rename. Never through a link: the folders on the way (inside ``within``, by default the
    game's folder holding ``path``) are checked and made, a link at ``path`` is put aside and
    told (see :func:`own_folder`), the temp file is opened with ``O_EXCL | O_NOFOLLOW``."""
    root, parts = _inside(path, within)
    _own_chain(root, parts[:-1], create=True, watch=watch)
    _no_link_at(path, watch)
    fd, tmp = _temp_file(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)  # replaces a link put there meanwhile, never its target
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(path.parent)


_TMP_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"


def _temp_file(path: Path) -> tuple[int, Path]:
    """A new ``.<name>.<8 letters>.tmp`` next to ``path``, opened for writing: created by this
    call (``O_EXCL``), never a link (``O_NOFOLLOW``)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _OPEN_FLAGS
    for _attempt in range(100):
        token = "".join(secrets.choice(_TMP_LETTERS) for _ in range(8))
        tmp = path.with_name(f".{path.name}.{token}.tmp")
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path.parent))


def _sync_folder(folder: Path) -> None:
    """``fsync`` the folder, so the rename itself survives a power cut (POSIX; best effort)."""
    if sys.platform == "win32":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


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
#: Not a failure: a link (or something else than the game's own file or folder) was found
#: where the game keeps its files, and renamed aside (see :func:`own_folder`).
LINK = "link"
ASIDE = "aside"

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
    ("recordings", FULL): N_("Can't delete the recordings: {reason}"),
    ("recordings", READ_ONLY): N_("Can't delete the recordings: the folder is read-only."),
    ("recordings", OTHER): N_("Can't delete the recordings: {reason}"),
    ("matches", FULL): N_("Can't delete the old saved matches: {reason}"),
    ("matches", READ_ONLY): N_("Can't delete the old saved matches: the folder is read-only."),
    ("matches", OTHER): N_("Can't delete the old saved matches: {reason}"),
    ("files", LINK): N_("{path} was a link to {target}. The game never follows a link among "
                        "its files: it renamed the link {kept} and left {target} as it was."),
    ("files", ASIDE): N_("{path} was not the game's own file or folder. The game renamed it "
                         "{kept}, without changing what it holds."),
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
    again (:data:`OK`); or ("files") a link found among the game's files was put aside
    (:data:`LINK`, :data:`ASIDE`). :meth:`text` is translated when called, so a language
    change follows."""

    what: str
    trouble: str
    path: Path
    reason: str = ""
    #: For :data:`LINK` and :data:`ASIDE`: the name it was renamed to, and a link's target.
    kept: str = ""
    target: str = ""

    @property
    def msgid(self) -> str:
        return MESSAGES[(self.what, self.trouble)]

    def text(self) -> str:
        return _(self.msgid).format(reason=self.reason, path=self.path, kept=self.kept,
                                    target=self.target)


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

    def could_not(self, what: str, path: Path, exc: BaseException) -> None:
        """Something the player asked for once (deleting ``what``: "recordings", "matches")
        failed with ``exc``: told every time, like :meth:`failed` but with no state."""
        notice = WriteNotice(what, trouble(exc), path, describe(exc))
        with self._lock:
            self._notices.append(notice)
        detail = describe(exc)
        self._log(f"{notice.text()} ({detail if str(path) in detail else f'{path}: {detail}'})")

    def set_aside(self, path: Path, kept: Path, target: str = "") -> None:
        """A link (``target``: where it points) or something else than the game's own file
        or folder was at ``path`` and was renamed ``kept``: told every time."""
        notice = WriteNotice("files", LINK if target else ASIDE, path, kept=kept.name,
                             target=target)
        with self._lock:
            self._notices.append(notice)
        self._log(notice.text())

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
