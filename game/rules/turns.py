"""The official actions' handlers: check the action in full, then carry it out.

``Game.HANDLERS`` maps each action type to one of these functions (editions add their
own, or replace one). A handler raises :class:`IllegalAction` before changing anything.
A play goes through the game's hooks: ``check_play`` → ``place`` → ``after_place``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import game.rules.events as E
import game.rules.house.play as house
from game.rules.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    Pass,
    Play,
    SwapWith,
)
from game.rules.decisions import CHALLENGE_D, COLOUR, DRAWN, TURN
from game.rules.errors import IllegalAction
from game.rules.house.play import STACK

if TYPE_CHECKING:
    from game.rules.table import Table


def on_play(g: Table, a: Play, ev: list[E.Event]) -> None:
    p, c = a.player, a.card
    d = g.decision
    jumping = False
    if p != g.to_act:
        house.check_out_of_turn(g, p, c, a.tray)  # H-3: a jump-in, or refused
        jumping = True
    elif d is DRAWN:
        if c != g.drawn:
            raise IllegalAction("C-10", f"after drawing, only the drawn {g.drawn} may be played")
    elif d is TURN or house.may_stack(g, p, c):
        if c not in g.hands[p]:
            raise IllegalAction("C-5", f"player {p} does not hold {c}")
    else:
        raise g.refuse(p, f"play {c}")
    if not jumping:  # H-3: an identical card fits its pile by definition
        g.check_play(p, c, a.tray)
    if g.no_bluffing and g.is_bluff(p, c):
        raise IllegalAction("H-6", f"{c} is illegal while holding the colour in force")
    if jumping:
        house.jump(g, p, c, ev)
    g.uno_open.clear()  # C-12: the turn has begun (a no-op after a draw)
    g.drawn = None
    g.dead_turns = 0
    g.hands[p].remove(c)
    if g.jump_in:
        g.played = (c, a.tray)  # H-3: what may be jumped on once its effect is over
    g.place(p, c, a.tray, ev)
    g.after_place(p, c, ev)


def on_draw(g: Table, a: Draw, ev: list[E.Event]) -> None:
    p = a.player
    if p != g.to_act or g.decision is not TURN:
        raise g.refuse(p, "draw")
    g.uno_open.clear()  # C-12: drawing begins the turn
    got = g.take(p, 1, ev)
    if g.draw_to_match:  # H-4
        while got and not g.may_play_drawn(p, got[-1]):
            more = g.take(p, 1, ev)
            if not more:
                break
            got += more
    ev.append(E.CardsDrawn(p, tuple(got), "turn", len(got)))
    if got and g.may_play_drawn(p, got[-1]):
        g.decision = DRAWN
        g.drawn = got[-1]
        return
    if got or any(g.could_play(c) for c in g.hands[p]):
        g.dead_turns = 0
    elif g.stalled(ev):
        return
    g.end_turn(p, ev)


def on_pass(g: Table, a: Pass, ev: list[E.Event]) -> None:
    p = a.player
    g.need(p, "keep the drawn card", DRAWN)
    if g.forced_play:
        raise IllegalAction("H-5", "a playable drawn card must be played")
    g.drawn = None
    ev.append(E.DrawnCardKept(p))
    g.end_turn(p, ev)


def on_colour(g: Table, a: ChooseColour, ev: list[E.Event]) -> None:
    p = a.player
    g.need(p, "name a colour", COLOUR, own="C-6")
    g.colour = int(a.colour)
    ev.append(E.ColourChosen(p, a.colour))
    if g.colour_then_play:
        g.colour_then_play = False
        g.begin_turn(p, ev)
    else:
        g.colour_named(p, ev)


def on_challenge(g: Table, a: Challenge | Accept, ev: list[E.Event]) -> None:
    p = a.player
    if isinstance(a, Accept) and g.decision is STACK and p == g.to_act:
        house.take_stack(g, p, ev)  # H-1: not stacking: take the whole total
        return
    g.need(p, "answer the Wild Draw Four", CHALLENGE_D, own="C-8")
    assert g.wd4 is not None
    culprit, guilty, shown = g.wd4
    g.wd4 = None
    n = g.stack or 4  # H-1: the stack's total (4 without stacking)
    g.stack, g.stack_rank = 0, -1
    if isinstance(a, Accept):
        g.penalty(p, n, "wild_draw_four", ev)
    else:
        ev.append(E.ChallengeResolved(p, culprit, guilty, shown))
        if guilty:
            g.penalty(culprit, n, "challenge_guilty", ev)
            g.begin_turn(p, ev)
            return
        g.penalty(p, n + 2, "challenge_innocent", ev)
    ev.append(E.TurnSkipped(p))
    g.begin_turn(g.next_player(p), ev)


def on_uno(g: Table, a: CallUno, ev: list[E.Event]) -> None:
    p = a.player
    if p in g.uno_open:
        g.uno_open.remove(p)
    elif (
        p == g.to_act
        and g.decision in (TURN, DRAWN, STACK)
        and len(g.hands[p]) == 2
        and g.uno_declared != p
    ):
        g.uno_declared = p
    else:
        raise IllegalAction(
            "C-12", f"player {p} has nothing to call: UNO is called on the next-to-last card"
        )
    ev.append(E.UnoCalled(p))


def on_catch(g: Table, a: Catch, ev: list[E.Event]) -> None:
    p, t = a.player, a.target
    if t == p or not 0 <= t < g.players or g.pos[t] < 0:
        raise IllegalAction("C-12", f"player {p} cannot catch player {t}")
    if t in g.uno_open and len(g.hands[t]) == 1:
        g.uno_open.remove(t)
        ev.append(E.UnoCaught(p, t))
        g.penalty(t, g.ruleset.uno_penalty, "uno_penalty", ev)
    else:
        ev.append(E.CatchMissed(p, t))


#: Each official action's handler, as ``Game.HANDLERS`` takes them (H-2's swap included).
HANDLERS: Final[dict[type, Callable[..., None]]] = {
    Play: on_play,
    Draw: on_draw,
    Pass: on_pass,
    ChooseColour: on_colour,
    Challenge: on_challenge,
    Accept: on_challenge,
    CallUno: on_uno,
    Catch: on_catch,
    SwapWith: house.on_swap,
}
