"""UNO Roboto's device sounds, generated in code (listed in ``assets/SOUNDS.md``) and put on
the one sound board's device bus when the table layer is imported, so the effects volume,
the master volume and muting apply to them like to every other effect: a drum roll before a
surprise command and a jingle for a win."""

from __future__ import annotations

import numpy as np

from game import audio
from game.audio import dsp


def drumroll() -> np.ndarray:
    """Roboto's drum roll (about 0.9 s): fast snare hits that swell, then a cymbal crash."""
    t = dsp.grid(0.9)
    hits = (np.sin(2 * np.pi * 28 * t) > 0.6).astype(float)  # 28 strokes a second
    snare = dsp.uniform(0.9, 11) * hits * (0.25 + 0.75 * t / 0.9)
    crash_t = dsp.grid(0.5)
    crash = dsp.uniform(0.5, 12) * np.exp(-6 * crash_t) * 0.8
    return np.concatenate([snare * 0.6, crash])


def jingle() -> np.ndarray:
    """Roboto's win jingle: a bright, bleepy arpeggio up to a held chord."""
    notes = []
    for f in (523.25, 659.25, 783.99, 1046.5, 783.99, 1046.5):
        t = dsp.grid(0.09)
        notes.append(np.sign(np.sin(2 * np.pi * f * t)) * 0.25 * np.exp(-8 * t))
    t = dsp.grid(0.6)
    chord = sum(np.sin(2 * np.pi * f * t) for f in (1046.5, 1318.5, 1568.0)) / 3
    notes.append(chord * np.exp(-3 * t) * 0.7)
    return np.concatenate(notes)


#: Roboto's device sounds, by their names on the board.
SOUNDS = {"roboto_drumroll": drumroll, "roboto_jingle": jingle}

audio.register_device_sounds(SOUNDS)
