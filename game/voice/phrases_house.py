"""Phrases for the house rules' events (RULES.md H-1 … H-3): a stack's total, hands
passed on by a 0, a jump-in. A 7's swap is voiced by ``HandsSwapped`` (shared with Attack).
And the table's opening line naming tonight's house rules (H-1 … H-7, from
:mod:`game.setup.house_rules`): "House rules tonight: stacking and Seven-O."

Registered in :data:`game.voice.voicings.VOICINGS`; :mod:`game.voice.phrases` imports this
module, so its table holds them.
"""

from __future__ import annotations

from game.i18n import N_, N_plural
from game.rules import events as ev
from game.setup.house_rules import TONIGHT, HouseRulesTonight, face
from game.voice.card_names import card_phrase
from game.voice.utterance import ListOf, Phrase, Priority, Seat
from game.voice.voicings import voices

_NARRATE = Priority.NARRATION


@voices("Stacked")
def _stacked(e: ev.Stacked) -> Phrase:
    return Phrase.counted(N_plural("Stack: {count} card to take!",
                                   "Stack: {count} cards to take!"),
                          e.total, count=e.total)  # an announcement: all react


@voices("HandsPassed")
def _hands_passed(e: ev.HandsPassed) -> Phrase:
    return Phrase.of(N_("Zero! Every hand passes on."), _NARRATE)


@voices("JumpedIn")
def _jumped_in(e: ev.JumpedIn) -> Phrase:
    return Phrase.of(N_("{player} jumps in with {card}!"), player=Seat(e.player),
                     card=card_phrase(e.card))


@voices("HouseRulesTonight")
def _house_rules_tonight(e: HouseRulesTonight) -> Phrase:
    names = tuple(Phrase.of(face(r).spoken) for r in e.rules)
    return Phrase.of(TONIGHT, rules=ListOf(names))  # an announcement: heard by everyone
