"""The electronic editions' device sounds, generated in code (no recordings, no licence to
track; listed in ``assets/SOUNDS.md``) and added to the one sound board with
:func:`game.audio.register` on the device bus, so the effects volume, the master volume and
muting apply to them like to every other effect.

Roboto: a drum roll before a surprise and a jingle for a win. Attack: the launcher's rising
rumble, its growl before an eruption, the fire itself and the puff of relief of a dud. Triple
Play: the overload alarm and the timer's tick. Sonic: the ring of each card drawn in a
Victory Lap and the whoosh of the blur.
"""

from __future__ import annotations

import numpy as np

from game import audio
from game.audio.registry import RATE, Bus


def _t(seconds: float) -> np.ndarray:
    return np.linspace(0, seconds, int(RATE * seconds), endpoint=False)


def _noise(seconds: float, seed: int, smooth: int = 1) -> np.ndarray:
    raw = np.random.default_rng(seed).uniform(-1, 1, int(RATE * seconds))
    if smooth > 1:
        raw = np.convolve(raw, np.ones(smooth) / smooth, mode="same")
    return raw


def drumroll() -> np.ndarray:
    """Roboto's drum roll (about 0.9 s): fast snare hits that swell, then a cymbal crash."""
    t = _t(0.9)
    hits = (np.sin(2 * np.pi * 28 * t) > 0.6).astype(float)  # 28 strokes a second
    snare = _noise(0.9, 11) * hits * (0.25 + 0.75 * t / 0.9)
    crash_t = _t(0.5)
    crash = _noise(0.5, 12) * np.exp(-6 * crash_t) * 0.8
    return np.concatenate([snare * 0.6, crash])


def jingle() -> np.ndarray:
    """Roboto's win jingle: a bright, bleepy arpeggio up to a held chord."""
    notes = []
    for f in (523.25, 659.25, 783.99, 1046.5, 783.99, 1046.5):
        t = _t(0.09)
        notes.append(np.sign(np.sin(2 * np.pi * f * t)) * 0.25 * np.exp(-8 * t))
    t = _t(0.6)
    chord = sum(np.sin(2 * np.pi * f * t) for f in (1046.5, 1318.5, 1568.0)) / 3
    notes.append(chord * np.exp(-3 * t) * 0.7)
    return np.concatenate(notes)


def rumble() -> np.ndarray:
    """The launcher's wind-up (about 1.4 s): a low rumble that rises in pitch and loudness."""
    t = _t(1.4)
    pitch = 40 + 50 * (t / 1.4) ** 2
    body = np.sin(2 * np.pi * np.cumsum(pitch) / RATE)
    grit = _noise(1.4, 21, 60) * 3
    swell = np.minimum(1.0, t / 0.2) * (0.35 + 0.65 * t / 1.4)
    return np.clip((0.6 * body + grit) * swell, -1, 1) * 0.7


def fire() -> np.ndarray:
    """The eruption: a thump and a spray of card flaps."""
    t = _t(0.5)
    thump = np.sin(2 * np.pi * (120 - 160 * t) * t) * np.exp(-9 * t)
    flaps = _noise(0.5, 31) * (np.sin(2 * np.pi * 22 * t) > 0.3) * np.exp(-4 * t) * 0.5
    return np.clip(thump + flaps, -1, 1) * 0.85


def puff() -> np.ndarray:
    """A dud: a soft breath of air, falling (relief)."""
    t = _t(0.45)
    air = _noise(0.45, 41, 12) * 3
    return np.clip(air * np.sin(np.pi * t / 0.45) ** 2, -1, 1) * 0.45


def alarm() -> np.ndarray:
    """The tray overload alarm: a two-tone siren three times, buzzing."""
    out = []
    for _k in range(3):
        for f in (880.0, 660.0):
            t = _t(0.16)
            out.append(np.sign(np.sin(2 * np.pi * f * t)) * 0.3 * np.minimum(1.0, t / 0.01))
    return np.concatenate(out)


def tick() -> np.ndarray:
    """The timer's last seconds: a wooden tick."""
    t = _t(0.06)
    return np.sin(2 * np.pi * 1800 * t) * np.exp(-70 * t) * 0.6


def ring() -> np.ndarray:
    """A Victory Lap card: a high, sparkling two-note ring."""
    a, b = _t(0.07), _t(0.35)
    first = sum(np.sin(2 * np.pi * f * a) for f in (1568.0, 3136.0)) / 2 * np.exp(-10 * a)
    second = sum(np.sin(2 * np.pi * f * b) for f in (2093.0, 4186.0)) / 2 * np.exp(-7 * b)
    return np.concatenate([first, second]) * 0.6


def whoosh() -> np.ndarray:
    """The blue blur going past: filtered noise sweeping up and away."""
    t = _t(0.6)
    width = (4 + 40 * (1 - t / 0.6)).astype(int)
    raw = _noise(0.6, 51)
    out = np.empty_like(raw)
    step = RATE // 50  # the filter opens in 50 slices a second
    for i in range(0, len(raw), step):
        k = max(1, int(width[i]))
        out[i:i + step] = np.convolve(raw[max(0, i - k):i + step], np.ones(k) / k,
                                      mode="same")[-len(raw[i:i + step]):]
    return np.clip(out * 2.5 * np.sin(np.pi * t / 0.6), -1, 1) * 0.6


#: Every device sound, by its name on the board.
SOUNDS = {
    "roboto_drumroll": drumroll,
    "roboto_jingle": jingle,
    "launcher_rumble": rumble,
    "launcher_fire": fire,
    "launcher_puff": puff,
    "tray_alarm": alarm,
    "timer_tick": tick,
    "lap_ring": ring,
    "lap_whoosh": whoosh,
}


def register_all() -> None:
    """Put every device sound on the board (once)."""
    for name, build in SOUNDS.items():
        audio.register(name, build, Bus.DEVICE, doc=(build.__doc__ or "").strip())


register_all()
