"""How the house rules' decisions and actions read as choices (stack, swap hands).

The choice description (:mod:`game.play.choices`) knows the official game's; each edition's
device decisions (pick a victim, press a tray, share a penalty, race …) are declared in its
own voice module (``game/editions/<name>/voice.py``); the house rules' here, once, as data: a
widget kind, a label key with its parameters, the rule clause. The table, the narration and
the phone page render them without naming any of them. Imported by
:mod:`game.play.choices` so that a description is complete wherever it is made.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.i18n import N_
from game.play.specs import (
    ActionSpec,
    DecisionSpec,
    Param,
    register_action,
    register_decision,
)
from game.rules import actions as A
from game.rules.decisions import Decision
from game.rules.view import PlayerView


def _stack_params(view: PlayerView) -> Mapping[str, Param]:
    return {"card": str(view.top)} if view.discard else {}


def _register() -> None:
    D = Decision
    # House rules: stacking (H-1), Seven-O (H-2).
    register_decision(D.STACK, DecisionSpec(
        "stack", N_("Stack a card of the same kind on {card}, or take the cards?"), "H-1",
        _stack_params, relabel={"accept": N_("Take the cards")}, hand=True))
    register_decision(D.SWAP, DecisionSpec("swap", N_("Swap hands with whom?"), "H-2"))
    register_action(A.SwapWith, ActionSpec(
        "player", N_("Swap hands with {player}"), lambda a: f"swap:{a.target}",
        lambda a: {"player": a.target}))


_register()
