"""How the editions' and the house rules' decisions and actions read as choices.

The choice description (:mod:`game.play.choices`) knows the official game's; each edition's
device decisions (pick a victim, press a tray, share a penalty, race …) and the house rules'
(stack, swap hands) are declared here, once, as data: a widget kind, a label key with its
parameters, the rule clause. The table, the narration and the phone page render them
without naming any of them. Imported by :mod:`game.play` so that a description is complete
wherever it is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n import N_
from game.play.choices import (
    ActionSpec,
    ClockSpec,
    DecisionSpec,
    Param,
    register_action,
    register_clock,
    register_decision,
)
from game.rules import actions as A
from game.rules.decisions import Decision
from game.rules.units import LauncherView, TraysView
from game.rules.view import PlayerView


def _card(a: Any) -> Mapping[str, Param]:
    return {"card": str(a.card)}


def _stack_params(view: PlayerView) -> Mapping[str, Param]:
    return {"card": str(view.top)} if view.discard else {}


#: A-6, A-8: what the launcher turns to a player for, by ``LauncherView.picking``.
_PICKING = {
    "attack": N_("Wild Attack-Attack: who gets two presses?"),
    "first_attack": N_("Wild Attack-Attack: who gets two presses?"),
    "swap_hands": N_("Swap hands with whom?"),
}


def _pick_label(view: PlayerView) -> str:
    unit = view.unit
    picking = unit.picking if isinstance(unit, LauncherView) else ""
    return _PICKING.get(picking, N_("Who presses the launcher twice?"))


def _timer_seconds(view: PlayerView) -> float | None:
    """T-12: the turn timer's seconds, when the timer mode is on."""
    unit = view.unit
    timer = unit.timer if isinstance(unit, TraysView) else None
    return None if timer is None else float(timer.seconds)


def _register() -> None:
    D = Decision
    # Attack and the launcher.
    register_decision(D.PICK_PLAYER, DecisionSpec("pick_player", N_("Choose a player."), "A-6",
                                                  label_of=_pick_label))
    register_action(A.PickPlayer, ActionSpec(
        "player", N_("Choose {player}"), lambda a: f"pick:{a.target}",
        lambda a: {"player": a.target}))
    register_action(A.PressLauncher, ActionSpec("button", N_("Press the launcher"),
                                                lambda a: "launcher"))
    # Triple Play (T-4, T-8, T-10).
    register_decision(D.PRESS_TRAY, DecisionSpec("press_tray", N_("Press a lit tray."), "T-4"))
    for timed in (D.TURN, D.DRAWN, D.PRESS_TRAY):  # T-12: the turn timer, in timer mode
        register_clock(timed, ClockSpec(_timer_seconds, A.TimeUp))
    register_action(A.PickTray, ActionSpec(
        "tray", N_("Press tray {tray}"), lambda a: f"tray:{a.tray}",
        lambda a: {"tray": a.tray}))
    register_decision(D.PAIR, DecisionSpec(
        "pair", N_("Add a card of the same colour to the Discard Two, or play it alone?"),
        "T-8", relabel={"keep": N_("Play the Discard Two alone")}))
    register_action(A.Pair, ActionSpec("card", N_("Add {card}"), lambda a: f"pair:{a.card}",
                                       _card))
    register_decision(D.GIVE, DecisionSpec("give", N_("Share the penalty cards."), "T-10"))
    register_action(A.GiveAway, ActionSpec(
        "shares", N_("Give: {shares}"),
        lambda a: "give:" + (",".join(f"{t}x{n}" for t, n in a.shares) or "-"),
        lambda a: {"shares": tuple((t, n) for t, n in a.shares)}))
    # Roboto.
    register_decision(D.DISCARD, DecisionSpec(
        "discard", N_("Put down the commanded cards, one at a time."), "R-7"))
    register_action(A.Discard, ActionSpec("card", N_("Put down {card}"),
                                          lambda a: f"discard:{a.card}", _card))
    register_decision(D.NICKNAME, DecisionSpec("nickname", N_("Give the nickname."), "R-6"))
    register_action(A.NicknameGiven, ActionSpec("button", N_("The nickname is given"),
                                                lambda a: "nickname"))
    register_decision(D.RACE, DecisionSpec("race", N_("Who finished the race first?"), "R-10"))
    register_action(A.RaceFinished, ActionSpec(
        "order", N_("Finishing order: {order}"),
        lambda a: "race:" + ",".join(map(str, a.order)), lambda a: {"order": tuple(a.order)}))
    # House rules: stacking (H-1), Seven-O (H-2).
    register_decision(D.STACK, DecisionSpec(
        "stack", N_("Stack a card of the same kind on {card}, or take the cards?"), "H-1",
        _stack_params, relabel={"accept": N_("Take the cards")}, hand=True))
    register_decision(D.SWAP, DecisionSpec("swap", N_("Swap hands with whom?"), "H-2"))
    register_action(A.SwapWith, ActionSpec(
        "player", N_("Swap hands with {player}"), lambda a: f"swap:{a.target}",
        lambda a: {"player": a.target}))


_register()
