"""French and English voices chosen on each platform: eSpeak NG (Linux), SAPI5 (Windows) and
NSSpeech (macOS), with the voice lists pyttsx3 2.99 reports there, faked (only Linux runs here).
"""

from __future__ import annotations

import sys
import types
import wave
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game.voice.tts import Pyttsx3Engine, choose_voice

TOKENS = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"

#: Windows 11, English (US) with the French (France) language pack, as pyttsx3 2.99's SAPI5
#: driver reports it (it turns the registry's LCID into "en-US").
SAPI5_WINDOWS_11 = [
    (TOKENS + "TTS_MS_EN-US_DAVID_11.0", ["en-US"],
     "Microsoft David Desktop - English (United States)"),
    (TOKENS + "TTS_MS_EN-US_ZIRA_11.0", ["en-US"],
     "Microsoft Zira Desktop - English (United States)"),
    (TOKENS + "TTS_MS_EN-GB_HAZEL_11.0", ["en-GB"],
     "Microsoft Hazel Desktop - English (Great Britain)"),
    (TOKENS + "TTS_MS_FR-CA_CAROLINE_11.0", ["fr-CA"],
     "Microsoft Caroline Desktop - French (Canada)"),
    (TOKENS + "TTS_MS_FR-FR_HORTENSE_11.0", ["fr-FR"], "Microsoft Hortense Desktop - French"),
]
#: An older pyttsx3 / SAPI5 that reports the raw hex LCID.
SAPI5_RAW_LCID = [
    (TOKENS + "TTS_MS_EN-US_ZIRA_11.0", ["409"], "Microsoft Zira Desktop"),
    (TOKENS + "TTS_MS_FR-FR_PAUL_11.0", ["40C"], "Microsoft Paul Desktop"),
]
#: An English Windows Server (a CI runner): no French voice at all.
SAPI5_ENGLISH_ONLY = SAPI5_WINDOWS_11[:2]

_APPLE = "com.apple.speech.synthesis.voice."
#: macOS 14 as NSSpeechSynthesizer lists it: alphabetical, novelty voices first, all en_US.
NSSS_SONOMA = [
    (_APPLE + "Albert", ["en_US"], "Albert"),
    (_APPLE + "BadNews", ["en_US"], "Bad News"),
    (_APPLE + "Bahh", ["en_US"], "Bahh"),
    ("com.apple.voice.compact.fr-CA.Amelie", ["fr_CA"], "Amélie"),
    (_APPLE + "Bells", ["en_US"], "Bells"),
    ("com.apple.voice.compact.en-GB.Daniel", ["en_GB"], "Daniel"),
    ("com.apple.eloquence.fr-FR.Grandma", ["fr_FR"], "Grandma (French (France))"),
    (_APPLE + "Fred", ["en_US"], "Fred"),
    ("com.apple.voice.compact.fr-FR.Thomas", ["fr_FR"], "Thomas"),
    ("com.apple.voice.compact.en-US.Samantha", ["en_US"], "Samantha"),
    ("com.apple.voice.enhanced.fr-FR.Thomas", ["fr_FR"], "Thomas (Enhanced)"),
    (_APPLE + "Zarvox", ["en_US"], "Zarvox"),
]
ESPEAK_NG = [
    ("roa/fr-be", ["fr-be"], "French (Belgium)"),
    ("roa/fr", ["fr-fr"], "French (France)"),
    ("gmw/en-us", ["en-us"], "English (America)"),
    ("gmw/en", ["en-gb"], "English (Great Britain)"),
]

Voices = Sequence[tuple[str, Sequence[Any], str]]


@pytest.mark.parametrize(("platform", "voices", "default", "expected"), [
    ("linux espeak-ng", ESPEAK_NG, "gmw/en", {"en": "gmw/en", "fr": "roa/fr"}),
    ("windows 11", SAPI5_WINDOWS_11, TOKENS + "TTS_MS_EN-US_DAVID_11.0",
     {"en": TOKENS + "TTS_MS_EN-US_DAVID_11.0", "fr": TOKENS + "TTS_MS_FR-FR_HORTENSE_11.0"}),
    ("windows 11, Zira picked in Settings", SAPI5_WINDOWS_11, TOKENS + "TTS_MS_EN-US_ZIRA_11.0",
     {"en": TOKENS + "TTS_MS_EN-US_ZIRA_11.0", "fr": TOKENS + "TTS_MS_FR-FR_HORTENSE_11.0"}),
    ("windows, hex LCIDs", SAPI5_RAW_LCID, None,
     {"en": TOKENS + "TTS_MS_EN-US_ZIRA_11.0", "fr": TOKENS + "TTS_MS_FR-FR_PAUL_11.0"}),
    ("windows server", SAPI5_ENGLISH_ONLY, None,
     {"en": TOKENS + "TTS_MS_EN-US_DAVID_11.0", "fr": None}),
    ("macOS", NSSS_SONOMA, "com.apple.voice.compact.en-US.Samantha",
     {"en": "com.apple.voice.compact.en-US.Samantha",
      "fr": "com.apple.voice.enhanced.fr-FR.Thomas"}),
    ("macOS, no default given", NSSS_SONOMA, None,
     {"en": "com.apple.voice.compact.en-GB.Daniel",
      "fr": "com.apple.voice.enhanced.fr-FR.Thomas"}),
])
def test_voices_for_french_and_english_on_each_platform(
        platform: str, voices: Voices, default: str | None, expected: dict[str, str | None]
) -> None:
    chosen = {lang: choose_voice(voices, lang, default=default) for lang in ("en", "fr")}
    assert chosen == expected, platform


def test_a_novelty_voice_never_reads_the_game_while_a_real_one_exists() -> None:
    novelty_first = [v for v in NSSS_SONOMA if v[0].startswith(_APPLE)]
    real = ("com.apple.voice.compact.en-US.Samantha", ["en_US"], "Samantha")
    assert choose_voice([*novelty_first, real], "en") == real[0]
    # ... even when the person's default voice is one of them
    assert choose_voice([*novelty_first, real], "en", default=_APPLE + "Zarvox") == real[0]
    # ... but a Mac with nothing else still speaks
    assert choose_voice(novelty_first, "en") is not None


def test_a_canadian_voice_only_when_there_is_no_french_one() -> None:
    amelie = [v for v in NSSS_SONOMA if "fr-CA" in v[0]]
    assert choose_voice(amelie, "fr") == "com.apple.voice.compact.fr-CA.Amelie"
    caroline = [v for v in SAPI5_WINDOWS_11 if "FR-CA" in v[0]]
    assert choose_voice(caroline, "fr") == TOKENS + "TTS_MS_FR-CA_CAROLINE_11.0"


# ------------------------------------------------------------------ the engine, on fake drivers
@dataclass
class FakeVoice:
    id: str
    name: str
    languages: list[Any] = field(default_factory=list)


class FakeDriverEngine:
    """pyttsx3's Engine as each driver behaves: an unknown voice id raises on SAPI5 and
    NSSpeech (ValueError from the driver) and is ignored by eSpeak; files are written when the
    queue runs."""

    def __init__(self, driver: str, voices: Voices, default: str) -> None:
        self.driver_name = driver
        self._voices = [FakeVoice(i, n, list(langs)) for i, langs, n in voices]
        self.voice = default
        self.spoken: list[tuple[str, str]] = []
        self._queue: list[tuple[str, str]] = []

    def getProperty(self, name: str) -> Any:
        return {"voices": self._voices, "voice": self.voice}[name]

    def setProperty(self, name: str, value: Any) -> None:
        assert name == "voice"
        if value not in {v.id for v in self._voices}:
            if self.driver_name != "espeak":
                raise ValueError("unknown voice id", value)
            return
        self.voice = value

    def save_to_file(self, text: str, path: str) -> None:
        self._queue.append((text, path))

    def runAndWait(self) -> None:
        for text, path in self._queue:
            with wave.open(path, "wb") as out:
                out.setnchannels(1)
                out.setsampwidth(2)
                out.setframerate(22050)
                out.writeframes(b"\x00\x10" * 2205)
            self.spoken.append((text, self.voice))
        self._queue.clear()


@pytest.fixture
def fake_pyttsx3(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, FakeDriverEngine]]:
    made: dict[str, FakeDriverEngine] = {}
    module = types.ModuleType("pyttsx3")

    def init(driverName: str | None = None) -> FakeDriverEngine:
        return made["engine"]

    module.init = init  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyttsx3", module)
    yield made


@pytest.mark.parametrize(("driver", "voices", "default", "fr_voice", "en_voice"), [
    ("sapi5", SAPI5_WINDOWS_11, TOKENS + "TTS_MS_EN-US_ZIRA_11.0",
     TOKENS + "TTS_MS_FR-FR_HORTENSE_11.0", TOKENS + "TTS_MS_EN-US_ZIRA_11.0"),
    ("nsss", NSSS_SONOMA, "com.apple.voice.compact.en-US.Samantha",
     "com.apple.voice.enhanced.fr-FR.Thomas", "com.apple.voice.compact.en-US.Samantha"),
    ("espeak", ESPEAK_NG, "gmw/en", "roa/fr", "gmw/en"),
])
def test_engine_speaks_each_language_with_its_voice(
        fake_pyttsx3: dict[str, FakeDriverEngine], tmp_path: Path, driver: str, voices: Voices,
        default: str, fr_voice: str, en_voice: str) -> None:
    fake = fake_pyttsx3["engine"] = FakeDriverEngine(driver, voices, default)
    engine = Pyttsx3Engine(tmp_path, ["en", "fr"])
    assert engine.voices == {"en": en_voice, "fr": fr_voice}
    assert engine.name == f"pyttsx3/{driver}"
    audio_fr, used_fr = engine.speak("Sept rouge", "fr")
    audio_en, used_en = engine.speak("Red seven", "en")
    assert (used_fr, used_en) == (fr_voice, en_voice)
    assert fake.spoken == [("Sept rouge", fr_voice), ("Red seven", en_voice)]
    assert len(audio_fr.samples) > 0 and len(audio_en.samples) > 0
    assert not list(tmp_path.iterdir())  # the engine's files are removed


def test_engine_without_a_french_voice_reads_french_with_the_default(
        fake_pyttsx3: dict[str, FakeDriverEngine], tmp_path: Path) -> None:
    default = TOKENS + "TTS_MS_EN-US_DAVID_11.0"
    fake = fake_pyttsx3["engine"] = FakeDriverEngine("sapi5", SAPI5_ENGLISH_ONLY, default)
    engine = Pyttsx3Engine(tmp_path, ["en", "fr"])
    assert "fr" not in engine.voices  # never asks SAPI5 for a voice it does not have
    _audio, used = engine.speak("Sept rouge", "fr")
    assert used == default and fake.spoken == [("Sept rouge", default)]
