"""Players' profiles: a stable id, a name, an avatar and statistics kept between matches.

A profile's id is the *player id* of :mod:`game.names`: the id a seat carries in a save and
under which the player's recordings are kept (``clips/<id>/``), so a profile, its recordings
and its statistics all follow the same player from match to match, whatever seat they take.

This module holds the profiles and their JSON form, validated strictly
(:func:`book_from_json`); the file they live in, ``profiles.json``, how it is read, put aside
when it cannot be used, and written, is :mod:`game.profile_store`.

Statistics (:class:`EditionStats`, per edition) are counted by :mod:`game.stats`.

Standard library only (with :mod:`game.names`): no pygame here.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.names import clean_name, is_player_id

__all__ = [
    "AVATAR_COLOURS",
    "AVATAR_KINDS",
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
#: At most this many profiles are kept (the least recently seen are forgotten beyond it).
MAX_PROFILES = 500
#: Any count or score in the file is at most this (a family plays far fewer matches).
MAX_COUNT = 10**9

#: The avatars, in the order the set-up offers them. Each has a shape of its own (so they are
#: told apart without colour) and a colour of its own by default (:data:`AVATAR_COLOURS`).
AVATAR_KINDS: tuple[str, ...] = (
    "cat", "bear", "frog", "owl", "bunny", "robot",
    "fish", "star", "flower", "moon", "penguin", "monster",
)
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
    and the most points one hand won by them scored."""

    played: int = 0
    won: int = 0
    hands_won: int = 0
    best: int = 0

    KEYS = ("played", "won", "hands_won", "best")

    def to_json(self) -> dict[str, int]:
        return {"played": self.played, "won": self.won, "hands_won": self.hands_won,
                "best": self.best}

    @staticmethod
    def from_json(data: Any, where: str) -> EditionStats:
        if not isinstance(data, Mapping):
            raise ProfileError(f"{where}: the statistics must be an object")
        unknown = set(data) - set(EditionStats.KEYS)
        if unknown:
            raise ProfileError(f"{where}: unknown statistic {sorted(unknown)[0]!r}")
        values = {k: _count(data.get(k, 0), f"{where}.{k}") for k in EditionStats.KEYS}
        stats = EditionStats(**values)
        if stats.won > stats.played:
            raise ProfileError(f"{where}: more matches won than played")
        return stats

    def add(self, other: EditionStats) -> EditionStats:
        """The two records together (for the all-editions line)."""
        return EditionStats(self.played + other.played, self.won + other.won,
                            self.hands_won + other.hands_won, max(self.best, other.best))


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProfileError(f"{where} must be a whole number, not {value!r:.40}")
    if not 0 <= value <= MAX_COUNT:
        raise ProfileError(f"{where} is out of range")
    return value


@dataclass
class Profile:
    """One player: see the module docstring. ``ai`` says whether they last sat as an AI;
    ``seen`` when (seconds since the epoch)."""

    id: str
    name: str
    avatar: Avatar
    ai: bool = False
    seen: float = 0.0
    stats: dict[str, EditionStats] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not is_player_id(self.id):
            raise ValueError(f"bad player id {self.id!r}")
        name = clean_name(self.name)
        if not name:
            raise ValueError(f"a profile needs a name, not {self.name!r}")
        self.name = name

    def edition(self, edition: str) -> EditionStats:
        """The record in ``edition`` (created empty when there is none)."""
        if not _EDITION.fullmatch(edition):
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
        return {"id": self.id, "name": self.name, "avatar": self.avatar.to_json(),
                "ai": self.ai, "seen": self.seen,
                "stats": {e: s.to_json() for e, s in sorted(self.stats.items())}}

    @staticmethod
    def from_json(data: Any, where: str) -> Profile:
        if not isinstance(data, Mapping):
            raise ProfileError(f"{where} must be an object")
        unknown = set(data) - {"id", "name", "avatar", "ai", "seen", "stats"}
        if unknown:
            raise ProfileError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        pid, name = data.get("id"), data.get("name")
        if not is_player_id(pid):
            raise ProfileError(f"{where}: bad player id {pid!r:.40}")
        if not isinstance(name, str) or not clean_name(name):
            raise ProfileError(f"{where}: bad name {name!r:.40}")
        avatar = data.get("avatar")
        if not isinstance(avatar, Mapping) or set(avatar) - {"kind", "colour"} \
                or not all(isinstance(v, str) for v in avatar.values()):
            raise ProfileError(f"{where}: bad avatar")
        try:
            face = Avatar(str(avatar.get("kind", "")), str(avatar.get("colour", "")))
        except ValueError as exc:
            raise ProfileError(f"{where}: {exc}") from None
        ai = data.get("ai", False)
        if not isinstance(ai, bool):
            raise ProfileError(f"{where}: ai must be true or false")
        seen = data.get("seen", 0.0)
        if isinstance(seen, bool) or not isinstance(seen, int | float):
            raise ProfileError(f"{where}: bad time {seen!r:.40}")
        try:
            seen = float(seen)
        except OverflowError:
            raise ProfileError(f"{where}: the time is out of range") from None
        if not math.isfinite(seen) or seen < 0:
            raise ProfileError(f"{where}: the time is out of range")
        stats = data.get("stats", {})
        if not isinstance(stats, Mapping):
            raise ProfileError(f"{where}: the statistics must be an object")
        editions: dict[str, EditionStats] = {}
        for edition, record in stats.items():
            if not isinstance(edition, str) or not _EDITION.fullmatch(edition):
                raise ProfileError(f"{where}: bad edition {edition!r:.40}")
            editions[edition] = EditionStats.from_json(record, f"{where}.{edition}")
        return Profile(str(pid), clean_name(name), face, ai, seen, editions)


class ProfileBook:
    """Every profile, by id."""

    def __init__(self, profiles: Iterable[Profile] = ()) -> None:
        self.profiles: dict[str, Profile] = {}
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
        """Most matches played first, then most recently seen, then by name."""
        return sorted(self.profiles.values(),
                      key=lambda p: (-p.total().played, -p.total().hands_won, -p.seen,
                                     p.name))

    def trim(self) -> None:
        """Forget the least recently seen profiles beyond :data:`MAX_PROFILES`."""
        if len(self.profiles) <= MAX_PROFILES:
            return
        keep = sorted(self.profiles.values(), key=lambda p: -p.seen)[:MAX_PROFILES]
        self.profiles = {p.id: p for p in keep}

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION,
                "profiles": [p.to_json() for p in self.profiles.values()]}


def book_from_json(data: Any) -> ProfileBook:
    """A :class:`ProfileBook` from parsed JSON; :class:`ProfileError` says what is wrong."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ProfileError(f"not a {FORMAT} file")
    if data.get("version") != VERSION:
        raise ProfileError(f"unsupported profiles version {data.get('version')!r:.40}")
    if set(data) - {"format", "version", "profiles"}:
        raise ProfileError("unknown field in the profiles file")
    items = data.get("profiles")
    if not isinstance(items, list):
        raise ProfileError("the profiles must be a list")
    if len(items) > MAX_PROFILES:
        raise ProfileError(f"more than {MAX_PROFILES} profiles")
    return ProfileBook(Profile.from_json(p, f"profile {i + 1}") for i, p in enumerate(items))
