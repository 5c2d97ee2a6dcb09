"""Small synthesis kit for the game's sounds (numpy only, at :data:`RATE`).

Filters work in the frequency domain (zero phase, Butterworth-shaped magnitude), applied to
stationary noise *before* an envelope shapes it, so an attack stays sharp. Tones are additive:
partials with their own decay (upper partials die first, as on a struck or plucked object).
Everything is deterministic: noise comes from a seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from game.audio.registry import RATE

__all__ = ["adsr", "bandpass", "buffer", "exp_env", "fade", "grid", "highpass", "hz", "lowpass",
           "mix", "noise", "normalize", "pan", "partials", "pink", "place", "samples", "times",
           "uniform"]

Wave = np.ndarray


def samples(seconds: float) -> int:
    return max(1, round(seconds * RATE))


def times(seconds: float) -> Wave:
    return np.arange(samples(seconds)) / RATE


def grid(seconds: float) -> Wave:
    """``int(seconds * RATE)`` sample times from 0 (the editions' device sounds' clock; it
    truncates where :func:`times` rounds, so their lengths stay what they always were)."""
    return np.linspace(0, seconds, int(RATE * seconds), endpoint=False)


def uniform(seconds: float, seed: int, smooth: int = 1) -> Wave:
    """Seeded noise flat in -1..1 over :func:`grid`'s samples, optionally smoothed by a moving
    average of ``smooth`` samples (the editions' device sounds' noise)."""
    raw = np.random.default_rng(seed).uniform(-1, 1, int(RATE * seconds))
    if smooth > 1:
        raw = np.convolve(raw, np.ones(smooth) / smooth, mode="same")
    return raw


def buffer(seconds: float, stereo: bool = False) -> Wave:
    n = samples(seconds)
    return np.zeros((n, 2) if stereo else n)


def hz(midi: float) -> float:
    """The frequency of MIDI note ``midi`` (69 = A4 = 440 Hz)."""
    return float(440.0 * 2 ** ((midi - 69) / 12))


def noise(seconds: float, seed: int) -> Wave:
    return np.random.default_rng(seed).standard_normal(samples(seconds))


def pink(seconds: float, seed: int) -> Wave:
    """Noise with equal energy in every octave (1/f power), like most natural noises."""
    white = noise(seconds, seed)
    shaped = _shape(white, lambda f: 1 / np.sqrt(np.maximum(f, 20.0) / 1000))
    return shaped / (np.std(shaped) or 1.0)


def _shape(x: Wave, gain: Callable[[np.ndarray], np.ndarray]) -> Wave:
    n = len(x)
    size = 1 << max(1, int(np.ceil(np.log2(n))))  # zero-pad: no wrap-around of the tail
    spec = np.fft.rfft(x, size)
    return np.fft.irfft(spec * gain(np.fft.rfftfreq(size, 1 / RATE)), size)[:n]


def lowpass(x: Wave, cutoff: float, order: int = 2) -> Wave:
    return _shape(x, lambda f: 1 / np.sqrt(1 + (f / cutoff) ** (2 * order)))


def highpass(x: Wave, cutoff: float, order: int = 2) -> Wave:
    return _shape(x, lambda f: 1 / np.sqrt(1 + (cutoff / np.maximum(f, 1e-3))
                                           ** (2 * order)))


def bandpass(x: Wave, low: float, high: float, order: int = 2) -> Wave:
    return lowpass(highpass(x, low, order), high, order)


def exp_env(seconds: float, attack: float, decay: float) -> Wave:
    """A linear rise over ``attack`` s, then an exponential fall with time constant ``decay``."""
    t = times(seconds)
    rise = np.minimum(1.0, t / max(attack, 1.0 / RATE))
    fall = np.exp(-np.maximum(0.0, t - attack) / max(decay, 1e-4))
    return rise * fall


def adsr(seconds: float, attack: float, decay: float, sustain: float, release: float) -> Wave:
    """Attack, decay to ``sustain``, hold, and a release over the last ``release`` s."""
    t = times(seconds)
    env = np.where(t < attack, t / max(attack, 1e-4),
                   sustain + (1 - sustain) * np.exp(-(t - attack) / max(decay, 1e-4)))
    tail = np.clip((seconds - t) / max(release, 1e-4), 0.0, 1.0)
    return env * tail


def fade(x: Wave, fade_in: float = 0.002, fade_out: float = 0.01) -> Wave:
    """Short linear fades at both ends, so a sound never starts or stops with a click."""
    y = np.array(x, dtype=np.float64)
    n_in, n_out = min(len(y), samples(fade_in)), min(len(y), samples(fade_out))
    ramp_in = np.linspace(0.0, 1.0, n_in)
    ramp_out = np.linspace(1.0, 0.0, n_out)
    if y.ndim == 2:
        ramp_in, ramp_out = ramp_in[:, None], ramp_out[:, None]
    y[:n_in] *= ramp_in
    y[len(y) - n_out:] *= ramp_out
    return y


def partials(freq: float, seconds: float, amps: Sequence[float], decays: Sequence[float],
             ratios: Sequence[float] | None = None, attack: float = 0.004,
             vibrato: float = 0.0, glide: float = 0.0, phase_seed: int = 0) -> Wave:
    """An additive tone: partial ``k`` at ``freq × ratios[k]`` (harmonic by default) with
    amplitude ``amps[k]`` and its own exponential ``decays[k]`` (s). ``vibrato``: depth in
    semitones at 5.5 Hz; ``glide``: semitones the pitch slides over the note."""
    t = times(seconds)
    ratios = ratios if ratios is not None else [k + 1.0 for k in range(len(amps))]
    if vibrato or glide:
        bend = 2 ** ((vibrato * np.sin(2 * np.pi * 5.5 * t) * np.minimum(1.0, t / 0.15)
                      + glide * t / seconds) / 12)
        base64 = 2 * np.pi * np.cumsum(freq * bend) / RATE
    else:
        base64 = 2 * np.pi * freq * t
    # Single precision: about ten times faster here (vector sin and exp), and the phase error
    # of a partial stays below -54 dB of it over a few seconds.
    base, t32 = base64.astype(np.float32), t.astype(np.float32)
    rng = np.random.default_rng(phase_seed)
    out = np.zeros(len(t), np.float32)
    for a, d, r in zip(amps, decays, ratios):
        if freq * r >= RATE / 2 - 500 or a == 0:
            continue
        # Beyond 9 time constants (-78 dB) a partial is silence: skip computing it there.
        n = min(len(t), int(9 * d * RATE) + 1)
        phase = np.float32(rng.uniform(0, 2 * np.pi))
        out[:n] += np.float32(a) * np.sin(base[:n] * np.float32(r) + phase) * \
            np.exp(-t32[:n] / np.float32(d))
    rise = np.minimum(1.0, t / max(attack, 1.0 / RATE))
    shaped: Wave = out * rise
    return shaped


def place(out: Wave, x: Wave, at: float, gain: float = 1.0) -> None:
    """Add ``x`` into ``out`` starting at ``at`` seconds (cut at the end of ``out``)."""
    i = round(at * RATE)
    if i >= len(out):
        return
    seg = x[: len(out) - i]
    if out.ndim == 2 and seg.ndim == 1:
        seg = seg[:, None]
    out[i:i + len(seg)] += gain * seg


def pan(x: Wave, position: float) -> Wave:
    """Mono ``x`` to stereo, ``position`` -1 (left) .. 1 (right), constant power."""
    angle = (position + 1) * np.pi / 4
    return np.stack([x * np.cos(angle), x * np.sin(angle)], axis=1)


def mix(*parts: Wave) -> Wave:
    """Sum waves of different lengths (the longest sets the length)."""
    n = max(len(p) for p in parts)
    stereo = any(p.ndim == 2 for p in parts)
    out = np.zeros((n, 2) if stereo else n)
    for p in parts:
        place(out, p, 0.0)
    return out


def normalize(x: Wave, peak: float) -> Wave:
    top = float(np.max(np.abs(x)))
    return x * (peak / top) if top > 0 else x
