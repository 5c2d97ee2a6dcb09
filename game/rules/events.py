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
``tests/rules/test_events.py`` checks that each ``__init__`` sets exactly its fields. They
pickle and copy as their class called with their fields
(:func:`~game.rules.native.pickle_by_fields`), on both engines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, cast

from game.rules.cards import Card, Colour

# The editions' and the house rules' events, named here too (``E.Stacked``).
from game.rules.events_editions import (
    CardsDiscarded as CardsDiscarded,
)
from game.rules.events_editions import (
    CustomEffect as CustomEffect,
)
from game.rules.events_editions import (
    FirstPlayerChosen as FirstPlayerChosen,
)
from game.rules.events_editions import (
    HandsPassed as HandsPassed,
)
from game.rules.events_editions import (
    HandsSwapped as HandsSwapped,
)
from game.rules.events_editions import (
    JumpedIn as JumpedIn,
)
from game.rules.events_editions import (
    LauncherPressed as LauncherPressed,
)
from game.rules.events_editions import (
    PenaltyShared as PenaltyShared,
)
from game.rules.events_editions import (
    PlayerPicked as PlayerPicked,
)
from game.rules.events_editions import (
    RaceEnded as RaceEnded,
)
from game.rules.events_editions import (
    RobotoInterrupts as RobotoInterrupts,
)
from game.rules.events_editions import (
    RobotoNames as RobotoNames,
)
from game.rules.events_editions import (
    Stacked as Stacked,
)
from game.rules.events_editions import (
    TimeRanOut as TimeRanOut,
)
from game.rules.events_editions import (
    TrayPressed as TrayPressed,
)
from game.rules.events_editions import (
    TraysLit as TraysLit,
)
from game.rules.native import pickle_by_fields


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


# Pickled and copied as their class called with their fields: they cross to the bots'
# process inside the views (see pickle_by_fields).
pickle_by_fields(globals(), __name__)

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


#: The events that hide cards from some viewers.
_HIDING = (CardsDrawn, LauncherPressed, ChallengeResolved)


def redact(event: _Seen, viewer: int) -> _Seen:
    """The copy of ``event`` that ``viewer`` may see (hidden cards removed). Any other
    value (a line of the table's own, such as the house rules tonight) passes unchanged:
    typed by a variable, not the union, so that the compiled engine lets it through."""
    # A view redacts the whole hand's history: most events leave at the first test, and a
    # copy is built field by field (``dataclasses.replace`` reads the fields by name, and
    # took most of a view's time).
    if not isinstance(event, _HIDING):
        return event
    if isinstance(event, CardsDrawn):
        if event.player != viewer and event.cards:
            return cast(_Seen, CardsDrawn(event.player, (), event.reason, event.count))
    elif isinstance(event, LauncherPressed):
        if event.player != viewer and event.fired:
            return cast(
                _Seen,
                LauncherPressed(event.player, (), event.count, event.presses, event.reason),
            )
    elif isinstance(event, ChallengeResolved) and viewer not in (
        event.challenger,
        event.challenged,
    ):
        return cast(
            _Seen, ChallengeResolved(event.challenger, event.challenged, event.guilty, ())
        )
    return event
