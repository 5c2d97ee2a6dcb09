"""Where the AI seats think: in a worker thread, or in a process of their own.

The table never waits for a bot: it hands a runner a *view* and gets a :class:`Job` back.
Two runners share one interface:

- :class:`ThreadRunner` runs the bots on a thread of this process. Simple and quick to
  start (tests use it), but a bot that searches holds Python's GIL, and pygame gives the
  GIL up around every blit, so each frame would wait for it dozens of times.
- :class:`ProcessRunner` runs them in a separate process (multiprocessing "spawn"), so a
  strong bot's search never touches the frame loop. A relay thread, blocked in ``recv``,
  hands answers back and wakes the loop. If the process cannot start or dies, it falls
  back to a :class:`ThreadRunner` and the game goes on.

``start_match`` seats each AI's bot and its seeded RNG (:func:`game.bots.driver.seat_rng`),
so one runner (and one process, started ahead of time) serves match after match.

Every answer carries the id of the process that computed it (:attr:`Job.pid`). With
``UNO_BOT_TRACE=<path>`` the game appends one JSON line to that file per AI decision —
``{"event": "decision", "game_pid": …, "game_engine": "native", "runner": "process",
"pid": …, "engine": "native", "job": "choose", "player": 1, "level": "hard"}`` (``runner``
is ``"thread"`` for a :class:`ThreadRunner`, ``"fallback"`` for the thread a
:class:`ProcessRunner` fell back to; ``engine`` is the engine of the process that chose) —
one ``"ready"`` line when the bots' process is up and one ``"fallback"`` line, with its
reason, when a ProcessRunner falls back, so the bundle's smoke run (packaging/smoke.py) can
tell that the AI really thought in its own process. A fallback's reason is logged as a
warning either way.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import multiprocessing
import os
import random
import threading
from collections.abc import Mapping, Sequence
from multiprocessing.connection import Connection
from typing import Any, Protocol

import game
from game.bots import BOTS, make_bot
from game.bots.base import Bot
from game.bots.driver import seat_rng
from game.rules.actions import Action
from game.rules.view import PlayerView
from game.ui.botworker import BotWorker, Job, wake_loop


def table_bot(level: str) -> Bot:
    """The AI of ``level`` at the table. Hard thinks as long as a person's pace allows
    (``HardBot.at_table``: about 0.5 s of CPU, issue 15 item 6) instead of the arena's
    0.13 s: the table shows an AI turn at human pace anyway, and the search runs off the
    frame loop (a worker thread or process)."""
    if level == "hard":
        from game.bots.hard import HardBot

        return HardBot.at_table()
    return make_bot(level)

_log = logging.getLogger(__name__)

Ask = tuple[int, PlayerView, Sequence[Action]]  # (player, view, options)
READY = -1  # the job id of the bot process's "ready" message
BROKEN = -2  # the job id of its last word when a request could not be read
TRACE_ENV = "UNO_BOT_TRACE"


class Trace:
    """The JSON lines of ``UNO_BOT_TRACE`` (see the module docstring); off when unset.
    Written from the relay and worker threads, one whole line at a time."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path if path is not None else os.environ.get(TRACE_ENV) or None
        self._lock = threading.Lock()

    def write(self, event: str, **fields: Any) -> None:
        if self.path is None:
            return
        line = json.dumps({"event": event, "game_pid": os.getpid(),
                           "game_engine": game.ENGINE, **fields})
        with self._lock:
            try:
                with open(self.path, "a", encoding="utf-8") as f:
                    f.write(line + "\n")
            except OSError as exc:  # a trace that cannot be written must not stop the AI
                _log.warning("%s not written: %s", TRACE_ENV, exc)
                self.path = None

    def decision(self, runner: str, pid: int | None, engine: str | None, tag: Any,
                 level: str | None) -> None:
        """One AI decision (``tag``: the player who chose, or ``"react"``)."""
        if self.path is None:
            return
        job, player = ("react", None) if tag == "react" else ("choose", tag)
        self.write("decision", runner=runner, pid=pid, engine=engine, job=job, player=player,
                   level=level)


class BotRunner(Protocol):
    """What the conductor needs: a bot's choice, the AI reactions, and closing down."""

    def start_match(self, levels: Mapping[int, str], seed: int) -> None: ...

    def wants_history(self, player: int) -> bool: ...

    def choose(self, player: int, view: PlayerView, legal: Sequence[Action]) -> Job: ...

    def react(self, asks: Sequence[Ask]) -> Job: ...

    def close(self) -> None: ...


def wants_history(level: str) -> bool:
    """Does a bot of this kind want the hand's events in its views?"""
    kind = BOTS.get(level)
    return bool(getattr(kind, "wants_history", False))


def _react_all(bots: Mapping[int, Bot], rngs: Mapping[int, random.Random],
               asks: Sequence[Ask]) -> list[tuple[int, Action | None]]:
    """Each asked bot calls UNO, catches, or lets it pass."""
    return [(q, bots[q].react(view, options, rngs[q])) for q, view, options in asks]


class ThreadRunner:
    """The seats' bots on a worker thread of this process. ``kind`` names it in the trace:
    ``"thread"``, or ``"fallback"`` when a :class:`ProcessRunner` fell back to it."""

    def __init__(self, wake: int | None = None, kind: str = "thread",
                 trace: Trace | None = None) -> None:
        self.levels: dict[int, str] = {}
        self.bots: dict[int, Bot] = {}
        self.rngs: dict[int, random.Random] = {}
        self.kind = kind
        self.trace = trace or Trace()
        self.worker = BotWorker(wake, on_done=self._traced)

    def start_match(self, levels: Mapping[int, str], seed: int) -> None:
        self.levels = dict(levels)
        self.bots = {p: table_bot(lv) for p, lv in self.levels.items()}
        self.rngs = {p: seat_rng(seed, p) for p in self.levels}

    def wants_history(self, player: int) -> bool:
        return bool(self.bots[player].wants_history)

    def choose(self, player: int, view: PlayerView, legal: Sequence[Action]) -> Job:
        return self.worker.submit(self.bots[player].choose, view, legal, self.rngs[player],
                                  tag=player)

    def react(self, asks: Sequence[Ask]) -> Job:
        return self.worker.submit(_react_all, self.bots, self.rngs, list(asks), tag="react")

    def close(self) -> None:
        self.worker.close()

    def _traced(self, job: Job) -> None:
        if job.error is None and not job.cancelled:
            level = self.levels.get(job.tag) if isinstance(job.tag, int) else None
            self.trace.decision(self.kind, job.pid, game.ENGINE, job.tag, level)


def _serve(conn: Connection) -> None:
    """The bot process: say it is ready, then answer requests until told to stop (or the
    game is gone). A "match" message seats new bots. Every answer carries this process's
    id; a request that cannot be read is told to the game (its last word) before it ends."""
    bots: dict[int, Bot] = {}
    rngs: dict[int, random.Random] = {}
    pid = os.getpid()
    conn.send((READY, game.ENGINE, None, pid))
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        except Exception as exc:  # unpickling failed: the stream cannot be trusted further
            with contextlib.suppress(OSError, ValueError):
                conn.send((BROKEN, None, f"a request could not be read: {exc!r}", pid))
            return
        kind, job_id = msg[0], msg[1]
        if kind == "quit":
            return
        if kind == "match":
            bots = {p: table_bot(lv) for p, lv in msg[2].items()}
            rngs = {p: seat_rng(msg[3], p) for p in msg[2]}
            continue
        try:
            if kind == "choose":
                _kind, _id, p, view, legal = msg
                result: Any = bots[p].choose(view, legal, rngs[p])
            else:
                result = _react_all(bots, rngs, msg[2])
            conn.send((job_id, result, None, pid))
        except Exception as exc:  # reported to the game, which falls back
            conn.send((job_id, None, repr(exc), pid))


class ProcessRunner:
    """The seats' bots in their own process; see the module docstring."""

    def __init__(self, wake: int | None = None) -> None:
        self.levels: dict[int, str] = {}
        self.seed = 0
        self.wake = wake
        self.ready = threading.Event()
        self._jobs: dict[int, tuple[Job, tuple[Any, ...]]] = {}
        self._ids = itertools.count()
        self._lock = threading.Lock()
        self._fallback: ThreadRunner | None = None
        self._closed = False
        self._proc: Any = None
        #: The bot process's id and engine, once it said it is ready.
        self.pid: int | None = None
        self.engine: str | None = None
        self.trace = Trace()
        #: Why the AI thinks on a thread instead, once it does.
        self.fallback_reason: str | None = None
        try:
            ctx = multiprocessing.get_context("spawn")
            self._conn, child = ctx.Pipe()
            self._proc = ctx.Process(target=_serve, args=(child,), name="uno-bots",
                                     daemon=True)
            self._proc.start()
            child.close()
        except (OSError, RuntimeError, ValueError) as exc:
            self._proc = None
            self._use_thread(f"no bot process: {exc}")
            return
        self._relay = threading.Thread(target=self._receive, name="uno-bots-relay",
                                       daemon=True)
        self._relay.start()

    def start_match(self, levels: Mapping[int, str], seed: int) -> None:
        with self._lock:
            self.levels, self.seed = dict(levels), seed
            if self._fallback is not None:
                self._fallback.start_match(levels, seed)
                return
            try:
                self._conn.send(("match", -1, self.levels, seed))
            except (OSError, ValueError) as exc:
                self._use_thread(f"the bot process cannot be reached: {exc!r}")

    def wants_history(self, player: int) -> bool:
        return wants_history(self.levels[player])

    def choose(self, player: int, view: PlayerView, legal: Sequence[Action]) -> Job:
        return self._submit(("choose", player, view, list(legal)), player)

    def react(self, asks: Sequence[Ask]) -> Job:
        return self._submit(("react", [(q, v, list(o)) for q, v, o in asks]), "react")

    def _submit(self, request: tuple[Any, ...], tag: Any) -> Job:
        with self._lock:
            fallback = self._fallback
            if fallback is None:
                job_id = next(self._ids)
                job = Job(lambda: None, (), tag)
                self._jobs[job_id] = (job, request)
                try:
                    self._conn.send((request[0], job_id, *request[1:]))
                    return job
                except (OSError, ValueError) as exc:
                    del self._jobs[job_id]
                    fallback = self._use_thread(f"the bot process cannot be reached: {exc!r}")
                except Exception as exc:  # pickling failed: nothing was sent
                    del self._jobs[job_id]
                    fallback = self._use_thread(f"a request could not be sent: {exc!r}")
        return _run_on(fallback, request)

    def _receive(self) -> None:
        """Relay answers to their jobs (blocked in ``recv``: no GIL held while waiting)."""
        reason = "the bot process stopped"
        while True:
            try:
                job_id, result, error, pid = self._conn.recv()
            except (EOFError, OSError):
                break
            except Exception as exc:  # an answer that cannot be read
                reason = f"an answer could not be read: {exc!r}"
                break
            if job_id == READY:
                self.pid, self.engine = pid, result
                self.trace.write("ready", runner="process", pid=pid, engine=result)
                self.ready.set()
                continue
            if job_id == BROKEN:
                reason = f"the bot process stopped: {error}"
                continue
            with self._lock:
                entry = self._jobs.pop(job_id, None)
            if entry is None:
                continue
            job, request = entry
            job.pid = pid
            if error is not None:
                job.error = RuntimeError(error)
            else:
                player = request[1] if request[0] == "choose" else None
                self.trace.decision("process", pid, self.engine,
                                    "react" if player is None else player,
                                    None if player is None else self.levels.get(player))
            job.result = result
            job.finish()
            self._wake_loop()
        if self._closed:
            return
        with self._lock:  # the process died: the thread runner answers what is pending
            fallback = self._use_thread(reason)
            pending = list(self._jobs.values())
            self._jobs.clear()
        for job, request in pending:
            done = _run_on(fallback, request)
            done.wait(30)
            job.result, job.error, job.pid = done.result, done.error, done.pid
            job.finish()
            self._wake_loop()

    def _use_thread(self, reason: str) -> ThreadRunner:
        if self._fallback is None:
            _log.warning("%s: the AI thinks on a thread", reason)
            self.fallback_reason = reason
            self.trace.write("fallback", reason=reason)
            self._fallback = ThreadRunner(self.wake, kind="fallback", trace=self.trace)
            self._fallback.start_match(self.levels, self.seed)
            self.ready.set()
        return self._fallback

    def _wake_loop(self) -> None:
        if self.wake is not None:
            wake_loop(self.wake)

    def close(self) -> None:
        self._closed = True
        if self._proc is not None:
            with contextlib.suppress(OSError, ValueError):
                self._conn.send(("quit", -1))
            self._proc.join(2.0)
            if self._proc.is_alive():
                self._proc.kill()
            self._conn.close()
        if self._fallback is not None:
            self._fallback.close()


def _run_on(runner: ThreadRunner, request: tuple[Any, ...]) -> Job:
    if request[0] == "choose":
        _kind, player, view, legal = request
        return runner.choose(player, view, legal)
    return runner.react(request[1])
