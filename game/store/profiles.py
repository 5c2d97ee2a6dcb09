"""Players' profiles: a stable id, a name, an avatar and statistics kept between matches.

A profile's id is the *player id* of :mod:`game.setup.names`: the id a seat carries in a save and
under which the player's recordings are kept (``clips/<id>/``), so a profile, its recordings
and its statistics all follow the same player from match to match, whatever seat they take.

This module holds the profiles and their JSON form, checked value by value
(:func:`book_from_json`): a value that cannot be used is reset or a record left out, each told
in a :class:`~game.store.repairs.Repair`, and everything else is kept, fields of a newer version
too.
The file they live in, ``profiles.json``, how it is read, put aside when it cannot be used
at all, and written, is :mod:`game.store.profile_store`.

Statistics (:class:`EditionStats`, per edition) are counted by :mod:`game.store.stats`.

Standard library only (with :mod:`game.setup.names`, :mod:`game.store.repairs`): no pygame here.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.i18n import N_, _
from game.setup.names import clean_name, is_player_id
from game.store.repairs import Repair, shown_value

__all__ = [
    "AVATAR_COLOURS",
    "AVATAR_KINDS",
    "AVATAR_LABELS",
    "FORMAT",
    "VERSION",
    "Avatar",
    "EditionStats",
    "Profile",
    "ProfileBook",
    "ProfileError",
    "book_from_json",
    "default_avatar",
]

FORMAT = "uno-profiles"
VERSION = 1
#: At most this many profiles are kept: beyond it the least recently seen are forgotten, and
#: the player is told who (:meth:`ProfileBook.trim`). A family meets it only after hundreds
#: of different names; it keeps the statistics screen's list and the file small (500 profiles
#: with the longest names and every edition's counts at their largest are 0.45 MB, under a
#: quarter of what is read back, ``game.store.profile_store.MAX_FILE_BYTES``:
#: tests/test_profiles.py).
MAX_PROFILES = 500
#: Any count or score in the file is at most this (a family plays far fewer matches).
MAX_COUNT = 10**9

#: The avatars, in the order the set-up offers them. Each has a shape of its own (so they are
#: told apart without colour) and a colour of its own by default (:data:`AVATAR_COLOURS`).
AVATAR_KINDS: tuple[str, ...] = (
    "cat", "bear", "frog", "owl", "bunny", "robot",
    "fish", "star", "flower", "moon", "penguin", "monster",
)
#: What each avatar is called (the set-up says it and shows it under the face; a phone
#: offers the faces by these names).
AVATAR_LABELS: dict[str, str] = {
    "cat": N_("Cat"), "bear": N_("Bear"), "frog": N_("Frog"), "owl": N_("Owl"),
    "bunny": N_("Bunny"), "robot": N_("Robot"), "fish": N_("Fish"), "star": N_("Star"),
    "flower": N_("Flower"), "moon": N_("Moon"), "penguin": N_("Penguin"),
    "monster": N_("Monster"),
}
#: The avatars' colours, by name: the ``i``-th is the ``i``-th kind's own colour.
AVATAR_COLOURS: tuple[str, ...] = (
    "orange", "brown", "green", "purple", "pink", "grey",
    "teal", "yellow", "red", "indigo", "blue", "lime",
)
_EDITION = re.compile(r"[a-z0-9_-]{1,32}")


class ProfileError(ValueError):
    """A profile file that cannot be used; the message says why."""


@dataclass(frozen=True)
class Avatar:
    """A face drawn in code: a ``kind`` of :data:`AVATAR_KINDS` in a colour of
    :data:`AVATAR_COLOURS` (the kind's own colour unless given)."""

    kind: str
    colour: str = ""

    def __post_init__(self) -> None:
        if self.kind not in AVATAR_KINDS:
            raise ValueError(f"unknown avatar {self.kind!r}")
        colour = self.colour or AVATAR_COLOURS[AVATAR_KINDS.index(self.kind)]
        if colour not in AVATAR_COLOURS:
            raise ValueError(f"unknown avatar colour {self.colour!r}")
        object.__setattr__(self, "colour", colour)

    @staticmethod
    def of(kind: str) -> Avatar:
        """The avatar ``kind`` in its own colour."""
        return Avatar(kind)

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "colour": self.colour}


def default_avatar(player_id: str, taken: Iterable[str] = ()) -> Avatar:
    """The avatar given to a player who has none yet (an AI, a player of an older save):
    the same id always gets the same one, skipping the kinds in ``taken`` while any is free."""
    start = int(hashlib.sha256(player_id.encode("utf-8", "surrogatepass")).hexdigest()[:8], 16)
    busy = set(taken)
    n = len(AVATAR_KINDS)
    for k in range(n):
        kind = AVATAR_KINDS[(start + k) % n]
        if kind not in busy:
            return Avatar.of(kind)
    return Avatar.of(AVATAR_KINDS[start % n])


@dataclass
class EditionStats:
    """One player's record in one edition: matches played to their end and won, hands won,
    the most points one hand won by them scored, and hands played to their end (won or
    not: everyone at the table played it). ``extra`` holds the fields a newer version wrote
    that this one does not know: kept and written back. (A file from before the hands
    played were counted has none: 0.)"""

    played: int = 0
    won: int = 0
    hands_won: int = 0
    best: int = 0
    hands_played: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    KEYS = ("played", "won", "hands_won", "best", "hands_played")

    def to_json(self) -> dict[str, Any]:
        return {**self.extra, "played": self.played, "won": self.won,
                "hands_won": self.hands_won, "best": self.best,
                "hands_played": self.hands_played}

    def add(self, other: EditionStats) -> EditionStats:
        """The two records together (for the all-editions line)."""
        return EditionStats(self.played + other.played, self.won + other.won,
                            self.hands_won + other.hands_won, max(self.best, other.best),
                            self.hands_played + other.hands_played)

    def anything(self) -> bool:
        """Has the player played anything to its end here (a hand, a match)?"""
        return bool(self.played or self.hands_played or self.hands_won)


def _is_count(value: Any) -> bool:
    """A whole number (not a bool, not a float) within 0 .. :data:`MAX_COUNT`."""
    return type(value) is int and 0 <= value <= MAX_COUNT


@dataclass
class Profile:
    """One player: see the module docstring. ``ai`` says whether they last sat as an AI;
    ``seen`` when (seconds since the epoch). ``extra`` (and ``avatar_extra``, beside the
    face's kind and colour) hold the fields a newer version wrote: kept and written back."""

    id: str
    name: str
    avatar: Avatar
    ai: bool = False
    seen: float = 0.0
    stats: dict[str, EditionStats] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    avatar_extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not is_player_id(self.id):
            raise ValueError(f"bad player id {self.id!r}")
        name = clean_name(self.name)
        if not name:
            raise ValueError(f"a profile needs a name, not {self.name!r}")
        self.name = name

    def edition(self, edition: str) -> EditionStats:
        """The record in ``edition`` (created empty when there is none)."""
        if not is_edition_name(edition):
            raise ValueError(f"bad edition {edition!r}")
        return self.stats.setdefault(edition, EditionStats())

    def total(self, edition: str | None = None) -> EditionStats:
        """The record in ``edition``, or in every edition together (``None``)."""
        if edition is not None:
            return self.stats.get(edition, EditionStats())
        out = EditionStats()
        for stats in self.stats.values():
            out = out.add(stats)
        return out

    def to_json(self) -> dict[str, Any]:
        return {**self.extra, "id": self.id, "name": self.name,
                "avatar": {**self.avatar_extra, **self.avatar.to_json()},
                "ai": self.ai, "seen": self.seen,
                "stats": {e: s.to_json() for e, s in sorted(self.stats.items())}}


def is_edition_name(name: object) -> bool:
    """Whether ``name`` can name an edition in the file (this build's, or a newer one's)."""
    return isinstance(name, str) and _EDITION.fullmatch(name) is not None


class ProfileBook:
    """Every profile, by id. ``extra``: the file's fields a newer version wrote (kept)."""

    def __init__(self, profiles: Iterable[Profile] = (),
                 extra: Mapping[str, Any] | None = None) -> None:
        self.profiles: dict[str, Profile] = {}
        self.extra: dict[str, Any] = dict(extra or {})
        for p in profiles:
            if p.id in self.profiles:
                raise ProfileError(f"two profiles have the id {p.id}")
            self.profiles[p.id] = p

    def __len__(self) -> int:
        return len(self.profiles)

    def get(self, player_id: str) -> Profile | None:
        return self.profiles.get(player_id)

    def by_name(self, name: str, exclude: Iterable[str] = ()) -> Profile | None:
        """The most recently seen profile called ``name`` (cleaned), not one of ``exclude``."""
        name = clean_name(name)
        skip = set(exclude)
        found = [p for p in self.profiles.values() if p.name == name and p.id not in skip]
        return max(found, key=lambda p: p.seen) if found else None

    def ensure(self, player_id: str, name: str, ai: bool = False,
               taken: Iterable[str] = ()) -> Profile:
        """The profile of ``player_id``, made (with a :func:`default_avatar`) if missing."""
        profile = self.profiles.get(player_id)
        if profile is None:
            profile = Profile(player_id, name, default_avatar(player_id, taken), ai)
            self.profiles[player_id] = profile
        return profile

    def forget(self, player_id: str) -> Profile | None:
        """Remove ``player_id``'s profile (face, name, statistics); the one removed, if any."""
        return self.profiles.pop(player_id, None)

    def ordered(self) -> list[Profile]:
        """Most matches played first, then most hands won, most hands played, most
        recently seen, then by name."""
        return sorted(self.profiles.values(),
                      key=lambda p: (-p.total().played, -p.total().hands_won,
                                     -p.total().hands_played, -p.seen, p.name))

    def trim(self, limit: int = MAX_PROFILES) -> list[Profile]:
        """Forget the least recently seen profiles beyond ``limit``; the ones forgotten,
        least recently seen first (the caller tells the player)."""
        if len(self.profiles) <= limit:
            return []
        newest_first = sorted(self.profiles.values(), key=lambda p: -p.seen)
        kept = {p.id for p in newest_first[:limit]}
        self.profiles = {pid: p for pid, p in self.profiles.items() if pid in kept}
        return newest_first[limit:][::-1]

    def to_json(self) -> dict[str, Any]:
        return {**self.extra, "format": FORMAT, "version": VERSION,
                "profiles": [p.to_json() for p in self.profiles.values()]}


# ---------------------------------------------------------------------- reading the file
#: What the player is told when a value or a record of the file could not be used.
DROPPED_ENTRY = N_("{file}: entry {number} could not be read at all; it was left out.")
DROPPED_NO_ID = N_("{file}: the player \"{name}\" had no usable id; they were left out.")
DUPLICATE = N_("{file}: the player \"{name}\" was written twice under the same id; the "
               "second one was left out.")
NAME_GIVEN = N_("{file}: the name of player {number} could not be read; they are now called "
                "\"{name}\".")
NAME_CLEANED = N_("{file}: the name of the player \"{name}\" had characters that cannot be "
                  "shown, or too many; it was tidied.")
FACE = N_("{file}: the face of the player \"{name}\" could not be read; they were given "
          "another one.")
AI_FLAG = N_("{file}: the player \"{name}\" was neither a person nor an AI; they count as a "
             "person now.")
SEEN = N_("{file}: when the player \"{name}\" last played could not be read; it was reset.")
ALL_STATS = N_("{file}: the statistics of the player \"{name}\" could not be read; they start "
               "again from zero.")
EDITION_NAME = N_("{file}: the player \"{name}\" had statistics under a name that is no "
                  "edition ({edition}); they were left out.")
EDITION_STATS = N_("{file}: the statistics of the player \"{name}\" in \"{edition}\" could not "
                   "be read; they start again from zero there.")
COUNT = N_("{file}: the player \"{name}\" had {what} in \"{edition}\" that could not be read "
           "({value}); it was reset to 0.")
COUNT_PLAYED = N_("{file}: the player \"{name}\" had {what} in \"{edition}\" that could not be "
                  "read ({value}); their matches played and won there were reset to 0.")
MORE_WINS = N_("{file}: the player \"{name}\" had more wins than matches in \"{edition}\"; "
               "their matches played and won there were reset to 0.")
TOO_MANY = N_("{file}: there were more than {limit} players; these, seen least recently, were "
              "left out: {names}.")
#: The counts' names in the messages (``{what}``).
COUNT_NAMES = {"played": N_("a number of matches played"), "won": N_("a number of matches won"),
               "hands_won": N_("a number of hands won"), "best": N_("a best hand"),
               "hands_played": N_("a number of hands played")}


@dataclass(frozen=True)
class Who:
    """Whose record is being read, for the messages: the file's name, the player's name (as
    far as it is known) and their place in the file (1 for the first)."""

    file: str
    name: str
    number: int


def book_from_json(data: Any, file: str = "profiles.json"
                   ) -> tuple[ProfileBook, list[Repair]]:
    """A :class:`ProfileBook` from parsed JSON, and what had to be repaired on the way.

    Only what concerns the whole file raises :class:`ProfileError` (not an object of
    :data:`FORMAT`, another :data:`VERSION`, no list of profiles): the caller puts the file
    aside. Anything else is repaired where it is: a value that cannot be used is reset (a
    count to 0, a face to a new one ...), a record that cannot be used at all (no id, the
    same id twice) is left out, and beyond :data:`MAX_PROFILES` the least recently seen are
    left out; each is one :class:`~game.store.repairs.Repair` naming the player and what was done.
    Fields this build does not know are kept (``extra``) and written back, without a word.
    """
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ProfileError(f"not a {FORMAT} file")
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # true and 1.0 are no version 1
        raise ProfileError(f"unsupported profiles version {version!r:.40}")
    items = data.get("profiles")
    if not isinstance(items, list):
        raise ProfileError("the profiles must be a list")
    repairs: list[Repair] = []
    book = ProfileBook(extra={k: v for k, v in data.items()
                              if k not in ("format", "version", "profiles")})
    for i, item in enumerate(items):
        profile = _profile_from_json(item, i + 1, repairs, file)
        if profile is None:
            continue
        if profile.id in book.profiles:
            repairs.append(Repair.of(DUPLICATE, file=file, name=profile.name))
            continue
        book.profiles[profile.id] = profile
    dropped = book.trim()
    if dropped:
        repairs.append(Repair.of(TOO_MANY, file=file, limit=MAX_PROFILES,
                                 names=name_list(p.name for p in dropped)))
    return book, repairs


def name_list(names: Iterable[str], limit: int = 12) -> str:
    """``"Ann", "Bob", … (+3)``: names in quotes, at most ``limit`` of them."""
    items = list(names)
    shown = ", ".join(f"\"{n}\"" for n in items[:limit])
    return shown if len(items) <= limit else f"{shown}, … (+{len(items) - limit})"


def _profile_from_json(data: Any, number: int, repairs: list[Repair],
                       file: str) -> Profile | None:
    """One profile of the file (``number``: its place, 1 for the first), repaired where a
    value cannot be used; ``None`` (told in ``repairs``) when the record cannot be used."""
    if not isinstance(data, Mapping):
        repairs.append(Repair.of(DROPPED_ENTRY, file=file, number=number))
        return None
    raw_name = data.get("name")
    name = clean_name(raw_name) if isinstance(raw_name, str) else ""
    pid = data.get("id")
    if not is_player_id(pid):
        repairs.append(Repair.of(DROPPED_NO_ID, file=file, name=name) if name
                       else Repair.of(DROPPED_ENTRY, file=file, number=number))
        return None
    if not name:
        name = _("Player {number}").format(number=number)
        repairs.append(Repair.of(NAME_GIVEN, file=file, number=number, name=name))
    elif name != raw_name:
        repairs.append(Repair.of(NAME_CLEANED, file=file, name=name))
    who = Who(file, name, number)
    face, avatar_extra = _avatar_from_json(data.get("avatar"), str(pid), who, repairs)
    ai = data.get("ai", False)
    if not isinstance(ai, bool):
        repairs.append(Repair.of(AI_FLAG, file=file, name=name))
        ai = False
    seen = _seen(data.get("seen", 0.0))
    if seen is None:
        repairs.append(Repair.of(SEEN, file=file, name=name))
        seen = 0.0
    stats: dict[str, EditionStats] = {}
    raw_stats = data.get("stats", {})
    if not isinstance(raw_stats, Mapping):
        repairs.append(Repair.of(ALL_STATS, file=file, name=name))
        raw_stats = {}
    for edition, record in raw_stats.items():
        if not is_edition_name(edition):
            repairs.append(Repair.of(EDITION_NAME, file=file, name=name,
                                     edition=shown_value(edition)))
            continue
        stats[edition] = _stats_from_json(record, who, edition, repairs)
    extra = {k: v for k, v in data.items() if k not in _PROFILE_KEYS}
    return Profile(str(pid), name, face, ai, seen, stats, extra, avatar_extra)


_PROFILE_KEYS = frozenset({"id", "name", "avatar", "ai", "seen", "stats"})


def _avatar_from_json(data: Any, pid: str, who: Who,
                      repairs: list[Repair]) -> tuple[Avatar, dict[str, Any]]:
    """The face (a new one, told, when it cannot be used) and the fields beside it that this
    build does not know."""
    if isinstance(data, Mapping):
        extra = {k: v for k, v in data.items() if k not in ("kind", "colour")}
        kind, colour = data.get("kind"), data.get("colour", "")
        if isinstance(kind, str) and isinstance(colour, str):
            try:
                return Avatar(kind, colour), extra
            except ValueError:
                pass
    else:
        extra = {}
    repairs.append(Repair.of(FACE, file=who.file, name=who.name))
    return default_avatar(pid), extra


def _seen(value: Any) -> float | None:
    """A time (seconds since 1970, finite, not negative), else ``None``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        out = float(value)
    except OverflowError:
        return None
    return out if math.isfinite(out) and out >= 0 else None


def _stats_from_json(data: Any, who: Who, edition: str,
                     repairs: list[Repair]) -> EditionStats:
    """One edition's record: a count that cannot be used is reset to 0 (the matches won
    with the matches played), and more matches won than played resets both; each told in
    ``repairs``."""
    bad: list[str] = []
    if not isinstance(data, Mapping):
        repairs.append(Repair.of(EDITION_STATS, file=who.file, name=who.name, edition=edition))
        return EditionStats()
    counts: dict[str, int] = {}
    for key in EditionStats.KEYS:
        value = data.get(key, 0)
        if _is_count(value):
            counts[key] = value
            continue
        counts[key] = 0
        bad.append(key)
        if key != "won" or "played" not in bad:
            repairs.append(Repair.of(COUNT_PLAYED if key == "played" else COUNT, ("what",),
                                     file=who.file, name=who.name, what=COUNT_NAMES[key],
                                     edition=edition, value=shown_value(value)))
    extra = {k: v for k, v in data.items() if k not in EditionStats.KEYS}
    stats = EditionStats(**counts, extra=extra)
    if "played" in bad:  # told with the matches played: the matches won go with them
        stats.won = 0
    elif stats.won > stats.played:
        repairs.append(Repair.of(MORE_WINS, file=who.file, name=who.name, edition=edition))
        stats.played = stats.won = 0
    return stats
