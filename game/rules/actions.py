"""Actions: frozen values that name the player who takes them.

Every decision a player makes, in turn or out of turn, is one of these, so a game is
fully described by ``(ruleset, seed, actions)``. Each action has a short text form
(``"2 R5"``, ``"0 draw"``, ``"1 colour G"``, ``"3 catch 0"``) used by saves, position
files and bug reports; :func:`parse_action` inverts :func:`action_text`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.rules.cards import CARDS, Card, Colour

MAX_PLAYERS: Final = 10


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand onto the discard pile (C-5)."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the pile instead of playing (C-9, C-10)."""

    player: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card just drawn and end the turn (C-9)."""

    player: int


@dataclass(frozen=True, slots=True)
class ChooseColour:
    """Name the colour after a wild (C-6, C-7, C-4)."""

    player: int
    colour: Colour


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


Action = Play | Draw | Pass | ChooseColour | Challenge | Accept | CallUno | Catch

# Interned actions: the engine hands out these shared objects instead of building new
# ones on every call, which keeps ``legal_actions()`` allocation-free.
PLAY: Final = tuple(tuple(Play(p, c) for c in CARDS) for p in range(MAX_PLAYERS))
DRAW: Final = tuple(Draw(p) for p in range(MAX_PLAYERS))
PASS: Final = tuple(Pass(p) for p in range(MAX_PLAYERS))
CHOOSE: Final = tuple(tuple(ChooseColour(p, c) for c in Colour) for p in range(MAX_PLAYERS))
CHALLENGE: Final = tuple(Challenge(p) for p in range(MAX_PLAYERS))
ACCEPT: Final = tuple(Accept(p) for p in range(MAX_PLAYERS))
CALL_UNO: Final = tuple(CallUno(p) for p in range(MAX_PLAYERS))
CATCH: Final = tuple(tuple(Catch(p, t) for t in range(MAX_PLAYERS)) for p in range(MAX_PLAYERS))

_SIMPLE: Final[dict[str, tuple[type, tuple[Action, ...]]]] = {
    "draw": (Draw, DRAW),
    "pass": (Pass, PASS),
    "challenge": (Challenge, CHALLENGE),
    "accept": (Accept, ACCEPT),
    "uno": (CallUno, CALL_UNO),
}
_VERB: Final = {cls: verb for verb, (cls, _) in _SIMPLE.items()}


def action_text(action: Action) -> str:
    """Short text form: ``"2 R5"``, ``"0 draw"``, ``"1 colour G"``, ``"3 catch 0"``."""
    if isinstance(action, Play):
        return f"{action.player} {action.card}"
    if isinstance(action, ChooseColour):
        return f"{action.player} colour {action.colour.letter}"
    if isinstance(action, Catch):
        return f"{action.player} catch {action.target}"
    return f"{action.player} {_VERB[type(action)]}"


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
    if verb == "catch" and len(args) == 1 and args[0].isdigit():
        target = int(args[0])
        if not 0 <= target < MAX_PLAYERS:
            raise ValueError(f"no such player in {text!r}")
        return CATCH[player][target]
    if not args:
        return PLAY[player][Card.parse(parts[1])]
    raise ValueError(f"not an action: {text!r}")
