"""Signal helpers: resampling keeps pitch and length, levels, silence trimming."""

from __future__ import annotations

import numpy as np
import pytest

from game.voice.dsp import (
    FLOOR_DB,
    level_db,
    level_to_meter,
    normalize_peak,
    resample,
    to_mono,
    to_pcm16,
    trim_silence,
)


def tone(freq: float, rate: int, seconds: float, amp: float = 0.5) -> np.ndarray:
    return (amp * np.sin(2 * np.pi * freq * np.arange(int(rate * seconds)) / rate)).astype(
        np.float32)


def peak_frequency(x: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x))))
    return float(np.argmax(spectrum) * rate / len(x))


@pytest.mark.parametrize(("src", "dst"), [(22050, 44100), (48000, 44100), (44100, 16000)])
def test_resample_keeps_pitch_and_duration(src: int, dst: int) -> None:
    out = resample(tone(440, src, 1.0), src, dst)
    assert len(out) == dst
    assert peak_frequency(out, dst) == pytest.approx(440, abs=2)
    assert np.max(np.abs(out[dst // 10: -dst // 10])) == pytest.approx(0.5, abs=0.02)


def test_resample_same_rate_is_identity() -> None:
    x = tone(300, 8000, 0.1)
    assert np.array_equal(resample(x, 8000, 8000), x)


def test_levels() -> None:
    assert level_db(np.zeros(100, np.float32)) == FLOOR_DB
    assert level_db(tone(100, 8000, 1.0, amp=1.0)) == pytest.approx(-3.01, abs=0.05)
    assert level_to_meter(-60) == 0.0 and level_to_meter(0) == 1.0
    assert level_to_meter(-30) == pytest.approx(0.5)


def test_trim_silence_keeps_the_sound_and_a_margin() -> None:
    rate = 16000
    noise = np.random.default_rng(1).normal(0, 0.001, rate).astype(np.float32)
    take = np.concatenate([noise, tone(500, rate, 0.5) + noise[:8000], noise])
    trimmed = trim_silence(take, rate, pad_s=0.05)
    assert 0.55 <= len(trimmed) / rate <= 0.65


def test_trim_silence_of_silence_is_empty() -> None:
    noise = np.random.default_rng(2).normal(0, 0.0005, 16000).astype(np.float32)
    assert len(trim_silence(np.zeros(16000, np.float32), 16000)) == 0
    assert len(trim_silence(noise, 16000)) == 0


def test_pcm_and_channels() -> None:
    pcm = to_pcm16(np.array([0.0, 1.0, -1.0], np.float32), channels=2)
    assert np.frombuffer(pcm, np.int16).tolist() == [0, 0, 32767, 32767, -32767, -32767]
    stereo = np.array([[0, 32767], [32767, 32767]], np.int16)
    assert to_mono(stereo) == pytest.approx([0.5, 1.0], abs=1e-4)
    assert np.max(np.abs(normalize_peak(tone(100, 8000, 0.1, amp=0.1)))) == pytest.approx(0.8)
