"""``--selfcheck`` judged as on each platform: what a missing voice means with eSpeak NG (the
bundle's own) and with SAPI5/NSSpeech (the computer's), where PortAudio is found without
/proc, and speech written as AIFF (macOS). Fakes stand in for the engines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
import soundfile

from game.tools import selfcheck


def _spoken(voice: str) -> dict[str, Any]:
    return {"voice": voice, "frames": 22050, "peak": 0.4}


def _missing(lang: str, driver: str) -> dict[str, Any]:
    return {"no_voice": True, "error": f"no {lang!r} voice installed for {driver}"}


@pytest.fixture
def fake_machine(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Speech and PortAudio as the test sets them; no /proc/self/maps (like Windows)."""
    machine: dict[str, Any] = {
        "speech": {},
        "portaudio": {"version": "PortAudio V19.7.0", "devices": 2,
                      "library_path": "C:/bundle/_sounddevice_data/libportaudio64bit.dll"},
    }
    monkeypatch.setattr(selfcheck, "_synthesize", lambda folder: machine["speech"])
    monkeypatch.setattr(selfcheck, "_check_portaudio", lambda: machine["portaudio"])
    monkeypatch.setattr(selfcheck, "_loaded_libraries", lambda prefix: [])
    return machine


def test_windows_without_a_french_voice_is_a_warning(fake_machine: dict[str, Any]) -> None:
    fake_machine["speech"] = {"driver": "sapi5", "en": _spoken("TTS_MS_EN-US_DAVID_11.0"),
                              "fr": _missing("fr", "sapi5")}
    report = selfcheck.collect()
    assert report["ok"] is True, report["problems"]
    assert report["warnings"] == ["speech fr: no 'fr' voice installed for sapi5"]
    assert report["portaudio_library"].endswith("libportaudio64bit.dll")


def test_a_mac_with_no_voice_for_either_language_fails(fake_machine: dict[str, Any]) -> None:
    fake_machine["speech"] = {"driver": "nsss", "en": _missing("en", "nsss"),
                              "fr": _missing("fr", "nsss")}
    report = selfcheck.collect()
    assert report["ok"] is False
    assert "speech: no voice for any of the game's languages" in report["problems"]


def test_the_linux_bundle_must_speak_both_languages(fake_machine: dict[str, Any]) -> None:
    """eSpeak NG's French ships inside the bundle: without it the bundle is broken."""
    fake_machine["speech"] = {"driver": "espeak", "en": _spoken("gmw/en"),
                              "fr": _missing("fr", "espeak")}
    report = selfcheck.collect()
    assert report["ok"] is False
    assert report["problems"] == ["speech fr: no 'fr' voice installed for espeak"]
    assert report["warnings"] == []


def test_a_silent_voice_is_a_problem_even_on_windows(fake_machine: dict[str, Any]) -> None:
    fake_machine["speech"] = {"driver": "sapi5", "en": _spoken("TTS_MS_EN-US_DAVID_11.0"),
                              "fr": {"voice": "TTS_MS_FR-FR_HORTENSE_11.0", "frames": 100,
                                     "peak": 0.0}}
    report = selfcheck.collect()
    assert report["ok"] is False and report["problems"] == ["speech fr: silent or empty WAV"]


def test_no_portaudio_is_a_problem(fake_machine: dict[str, Any]) -> None:
    fake_machine["speech"] = {"driver": "sapi5", "en": _spoken("a"), "fr": _spoken("b")}
    fake_machine["portaudio"] = {"error": "OSError: PortAudio library not found"}
    report = selfcheck.collect()
    assert report["ok"] is False
    assert report["problems"] == ["portaudio: OSError: PortAudio library not found"]


def test_speech_written_as_aiff_is_measured(tmp_path: Path) -> None:
    """macOS's synthesizer writes AIFF whatever the file is called."""
    path = tmp_path / "selfcheck-fr.wav"
    tone = 0.5 * np.sin(np.linspace(0, 2 * np.pi * 440, 22050, endpoint=False))
    soundfile.write(str(path), tone.astype("float32"), 22050, format="AIFF", subtype="PCM_16")
    stats = selfcheck._wav_stats(path)
    assert stats["frames"] == 22050 and stats["rate"] == 22050
    assert stats["format"] == "AIFF"
    assert 0.45 < stats["peak"] < 0.55
