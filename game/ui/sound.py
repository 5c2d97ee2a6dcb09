"""Sound for the game: effects and music generated in code, and the voice, all optional.

Every sound goes through one :class:`~game.audio.board.SoundBoard` (:attr:`Sound.board`): the
effects registered by name in :mod:`game.audio.registry` (:meth:`Sound.play`, which the
table's ``sfx`` calls), the music, and the voice, which plays on the board's voice channel and
ducks the rest. The table never knows whether anything is heard: without a mixer the effects
are silent, and the voice is used only if the
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
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from game import audio
from game.audio.board import SoundBoard
from game.audio.effects import CORE
from game.audio.registry import RATE
from game.store.settings import Settings

__all__ = ["EFFECTS", "RATE", "Sound", "synth"]

_log = logging.getLogger(__name__)

#: The core effects; every registered sound is in :func:`game.audio.names`.
EFFECTS = CORE


def synth(name: str) -> np.ndarray:
    """The waveform of the registered sound ``name`` (floats in -1..1 at :data:`RATE`)."""
    return audio.render(name)


class Sound:
    """Effects and voice for the table; every method is safe to call with no audio at all."""

    def __init__(self, settings: Settings, names: Sequence[str] = ()) -> None:
        self.settings = settings
        #: The one mixer every sound goes through (effects, devices, music, the voice).
        self.board = SoundBoard(settings)
        self._speaker: Any = None
        #: The question asked last of the person at the screen (:meth:`ask`), while it may
        #: still be said.
        self._question: Any = None
        self._said: Any = None  # what :meth:`say` queued last
        self._house_rule: Any = None  # Roboto: the recorded house rule, as a PlayerVoice
        self._voice_thread: threading.Thread | None = None
        self._closed = False
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
        """Open the mixer and have the board build every sound on its own thread, then start
        the music; silent if there is no audio device. Returns at once."""
        try:
            if self.board.open():
                self.board.warm()
                self.board.start_music()
        finally:
            self._effects_tried = True

    def play(self, name: str) -> None:
        """Play registered sound ``name`` through the board (see :mod:`game.audio.board`)."""
        self.board.play(name)

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

            speaker = Speaker(output=self.board.voice_output(),
                              cast=self._cast(names, PlayerVoice, ids),
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
        if getattr(self.settings, "mute", False):
            return 0
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
            self._said = sp.say(words)
            return True
        except Exception as exc:
            _log.info("speech failed: %s", exc)
            return False

    def ask(self, words: Any) -> None:
        """Say a question the person at the screen must answer; :meth:`answered` cuts what
        is left of it."""
        self._said = None
        self._question = self._said if self.say(words) else None

    def answered(self) -> None:
        """The question asked last is answered: what is left of it is not said."""
        sp, question, self._question = self._speaker, self._question, None
        if sp is not None and question is not None:
            try:
                sp.cancel(question)
            except Exception as exc:
                _log.info("speech failed: %s", exc)

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
        self.board.settings_changed()
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

    def voice_behind(self) -> bool:
        """The voice is starting, or still has something queued or being said: at full
        play-by-play the table waits for it before showing the next move (a person who
        cannot see the screen follows the game by ear). ``False`` without a voice."""
        if self.voice_status == "starting":
            return True
        sp = self._speaker
        if sp is None:
            return False
        try:
            from game.voice.speaker import SpeakerStatus

            return bool(sp.status is SpeakerStatus.STARTING or sp.busy())
        except Exception as exc:
            _log.info("voice state unknown: %s", exc)
            return False

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
        Called by the frame loop: it never waits. With no audio device and neither the voice
        nor the microphone wanted, the notice says only that the game plays silently (unless
        the player silenced it anyway: muted, or every volume at 0)."""
        if self._notice_given or not self._effects_tried:
            return None
        if not self._notice_wanted:
            if self.board.audible or not self._sound_wanted():
                return None
            self._notice_given = True
            try:
                from game.voice.notices import NO_OUTPUT

                return NO_OUTPUT
            except Exception as exc:  # the voice package itself is broken
                _log.info("no sound notice: %s", exc)
                return None
        if self._microphone is None or self.voice_status == "starting":
            return None
        sp = self._speaker
        speech, output = True, self.board.audible
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

    def _sound_wanted(self) -> bool:
        """The player would hear effects or music if there were a device."""
        from game.audio.registry import Bus

        return self.board.gain(Bus.EFFECTS) > 0 or self.board.gain(Bus.MUSIC) > 0

    def close(self) -> None:
        """Stop the voice and release the mixer if this object opened it."""
        self._closed = True
        sp, self._speaker = self._speaker, None
        if sp is not None:
            try:
                sp.close()
            except Exception as exc:
                _log.info("voice did not close cleanly: %s", exc)
        self.board.close()
