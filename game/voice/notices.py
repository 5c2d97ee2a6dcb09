"""The one notice telling the player what the voice features cannot do on this computer.

Missing parts (speech engine, sound output, microphone) are summed up in a single message id,
handed to the UI once (:class:`VoiceNotice`); the UI translates it with ``_()`` when drawing, so a
language change re-renders it.
"""

from __future__ import annotations

from game.i18n import N_
from game.voice.audio_env import find_input
from game.voice.recorder import Recorder, RecorderState
from game.voice.speaker import Speaker, SpeakerStatus

__all__ = ["NOTICES", "VoiceNotice", "notice_for"]

NO_SOUND = N_("No sound device was found: the game plays silently, and players type their "
              "names instead of recording them.")
NO_OUTPUT = N_("No sound output was found: the game plays silently.")
NO_SPEECH_NO_MIC = N_("No speech engine and no microphone were found: announcements are not "
                      "spoken, and players type their names instead of recording them.")
NO_SPEECH = N_("No speech engine was found: announcements are not spoken.")
NO_MIC = N_("No microphone was found: players type their names instead of recording them.")

#: Every notice, for tests and for a settings page that lists what is missing.
NOTICES = (NO_SOUND, NO_OUTPUT, NO_SPEECH_NO_MIC, NO_SPEECH, NO_MIC)


def notice_for(speech: bool, output: bool, microphone: bool) -> str | None:
    """The message id for what is missing, ``None`` when everything works."""
    if not output:
        return NO_OUTPUT if microphone else NO_SOUND
    if not speech:
        return NO_SPEECH if microphone else NO_SPEECH_NO_MIC
    return None if microphone else NO_MIC


class VoiceNotice:
    """Hands the notice out once, as soon as the speaker (and recorder) know what they have."""

    def __init__(self) -> None:
        self._given = False

    def take(self, speaker: Speaker, recorder: Recorder | None = None) -> str | None:
        """The notice's message id the first time it is settled and needed, else ``None``."""
        if self._given or speaker.status is SpeakerStatus.STARTING:
            return None
        if recorder is not None and recorder.state is RecorderState.OPENING:
            return None
        if recorder is not None and recorder.state is not RecorderState.CLOSED:
            microphone = recorder.state is not RecorderState.UNAVAILABLE
        else:
            microphone = find_input() is not None
        self._given = True
        return notice_for(speech=speaker.status is not SpeakerStatus.NO_ENGINE,
                          output=speaker.status is not SpeakerStatus.NO_OUTPUT,
                          microphone=microphone)
