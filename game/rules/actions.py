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

Every action class extends :class:`Action`; an edition of its own (a plug-in) adds its
actions as subclasses of it and gives each a text form with :func:`add_action`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from game.rules.cards import CARDS, TEXT_OF, Card, Colour
from game.rules.errors import IllegalAction
from game.rules.native import mypyc_attr, pickle_by_fields

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


# Open to interpreted subclasses: a plug-in edition's own actions.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class Action:
    """What ``player`` does: every action's class extends this one."""

    player: int


@dataclass(frozen=True, slots=True, init=False)
class Play(Action):
    """Play ``card`` from the hand onto the discard pile (C-5), or onto discard tray
    ``tray`` in Triple Play (T-4)."""

    card: Card
    tray: int = 0

    def __init__(self, player: int, card: object, tray: int = 0) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", as_card(card, player, "C-5"))
        object.__setattr__(self, "tray", tray)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw from the pile instead of playing (C-9, C-10)."""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Keep the card just drawn and end the turn (C-9)."""


@dataclass(frozen=True, slots=True, init=False)
class ChooseColour(Action):
    """Name the colour after a wild (C-6, C-7, C-4)."""

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
class Challenge(Action):
    """Challenge the Wild Draw Four just played on you (C-8)."""


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Take the Wild Draw Four penalty without challenging (C-7)."""


@dataclass(frozen=True, slots=True)
class CallUno(Action):
    """Say "UNO!" (C-12): before playing the next-to-last card, or after, until caught."""


@dataclass(frozen=True, slots=True)
class Catch(Action):
    """Point out that ``target`` did not call UNO in time (C-12)."""

    target: int


@dataclass(frozen=True, slots=True)
class PickPlayer(Action):
    """Name another player: the Attack-Attack victim (A-6), a Customizable card's
    target (A-8)."""

    target: int


@dataclass(frozen=True, slots=True)
class PressLauncher(Action):
    """Attack: press the launcher's nose instead of drawing (A-2, A-3)."""


@dataclass(frozen=True, slots=True)
class PickTray(Action):
    """Triple Play: press a lit tray after drawing a card you do not play (T-4)."""

    tray: int


@dataclass(frozen=True, slots=True, init=False)
class Pair(Action):
    """Triple Play: put a second card of the Discard Two's colour on top (T-8)."""

    card: Card

    def __init__(self, player: int, card: object) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", as_card(card, player, "T-8"))


@dataclass(frozen=True, slots=True, init=False)
class GiveAway(Action):
    """Triple Play: share an overload's penalty among opponents (T-10);
    ``shares`` holds (opponent, cards) pairs."""

    shares: tuple[tuple[int, int], ...]

    def __init__(self, player: int, shares: Iterable[Sequence[int]]) -> None:
        object.__setattr__(self, "player", player)
        pairs = tuple(tuple(s) for s in shares)  # lists of lists welcome
        object.__setattr__(self, "shares", cast("tuple[tuple[int, int], ...]", pairs))


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """Triple Play timer mode: the turn's time ran out (T-12). Sent by the clock,
    never chosen, so it is not in ``legal_actions``."""


@dataclass(frozen=True, slots=True, init=False)
class Discard(Action):
    """Roboto: put the next commanded card on the discard pile, in the order the
    owner chooses (R-7)."""

    card: Card

    def __init__(self, player: int, card: object) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", as_card(card, player, "R-7"))


@dataclass(frozen=True, slots=True)
class NicknameGiven(Action):
    """Roboto: ``player`` has recorded or typed the nickname Roboto asked for (R-6b)."""


@dataclass(frozen=True, slots=True, init=False)
class RaceFinished(Action):
    """Roboto: a duel or house-rule race ended; ``order`` lists the racers from first
    to last (R-6c, R-9, R-10). ``player`` is the racer asked to report it."""

    order: tuple[int, ...]

    def __init__(self, player: int, order: Iterable[int]) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "order", tuple(order))


@dataclass(frozen=True, slots=True)
class SwapWith(Action):
    """Seven-O: name the player whose hand the 7 just played takes (H-2)."""

    target: int


#: Every action class: the engine's, then any an edition of its own added
#: (:func:`add_action`).
ACTION_TYPES: Final[list[type[Action]]] = [
    Play, Draw, Pass, ChooseColour, Challenge, Accept, CallUno, Catch, PickPlayer,
    PressLauncher, PickTray, Pair, GiveAway, TimeUp, Discard, NicknameGiven, RaceFinished,
    SwapWith,
]


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

TIME_UP: Final = tuple(TimeUp(p) for p in range(MAX_PLAYERS))


# ---------------------------------------------------------------------------- text forms
class Form:
    """How one action type reads as text after its player: ``verb``, then what ``text``
    gives of the action (nothing when ``text`` is ``None``). ``parse`` reads it back from
    the player and the words after the verb; it returns ``None`` when the words are not
    that form's (then the text is no action) and raises ``ValueError`` naming a bad one.
    (Not a value that travels: kept in this process's registry.)"""

    def __init__(self, verb: str, parse: Callable[[int, list[str]], Action | None],
                 text: Callable[[Any], str] | None = None) -> None:
        self.verb = verb
        self.parse = parse
        self.text = text


_FORMS: Final[dict[type, Form]] = {}
_VERBS: Final[dict[str, Form]] = {}


def add_action(kind: type[Action], verb: str, parse: Callable[[int, list[str]], Action | None],
               text: Callable[[Any], str] | None = None) -> None:
    """Give action type ``kind`` (an :class:`Action` subclass) its text form, a
    :class:`Form`; an edition's own action joins :data:`ACTION_TYPES`. ``ValueError``
    if the verb is taken or is not a lower-case word."""
    if not verb.isidentifier() or not verb.islower() or verb in _VERBS:
        raise ValueError(f"action verb {verb!r} is taken, or not a lower-case word")
    form = Form(verb, parse, text)
    _FORMS[kind] = _VERBS[verb] = form
    if kind not in ACTION_TYPES:
        ACTION_TYPES.append(kind)


def remove_action(kind: type[Action]) -> None:
    """Take out an action type :func:`add_action` gave a form (its edition is
    unregistered)."""
    if kind in _ENGINE_ACTIONS:
        raise ValueError(f"{kind.__name__} is one of the engine's own actions")
    form = _FORMS.pop(kind, None)
    if form is not None:
        del _VERBS[form.verb]
    if kind in ACTION_TYPES:
        ACTION_TYPES.remove(kind)


def action_text(action: Action) -> str:
    """Short text form: ``"2 R5"``, ``"2 R5@1"`` (tray 1), ``"0 draw"``, ``"1 colour G"``,
    ``"3 catch 0"``, ``"1 pick 3"``, ``"0 tray 2"``, ``"0 pair G7"``, ``"0 give 1:2,3:1"``,
    ``"2 discard R5"``, ``"1 race 3,1,0"``, ``"2 swap 0"``. ``KeyError`` for an action
    type with no text form."""
    p = action.player
    if isinstance(action, Play):
        return f"{p} {action.card}" + (f"@{action.tray}" if action.tray else "")
    form = _FORMS[type(action)]
    if form.text is None:
        return f"{p} {form.verb}"
    return f"{p} {form.verb} {form.text(action)}"


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
    form = _VERBS.get(verb)
    if form is not None:
        found = form.parse(player, args)
        if found is not None:
            return found
    if not args:
        card_text, _, tray = parts[1].partition("@")
        t = int(tray) if tray.isdigit() else 0
        if tray and not (tray.isdigit() and t < TRAYS):
            raise ValueError(f"not a tray in {text!r}")
        return PLAY_AT[player][t][Card.parse(card_text)]
    raise ValueError(f"not an action: {text!r}")


def _simple(table: Sequence[Action]) -> Callable[[int, list[str]], Action | None]:
    """The parser of a form with no arguments: the shared action of the player."""

    def parse(player: int, args: list[str]) -> Action | None:
        return None if args else table[player]

    return parse


def _one(read: Callable[[int, str], Action | None]) -> Callable[[int, list[str]], Action | None]:
    """The parser of a form with one argument."""

    def parse(player: int, args: list[str]) -> Action | None:
        return read(player, args[0]) if len(args) == 1 else None

    return parse


def _give(player: int, arg: str) -> GiveAway:
    shares = [] if arg == "-" else [item.split(":") for item in arg.split(",")]
    return GiveAway(player, tuple((_player(t), int(n)) for t, n in shares))


def _tray(player: int, arg: str) -> PickTray | None:
    return PICK_TRAY[player][int(arg)] if arg.isdigit() and int(arg) < TRAYS else None


for _kind, _verb, _table in ((Draw, "draw", DRAW), (Pass, "pass", PASS),
                             (Challenge, "challenge", CHALLENGE), (Accept, "accept", ACCEPT),
                             (CallUno, "uno", CALL_UNO), (PressLauncher, "press", PRESS),
                             (TimeUp, "timeup", TIME_UP), (NicknameGiven, "nickname", NICKNAME)):
    add_action(_kind, _verb, _simple(_table))
add_action(ChooseColour, "colour", _one(lambda p, a: CHOOSE[p][Colour.parse(a)]),
           lambda a: a.colour.letter)
add_action(Catch, "catch", _one(lambda p, a: CATCH[p][_player(a)]), lambda a: str(a.target))
add_action(PickPlayer, "pick", _one(lambda p, a: PICK[p][_player(a)]), lambda a: str(a.target))
add_action(PickTray, "tray", _one(_tray), lambda a: str(a.tray))
add_action(SwapWith, "swap", _one(lambda p, a: SWAP[p][_player(a)]), lambda a: str(a.target))
add_action(Pair, "pair", _one(lambda p, a: Pair(p, Card.parse(a))), lambda a: str(a.card))
add_action(Discard, "discard", _one(lambda p, a: Discard(p, Card.parse(a))),
           lambda a: str(a.card))
add_action(GiveAway, "give", _one(_give),
           lambda a: ",".join(f"{t}:{n}" for t, n in a.shares) or "-")
add_action(RaceFinished, "race",
           _one(lambda p, a: RaceFinished(p, tuple(_player(x) for x in a.split(",")))),
           lambda a: ",".join(map(str, a.order)))
#: The engine's own action types (an edition's may be taken out again).
_ENGINE_ACTIONS: Final = frozenset(ACTION_TYPES)
