"""Phrases for the editions' events: Attack's launcher, Triple Play's trays, Roboto's voice.

Registered in :data:`game.voice.phrases.VOICINGS` when :mod:`game.voice.phrases` is imported.
Roboto's own lines (R-3, R-6, R-8, R-9) are announcements; the rest is play-by-play unless it is
a moment everybody at the table reacts to (the launcher firing, a tray overloading).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.i18n import N_, N_plural
from game.rules import events as ev
from game.voice.card_names import card_phrase
from game.voice.phrases import discard_colour_command, voices
from game.voice.utterance import HouseRule, ListOf, Phrase, Priority, Seat

_NARRATE = Priority.NARRATION

# --------------------------------------------------------------------------- shared


@voices("CardsDiscarded")
def _cards_discarded(e: ev.CardsDiscarded) -> Phrase:
    if not e.cards:
        return Phrase.of(N_("{player} has no card to discard."), _NARRATE, player=Seat(e.player))
    if e.reason == "pair":  # T-8: the Discard Two's second card
        return Phrase.of(N_("{player} adds {card}."), _NARRATE, player=Seat(e.player),
                         card=card_phrase(e.cards[0]))
    return Phrase.counted(N_plural("{player} discards {count} card.",
                                   "{player} discards {count} cards."),
                          len(e.cards), _NARRATE, player=Seat(e.player), count=len(e.cards))


@voices("PlayerPicked")
def _player_picked(e: ev.PlayerPicked) -> Phrase:
    return Phrase.of(N_("{player} picks {target}."), _NARRATE,
                     player=Seat(e.player), target=Seat(e.target))


@voices("HandsSwapped")
def _hands_swapped(e: ev.HandsSwapped) -> Phrase:
    return Phrase.of(N_("{first} and {second} swap hands."), _NARRATE,
                     first=Seat(e.first), second=Seat(e.second))


@voices("FirstPlayerChosen")
def _first_player_chosen(e: ev.FirstPlayerChosen) -> Phrase:
    return Phrase.of(N_("{player} starts!"), player=Seat(e.player))


# --------------------------------------------------------------------------- Attack (A)


@voices("LauncherPressed")
def _launcher_pressed(e: ev.LauncherPressed) -> Phrase:
    if e.count == 0:
        return Phrase.of(N_("{player} presses the launcher: nothing."), _NARRATE,
                         player=Seat(e.player))
    return Phrase.counted(N_plural("The launcher fires {count} card at {player}!",
                                   "The launcher fires {count} cards at {player}!"),
                          e.count, Priority.ANNOUNCEMENT, player=Seat(e.player), count=e.count)


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


# --------------------------------------------------------------------------- Triple Play (T)


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


# --------------------------------------------------------------------------- Roboto (R)


@voices("RobotoInterrupts")
def _roboto_interrupts(e: ev.RobotoInterrupts) -> Phrase | None:
    first = Seat(e.players[0]) if e.players else None
    if e.kind == "discard_colour" and e.players and e.colour is not None:
        return discard_colour_command(e.players[0], e.colour)
    if e.kind == "nickname" and first is not None and len(e.players) > 1:
        return Phrase.of(N_("{player}, record a nickname for {other}!"),
                         player=first, other=Seat(e.players[1]))
    if e.kind == "duel" and first is not None and len(e.players) > 1:
        return Phrase.of(N_("Duel! {player} against {other}!"),
                         player=first, other=Seat(e.players[1]))
    if e.kind == "house_rule":
        return Phrase.of(N_("House rule! {rule}"), rule=HouseRule())
    return None


@voices("RaceEnded")
def _race_ended(e: ev.RaceEnded) -> Phrase:
    return Phrase.of(N_("Last place: {player}!"), player=Seat(e.loser))


@voices("RobotoNames")
def _roboto_names(e: ev.RobotoNames) -> Phrase:
    return Phrase.of(N_("{player}, your turn to play!"), player=Seat(e.player))


#: R-6c: what the two players of a duel race to do (Roboto picks one; the race dialog shows it
#: and he says it). Quick, safe at a table, and the same in every language.
DUEL_TASKS: tuple[str, ...] = (
    N_("Touch your nose!"),
    N_("Clap your hands three times!"),
    N_("Stand up and sit down again!"),
    N_("Say the name of an animal!"),
    N_("Touch your left ear with your right hand!"),
    N_("Say “beep boop” like a robot!"),
    N_("Pat your head twice!"),
    N_("Wave at every player!"),
    N_("Say a colour that is not on a card!"),
    N_("Blink three times!"),
    N_("Touch your shoulders, then your knees!"),
    N_("Say “UNO” backwards!"),
    N_("Make a dinosaur roar!"),
    N_("Name a fruit!"),
    N_("Give a thumbs up with both hands!"),
)
