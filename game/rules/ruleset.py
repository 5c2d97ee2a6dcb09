"""Rulesets: an edition's deck, card values and options as one frozen value.

An edition is data (its default ruleset, declared by its own module under
:mod:`game.rules.editions` and registered with :func:`game.rules.registry.register`)
plus, where it has an electronic unit or special cards, a few hooks in a ``Game``
subclass. Options that players may change are of two kinds: those every edition has
(match kind, target, the official rules' variants, house rules) are fields of
:class:`Ruleset`; an edition's own (Triple Play's timer, Roboto's chattiness …) are the
fields of its :class:`EditionOptions` subclass, read with :meth:`Ruleset.opt`.
:meth:`Ruleset.to_json` stores only the edition name and the options, flat, since the
deck follows from the edition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from types import MappingProxyType
from typing import Any, ClassVar, Final, TypeVar

from game.rules.cards import NUMBER_RANKS, RANK_OF, Card, Rank
from game.rules.house.names import HOUSE_RULES, house_text, parse_house
from game.rules.native import mypyc_attr


class MatchKind(Enum):
    """How hands add up to a match (RULES.md section M)."""

    STANDARD = "standard"  # M-1
    RUNNING_TOTAL = "running_total"  # M-2
    PARTNERS = "partners"  # M-3
    PARTNERS_ROTATING = "partners_rotating"  # M-3 variant
    TEAMS = "teams"  # M-4
    CHALLENGE = "challenge"  # M-5
    SINGLE_HAND = "single_hand"  # M-6


class FirstCard(Enum):
    """What happens when the first discard is an action card."""

    OFFICIAL = "official"  # C-4: WD4 goes back; other cards take effect
    RESHUFFLE_ACTIONS = "reshuffle_actions"  # any action card goes back
    COVER_ACTIONS = "cover_actions"  # S-4: ignore it and turn another onto it
    BOTTOM_ACTIONS = "bottom_actions"  # T-2: it goes under the draw pile


#: Scoring values by rank (C-15).
OFFICIAL_VALUES: Final[Mapping[Rank, int]] = {
    **{r: int(r) for r in NUMBER_RANKS},
    Rank.SKIP: 20,
    Rank.REVERSE: 20,
    Rank.DRAW_TWO: 20,
    Rank.WILD: 50,
    Rank.WILD_DRAW_FOUR: 50,
    Rank.WILD_VICTORY_LAP: 50,
}

#: Options that builds before the editions' own options (issue 16) wrote into every
#: ruleset's JSON, whatever its edition. Reading one that is not the edition's own
#: ignores it: it never did anything there.
LEGACY_OPTIONS: Final = frozenset({
    "custom_count", "custom_effect", "timer", "timer_seconds", "timer_penalty",
    "starting_player", "house_rule", "chattiness",
})

T = TypeVar("T")
Opts = TypeVar("Opts", bound="EditionOptions")


def option(default: T, *, choices: tuple[T, ...] = (), lo: int | None = None,
           hi: int | None = None) -> Any:
    """One field of an :class:`EditionOptions`: its default and what it may be (one of
    ``choices``, or a whole number within ``lo``..``hi``; ``None``: unbounded). Typed
    ``Any``: the compiled build checks a class attribute's value against the field's type,
    and here it is the field's description."""
    return field(default=default, metadata={"choices": choices, "range": (lo, hi)})


# Interpreted in the compiled build, like every subclass (declared with dataclasses'
# fields and metadata, which mypyc's native classes do not keep).
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class EditionOptions:
    """An edition's own options (this base: none). A subclass is a frozen dataclass whose
    fields, declared with :func:`option`, are the options; their names are unique among
    every edition's options and :data:`Ruleset.OPTIONS`, since the JSON and the position
    text list them flat. The values are checked when made."""

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            choices = f.metadata.get("choices", ())
            lo, hi = f.metadata.get("range", (None, None))
            if choices and v not in choices:
                raise ValueError(f"{f.name} is one of {', '.join(map(str, choices))}, not {v!r}")
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                raise ValueError(f"{f.name} must be within {lo}..{'' if hi is None else hi}")

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The options' names, in the order they are written."""
        return tuple(f.name for f in fields(cls))

    @classmethod
    def choices(cls, name: str) -> tuple[Any, ...]:
        """What option ``name`` may be: its choices, or its bounded range (``()`` when
        unbounded or when the ruleset bounds it, see :meth:`check`)."""
        f = next(f for f in fields(cls) if f.name == name)
        lo, hi = f.metadata.get("range", (None, None))
        if lo is not None and hi is not None:
            return tuple(range(lo, hi + 1))
        return tuple(f.metadata.get("choices", ()))

    def copies(self, c: Card, n: int) -> int:
        """How many of ``c`` the deck holds, ``n`` in the edition's full deck."""
        return n

    def check(self, rs: Ruleset) -> None:
        """Raise ``ValueError`` if the options do not fit the rest of ``rs`` (its seats,
        its deck's size)."""


NO_OPTIONS: Final = EditionOptions()


# Interpreted even in the compiled build: mypyc's native classes refuse the ClassVar
# OPTIONS on a frozen dataclass at run time ("attribute 'OPTIONS' is read-only").
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Ruleset:
    """Everything that makes one edition (and one table's options) play as it does."""

    edition: str
    deck: tuple[tuple[Card, int], ...]
    values: tuple[int, ...]  # indexed by rank code (32 of them)
    min_players: int = 2
    max_players: int = 10
    hand_size: int = 7
    match: MatchKind = MatchKind.STANDARD
    target: int = 500
    first_card: FirstCard = FirstCard.OFFICIAL
    wd4_counts_wilds: bool = False  # S-3 (Sonic's default; a variant of C-8 anywhere)
    no_bluffing: bool = False  # H-6
    uno_penalty: int = 2  # H-7
    draw_to_match: bool = False  # H-4
    forced_play: bool = False  # H-5
    dealer_draw: bool = True  # C-2 (DC: False = random dealer)
    house: str = ""  # H-1 … H-3: the house rules on, "stacking+seven_o" (game.rules.house)
    #: The edition's own options (an instance of the edition's class: see :meth:`opt`).
    options: EditionOptions = NO_OPTIONS

    #: Options every edition has that a player may change; the rest follows from the
    #: edition. Written in this order, then the edition's own options, then ``house``.
    OPTIONS: ClassVar[tuple[str, ...]] = (
        "match",
        "target",
        "wd4_counts_wilds",
        "no_bluffing",
        "uno_penalty",
        "draw_to_match",
        "forced_play",
        "dealer_draw",
    )

    def __post_init__(self) -> None:
        if not 2 <= self.min_players <= self.max_players <= 10:
            raise ValueError("players must be within 2..10")
        if self.target < 1 or self.uno_penalty < 0 or self.hand_size < 1:
            raise ValueError("target, hand size and UNO penalty must be positive")
        # H-1 … H-3: canonical text; an unknown rule or one unfit for the edition fails.
        object.__setattr__(self, "house", house_text(parse_house(self.house, self.edition)))
        # Expanded once: every deal copies it (A-8: the options may take cards out).
        opts = self.options
        cards = tuple(c for c, n in self.deck for _ in range(opts.copies(c, n)))
        object.__setattr__(self, "_cards", cards)
        if self.uno_penalty > len(cards):
            # In Attack a penalty is that many launcher presses: a huge one never ends.
            raise ValueError("a penalty cannot be more cards than the deck holds")
        opts.check(self)

    def has(self, house_rule: str) -> bool:
        """Is house rule ``house_rule`` (a :data:`~game.rules.house.HOUSE_RULES` name) on?"""
        assert house_rule in HOUSE_RULES
        return house_rule in self.house.split("+")

    def opt(self, kind: type[Opts]) -> Opts:
        """The edition's own options, as the edition's class ``kind`` (``ValueError`` if
        this ruleset's edition has other options)."""
        opts = self.options
        if not isinstance(opts, kind):
            raise ValueError(f"{self.edition} has {type(opts).__name__}, not {kind.__name__}")
        return opts

    def option_names(self) -> tuple[str, ...]:
        """Every option a player may change, in the order they are written."""
        return (*self.OPTIONS, *self.options.names(), "house")

    def option(self, name: str) -> Any:
        """The value of option ``name`` (one of :meth:`option_names`)."""
        if name in self.OPTIONS or name == "house":
            return getattr(self, name)
        if name in self.options.names():
            return getattr(self.options, name)
        raise ValueError(self._unknown(name))

    def with_options(self, **changes: Any) -> Ruleset:
        """This ruleset with some options changed, whether every edition's or the
        edition's own (``rs.with_options(timer=True, target=200)``); ``ValueError`` names
        an option this edition does not have, or a value out of its range."""
        own = self.options.names()
        mine = {k: v for k, v in changes.items() if k in own}
        for name in changes:
            if name not in mine and name not in self.OPTIONS and name != "house":
                raise ValueError(self._unknown(name))
        common = {k: v for k, v in changes.items() if k not in mine}
        if mine:
            common["options"] = replace(self.options, **mine)
        return replace(self, **common)

    def _unknown(self, name: str) -> str:
        known = ", ".join(self.option_names())
        return f"unknown option {name!r} for {self.edition} (known: {known})"

    def cards(self) -> list[Card]:
        """The whole deck as a new list, in a fixed order (shuffled by the game)."""
        return list(self._cards)  # type: ignore[attr-defined]

    def value(self, c: Card) -> int:
        return self.values[RANK_OF[c]]

    def check_players(self, players: int) -> None:
        lo, hi = self.min_players, self.max_players
        if self.match in (MatchKind.PARTNERS, MatchKind.PARTNERS_ROTATING):
            lo = hi = 4
        elif self.match is MatchKind.TEAMS and players not in (4, 6, 8, 10):
            raise ValueError("team matches (M-4) need 4, 6, 8 or 10 players")
        if not lo <= players <= hi:
            raise ValueError(f"{self.edition} with {self.match.value} takes {lo}-{hi} players")

    def to_json(self) -> dict[str, Any]:
        """Edition name plus every option (the edition's own among them, flat), as
        JSON-ready values."""
        out: dict[str, Any] = {"edition": self.edition}
        for name in self.option_names():
            v = self.option(name)
            out[name] = v.value if isinstance(v, Enum) else v
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Ruleset:
        """Inverse of :meth:`to_json` (and of older builds' JSON: see
        :data:`LEGACY_OPTIONS`); raises ``ValueError`` on unknown names or values."""
        base = edition(str(data.get("edition")))
        names = base.option_names()
        changes: dict[str, Any] = {}
        for name, v in data.items():
            if name == "edition" or (name in LEGACY_OPTIONS and name not in names):
                continue
            if name not in names:
                raise ValueError(f"unknown ruleset option {name!r}")
            current = base.option(name)
            if isinstance(current, Enum):
                v = type(current)(v)
            elif type(v) is not type(current):
                raise ValueError(f"option {name!r} wants {type(current).__name__}, got {v!r}")
            changes[name] = v
        return base.with_options(**changes)


def option_attribute(rs: Ruleset, name: str) -> Any:
    """``rs.chattiness``: an edition's own option read as an attribute, as code written
    before the editions had their own options does (saves' tests, scripts). It is
    ``Ruleset.__getattr__``, set by ``game/rules/__init__.py`` (never compiled: a compiled
    function does not bind as a method), out of the type checker's sight: typed code
    reads ``rs.opt(RobotoOptions).chattiness``."""
    opts = rs.__dict__.get("options")
    if opts is not None and not name.startswith("_") and name in opts.names():
        return getattr(opts, name)
    raise AttributeError(f"{type(rs).__name__!r} object has no attribute {name!r}")


def values_by_rank(table: Mapping[Rank, int]) -> tuple[int, ...]:
    """A :attr:`Ruleset.values` tuple from scoring values by rank (0 for the others), one
    per rank code, an edition's own ranks' too (``cards.add_rank``)."""
    return tuple(table.get(r, 0) for r in range(32))  # type: ignore[call-overload]


_DEFAULTS: dict[str, Ruleset] = {}
#: Every edition's default ruleset by name, in the order the editions were registered
#: (read-only: an edition registers with :func:`game.rules.registry.register`).
EDITIONS: Final[Mapping[str, Ruleset]] = MappingProxyType(_DEFAULTS)


def add_edition(rules: Ruleset) -> None:
    """Make ``rules`` the default ruleset of its edition (for the registry: an edition
    calls :func:`game.rules.registry.register`, which also records its game class)."""
    _DEFAULTS[rules.edition] = rules


def remove_edition(name: str) -> None:
    """Forget edition ``name`` (for :func:`game.rules.registry.unregister`)."""
    _DEFAULTS.pop(name, None)


def edition(name: str) -> Ruleset:
    """The default ruleset of an edition by name; ``ValueError`` lists the known ones."""
    try:
        return _DEFAULTS[name]
    except KeyError:
        raise ValueError(f"unknown edition {name!r} (known: {', '.join(_DEFAULTS)})") from None
