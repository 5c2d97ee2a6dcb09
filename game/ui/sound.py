"""Sound for the table: short effects generated in code, and the voice, both optional.

The table calls :meth:`Sound.play` and :meth:`Sound.narrate` and never knows whether anything
is heard: without a mixer the effects are silent, and the voice is used only if the
``game.voice`` package imports and its speaker starts (on a background thread, after the
first frame, so neither start-up time nor the frame loop ever waits for it). Any failure
leaves the game silent, never broken.

It also looks (on a thread) for a microphone, sums up what is missing in the one notice of
:mod:`game.voice.notices` (:meth:`Sound.take_notice`, handed out once per run), and carries
Roboto's Repeat and Volume buttons (:meth:`Sound.repeat_last`, :meth:`Sound.cycle_volume`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import pygame

from game.settings import Settings

_log = logging.getLogger(__name__)

RATE = 44100
EFFECTS = ("card", "draw", "shuffle", "uno", "skip", "reverse", "wild", "win", "error", "click",
           "catch", "growl", "overload", "beep")


def _tone(freqs: Sequence[float], seconds: float, decay: float = 8.0,
          wave: str = "sine") -> np.ndarray:
    t = np.linspace(0, seconds, int(RATE * seconds), endpoint=False)
    out = np.zeros_like(t)
    for f in freqs:
        phase = 2 * np.pi * f * t
        out += np.sign(np.sin(phase)) * 0.3 if wave == "square" else np.sin(phase)
    out /= max(1, len(freqs))
    return out * np.exp(-decay * t)


def _noise(seconds: float, decay: float, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = int(RATE * seconds)
    t = np.arange(n) / RATE
    raw = rng.uniform(-1, 1, n)
    smooth = np.convolve(raw, np.ones(6) / 6, mode="same")
    return smooth * np.exp(-decay * t)


def _seq(*parts: np.ndarray, gap: float = 0.0) -> np.ndarray:
    pad = np.zeros(int(RATE * gap))
    out: list[np.ndarray] = []
    for p in parts:
        out += [p, pad]
    return np.concatenate(out)


#: Effects an edition adds, by name: a function returning the waveform (mono floats in -1..1
#: at :data:`RATE`). Built with the others when the mixer opens (see :func:`register_effect`).
EXTRA: dict[str, Callable[[], np.ndarray]] = {}


def register_effect(name: str, build: Callable[[], np.ndarray]) -> None:
    """Add effect ``name`` to the board (an edition's device sound), played like the rest
    with :meth:`Sound.play` and the same volume settings."""
    if name in EFFECTS:
        raise ValueError(f"effect {name!r} already exists")
    EXTRA[name] = build


def synth(name: str) -> np.ndarray:
    """The waveform of effect ``name`` (mono floats in -1..1)."""
    if name in EXTRA:
        return EXTRA[name]()
    if name == "card":
        return _noise(0.12, 40) * 0.6
    if name == "draw":
        return _noise(0.08, 60, 2) * 0.5 + _tone([900], 0.08, 50) * 0.2
    if name == "shuffle":
        return _seq(*[_noise(0.05, 70, i) * 0.5 for i in range(8)], gap=0.01)
    if name == "uno":
        return _seq(_tone([660, 990], 0.14, 10), _tone([880, 1320], 0.22, 7))
    if name == "skip":
        return _tone([220, 330], 0.25, 9, "square")
    if name == "reverse":
        t = np.linspace(0, 0.3, int(RATE * 0.3), endpoint=False)
        return np.sin(2 * np.pi * (300 + 900 * t) * t) * np.exp(-5 * t) * 0.7
    if name == "wild":
        return _seq(*[_tone([f], 0.08, 18) for f in (523, 659, 784, 1046)])
    if name == "win":
        return _seq(*[_tone([f, f * 1.5], 0.16, 6) for f in (523, 659, 784)],
                    _tone([1046, 1568], 0.5, 3))
    if name == "error":
        return _tone([140, 147], 0.22, 8, "square")
    if name == "catch":
        return _seq(_tone([1200], 0.06, 30), _tone([800], 0.1, 20))
    if name == "growl":  # Attack's launcher fires: a low, rough, wobbling roar
        t = np.linspace(0, 0.8, int(RATE * 0.8), endpoint=False)
        pitch = 95 - 35 * t + 6 * np.sin(2 * np.pi * 7 * t)
        saw = 2 * ((np.cumsum(pitch) / RATE) % 1.0) - 1
        rough = np.convolve(_noise(0.8, 0.0, 5), np.ones(40) / 40, mode="same")
        swell = np.minimum(1.0, t / 0.12) * np.exp(-2.5 * t)
        return np.clip((0.55 * saw + 2.5 * rough) * swell, -1, 1) * 0.8
    if name == "overload":  # Triple Play's tray overloads (T-6): a siren, then a fanfare
        t = np.linspace(0, 0.5, int(RATE * 0.5), endpoint=False)
        siren = np.sin(2 * np.pi * np.cumsum(700 + 300 * np.sin(2 * np.pi * 6 * t)) / RATE)
        return _seq(siren * 0.5, *[_tone([f, f * 2], 0.12, 9, "square") for f in (392, 523)],
                    _tone([659, 1318], 0.35, 5, "square"))
    if name == "beep":  # Roboto dozes off: a soft two-note beep, high then low
        return _seq(_tone([988], 0.14, 5), _tone([740], 0.24, 6), gap=0.04) * 0.7
    return _tone([1000], 0.03, 80) * 0.4  # click


class Sound:
    """Effects and voice for the table; every method is safe to call with no audio at all."""

    def __init__(self, settings: Settings, names: Sequence[str] = ()) -> None:
        self.settings = settings
        self._sounds: dict[str, Any] = {}
        self._mixer = False
        self._speaker: Any = None
        self._house_rule: Any = None  # Roboto: the recorded house rule, as a PlayerVoice
        self._voice_thread: threading.Thread | None = None
        self._closed = False
        self._opened_mixer = False
        self.voice_status = "off"
        # What is missing (issue 4 item 5): probed off the frame loop, told once per run.
        self._effects_tried = False
        self._probe: threading.Thread | None = None
        self._microphone: bool | None = None
        self._notice_wanted = False
        self._notice_given = False
        #: The level Roboto's Volume key chose (0 = mute); ``None``: follow the settings.
        self._button_level: int | None = None

    # ------------------------------------------------------------------ effects
    def start_effects(self) -> None:
        """Open the mixer and build the effects (about 20 ms); silent if there is no mixer."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
                self._opened_mixer = True
            init = pygame.mixer.get_init()
            if not init:
                return
            for name in (*EFFECTS, *EXTRA):
                self._build(name)
            pygame.mixer.set_reserved(1)  # channel 0 belongs to the voice
            self._mixer = True
        except (pygame.error, ValueError, TypeError) as exc:
            _log.info("no sound effects: %s", exc)
            self._sounds.clear()
        finally:
            self._effects_tried = True

    def _build(self, name: str) -> None:
        """Make effect ``name`` into a mixer sound (the mixer is open)."""
        init = pygame.mixer.get_init()
        if not init:
            return
        rate, _fmt, channels = init
        wave = synth(name)
        if rate != RATE:
            idx = np.linspace(0, len(wave) - 1, int(len(wave) * rate / RATE))
            wave = np.interp(idx, np.arange(len(wave)), wave)
        pcm = (np.clip(wave, -1, 1) * 32000).astype(np.int16)
        frames = np.repeat(pcm[:, None], channels, axis=1) if channels > 1 else pcm
        self._sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(frames))

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is None and self._mixer and name in EXTRA:  # registered after the start
            try:
                self._build(name)
            except (pygame.error, ValueError, TypeError) as exc:
                _log.info("effect %s not built: %s", name, exc)
            sound = self._sounds.get(name)
        if sound is None:
            return
        volume = self.settings.master_volume * self.settings.effects_volume / 10000
        if volume <= 0:
            return
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            pass

    # ------------------------------------------------------------------ voice
    def start_voice(self, names: Sequence[str], house_rule: Any = None,
                    ids: Sequence[str] = ()) -> None:
        """Start the speaker in the background when narration is on (see module doc).
        ``house_rule`` is the game's house rule as a PlayerVoice (Roboto), if any; ``ids``
        the players' ids, under which their recorded names are found."""
        self._house_rule = house_rule
        if self.settings.narration == "off" or self._voice_thread is not None:
            return
        self.voice_status = "starting"
        self.probe_devices()
        self._voice_thread = threading.Thread(target=self._open_speaker,
                                              args=(list(names), list(ids)),
                                              name="uno-voice-start", daemon=True)
        self._voice_thread.start()

    def _open_speaker(self, names: list[str], ids: list[str]) -> None:
        try:
            from game.voice.clips import PlayerVoice
            from game.voice.phrases import Narration
            from game.voice.speaker import Speaker

            speaker = Speaker(cast=self._cast(names, PlayerVoice, ids),
                              narration=Narration(self.settings.narration),
                              volume_level=self._voice_level())
            speaker.house_rule = self._house_rule
            if self._closed:
                speaker.close()
                return
            self._speaker = speaker
            self.voice_status = "on"
        except Exception as exc:  # the voice is optional: any failure means silence
            _log.info("voice unavailable: %s", exc)
            self.voice_status = "unavailable"

    def _voice_level(self) -> int:
        if self._button_level is not None:
            return self._button_level
        pct = self.settings.master_volume * self.settings.voice_volume / 100
        return 0 if pct <= 0 else 1 if pct < 40 else 2 if pct < 75 else 3

    def set_names(self, names: Sequence[str], house_rule: Any = None,
                  ids: Sequence[str] = ()) -> None:
        """The players' names (and, by their ``ids``, their recordings) and the house rule
        for the voice."""
        self._house_rule = house_rule
        sp = self._speaker
        if sp is None:
            return
        try:
            from game.voice.clips import PlayerVoice

            sp.cast = self._cast(names, PlayerVoice, ids)
            sp.house_rule = house_rule
        except Exception as exc:
            _log.info("voice cast not set: %s", exc)

    @staticmethod
    def _cast(names: Sequence[str], plain: Any, ids: Sequence[str] = ()) -> dict[int, Any]:
        """Each player's typed name and, when one was recorded (Roboto), their own voice."""
        try:
            from game.ui.voices import voice_cast

            return voice_cast(names, ids=ids)
        except Exception as exc:  # no clip store: the typed names still work
            _log.info("recorded names unavailable: %s", exc)
            return {i: plain(n) for i, n in enumerate(names)}

    def narrate(self, events: Iterable[object]) -> None:
        """Voice ``events`` (already redacted for the player at the screen)."""
        sp = self._speaker
        if sp is None:
            return
        try:
            sp.volume_level = self._voice_level()
            sp.narrate(list(events))
        except Exception as exc:
            _log.info("narration failed: %s", exc)

    def say(self, words: Any) -> bool:
        """Say ``words`` (text already in the player's language, or a
        :class:`game.voice.utterance.Phrase`) if the voice is on (the try-me demo, Roboto's
        own lines); ``False`` when nothing will be heard."""
        sp = self._speaker
        if sp is None:
            return False
        try:
            sp.volume_level = self._voice_level()
            sp.say(words)
            return True
        except Exception as exc:
            _log.info("speech failed: %s", exc)
            return False

    def hush(self) -> None:
        """Stop what the voice is saying (leaving the demo)."""
        sp = self._speaker
        if sp is None:
            return
        try:
            sp.stop()
        except Exception as exc:
            _log.info("the voice did not stop: %s", exc)

    def settings_changed(self) -> None:
        self._button_level = None  # the volume settings win over the Volume key again
        sp = self._speaker
        if sp is None:
            if self.settings.narration != "off" and self._voice_thread is None:
                self.start_voice([])
            return
        try:
            from game.voice.phrases import Narration

            sp.narration = Narration(self.settings.narration)
            sp.volume_level = self._voice_level()
        except Exception as exc:
            _log.info("voice settings not applied: %s", exc)

    # ------------------------------------------------------------------ Roboto's buttons
    def repeat_last(self) -> bool:
        """Roboto's Repeat button: say the last phrase again. ``False`` when there is nothing
        to repeat or no voice."""
        sp = self._speaker
        if sp is None:
            return False
        try:
            return sp.repeat_last() is not None
        except Exception as exc:
            _log.info("repeat failed: %s", exc)
            return False

    def cycle_volume(self) -> int | None:
        """Roboto's Volume button: levels 1 → 2 → 3 → mute → 1. Returns the new level (0 =
        muted), ``None`` without a voice. Kept until the volume settings change."""
        sp = self._speaker
        if sp is None:
            return None
        try:
            level = sp.volume_level
            new = 0 if level >= 3 else level + 1
            sp.volume_level = new
        except Exception as exc:
            _log.info("volume not changed: %s", exc)
            return None
        self._button_level = new
        return new

    @property
    def voice_on(self) -> bool:
        return self._speaker is not None

    # ------------------------------------------------------------------ what is missing
    def probe_devices(self, tell: bool = True) -> None:
        """Look for a microphone on a background thread (PortAudio's start can take a
        second); with ``tell``, :meth:`take_notice` tells the player once what is missing."""
        self._notice_wanted = self._notice_wanted or tell
        if self._probe is not None:
            return
        self._probe = threading.Thread(target=self._probe_microphone, name="uno-mic-probe",
                                       daemon=True)
        self._probe.start()

    def _probe_microphone(self) -> None:
        try:
            from game.voice import audio_env

            self._microphone = audio_env.find_input() is not None
        except Exception as exc:  # no PortAudio, a broken driver …: no microphone
            _log.info("no microphone: %s", exc)
            self._microphone = False

    @property
    def notice_pending(self) -> bool:
        """The notice is wanted and not settled yet (the table looks again soon)."""
        return self._notice_wanted and not self._notice_given

    @property
    def microphone(self) -> bool | None:
        """Whether a capture device exists; ``None`` until probed (see :meth:`probe_devices`)."""
        return self._microphone

    def take_notice(self) -> str | None:
        """The one notice (a message id of :mod:`game.voice.notices`) saying which voice
        features cannot work here, the first time everything is settled; else ``None``.
        Called by the frame loop: it never waits."""
        if self._notice_given or not self._notice_wanted or not self._effects_tried:
            return None
        if self._microphone is None or self.voice_status == "starting":
            return None
        sp = self._speaker
        speech, output = True, bool(pygame.mixer.get_init())
        try:
            from game.voice.notices import notice_for
            from game.voice.speaker import SpeakerStatus

            if sp is not None:
                if sp.status is SpeakerStatus.STARTING:
                    return None
                speech = sp.status is not SpeakerStatus.NO_ENGINE
                output = output and sp.status is not SpeakerStatus.NO_OUTPUT
            elif self.voice_status == "unavailable":  # the Speaker could not even be built
                speech = False
            self._notice_given = True
            return notice_for(speech=speech, output=output, microphone=self._microphone)
        except Exception as exc:  # the voice package itself is broken: say nothing more
            _log.info("no voice notice: %s", exc)
            self._notice_given = True
            return None

    def close(self) -> None:
        """Stop the voice and release the mixer if this object opened it."""
        self._closed = True
        sp, self._speaker = self._speaker, None
        if sp is not None:
            try:
                sp.close()
            except Exception as exc:
                _log.info("voice did not close cleanly: %s", exc)
        self._sounds.clear()
        if self._opened_mixer and pygame.mixer.get_init():
            pygame.mixer.quit()
        self._opened_mixer = False
