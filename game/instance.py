"""One copy of the game at a time: a lock on a file in the data folder.

Two copies would both offer to resume the same match and overwrite each other's autosave.
The lock is the kernel's (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows) on
``uno.lock``: it goes away with the process however it ends, so a crash never leaves a stale
lock behind (the file itself stays; only the lock on it counts). Only the table takes it:
headless matches and the other command-line tools never write the autosave.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from types import TracebackType

__all__ = ["LOCK_NAME", "AlreadyRunning", "InstanceLock", "claim"]

LOCK_NAME = "uno.lock"


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
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
            fd = os.open(self.path, flags | getattr(os, "O_NOCTTY", 0), 0o644)
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
    holding it, remove the temp files a killed save left in the data (and saved matches') and config
    folders
    (only ours: see :func:`game.userfiles.clean_leftovers`). Release it on exit."""
    from game.saves import MATCHES_DIR, data_dir, is_save_name
    from game.settings import FILE_NAME as SETTINGS_NAME
    from game.settings import config_dir
    from game.userfiles import clean_leftovers

    lock = InstanceLock(data_dir() if data is None else data)
    if lock.acquire():
        clean_leftovers(lock.path.parent, is_save_name)
        clean_leftovers(lock.path.parent / MATCHES_DIR, is_save_name)
        clean_leftovers(config_dir() if config is None else config,
                        lambda name: name == SETTINGS_NAME)
    return lock


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
