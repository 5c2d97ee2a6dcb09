"""The table's flow between events and decisions: when to stop presenting for a dialog,
and which dialog (or pass-the-device screen) a person's decision needs.

The decision is read from the person's choice description (:mod:`game.play.choices`): a
choice answered from the hand (the turn, the drawn card, a stack) stays on the table;
any other opens the dialog that renders it (:func:`game.ui.table.offer.dialog_for`).
Kept apart from the scene so the scene stays about time, input and drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import events as E
from game.rules.ruleset import MatchKind
from game.ui.table.dialogs import RevealScene
from game.ui.table.hotseat import PassDeviceScene
from game.ui.table.match_end import MatchEndScene
from game.ui.table.offer import asks, dialog_for
from game.ui.table.phones import on_phone
from game.ui.table.results import HandEndScene

if TYPE_CHECKING:
    from game.ui.table.host import TableFace


def pause_for(t: TableFace, event: E.Event) -> bool:
    """Stop presenting at ``event`` for a dialog: the hand's scores, the match's end, or
    the challenged hand shown to the person who challenged (C-8). ``True`` if paused."""
    if isinstance(event, E.HandEnded):
        if t.session.ruleset.match is MatchKind.SINGLE_HAND:
            return False  # the match end shows the scores
        t.app.push(HandEndScene(t.app, t, event))
        return True
    if isinstance(event, E.MatchEnded):
        t.app.push(MatchEndScene(t.app, t, event))
        return True
    if isinstance(event, E.ChallengeResolved) and event.challenger == t.viewer \
            and event.hand and t.session.is_human(event.challenger):
        t.app.push(RevealScene(t.app, t, event))
        return True
    return False


def advance(t: TableFace) -> None:
    """What the person at the screen must do next, if anything: pass the device, or a
    dialog for the choice they owe (a device layer's own for an official decision first,
    then the one for its options)."""
    s = t.session
    if s.over:
        return
    p = s.to_act
    if not s.is_human(p):
        return
    if on_phone(s, p):  # played on the phone: the hand at the screen hides meanwhile
        if t.viewer is not None and len(s.humans) > 1:
            t.set_viewer(None)
        return
    if p != t.viewer:
        if len(s.humans) == 1:
            t.set_viewer(p)
        elif t.passing_to != p:
            t.passing_to = p
            t.app.push(PassDeviceScene(t.app, t, p))
        return
    choice = t.input.choices().main()
    if choice is None or not asks(choice):
        return  # nothing owed, or answered on the table (the hand and the draw pile)
    key = (s.version, choice.id)
    if t.asked == key:
        return
    t.asked = key
    t.app.push(dialog_for(t, choice))  # a layer's own (the guide's colour), else the table's
