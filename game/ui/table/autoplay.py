"""Test hooks of the table (see :mod:`game.ui.testhooks`), kept out of the scene's code.

:func:`table_intent` is what ``UNO_TEST_AUTOPLAY`` presses for the person at the screen: a
simple AI picks one of the options of the person's choice description (from their *view*)
and it is turned back into the intent a keyboard or a click would give. :func:`table_state`
is the table's part of the state file.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.bots.heuristic import HeuristicBot
from game.play.choices import CATCH, JUMP_IN, UNO
from game.rules.cards import WILD
from game.rules.engine import Decision
from game.ui import intents as I
from game.ui.table.panels import house_prompt

if TYPE_CHECKING:
    from game.ui.table.host import TableFace

_BOT = HeuristicBot()
_RNG = random.Random(7)


def table_intent(t: TableFace) -> I.Intent | None:
    """The intent a keyboard would give for the simple AI's pick, found in the person's
    choice description: a card of the hand, the draw pile, UNO!, Catch!, J."""
    if not t.my_turn() or t.viewer is None:
        return None
    view = t.session.view(t.viewer)
    described = t.input.choices()
    calls = t.can_call_uno()  # a call that protects nothing is not offered (C-12)
    legal = [a for (cid, _oid), a in described.actions.items() if cid != UNO or calls]
    if not legal:
        return None
    found = described.find(_BOT.choose(view, legal, _RNG))
    if found is None:
        return None
    choice, option = found
    if choice.id == UNO:
        return I.CallUno()
    if choice.id == CATCH:
        player = option.params.get("player")
        return I.Catch(player if isinstance(player, int) else -1)
    if choice.id == JUMP_IN:
        return I.JumpIn()
    card = option.params.get("card")
    if choice.hand and isinstance(card, str):
        if view.decision is Decision.DRAWN:
            return I.PlayDrawn()
        return I.PlayCard([str(c) for c in t.model.hand].index(card))
    if choice.hand:  # the draw pile: draw, keep the drawn card, take a stack, the launcher
        return I.KeepDrawn() if view.decision is Decision.DRAWN else I.DrawCard()
    return None


def table_state(t: TableFace) -> dict[str, Any]:
    m, lay = t.model, t.layout
    s = t.session
    return {
        "edition": s.edition,
        "viewer": t.viewer,
        "names": m.names,
        "humans": s.humans,
        "hand": [str(c) for c in m.hand],
        "hand_rects": [[*r] for r in t.hand_rects()],
        "playable": sorted(t.playable_indices()),
        "my_turn": t.my_turn(),
        "top": str(m.discard[-1]) if m.discard else None,
        "colour": None if m.colour == WILD else "RYGB"[m.colour],
        "to_act": m.to_act,
        "decision": m.decision.value,
        "counts": m.counts,
        "seats": m.seats,
        "scores": m.scores,
        "hand_no": m.hand_no,
        "direction": m.direction,
        "draw_size": m.draw_size,
        "idle": t.presenter.idle,
        "over": s.over,
        "winners": list(s.winners),
        "actions": s.version,
        "discard_rect": [*lay.discard],
        "draw_rect": [*lay.draw_pile],
        "uno_rect": [*lay.uno],
        "plates": {str(p): [*spot.plate] for p, spot in lay.seats.items()},
        "log": t.log_lines()[-6:],
        "toast": t.toast_text(),
        "can_call_uno": t.can_call_uno(),
        "catch_targets": t.input.catch_targets(),
        "devices": {type(d).__name__: d.test_state() for d in t.devices},
        "house_prompt": house_prompt(t),
        "stack": s.stack_total(),
        "jumps": sorted(t.jump_indices()),
        "jump_card": str(s.jump_card()) if s.jump_card() is not None else None,
        "flying": sum(type(sp).__name__ == "FlyingCard" for sp in t.presenter.sprites),
        "jump_rect": next(([*c.rect] for c in t.controls if c.id == "jump"), None),
        "controls_shown": sorted(c.id for c in t.controls if c.visible
                                 and not c.id.startswith(("card", "seat"))),
    }
