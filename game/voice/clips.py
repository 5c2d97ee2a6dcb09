"""Players' recorded clips: where they are kept, how they are loaded, and how phrases splice them.

Clips (a recorded name, a nickname, the house rule) are WAV files in the user's data folder,
one folder per player, so they survive between games (R-13). A spoken phrase is the
concatenation of TTS segments and clips ("<Alice's own recording>, discard all your red
cards!"): :func:`splice` resamples each part to the output rate and joins them.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import numpy as np
import platformdirs
import soundfile

from game.settings import APP_NAME
from game.voice.dsp import Audio, Samples, normalize_peak, resample, to_mono

__all__ = [
    "ClipKind",
    "ClipStore",
    "PlayerVoice",
    "default_clip_root",
    "load_clip",
    "splice",
]

#: Peak level recorded clips are brought to, close to the TTS voice's own loudness.
CLIP_PEAK = 0.8


class ClipKind(Enum):
    """What a clip holds, with the longest recording allowed (R-2, R-6b)."""

    NAME = ("name", 3.0)
    NICKNAME = ("nickname", 3.0)
    HOUSE_RULE = ("house_rule", 10.0)

    def __init__(self, slug: str, max_seconds: float) -> None:
        self.slug = slug
        self.max_seconds = max_seconds


@dataclass(frozen=True)
class PlayerVoice:
    """How to speak one player's name: their typed name and, when recorded, their own voice.
    A nickname (R-6b) replaces the name for the rest of the game."""

    name: str
    name_clip: Path | None = None
    nickname: str | None = None
    nickname_clip: Path | None = None

    @property
    def spoken(self) -> tuple[str, Path | None]:
        """The text (for captions and TTS) and clip (if any) to use for this player now."""
        if self.nickname is not None or self.nickname_clip is not None:
            return (self.nickname or self.name, self.nickname_clip)
        return (self.name, self.name_clip)


def default_clip_root() -> Path:
    """``<user data dir>/uno-family/clips`` (the settings' application name)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "clips"


def _player_folder(player_key: str) -> str:
    """A safe, stable folder name for a player key (typed names may hold any character)."""
    readable = re.sub(r"[^\w-]+", "_", player_key, flags=re.UNICODE).strip("_")[:32]
    digest = hashlib.sha1(player_key.encode("utf-8")).hexdigest()[:10]
    return f"{readable or 'player'}-{digest}"


class ClipStore:
    """Recorded clips on disk, keyed by player and :class:`ClipKind`."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = default_clip_root() if root is None else root

    def path(self, player_key: str, kind: ClipKind) -> Path:
        """Where the ``kind`` clip of ``player_key`` is (or would be) stored."""
        return self.root / _player_folder(player_key) / f"{kind.slug}.wav"

    def find(self, player_key: str, kind: ClipKind) -> Path | None:
        """The stored clip's path, or ``None`` when that player never recorded one."""
        path = self.path(player_key, kind)
        return path if path.is_file() else None

    def save(self, player_key: str, kind: ClipKind, samples: Samples, rate: int) -> Path:
        """Write the clip as 16-bit WAV, atomically (a crash never leaves half a file)."""
        path = self.path(player_key, kind)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(suffix=".wav", dir=path.parent)
        os.close(fd)
        try:
            soundfile.write(tmp, samples, rate, subtype="PCM_16", format="WAV")
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    def delete(self, player_key: str, kind: ClipKind) -> None:
        """Forget a clip (the player will be named by TTS again)."""
        self.path(player_key, kind).unlink(missing_ok=True)


def load_clip(path: Path, peak: float = CLIP_PEAK) -> Audio:
    """Read a clip as mono float32, its peak brought to ``peak``."""
    data, rate = soundfile.read(str(path), dtype="float32", always_2d=False)
    return Audio(normalize_peak(to_mono(data), peak), int(rate))


def splice(parts: Sequence[Audio], rate: int) -> Samples:
    """Join ``parts`` end to end at ``rate`` (each resampled as needed) into one buffer."""
    if not parts:
        return np.zeros(0, np.float32)
    return np.concatenate([resample(part.samples, part.rate, rate) for part in parts])
