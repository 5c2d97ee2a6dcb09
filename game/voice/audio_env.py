"""What audio input exists here: PortAudio (through sounddevice) and its capture devices.

``import sounddevice`` raises ``OSError`` when the PortAudio library is missing, and with
PortAudio but no device every stream call raises ``sounddevice.PortAudioError``; both mean "no
microphone", never a crash. PortAudio lists devices once, when it initialises: after an audio
server appears (or a headset is plugged in), :func:`rescan` re-initialises it.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from types import ModuleType
from typing import Any

__all__ = [
    "InputDevice", "find_input", "input_devices", "load_error", "load_sounddevice", "rescan",
]

_log = logging.getLogger(__name__)
_lock = threading.Lock()
_module: ModuleType | None = None
_load_error: str | None = None
_loaded = False


def load_sounddevice() -> ModuleType | None:
    """The ``sounddevice`` module, or ``None`` when it or PortAudio is missing (logged once)."""
    global _module, _load_error, _loaded
    with _lock:
        if not _loaded:
            _loaded = True
            try:
                import sounddevice
            except (OSError, ImportError) as exc:
                _load_error = f"{type(exc).__name__}: {exc}"
                _log.warning("no PortAudio/sounddevice (%s): recording disabled", _load_error)
            else:
                _module = sounddevice
        return _module


def load_error() -> str | None:
    """Why :func:`load_sounddevice` returned ``None``."""
    return _load_error


def rescan() -> bool:
    """Re-initialise PortAudio so it sees devices that appeared since start-up. It ends every
    open stream, so call it with none open (the game has one recorder). Returns whether
    PortAudio is usable."""
    sd = load_sounddevice()
    if sd is None:
        return False
    try:
        sd._terminate()
        sd._initialize()
    except (OSError, sd.PortAudioError) as exc:
        _log.warning("PortAudio re-initialisation failed: %s", exc)
        return False
    return True


@dataclass(frozen=True)
class InputDevice:
    """A capture device as PortAudio lists it."""

    index: int
    name: str
    channels: int
    default_rate: int


def input_devices() -> list[InputDevice]:
    """Every device that can capture, in PortAudio's order (empty without PortAudio)."""
    sd = load_sounddevice()
    if sd is None:
        return []
    try:
        listed: Any = sd.query_devices()
    except (OSError, sd.PortAudioError):
        return []
    return [InputDevice(i, str(d["name"]), int(d["max_input_channels"]),
                        int(d["default_samplerate"]))
            for i, d in enumerate(listed) if int(d["max_input_channels"]) > 0]


def find_input(device: int | str | None = None) -> InputDevice | None:
    """The capture device to use: by index, by (part of a) name, or the system default."""
    devices = input_devices()
    if device is None:
        sd = load_sounddevice()
        try:
            default = int(sd.default.device[0]) if sd is not None else -1
        except (TypeError, ValueError, IndexError):
            default = -1
        chosen = [d for d in devices if d.index == default] or devices[:1]
    elif isinstance(device, int):
        chosen = [d for d in devices if d.index == device]
    else:
        chosen = ([d for d in devices if d.name == device]
                  or [d for d in devices if device.lower() in d.name.lower()])
    return chosen[0] if chosen else None
