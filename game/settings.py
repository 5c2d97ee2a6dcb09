"""The player's settings: one TOML file in the user's config folder.

Read with ``tomllib``, written with ``tomli-w`` atomically (temp file + rename), so a crash
never leaves half a file. A file that cannot be read or holds a value of the wrong kind is
*corrupt*: it is renamed aside (``settings.corrupt-<time>.toml``), never silently overwritten,
and :func:`load_settings` says so in a message the UI shows. Keys this version does not know
are kept and written back, so an older game does not erase a newer game's settings.

Whatever the file holds (deep nesting, a folder or FIFO at its place, a huge file), loading
never raises: the file is read with a size cap (:func:`game.userfiles.read_capped`) and any
failure puts it aside. A window size out of range is clamped, not refused.

``UNO_CONFIG_DIR`` overrides the folder (tests, portable installs).
"""

from __future__ import annotations

import contextlib
import os
import tomllib
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

from game.userfiles import WATCH, WriteWatch, atomic_write, describe, keep_aside, read_capped

__all__ = [
    "ANIMATION_SPEEDS",
    "APP_NAME",
    "DEFAULT_SHOUT_THRESHOLD_DB",
    "NARRATION_LEVELS",
    "WINDOW_MAX",
    "WINDOW_MIN",
    "Settings",
    "SettingsProblem",
    "atomic_write",
    "clamp_window",
    "config_dir",
    "keep_aside",
    "load_settings",
    "save_settings",
    "settings_path",
    "store_settings",
]

APP_NAME = "uno-family"
FILE_NAME = "settings.toml"
#: The speeds offered in the settings screen; 0 means "no animation at all" (tests use it).
ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)
NARRATION_LEVELS = ("off", "announcements", "full")
#: The shout threshold before any calibration (dBFS); equals game.voice.shout.DEFAULT_THRESHOLD_DB
#: (kept here as a number so that loading the settings never imports the audio stack).
DEFAULT_SHOUT_THRESHOLD_DB = -18.0
#: A calibrated threshold is a level of the microphone's buffers: 0 dBFS is full scale.
SHOUT_THRESHOLD_RANGE = (-90.0, 0.0)
#: The window sizes a settings file may hold (larger or smaller ones are clamped): below the
#: minimum nothing fits, above the maximum (8K) the window's buffer alone costs too much.
WINDOW_MIN = (320, 240)
WINDOW_MAX = (7680, 4320)
#: No settings file the game writes comes near this; a larger one is not read at all.
MAX_FILE_BYTES = 1 << 20


def clamp_window(width: int, height: int) -> tuple[int, int]:
    """``width`` x ``height`` brought within :data:`WINDOW_MIN` .. :data:`WINDOW_MAX`."""
    return (min(max(int(width), WINDOW_MIN[0]), WINDOW_MAX[0]),
            min(max(int(height), WINDOW_MIN[1]), WINDOW_MAX[1]))


@dataclass
class Settings:
    """Everything the player can set. Volumes are percentages."""

    language: str = ""  # "" = follow the system language
    master_volume: int = 80
    effects_volume: int = 80
    voice_volume: int = 80
    #: The background music's volume (issue 17); 0 = no music (it is not even built then).
    music_volume: int = 40
    #: Every sound off (effects, devices, music, voice), the volumes kept for later.
    mute: bool = False
    narration: str = "announcements"
    animation_speed: float = 1.0
    reduced_motion: bool = False
    colour_blind_marks: bool = True
    highlight_playable: bool = True
    sort_hand: bool = True
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    player_names: list[str] = field(default_factory=list)
    #: "Shout UNO" (issue 4): a loud sound at the microphone counts as the call; off by default.
    shout_uno: bool = False
    shout_threshold_db: float = DEFAULT_SHOUT_THRESHOLD_DB
    #: The ids of the players in ``player_names`` (game.names): their recordings are kept
    #: under these, so a name typed again next time finds its own voice.
    player_ids: list[str] = field(default_factory=list)
    #: The last table set up (issue 13): its edition, and each seat's person-or-AI and AI
    #: level, offered again on the next visit to the set-up screen ("" / empty: none yet).
    last_edition: str = ""
    player_levels: list[str] = field(default_factory=list)
    player_humans: list[bool] = field(default_factory=list)
    #: The house rules (RULES.md H; ids of game.house_rules) on at the last table set up,
    #: offered again next time (one that does not fit the edition chosen is shown off).
    house_rules: list[str] = field(default_factory=list)
    #: The voice notice (what is missing: speech, sound, microphone) last given, so the
    #: same one is not repeated at every launch.
    voice_notice_told: str = ""
    #: The guided first hand was offered (at the very first launch, once). A settings file
    #: written before the guide existed counts as offered: its player has played already.
    guide_offered: bool = False
    extra: dict[str, Any] = field(default_factory=dict, repr=False)

    def validate(self) -> None:
        """Raise ``ValueError`` naming the first value that makes no sense."""
        for name in ("master_volume", "effects_volume", "voice_volume", "music_volume"):
            if not 0 <= getattr(self, name) <= 100:
                raise ValueError(f"{name} must be within 0..100")
        if self.narration not in NARRATION_LEVELS:
            raise ValueError(f"narration must be one of {', '.join(NARRATION_LEVELS)}")
        if not 0.0 <= self.animation_speed <= 10.0:
            raise ValueError("animation_speed must be within 0..10")
        low, high = SHOUT_THRESHOLD_RANGE
        if not low <= self.shout_threshold_db <= high:
            raise ValueError(f"shout_threshold_db must be within {low:g}..{high:g}")
        if any(not isinstance(n, str) for n in self.player_names):
            raise ValueError("player_names must be strings")
        if any(not isinstance(n, str) for n in self.player_levels):
            raise ValueError("player_levels must be strings")
        if any(not isinstance(n, bool) for n in self.player_humans):
            raise ValueError("player_humans must be true or false")
        if any(not isinstance(n, str) for n in self.house_rules):
            raise ValueError("house_rules must be strings")

    def clamped(self) -> Settings:
        """A copy whose window size is within range (see :func:`clamp_window`)."""
        w, h = clamp_window(self.window_width, self.window_height)
        return replace(self, window_width=w, window_height=h, extra=dict(self.extra))

    def to_toml(self) -> dict[str, Any]:
        data = {k: v for k, v in asdict(self).items() if k != "extra"}
        return {**self.extra, **data}


@dataclass(frozen=True)
class SettingsProblem:
    """Why the settings file was not used, and where it was put aside (for the notice)."""

    path: Path
    kept_as: Path | None
    reason: str


def config_dir() -> Path:
    """The folder of the settings file (``UNO_CONFIG_DIR`` wins)."""
    override = os.environ.get("UNO_CONFIG_DIR")
    if override:
        return Path(override)
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def _coerce(name: str, default: Any, value: Any) -> Any:
    """``value`` checked against the type of the field's default; ``ValueError`` if wrong."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, str):
        ok = isinstance(value, str)
    else:
        ok = isinstance(value, list)
    if not ok:
        raise ValueError(f"{name} = {value!r} is not a {type(default).__name__}")
    return value


def from_toml(data: dict[str, Any]) -> Settings:
    """Settings from parsed TOML; unknown keys go to ``extra``; ``ValueError`` on bad values."""
    base = Settings()
    known = {f.name for f in fields(Settings)} - {"extra"}
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        if key in known:
            values[key] = _coerce(key, getattr(base, key), value)
        else:
            extra[key] = value
    values.setdefault("guide_offered", True)  # a file from before the guide: see the field
    settings = Settings(**values, extra=extra).clamped()
    settings.validate()
    return settings


def load_settings(path: Path | None = None) -> tuple[Settings, SettingsProblem | None]:
    """The saved settings (defaults when there is no file). Never raises: a file that cannot
    be used, whatever the reason (bad TOML, deep nesting, a folder or FIFO in its place, too
    large, unreadable), is renamed aside and reported in the second value; the defaults are
    returned in its place."""
    path = settings_path() if path is None else path
    try:
        raw = read_capped(path, MAX_FILE_BYTES)
        if raw is None:
            return Settings(), None
        return from_toml(tomllib.loads(raw.decode("utf-8"))), None
    except Exception as exc:  # any failure at all: see the docstring
        kept: Path | None = None
        with contextlib.suppress(OSError):
            kept = keep_aside(path)
        return Settings(), SettingsProblem(path, kept, describe(exc))


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically, the window size clamped; returns the path written.
    ``ValueError`` (nothing written) for a value out of range, ``OSError`` from the disk."""
    settings = settings.clamped()
    settings.validate()
    path = settings_path() if path is None else path
    atomic_write(path, tomli_w.dumps(settings.to_toml()).encode("utf-8"))
    return path


def store_settings(settings: Settings, path: Path | None = None,
                   watch: WriteWatch | None = None) -> bool:
    """:func:`save_settings` for the running game: never raises. A failure to write (a full
    disk, a read-only config folder) is reported to ``watch`` (:data:`game.userfiles.WATCH`),
    which tells the player once, and once more when a later write works; ``False`` then."""
    watch = WATCH if watch is None else watch
    path = settings_path() if path is None else path
    try:
        save_settings(settings, path)
    except Exception as exc:  # OSError mostly; a bad value is reported the same way
        watch.failed("settings", path, exc)
        return False
    watch.succeeded("settings", path)
    return True
