"""The app's one clock: seconds since the game started, advanced once a frame.

The frame loop reads the real time once a frame and hands scenes ``dt`` (capped, so a
stalled frame doesn't jump an animation); what must follow the real time instead (Roboto
dozing off after a minute of nothing, a recording's length) reads :attr:`Clock.now`.
Nothing else in the front end reads the system clock for game time. (Frames that tests
drive by hand pass ``dt`` and leave ``now`` still: only ``dt`` moves then.)
"""

from __future__ import annotations

import time


class Clock:
    """Monotonic seconds since the app started (see the module docstring)."""

    def __init__(self) -> None:
        self._start = time.perf_counter()
        self.now = 0.0

    def read(self) -> float:
        """Read the real time once (the frame loop does, once a frame): the new ``now``."""
        self.now = max(self.now, time.perf_counter() - self._start)
        return self.now

