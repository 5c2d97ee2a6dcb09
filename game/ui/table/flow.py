"""The table's flow between events and decisions: when to stop presenting for a dialog,
and which dialog (or pass-the-device screen) a person's decision needs.

Kept apart from the scene so the scene stays about time, input and drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import actions as A
from game.rules import events as E
from game.rules.engine import Decision
from game.rules.ruleset import MatchKind
from game.ui.table.chooser import ChooserScene
from game.ui.table.dialogs import ChallengeScene, ColourScene, RevealScene, SwapScene
from game.ui.table.hotseat import PassDeviceScene
from game.ui.table.match_end import MatchEndScene
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
    dialog for a decision (an edition's own first, the core's, or the chooser)."""
    s = t.session
    if s.over:
        return
    p = s.to_act
    if not s.is_human(p):
        return
    if p != t.viewer:
        if len(s.humans) == 1:
            t.set_viewer(p)
        elif t.passing_to != p:
            t.passing_to = p
            t.app.push(PassDeviceScene(t.app, t, p))
        return
    decision = s.view(p).decision
    key = (s.version, decision)
    if t.asked == key or decision in (Decision.TURN, Decision.DRAWN, Decision.OVER,
                                      Decision.STACK):  # H-1: answered on the table
        return
    t.asked = key
    for dev in t.devices:  # an edition's own dialog comes first
        scene = dev.decision_scene(decision)
        if scene is not None:
            t.app.push(scene)
            return
    if decision is Decision.COLOUR:
        t.app.push(ColourScene(t.app, t))
    elif decision is Decision.CHALLENGE:
        t.app.push(ChallengeScene(t.app, t))
    elif decision is Decision.SWAP:
        t.app.push(SwapScene(t.app, t))
    else:
        own = [a for a in t.session.legal(p) if not isinstance(a, A.CallUno | A.Catch)]
        t.app.push(ChooserScene(t.app, t, own))
