"""Fixtures for the table's voice features: the same ``audio`` marker as tests/voice (tests
that need the private PulseAudio of tools/with-virtual-audio.sh skip, saying so, without it),
loud and quiet WAVs to play into the virtual microphone, and stand-ins for missing devices."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from game.ui.app import App
from tests.ui.conftest import pump
from tests.voice.conftest import SKIP_REASON, VIRTUAL_AUDIO, VirtualAudio, write_wav

RATE = 44100


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("audio") is not None and not VIRTUAL_AUDIO:
        pytest.skip(SKIP_REASON)


@pytest.fixture
def virtual_audio() -> VirtualAudio:
    import os

    if not VIRTUAL_AUDIO:
        pytest.skip(SKIP_REASON)
    return VirtualAudio(os.environ["UNO_VA_SPEAKER_MONITOR"], os.environ["UNO_VA_FEED"],
                        os.environ["UNO_VA_MIC"])


def tone_wav(path: Path, amplitude: float, seconds: float = 1.2, freq: float = 440.0) -> Path:
    """A steady tone (``amplitude`` 0.5 ≈ a shout at -9 dBFS; 0.002 ≈ a quiet room)."""
    t = np.arange(int(RATE * seconds)) / RATE
    wave = amplitude * np.sin(2 * np.pi * freq * t)
    return write_wav(path, wave.astype(np.float32), RATE)


def feed_while_pumping(app: App, audio: VirtualAudio, wav: Path,
                       until: Callable[[], bool] | None = None, timeout: float = 10.0) -> None:
    """Play ``wav`` into the virtual microphone while the frame loop runs (as it would for a
    player): until it has been played, or until ``until()`` holds."""
    player = threading.Thread(target=audio.feed_wav, args=(wav,), daemon=True)
    player.start()
    if until is None:
        pump(app, until=lambda: not player.is_alive(), timeout=timeout)
    else:
        pump(app, until=until, timeout=timeout)
    player.join(timeout)


@pytest.fixture
def no_microphone(monkeypatch: pytest.MonkeyPatch) -> None:
    """PortAudio lists no capture device (as on a computer without a microphone)."""
    from game.voice import audio_env, recorder

    monkeypatch.setattr(audio_env, "find_input", lambda device=None: None)
    monkeypatch.setattr(recorder, "find_input", lambda device=None: None)
