"""Speech engines that turn text into audio, and the assembly of an utterance's segments.

:class:`Pyttsx3Engine` drives pyttsx3 (eSpeak NG on Linux, SAPI5 on Windows, NSSpeech on macOS)
the way PLATFORM.md found reliable: one owner, ``save_to_file`` + ``runAndWait`` (never
``say()``, which shells out to ``aplay`` on Linux), the file checked for frames and synthesized
again once if empty, the voice read back after setting it (unknown ids are silently ignored).
It runs inside the worker process of :mod:`game.voice.synth`. :class:`EspeakCli` is the fallback
that needs no pyttsx3: the ``espeak-ng -w`` command line, killable by a timeout.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import soundfile

from game.voice.clips import ClipProblem, load_clip, splice
from game.voice.dsp import Audio, silence, to_mono, to_pcm16
from game.voice.roboto_voice import ROBOTO, robot_voice
from game.voice.utterance import Clip, Pause, Segment, Speech

__all__ = [
    "EspeakCli",
    "Pyttsx3Engine",
    "SynthError",
    "TextToSpeech",
    "assemble",
    "choose_voice",
]

#: Silence put around a recorded clip so it does not run into the synthesized words.
CLIP_GAP_S = 0.04
#: Windows LCID primary language ids (SAPI5 reports voices' languages as hex LCIDs).
_LCID_PRIMARY = {0x09: "en", 0x0C: "fr"}


class SynthError(RuntimeError):
    """The engine produced no audio for a text (twice), or is not usable at all."""


class TextToSpeech(Protocol):
    """Anything that speaks ``text`` in ``language`` into audio, and says which voice it used."""

    def speak(self, text: str, language: str) -> tuple[Audio, str]: ...


def _language_tags(languages: Sequence[Any]) -> list[str]:
    """Normalize a voice's languages: ``en_US``/``en-us`` → ``en-us``; SAPI5 LCIDs → ``en``."""
    tags: list[str] = []
    for raw in languages:
        text = raw.decode("utf-8", "ignore") if isinstance(raw, bytes) else str(raw)
        text = text.strip().lower().replace("_", "-")
        try:
            primary = _LCID_PRIMARY.get(int(text, 16) & 0x3FF)
        except ValueError:
            primary = None
        tags.append(primary or text)
    return tags


#: macOS voices that are sound effects or old robots, not a voice to read a game with
#: (they report en_US like Samantha): chosen only when nothing else speaks the language.
_NOVELTY_VOICES = frozenset({
    "albert", "bad news", "badnews", "bahh", "bells", "boing", "bubbles", "cellos",
    "deranged", "good news", "goodnews", "hysterical", "jester", "organ", "pipe organ",
    "princess", "superstar", "trinoids", "whisper", "wobble", "zarvox",
    "agnes", "bruce", "fred", "junior", "kathy", "ralph", "vicki", "victoria",
})


def _is_novelty(voice_id: str, name: str) -> bool:
    last = voice_id.rsplit(".", 1)[-1].lower()
    return name.strip().lower() in _NOVELTY_VOICES or (
        voice_id.startswith("com.apple.speech.synthesis.voice.") and last in _NOVELTY_VOICES)


def choose_voice(voices: Sequence[tuple[str, Sequence[Any], str]], language: str,
                 default: str | None = None) -> str | None:
    """The best voice id for ``language`` among ``(id, languages, name)`` triples, or ``None``.

    The triples are what pyttsx3 reports on each platform: eSpeak NG (``roa/fr``, ``fr-fr``),
    SAPI5 on Windows (registry token ids, ``fr-FR`` or a hex LCID such as ``40C``), NSSpeech
    on macOS (``com.apple.voice.compact.fr-FR.Thomas``, ``fr_FR``). Prefers the main variety
    (``fr-fr`` over ``fr-be``/``fr-ca``; eSpeak's ``roa/fr``, ``gmw/en``), then the system's
    current voice ``default`` when it speaks the language (the one the person picked in the
    system settings), then macOS's premium and enhanced voices; macOS's novelty voices
    (Zarvox, Bells ...) only when nothing else speaks it. Falls back on a voice's name
    ("French", "Français") for engines that report no language. Ties go to the first listed.
    """
    names = {"en": ("english",), "fr": ("french", "français", "francais")}
    best: tuple[float, str] | None = None
    for voice_id, languages, name in voices:
        score = 0.0
        for tag in _language_tags(languages):
            if tag in (language, f"{language}-{language}"):
                score = max(score, 4)
            elif tag.startswith(language + "-"):
                score = max(score, 2)
        if voice_id.lower().replace("\\", "/").rsplit("/", 1)[-1] == language:
            score += 3
        if score == 0 and any(n in name.lower() for n in names.get(language, ())):
            score = 1
        if not score:
            continue
        if default is not None and voice_id == default:
            score += 0.8
        lowered = voice_id.lower()
        if ".premium." in lowered:
            score += 0.6
        elif ".enhanced." in lowered:
            score += 0.4
        if _is_novelty(voice_id, name):
            score = 0.1 + score / 100  # last resort, still ranked among themselves
        if best is None or score > best[0]:
            best = (score, voice_id)
    return None if best is None else best[1]


def _read_wav(path: Path) -> Audio | None:
    """The audio in ``path``, or ``None`` when the file is missing or has no frames."""
    try:
        if soundfile.info(str(path)).frames <= 0:
            return None
        data, rate = soundfile.read(str(path), dtype="float32", always_2d=False)
    except (OSError, RuntimeError, soundfile.LibsndfileError):
        return None
    return Audio(to_mono(data), int(rate))


class Pyttsx3Engine:
    """pyttsx3 owned by the current thread; synthesizes to files in ``workdir``."""

    def __init__(self, workdir: Path, languages: Sequence[str]) -> None:
        import pyttsx3  # only the worker process loads the engine

        self._engine = pyttsx3.init()
        self._workdir = workdir
        self._counter = itertools.count()
        self._current: str | None = None
        available = [(str(v.id), list(v.languages or ()), str(v.name or ""))
                     for v in self._engine.getProperty("voices")]
        default = self._engine.getProperty("voice")  # the system's voice, as the person set it
        self.voices: dict[str, str] = {}
        for language in languages:
            chosen = choose_voice(available, language, default=str(default or "") or None)
            if chosen is not None:
                self.voices[language] = chosen
        self.name = f"pyttsx3/{getattr(self._engine, 'driver_name', None) or 'default'}"

    def _select(self, language: str) -> str:
        """Make ``language``'s voice current; returns the voice read back from the engine."""
        wanted = self.voices.get(language)
        if wanted is not None and wanted != self._current:
            self._engine.setProperty("voice", wanted)
            self._engine.runAndWait()  # properties apply when the queue runs
            self._current = str(self._engine.getProperty("voice"))
        return self._current or str(self._engine.getProperty("voice"))

    def speak(self, text: str, language: str) -> tuple[Audio, str]:
        voice = self._select(language)
        for _attempt in range(2):
            path = self._workdir / f"tts-{os.getpid()}-{next(self._counter)}.wav"
            self._engine.save_to_file(text, str(path))
            self._engine.runAndWait()
            audio = _read_wav(path)
            path.unlink(missing_ok=True)
            if audio is not None:
                return audio, voice
        raise SynthError(f"empty audio twice for {text!r}")


class EspeakCli:
    """The ``espeak-ng`` command line: a separate process per text, killed after ``timeout_s``."""

    def __init__(self, workdir: Path, timeout_s: float = 5.0,
                 executable: str | None = None) -> None:
        found = executable or shutil.which("espeak-ng") or shutil.which("espeak")
        if found is None:
            raise SynthError("espeak-ng is not installed")
        self._exe = found
        self._workdir = workdir
        self._timeout = timeout_s
        self._counter = itertools.count()
        self.name = Path(found).name

    @staticmethod
    def _environment() -> dict[str, str]:
        """The system espeak-ng must read its own data, not a PyInstaller bundle's copy (see
        packaging/pyi_rth_uno_audio.py, which keeps the original value aside)."""
        env = dict(os.environ)
        if "UNO_ORIG_ESPEAK_DATA_PATH" in env:
            env["ESPEAK_DATA_PATH"] = env["UNO_ORIG_ESPEAK_DATA_PATH"]
        elif getattr(sys, "frozen", False):
            env.pop("ESPEAK_DATA_PATH", None)
        return env

    def speak(self, text: str, language: str) -> tuple[Audio, str]:
        path = self._workdir / f"cli-{os.getpid()}-{next(self._counter)}.wav"
        try:
            subprocess.run([self._exe, "--stdin", "-v", language, "-w", str(path)],
                           input=text.encode("utf-8"), capture_output=True, check=True,
                           timeout=self._timeout, env=self._environment())
        except (OSError, subprocess.SubprocessError) as exc:
            raise SynthError(f"{self.name} failed: {exc}") from exc
        audio = _read_wav(path)
        path.unlink(missing_ok=True)
        if audio is None:
            raise SynthError(f"{self.name} wrote no audio for {text!r}")
        return audio, f"{self.name} -v {language}"


def assemble(segments: Sequence[Segment], language: str, rate: int, channels: int,
             speak: Callable[[str, str], tuple[Audio, str]]) -> tuple[bytes, int, tuple[str, ...]]:
    """Synthesize and splice ``segments`` into interleaved 16-bit PCM at ``rate``/``channels``.

    Returns the PCM, its frame count, and the voice used for each spoken segment. A clip that
    cannot be used (:class:`~game.voice.clips.ClipProblem`: whatever the file holds) is
    replaced by its text, spoken.
    """
    parts: list[Audio] = []
    used: list[str] = []
    for segment in segments:
        if isinstance(segment, Pause):
            parts.append(Audio(silence(segment.seconds, rate), rate))
            continue
        if isinstance(segment, Clip):
            try:
                clip = load_clip(segment.path)
            except ClipProblem:
                segment = Speech(segment.text)  # a recording is said in the narrator's voice
            else:
                gap = Audio(silence(CLIP_GAP_S, rate), rate)
                parts += [gap, clip, gap]
                continue
        assert isinstance(segment, Speech)
        audio, voice = speak(segment.text, language)
        if segment.voice == ROBOTO:  # his own, robotic voice
            audio = robot_voice(audio)
        parts.append(audio)
        used.append(voice)
    samples = splice(parts, rate)
    return to_pcm16(samples, channels), len(samples), tuple(used)
