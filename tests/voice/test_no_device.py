"""Without a sound card, a microphone or a speech engine the game keeps going, silently, and the
player gets one clear notice. Each case runs in a fresh process whose environment really lacks
the part (PortAudio and SDL look for devices once, at start-up)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.voice import notices

from .conftest import ROOT

SCRIPT = textwrap.dedent("""
    import json, sys
    if "block" in sys.argv[1]:  # at module level: the spawned speech worker re-runs it too
        for name in sys.argv[1].split(":")[1].split(","):
            sys.modules[name] = None

    def main():
        from game.voice.clips import ClipKind
        from game.voice.notices import VoiceNotice
        from game.voice.recorder import Recorder
        from game.voice.speaker import Speaker

        speaker = Speaker()
        recorder = Recorder()
        recorder.open(timeout=10)
        speaker.wait_ready()
        notice = VoiceNotice()
        first, second = notice.take(speaker, recorder), notice.take(speaker, recorder)
        said = speaker.say("Alice plays a red five.")
        speaker.repeat_last()
        speaker.stop()
        started = recorder.start(ClipKind.NAME)
        take = recorder.stop()
        result = {"speaker": speaker.status.value, "engine": speaker.engine,
                  "recorder": recorder.state.value, "error": recorder.error,
                  "notices": [first, second], "caption": said.caption,
                  "recording": [started, take is None]}
        speaker.close()
        recorder.close()
        print(json.dumps(result))

    if __name__ == "__main__":
        main()
""")


_CARDS = Path("/proc/asound/cards")
#: ALSA cards of this machine. An ALSA configuration that hides them makes PortAudio abort, so
#: "no sound device at all" is only reproducible where there is none (CI, containers).
HAS_SOUND_CARD = _CARDS.exists() and "no soundcards" not in _CARDS.read_text()


def run(tmp_path: Path, mode: str, **env: str) -> dict[str, object]:
    """Run SCRIPT with no audio server reachable (the private one included)."""
    script = tmp_path / "no_device.py"
    script.write_text(SCRIPT)
    base = {k: v for k, v in os.environ.items() if not k.startswith(("PULSE", "SDL_"))}
    base.update(PYTHONPATH=str(ROOT), PULSE_SERVER="unix:/nonexistent/pulse", **env)
    out = subprocess.run([sys.executable, str(script), mode], env=base, cwd=tmp_path,
                         capture_output=True, text=True, timeout=90)
    assert out.returncode == 0, out.stderr
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.skipif(HAS_SOUND_CARD, reason="this machine has a sound card (ALSA sees it)")
def test_no_sound_device_at_all(tmp_path: Path) -> None:
    result = run(tmp_path, "real")
    assert result["speaker"] == "no_output"
    assert result["recorder"] == "unavailable"
    assert result["notices"] == [notices.NO_SOUND, None]  # one notice, once
    assert result["caption"] == "Alice plays a red five."  # still there for subtitles
    assert result["recording"] == [False, True]  # typed names instead


def test_no_portaudio(tmp_path: Path) -> None:
    """sounddevice (or the PortAudio library under it) missing: speech works, no recording."""
    result = run(tmp_path, "block:sounddevice", SDL_AUDIODRIVER="dummy")
    assert result["speaker"] == "ready"
    assert result["recorder"] == "unavailable"
    assert "sounddevice" in str(result["error"])
    assert result["notices"] == [notices.NO_MIC, None]


def test_no_speech_engine(tmp_path: Path) -> None:
    """Neither pyttsx3 nor the espeak-ng command: a silent speaker that still takes phrases."""
    result = run(tmp_path, "block:pyttsx3,sounddevice", SDL_AUDIODRIVER="dummy",
                 PATH=str(tmp_path / "empty-bin"))
    assert result["speaker"] == "no_engine"
    assert result["engine"] is None
    assert result["notices"] == [notices.NO_SPEECH_NO_MIC, None]


@pytest.mark.parametrize(("speech", "output", "mic", "expected"), [
    (True, True, True, None),
    (True, True, False, notices.NO_MIC),
    (False, True, True, notices.NO_SPEECH),
    (False, True, False, notices.NO_SPEECH_NO_MIC),
    (True, False, True, notices.NO_OUTPUT),
    (False, False, False, notices.NO_SOUND),
])
def test_one_notice_sums_up_what_is_missing(speech: bool, output: bool, mic: bool,
                                            expected: str | None) -> None:
    assert notices.notice_for(speech, output, mic) == expected
