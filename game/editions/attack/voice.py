"""UNO Attack's voice: its phrases (the launcher, A-6's press for the victim, the Wild
Customizable's rules), its log lines and how its decisions read as choices.

Registers with :data:`game.voice.voicings.VOICINGS`, :data:`game.voice.log_lines.LINES` and
:mod:`game.play.specs`; :mod:`game.voice.editions` imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.i18n import N_, N_plural, _, ngettext
from game.play.specs import ActionSpec, DecisionSpec, register_action, register_decision
from game.rules import actions as A
from game.rules import events as E
from game.rules import events as ev
from game.rules.decisions import Decision
from game.rules.units import LauncherView
from game.rules.view import PlayerView
from game.voice.log_lines import DISCARD_REASONS, Teller, cards_text, logs
from game.voice.utterance import Phrase, Priority, Seat
from game.voice.voicings import voices

_NARRATE = Priority.NARRATION


# --------------------------------------------------------------------------- phrases

@voices("LauncherPressed")
def _launcher_pressed(e: ev.LauncherPressed) -> Phrase:
    if e.count == 0:
        return Phrase.of(N_("{player} presses the launcher: nothing."), _NARRATE,
                         player=Seat(e.player))
    return Phrase.counted(N_plural("The launcher fires {count} card at {player}!",
                                   "The launcher fires {count} cards at {player}!"),
                          e.count, Priority.ANNOUNCEMENT, player=Seat(e.player), count=e.count)


@dataclass(frozen=True, slots=True)
class PressedFor:
    """Not an engine event: A-6's press as the table shows it, made by ``presser`` (who
    played the Wild Attack-Attack) for the victim, ``press.player``, who keeps what fires.
    Voiced (its phrase) and logged (:class:`game.voice.narrate.Narrator`) naming both."""

    presser: int
    press: ev.LauncherPressed


@voices("PressedFor")
def _pressed_for(e: PressedFor) -> Phrase:
    p = e.press
    if p.count == 0:
        return Phrase.of(N_("{player} presses the launcher for {target}: nothing."), _NARRATE,
                         player=Seat(e.presser), target=Seat(p.player))
    return Phrase.counted(N_plural("{player} presses the launcher for {target}: it fires "
                                   "{count} card!",
                                   "{player} presses the launcher for {target}: it fires "
                                   "{count} cards!"),
                          p.count, Priority.ANNOUNCEMENT, player=Seat(e.presser),
                          target=Seat(p.player), count=p.count)


#: A-8: each coded rule of the Wild Customizable, announced when it is played.
_CUSTOM_EFFECTS: Mapping[str, str] = {
    "everyone_presses": N_("Everyone else presses the launcher once!"),
    "swap_hands": N_("{player} swaps hands with another player!"),
    "chosen_presses_twice": N_("{player} picks a player to press the launcher twice!"),
    "skip_everyone": N_("Everyone is skipped: {player} plays again!"),
    "plain": N_("This Wild has no extra rule."),
}


@voices("CustomEffect")
def _custom_effect(e: ev.CustomEffect) -> Phrase | None:
    msgid = _CUSTOM_EFFECTS.get(e.effect)
    return None if msgid is None else Phrase.of(msgid, player=Seat(e.player))


# --------------------------------------------------------------------------- log lines

DISCARD_REASONS["discard_all"] = N_("{player} discards the rest of the colour: {cards}.")

CUSTOM_EFFECT_NAMES = {
    "everyone_presses": N_("everyone else presses the launcher once"),
    "swap_hands": N_("swap hands with a player of your choice"),
    "chosen_presses_twice": N_("a player of your choice presses twice"),
    "skip_everyone": N_("skip everyone and play again"),
    "plain": N_("a plain wild"),
}


@logs(E.LauncherPressed)
def _pressed_line(n: Teller, e: E.LauncherPressed) -> str:
    if e.reason == "attack_attack" and e.player in n.picked_by:  # pressed for them
        return _pressed_for_line(n, PressedFor(n.picked_by[e.player], e))
    who = n.name(e.player)
    if e.count == 0:
        return _("{player} presses the launcher… nothing.").format(player=who)
    if not e.fired:
        return ngettext(
            "{player} presses the launcher: it fires {count} card!",
            "{player} presses the launcher: it fires {count} cards!",
            e.count,
        ).format(player=who, count=e.count)
    return _("{player} presses the launcher: it fires {cards}!").format(
        player=who, cards=cards_text(e.fired)
    )


@logs(PressedFor)
def _pressed_for_line(n: Teller, e: PressedFor) -> str:
    """A-6: the one who played the Wild Attack-Attack presses for the victim."""
    p, who, target = e.press, n.name(e.presser), n.name(e.press.player)
    if p.count == 0:
        return _("{player} presses the launcher for {target}… nothing.").format(
            player=who, target=target)
    if not p.fired:
        return ngettext(
            "{player} presses the launcher for {target}: it fires {count} card!",
            "{player} presses the launcher for {target}: it fires {count} cards!",
            p.count,
        ).format(player=who, target=target, count=p.count)
    return _("{player} presses the launcher for {target}: it fires {cards}!").format(
        player=who, target=target, cards=cards_text(p.fired))


@logs(E.CustomEffect)
def _custom_line(n: Teller, e: E.CustomEffect) -> str:
    return _("{player}'s Wild Customizable: {effect}.").format(
        player=n.name(e.player), effect=_(CUSTOM_EFFECT_NAMES[e.effect])
    )



# --------------------------------------------------------------------------- choices

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


def _register_choices() -> None:
    D = Decision
    # the victim and the swap: the launcher.
    register_decision(D.PICK_PLAYER, DecisionSpec("pick_player", N_("Choose a player."), "A-6",
                                                  label_of=_pick_label))
    register_action(A.PickPlayer, ActionSpec(
        "player", N_("Choose {player}"), lambda a: f"pick:{a.target}",
        lambda a: {"player": a.target}))
    register_action(A.PressLauncher, ActionSpec("button", N_("Press the launcher"),
                                                lambda a: "launcher"))


_register_choices()
