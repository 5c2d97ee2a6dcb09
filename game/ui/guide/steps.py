"""The guided hand's steps: when each one comes up, what it says, what it points at and what
completes it. Pure (no pygame, no clock): the guide layer feeds it a :class:`Moment` of the
table and the person's own events, and draws what it answers.

A step is *shown* when it is the first step not done yet whose moment has come (so a person
who does a step's thing before being told, or skips one, is never stuck on it). It is done
when the person does the thing (plays, draws, names a colour, calls UNO), or skips it with
N or the guide's button; nothing advances on a timer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.i18n import N_
from game.rules import events as E
from game.rules.cards import Card
from game.rules.engine import Decision

PILE, PLAY, DRAW, PLAY_DRAWN, COLOUR, UNO, AFTER_UNO, END = (
    "pile", "play", "draw", "play_drawn", "colour", "uno", "after_uno", "end")
#: Every step, in the order they come up in the friendly deal.
ORDER = (PILE, PLAY, DRAW, PLAY_DRAWN, COLOUR, UNO, AFTER_UNO, END)

#: What each step says (spoken and written). ``{card}`` is a card's name ("a red 5").
TEXT = {
    PILE: N_("This is the discard pile: {card} is on top. On your turn, play a card of the "
             "same colour or the same number."),
    PLAY: N_("{card} in your hand matches: play it. Click it, or choose it with the arrow "
             "keys and press Enter."),
    DRAW: N_("Nothing in your hand matches {card}. Draw a card: click the draw pile, or "
             "press D."),
    PLAY_DRAWN: N_("You drew {card} and it fits. Play it: press “Play it”, or P."),
    COLOUR: N_("A Wild lets you choose the colour. Choose one you hold, so that you can play "
               "again: click it, or press R, Y, G or B."),
    UNO: N_("Only two cards left! Press UNO! before you play the next one: click the button, "
            "or press U. If you forget and someone catches you, you draw 2 cards."),
    AFTER_UNO: N_("Well called! Now play {card}."),
    END: N_("One card left. Play it on your next turn if it matches, or draw. The first "
            "player with no cards wins. The guide ends here: have fun!"),
}
#: The Wild's own line when the card drawn is a Wild.
PLAY_DRAWN_WILD = N_("You drew {card}: a Wild goes on any card. Play it: press “Play it”, "
                     "or P.")
#: Said when the person tries something else while a step waits for its move.
REFUSED = {
    PILE: N_("First play {card}: it matches. (N skips this step.)"),
    PLAY: N_("First play {card}: it matches. (N skips this step.)"),
    PLAY_DRAWN: N_("Play the card you drew: press “Play it”, or P. (N skips this step.)"),
    UNO: N_("Press UNO! first, then play. (N skips this step.)"),
    AFTER_UNO: N_("Now play {card}. (N skips this step.)"),
}
#: The guide's header over each step.
HEADER = N_("Guided hand · step {number} of {total}")
#: The button (and N) that goes on: "Got it" under an explanation, "Skip" under a move.
NEXT = N_("Got it")
SKIP = N_("Skip this step")
#: The steps that explain rather than ask for a move (N is their "got it").
EXPLAINS = frozenset({PILE, END})


@dataclass(frozen=True)
class Moment:
    """What the guide needs to know of the table, from the person's side only."""

    my_turn: bool  # the person's turn, shown (nothing animating)
    decision: Decision
    hand: tuple[Card, ...]
    playable: tuple[int, ...]  # indices of the hand's cards that may be played
    choosing_colour: bool  # the person names a colour now
    can_call_uno: bool  # the UNO! button is lit
    over: bool = False


def applies(step: str, m: Moment, called: bool) -> bool:
    """Has ``step``'s moment come? ``called``: the person called UNO themselves."""
    turn = m.my_turn and m.decision is Decision.TURN
    if m.over:
        return False
    if step == PILE:
        return turn
    if step == PLAY:
        return turn and bool(m.playable)
    if step == DRAW:
        return turn and not m.playable
    if step == PLAY_DRAWN:
        return m.my_turn and m.decision is Decision.DRAWN and bool(m.playable)
    if step == COLOUR:
        return m.choosing_colour
    if step == UNO:
        return turn and len(m.hand) == 2 and m.can_call_uno
    if step == AFTER_UNO:
        return turn and called and len(m.hand) == 2 and bool(m.playable)
    if step == END:
        return len(m.hand) == 1
    raise ValueError(f"no guide step {step!r}")


def current(m: Moment, done: frozenset[str], called: bool) -> str | None:
    """The step to show now: the first not done whose moment has come (``None``: none)."""
    return next((s for s in ORDER if s not in done and applies(s, m, called)), None)


def completed(events: Iterable[E.Event], me: int, shown: str | None) -> set[str]:
    """The steps that the person's ``events`` complete, ``shown`` being on screen then."""
    out: set[str] = set()
    for e in events:
        if isinstance(e, E.CardPlayed) and e.player == me:
            out |= {PILE, PLAY}  # a card played: they know the pile and playing
            if shown in (PLAY_DRAWN, AFTER_UNO, END):
                out.add(shown)
        elif isinstance(e, E.CardsDrawn) and e.player == me and e.reason == "turn":
            out.add(DRAW)
            if shown in (PILE, PLAY, END):
                out.add(shown)  # drawn instead: that step's moment has gone
        elif isinstance(e, E.ColourChosen) and e.player == me:
            out.add(COLOUR)
        elif isinstance(e, E.UnoCalled) and e.player == me:
            out.add(UNO)
    return out


def number(step: str) -> int:
    """The step's number for the header (1-based)."""
    return ORDER.index(step) + 1
