"""The events of the editions' devices and of the house rules (H-1 … H-3): what
happened, like the official events of :mod:`game.rules.events`, which names them all in
its ``Event`` union and re-exports them (``E.LauncherPressed``). Written the same way: a
dataclass with its ``__init__`` written out, pickled as its class called with its fields
(see that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.cards import Card, Colour
from game.rules.native import pickle_by_fields


@dataclass(init=False, slots=True, unsafe_hash=True)
class CardsDiscarded:
    """Cards put on a discard pile without a play of their own: the rest of a Discard
    All (A-7), a Discard Two's pair (T-8), a Roboto command (R-7)."""

    player: int
    cards: tuple[Card, ...]
    reason: str  # discard_all, pair, command

    def __init__(self, player: int, cards: tuple[Card, ...], reason: str) -> None:
        self.player = player
        self.cards = cards
        self.reason = reason


@dataclass(init=False, slots=True, unsafe_hash=True)
class PlayerPicked:
    """A player named by another: the Attack-Attack victim, a Customizable target."""

    player: int
    target: int

    def __init__(self, player: int, target: int) -> None:
        self.player = player
        self.target = target


@dataclass(init=False, slots=True, unsafe_hash=True)
class LauncherPressed:
    """A2: one press. ``fired`` is empty on a dud (or in a redacted copy; ``count`` is
    what fired); ``presses`` counts presses since the last fire after this one."""

    player: int
    fired: tuple[Card, ...]
    count: int
    presses: int
    reason: str  # turn, hit_two, wild_hit_four, attack_attack, customizable, uno_penalty

    def __init__(
        self,
        player: int,
        fired: tuple[Card, ...],
        count: int,
        presses: int,
        reason: str,
    ) -> None:
        self.player = player
        self.fired = fired
        self.count = count
        self.presses = presses
        self.reason = reason


@dataclass(init=False, slots=True, unsafe_hash=True)
class CustomEffect:
    """A-8: a Wild Customizable announces its rule."""

    player: int
    effect: str

    def __init__(self, player: int, effect: str) -> None:
        self.player = player
        self.effect = effect


@dataclass(init=False, slots=True, unsafe_hash=True)
class HandsSwapped:
    first: int
    second: int

    def __init__(self, first: int, second: int) -> None:
        self.first = first
        self.second = second


@dataclass(init=False, slots=True, unsafe_hash=True)
class HandsPassed:
    """H-2: a 0 passed every hand to the next player in the direction of play."""

    clockwise: bool

    def __init__(self, clockwise: bool) -> None:
        self.clockwise = clockwise


@dataclass(init=False, slots=True, unsafe_hash=True)
class Stacked:
    """H-1: ``player``'s Draw Two (Hit, Wild Draw Four) reached the next player with
    ``total`` cards owed so far: they stack on it or take them all."""

    player: int
    total: int

    def __init__(self, player: int, total: int) -> None:
        self.player = player
        self.total = total


@dataclass(init=False, slots=True, unsafe_hash=True)
class JumpedIn:
    """H-3: ``player`` played ``card``, identical to the card on top, out of turn."""

    player: int
    card: Card

    def __init__(self, player: int, card: Card) -> None:
        self.player = player
        self.card = card


@dataclass(init=False, slots=True, unsafe_hash=True)
class TraysLit:
    """T-3: the trays open (white light) for ``player``'s turn."""

    player: int
    lit: tuple[int, ...]

    def __init__(self, player: int, lit: tuple[int, ...]) -> None:
        self.player = player
        self.lit = lit


@dataclass(init=False, slots=True, unsafe_hash=True)
class TrayPressed:
    """T-5: a tray counted a press (or was cleared, T-9). ``light`` is its capacity
    light after the press: green, yellow or red; ``overload`` the number shown (0: none)."""

    player: int
    tray: int
    light: str
    overload: int
    cleared: bool = False

    def __init__(
        self,
        player: int,
        tray: int,
        light: str,
        overload: int,
        cleared: bool = False,
    ) -> None:
        self.player = player
        self.tray = tray
        self.light = light
        self.overload = overload
        self.cleared = cleared


@dataclass(init=False, slots=True, unsafe_hash=True)
class PenaltyShared:
    """T-10: a Wild Give Away's overload penalty shared among opponents."""

    player: int
    shares: tuple[tuple[int, int], ...]

    def __init__(self, player: int, shares: tuple[tuple[int, int], ...]) -> None:
        self.player = player
        self.shares = shares


@dataclass(init=False, slots=True, unsafe_hash=True)
class TimeRanOut:
    """T-12: the turn timer rang."""

    player: int

    def __init__(self, player: int) -> None:
        self.player = player


@dataclass(init=False, slots=True, unsafe_hash=True)
class FirstPlayerChosen:
    """R-3 (at random), T-2 (the youngest)."""

    player: int

    def __init__(self, player: int) -> None:
        self.player = player


@dataclass(init=False, slots=True, unsafe_hash=True)
class RobotoInterrupts:
    """R-5: Roboto cuts in. ``kind``: discard_colour, nickname, duel, house_rule.
    ``players`` are the ones he names for it; ``colour`` is set for discard_colour."""

    kind: str
    players: tuple[int, ...]
    colour: Colour | None = None

    def __init__(self, kind: str, players: tuple[int, ...], colour: Colour | None = None) -> None:
        self.kind = kind
        self.players = players
        self.colour = colour


@dataclass(init=False, slots=True, unsafe_hash=True)
class RaceEnded:
    """R-6c, R-9: the finishing order of a race; the last one draws."""

    order: tuple[int, ...]
    loser: int

    def __init__(self, order: tuple[int, ...], loser: int) -> None:
        self.order = order
        self.loser = loser


@dataclass(init=False, slots=True, unsafe_hash=True)
class RobotoNames:
    """R-8: Roboto names who continues after an interruption."""

    player: int

    def __init__(self, player: int) -> None:
        self.player = player


# Pickled and copied as their class called with their fields (see events.py).
pickle_by_fields(globals(), __name__)
