"""The game's sound: one registry of named sounds and one board that plays them.

- :mod:`game.audio.registry`  ``register(name, synth, bus)``: the open list of sounds
- :mod:`game.audio.effects`   the core game's effects (deal, play, draw, UNO!, …), registered
  here on import
- :mod:`game.audio.moments`   the moments' sounds (the last card's slam, the tally, the
  match's fanfare)

Importing ``game.audio`` registers the core sounds; editions register their own the same way.
"""

from __future__ import annotations

from game.audio import effects as _effects  # noqa: F401  (registers the core sounds)
from game.audio import moments as _moments  # noqa: F401  (issue 34's moments)
from game.audio import music as _music  # noqa: F401  (registers the music)
from game.audio.registry import (
    RATE,
    Bus,
    SoundSpec,
    Synth,
    lookup,
    names,
    register,
    register_device_sounds,
    render,
    sound,
    unregister,
)

__all__ = ["RATE", "Bus", "SoundSpec", "Synth", "lookup", "names", "register",
           "register_device_sounds", "render", "sound", "unregister"]
