"""Speech synthesis that can never stall or crash the game: a killable worker process.

The pyttsx3 engine is a per-process singleton that misbehaves when shared and has been seen to
hang (PLATFORM.md). So it lives alone in a worker *process* (multiprocessing "spawn"), which also
splices clips and resamples to the mixer's format, leaving the game process nothing heavy to do.
Each job has a deadline: a worker that misses it is killed and restarted (a few times at most),
and the job is done by the ``espeak-ng`` command line instead. With neither engine, rendering
raises :class:`~game.voice.tts.SynthError` and the speaker stays silent.

A frozen (PyInstaller) build must call ``multiprocessing.freeze_support()`` first thing in its
entry point for the worker to start.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path

from game.i18n import LANGUAGES
from game.voice.tts import EspeakCli, Pyttsx3Engine, SynthError, assemble
from game.voice.utterance import Segment, Speech

__all__ = ["EngineState", "Rendered", "SpeechRenderer"]

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Rendered:
    """An utterance as interleaved signed 16-bit PCM, ready for the mixer."""

    pcm: bytes
    frames: int
    rate: int
    channels: int
    voices: tuple[str, ...]
    engine: str


@dataclass(frozen=True)
class _Job:
    job_id: int
    segments: tuple[Segment, ...]
    language: str
    rate: int
    channels: int


@dataclass(frozen=True)
class _Ready:
    engine: str
    voices: dict[str, str]


@dataclass(frozen=True)
class _Failed:
    reason: str


@dataclass(frozen=True)
class _Result:
    job_id: int
    pcm: bytes
    frames: int
    voices: tuple[str, ...]
    error: str | None


def _worker_main(conn: Connection, workdir: str, languages: tuple[str, ...]) -> None:
    """The worker process: owns the pyttsx3 engine and renders jobs until told to stop."""
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - pyttsx3 prints a line for every file
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)  # synthesis yields the CPU to the game's frame loop
    try:
        engine = Pyttsx3Engine(Path(workdir), languages)
    except Exception as exc:  # any failure to start means "no pyttsx3 here"
        conn.send(_Failed(f"{type(exc).__name__}: {exc}"))
        return
    conn.send(_Ready(engine.name, engine.voices))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            pcm, frames, used = assemble(job.segments, job.language, job.rate, job.channels,
                                         engine.speak)
            conn.send(_Result(job.job_id, pcm, frames, used, None))
        except Exception as exc:  # reported to the game, which falls back to the CLI
            conn.send(_Result(job.job_id, b"", 0, (), f"{type(exc).__name__}: {exc}"))


class EngineState(Enum):
    """Which engine renders speech."""

    STARTING = "starting"
    WORKER = "worker"  # pyttsx3 in the worker process
    CLI = "cli"  # espeak-ng command line
    NONE = "none"  # no speech engine at all


class _WorkerLost(Exception):
    """The worker missed its deadline or died."""


class SpeechRenderer:
    """Renders utterance segments to PCM: pyttsx3 in a worker process, else ``espeak-ng``.

    Thread-safe; :meth:`render` blocks its caller (the speaker's thread, never the frame loop).
    """

    def __init__(self, languages: Sequence[str] = tuple(LANGUAGES), *,
                 job_timeout_s: float = 4.0, start_timeout_s: float = 30.0,
                 max_restarts: int = 3, use_worker: bool = True) -> None:
        self._languages = tuple(languages)
        self._job_timeout = job_timeout_s
        self._start_timeout = start_timeout_s
        self._max_restarts = max_restarts
        self._use_worker = use_worker
        self._lock = threading.RLock()
        self._workdir_path: Path | None = None
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None
        self._restarts = 0
        self._spawned_at = 0.0
        self._job_ids = 0
        self._cli: EspeakCli | None = None
        self._cli_checked = False
        self.worker_engine: str | None = None
        self.worker_voices: dict[str, str] = {}
        self.failure: str | None = None
        self.state = EngineState.STARTING
        self._closed = False

    # ------------------------------------------------------------------ lifecycle

    @property
    def _workdir(self) -> Path:
        """Temporary folder for the engines' WAV files, made on first use."""
        if self._workdir_path is None:
            self._workdir_path = Path(tempfile.mkdtemp(prefix="uno-voice-"))
        return self._workdir_path

    def start(self) -> None:
        """Start the worker in the background (returns at once); idempotent."""
        with self._lock:
            if self._proc is None and self.state is EngineState.STARTING:
                if self._use_worker:
                    self._spawn()
                else:
                    self._fall_back("worker disabled")

    def _spawn(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_worker_main, name="uno-speech",
                           args=(child, str(self._workdir), self._languages), daemon=True)
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        self._spawned_at = time.monotonic()
        self.state = EngineState.STARTING

    def wait_ready(self, timeout: float | None = None) -> EngineState:
        """Block until the engine is known (worker up, or fallen back) or ``timeout`` passed;
        returns the state. The lock is not held while waiting, so :meth:`close` never waits."""
        self.start()
        deadline = time.monotonic() + (self._start_timeout if timeout is None else timeout)
        while True:
            with self._lock:
                if self.state is EngineState.STARTING and not self._closed:
                    self._check_ready()
                if self.state is not EngineState.STARTING or self._closed:
                    return self.state
            if time.monotonic() >= deadline:
                return self.state
            time.sleep(0.01)

    def _check_ready(self) -> None:
        """Take the worker's first message if it came; give up on a dead or too slow worker."""
        conn, proc = self._conn, self._proc
        assert conn is not None and proc is not None
        try:
            message = conn.recv() if conn.poll() else None
        except (EOFError, OSError):
            message = _Failed(f"speech worker exited (code {proc.exitcode})")
        if message is None:
            if not proc.is_alive():
                message = _Failed(f"speech worker exited (code {proc.exitcode})")
            elif time.monotonic() - self._spawned_at >= self._start_timeout:
                message = _Failed(f"speech worker not ready after {self._start_timeout:.0f} s")
            else:
                return  # still starting
        if isinstance(message, _Ready):
            self.worker_engine, self.worker_voices = message.engine, message.voices
            self.state = EngineState.WORKER
        else:
            assert isinstance(message, _Failed)
            self._kill_worker()
            self._fall_back(message.reason)

    def _fall_back(self, reason: str) -> None:
        """No worker: the espeak-ng command line if present, else no speech at all."""
        self.failure = reason
        self.state = EngineState.CLI if self._command_line() is not None else EngineState.NONE
        _log.warning("pyttsx3 unavailable (%s); speech engine: %s", reason, self.state.value)

    def _command_line(self) -> EspeakCli | None:
        if not self._cli_checked:
            self._cli_checked = True
            try:
                self._cli = EspeakCli(self._workdir, timeout_s=self._job_timeout)
            except SynthError:
                self._cli = None
        return self._cli

    def _kill_worker(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            conn.close()
        if proc is not None and proc.is_alive():
            proc.kill()
            proc.join(2.0)

    def close(self) -> None:
        """Stop the worker and remove the temporary files."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._conn is not None and self._proc is not None and self._proc.is_alive():
                with contextlib.suppress(OSError, ValueError):
                    self._conn.send(None)
                self._proc.join(1.0)
            self._kill_worker()
            if self._workdir_path is not None:
                shutil.rmtree(self._workdir_path, ignore_errors=True)

    @property
    def engine(self) -> str | None:
        """Name of the engine now in use, ``None`` when there is none (or still starting)."""
        if self.state is EngineState.WORKER:
            return self.worker_engine
        if self.state is EngineState.CLI and self._cli is not None:
            return self._cli.name
        return None

    @property
    def worker_pid(self) -> int | None:
        """The worker process id (for diagnostics and the hang test)."""
        return None if self._proc is None else self._proc.pid

    # ------------------------------------------------------------------ rendering

    def render(self, segments: Sequence[Segment], language: str, rate: int,
               channels: int) -> Rendered:
        """Render ``segments`` at ``rate`` Hz, ``channels`` channels; raises ``SynthError``.

        The first call waits for the worker to start; while a restarted worker starts, the
        command line serves."""
        if self._restarts == 0:
            self.wait_ready()
        with self._lock:
            if self._closed:
                raise SynthError("renderer closed")
            if self.state is EngineState.STARTING:
                self._check_ready()
            if self.state is EngineState.WORKER:
                try:
                    return self._render_in_worker(tuple(segments), language, rate, channels)
                except _WorkerLost as exc:
                    self._restart(str(exc))
                except SynthError as exc:
                    _log.warning("speech worker failed on a job (%s); using the command line",
                                 exc)
            cli = self._command_line()
            if cli is None:
                raise SynthError("no speech engine available")
            pcm, frames, used = assemble(segments, language, rate, channels, cli.speak)
            return Rendered(pcm, frames, rate, channels, used, cli.name)

    def _render_in_worker(self, segments: tuple[Segment, ...], language: str, rate: int,
                          channels: int) -> Rendered:
        conn = self._conn
        assert conn is not None
        self._job_ids += 1
        job = _Job(self._job_ids, segments, language, rate, channels)
        chars = sum(len(s.text) for s in segments if isinstance(s, Speech))
        deadline = self._job_timeout + chars / 100.0
        try:
            conn.send(job)
            if not conn.poll(deadline):
                raise _WorkerLost(f"no answer within {deadline:.1f} s")
            result = conn.recv()
        except (EOFError, OSError) as exc:
            raise _WorkerLost(f"worker died: {exc}") from exc
        if not isinstance(result, _Result) or result.job_id != job.job_id:
            raise _WorkerLost("worker answered out of turn")
        if result.error is not None:
            raise SynthError(result.error)
        return Rendered(result.pcm, result.frames, rate, channels, result.voices,
                        self.worker_engine or "pyttsx3")

    def _restart(self, reason: str) -> None:
        """Kill a lost worker; start a fresh one unless it keeps failing."""
        _log.warning("speech worker lost (%s); killed", reason)
        self._kill_worker()
        self._restarts += 1
        if self._restarts <= self._max_restarts:
            self._spawn()
        else:
            self._fall_back(f"worker lost {self._restarts} times; last: {reason}")
