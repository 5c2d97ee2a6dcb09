"""UNO Triple Play's voice: its phrases (the trays' lights, an overload, a shared penalty,
the turn timer), its log lines and how its decisions read as choices.

Registers with :data:`game.voice.voicings.VOICINGS`, :data:`game.voice.log_lines.LINES` and
:mod:`game.play.specs`; :mod:`game.voice.editions` imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n import N_, N_plural, _
from game.play.specs import (
    ActionSpec,
    ClockSpec,
    DecisionSpec,
    Param,
    register_action,
    register_clock,
    register_decision,
)
from game.rules import actions as A
from game.rules import events as E
from game.rules import events as ev
from game.rules.decisions import Decision
from game.rules.units import TraysView
from game.rules.view import PlayerView
from game.voice.log_lines import DISCARD_REASONS, DRAW_REASONS, Teller, logs
from game.voice.utterance import ListOf, Phrase, Priority, Seat
from game.voice.voicings import voices

_NARRATE = Priority.NARRATION


# --------------------------------------------------------------------------- phrases

@voices("TraysLit")
def _trays_lit(e: ev.TraysLit) -> Phrase:
    trays = ListOf(tuple(t + 1 for t in e.lit))
    return Phrase.counted(N_plural("Open tray: {trays}.", "Open trays: {trays}."),
                          len(e.lit), _NARRATE, trays=trays)


@voices("TrayPressed")
def _tray_pressed(e: ev.TrayPressed) -> Phrase | None:
    tray = e.tray + 1
    if e.overload:
        return Phrase.of(N_("Overload on tray {tray}!"), Priority.ANNOUNCEMENT, tray=tray)
    if e.cleared:
        return Phrase.of(N_("Tray {tray} is back to green."), _NARRATE, tray=tray)
    if e.light == "yellow":
        return Phrase.of(N_("Tray {tray}: yellow light."), _NARRATE, tray=tray)
    if e.light == "red":
        return Phrase.of(N_("Tray {tray}: red light, one press left!"), _NARRATE, tray=tray)
    return None


@voices("PenaltyShared")
def _penalty_shared(e: ev.PenaltyShared) -> Phrase:
    return Phrase.of(N_("{player} shares out the penalty cards."), _NARRATE,
                     player=Seat(e.player))


@voices("TimeRanOut")
def _time_ran_out(e: ev.TimeRanOut) -> Phrase:
    return Phrase.of(N_("Time is up, {player}!"), player=Seat(e.player))


# --------------------------------------------------------------------------- log lines

DRAW_REASONS["overload"] = N_("{player} draws the overload penalty: {cards}.")
DRAW_REASONS["give_away"] = N_("{player} receives penalty cards: {cards}.")
DRAW_REASONS["time_up"] = N_("{player} ran out of time and draws: {cards}.")
DISCARD_REASONS["pair"] = N_("{player} pairs the Discard Two with {cards}.")

LIGHT_NAMES = {"green": N_("green"), "yellow": N_("yellow"), "red": N_("red")}


@logs(E.TraysLit)
def _lit_line(n: Teller, e: E.TraysLit) -> str:
    trays = ", ".join(str(t + 1) for t in e.lit)
    return _("Open trays for {player}: {trays}.").format(
        player=n.name(e.player), trays=trays
    )


@logs(E.TrayPressed)
def _tray_line(n: Teller, e: E.TrayPressed) -> str:
    if e.cleared:
        return _("Tray {tray} is cleared: its light is green again.").format(tray=e.tray + 1)
    if e.overload:
        return _("Tray {tray} overloads! The unit shows {number}.").format(
            tray=e.tray + 1, number=e.overload
        )
    return _("Tray {tray} is pressed; its light is {light}.").format(
        tray=e.tray + 1, light=_(LIGHT_NAMES[e.light])
    )


@logs(E.PenaltyShared)
def _shared_line(n: Teller, e: E.PenaltyShared) -> str:
    shares = ", ".join(f"{n.name(q)} {count}" for q, count in e.shares)
    return _("{player} shares out the penalty: {shares}.").format(
        player=n.name(e.player), shares=shares
    )


@logs(E.TimeRanOut)
def _time_up_line(n: Teller, e: E.TimeRanOut) -> str:
    return _("Time is up for {player}!").format(player=n.name(e.player))


# --------------------------------------------------------------------------- choices


def _card(a: Any) -> Mapping[str, Param]:
    return {"card": str(a.card)}


def _timer_seconds(view: PlayerView) -> float | None:
    """T-12: the turn timer's seconds, when the timer mode is on."""
    unit = view.unit
    timer = unit.timer if isinstance(unit, TraysView) else None
    return None if timer is None else float(timer.seconds)


def _register_choices() -> None:
    D = Decision
    # T-4, T-8, T-10; T-12: the turn timer, in timer mode.
    register_decision(D.PRESS_TRAY, DecisionSpec("press_tray", N_("Press a lit tray."), "T-4"))
    for timed in (D.TURN, D.DRAWN, D.PRESS_TRAY):
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


_register_choices()
