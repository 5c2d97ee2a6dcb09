"""Writing the match in progress without making the frame loop wait for the disk.

:class:`AutoSaver` writes the newest :class:`~game.store.saves.SavedMatch` on a background thread
(older pending states are dropped); :meth:`AutoSaver.flush` waits for the last write on exit.
A write that fails (disk full, read-only folder) is reported to
:data:`game.store.userfiles.WATCH` (told to the player once) and tried again a little later, so
saving resumes by itself.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from game.store.saves import SavedMatch, discard_save, new_match_path, write_save
from game.store.userfiles import WATCH, WriteWatch, describe

#: Seconds between two tries of a write that failed, when no newer state comes meanwhile.
RETRY_S = 5.0


class AutoSaver:
    """Writes the newest :class:`SavedMatch` on a background thread; older pending ones are
    dropped. Errors are kept in :attr:`error` and reported to ``watch`` (the player is told
    once), never raised into the game; a failed write is tried again every ``retry``
    seconds until it works or a newer state replaces it."""

    def __init__(self, path: Path | None = None, *, watch: WriteWatch | None = None,
                 retry: float = RETRY_S) -> None:
        self.path = new_match_path() if path is None else path
        self.error: str | None = None
        self.watch = WATCH if watch is None else watch
        self.retry = retry
        self._cond = threading.Condition()
        self._pending: SavedMatch | None = None
        self._failed: SavedMatch | None = None  # the newest state, not written yet
        self._discard = False
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="uno-autosave", daemon=True)
        self._thread.start()

    def save(self, match: SavedMatch) -> None:
        with self._cond:
            self._pending, self._discard, self._failed = match, False, None
            self._cond.notify_all()

    def discard(self) -> None:
        """Forget the pending save and delete the file (after the last write)."""
        with self._cond:
            self._pending, self._discard, self._failed = None, True, None
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
                job = self._next_job()
                if job is None:
                    return
                match, discard = job
                self._busy = True
            ok = False
            try:
                if discard:
                    discard_save(self.path)
                elif match is not None:
                    write_save(match, self.path)
                ok, self.error = True, None
                self.watch.succeeded("game", self.path)
            except Exception as exc:  # OSError mostly; nothing may stop the saver thread
                self.error = describe(exc)
                self.watch.failed("game", self.path, exc)
            finally:
                with self._cond:
                    if not ok and match is not None and not self._closed \
                            and self._pending is None and not self._discard:
                        self._failed = match  # tried again in a while
                    self._busy = False
                    self._cond.notify_all()

    def _next_job(self) -> tuple[SavedMatch | None, bool] | None:
        """Wait (holding the lock) for the next thing to do: a new state, a discard, or the
        failed write again after :attr:`retry` seconds; ``None`` once closed. A failed write
        gets one last try on close."""
        while True:
            if self._pending is not None or self._discard:
                job = self._pending, self._discard
                self._pending, self._discard = None, False
                return job
            if self._closed:
                failed, self._failed = self._failed, None
                return None if failed is None else (failed, False)
            if self._failed is None:
                self._cond.wait()
            elif not self._cond.wait(self.retry):  # timed out: nothing newer came
                self._pending, self._failed = self._failed, None
