"""Roboto's own voice: the speech engine's output made robotic, so he never sounds like the
narrator (issue 14). Only his spoken text goes through it; the players' recorded names spliced
into his lines stay as they were recorded.

The effect: a little higher and quicker (resampled by :data:`SHIFT`), ring-modulated by a
low sine (the metallic buzz of toy robots) and put through a short comb filter (a tinny,
boxy resonance), then brought back to the original peak level.
"""

from __future__ import annotations

import numpy as np

from game.voice.dsp import Audio, Samples

#: Pitch and pace up by this factor (about two semitones).
SHIFT = 1.12
#: The ring modulator's frequency (Hz) and how much of it is mixed in.
RING_HZ = 48.0
RING_MIX = 0.55
#: The comb filter's delay (s) and feedback.
COMB_S = 0.0045
COMB_FEEDBACK = 0.45

#: Speech segments spoken in his voice carry this name (``Speech.voice``).
ROBOTO = "roboto"


def robot_voice(audio: Audio) -> Audio:
    """``audio`` in Roboto's voice (same rate; a little shorter)."""
    x = audio.samples.astype(np.float64)
    if len(x) < 2:
        return audio
    peak = float(np.max(np.abs(x))) or 1.0
    n = max(2, int(len(x) / SHIFT))
    x = np.interp(np.linspace(0, len(x) - 1, n), np.arange(len(x)), x)
    t = np.arange(n) / audio.rate
    x = x * ((1 - RING_MIX) + RING_MIX * np.sin(2 * np.pi * RING_HZ * t))
    d = max(1, int(COMB_S * audio.rate))
    y = x.copy()
    for start in range(d, n, d):  # feedback comb, a block of ``d`` samples at a time
        y[start:start + d] += COMB_FEEDBACK * y[start - d:start - d + len(y[start:start + d])]
    top = float(np.max(np.abs(y))) or 1.0
    out: Samples = (y * (peak / top)).astype(np.float32)
    return Audio(out, audio.rate)
