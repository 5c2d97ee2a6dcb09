"""Microphone recording: players' names (≤ 3 s), nicknames (≤ 3 s) and the house rule (≤ 10 s).

A sounddevice ``InputStream`` runs while the recording screen is up; its callback (PortAudio's
real-time thread) only copies each buffer into a queue. A consumer thread drains the queue,
keeps the level for the UI's meter (and the shout detector), and collects the take between
:meth:`Recorder.start` and :meth:`Recorder.stop`, stopping by itself at the kind's limit. The take
is trimmed of silence; :class:`~game.voice.clips.ClipStore` saves it.

Opening a stream can take 0.5–2 s, so :meth:`Recorder.open` does it on the consumer thread; the
recorder is ready when the first buffer arrives. With no PortAudio or no capture device the
state is ``UNAVAILABLE`` (typed names replace recordings) and nothing raises.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np

from game.voice.audio_env import find_input, load_error, load_sounddevice, rescan
from game.voice.clips import ClipKind
from game.voice.dsp import FLOOR_DB, Samples, level_db, level_to_meter, trim_silence

__all__ = ["LevelListener", "Recorder", "RecorderState", "Take"]

_log = logging.getLogger(__name__)

#: Called on the recorder's thread with each buffer's level (dBFS) and duration (s).
LevelListener = Callable[[float, float], None]


class RecorderState(Enum):
    UNAVAILABLE = "unavailable"  # no PortAudio or no capture device
    CLOSED = "closed"
    OPENING = "opening"
    LISTENING = "listening"  # the stream runs; the level meter moves
    RECORDING = "recording"


@dataclass(frozen=True)
class Take:
    """One recording, silence trimmed. ``empty`` when nothing but silence was heard."""

    kind: ClipKind
    samples: Samples
    rate: int
    raw_seconds: float

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate

    @property
    def empty(self) -> bool:
        return len(self.samples) == 0


class Recorder:
    """Records from one capture device (``device``: index, name, or ``None`` for the default)."""

    def __init__(self, device: int | str | None = None, *, samplerate: int | None = None,
                 blocksize: int = 1024) -> None:
        self._device = device
        self._samplerate = samplerate
        self._blocksize = blocksize
        self._buffers: queue.SimpleQueue[Samples] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None
        self._listeners: list[LevelListener] = []
        self._state = RecorderState.CLOSED
        self._level_db = FLOOR_DB
        self._kind: ClipKind | None = None
        self._chunks: list[Samples] = []
        self._collected = 0
        self._limit_reached = False
        self.rate = 0
        self.device_name: str | None = None
        self.error: str | None = None

    # ------------------------------------------------------------------ stream

    @property
    def state(self) -> RecorderState:
        return self._state

    def open(self, wait: bool = True, timeout: float = 10.0) -> bool:
        """Start listening (in the background). With ``wait``, block until the first buffer
        arrives. Returns whether the recorder listens (``False`` also while still opening).

        After an ``UNAVAILABLE`` attempt, opening again first re-initialises PortAudio, which
        lists devices only when it starts: a "try the microphone again" button just calls this.
        """
        if self._thread is None or not self._thread.is_alive():
            retry = self._state is RecorderState.UNAVAILABLE
            self._ready.clear()
            self._closing.clear()
            self._state = RecorderState.OPENING
            self.error = None
            self._thread = threading.Thread(target=self._run, args=(retry,),
                                            name="uno-recorder", daemon=True)
            self._thread.start()
        if wait:
            self._ready.wait(timeout)
        return self._state in (RecorderState.LISTENING, RecorderState.RECORDING)

    def close(self) -> None:
        """Stop the stream (the level drops to silence)."""
        self._closing.set()
        if self._thread is not None:
            self._thread.join(5.0)
            self._thread = None
        if self._state is not RecorderState.UNAVAILABLE:
            self._state = RecorderState.CLOSED
        self._level_db = FLOOR_DB

    def _unavailable(self, reason: str) -> None:
        self.error = reason
        self._state = RecorderState.UNAVAILABLE
        _log.warning("microphone unavailable: %s", reason)
        self._ready.set()

    def _run(self, rescan_first: bool) -> None:
        if rescan_first:  # a microphone may have been plugged in since PortAudio started
            rescan()
        sd = load_sounddevice()
        if sd is None:
            self._unavailable(load_error() or "sounddevice unavailable")
            return
        found = find_input(self._device)
        if found is None:
            self._unavailable(f"no capture device ({self._device or 'default'})")
            return
        self.rate = self._samplerate or found.default_rate
        self.device_name = found.name
        try:
            stream = sd.InputStream(device=found.index, channels=1, samplerate=self.rate,
                                    dtype="float32", blocksize=self._blocksize,
                                    callback=self._callback)
            stream.start()
        except Exception as exc:  # PortAudioError, OSError, a bad rate …: no microphone
            self._unavailable(f"{type(exc).__name__}: {exc}")
            return
        try:
            while not self._closing.is_set():
                try:
                    block = self._buffers.get(timeout=0.05)
                except queue.Empty:
                    continue
                self._consume(block)
        finally:
            try:
                stream.stop()
                stream.close()
            except (OSError, sd.PortAudioError) as exc:
                _log.warning("closing the input stream failed: %s", exc)

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        """PortAudio's thread: copy the buffer and return at once."""
        self._buffers.put(indata[:, 0].copy())

    def _consume(self, block: Samples) -> None:
        if not self._ready.is_set():
            self._state = RecorderState.LISTENING
            self._ready.set()
        db = level_db(block)
        self._level_db = db
        with self._lock:
            if self._kind is not None and not self._limit_reached:
                limit = int(self._kind.max_seconds * self.rate)
                part = block[: max(0, limit - self._collected)]
                self._chunks.append(part)
                self._collected += len(part)
                self._limit_reached = self._collected >= limit
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(db, len(block) / self.rate)
            except Exception:  # a broken listener must not stop the recording
                _log.exception("level listener failed")

    # ------------------------------------------------------------------ level meter

    @property
    def level_db(self) -> float:
        """Level of the latest buffer, in dBFS."""
        return self._level_db

    @property
    def level(self) -> float:
        """Level of the latest buffer as 0..1, for a meter bar."""
        return level_to_meter(self._level_db)

    def add_level_listener(self, listener: LevelListener) -> None:
        with self._lock:
            self._listeners.append(listener)

    def remove_level_listener(self, listener: LevelListener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)

    # ------------------------------------------------------------------ takes

    def start(self, kind: ClipKind) -> bool:
        """Begin a take of ``kind`` (the recorder must be listening). Returns whether it began."""
        if self._state is not RecorderState.LISTENING:
            return False
        with self._lock:
            self._kind, self._chunks, self._collected = kind, [], 0
            self._limit_reached = False
            self._state = RecorderState.RECORDING
        return True

    @property
    def elapsed(self) -> float:
        """Seconds recorded in the current take."""
        return self._collected / self.rate if self.rate else 0.0

    @property
    def limit_reached(self) -> bool:
        """The take hit its kind's maximum length and stopped collecting (call :meth:`stop`)."""
        return self._limit_reached

    def stop(self) -> Take | None:
        """End the take: its audio with the silence trimmed, or ``None`` if none was running."""
        with self._lock:
            kind, chunks = self._kind, self._chunks
            self._kind, self._chunks, self._collected = None, [], 0
            self._limit_reached = False
            if self._state is RecorderState.RECORDING:
                self._state = RecorderState.LISTENING
        if kind is None:
            return None
        raw = np.concatenate(chunks) if chunks else np.zeros(0, np.float32)
        return Take(kind, trim_silence(raw, self.rate), self.rate, len(raw) / self.rate)
