"""The registered sounds as the mixer's frames: each one synthesized
(:func:`game.audio.registry.render`) and converted to int16 at the mixer's rate and channels
(:func:`to_frames`) once per run, whatever the number of times the mixer is opened.

Numpy only, no pygame: the sound board (:mod:`game.audio.board`) calls :func:`sound_frames`
on its own thread and hands the frames to the mixer.
"""

from __future__ import annotations

import numpy as np

import game.audio.registry as registry
from game.audio.registry import RATE

__all__ = ["FRAMES", "sound_frames", "to_frames"]

#: Headroom of the int16 conversion.
_FULL_SCALE = 32000
#: The int16 frames of every sound built in this process, by (name, synth function, mixer
#: format): a sound is synthesized once per run even if the mixer is opened again.
FRAMES: dict[tuple[str, object, tuple[int, int, int]], np.ndarray] = {}


def sound_frames(spec: registry.SoundSpec, fmt: tuple[int, int, int]) -> np.ndarray:
    """Registered sound ``spec`` as frames in the mixer's format ``fmt`` (rate, format,
    channels), synthesized the first time only (:data:`FRAMES`); raises what rendering it
    raises."""
    key = (spec.name, spec.synth, fmt)
    frames = FRAMES.get(key)
    if frames is None:
        frames = to_frames(registry.render(spec.name), fmt)
        FRAMES[key] = frames
    return frames


def to_frames(wave: np.ndarray, fmt: tuple[int, int, int]) -> np.ndarray:
    """``wave`` as int16 frames in the mixer's rate and channels."""
    rate, _fmt, channels = fmt
    stereo = wave if wave.ndim == 2 else np.repeat(wave[:, None], 2, axis=1)
    if rate != RATE:
        n = max(1, round(len(stereo) * rate / RATE))
        idx = np.linspace(0, len(stereo) - 1, n)
        base = np.arange(len(stereo))
        stereo = np.stack([np.interp(idx, base, stereo[:, c]) for c in (0, 1)], axis=1)
    pcm = np.round(np.clip(stereo, -1, 1) * _FULL_SCALE).astype(np.int16)
    if channels == 1:
        frames = pcm.mean(axis=1).astype(np.int16)
    elif channels == 2:
        frames = pcm
    else:
        frames = np.zeros((len(pcm), channels), np.int16)
        frames[:, :2] = pcm
    return np.ascontiguousarray(frames)
