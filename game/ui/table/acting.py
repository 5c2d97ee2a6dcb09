"""The person at the screen acting: each of their intents offered in turn to what may take
it (the voice keys, a card dragged, an edition's device layers, the pause, the pointer
over the hand, the hand's keys, H-3's hot-seat jump-in, a move given before it is shown
as theirs), the rest turned into the engine action it asks for
(:func:`game.ui.table.controls.action_for`), and that action applied, a refusal
explained. Functions of the scene, as :mod:`game.ui.table.hand_input`'s are, so the scene
stays about time, flow and drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import actions as A
from game.rules.errors import IllegalAction
from game.ui import intents as I
from game.ui.table import hand_input
from game.ui.table.controls import REFUSALS, REFUSED, Choices, action_for

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.ui.table.scene import TableScene

#: The intents that are a move of the person whose turn it is.
TURN_INTENTS = (I.PlayCard, I.DrawCard, I.PlayDrawn, I.KeepDrawn)


def handle(t: TableScene, intent: I.Intent,
           as_any_scene: Callable[[I.Intent], None]) -> None:
    """Handle ``intent`` at the table; what the table does not take is handled
    ``as_any_scene`` (focus movement and activation, :meth:`game.ui.scene.Scene.handle`)."""
    if t.voice.handle(intent):
        return
    if hand_input.drag_card(t, intent):
        return
    if isinstance(intent, I.Release):
        return
    for dev in t.devices:
        if dev.handle(intent):
            t.refresh()
            return
    if isinstance(intent, I.Back):
        t.app.open("pause", t)
        return
    if isinstance(intent, I.Pointer):  # the card under the mouse rises, as with the keys
        as_any_scene(intent)
        if t.hover is not None and t.controls[t.hover].id.startswith("card"):
            t.focus = t.hover
            t.refresh()
        return
    if isinstance(intent, I.Navigate) and intent.dy == 0 and hand_input.in_hand(t):
        hand_input.step_hand(t, intent.dx)
        return
    if isinstance(intent, I.JumpIn) and len(t.session.humans) > 1:
        hand_input.claim_jump(t)
        return
    if isinstance(intent, TURN_INTENTS) and not t.my_turn() and \
            hand_input.hold(t, intent):
        return
    result = action_for(t, intent)
    if result is None:
        as_any_scene(intent)
    elif isinstance(result, str):
        t.say(result)
    elif isinstance(result, Choices):
        from game.ui.table.chooser import ChooserScene

        t.app.push(ChooserScene(t.app, t, result, cancellable=True))
    else:
        t.act(result)
    t.refresh()


def act(t: TableScene, action: A.Action) -> bool:
    """Apply an action of the player at the screen; a refusal is explained."""
    try:
        events = t.session.act(action)
    except IllegalAction as exc:
        msgid = REFUSALS.get(exc.clause, REFUSED)
        t.say(msgid, clause=exc.clause)
        return False
    t.present(events)
    return True
