"""Speech playback through ``pygame.mixer`` in the game's own process, on a channel of its own.

The speaker owns mixer channel 0 (reserved, so ``Sound.play()`` of sound effects never takes it
and never gets cut by speech). Playing only hands a buffer to SDL's mixer: it returns at once.
"""

from __future__ import annotations

import os
from typing import Protocol

import numpy as np

__all__ = ["MixerOutput", "Output", "OutputUnavailable"]

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: SDL's signed 16-bit native-endian sample format, as ``pygame.mixer.get_init()`` reports it.
_S16 = -16


class OutputUnavailable(RuntimeError):
    """No sound output device (``pygame.mixer`` could not open one)."""


class Output(Protocol):
    """Where rendered speech goes: a mono-or-more PCM sink with a volume."""

    rate: int
    channels: int

    def play(self, pcm: bytes, volume: float) -> None: ...

    def busy(self) -> bool: ...

    def stop(self) -> None: ...

    def set_volume(self, volume: float) -> None: ...


#: Mixer buffer (frames) used when the speaker opens the mixer itself: 46 ms at 44.1 kHz. The
#: pygame default (512) underran now and then on a loaded 2-core machine (audible clicks).
MIXER_BUFFER = 2048


class MixerOutput:
    """One reserved ``pygame.mixer`` channel. Opens the mixer if the game has not yet."""

    def __init__(self, channel: int = 0) -> None:
        import pygame

        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(buffer=MIXER_BUFFER)
            init = pygame.mixer.get_init()
        except pygame.error as exc:
            raise OutputUnavailable(str(exc)) from exc
        if not init:
            raise OutputUnavailable("pygame.mixer did not initialise")
        self._pygame = pygame
        self.rate, self._format, self.channels = int(init[0]), int(init[1]), int(init[2])
        if pygame.mixer.get_num_channels() <= channel:
            pygame.mixer.set_num_channels(channel + 1)
        pygame.mixer.set_reserved(max(channel + 1, 1))
        self._channel = pygame.mixer.Channel(channel)

    def play(self, pcm: bytes, volume: float) -> None:
        """Start ``pcm`` (interleaved int16 at the mixer's rate and channels) now, replacing
        whatever the channel was playing."""
        pygame = self._pygame
        if self._format == _S16:
            sound = pygame.mixer.Sound(buffer=pcm)
        else:  # let pygame convert to the mixer's own sample format
            frames = np.frombuffer(pcm, np.int16).reshape(-1, self.channels)
            sound = pygame.mixer.Sound(array=frames if self.channels > 1 else frames[:, 0])
        self._channel.set_volume(volume)
        self._channel.play(sound)

    def busy(self) -> bool:
        return bool(self._channel.get_busy())

    def stop(self) -> None:
        self._channel.stop()

    def set_volume(self, volume: float) -> None:
        self._channel.set_volume(volume)
