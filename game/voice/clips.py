"""Players' recorded clips: where they are kept, which files are used, how phrases splice them.

Clips (a recorded name, a nickname, the house rule) are WAV files in the user's data folder,
one folder per *player id* (:mod:`game.setup.names`), never per typed name, so two players with the
same name keep their own recordings, and recordings survive between games (R-13). They are
written at the game's mixer rate (:data:`CLIP_RATE`), no longer than R-2 allows.

A file is only used when it is such a clip (:func:`check_clip`): a WAV at :data:`CLIP_RATE`,
one or two channels, not empty, within its kind's limit. Anything else (another rate, eight
minutes long, not a WAV, corrupt, a folder, a FIFO) is refused with a :class:`ClipProblem`
that says why, and the name is spoken by TTS instead; reading a clip never raises anything
else, whatever the file holds. A save refers to a clip by its path inside the data folder
(:func:`clip_reference`); a reference that is absolute, climbs out with ``..`` or leads out of
the clips folder through a symbolic link is refused (:func:`resolve_clip_reference`).

A spoken phrase is the concatenation of TTS segments and clips ("<Alice's own recording>,
discard all your red cards!"): :func:`splice` resamples each part to the output rate and
joins them.
"""

from __future__ import annotations

import io
import logging
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path, PurePosixPath

import numpy as np
import soundfile

from game.setup.names import is_player_id
from game.store.userfiles import atomic_write, data_dir, folder_usage, remove_file, remove_folder
from game.voice.dsp import Audio, Samples, normalize_peak, resample, to_mono

__all__ = [
    "CLIP_RATE",
    "ClipKind",
    "ClipProblem",
    "ClipStore",
    "PlayerVoice",
    "check_clip",
    "clip_reference",
    "default_clip_root",
    "load_clip",
    "resolve_clip_reference",
    "splice",
]

_log = logging.getLogger(__name__)

#: Peak level recorded clips are brought to, close to the TTS voice's own loudness.
CLIP_PEAK = 0.8
#: The game's sample rate (its mixer's, ``game.ui.sound.RATE``): clips are stored at it.
CLIP_RATE = 44100
#: A clip file larger than this is not even opened (10 s of 32-bit stereo is 3.5 MB).
MAX_CLIP_BYTES = 8 * 1024 * 1024
#: The clips' folder inside the data folder, as a save refers to it.
CLIPS_FOLDER = "clips"


class ClipKind(Enum):
    """What a clip holds, with the longest recording allowed (R-2, R-6b)."""

    NAME = ("name", 3.0)
    NICKNAME = ("nickname", 3.0)
    HOUSE_RULE = ("house_rule", 10.0)

    def __init__(self, slug: str, max_seconds: float) -> None:
        self.slug = slug
        self.max_seconds = max_seconds

    @property
    def max_frames(self) -> int:
        """The most frames a clip of this kind may hold at :data:`CLIP_RATE`."""
        return round(self.max_seconds * CLIP_RATE)


class ClipProblem(ValueError):
    """A clip file the game will not play; the message says why (for the log)."""


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
    """The ``clips`` folder of the game's data folder (``UNO_DATA_DIR`` wins, as for every
    file the game keeps)."""
    return data_dir() / CLIPS_FOLDER


class ClipStore:
    """Recorded clips on disk, keyed by player id (:func:`game.setup.names.is_player_id`) and
    :class:`ClipKind`: ``<root>/<player id>/<kind>.wav``.

    Writing and deleting never go through a symbolic link: ``<root>`` and the players'
    folders must be real folders (inside ``<root>``'s parent, the data folder), and a link in
    their place (or at a clip's path) is renamed aside and told to the player, so what it
    points to is neither written into nor deleted (:mod:`game.store.userfiles`)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = default_clip_root() if root is None else root

    def path(self, player_id: str, kind: ClipKind) -> Path:
        """Where the ``kind`` clip of ``player_id`` is (or would be) stored; ``ValueError``
        for anything but a well-formed id (so no id can name a folder outside the store)."""
        if not is_player_id(player_id):
            raise ValueError(f"bad player id {player_id!r}")
        return self.root / player_id / f"{kind.slug}.wav"

    def find(self, player_id: str, kind: ClipKind) -> Path | None:
        """The stored clip's path, or ``None`` when that player never recorded one (or it
        is not a regular file inside the store). Its content is checked by :func:`check_clip`."""
        path = self.path(player_id, kind)
        try:
            inside = path.resolve().is_relative_to(self.root.resolve())
        except (OSError, RuntimeError):  # a symlink loop
            return None
        return path if inside and path.is_file() else None

    def save(self, player_id: str, kind: ClipKind, samples: Samples, rate: int) -> Path:
        """Write the clip as 16-bit WAV at :data:`CLIP_RATE`, cut to the kind's limit,
        atomically (a crash never leaves half a file)."""
        path = self.path(player_id, kind)
        data = resample(to_mono(samples), rate, CLIP_RATE)[: kind.max_frames]
        wav = io.BytesIO()
        soundfile.write(wav, np.clip(data, -1.0, 1.0), CLIP_RATE, subtype="PCM_16",
                        format="WAV")
        atomic_write(path, wav.getvalue(), within=self.root.parent)
        return path

    def delete(self, player_id: str, kind: ClipKind) -> None:
        """Forget a clip (the player will be named by TTS again)."""
        remove_file(self.path(player_id, kind), within=self.root.parent)

    def folder(self, player_id: str) -> Path:
        """The folder of ``player_id``'s recordings; ``ValueError`` for a malformed id."""
        if not is_player_id(player_id):
            raise ValueError(f"bad player id {player_id!r}")
        return self.root / player_id

    def usage(self, player_id: str) -> tuple[int, int]:
        """How many files ``player_id``'s folder holds and their size in bytes (a link in
        its place counts nothing: it is not the game's)."""
        return folder_usage(self.folder(player_id))

    def forget(self, player_id: str) -> bool:
        """Delete every recording of ``player_id`` (the family forgot them; asked first, on
        screen); ``False`` when there was none. A link in the place of their folder is put
        aside and told: what it points to is never deleted."""
        return remove_folder(self.folder(player_id), within=self.root.parent)


def check_clip(path: Path, kind: ClipKind = ClipKind.HOUSE_RULE) -> None:
    """Whether ``path`` is a clip the game may play as a ``kind``: :class:`ClipProblem` if not
    (only that, whatever the file holds). Reads the header only, after checking that ``path``
    is a regular file of a sensible size (a FIFO or device is never opened)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError) as exc:
        raise ClipProblem(f"cannot read {path}: {exc}") from exc
    if not stat.S_ISREG(st.st_mode):
        raise ClipProblem(f"{path} is not a regular file")
    if st.st_size > MAX_CLIP_BYTES:
        raise ClipProblem(f"{path} is too large ({st.st_size} bytes)")
    try:
        info = soundfile.info(str(path))
    except Exception as exc:  # libsndfile's errors, a vanished file, …
        raise ClipProblem(f"{path} is not a sound file: {exc}") from exc
    if info.format not in ("WAV", "WAVEX"):
        raise ClipProblem(f"{path} is not a WAV file ({info.format})")
    if info.samplerate != CLIP_RATE:
        raise ClipProblem(f"{path} is at {info.samplerate} Hz, not {CLIP_RATE} Hz")
    if info.channels not in (1, 2):
        raise ClipProblem(f"{path} has {info.channels} channels")
    if not 0 < info.frames <= kind.max_frames:
        raise ClipProblem(f"{path} lasts {info.frames / CLIP_RATE:.2f} s, not within "
                          f"0..{kind.max_seconds:g} s for a {kind.slug}")


def load_clip(path: Path, kind: ClipKind = ClipKind.HOUSE_RULE,
              peak: float = CLIP_PEAK) -> Audio:
    """Read a clip (see :func:`check_clip`) as mono float32, its peak brought to ``peak``;
    :class:`ClipProblem`, and nothing else, when it cannot be used."""
    check_clip(path, kind)
    try:
        data, rate = soundfile.read(str(path), frames=kind.max_frames, dtype="float32",
                                    always_2d=False)
        mono = to_mono(data)
    except Exception as exc:  # a file changed since its header was read, a bad body, …
        raise ClipProblem(f"{path} cannot be read: {exc}") from exc
    if len(mono) == 0 or not np.all(np.isfinite(mono)):
        raise ClipProblem(f"{path} holds no usable samples")
    return Audio(normalize_peak(mono, peak), int(rate))


def clip_reference(path: Path, data_dir: Path) -> str | None:
    """How a save names the clip at ``path``: its POSIX path inside ``data_dir``
    (``clips/<player id>/house_rule.wav``); ``None`` when it is not inside the clips folder."""
    try:
        rel = path.resolve().relative_to(data_dir.resolve())
    except (ValueError, OSError, RuntimeError):
        return None
    posix = PurePosixPath(*rel.parts)
    return str(posix) if posix.parts[:1] == (CLIPS_FOLDER,) else None


def resolve_clip_reference(ref: str, data_dir: Path) -> Path | None:
    """The clip file a save refers to, or ``None`` when the reference is refused (absolute,
    with ``..`` or a backslash, leading out of ``data_dir/clips`` through a symbolic link)
    or the file is gone."""
    pure = PurePosixPath(ref)
    if (not ref or "\\" in ref or "\x00" in ref or pure.is_absolute()
            or ".." in pure.parts or pure.parts[:1] != (CLIPS_FOLDER,)
            or Path(ref).is_absolute()):  # (also C:/… on Windows)
        _log.warning("clip reference refused: %r", ref)
        return None
    path = data_dir.joinpath(*pure.parts)
    try:
        inside = path.resolve().is_relative_to((data_dir / CLIPS_FOLDER).resolve())
    except (OSError, RuntimeError, ValueError):
        inside = False
    if not inside:
        _log.warning("clip reference leads out of the clips folder: %r", ref)
        return None
    return path if path.is_file() else None


def splice(parts: Sequence[Audio], rate: int) -> Samples:
    """Join ``parts`` end to end at ``rate`` (each resampled as needed) into one buffer."""
    if not parts:
        return np.zeros(0, np.float32)
    return np.concatenate([resample(part.samples, part.rate, rate) for part in parts])
