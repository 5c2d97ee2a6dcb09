"""Speech synthesis through the real engine: pyttsx3 + eSpeak NG in the worker process, the
espeak-ng command line when the worker hangs or dies, and clips spliced in."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.voice.clips import CLIP_RATE
from game.voice.dsp import level_db
from game.voice.synth import EngineState, Rendered, SpeechRenderer
from game.voice.tts import choose_voice
from game.voice.utterance import Clip, Pause, Speech

from .conftest import best_alignment, write_wav

SENTENCES = {
    "en": "Alice plays a red Draw Two.",
    "fr": "Alice joue un +2 rouge.",
}


def samples(r: Rendered) -> np.ndarray:
    data = np.frombuffer(r.pcm, np.int16).reshape(-1, r.channels)
    return data[:, 0].astype(np.float32) / 32768.0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_language_is_spoken_with_its_own_voice(renderer: SpeechRenderer, lang: str) -> None:
    out = renderer.render([Speech(SENTENCES[lang])], lang, 22050, 1)
    voice = renderer.worker_voices[lang]
    assert out.voices == (voice,)  # the voice read back from the engine after setting it
    assert voice.rsplit("/", 1)[-1] == lang  # eSpeak NG: gmw/en, roa/fr
    audio = samples(out)
    assert out.frames == len(audio)
    assert 0.8 < len(audio) / 22050 < 4.0  # a short sentence, at a speaking pace
    assert np.max(np.abs(audio)) > 0.1
    assert level_db(audio) > -30.0


def test_french_and_english_renderings_of_the_same_text_differ(
        renderer: SpeechRenderer) -> None:
    text = "Chloé, Bob, Alice."
    fr = samples(renderer.render([Speech(text)], "fr", 22050, 1))
    en = samples(renderer.render([Speech(text)], "en", 22050, 1))
    short, long_ = sorted((fr, en), key=len)
    padded = np.concatenate([np.zeros(len(short)), long_, np.zeros(len(short))])
    _lag, correlation = best_alignment(padded.astype(np.float32), short)
    assert correlation < 0.5


def test_a_recorded_clip_is_spliced_at_the_output_rate(renderer: SpeechRenderer,
                                                       tmp_path: Path) -> None:
    rate = CLIP_RATE  # clips are stored at the game's rate; the output here is another
    out_rate = 22050
    tone = (0.3 * np.sin(2 * np.pi * 880 * np.arange(rate // 2) / rate)).astype(np.float32)
    clip = write_wav(tmp_path / "alice.wav", tone, rate)
    out = renderer.render([Clip(clip, "Alice"), Pause(0.1),
                           Speech("discard all your red cards!")], "en", out_rate, 2)
    stereo = np.frombuffer(out.pcm, np.int16).reshape(-1, 2)
    assert np.array_equal(stereo[:, 0], stereo[:, 1])
    audio = stereo[:, 0].astype(np.float32) / 32768.0
    start = int(0.04 * out_rate)  # the gap put before a clip
    head = audio[start: start + out_rate // 2]
    spectrum = np.abs(np.fft.rfft(head * np.hanning(len(head))))
    assert np.argmax(spectrum) * out_rate / len(head) == pytest.approx(880, abs=3)
    assert np.max(np.abs(head)) == pytest.approx(0.8, abs=0.02)  # clip brought to TTS level
    assert out.voices == (renderer.worker_voices["en"],)
    assert len(audio) / out_rate > 0.5 + 0.08 + 0.1 + 0.8


def test_an_unreadable_clip_is_replaced_by_the_spoken_name(renderer: SpeechRenderer,
                                                           tmp_path: Path) -> None:
    broken = tmp_path / "broken.wav"
    broken.write_bytes(b"not a wav file")
    out = renderer.render([Clip(broken, "Alice"), Speech(", your turn.")], "en", 22050, 1)
    assert len(out.voices) == 2 and out.frames > 0


@pytest.fixture
def fresh_renderer() -> Iterator[SpeechRenderer]:
    r = SpeechRenderer(job_timeout_s=1.0)
    assert r.wait_ready() is EngineState.WORKER
    yield r
    r.close()


def test_a_hung_worker_is_killed_and_the_command_line_speaks(
        fresh_renderer: SpeechRenderer) -> None:
    pid = fresh_renderer.worker_pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)  # a worker stuck in runAndWait, as upstream reports
    started = time.monotonic()
    out = fresh_renderer.render([Speech("UNO!")], "fr", 22050, 1)
    assert time.monotonic() - started < 1.0 + 2.0
    assert out.engine == "espeak-ng" and out.voices == ("espeak-ng -v fr",)
    assert np.max(np.abs(samples(out))) > 0.1
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # killed and reaped
    # A new worker was started; once up, it takes over again.
    assert fresh_renderer.wait_ready(30) is EngineState.WORKER
    assert fresh_renderer.worker_pid not in (None, pid)
    out = fresh_renderer.render([Speech("UNO!")], "fr", 22050, 1)
    assert out.engine.startswith("pyttsx3")


def test_a_crashed_worker_is_replaced(fresh_renderer: SpeechRenderer) -> None:
    pid = fresh_renderer.worker_pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.1)
    out = fresh_renderer.render([Speech("Hand 3!")], "en", 22050, 1)
    assert out.frames > 0
    assert fresh_renderer.wait_ready(30) is EngineState.WORKER
    assert fresh_renderer.worker_pid != pid


def test_without_the_worker_the_command_line_speaks_both_languages() -> None:
    r = SpeechRenderer(use_worker=False)
    try:
        assert r.wait_ready() is EngineState.CLI
        fr = r.render([Speech(SENTENCES["fr"])], "fr", 22050, 1)
        en = r.render([Speech(SENTENCES["en"])], "en", 22050, 1)
        assert fr.voices == ("espeak-ng -v fr",) and en.voices == ("espeak-ng -v en",)
        assert level_db(samples(fr)) > -30 and level_db(samples(en)) > -30
    finally:
        r.close()


ESPEAK_VOICES = [("roa/fr-be", ["fr-be"], "French (Belgium)"),
                 ("roa/fr", ["fr-fr"], "French (France)"),
                 ("gmw/en-us", ["en-us"], "English (America)"),
                 ("gmw/en", ["en-gb"], "English (Great Britain)")]
SAPI5_VOICES = [(r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_EN-US_ZIRA",
                 ["409"], "Microsoft Zira Desktop"),
                (r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_FR-FR_HORTENSE",
                 ["40C"], "Microsoft Hortense Desktop")]
NSSS_VOICES = [("com.apple.voice.compact.en-US.Samantha", ["en_US"], "Samantha"),
               ("com.apple.voice.compact.fr-FR.Thomas", ["fr_FR"], "Thomas")]


@pytest.mark.parametrize(("voices", "lang", "expected"), [
    (ESPEAK_VOICES, "fr", "roa/fr"),
    (ESPEAK_VOICES, "en", "gmw/en"),
    (SAPI5_VOICES, "fr", SAPI5_VOICES[1][0]),
    (SAPI5_VOICES, "en", SAPI5_VOICES[0][0]),
    (NSSS_VOICES, "fr", NSSS_VOICES[1][0]),
    ([("v1", [], "Microsoft Paul (French)")], "fr", "v1"),
    (ESPEAK_VOICES[2:], "fr", None),
])
def test_choose_voice(voices: Sequence[tuple[str, Sequence[Any], str]], lang: str,
                      expected: str | None) -> None:
    assert choose_voice(voices, lang) == expected
