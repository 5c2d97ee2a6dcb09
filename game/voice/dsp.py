"""Small signal helpers on mono float32 numpy buffers: resampling, levels, silence trimming, PCM.

Everything here is pure (arrays in, arrays out), so it serves the speech worker process, the
recorder and the tests alike. Samples are float32 in [-1, 1]; rates are in Hz.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "FLOOR_DB",
    "Audio",
    "level_db",
    "level_to_meter",
    "normalize_peak",
    "resample",
    "silence",
    "to_mono",
    "to_pcm16",
    "trim_silence",
    "window_levels_db",
]

Samples = NDArray[np.float32]

#: Level reported for digital silence (dBFS).
FLOOR_DB = -100.0


@dataclass(frozen=True)
class Audio:
    """A mono buffer and its sample rate."""

    samples: Samples
    rate: int

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate


def to_mono(frames: NDArray[np.generic]) -> Samples:
    """Float32 mono from ``(n,)`` or ``(n, channels)`` int16/float data (channels averaged)."""
    data = np.asarray(frames)
    if data.dtype == np.int16:
        data = data.astype(np.float32) / 32768.0
    data = data.astype(np.float32, copy=False)
    if data.ndim == 2:
        data = data.mean(axis=1, dtype=np.float32)
    return data


def resample(samples: Samples, src_rate: int, dst_rate: int) -> Samples:
    """Band-limited resampling by the Fourier method (like ``scipy.signal.resample``).

    Zero padding on both sides keeps the circular wrap of the FFT away from the signal; speech
    and recorded clips start and end near silence, so the result has no audible edge artefact.
    """
    if src_rate == dst_rate or len(samples) == 0:
        return samples.astype(np.float32, copy=False)
    pad = max(64, len(samples) // 16)
    padded = np.concatenate([np.zeros(pad, np.float32), samples, np.zeros(pad, np.float32)])
    n_in = len(padded)
    n_out = round(n_in * dst_rate / src_rate)
    spectrum = np.fft.rfft(padded)
    bins = n_out // 2 + 1
    if bins <= len(spectrum):
        spectrum = spectrum[:bins]
    else:
        spectrum = np.concatenate([spectrum, np.zeros(bins - len(spectrum), spectrum.dtype)])
    out = np.fft.irfft(spectrum, n_out) * (n_out / n_in)
    start = round(pad * dst_rate / src_rate)
    length = round(len(samples) * dst_rate / src_rate)
    return out[start:start + length].astype(np.float32)


def level_db(block: NDArray[np.floating]) -> float:
    """RMS level of ``block`` in dBFS (full-scale sine ≈ -3 dB); :data:`FLOOR_DB` for silence."""
    if block.size == 0:
        return FLOOR_DB
    rms = float(np.sqrt(np.mean(np.square(block, dtype=np.float64))))
    return max(FLOOR_DB, 20.0 * np.log10(rms)) if rms > 0 else FLOOR_DB


def level_to_meter(db: float, floor_db: float = -60.0) -> float:
    """Map a dBFS level to 0..1 for a level-meter bar (``floor_db`` and below show empty)."""
    return float(min(1.0, max(0.0, (db - floor_db) / -floor_db)))


def window_levels_db(samples: Samples, rate: int, window_s: float = 0.01) -> NDArray[np.float64]:
    """Level of each consecutive ``window_s`` window (the last partial window is dropped)."""
    size = max(1, int(rate * window_s))
    count = len(samples) // size
    if count == 0:
        return np.array([level_db(samples)]) if len(samples) else np.empty(0)
    frames = samples[: count * size].astype(np.float64).reshape(count, size)
    rms = np.sqrt(np.mean(frames * frames, axis=1))
    with np.errstate(divide="ignore"):
        levels: NDArray[np.float64] = np.maximum(FLOOR_DB, 20.0 * np.log10(rms))
    return levels


def trim_silence(samples: Samples, rate: int, *, pad_s: float = 0.08,
                 min_db: float = -55.0, below_peak_db: float = 35.0) -> Samples:
    """Cut the silence before and after the sound in a recording, keeping ``pad_s`` around it.

    A 10 ms window counts as sound when it is louder than ``min_db`` dBFS, than the noise floor
    (10th percentile of the windows) + 10 dB, and than the loudest window - ``below_peak_db``.
    Returns an empty array when nothing qualifies (the player said nothing).
    """
    levels = window_levels_db(samples, rate)
    if levels.size == 0:
        return samples[:0]
    threshold = max(min_db, float(np.percentile(levels, 10)) + 10.0,
                    float(levels.max()) - below_peak_db)
    loud = np.flatnonzero(levels > threshold)
    if loud.size == 0:
        return samples[:0]
    window = max(1, int(rate * 0.01))
    pad = int(rate * pad_s)
    start = max(0, int(loud[0]) * window - pad)
    end = min(len(samples), (int(loud[-1]) + 1) * window + pad)
    return samples[start:end]


def normalize_peak(samples: Samples, peak: float = 0.8) -> Samples:
    """Scale so the loudest sample is ``peak`` (a quiet recording speaks as loud as the TTS)."""
    top = float(np.max(np.abs(samples))) if len(samples) else 0.0
    if top <= 1e-6:
        return samples
    return (samples * (peak / top)).astype(np.float32)


def silence(seconds: float, rate: int) -> Samples:
    """A buffer of ``seconds`` of silence."""
    return np.zeros(max(0, round(seconds * rate)), np.float32)


def to_pcm16(samples: Samples, channels: int = 1) -> bytes:
    """Interleaved signed 16-bit native-endian PCM, the mono signal copied to every channel."""
    pcm = (np.clip(samples, -1.0, 1.0) * 32767.0).astype(np.int16)
    if channels > 1:
        pcm = np.repeat(pcm[:, None], channels, axis=1)
    return pcm.tobytes()
