"""The voice's output on the sound board: the speaker's PCM played on the board's voice
channel (:meth:`game.audio.board.SoundBoard.voice_output` makes the one
:class:`VoiceOutput`), telling the board when speech starts and stops so that it ducks the
rest.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

__all__ = ["Ducking", "VoiceOutput"]


class Ducking(Protocol):
    """What the voice's output needs of the board (:class:`game.audio.board.SoundBoard`):
    its settings (mute) and to be told when speech starts and stops, to duck the rest."""

    settings: Any

    def voice_started(self, seconds: float) -> None: ...
    def voice_stopped(self) -> None: ...


class VoiceOutput:
    """The voice's channel on the board (a :class:`game.voice.playback.Output`): speech plays
    on ``channel`` (the board's channel 0), follows mute, and ducks the music and the effects
    while it is heard. ``mixer`` is the board's pygame, ``fmt`` its mixer's (rate, format,
    channels)."""

    def __init__(self, board: Ducking, mixer: Any, fmt: tuple[int, int, int],
                 channel: int) -> None:
        self._board = board
        self._pg = mixer
        self.rate, self._format, self.channels = fmt
        self._channel = self._pg.mixer.Channel(channel)
        self._volume = 1.0

    def _level(self, volume: float) -> float:
        return 0.0 if getattr(self._board.settings, "mute", False) else volume

    def play(self, pcm: bytes, volume: float) -> None:
        """Start ``pcm`` (interleaved int16 at the mixer's rate and channels) now."""
        if self._format == -16:
            sound = self._pg.mixer.Sound(buffer=pcm)
        else:  # let pygame convert to the mixer's own sample format
            frames = np.frombuffer(pcm, np.int16).reshape(-1, self.channels)
            sound = self._pg.mixer.Sound(array=frames if self.channels > 1 else frames[:, 0])
        self._volume = volume
        self._channel.set_volume(self._level(volume))
        self._channel.play(sound)
        seconds = len(pcm) / 2 / max(1, self.channels) / max(1, self.rate)
        self._board.voice_started(seconds)

    def busy(self) -> bool:
        return bool(self._channel.get_busy())

    def stop(self) -> None:
        self._channel.stop()
        self._board.voice_stopped()

    def set_volume(self, volume: float) -> None:
        self._volume = volume
        self._channel.set_volume(self._level(volume))
