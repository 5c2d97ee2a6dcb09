"""Events: what happened, as frozen values with parameters, never sentences.

``Game.apply`` returns the events an action caused, in order. The UI animates them,
the voice speaks them and the headless narrator prints them. Some carry hidden
information (the cards a player drew, a hand revealed by a challenge); :func:`redact`
gives the copy a given viewer is allowed to see.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rules.cards import Card, Colour


@dataclass(frozen=True, slots=True)
class MatchStarted:
    players: int
    ruleset: str


@dataclass(frozen=True, slots=True)
class DealerChosen:
    """C-2: ``draws`` holds each round of the dealer draw as (player, card) pairs."""

    dealer: int
    draws: tuple[tuple[tuple[int, Card], ...], ...]


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand_no: int
    dealer: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FirstCard:
    """The card turned to start a discard pile (``tray`` in Triple Play); ``returned``
    were turned before it and set aside (C-4, R-2, S-4, T-2)."""

    card: Card
    returned: tuple[Card, ...] = ()
    tray: int = 0


@dataclass(frozen=True, slots=True)
class TurnStarted:
    player: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``card`` went onto the discard pile (Triple Play: onto ``tray``)."""

    player: int
    card: Card
    tray: int = 0


@dataclass(frozen=True, slots=True)
class ColourChosen:
    player: int
    colour: Colour


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """``reason``: turn, draw_two, wild_draw_four, challenge_guilty, challenge_innocent,
    uno_penalty, first_card, victory_lap. ``cards`` is empty in a redacted copy."""

    player: int
    cards: tuple[Card, ...]
    reason: str
    count: int


@dataclass(frozen=True, slots=True)
class TurnSkipped:
    player: int


@dataclass(frozen=True, slots=True)
class DirectionChanged:
    clockwise: bool


@dataclass(frozen=True, slots=True)
class ChallengeResolved:
    """C-8. ``hand`` is the challenged hand, shown to the challenger only."""

    challenger: int
    challenged: int
    guilty: bool
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DrawnCardKept:
    player: int


@dataclass(frozen=True, slots=True)
class UnoCalled:
    player: int


@dataclass(frozen=True, slots=True)
class UnoCaught:
    catcher: int
    target: int


@dataclass(frozen=True, slots=True)
class CatchMissed:
    """A catch that had no effect: the target called, or is not on one card (C-12)."""

    catcher: int
    target: int


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """C-11: the discard pile (but its top card) became the new draw pile."""

    count: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    """``winner`` went out (or held the least when the hand was ``blocked``); ``points``
    is what the hand scored, ``scores`` every player's match score after it."""

    winner: int
    points: int
    scores: tuple[int, ...]
    blocked: bool = False


@dataclass(frozen=True, slots=True)
class PlayerEliminated:
    player: int


@dataclass(frozen=True, slots=True)
class MatchEnded:
    winners: tuple[int, ...]




# --------------------------------------------------------------------------- editions
@dataclass(frozen=True, slots=True)
class CardsDiscarded:
    """Cards put on a discard pile without a play of their own: the rest of a Discard
    All (A-7), a Discard Two's pair (T-8), a Roboto command (R-7)."""

    player: int
    cards: tuple[Card, ...]
    reason: str  # discard_all, pair, command


@dataclass(frozen=True, slots=True)
class PlayerPicked:
    """A player named by another: the Attack-Attack victim, a Customizable target."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class LauncherPressed:
    """A2: one press. ``fired`` is empty on a dud (or in a redacted copy; ``count`` is
    what fired); ``presses`` counts presses since the last fire after this one."""

    player: int
    fired: tuple[Card, ...]
    count: int
    presses: int
    reason: str  # turn, hit_two, wild_hit_four, attack_attack, customizable, uno_penalty


@dataclass(frozen=True, slots=True)
class CustomEffect:
    """A-8: a Wild Customizable announces its rule."""

    player: int
    effect: str


@dataclass(frozen=True, slots=True)
class HandsSwapped:
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class HandsPassed:
    """H-2: a 0 passed every hand to the next player in the direction of play."""

    clockwise: bool


@dataclass(frozen=True, slots=True)
class Stacked:
    """H-1: ``player``'s Draw Two (Hit, Wild Draw Four) reached the next player with
    ``total`` cards owed so far: they stack on it or take them all."""

    player: int
    total: int


@dataclass(frozen=True, slots=True)
class JumpedIn:
    """H-3: ``player`` played ``card``, identical to the card on top, out of turn."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class TraysLit:
    """T-3: the trays open (white light) for ``player``'s turn."""

    player: int
    lit: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TrayPressed:
    """T-5: a tray counted a press (or was cleared, T-9). ``light`` is its capacity
    light after the press: green, yellow or red; ``overload`` the number shown (0: none)."""

    player: int
    tray: int
    light: str
    overload: int
    cleared: bool = False


@dataclass(frozen=True, slots=True)
class PenaltyShared:
    """T-10: a Wild Give Away's overload penalty shared among opponents."""

    player: int
    shares: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class TimeRanOut:
    """T-12: the turn timer rang."""

    player: int


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen:
    """R-3 (at random), T-2 (the youngest)."""

    player: int


@dataclass(frozen=True, slots=True)
class RobotoInterrupts:
    """R-5: Roboto cuts in. ``kind``: discard_colour, nickname, duel, house_rule.
    ``players`` are the ones he names for it; ``colour`` is set for discard_colour."""

    kind: str
    players: tuple[int, ...]
    colour: Colour | None = None


@dataclass(frozen=True, slots=True)
class RaceEnded:
    """R-6c, R-9: the finishing order of a race; the last one draws."""

    order: tuple[int, ...]
    loser: int


@dataclass(frozen=True, slots=True)
class RobotoNames:
    """R-8: Roboto names who continues after an interruption."""

    player: int


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


def redact(event: Event, viewer: int) -> Event:
    """The copy of ``event`` that ``viewer`` may see (hidden cards removed)."""
    if isinstance(event, CardsDrawn) and event.player != viewer and event.cards:
        return replace(event, cards=())
    if isinstance(event, LauncherPressed) and event.player != viewer and event.fired:
        return replace(event, fired=())
    if isinstance(event, ChallengeResolved) and viewer not in (
        event.challenger,
        event.challenged,
    ):
        return replace(event, hand=())
    return event
