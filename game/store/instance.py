"""One copy of the game at a time: a lock on a file in the data folder.

Two copies would both offer to resume the same match and overwrite each other's autosave.
The lock is the kernel's (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows) on
``uno.lock``: it goes away with the process however it ends, so a crash never leaves a stale
lock behind (the file itself stays; only the lock on it counts). Only the table takes it:
headless matches and the other command-line tools never write the autosave.

The lock file is opened without following a link (:func:`game.store.userfiles.open_own`): a link
at ``uno.lock`` (to a person's notes, say) is renamed aside and told, never truncated.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from types import TracebackType

__all__ = ["LOCK_NAME", "AlreadyRunning", "InstanceLock", "claim"]

LOCK_NAME = "uno.lock"
#: The recordings' folder in the data folder (:data:`game.voice.clips.CLIPS_FOLDER`, not
#: imported here: that module needs numpy and libsndfile, which a start may lack).
CLIPS_FOLDER = "clips"


class AlreadyRunning(Exception):
    """Another copy of the game holds the lock."""


class InstanceLock:
    """The single-instance lock in ``folder``. :meth:`acquire` raises
    :class:`AlreadyRunning` when another copy holds it, and returns ``False`` (the game may
    run, unprotected) when no lock can be made there at all, e.g. a read-only folder."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        if self._fd is not None:
            return True
        from game.store.userfiles import open_own

        try:  # never through a link: one at the path is put aside and told
            fd = open_own(self.path, os.O_RDWR | os.O_CREAT, 0o644, within=self.path.parent)
        except OSError:
            return False
        try:
            _lock(fd)
        except BlockingIOError as exc:
            os.close(fd)
            raise AlreadyRunning(str(self.path)) from exc
        except OSError:  # a file system without locks: run unprotected
            os.close(fd)
            return False
        self._fd = fd
        with contextlib.suppress(OSError):  # who holds it, for a person; the lock needs none
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        return True

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)

    def __enter__(self) -> InstanceLock:
        self.acquire()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()


def claim(data: Path | None = None, config: Path | None = None) -> InstanceLock:
    """Take the lock for the table (:class:`AlreadyRunning` if another copy has it) and,
    holding it, look after the game's folders before anything reads them: the saved
    matches' and the recordings' folders (and each player's recordings folder) must be
    folders of the game's own, so a link there is renamed aside and told, never followed
    (:func:`game.store.userfiles.own_folder`); then the temp files a killed save left in the data,
    saved matches', recordings' and config folders are removed (only ours: see
    :func:`game.store.userfiles.clean_leftovers`). Release it on exit."""
    from game.store.saves import MATCHES_DIR, data_dir, is_save_name
    from game.store.settings import FILE_NAME as SETTINGS_NAME
    from game.store.settings import config_dir
    from game.store.userfiles import clean_leftovers

    lock = InstanceLock(data_dir() if data is None else data)
    if lock.acquire():
        folder = lock.path.parent
        _own_folders(folder)
        clean_leftovers(folder, is_save_name)
        clean_leftovers(folder / MATCHES_DIR, is_save_name)
        for clips in _clip_folders(folder):
            clean_leftovers(clips, lambda name: name.endswith(".wav"))
        clean_leftovers(config_dir() if config is None else config,
                        lambda name: name == SETTINGS_NAME)
    return lock


def _own_folders(data: Path) -> None:
    """A link (or a file) in the place of ``matches/``, ``clips/`` or a player's
    ``clips/<id>/`` is renamed aside and told (never listed, written or deleted through)."""
    from game.store.saves import MATCHES_DIR
    from game.store.userfiles import own_folder

    for name in (MATCHES_DIR, CLIPS_FOLDER):
        with contextlib.suppress(OSError):  # a read-only folder: the writes will say it
            own_folder(data / name, within=data, create=False)
    for entry in _clip_entries(data):
        with contextlib.suppress(OSError):
            own_folder(entry, within=data, create=False)


def _clip_entries(data: Path) -> list[Path]:
    """What ``clips/`` holds under a player id's name (never looked into through a link)."""
    from game.setup.names import is_player_id

    root = data / CLIPS_FOLDER
    try:
        if os.path.islink(root) or not root.is_dir():
            return []
        return sorted(root / name for name in os.listdir(root) if is_player_id(name))
    except OSError:
        return []


def _clip_folders(data: Path) -> list[Path]:
    """The players' recordings folders that are real folders (not links)."""
    out = []
    for entry in _clip_entries(data):
        with contextlib.suppress(OSError):
            if not os.path.islink(entry) and entry.is_dir():
                out.append(entry)
    return out


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            raise BlockingIOError(str(exc)) from exc

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
