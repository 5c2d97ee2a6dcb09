"""The Speaker on a real mixer and the real speech worker: never blocks, priorities, stop,
repeat, volume, and (under the virtual audio server) sound that reaches the speaker."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from game import i18n
from game.rules import events as ev
from game.rules.cards import Card
from game.voice.clips import PlayerVoice
from game.voice.phrases import Narration
from game.voice.playback import MixerOutput
from game.voice.speaker import VOLUME_LEVELS, Speaker, SpeakerStatus
from game.voice.synth import Rendered, SpeechRenderer
from game.voice.utterance import Priority, Speech, Utterance

from .conftest import MonitorRecording, VirtualAudio, chunks_heard

LONG = ("Roboto tells a long story about cards, colours and numbers, and everybody "
        "waits politely until he has finished talking.")  # about 6 s of speech
SHORT = "Red seven."


class Started:
    """Records what the speaker handed to the mixer, and when."""

    def __init__(self) -> None:
        self.items: list[tuple[Utterance, Rendered, float]] = []
        self._event = threading.Condition()

    def __call__(self, utterance: Utterance, rendered: Rendered, at: float) -> None:
        with self._event:
            self.items.append((utterance, rendered, at))
            self._event.notify_all()

    def wait_for(self, count: int, timeout: float = 20.0) -> None:
        with self._event:
            assert self._event.wait_for(lambda: len(self.items) >= count, timeout)

    @property
    def captions(self) -> list[str]:
        return [u.caption for u, _r, _t in self.items]


@pytest.fixture
def started() -> Started:
    return Started()


@pytest.fixture
def speaker(mixer: MixerOutput, renderer: SpeechRenderer, started: Started) -> Iterator[Speaker]:
    s = Speaker(output=mixer, renderer=renderer, narration=Narration.FULL,
                cast={0: PlayerVoice("Alice"), 1: PlayerVoice("Bob")})
    s.on_audio_start = started
    assert s.wait_ready() is SpeakerStatus.READY
    yield s
    s.close()
    i18n.set_language("en")


def duration(rendered: Rendered) -> float:
    return rendered.frames / rendered.rate


def test_say_never_blocks_the_caller(speaker: Speaker, started: Started) -> None:
    t0 = time.perf_counter()
    speaker.say(LONG)
    speaker.narrate([ev.CardPlayed(0, Card.parse("R+2")), ev.TurnStarted(1)])
    # Rendering text and queueing take microseconds; synthesizing and saying LONG take seconds.
    # The bound leaves room for a loaded CI machine preempting the test.
    assert time.perf_counter() - t0 < 0.2
    started.wait_for(1)
    speaker.stop()


def test_events_are_spoken_in_order(speaker: Speaker, started: Started) -> None:
    speaker.narrate([ev.CardPlayed(0, Card.parse("R+2")), ev.TurnStarted(1)])
    assert speaker.wait_idle()
    assert started.captions == ["Alice plays a red Draw Two.", "Bob, your turn."]
    first, second = started.items
    assert second[2] >= first[2] + duration(first[1]) - 0.1  # one after the other


def test_an_urgent_phrase_cuts_in(speaker: Speaker, started: Started) -> None:
    speaker.say(LONG, Priority.NARRATION)
    started.wait_for(1)
    speaker.narrate([ev.UnoCalled(1)])
    assert speaker.wait_idle()
    assert started.captions == [LONG, "Bob: UNO!"]
    (_u, long_audio, long_at), (_v, _r, uno_at) = started.items
    assert uno_at - long_at < duration(long_audio) / 2  # did not wait for the story's end


def test_an_announcement_goes_before_queued_narration(speaker: Speaker,
                                                      started: Started) -> None:
    speaker.say(SHORT, Priority.NARRATION)
    started.wait_for(1)
    speaker.say("Narration queued first.", Priority.NARRATION)
    speaker.say("Announcement queued second.", Priority.ANNOUNCEMENT)
    assert speaker.wait_idle()
    assert started.captions == [SHORT, "Announcement queued second.", "Narration queued first."]
    (_u, short_audio, short_at), (_v, _r, next_at) = started.items[:2]
    assert next_at >= short_at + duration(short_audio) - 0.1  # not cut: it is no emergency


def test_narration_that_fell_behind_is_dropped(mixer: MixerOutput, renderer: SpeechRenderer,
                                               started: Started) -> None:
    s = Speaker(output=mixer, renderer=renderer, narration_max_delay_s=0.3)
    s.on_audio_start = started
    try:
        s.wait_ready()
        s.say(SHORT, Priority.ANNOUNCEMENT)
        started.wait_for(1)
        s.say("Old news.", Priority.NARRATION)
        s.say("Still news.", Priority.ANNOUNCEMENT)
        assert s.wait_idle()
        assert started.captions == [SHORT, "Still news."]
    finally:
        s.close()


def test_a_question_answered_is_cut_and_the_answer_is_said_at_once(
        speaker: Speaker, started: Started) -> None:
    """A person who answers before the question ends hears their answer now: the rest of the
    question would have held it back past the narration's limit (then it was dropped)."""
    asked = speaker.say(LONG)
    started.wait_for(1)
    speaker.cancel(asked)
    speaker.narrate([ev.CardPlayed(0, Card.parse("R+2"))])
    assert speaker.wait_idle()
    assert started.captions == [LONG, "Alice plays a red Draw Two."]
    (_u, long_audio, long_at), (_v, _r, answer_at) = started.items
    assert answer_at - long_at < duration(long_audio) / 2


def test_a_question_answered_before_its_turn_is_never_said(speaker: Speaker,
                                                           started: Started) -> None:
    speaker.say(SHORT)
    started.wait_for(1)
    asked = speaker.say(LONG)
    speaker.cancel(asked)
    speaker.say("Said after.")
    assert speaker.wait_idle()
    assert started.captions == [SHORT, "Said after."]


def test_stop_silences_and_forgets_the_queue(speaker: Speaker, started: Started,
                                             mixer: MixerOutput) -> None:
    speaker.say(LONG)
    speaker.say("Never said.")
    started.wait_for(1)
    speaker.stop()
    assert not speaker.busy()
    assert not mixer.busy()
    time.sleep(0.3)
    assert started.captions == [LONG]


def test_R12_repeat_says_the_last_phrase_again_in_the_current_language(
        speaker: Speaker, started: Started) -> None:
    speaker.narrate([ev.CardPlayed(0, Card.parse("GR"))])
    assert speaker.wait_idle()
    i18n.set_language("fr")
    again = speaker.repeat_last()
    assert again is not None and again.language == "fr"
    assert speaker.wait_idle()
    assert started.captions == ["Alice plays a green Reverse.", "Alice joue une Inversion verte."]
    french_audio = started.items[1][1]
    assert french_audio.voices[0].endswith("/fr")


def test_R12_volume_button_cycles_three_levels_and_mute(speaker: Speaker) -> None:
    import pygame

    assert speaker.volume_level == 2
    assert [speaker.cycle_volume() for _ in range(4)] == [3, 1, 2, 3]
    speaker.muted = True
    assert speaker.volume_level == 0
    assert pygame.mixer.Channel(0).get_volume() == pytest.approx(0.0)
    assert speaker.cycle_volume() == 1 and not speaker.muted
    assert pygame.mixer.Channel(0).get_volume() == pytest.approx(VOLUME_LEVELS[1], abs=0.01)
    speaker.gain = 0.5  # the settings' voice volume at 50 %
    assert pygame.mixer.Channel(0).get_volume() == pytest.approx(VOLUME_LEVELS[1] / 2, abs=0.01)
    speaker.gain = 1.0


def test_a_speaker_without_output_is_silent_and_harmless() -> None:
    s = Speaker(output=None)
    assert s.status is SpeakerStatus.NO_OUTPUT
    said = s.say("Nobody hears this.")
    assert said.caption == "Nobody hears this." and s.last == said
    assert not s.busy() and s.wait_idle(0.1)
    s.stop()
    s.repeat_last()
    s.close()


@pytest.mark.audio
@pytest.mark.parametrize("level", [3, 1])
def test_playback_reaches_the_virtual_speaker(virtual_audio: VirtualAudio, speaker: Speaker,
                                              started: Started, tmp_path: Path,
                                              level: int) -> None:
    speaker.volume_level = level
    monitor = MonitorRecording(virtual_audio.speaker_monitor, tmp_path / "monitor.raw")
    speaker.narrate([ev.CardPlayed(0, Card.parse("B+2")), ev.TurnStarted(1)])
    assert speaker.wait_idle()
    time.sleep(0.3)
    assert len(started.items) == 2
    heard = monitor.stop()
    for _u, rendered, _at in started.items:
        played = np.frombuffer(rendered.pcm, np.int16).reshape(-1, rendered.channels)
        reference = played[:, 0].astype(np.float32) / 32768.0
        assert rendered.rate == monitor.rate
        share, gain = chunks_heard(heard, reference, monitor.rate)
        assert share >= 0.8  # an underrun on a loaded machine may cut a chunk or two
        assert gain == pytest.approx(VOLUME_LEVELS[level], rel=0.1)


def test_the_playback_check_itself_tells_speech_apart(renderer: SpeechRenderer) -> None:
    """chunks_heard (used above) finds a phrase despite an underrun, and not another phrase."""

    def speech(text: str) -> np.ndarray:
        rendered = renderer.render([Speech(text)], "en", 44100, 1)
        return np.frombuffer(rendered.pcm, np.int16).astype(np.float32) / 32768.0

    said, other = speech("Alice plays a blue Draw Two."), speech("Bob, your turn.")
    gap = len(said) // 2
    underrun = np.concatenate([np.zeros(9000), said[:gap], np.zeros(900), said[gap:]])
    share, gain = chunks_heard(underrun.astype(np.float32), said, 44100)
    assert share >= 0.9 and gain == pytest.approx(1.0)  # only the chunk across the gap is lost
    assert chunks_heard(np.zeros(88200, np.float32), said, 44100)[0] == 0.0
    assert chunks_heard(np.concatenate([other, other]), said, 44100)[0] < 0.5
