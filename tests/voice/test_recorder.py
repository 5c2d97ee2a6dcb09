"""The Recorder on the virtual microphone: what is played into the mic is what gets recorded,
the level meter moves, takes stop at their limit, a shout is heard; and no device is no crash."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from game.setup.names import new_player_id
from game.voice.audio_env import find_input, input_devices, rescan
from game.voice.clips import CLIP_RATE, ClipKind, ClipStore, load_clip
from game.voice.dsp import resample, to_mono
from game.voice.recorder import Recorder, RecorderState
from game.voice.shout import ShoutDetector, ShoutWatcher

from .conftest import VirtualAudio, best_alignment, chirp, write_wav

pytestmark = pytest.mark.audio


@pytest.fixture(scope="module")
def recorder() -> Iterator[Recorder]:
    """PortAudio's "pulse" device (ALSA's PulseAudio plugin), whose default source is the
    virtual microphone. One stream for the module: opening one costs time."""
    r = Recorder(device="pulse")
    assert r.open(timeout=15), r.error
    yield r
    r.close()


def test_portaudio_sees_the_pulse_device(virtual_audio: VirtualAudio) -> None:
    names = [d.name for d in input_devices()]
    assert "pulse" in names
    assert find_input("pulse") is not None


def test_the_recording_matches_what_the_microphone_heard(virtual_audio: VirtualAudio,
                                                         recorder: Recorder,
                                                         tmp_path: Path) -> None:
    rate = recorder.rate
    source = chirp(rate, seconds=1.0, lead_s=0.2)
    wav = write_wav(tmp_path / "chirp.wav", source, rate)
    assert recorder.start(ClipKind.NAME)
    assert recorder.state is RecorderState.RECORDING
    virtual_audio.feed_wav(wav)
    time.sleep(0.3)
    take = recorder.stop()
    assert take is not None and not take.empty
    assert recorder.state in (RecorderState.LISTENING,)  # back to listening
    sweep = source[int(0.2 * rate): int(1.2 * rate)]
    assert take.seconds < take.raw_seconds  # silence around the sweep was trimmed
    assert 1.0 <= take.seconds <= 1.0 + 2 * 0.08 + 0.05
    _lag, correlation = best_alignment(np.concatenate([take.samples, np.zeros(rate)]), sweep)
    assert correlation >= 0.9
    # Saved as a WAV in the player's folder (by player id, at the game's rate: issue 12) and
    # read back unchanged (but for 16-bit rounding).
    store = ClipStore(tmp_path / "clips")
    path = store.save(new_player_id(), take.kind, take.samples, take.rate)
    expected = resample(to_mono(take.samples), take.rate, CLIP_RATE)
    again = load_clip(path, peak=float(np.max(np.abs(expected))))
    assert again.rate == CLIP_RATE
    assert np.max(np.abs(again.samples - expected)) < 1e-3


def test_the_level_meter_follows_the_sound(virtual_audio: VirtualAudio, recorder: Recorder,
                                           tmp_path: Path) -> None:
    rate = recorder.rate
    levels: list[float] = []

    def listen(db: float, _seconds: float) -> None:
        levels.append(db)

    recorder.add_level_listener(listen)
    try:
        time.sleep(0.2)
        quiet = recorder.level
        tone = 0.5 * np.sin(2 * np.pi * 440 * np.arange(rate // 2) / rate)
        virtual_audio.feed_wav(write_wav(tmp_path / "tone.wav", tone.astype(np.float32), rate))
    finally:
        recorder.remove_level_listener(listen)
    assert quiet < 0.2
    assert max(levels) == pytest.approx(-9.0, abs=1.5)  # RMS of a 0.5 sine: -9 dBFS


def test_a_name_stops_at_three_seconds(virtual_audio: VirtualAudio, recorder: Recorder,
                                       tmp_path: Path) -> None:
    rate = recorder.rate
    tone = (0.4 * np.sin(2 * np.pi * 300 * np.arange(int(rate * 3.4)) / rate)).astype(np.float32)
    wav = write_wav(tmp_path / "long.wav", tone, rate)
    recorder.start(ClipKind.NAME)
    virtual_audio.feed_wav(wav)
    time.sleep(0.2)
    assert recorder.limit_reached
    take = recorder.stop()
    assert take is not None and take.raw_seconds == pytest.approx(3.0)


def test_shouting_uno_at_the_microphone_counts_as_the_call(virtual_audio: VirtualAudio,
                                                           recorder: Recorder,
                                                           tmp_path: Path) -> None:
    rate = recorder.rate
    t = np.arange(int(rate * 0.4)) / rate
    shout = (0.6 * np.sin(2 * np.pi * 500 * t) * np.hanning(len(t))).astype(np.float32)
    murmur = (0.02 * np.sin(2 * np.pi * 500 * t)).astype(np.float32)
    watcher = ShoutWatcher(recorder, ShoutDetector(-20.0))
    try:
        watcher.arm()
        virtual_audio.feed_wav(write_wav(tmp_path / "murmur.wav", murmur, rate))
        time.sleep(0.1)
        assert not watcher.poll()
        virtual_audio.feed_wav(write_wav(tmp_path / "shout.wav", shout, rate))
        time.sleep(0.1)
        assert watcher.poll()
        assert not watcher.poll()  # once per shout
    finally:
        watcher.close()


def test_an_absent_device_is_unavailable_not_an_error(virtual_audio: VirtualAudio) -> None:
    r = Recorder(device="no such microphone")
    assert not r.open(timeout=5)
    assert r.state is RecorderState.UNAVAILABLE and "no capture device" in (r.error or "")
    assert not r.start(ClipKind.NAME) and r.stop() is None
    r.close()


def test_rescan_keeps_portaudio_usable(virtual_audio: VirtualAudio, recorder: Recorder) -> None:
    recorder.close()  # PortAudio re-initialises only with no stream open
    try:
        assert rescan()
        assert find_input("pulse") is not None
        missing = Recorder(device="no such microphone")
        assert not missing.open(timeout=5)
        assert not missing.open(timeout=5)  # "try again": re-scans, still nothing, no crash
        assert missing.state is RecorderState.UNAVAILABLE
    finally:
        assert recorder.open(timeout=15)
