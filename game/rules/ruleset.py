"""Rulesets: an edition's deck, card values and options as one frozen value.

An edition is data (this module) plus, where it has an electronic unit or special
cards, a few hooks in a ``Game`` subclass. Options that players may change (match
kind, target, house rules) are fields; :meth:`Ruleset.to_json` stores only the
edition name and the options, since the deck follows from the edition.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, ClassVar, Final

from game.rules.cards import COLOURS, NUMBER_RANKS, RANK_OF, Card, Rank, card
from game.rules.house import HOUSE_RULES, house_text, parse_house
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


#: A-8: the coded rules a Wild Customizable can carry.
CUSTOM_EFFECTS: Final = (
    "everyone_presses",
    "swap_hands",
    "chosen_presses_twice",
    "skip_everyone",
    "plain",
)
#: R-5: chances (in %) of a Surprise Command and of the House Rule after each play.
CHATTINESS: Final[dict[str, tuple[int, int]]] = {"low": (6, 3), "normal": (12, 5), "high": (20, 8)}

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


# Interpreted even in the compiled build: mypyc's native classes refuse the ClassVar
# OPTIONS on a frozen dataclass at run time ("attribute 'OPTIONS' is read-only").
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Ruleset:
    """Everything that makes one edition (and one table's options) play as it does."""

    edition: str
    deck: tuple[tuple[Card, int], ...]
    values: tuple[int, ...]  # indexed by Rank
    min_players: int = 2
    max_players: int = 10
    hand_size: int = 7
    match: MatchKind = MatchKind.STANDARD
    target: int = 500
    first_card: FirstCard = FirstCard.OFFICIAL
    wd4_counts_wilds: bool = False  # S-3
    no_bluffing: bool = False  # H-6
    uno_penalty: int = 2  # H-7
    draw_to_match: bool = False  # H-4
    forced_play: bool = False  # H-5
    dealer_draw: bool = True  # C-2 (DC: False = random dealer)
    custom_count: int = 3  # Wild Customizable cards in an Attack deck (0-3)
    custom_effect: str = "everyone_presses"  # their rule
    timer: bool = False  # T-12: Triple Play's turn timer
    timer_seconds: int = 7  # T-12
    timer_penalty: int = 6  # T-12
    starting_player: int = -1  # T-2: the youngest player (-1: left of the dealer)
    house_rule: bool = False  # a house rule was recorded (Roboto)
    chattiness: str = "normal"  # low, normal, high
    house: str = ""  # H-1 … H-3: the house rules on, "stacking+seven_o" (game.rules.house)

    #: Fields a player may change; the rest follows from the edition.
    OPTIONS: ClassVar[tuple[str, ...]] = (
        "match",
        "target",
        "wd4_counts_wilds",
        "no_bluffing",
        "uno_penalty",
        "draw_to_match",
        "forced_play",
        "dealer_draw",
        "custom_count",
        "custom_effect",
        "timer",
        "timer_seconds",
        "timer_penalty",
        "starting_player",
        "house_rule",
        "chattiness",
        "house",
    )

    def __post_init__(self) -> None:
        if not 2 <= self.min_players <= self.max_players <= 10:
            raise ValueError("players must be within 2..10")
        if self.target < 1 or self.uno_penalty < 0 or self.hand_size < 1:
            raise ValueError("target, hand size and UNO penalty must be positive")
        if not 0 <= self.custom_count <= 3 or self.custom_effect not in CUSTOM_EFFECTS:
            raise ValueError(f"custom cards: 0-3 of one of {', '.join(CUSTOM_EFFECTS)}")
        if self.chattiness not in CHATTINESS or self.timer_seconds < 1 or self.timer_penalty < 0:
            raise ValueError(f"chattiness is one of {', '.join(CHATTINESS)}; timer values >= 1")
        if not -1 <= self.starting_player < self.max_players:
            raise ValueError("starting_player is a seat, or -1 for left of the dealer")
        # H-1 … H-3: canonical text; an unknown rule or one unfit for the edition fails.
        object.__setattr__(self, "house", house_text(parse_house(self.house, self.edition)))
        # Expanded once: every deal copies it (A-8: only custom_count Customizable cards).
        custom = card(None, Rank.WILD_CUSTOMIZABLE)
        cards = tuple(
            c for c, n in self.deck for _ in range(self.custom_count if c == custom else n)
        )
        object.__setattr__(self, "_cards", cards)
        if max(self.uno_penalty, self.timer_penalty) > len(cards):
            # In Attack a penalty is that many launcher presses: a huge one never ends.
            raise ValueError("a penalty cannot be more cards than the deck holds")

    def has(self, house_rule: str) -> bool:
        """Is house rule ``house_rule`` (a :data:`~game.rules.house.HOUSE_RULES` name) on?"""
        assert house_rule in HOUSE_RULES
        return house_rule in self.house.split("+")

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
        """Edition name plus every option, as JSON-ready values."""
        out: dict[str, Any] = {"edition": self.edition}
        for name in self.OPTIONS:
            v = getattr(self, name)
            out[name] = v.value if isinstance(v, Enum) else v
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Ruleset:
        """Inverse of :meth:`to_json`; raises ``ValueError`` on unknown names or values."""
        base = edition(str(data.get("edition")))
        known = {f.name: f for f in fields(Ruleset)}
        changes: dict[str, Any] = {}
        for name, v in data.items():
            if name == "edition":
                continue
            if name not in Ruleset.OPTIONS:
                raise ValueError(f"unknown ruleset option {name!r}")
            current = getattr(base, name)
            if isinstance(current, Enum):
                v = type(current)(v)
            elif type(v) is not type(current):
                raise ValueError(f"option {name!r} wants {known[name].type}, got {v!r}")
            changes[name] = v
        return replace(base, **changes)


def _values(table: Mapping[Rank, int]) -> tuple[int, ...]:
    return tuple(table.get(r, 0) for r in Rank)


def official_deck() -> list[tuple[Card, int]]:
    """C-1: per colour one 0, two each of 1-9, Draw Two, Reverse, Skip; 4 W, 4 W+4."""
    deck: list[tuple[Card, int]] = []
    for colour in COLOURS:
        deck.append((card(colour, Rank.ZERO), 1))
        for r in (*NUMBER_RANKS[1:], Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO):
            deck.append((card(colour, r), 2))
    deck.append((card(None, Rank.WILD), 4))
    deck.append((card(None, Rank.WILD_DRAW_FOUR), 4))
    return deck


def official() -> Ruleset:
    """Official UNO (section C), a standard match to 500 (M-1)."""
    return Ruleset("official", tuple(official_deck()), _values(OFFICIAL_VALUES))


def sonic() -> Ruleset:
    """UNO Sonic (section S): C plus 4 Wild Victory Lap; single hand by default."""
    deck = (*official_deck(), (card(None, Rank.WILD_VICTORY_LAP), 4))
    return Ruleset(
        "sonic",
        deck,
        _values(OFFICIAL_VALUES),
        match=MatchKind.SINGLE_HAND,
        first_card=FirstCard.COVER_ACTIONS,
        wd4_counts_wilds=True,
    )


def attack() -> Ruleset:
    """UNO Attack (section A): 112 cards, the launcher, a standard match to 500."""
    deck: list[tuple[Card, int]] = []
    for colour in COLOURS:
        deck += [(card(colour, r), 2) for r in NUMBER_RANKS[1:]]
        deck += [
            (card(colour, Rank.REVERSE), 1),
            (card(colour, Rank.SKIP), 2),
            (card(colour, Rank.HIT_TWO), 2),
            (card(colour, Rank.DISCARD_ALL), 2),
        ]
    deck += [
        (card(None, Rank.WILD), 4),
        (card(None, Rank.WILD_ATTACK_ATTACK), 4),
        (card(None, Rank.WILD_CUSTOMIZABLE), 3),
        (card(None, Rank.WILD_HIT_FOUR), 1),
    ]
    values = {
        **{r: int(r) for r in NUMBER_RANKS},
        Rank.REVERSE: 20,
        Rank.SKIP: 20,
        Rank.HIT_TWO: 20,
        Rank.DISCARD_ALL: 30,
        Rank.WILD: 50,
        Rank.WILD_HIT_FOUR: 50,
        Rank.WILD_ATTACK_ATTACK: 50,
        Rank.WILD_CUSTOMIZABLE: 50,
    }
    return Ruleset("attack", tuple(deck), _values(values))


def triple() -> Ruleset:
    """UNO Triple Play (section T): three trays, 2-6 players, a match to 500."""
    deck: list[tuple[Card, int]] = []
    for colour in COLOURS:
        deck.append((card(colour, Rank.ZERO), 1))
        deck += [(card(colour, r), 2) for r in (*NUMBER_RANKS[1:], Rank.REVERSE, Rank.SKIP)]
        deck.append((card(colour, Rank.DISCARD_TWO), 2))
    deck += [
        (card(None, Rank.WILD), 4),
        (card(None, Rank.WILD_CLEAR), 4),
        (card(None, Rank.WILD_GIVE_AWAY), 4),
    ]
    values = {
        **{r: int(r) for r in NUMBER_RANKS},
        Rank.REVERSE: 20,
        Rank.SKIP: 20,
        Rank.DISCARD_TWO: 20,
        Rank.WILD: 50,
        Rank.WILD_CLEAR: 50,
        Rank.WILD_GIVE_AWAY: 50,
    }
    return Ruleset(
        "triple", tuple(deck), _values(values), max_players=6, first_card=FirstCard.BOTTOM_ACTIONS
    )


def roboto() -> Ruleset:
    """UNO Roboto (section R): official cards, the talking unit; a single hand."""
    return Ruleset(
        "roboto",
        tuple(official_deck()),
        _values(OFFICIAL_VALUES),
        match=MatchKind.SINGLE_HAND,
        first_card=FirstCard.RESHUFFLE_ACTIONS,
    )


EDITIONS: Final[dict[str, Callable[[], Ruleset]]] = {
    "official": official,
    "roboto": roboto,
    "attack": attack,
    "triple": triple,
    "sonic": sonic,
}


def edition(name: str) -> Ruleset:
    """The default ruleset of an edition by name; ``ValueError`` lists the known ones."""
    try:
        return EDITIONS[name]()
    except KeyError:
        raise ValueError(f"unknown edition {name!r} (known: {', '.join(EDITIONS)})") from None
