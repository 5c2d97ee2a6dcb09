"""The pure UNO engine: cards, rulesets, actions, events, the game and its views.

Imports only the standard library (no pygame, no gettext, no files, no clock); a test
checks this. :data:`COMPILED` says whether this process runs the mypyc build of it
(``make native``; ``game.ENGINE`` says why or why not).
"""

from typing import Final

from game.rules.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    Pass,
    Play,
    action_text,
    parse_action,
)
from game.rules.cards import Card, Colour, Rank
from game.rules.editions import new_game
from game.rules.engine import Decision, Game
from game.rules.errors import IllegalAction
from game.rules.ruleset import (
    EDITIONS,
    FirstCard,
    MatchKind,
    Ruleset,
    edition,
    option_attribute,
)

# Older code reads an edition's own option as an attribute (``rs.chattiness``): see
# option_attribute. Typed code reads ``rs.opt(...)``, so the type checker is not told.
setattr(Ruleset, "__getattr__", lambda self, name: option_attribute(self, name))  # noqa: B010

#: True when the engine's modules are the compiled (mypyc) build, not the source.
COMPILED: Final = type(Game.legal_actions).__name__ != "function"

__all__ = [
    "COMPILED",
    "EDITIONS",
    "Accept",
    "Action",
    "CallUno",
    "Card",
    "Catch",
    "Challenge",
    "ChooseColour",
    "Colour",
    "Decision",
    "Draw",
    "FirstCard",
    "Game",
    "IllegalAction",
    "MatchKind",
    "Pass",
    "Play",
    "Rank",
    "Ruleset",
    "action_text",
    "edition",
    "new_game",
    "parse_action",
]
