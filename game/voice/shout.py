"""Optional "shout UNO": a loud sound at the microphone, while a player must call UNO, counts as
the call.

The threshold is calibrated in the settings from the level meter: a few seconds of the quiet room,
then a few seconds of shouting (:func:`calibrate`). :class:`ShoutDetector` is a small state
machine over the levels (testable without hardware); :class:`ShoutWatcher` feeds it from a
:class:`~game.voice.recorder.Recorder` and lets the frame loop poll it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from game.voice.recorder import Recorder

__all__ = [
    "DEFAULT_THRESHOLD_DB",
    "CalibrationError",
    "ShoutDetector",
    "ShoutWatcher",
    "calibrate",
]

#: Threshold used before any calibration (dBFS of a buffer's RMS): a clear shout near the mic.
DEFAULT_THRESHOLD_DB = -18.0
#: The threshold stays at least this far above the room's loud moments.
MIN_MARGIN_DB = 8.0
#: A calibration shout must be at least this much louder than the room.
MIN_CONTRAST_DB = 10.0


class CalibrationError(ValueError):
    """The shout was not clearly louder than the room: calibrate again (or keep the default)."""


def calibrate(ambient_db: Sequence[float], shout_db: Sequence[float]) -> float:
    """Threshold (dBFS) from levels measured in the quiet room and while the player shouted.

    Halfway between the room's loud end (95th percentile) and the shout (median of its loudest
    half, since a shout has gaps), never closer than :data:`MIN_MARGIN_DB` to the room.
    """
    if not ambient_db or not shout_db:
        raise CalibrationError("no levels measured")
    room = float(np.percentile(ambient_db, 95))
    loud = np.sort(np.asarray(shout_db, dtype=float))[len(shout_db) // 2:]
    shout = float(np.median(loud))
    if shout - room < MIN_CONTRAST_DB:
        raise CalibrationError(f"shout {shout:.1f} dB is not clearly above the room {room:.1f} dB")
    return max((room + shout) / 2.0, room + MIN_MARGIN_DB)


class ShoutDetector:
    """Fires once when the level stays above ``threshold_db`` for ``min_seconds`` while armed;
    fires again only after the level fell ``hysteresis_db`` below the threshold."""

    def __init__(self, threshold_db: float = DEFAULT_THRESHOLD_DB, *, min_seconds: float = 0.12,
                 hysteresis_db: float = 6.0) -> None:
        self.threshold_db = threshold_db
        self.min_seconds = min_seconds
        self.hysteresis_db = hysteresis_db
        self.armed = False
        self._loud_for = 0.0
        self._latched = False

    def arm(self) -> None:
        """A player must call UNO now."""
        self.armed = True

    def disarm(self) -> None:
        self.armed = False

    def feed(self, level_db: float, seconds: float) -> bool:
        """One buffer's level and duration; returns ``True`` when this buffer completes a shout."""
        if level_db >= self.threshold_db:
            self._loud_for += seconds
        elif level_db < self.threshold_db - self.hysteresis_db:
            self._loud_for = 0.0
            self._latched = False
        if self.armed and not self._latched and self._loud_for >= self.min_seconds:
            self._latched = True
            return True
        return False


class ShoutWatcher:
    """Connects a detector to a recorder's levels; the frame loop calls :meth:`poll`."""

    def __init__(self, recorder: Recorder, detector: ShoutDetector | None = None) -> None:
        self.detector = detector or ShoutDetector()
        self._recorder = recorder
        self._lock = threading.Lock()
        self._heard = False
        recorder.add_level_listener(self._on_level)

    def _on_level(self, level_db: float, seconds: float) -> None:
        with self._lock:
            if self.detector.feed(level_db, seconds):
                self._heard = True

    def arm(self) -> None:
        with self._lock:
            self._heard = False
            self.detector.arm()

    def disarm(self) -> None:
        with self._lock:
            self._heard = False
            self.detector.disarm()

    def poll(self) -> bool:
        """``True`` once after a shout was heard while armed (then disarms)."""
        with self._lock:
            heard, self._heard = self._heard, False
            if heard:
                self.detector.disarm()
            return heard

    def close(self) -> None:
        self._recorder.remove_level_listener(self._on_level)
