"""Bot thinking off the frame loop: a worker thread runs jobs and wakes the loop when done.

The main thread builds a bot's *view* (a frozen snapshot) and submits ``bot.choose`` on it;
the worker computes while frames keep flowing; the main thread applies the answer. A strong
bot searching for a second never freezes the table.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import threading
from collections.abc import Callable
from typing import Any

_log = logging.getLogger(__name__)


class Job:
    """One piece of work; ``done`` turns true when ``result`` (or ``error``) is set.
    ``pid`` is the id of the process that computed it (this one for a worker thread, the
    bots' own for :class:`game.ui.botrunner.ProcessRunner`)."""

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...], tag: Any) -> None:
        self.fn = fn
        self.args = args
        self.tag = tag
        self.result: Any = None
        self.error: BaseException | None = None
        self.cancelled = False
        self.pid: int | None = None
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def finish(self) -> None:
        """Mark the job done (its ``result`` or ``error`` is set): whoever waits wakes."""
        self._done.set()


class BotWorker:
    """A daemon thread running :class:`Job` objects in order; ``on_done`` is told of each
    job run, before whoever waits for it wakes."""

    def __init__(self, wake_event: int | None = None,
                 on_done: Callable[[Job], None] | None = None) -> None:
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._wake = wake_event
        self._on_done = on_done
        self._thread = threading.Thread(target=self._run, name="uno-bots", daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[..., Any], *args: Any, tag: Any = None) -> Job:
        job = Job(fn, args, tag)
        self._jobs.put(job)
        return job

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(2.0)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            if not job.cancelled:
                try:
                    job.result = job.fn(*job.args)
                except Exception as exc:  # reported to the main thread, which decides
                    _log.exception("bot job failed")
                    job.error = exc
                job.pid = os.getpid()
                if self._on_done is not None:
                    try:
                        self._on_done(job)
                    except Exception:  # a report must not leave the job unfinished
                        _log.exception("reporting a bot job failed")
            job.finish()
            if self._wake is not None:
                wake_loop(self._wake)


def wake_loop(event_type: int) -> None:
    """Post ``event_type`` so the frame loop wakes up (pygame is imported only here: the
    bot process never needs it)."""
    import pygame

    if pygame.display.get_init():
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(event_type))
