"""Events: what happened, as frozen values with parameters, never sentences.

``Game.apply`` returns the events an action caused, in order. The UI animates them,
the voice speaks them and the headless narrator prints them. Some carry hidden
information (the cards a player drew, a hand revealed by a challenge); :func:`redact`
gives the copy a given viewer is allowed to see.

Each event is a dataclass (equality, hashing, ``repr``, ``replace``, pattern matching) with
an ``__init__`` written out: in the compiled engine a written ``__init__`` makes an event
in about 25 ns, where a frozen dataclass's generated one takes 400 ns, and a hand makes
about 200 events (half a random-play hand's time went there). So events are not frozen
at run time; nothing changes one after it is made (:func:`redact` makes a copy), and
``tests/rules/test_events.py`` checks that each ``__init__`` sets exactly its fields.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar, cast

from game.rules.cards import Card, Colour


@dataclass(init=False, slots=True, unsafe_hash=True)
class MatchStarted:
    players: int
    ruleset: str

    def __init__(self, players: int, ruleset: str) -> None:
        self.players = players
        self.ruleset = ruleset


@dataclass(init=False, slots=True, unsafe_hash=True)
class DealerChosen:
    """C-2: ``draws`` holds each round of the dealer draw as (player, card) pairs."""

    dealer: int
    draws: tuple[tuple[tuple[int, Card], ...], ...]

    def __init__(self, dealer: int, draws: tuple[tuple[tuple[int, Card], ...], ...]) -> None:
        self.dealer = dealer
        self.draws = draws


@dataclass(init=False, slots=True, unsafe_hash=True)
class HandStarted:
    hand_no: int
    dealer: int
    seats: tuple[int, ...]

    def __init__(self, hand_no: int, dealer: int, seats: tuple[int, ...]) -> None:
        self.hand_no = hand_no
        self.dealer = dealer
        self.seats = seats


@dataclass(init=False, slots=True, unsafe_hash=True)
class FirstCard:
    """The card turned to start a discard pile (``tray`` in Triple Play); ``returned``
    were turned before it and set aside (C-4, R-2, S-4, T-2)."""

    card: Card
    returned: tuple[Card, ...] = ()
    tray: int = 0

    def __init__(self, card: Card, returned: tuple[Card, ...] = (), tray: int = 0) -> None:
        self.card = card
        self.returned = returned
        self.tray = tray


@dataclass(init=False, slots=True, unsafe_hash=True)
class TurnStarted:
    player: int

    def __init__(self, player: int) -> None:
        self.player = player


@dataclass(init=False, slots=True, unsafe_hash=True)
class CardPlayed:
    """``card`` went onto the discard pile (Triple Play: onto ``tray``)."""

    player: int
    card: Card
    tray: int = 0

    def __init__(self, player: int, card: Card, tray: int = 0) -> None:
        self.player = player
        self.card = card
        self.tray = tray


@dataclass(init=False, slots=True, unsafe_hash=True)
class ColourChosen:
    player: int
    colour: Colour

    def __init__(self, player: int, colour: Colour) -> None:
        self.player = player
        self.colour = colour


@dataclass(init=False, slots=True, unsafe_hash=True)
class CardsDrawn:
    """``reason``: turn, draw_two, wild_draw_four, challenge_guilty, challenge_innocent,
    uno_penalty, first_card, victory_lap. ``cards`` is empty in a redacted copy."""

    player: int
    cards: tuple[Card, ...]
    reason: str
    count: int

    def __init__(self, player: int, cards: tuple[Card, ...], reason: str, count: int) -> None:
        self.player = player
        self.cards = cards
        self.reason = reason
        self.count = count


@dataclass(init=False, slots=True, unsafe_hash=True)
class TurnSkipped:
    player: int

    def __init__(self, player: int) -> None:
        self.player = player


@dataclass(init=False, slots=True, unsafe_hash=True)
class DirectionChanged:
    clockwise: bool

    def __init__(self, clockwise: bool) -> None:
        self.clockwise = clockwise


@dataclass(init=False, slots=True, unsafe_hash=True)
class ChallengeResolved:
    """C-8. ``hand`` is the challenged hand, shown to the challenger only."""

    challenger: int
    challenged: int
    guilty: bool
    hand: tuple[Card, ...]

    def __init__(
        self,
        challenger: int,
        challenged: int,
        guilty: bool,
        hand: tuple[Card, ...],
    ) -> None:
        self.challenger = challenger
        self.challenged = challenged
        self.guilty = guilty
        self.hand = hand


@dataclass(init=False, slots=True, unsafe_hash=True)
class DrawnCardKept:
    player: int

    def __init__(self, player: int) -> None:
        self.player = player


@dataclass(init=False, slots=True, unsafe_hash=True)
class UnoCalled:
    player: int

    def __init__(self, player: int) -> None:
        self.player = player


@dataclass(init=False, slots=True, unsafe_hash=True)
class UnoCaught:
    catcher: int
    target: int

    def __init__(self, catcher: int, target: int) -> None:
        self.catcher = catcher
        self.target = target


@dataclass(init=False, slots=True, unsafe_hash=True)
class CatchMissed:
    """A catch that had no effect: the target called, or is not on one card (C-12)."""

    catcher: int
    target: int

    def __init__(self, catcher: int, target: int) -> None:
        self.catcher = catcher
        self.target = target


@dataclass(init=False, slots=True, unsafe_hash=True)
class Reshuffled:
    """C-11: the discard pile (but its top card) became the new draw pile."""

    count: int

    def __init__(self, count: int) -> None:
        self.count = count


@dataclass(init=False, slots=True, unsafe_hash=True)
class HandEnded:
    """``winner`` went out (or held the least when the hand was ``blocked``); ``points``
    is what the hand scored, ``scores`` every player's match score after it."""

    winner: int
    points: int
    scores: tuple[int, ...]
    blocked: bool = False

    def __init__(
        self,
        winner: int,
        points: int,
        scores: tuple[int, ...],
        blocked: bool = False,
    ) -> None:
        self.winner = winner
        self.points = points
        self.scores = scores
        self.blocked = blocked


@dataclass(init=False, slots=True, unsafe_hash=True)
class PlayerEliminated:
    player: int

    def __init__(self, player: int) -> None:
        self.player = player


@dataclass(init=False, slots=True, unsafe_hash=True)
class MatchEnded:
    winners: tuple[int, ...]

    def __init__(self, winners: tuple[int, ...]) -> None:
        self.winners = winners




# --------------------------------------------------------------------------- editions
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


#: What :func:`redact` takes and gives back: an event, or a line of the table's own.
_Seen = TypeVar("_Seen")

Event = (
    MatchStarted
    | DealerChosen
    | HandStarted
    | FirstCard
    | TurnStarted
    | CardPlayed
    | ColourChosen
    | CardsDrawn
    | TurnSkipped
    | DirectionChanged
    | ChallengeResolved
    | DrawnCardKept
    | UnoCalled
    | UnoCaught
    | CatchMissed
    | Reshuffled
    | HandEnded
    | PlayerEliminated
    | MatchEnded
    | CardsDiscarded
    | PlayerPicked
    | LauncherPressed
    | CustomEffect
    | HandsSwapped
    | HandsPassed
    | Stacked
    | JumpedIn
    | TraysLit
    | TrayPressed
    | PenaltyShared
    | TimeRanOut
    | FirstPlayerChosen
    | RobotoInterrupts
    | RaceEnded
    | RobotoNames
)


def redact(event: _Seen, viewer: int) -> _Seen:
    """The copy of ``event`` that ``viewer`` may see (hidden cards removed). Any other
    value (a line of the table's own, such as the house rules tonight) passes unchanged:
    typed by a variable, not the union, so that the compiled engine lets it through."""
    if isinstance(event, CardsDrawn):
        if event.player != viewer and event.cards:
            return cast(_Seen, replace(event, cards=()))
    elif isinstance(event, LauncherPressed):
        if event.player != viewer and event.fired:
            return cast(_Seen, replace(event, fired=()))
    elif isinstance(event, ChallengeResolved) and viewer not in (
        event.challenger,
        event.challenged,
    ):
        return cast(_Seen, replace(event, hand=()))
    return event
