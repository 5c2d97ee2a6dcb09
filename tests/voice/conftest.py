"""Fixtures for the voice tests: the real speech worker, a real mixer, the private PulseAudio.

Tests marked ``audio`` need the virtual speaker and microphone that tools/with-virtual-audio.sh
starts; they skip, saying so, when it is not running. Elsewhere the mixer runs on SDL's dummy
driver (real-time, silent), so the speaker's queue is still tested on a real ``pygame.mixer``.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
import soundfile
from babel.messages.frontend import CommandLineInterface

from game import i18n
from game.voice.dsp import Samples
from game.voice.playback import MixerOutput
from game.voice.synth import EngineState, SpeechRenderer

ROOT = Path(__file__).resolve().parents[2]
VIRTUAL_AUDIO = os.environ.get("UNO_VIRTUAL_AUDIO") == "1"
SKIP_REASON = ("needs the private PulseAudio server with the virtual microphone and speaker: "
               "run under tools/with-virtual-audio.sh (make test does)")


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("audio") is not None and not VIRTUAL_AUDIO:
        pytest.skip(SKIP_REASON)


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues() -> None:
    """What `make locale` does, when a .mo is missing or older than its .po (plain `pytest`)."""
    for po in (ROOT / "locale").glob("*/LC_MESSAGES/uno.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            CommandLineInterface().run(  # type: ignore[no-untyped-call]
                ["pybabel", "-q", "compile", "-i", str(po), "-o", str(mo)])


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


@pytest.fixture(scope="session")
def renderer() -> Iterator[SpeechRenderer]:
    """One speech worker process for the whole session (starting one takes ~0.3 s)."""
    r = SpeechRenderer()
    assert r.wait_ready() is EngineState.WORKER, r.failure
    yield r
    r.close()


_mixers: list[MixerOutput] = []


def _mixer_is_ours() -> bool:
    """pygame's mixer is open, on the driver this run wants (PulseAudio under the virtual
    audio server, else the dummy driver)."""
    import pygame

    if not _mixers or not pygame.mixer.get_init():
        return False
    driver = pygame.mixer.get_driver()
    return driver != "dummy" if VIRTUAL_AUDIO else driver == "dummy"


@pytest.fixture
def mixer() -> MixerOutput:
    """The real pygame mixer: PulseAudio under the virtual audio server, else SDL's dummy
    driver. Primed with a short silence so the device is running when a test starts.

    It is opened once and kept, but checked before every test: a worker of ``make test`` runs
    other files in between, and a scene test closes pygame's mixer when it ends, or opens it on
    the dummy driver (the phone and scene tests set SDL_AUDIODRIVER=dummy). Then it is opened
    again on this run's device, or the virtual speaker would hear nothing."""
    import pygame

    if _mixer_is_ours():
        return _mixers[0]
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    saved = os.environ.get("SDL_AUDIODRIVER")
    if VIRTUAL_AUDIO:
        os.environ.pop("SDL_AUDIODRIVER", None)  # SDL finds the private PulseAudio server
    else:
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    try:
        out = MixerOutput()
    finally:
        if saved is None:
            os.environ.pop("SDL_AUDIODRIVER", None)
        else:
            os.environ["SDL_AUDIODRIVER"] = saved
    out.play(bytes(int(out.rate * 0.05) * 2 * out.channels), 0.0)
    deadline = time.monotonic() + 5
    while out.busy() and time.monotonic() < deadline:
        time.sleep(0.01)
    _mixers[:] = [out]
    assert _mixer_is_ours(), f"the mixer opened on {pygame.mixer.get_driver()!r}"
    return out


@dataclass(frozen=True)
class VirtualAudio:
    """Names exported by tools/with-virtual-audio.sh."""

    speaker_monitor: str
    feed: str
    mic: str

    def feed_wav(self, path: Path) -> None:
        """Play ``path`` into the virtual microphone (returns when it has been played)."""
        subprocess.run(["paplay", f"--device={self.feed}", str(path)], check=True, timeout=30)


@pytest.fixture
def virtual_audio() -> VirtualAudio:
    if not VIRTUAL_AUDIO:
        pytest.skip(SKIP_REASON)
    return VirtualAudio(os.environ["UNO_VA_SPEAKER_MONITOR"], os.environ["UNO_VA_FEED"],
                        os.environ["UNO_VA_MIC"])


class MonitorRecording:
    """parecord on the virtual speaker's monitor: what actually reached the speaker."""

    def __init__(self, source: str, path: Path, rate: int = 44100) -> None:
        self.path, self.rate = path, rate
        self._proc = subprocess.Popen(
            ["parecord", f"--device={source}", "--raw", "--format=s16le", f"--rate={rate}",
             "--channels=1", "--latency-msec=100", str(path)])
        deadline = time.monotonic() + 10
        while (not path.exists() or path.stat().st_size == 0) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert path.exists() and path.stat().st_size > 0, "parecord never started"

    def stop(self) -> Samples:
        self._proc.terminate()
        self._proc.wait(10)
        return np.frombuffer(self.path.read_bytes(), np.int16).astype(np.float32) / 32768.0


def chirp(rate: int, seconds: float = 1.0, lead_s: float = 0.1) -> Samples:
    """A 200 Hz → 3 kHz sweep with silence around it: unambiguous to align."""
    t = np.arange(int(rate * seconds)) / rate
    sweep = 0.5 * np.sin(2 * np.pi * (200 * t + (3000 - 200) / (2 * seconds) * t * t))
    gap = np.zeros(int(rate * lead_s))
    return np.concatenate([gap, sweep, gap]).astype(np.float32)


def write_wav(path: Path, samples: Samples, rate: int) -> Path:
    soundfile.write(str(path), samples, rate, subtype="PCM_16")
    return path


def _lag(recorded: Samples, reference: Samples) -> int:
    """Offset of ``reference`` in ``recorded`` (peak of the cross-correlation)."""
    n = len(recorded) + len(reference)
    size = 1 << (n - 1).bit_length()
    spectrum = np.fft.rfft(recorded, size) * np.conj(np.fft.rfft(reference, size))
    return int(np.argmax(np.fft.irfft(spectrum, size)[: len(recorded) - len(reference) + 1]))


def best_alignment(recorded: Samples, reference: Samples) -> tuple[int, float]:
    """Offset of ``reference`` in ``recorded`` and the correlation coefficient there."""
    lag = _lag(recorded, reference)
    window = recorded[lag: lag + len(reference)]
    return lag, float(np.corrcoef(window, reference)[0, 1])


def _normalized_match(window: Samples, chunk: Samples) -> tuple[int, float]:
    """Offset in ``window`` where ``chunk`` correlates best, normalized at every offset (a raw
    cross-correlation would favour the loudest part of the window over the right one)."""
    n = len(chunk)
    size = 1 << (len(window) + n - 1).bit_length()
    dots = np.fft.irfft(np.fft.rfft(window, size) * np.conj(np.fft.rfft(chunk - chunk.mean(),
                                                                          size)), size)
    dots = dots[: len(window) - n + 1]
    sums = np.concatenate([[0.0], np.cumsum(window, dtype=np.float64)])
    squares = np.concatenate([[0.0], np.cumsum(np.square(window, dtype=np.float64))])
    local_sum = sums[n:] - sums[:-n]
    local_energy = squares[n:] - squares[:-n] - local_sum * local_sum / n
    norm = np.sqrt(np.maximum(local_energy, 1e-12)) * np.linalg.norm(chunk - chunk.mean())
    scores = dots / norm
    best = int(np.argmax(scores))
    return best, float(scores[best])


def chunks_heard(recorded: Samples, reference: Samples, rate: int, *, chunk_s: float = 0.1,
                 slack_s: float = 0.25) -> tuple[float, float]:
    """How much of ``reference`` is in ``recorded``: the share of its sounding 100 ms chunks
    found (correlation ≥ 0.9) near where the whole aligns, and their median gain.

    Chunk by chunk, so that a rare buffer underrun on a loaded machine (a few ms of silence
    inserted, everything after it shifted) does not hide that the sound did arrive.
    """
    padded = np.concatenate([recorded, np.zeros(len(reference), np.float32)])
    lag = _lag(padded, reference)
    size, slack = int(rate * chunk_s), int(rate * slack_s)
    found, gains, total = 0, [], 0
    for start in range(0, len(reference) - size + 1, size):
        chunk = reference[start: start + size]
        if np.std(chunk) < 0.02:
            continue
        total += 1
        lo = max(0, lag + start - slack)
        window = padded[lo: lag + start + size + slack]
        offset, correlation = _normalized_match(window, chunk)
        if correlation >= 0.9:
            found += 1
            gains.append(float(np.std(window[offset: offset + size]) / np.std(chunk)))
    assert total, "the reference is silent"
    return found / total, float(np.median(gains)) if gains else 0.0
