"""Engine events → phrases a player hears, in every narration setting.

The engine emits events with parameters, never sentences (DESIGN.md). This module is the one
table (:data:`game.voice.voicings.VOICINGS`) from an event class name to a small builder
returning a :class:`~game.voice.utterance.Phrase`; voicing a new event is one more
``@voices("EventName")`` entry. The official game's events are voiced here, with those several
editions share (cards discarded, a player picked, hands swapped, who starts); each edition's
own in its voice module (``game/editions/<name>/voice.py``, loaded by
:mod:`game.voice.editions`) and the house rules' in :mod:`game.voice.phrases_house`; this
module imports both, so the table it reads is whole.

Narration settings: ``off`` (silent), ``announcements`` (Roboto and the key moments: UNO, a
challenge, who wins: phrases of priority ANNOUNCEMENT or URGENT) and ``full`` (play-by-play as
well, priority NARRATION, so a person who cannot see the screen can play).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

import game.voice.editions  # noqa: F401  (each edition's voice module: its events)
from game.i18n import N_, N_plural
from game.rules import events as ev
from game.voice import phrases_house  # noqa: F401  (registers the house rules' events)
from game.voice.card_names import card_phrase, colour_chosen_phrase
from game.voice.utterance import ListOf, Phrase, Priority, Seat
from game.voice.voicings import VOICINGS, voices

__all__ = [
    "VOICINGS",
    "Narration",
    "phrase_for",
    "phrases_for",
    "voices",
]

_NARRATE = Priority.NARRATION
_URGENT = Priority.URGENT


class Narration(Enum):
    """The narration setting."""

    OFF = "off"
    ANNOUNCEMENTS = "announcements"
    FULL = "full"


def phrase_for(event: object, narration: Narration) -> Phrase | None:
    """The phrase to say for ``event`` under ``narration``, or ``None`` to stay quiet."""
    build = VOICINGS.get(type(event).__name__)
    if build is None or narration is Narration.OFF:
        return None
    phrase = build(event)
    if phrase is None or (narration is Narration.ANNOUNCEMENTS
                          and phrase.priority is Priority.NARRATION):
        return None
    return phrase


def phrases_for(events: Iterable[object], narration: Narration) -> list[Phrase]:
    """The phrases for a batch of events (what one ``Game.apply`` returned), in order."""
    return [p for p in (phrase_for(e, narration) for e in events) if p is not None]


# --------------------------------------------------------------------------- key announcements

@voices("MatchStarted")
def _match_started(e: ev.MatchStarted) -> Phrase:
    return Phrase.of(N_("A new match begins with {count} players."), count=e.players)


@voices("DealerChosen")
def _dealer_chosen(e: ev.DealerChosen) -> Phrase:
    return Phrase.of(N_("{player} deals."), player=Seat(e.dealer))


@voices("HandStarted")
def _hand_started(e: ev.HandStarted) -> Phrase:
    return Phrase.of(N_("Hand {number}!"), number=e.hand_no)


@voices("UnoCalled")
def _uno_called(e: ev.UnoCalled) -> Phrase:
    return Phrase.of(N_("{player}: UNO!"), _URGENT, player=Seat(e.player))


@voices("UnoCaught")
def _uno_caught(e: ev.UnoCaught) -> Phrase:
    return Phrase.of(N_("Counter-UNO! {catcher} catches {target}."), _URGENT,
                     catcher=Seat(e.catcher), target=Seat(e.target))


@voices("ChallengeResolved")
def _challenge_resolved(e: ev.ChallengeResolved) -> Phrase:
    if e.guilty:
        msgid = N_("{challenger} challenges: {challenged} was bluffing!")
    else:
        msgid = N_("{challenger} challenges, but {challenged} was not bluffing.")
    return Phrase.of(msgid, challenger=Seat(e.challenger), challenged=Seat(e.challenged))


@voices("HandEnded")
def _hand_ended(e: ev.HandEnded) -> Phrase:
    if e.blocked:
        ids = N_plural("The hand is blocked: {player} wins it and scores {points} point.",
                       "The hand is blocked: {player} wins it and scores {points} points.")
    else:
        ids = N_plural("{player} wins the hand and scores {points} point.",
                       "{player} wins the hand and scores {points} points.")
    return Phrase.counted(ids, e.points, player=Seat(e.winner), points=e.points)


@voices("PlayerEliminated")
def _player_eliminated(e: ev.PlayerEliminated) -> Phrase:
    return Phrase.of(N_("{player} is eliminated."), player=Seat(e.player))


@voices("MatchEnded")
def _match_ended(e: ev.MatchEnded) -> Phrase:
    if len(e.winners) == 1:
        return Phrase.of(N_("{player} wins the match!"), player=Seat(e.winners[0]))
    winners = ListOf(tuple(Seat(w) for w in e.winners))
    return Phrase.of(N_("{players} share the win!"), players=winners)


# --------------------------------------------------------------------------- play-by-play

@voices("FirstCard")
def _first_card(e: ev.FirstCard) -> Phrase:
    return Phrase.of(N_("The first card is {card}."), _NARRATE, card=card_phrase(e.card))


@voices("TurnStarted")
def _turn_started(e: ev.TurnStarted) -> Phrase:
    return Phrase.of(N_("{player}, your turn."), _NARRATE, player=Seat(e.player))


@voices("CardPlayed")
def _card_played(e: ev.CardPlayed) -> Phrase:
    return Phrase.of(N_("{player} plays {card}."), _NARRATE,
                     player=Seat(e.player), card=card_phrase(e.card))


@voices("ColourChosen")
def _colour_chosen(e: ev.ColourChosen) -> Phrase:
    return Phrase.of(colour_chosen_phrase(e.colour), _NARRATE, player=Seat(e.player))


#: Why cards were drawn → what is said (``{player}``, ``{count}``).
_DRAWN: dict[str, tuple[str, str]] = {
    "challenge_guilty": N_plural("Caught bluffing! {player} draws {count} card.",
                                 "Caught bluffing! {player} draws {count} cards."),
    "challenge_innocent": N_plural("Wrong challenge! {player} draws {count} card.",
                                   "Wrong challenge! {player} draws {count} cards."),
    "uno_penalty": N_plural("UNO forgotten! {player} draws {count} card.",
                            "UNO forgotten! {player} draws {count} cards."),
}
_DRAWN_PLAIN = N_plural("{player} draws {count} card.", "{player} draws {count} cards.")
#: The card drawn, told when the event shows it: only to the player at the screen (the
#: others' draws come redacted), who must know it to play it or keep it by ear.
_DRAWN_SEEN = N_("{player} draws {card}.")


@voices("CardsDrawn")
def _cards_drawn(e: ev.CardsDrawn) -> Phrase:
    if e.count == 0:
        return Phrase.of(N_("{player} cannot draw: the draw pile is empty."), _NARRATE,
                         player=Seat(e.player))
    if e.count == 1 and len(e.cards) == 1 and e.reason not in _DRAWN:
        return Phrase.of(_DRAWN_SEEN, _NARRATE, player=Seat(e.player),
                         card=card_phrase(e.cards[0]))
    return Phrase.counted(_DRAWN.get(e.reason, _DRAWN_PLAIN), e.count, _NARRATE,
                          player=Seat(e.player), count=e.count)


@voices("TurnSkipped")
def _turn_skipped(e: ev.TurnSkipped) -> Phrase:
    return Phrase.of(N_("{player} misses a turn."), _NARRATE, player=Seat(e.player))


@voices("DirectionChanged")
def _direction_changed(e: ev.DirectionChanged) -> Phrase:
    if e.clockwise:
        return Phrase.of(N_("Play goes clockwise."), _NARRATE)
    return Phrase.of(N_("Play goes counter-clockwise."), _NARRATE)


@voices("DrawnCardKept")
def _drawn_card_kept(e: ev.DrawnCardKept) -> Phrase:
    return Phrase.of(N_("{player} keeps the card."), _NARRATE, player=Seat(e.player))


@voices("CatchMissed")
def _catch_missed(e: ev.CatchMissed) -> Phrase:
    return Phrase.of(N_("No penalty: {target} is safe."), _NARRATE, target=Seat(e.target))


@voices("Reshuffled")
def _reshuffled(e: ev.Reshuffled) -> Phrase:
    return Phrase.of(N_("The discard pile is shuffled into a new draw pile."), _NARRATE)


# --------------------------------------------------------------------------- shared by editions


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
