"""A person's hand at the table: a card taken up and dragged with the mouse, the
left and right keys along the hand (each card said for a player who cannot see the
screen), a move given while the table still animates (queued, then played), and H-3's
hot-seat "Jump in!". Functions of the scene, which keeps the state they change (``drag``,
``queued``), so the scene stays about time, flow and drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.rules.cards import RANK_OF
from game.ui import intents as I
from game.ui.table.model import Drag

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


def drag_card(t: TableScene, intent: I.Intent) -> bool:
    """Mouse drag-and-drop of a card onto the table; ``True`` if ``intent`` was part
    of it."""
    if isinstance(intent, I.Grab):
        if 0 <= intent.index < len(t.model.hand):
            t.drag = Drag(intent.index, t.model.hand[intent.index], intent.pos, intent.pos)
            t.focus_id(f"card{intent.index}")
            t.refresh()
        return True
    drag = t.drag
    if drag is None:
        return False
    if isinstance(intent, I.Pointer):
        drag.pos = intent.pos
        far = max(abs(intent.pos[0] - drag.grab[0]), abs(intent.pos[1] - drag.grab[1]))
        drag.moved = drag.moved or far > 10 * t.layout.s
        return True
    if isinstance(intent, I.Release):
        t.drag = None
        if drag.card not in t.model.hand:
            return True
        index = drag.index if drag.index < len(t.model.hand) and \
            t.model.hand[drag.index] == drag.card else t.model.hand.index(drag.card)
        if not drag.moved or t.drop_zone().collidepoint(intent.pos):
            t.handle(I.PlayCard(index))  # a click, or dropped on the table
        else:
            t.refresh()  # let go over the hand: the card goes back to its place
        return True
    return False


def claim_jump(t: TableScene) -> None:
    """H-3 at a hot-seat table: someone pressed "Jump in!" (see JumpInScene)."""
    from game.ui.table.controls import jump_button
    from game.ui.table.hotseat import JumpInScene

    if jump_button(t) is None:
        t.say(N_("There is nothing to jump in on right now."))
        return
    t.app.push(JumpInScene(t.app, t))


def hold(t: TableScene, intent: I.Intent) -> bool:
    """A turn's move given while it is not yet shown as the person's turn: ``True`` if
    it was dealt with here (queued, or dropped because the device is about to change
    hands), ``False`` to let it be refused as usual."""
    s, me = t.session, t.viewer
    if me is None or s.over:
        return False
    if s.to_act != me and s.is_human(s.to_act) and len(s.humans) > 1:
        return True  # the next person's turn: nothing of this one carries over to theirs
    if s.to_act == me and not t.presenter.idle:
        card = None
        if isinstance(intent, I.PlayCard) and 0 <= intent.index < len(t.model.hand):
            card = t.model.hand[intent.index]
        t.queued = (s.version, intent, card)
        return True
    return False


def play_queued(t: TableScene) -> None:
    """Apply the move given during the animations, now that the turn is shown."""
    if t.queued is None or not t.my_turn() or t.app.top is not t:
        return
    version, intent, card = t.queued
    t.queued = None
    if version != t.session.version:
        return  # the table changed meanwhile (a catch): the person sees it and decides
    if card is not None:
        if card not in t.model.hand:
            return
        intent = I.PlayCard(t.model.hand.index(card))
    t.handle(intent)


def in_hand(t: TableScene) -> bool:
    return (t.focused_id() or "").startswith("card")


def step_hand(t: TableScene, dx: int) -> None:
    n = len(t.model.hand)
    if n == 0:
        return
    i = int((t.focused_id() or "card0")[4:])
    t.focus_id(f"card{max(0, min(n - 1, i + dx))}")
    t.refresh()
    say_focused_card(t)


def say_focused_card(t: TableScene) -> None:
    """Say the card the keys just moved to, and what it does (its caption), for a
    player who cannot see the screen; the newest card cuts off the one before."""
    from game.narrate import card_name
    from game.ui.card_faces import caption_of

    focus = t.focused_id() or ""
    if t.settings.narration == "off" or not focus[4:].isdigit():
        return
    i = int(focus[4:])
    if not focus.startswith("card") or i >= len(t.model.hand):
        return
    card = t.model.hand[i]
    msgid = caption_of(RANK_OF[card], t.session.edition)
    words = card_name(card)
    t.app.sound.hush()
    t.app.sound.say(f"{words}. {_(msgid)}" if msgid else words)
