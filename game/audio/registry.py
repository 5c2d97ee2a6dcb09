"""The open registry of the game's named sounds: ``name -> (synth function, bus)``, in one place.

Any module may add a sound (an edition's device, a scene) when it is imported::

    from game.audio import Bus, register

    def rumble() -> np.ndarray:          # mono (n,) or stereo (n, 2) floats in -1..1 at RATE
        ...

    register("launcher_rumble", rumble, Bus.DEVICE, doc="the launcher winds up")

and plays it by name: ``table.sfx("launcher_rumble")`` (or ``app.sound.play(...)``). Nothing is
synthesized at registration: the sound board (:mod:`game.audio.board`) builds each sound once,
on its own thread, and plays it at the volume of its bus. A name registered twice with another
function is refused (``ValueError``, the first one kept) unless ``replace=True``, or unless the
first was registered as a ``default`` (the core's stand-ins for the editions' device sounds,
which an edition's own sound of the same name replaces).

The buses are what the player sets a volume for: ``effects`` and ``device`` follow "Sound
effects", ``music`` follows "Music", ``voice`` follows "Voice"; all follow the master volume
and the mute switch, and the voice ducks the rest while it speaks.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

__all__ = ["RATE", "Bus", "SoundSpec", "Synth", "lookup", "names", "register", "render", "sound",
           "unregister"]

#: The sample rate every synth function renders at (the board resamples to the mixer's).
RATE = 44100
#: The longest sound a synth function may return (music loops included), in seconds.
MAX_SECONDS = 120.0

#: A synth function: no arguments, returns mono ``(n,)`` or stereo ``(n, 2)`` floats at RATE.
Synth = Callable[[], np.ndarray]


class Bus(StrEnum):
    """Which volume a sound follows (see the module doc)."""

    EFFECTS = "effects"
    DEVICE = "device"
    VOICE = "voice"
    MUSIC = "music"


@dataclass(frozen=True)
class SoundSpec:
    """One registered sound. ``loop``: played over and over (music); ``doc``: when it plays
    and how it is made, for ``assets/SOUNDS.md``."""

    name: str
    synth: Synth
    bus: Bus
    loop: bool = False
    doc: str = ""
    #: A stand-in that a later registration of the same name replaces without ``replace``.
    default: bool = False
    #: Played again while still sounding, the earlier one fades out (long fanfares).
    exclusive: bool = False


_LOCK = threading.Lock()
_REGISTRY: dict[str, SoundSpec] = {}


def register(name: str, synth: Synth, bus: Bus | str = Bus.EFFECTS, *, loop: bool = False,
             doc: str = "", replace: bool = False, default: bool = False,
             exclusive: bool = False) -> SoundSpec:
    """Add sound ``name`` (see the module doc). ``ValueError`` for an empty name, an unknown
    bus, or a name already taken by another function (unless ``replace``, or the first was
    a ``default``); nothing changes then. Registering the same function again under the
    same name is harmless."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError("a sound needs a non-empty name")
    if not callable(synth):
        raise ValueError(f"sound {name!r}: synth must be callable")
    try:
        bus = Bus(bus)
    except ValueError:
        raise ValueError(f"sound {name!r}: unknown bus {bus!r} "
                         f"(one of {', '.join(b.value for b in Bus)})") from None
    spec = SoundSpec(name, synth, bus, loop, doc, default, exclusive)
    with _LOCK:
        old = _REGISTRY.get(name)
        if old is not None and not (replace or old.default) and old.synth is not synth:
            raise ValueError(f"sound {name!r} is already registered (by "
                             f"{getattr(old.synth, '__module__', '?')}); pass replace=True")
        _REGISTRY[name] = spec
    return spec


def sound(name: str, bus: Bus | str = Bus.EFFECTS, *, loop: bool = False,
          doc: str = "", exclusive: bool = False) -> Callable[[Synth], Synth]:
    """Decorator form of :func:`register`."""
    def deco(fn: Synth) -> Synth:
        register(name, fn, bus, loop=loop, doc=doc, exclusive=exclusive)
        return fn
    return deco


def register_device_sounds(sounds: Mapping[str, Synth]) -> None:
    """An edition's device sounds, by name, on the device bus (each documented by its
    function's docstring)."""
    for name, synth in sounds.items():
        register(name, synth, Bus.DEVICE, doc=(synth.__doc__ or "").strip())


def unregister(name: str) -> None:
    """Forget ``name`` (tests); unknown names are ignored."""
    with _LOCK:
        _REGISTRY.pop(name, None)


def lookup(name: str) -> SoundSpec | None:
    with _LOCK:
        return _REGISTRY.get(name)


def names(bus: Bus | str | None = None) -> tuple[str, ...]:
    """The registered names (of one bus), in registration order."""
    with _LOCK:
        specs = list(_REGISTRY.values())
    return tuple(s.name for s in specs if bus is None or s.bus == Bus(bus))


def render(name: str) -> np.ndarray:
    """Run ``name``'s synth function and check what it made: float32, mono ``(n,)`` or stereo
    ``(n, 2)``, finite, within -1..1 (clipped), at most :data:`MAX_SECONDS`. ``KeyError`` for
    an unknown name, ``ValueError`` for a synth function that returns something else."""
    spec = lookup(name)
    if spec is None:
        raise KeyError(f"no sound named {name!r}")
    wave = np.asarray(spec.synth())
    if wave.dtype != np.float32:
        wave = wave.astype(np.float32)
    if wave.ndim not in (1, 2) or (wave.ndim == 2 and wave.shape[1] != 2):
        raise ValueError(f"sound {name!r}: expected (n,) or (n, 2) samples, got {wave.shape}")
    if not 0 < len(wave) <= MAX_SECONDS * RATE:
        raise ValueError(f"sound {name!r}: {len(wave) / RATE:.2f} s is not within "
                         f"0..{MAX_SECONDS:g} s")
    if not np.isfinite(wave).all():
        raise ValueError(f"sound {name!r}: not every sample is a finite number")
    clipped: np.ndarray = np.clip(wave, -1.0, 1.0)
    return clipped
