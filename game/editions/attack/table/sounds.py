"""UNO Attack's device sounds, generated in code (listed in ``assets/SOUNDS.md``) and put on
the one sound board's device bus when the table layer is imported, so the effects volume,
the master volume and muting apply to them like to every other effect: the launcher's rising
rumble, the fire itself and the puff of relief of a dud."""

from __future__ import annotations

import numpy as np

from game import audio
from game.audio import dsp
from game.audio.registry import RATE


def rumble() -> np.ndarray:
    """The launcher's wind-up (about 1.4 s): a low rumble that rises in pitch and loudness."""
    t = dsp.grid(1.4)
    pitch = 40 + 50 * (t / 1.4) ** 2
    body = np.sin(2 * np.pi * np.cumsum(pitch) / RATE)
    grit = dsp.uniform(1.4, 21, 60) * 3
    swell = np.minimum(1.0, t / 0.2) * (0.35 + 0.65 * t / 1.4)
    wave: np.ndarray = np.clip((0.6 * body + grit) * swell, -1, 1) * 0.7
    return wave


def fire() -> np.ndarray:
    """The eruption: a thump and a spray of card flaps."""
    t = dsp.grid(0.5)
    thump = np.sin(2 * np.pi * (120 - 160 * t) * t) * np.exp(-9 * t)
    flaps = dsp.uniform(0.5, 31) * (np.sin(2 * np.pi * 22 * t) > 0.3) * np.exp(-4 * t) * 0.5
    wave: np.ndarray = np.clip(thump + flaps, -1, 1) * 0.85
    return wave


def puff() -> np.ndarray:
    """A dud: a soft breath of air, falling (relief)."""
    t = dsp.grid(0.45)
    air = dsp.uniform(0.45, 41, 12) * 3
    wave: np.ndarray = np.clip(air * np.sin(np.pi * t / 0.45) ** 2, -1, 1) * 0.45
    return wave


#: The launcher's sounds, by their names on the board.
SOUNDS = {"launcher_rumble": rumble, "launcher_fire": fire, "launcher_puff": puff}

audio.register_device_sounds(SOUNDS)
