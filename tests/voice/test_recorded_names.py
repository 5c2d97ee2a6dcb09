"""Roboto calls a player by the name they recorded: microphone → clip store → a spliced phrase
→ the speaker, end to end on the virtual audio server."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from game import i18n
from game.editions.roboto.voice import discard_colour_command
from game.rules.cards import Colour
from game.voice.clips import ClipKind, ClipStore, PlayerVoice
from game.voice.playback import MixerOutput
from game.voice.recorder import Recorder
from game.voice.speaker import Speaker
from game.voice.synth import Rendered, SpeechRenderer
from game.voice.utterance import Clip, Speech, Utterance

from .conftest import MonitorRecording, VirtualAudio, best_alignment, chunks_heard, write_wav

pytestmark = pytest.mark.audio


def mono(rendered: Rendered) -> np.ndarray:
    frames = np.frombuffer(rendered.pcm, np.int16).reshape(-1, rendered.channels)
    return frames[:, 0].astype(np.float32) / 32768.0


def test_R2_a_recorded_name_is_spoken_in_roboto_s_command(
        virtual_audio: VirtualAudio, renderer: SpeechRenderer, mixer: MixerOutput,
        tmp_path: Path) -> None:
    # Alice says her name into the microphone (a synthesized voice stands in for her).
    voice = renderer.render([Speech("Alice")], "fr", 44100, 1)
    recorder = Recorder(device="pulse")
    assert recorder.open(timeout=15), recorder.error
    try:
        recorder.start(ClipKind.NAME)
        virtual_audio.feed_wav(write_wav(tmp_path / "alice.wav", mono(voice), 44100))
        time.sleep(0.3)
        take = recorder.stop()
    finally:
        recorder.close()
    assert take is not None and not take.empty
    store = ClipStore(tmp_path / "clips")
    store.save("a11ce0000001", ClipKind.NAME, take.samples, take.rate)
    clip = store.find("a11ce0000001", ClipKind.NAME)
    assert clip is not None

    played: list[tuple[Utterance, Rendered]] = []
    speaker = Speaker(output=mixer, renderer=renderer,
                      cast={0: PlayerVoice("Alice", name_clip=clip)})
    speaker.volume_level = 3
    speaker.on_audio_start = lambda u, r, _t: played.append((u, r))
    i18n.set_language("fr")
    monitor = MonitorRecording(virtual_audio.speaker_monitor, tmp_path / "monitor.raw")
    try:
        assert speaker.wait_ready().value == "ready"
        speaker.say(discard_colour_command(0, Colour.RED))
        assert speaker.wait_idle()
        time.sleep(0.3)
    finally:
        heard = monitor.stop()
        speaker.close()
        i18n.set_language("en")

    (utterance, rendered), = played
    assert utterance.segments[0] == Clip(clip, "Alice")
    audio = mono(rendered)
    # Her own recording opens the phrase (scaled to the TTS level) ...
    head = audio[: len(take.samples) + 44100 // 10]
    _lag, correlation = best_alignment(head, take.samples)
    assert correlation >= 0.9
    # ... the French command follows, and all of it reached the speaker.
    assert len(audio) > len(take.samples) + 44100
    share, _gain = chunks_heard(heard, audio, 44100)
    assert share >= 0.8
