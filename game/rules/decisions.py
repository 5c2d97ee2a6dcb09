"""The decisions a player can owe, and what the engine says when someone jumps one.

The engine's editions' and house rules' decisions are declared in :class:`Decision`; an
edition of its own (a plug-in) adds its decisions with :func:`add_decision`, which then
work as the others do (``Decision("aim")``, the position text, the choices' ``value``).
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from game.rules.openenum import add_member, remove_member


class Decision(Enum):
    """The kind of decision ``Game.to_act`` owes."""

    TURN = "turn"  # play a card or draw (C-5, C-9, C-10)
    COLOUR = "colour"  # name the colour after a wild (C-6, C-7)
    CHALLENGE = "challenge"  # challenge the Wild Draw Four or accept it (C-8)
    DRAWN = "drawn"  # play the card just drawn or keep it (C-9)
    PICK_PLAYER = "pick_player"  # name a victim or target
    PRESS_TRAY = "press_tray"  # press a lit tray after drawing (T-4)
    PAIR = "pair"  # add a card to a Discard Two, or not (T-8)
    GIVE = "give"  # share a Give Away penalty (T-10)
    DISCARD = "discard"  # put commanded cards down one at a time
    NICKNAME = "nickname"  # record a nickname for another player (R-6b)
    RACE = "race"  # report a duel or house-rule race (R-6c, R-9)
    STACK = "stack"  # answer a Draw Two (Hit) with another, or take the total (H-1)
    SWAP = "swap"  # name the player whose hand a 7 takes (H-2)
    OVER = "over"  # the match is over


TURN: Final = Decision.TURN
COLOUR: Final = Decision.COLOUR
CHALLENGE_D: Final = Decision.CHALLENGE
DRAWN: Final = Decision.DRAWN
OVER: Final = Decision.OVER
#: The decisions declared above (the engine's own).
_DECLARED: Final = frozenset(Decision)

#: What a player owing each decision must do first: (clause, reason) for the error.
NEEDS: Final[dict[Decision, tuple[str, str]]] = {
    Decision.COLOUR: ("C-6", "must name a colour first"),
    Decision.CHALLENGE: ("C-8", "must challenge the Wild Draw Four or accept it first"),
    Decision.DRAWN: ("C-9", "may only play the card just drawn, or keep it"),
    Decision.PICK_PLAYER: ("A-6", "must name a player first"),
    Decision.PRESS_TRAY: ("T-4", "must press a lit tray first"),
    Decision.PAIR: ("T-8", "must pair the Discard Two or play it alone first"),
    Decision.GIVE: ("T-10", "must share the penalty cards first"),
    Decision.DISCARD: ("R-7", "must put down the commanded cards first"),
    Decision.NICKNAME: ("R-6", "must give the nickname first"),
    Decision.RACE: ("R-10", "the race must finish first"),
    Decision.STACK: ("H-1", "must stack a card of the same kind or take the cards first"),
    Decision.SWAP: ("H-2", "must name the player to swap hands with first"),
    Decision.OVER: ("M-1", "the match is over"),
}


def add_decision(name: str, value: str, clause: str, needs: str) -> Decision:
    """A decision of an edition's own: its name (``Decision.AIM``), its value (``"aim"``:
    the position text's ``decision=`` and the choices' key), the clause it comes from and
    what a player owing it must do first (``"must aim the bell first"``: the refusal of
    anything else). ``ValueError`` if the name or the value is taken."""
    if not value.isidentifier() or not value.islower():
        raise ValueError(f"a decision's value is a lower-case word, not {value!r}")
    decision = add_member(Decision, name, value)
    NEEDS[decision] = (clause, needs)
    return decision


def remove_decision(decision: Decision) -> None:
    """Take out a decision :func:`add_decision` added (its edition is unregistered)."""
    if decision in _DECLARED:
        raise ValueError(f"{decision.name} is one of the engine's own decisions")
    NEEDS.pop(decision, None)
    remove_member(Decision, decision)
