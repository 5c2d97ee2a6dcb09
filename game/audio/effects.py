"""The core game's sound effects, generated in code and registered by name on import."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np

from game.audio.registry import RATE, Bus, register

#: The core effects (editions add theirs through :func:`game.audio.registry.register`).
CORE = ("card", "draw", "shuffle", "uno", "skip", "reverse", "wild", "win", "error", "click",
        "catch", "growl", "overload", "beep")


def _tone(freqs: Sequence[float], seconds: float, decay: float = 8.0,
          wave: str = "sine") -> np.ndarray:
    t = np.linspace(0, seconds, int(RATE * seconds), endpoint=False)
    out = np.zeros_like(t)
    for f in freqs:
        phase = 2 * np.pi * f * t
        out += np.sign(np.sin(phase)) * 0.3 if wave == "square" else np.sin(phase)
    out /= max(1, len(freqs))
    return out * np.exp(-decay * t)


def _noise(seconds: float, decay: float, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = int(RATE * seconds)
    t = np.arange(n) / RATE
    raw = rng.uniform(-1, 1, n)
    smooth = np.convolve(raw, np.ones(6) / 6, mode="same")
    return smooth * np.exp(-decay * t)


def _seq(*parts: np.ndarray, gap: float = 0.0) -> np.ndarray:
    pad = np.zeros(int(RATE * gap))
    out: list[np.ndarray] = []
    for p in parts:
        out += [p, pad]
    return np.concatenate(out)


def _legacy(name: str) -> np.ndarray:
    """The waveform of effect ``name`` (mono floats in -1..1)."""
    if name == "card":
        return _noise(0.12, 40) * 0.6
    if name == "draw":
        return _noise(0.08, 60, 2) * 0.5 + _tone([900], 0.08, 50) * 0.2
    if name == "shuffle":
        return _seq(*[_noise(0.05, 70, i) * 0.5 for i in range(8)], gap=0.01)
    if name == "uno":
        return _seq(_tone([660, 990], 0.14, 10), _tone([880, 1320], 0.22, 7))
    if name == "skip":
        return _tone([220, 330], 0.25, 9, "square")
    if name == "reverse":
        t = np.linspace(0, 0.3, int(RATE * 0.3), endpoint=False)
        return np.sin(2 * np.pi * (300 + 900 * t) * t) * np.exp(-5 * t) * 0.7
    if name == "wild":
        return _seq(*[_tone([f], 0.08, 18) for f in (523, 659, 784, 1046)])
    if name == "win":
        return _seq(*[_tone([f, f * 1.5], 0.16, 6) for f in (523, 659, 784)],
                    _tone([1046, 1568], 0.5, 3))
    if name == "error":
        return _tone([140, 147], 0.22, 8, "square")
    if name == "catch":
        return _seq(_tone([1200], 0.06, 30), _tone([800], 0.1, 20))
    if name == "growl":  # Attack's launcher fires: a low, rough, wobbling roar
        t = np.linspace(0, 0.8, int(RATE * 0.8), endpoint=False)
        pitch = 95 - 35 * t + 6 * np.sin(2 * np.pi * 7 * t)
        saw = 2 * ((np.cumsum(pitch) / RATE) % 1.0) - 1
        rough = np.convolve(_noise(0.8, 0.0, 5), np.ones(40) / 40, mode="same")
        swell = np.minimum(1.0, t / 0.12) * np.exp(-2.5 * t)
        return np.clip((0.55 * saw + 2.5 * rough) * swell, -1, 1) * 0.8
    if name == "overload":  # Triple Play's tray overloads (T-6): a siren, then a fanfare
        t = np.linspace(0, 0.5, int(RATE * 0.5), endpoint=False)
        siren = np.sin(2 * np.pi * np.cumsum(700 + 300 * np.sin(2 * np.pi * 6 * t)) / RATE)
        return _seq(siren * 0.5, *[_tone([f, f * 2], 0.12, 9, "square") for f in (392, 523)],
                    _tone([659, 1318], 0.35, 5, "square"))
    if name == "beep":  # Roboto dozes off: a soft two-note beep, high then low
        return _seq(_tone([988], 0.14, 5), _tone([740], 0.24, 6), gap=0.04) * 0.7
    return _tone([1000], 0.03, 80) * 0.4  # click


for _name in CORE:
    register(_name, partial(_legacy, _name),
             Bus.DEVICE if _name in ("growl", "overload", "beep") else Bus.EFFECTS)
