"""Actions: frozen values that name the player who takes them.

Every decision a player makes, in turn or out of turn, is one of these, so a game is
fully described by ``(ruleset, seed, actions)``. Each action has a short text form
(``"2 R5"``, ``"0 draw"``, ``"1 colour G"``, ``"3 catch 0"``) used by saves, position
files and bug reports; :func:`parse_action` inverts :func:`action_text`.

They are compiled with the engine in the native build, where reading an action's fields
costs a load instead of an attribute look-up (8 % of a random-play hand). A compiled
class checks its fields' types, so the actions that carry a card, a colour or a list
take what a caller may pass by hand (a card's number, a colour's number, a list) in a
written ``__init__`` and store the engine's own value: the same on both engines, and a
value that names no card or colour is refused there, with the rule's clause, as the
engine would refuse the move. They pickle and copy as their class called with their
fields (:func:`~game.rules.native.pickle_by_fields`: a compiled class cannot be rebuilt
the default way), so an action crosses to the bot worker's process on either engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, cast

from game.rules.cards import CARDS, TEXT_OF, Card, Colour
from game.rules.errors import IllegalAction
from game.rules.native import pickle_by_fields

MAX_PLAYERS: Final = 10


def as_card(value: object, player: int, clause: str) -> Card:
    """The one shared :class:`Card` of ``value`` (a card, or the number of one); anything
    else is refused as a card ``player`` does not hold, under ``clause``."""
    if type(value) is Card:
        return CARDS[value]
    if (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(CARDS)
            and TEXT_OF[value] is not None):
        return CARDS[value]
    raise IllegalAction(clause, f"player {player} does not hold {value}")


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """Play ``card`` from the hand onto the discard pile (C-5), or onto discard tray
    ``tray`` in Triple Play (T-4)."""

    player: int
    card: Card
    tray: int = 0

    def __init__(self, player: int, card: object, tray: int = 0) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", as_card(card, player, "C-5"))
        object.__setattr__(self, "tray", tray)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the pile instead of playing (C-9, C-10)."""

    player: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card just drawn and end the turn (C-9)."""

    player: int


@dataclass(frozen=True, slots=True, init=False)
class ChooseColour:
    """Name the colour after a wild (C-6, C-7, C-4)."""

    player: int
    colour: Colour

    def __init__(self, player: int, colour: object) -> None:
        # Callers may name the colour by its number (the UI's buttons do): stored as a
        # Colour; a number of no colour is refused.
        if type(colour) is not Colour:
            if not isinstance(colour, int) or isinstance(colour, bool) or not 0 <= colour < 4:
                raise IllegalAction("C-6", f"{colour} is not a colour")
            colour = Colour(colour)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "colour", colour)


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the Wild Draw Four just played on you (C-8)."""

    player: int


@dataclass(frozen=True, slots=True)
class Accept:
    """Take the Wild Draw Four penalty without challenging (C-7)."""

    player: int


@dataclass(frozen=True, slots=True)
class CallUno:
    """Say "UNO!" (C-12): before playing the next-to-last card, or after, until caught."""

    player: int


@dataclass(frozen=True, slots=True)
class Catch:
    """Point out that ``target`` did not call UNO in time (C-12)."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class PickPlayer:
    """Name another player: the Attack-Attack victim (A-6), a Customizable card's
    target (A-8)."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class PressLauncher:
    """Attack: press the launcher's nose instead of drawing (A-2, A-3)."""

    player: int


@dataclass(frozen=True, slots=True)
class PickTray:
    """Triple Play: press a lit tray after drawing a card you do not play (T-4)."""

    player: int
    tray: int


@dataclass(frozen=True, slots=True, init=False)
class Pair:
    """Triple Play: put a second card of the Discard Two's colour on top (T-8)."""

    player: int
    card: Card

    def __init__(self, player: int, card: object) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", as_card(card, player, "T-8"))


@dataclass(frozen=True, slots=True, init=False)
class GiveAway:
    """Triple Play: share an overload's penalty among opponents (T-10);
    ``shares`` holds (opponent, cards) pairs."""

    player: int
    shares: tuple[tuple[int, int], ...]

    def __init__(self, player: int, shares: Iterable[Sequence[int]]) -> None:
        object.__setattr__(self, "player", player)
        pairs = tuple(tuple(s) for s in shares)  # lists of lists welcome
        object.__setattr__(self, "shares", cast("tuple[tuple[int, int], ...]", pairs))


@dataclass(frozen=True, slots=True)
class TimeUp:
    """Triple Play timer mode: the turn's time ran out (T-12). Sent by the clock,
    never chosen, so it is not in ``legal_actions``."""

    player: int


@dataclass(frozen=True, slots=True, init=False)
class Discard:
    """Roboto: put the next commanded card on the discard pile, in the order the
    owner chooses (R-7)."""

    player: int
    card: Card

    def __init__(self, player: int, card: object) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", as_card(card, player, "R-7"))


@dataclass(frozen=True, slots=True)
class NicknameGiven:
    """Roboto: ``player`` has recorded or typed the nickname Roboto asked for (R-6b)."""

    player: int


@dataclass(frozen=True, slots=True, init=False)
class RaceFinished:
    """Roboto: a duel or house-rule race ended; ``order`` lists the racers from first
    to last (R-6c, R-9, R-10). ``player`` is the racer asked to report it."""

    player: int
    order: tuple[int, ...]

    def __init__(self, player: int, order: Iterable[int]) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "order", tuple(order))


@dataclass(frozen=True, slots=True)
class SwapWith:
    """Seven-O: name the player whose hand the 7 just played takes (H-2)."""

    player: int
    target: int


Action = (
    Play
    | Draw
    | Pass
    | ChooseColour
    | Challenge
    | Accept
    | CallUno
    | Catch
    | PickPlayer
    | PressLauncher
    | PickTray
    | Pair
    | GiveAway
    | TimeUp
    | Discard
    | NicknameGiven
    | RaceFinished
    | SwapWith
)

#: Every action class (``Action``'s members).
ACTION_TYPES: Final[tuple[type, ...]] = (
    Play, Draw, Pass, ChooseColour, Challenge, Accept, CallUno, Catch, PickPlayer,
    PressLauncher, PickTray, Pair, GiveAway, TimeUp, Discard, NicknameGiven, RaceFinished,
    SwapWith,
)


# Pickled and copied as their class called with their fields (see pickle_by_fields).
pickle_by_fields(globals(), __name__)

TRAYS: Final = 3

# Interned actions: the engine hands out these shared objects instead of building new
# ones on every call, which keeps ``legal_actions()`` allocation-free.
PLAY_AT: Final = tuple(
    tuple(tuple(Play(p, c, t) for c in CARDS) for t in range(TRAYS)) for p in range(MAX_PLAYERS)
)
PLAY: Final = tuple(PLAY_AT[p][0] for p in range(MAX_PLAYERS))
DRAW: Final = tuple(Draw(p) for p in range(MAX_PLAYERS))
PASS: Final = tuple(Pass(p) for p in range(MAX_PLAYERS))
CHOOSE: Final = tuple(tuple(ChooseColour(p, c) for c in Colour) for p in range(MAX_PLAYERS))
CHALLENGE: Final = tuple(Challenge(p) for p in range(MAX_PLAYERS))
ACCEPT: Final = tuple(Accept(p) for p in range(MAX_PLAYERS))
CALL_UNO: Final = tuple(CallUno(p) for p in range(MAX_PLAYERS))
CATCH: Final = tuple(tuple(Catch(p, t) for t in range(MAX_PLAYERS)) for p in range(MAX_PLAYERS))
PICK: Final = tuple(
    tuple(PickPlayer(p, t) for t in range(MAX_PLAYERS)) for p in range(MAX_PLAYERS)
)
PRESS: Final = tuple(PressLauncher(p) for p in range(MAX_PLAYERS))
SWAP: Final = tuple(
    tuple(SwapWith(p, t) for t in range(MAX_PLAYERS)) for p in range(MAX_PLAYERS)
)
PICK_TRAY: Final = tuple(tuple(PickTray(p, t) for t in range(TRAYS)) for p in range(MAX_PLAYERS))
NICKNAME: Final = tuple(NicknameGiven(p) for p in range(MAX_PLAYERS))

_SIMPLE: Final[dict[str, tuple[type, tuple[Action, ...]]]] = {
    "draw": (Draw, DRAW),
    "pass": (Pass, PASS),
    "challenge": (Challenge, CHALLENGE),
    "accept": (Accept, ACCEPT),
    "uno": (CallUno, CALL_UNO),
    "press": (PressLauncher, PRESS),
    "timeup": (TimeUp, tuple(TimeUp(p) for p in range(MAX_PLAYERS))),
    "nickname": (NicknameGiven, NICKNAME),
}
_VERB: Final = {cls: verb for verb, (cls, _) in _SIMPLE.items()}


def action_text(action: Action) -> str:
    """Short text form: ``"2 R5"``, ``"2 R5@1"`` (tray 1), ``"0 draw"``, ``"1 colour G"``,
    ``"3 catch 0"``, ``"1 pick 3"``, ``"0 tray 2"``, ``"0 pair G7"``, ``"0 give 1:2,3:1"``,
    ``"2 discard R5"``, ``"1 race 3,1,0"``, ``"2 swap 0"``."""
    p = action.player
    if isinstance(action, Play):
        return f"{p} {action.card}" + (f"@{action.tray}" if action.tray else "")
    if isinstance(action, ChooseColour):
        return f"{p} colour {action.colour.letter}"
    if isinstance(action, Catch):
        return f"{p} catch {action.target}"
    if isinstance(action, PickPlayer):
        return f"{p} pick {action.target}"
    if isinstance(action, PickTray):
        return f"{p} tray {action.tray}"
    if isinstance(action, SwapWith):
        return f"{p} swap {action.target}"
    if isinstance(action, Pair):
        return f"{p} pair {action.card}"
    if isinstance(action, Discard):
        return f"{p} discard {action.card}"
    if isinstance(action, GiveAway):
        return f"{p} give " + (",".join(f"{t}:{n}" for t, n in action.shares) or "-")
    if isinstance(action, RaceFinished):
        return f"{p} race " + ",".join(map(str, action.order))
    return f"{p} {_VERB[type(action)]}"


def _player(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) < MAX_PLAYERS:
        raise ValueError(f"not a player: {text!r}")
    return int(text)


def parse_action(text: str) -> Action:
    """Inverse of :func:`action_text`. Raises ``ValueError`` on malformed text."""
    parts = text.split()
    if len(parts) < 2 or not parts[0].isdigit():
        raise ValueError(f"not an action: {text!r}")
    player = int(parts[0])
    if not 0 <= player < MAX_PLAYERS:
        raise ValueError(f"no such player in {text!r}")
    verb, args = parts[1].lower(), parts[2:]
    if verb in _SIMPLE and not args:
        return _SIMPLE[verb][1][player]
    if verb == "colour" and len(args) == 1:
        return CHOOSE[player][Colour.parse(args[0])]
    if len(args) == 1:
        arg = args[0]
        if verb == "catch":
            return CATCH[player][_player(arg)]
        if verb == "pick":
            return PICK[player][_player(arg)]
        if verb == "swap":
            return SWAP[player][_player(arg)]
        if verb == "tray" and arg.isdigit() and int(arg) < TRAYS:
            return PICK_TRAY[player][int(arg)]
        if verb == "pair":
            return Pair(player, Card.parse(arg))
        if verb == "discard":
            return Discard(player, Card.parse(arg))
        if verb == "give":
            shares = [] if arg == "-" else [item.split(":") for item in arg.split(",")]
            return GiveAway(player, tuple((_player(t), int(n)) for t, n in shares))
        if verb == "race":
            return RaceFinished(player, tuple(_player(x) for x in arg.split(",")))
    if not args:
        card_text, _, tray = parts[1].partition("@")
        t = int(tray) if tray.isdigit() else 0
        if tray and not (tray.isdigit() and t < TRAYS):
            raise ValueError(f"not a tray in {text!r}")
        return PLAY_AT[player][t][Card.parse(card_text)]
    raise ValueError(f"not an action: {text!r}")
