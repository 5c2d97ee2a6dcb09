"""UNO Triple Play's device sounds, generated in code (listed in ``assets/SOUNDS.md``) and put
on the one sound board's device bus when the table layer is imported, so the effects volume,
the master volume and muting apply to them like to every other effect: the overload alarm and
the timer's tick."""

from __future__ import annotations

import numpy as np

from game import audio
from game.audio import dsp


def alarm() -> np.ndarray:
    """The tray overload alarm: a two-tone siren three times, buzzing."""
    out = []
    for _k in range(3):
        for f in (880.0, 660.0):
            t = dsp.grid(0.16)
            out.append(np.sign(np.sin(2 * np.pi * f * t)) * 0.3 * np.minimum(1.0, t / 0.01))
    return np.concatenate(out)


def tick() -> np.ndarray:
    """The timer's last seconds: a wooden tick."""
    t = dsp.grid(0.06)
    wave: np.ndarray = np.sin(2 * np.pi * 1800 * t) * np.exp(-70 * t) * 0.6
    return wave


#: The tray unit's sounds, by their names on the board.
SOUNDS = {"tray_alarm": alarm, "timer_tick": tick}

audio.register_device_sounds(SOUNDS)
