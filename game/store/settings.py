"""The player's settings: one TOML file in the user's config folder.

Read with ``tomllib``, written with ``tomli-w`` atomically (temp file + rename), so a crash
never leaves half a file. A file that cannot be read at all is *corrupt*: it is renamed aside
(``settings.corrupt-<time>.toml``), never silently overwritten, and :func:`load_settings` says
so in a message the UI shows. A value that cannot be used (a volume out of range, a word
where a number goes) costs only itself: it is brought within range or back to its default,
every other setting is kept, the file as it was is copied aside under the same name and the
player is told which setting changed. Keys this version does not know are kept and written
back, so an older game does not erase a newer game's settings.

Whatever the file holds (deep nesting, a folder or FIFO at its place, a huge file), loading
never raises: the file is read with a size cap (:func:`game.store.userfiles.read_capped`) and any
failure puts it aside. A window size out of range is clamped, not refused.

``UNO_CONFIG_DIR`` overrides the folder (tests, portable installs).
"""

from __future__ import annotations

import contextlib
import logging
import math
import tomllib
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import tomli_w

from game.i18n import N_
from game.store.repairs import Repair, mend_on_disk, shown_value
from game.store.userfiles import (
    APP_NAME,
    WATCH,
    WriteWatch,
    atomic_write,
    config_dir,
    describe,
    keep_aside,
    read_capped,
)

_log = logging.getLogger(__name__)

__all__ = [
    "ANIMATION_SPEEDS",
    "APP_NAME",
    "DEFAULT_SHOUT_THRESHOLD_DB",
    "NARRATION_LEVELS",
    "PHONE_WAITS",
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
#: The delays (seconds) the table may wait on a phone that is gone before it offers what
#: to do (the settings screen offers a few of them).
PHONE_WAIT_RANGE = (5, 600)
PHONE_WAITS = (10, 20, 30, 60, 120)
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
    #: The ids of the players in ``player_names`` (game.setup.names): their recordings are kept
    #: under these, so a name typed again next time finds its own voice.
    player_ids: list[str] = field(default_factory=list)
    #: The last table set up (issue 13): its edition, and each seat's person-or-AI and AI
    #: level, offered again on the next visit to the set-up screen ("" / empty: none yet).
    last_edition: str = ""
    player_levels: list[str] = field(default_factory=list)
    player_humans: list[bool] = field(default_factory=list)
    #: The house rules (RULES.md H; ids of game.setup.house_rules) on at the last table set up
    #: (those that fit its edition), offered again next time.
    house_rules: list[str] = field(default_factory=list)
    #: The rest of the last table set up (issue 34 item 4): the match kind (a
    #: ``MatchKind`` value; "" = as the edition plays it), the target score (0 = the
    #: default), and each edition's own set-up options by option id (Roboto's chattiness,
    #: Attack's Wild Customizable, Triple Play's timer …: text, numbers or true/false; each
    #: edition's are kept when another is played). The set-up checks every one against
    #: what it offers now and quietly takes the default for one that no longer fits.
    last_match: str = ""
    last_target: int = 0
    last_options: dict[str, Any] = field(default_factory=dict)
    #: The voice notice (what is missing: speech, sound, microphone) last given, so the
    #: same one is not repeated at every launch.
    voice_notice_told: str = ""
    #: The guided first hand was offered (at the very first launch, once). A settings file
    #: written before the guide existed counts as offered: its player has played already.
    guide_offered: bool = False
    #: Seconds a phone player's turn waits on a phone that is gone before the table offers
    #: to keep waiting, let the computer play the turn or take the seat at the keyboard
    #: (issue 33 item 6).
    phone_wait: int = 20
    extra: dict[str, Any] = field(default_factory=dict, repr=False)

    def validate(self) -> None:
        """Raise ``ValueError`` naming the first value that makes no sense."""
        base = Settings()
        for name in (*RANGES, *CHOICES, *LIST_ITEMS, *TABLE_ITEMS):
            _, clamped = _checked(name, getattr(base, name), getattr(self, name))
            if clamped:
                low, high = RANGES[name]
                raise ValueError(f"{name} must be within {low:g}..{high:g}")

    def clamped(self) -> Settings:
        """A copy whose window size is within range (see :func:`clamp_window`)."""
        w, h = clamp_window(self.window_width, self.window_height)
        return replace(self, window_width=w, window_height=h, extra=dict(self.extra))

    def to_toml(self) -> dict[str, Any]:
        data = {k: v for k, v in asdict(self).items() if k != "extra"}
        return {**self.extra, **data}


@dataclass(frozen=True)
class SettingsProblem:
    """Why the settings file was not used as it was, and where it was kept aside (for the
    notice). Without ``repairs`` none of it was used (the defaults were); with them, every
    other setting was, and these values were repaired."""

    path: Path
    kept_as: Path | None
    reason: str
    repairs: tuple[Repair, ...] = ()


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def _coerce(name: str, default: Any, value: Any) -> Any:
    """``value`` checked against the type of the field's default; ``ValueError`` if wrong."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        if ok:
            try:
                value = float(value)
            except OverflowError:  # an integer too large for a float
                ok = False
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, str):
        ok = isinstance(value, str)
    elif isinstance(default, dict):
        ok = isinstance(value, dict)
    else:
        ok = isinstance(value, list)
    if not ok:
        raise ValueError(f"{name} = {shown_value(value)} is not a {type(default).__name__}")
    return value


#: Numbers kept within a range: a value outside is brought to the nearest end (and told).
RANGES: dict[str, tuple[float, float]] = {
    "master_volume": (0, 100),
    "effects_volume": (0, 100),
    "voice_volume": (0, 100),
    "music_volume": (0, 100),
    "animation_speed": (0.0, 10.0),
    "shout_threshold_db": SHOUT_THRESHOLD_RANGE,
    "phone_wait": PHONE_WAIT_RANGE,
}
#: Texts that must be one of a few.
CHOICES: dict[str, tuple[str, ...]] = {"narration": NARRATION_LEVELS}
#: Lists and the type of every item in them.
LIST_ITEMS: dict[str, type] = {"player_names": str, "player_ids": str, "player_levels": str,
                               "player_humans": bool, "house_rules": str}
#: Tables (TOML's key = value groups) and the types their values may have: one entry of
#: another type costs only itself (see :func:`from_toml`).
TABLE_ITEMS: dict[str, tuple[type, ...]] = {"last_options": (str, bool, int, float)}

#: What the player is told about a value of the file that could not be used as it was.
CLAMPED = N_("{file}: the setting \"{key}\" was {value}, outside {low} to {high}; it is now "
             "{new}.")
RESET = N_("{file}: the setting \"{key}\" could not be used ({value}); it is back to its "
           "default.")


def _checked(name: str, default: Any, value: Any) -> tuple[Any, bool]:
    """``value`` as the setting ``name`` takes it, and whether it had to be brought within
    its range (:data:`RANGES`); ``ValueError`` when it cannot be used at all (another type,
    not a number, not one of its :data:`CHOICES`, a list item of another type)."""
    value = _coerce(name, default, value)
    if name in RANGES:
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"{name} = {value!r} is not a number")
        low, high = RANGES[name]
        if not low <= value <= high:
            return type(default)(min(max(value, low), high)), True
    if name in CHOICES and value not in CHOICES[name]:
        raise ValueError(f"{name} must be one of {', '.join(CHOICES[name])}")
    if name in LIST_ITEMS:
        kind = LIST_ITEMS[name]
        if any(not isinstance(item, kind) for item in value):
            words = "true or false" if kind is bool else "strings"
            raise ValueError(f"{name} must be {words}")
    if name in TABLE_ITEMS:
        for key, item in value.items():
            if not _table_item(name, item):
                raise ValueError(f"{name}.{key} = {shown_value(item)} is no text, number "
                                 "or true/false")
    return value, False


def _table_item(name: str, item: Any) -> bool:
    """Can ``item`` be a value of the table setting ``name`` (:data:`TABLE_ITEMS`)?"""
    if isinstance(item, float) and not math.isfinite(item):
        return False
    return isinstance(item, TABLE_ITEMS[name])


def from_toml(data: dict[str, Any], repairs: list[Repair] | None = None,
              file: str = FILE_NAME) -> Settings:
    """Settings from parsed TOML; unknown keys go to ``extra`` (kept and written back).

    Without ``repairs``, a value that cannot be used is a ``ValueError``. With it (how the
    game reads its file), such a value is repaired instead and the repair added to the list:
    a number out of its range is brought to the nearest end, any other bad value goes back to
    its default; every other setting is kept. A window size is brought within range silently
    (the window may have been that size)."""
    base = Settings()
    known = {f.name for f in fields(Settings)} - {"extra"}
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            extra[key] = value
            continue
        default = getattr(base, key)
        if key in TABLE_ITEMS and isinstance(value, dict) and repairs is not None:
            value = _good_entries(key, value, repairs, file)  # one bad entry costs itself
        try:
            values[key], clamped = _checked(key, default, value)
        except ValueError:
            if repairs is None:
                raise
            repairs.append(Repair.of(RESET, file=file, key=key, value=shown_value(value)))
            continue
        if clamped:
            if repairs is None:
                low, high = RANGES[key]
                raise ValueError(f"{key} must be within {low:g}..{high:g}")
            low, high = RANGES[key]
            repairs.append(Repair.of(CLAMPED, file=file, key=key, value=shown_value(value),
                                     low=f"{low:g}", high=f"{high:g}",
                                     new=shown_value(values[key])))
    values.setdefault("guide_offered", True)  # a file from before the guide: see the field
    settings = Settings(**values, extra=extra).clamped()
    settings.validate()
    return settings


def _good_entries(name: str, table: dict[str, Any], repairs: list[Repair],
                  file: str) -> dict[str, Any]:
    """The entries of the table setting ``name`` that can be used; each other one is left
    out and told in ``repairs`` (as the setting ``name.key``)."""
    good: dict[str, Any] = {}
    for key, item in table.items():
        if _table_item(name, item):
            good[key] = item
        else:
            repairs.append(Repair.of(RESET, file=file, key=f"{name}.{key}",
                                     value=shown_value(item)))
    return good


def load_settings(path: Path | None = None) -> tuple[Settings, SettingsProblem | None]:
    """The saved settings (defaults when there is no file). Never raises: a file that cannot
    be used at all, whatever the reason (bad TOML, deep nesting, a folder or FIFO in its
    place, too large, unreadable), is renamed aside and reported in the second value; the
    defaults are returned in its place. A file with a few values that cannot be used keeps
    every other setting: it is copied aside as it was, those values are repaired (see
    :func:`from_toml`), the file is written again, and the repairs are reported in the
    second value."""
    path = settings_path() if path is None else path
    repairs: list[Repair] = []
    try:
        raw = read_capped(path, MAX_FILE_BYTES)
        if raw is None:
            return Settings(), None
        settings = from_toml(tomllib.loads(raw.decode("utf-8")), repairs=repairs,
                             file=path.name)
    except Exception as exc:  # any failure at all: see the docstring
        kept: Path | None = None
        with contextlib.suppress(OSError):
            kept = keep_aside(path)
        return Settings(), SettingsProblem(path, kept, describe(exc))
    if not repairs:
        return settings, None
    kept, reason = mend_on_disk(path, raw, repairs, atomic_write,
                                lambda: save_settings(settings, path), _log)
    return settings, SettingsProblem(path, kept, reason, tuple(repairs))


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
    disk, a read-only config folder) is reported to ``watch`` (:data:`game.store.userfiles.WATCH`),
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
