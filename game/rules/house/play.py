"""The mechanics of H-1 Stacking, H-2 Seven-O and H-3 Jump-in (RULES.md section H).

The engine calls these from its seams, so every edition gets them the same way:

- ``Game.deliver`` (what a played card owes reaches a player) → :func:`intercept`:
  a Draw Two / Hit / Wild Draw Four adds to the stack and asks the player it reaches
  to stack or take (H-1); a 7 asks its player whom to swap with, a 0 marks every hand
  to pass (H-2).
- ``Game.begin_turn`` → :func:`turn_begins`: hands move (after Triple Play's overload,
  after Roboto has named who continues), a stack left unanswered is dropped, and the
  jump-in window opens on the card just played (H-3).
- ``on_play`` → :func:`check_out_of_turn` / :func:`jump`: a jump-in; a stacking play.

The state lives on the table as plain values (copied by ``clone``, written by the
position text): ``stack`` (cards owed so far), ``stack_rank``, ``played`` (with jump-in
on: the card just played and its pile, until its effect is over), ``jump`` (the card
that may be jumped on, and its pile), ``move`` (hands to move at the next turn:
``(a, b)`` a swap, ``(-1, -1)`` every hand passes) and ``swap_to`` (who a 7's delivery
reaches once its player has named the swap).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import game.rules.events as E
from game.rules.actions import ACCEPT, PLAY_AT, SWAP, Action, SwapWith
from game.rules.cards import RANK_OF, Card, Rank
from game.rules.decisions import CHALLENGE_D, TURN, Decision
from game.rules.errors import IllegalAction

if TYPE_CHECKING:
    from game.rules.engine import Game
    from game.rules.table import Table

#: H-1: the cards that stack, what each adds, and the reason of the penalty draw.
STACKS: Final[dict[int, tuple[int, str]]] = {
    Rank.DRAW_TWO: (2, "draw_two"),
    Rank.WILD_DRAW_FOUR: (4, "wild_draw_four"),
    Rank.HIT_TWO: (2, "hit_two"),  # Attack
    Rank.WILD_HIT_FOUR: (4, "wild_hit_four"),  # Attack
}
STACK: Final = Decision.STACK
SWAP_D: Final = Decision.SWAP
#: The sentinel ``move`` for a 0: every hand passes in the direction of play.
PASS_ALL: Final = (-1, -1)


def setup(g: Table) -> None:
    """Read which house rules ``g``'s ruleset has on; nothing pending."""
    house = g.ruleset.house
    known = _SETUPS.get(house)
    if known is None:
        known = _SETUPS[house] = _read(g.ruleset.has)
    g.stacking, g.seven_o, g.jump_in, g.intercepts = known
    g.house_on = bool(house)
    reset(g)


#: :func:`setup`'s reading of each house-rules text met, made once (every game of a
#: simulation starts with the same one).
_SETUPS: dict[str, tuple[bool, bool, bool, tuple[bool, ...]]] = {}


def _read(has: Callable[[str], bool]) -> tuple[bool, bool, bool, tuple[bool, ...]]:
    stacking, seven_o, jump_in = has("stacking"), has("seven_o"), has("jump_in")
    ranks = set(STACKS) if stacking else set()
    if seven_o:
        ranks |= {Rank.SEVEN, Rank.ZERO}
    # The ranks whose delivery H-1/H-2 take over.
    return stacking, seven_o, jump_in, tuple(r in ranks for r in range(32))


def reset(g: Table) -> None:
    """No house-rule business pending (a new hand, a new table)."""
    g.stack = 0
    g.stack_rank = -1
    g.played = None
    g.jump = None
    g.move = None
    g.swap_to = -1


# ---------------------------------------------------------------------- delivery (seam)
def intercept(g: Game, p: int, c: Card, target: int, ev: list[E.Event]) -> bool:
    """Called as ``p``'s ``c`` reaches ``target``; True when a house rule took over the
    delivery (a decision is now pending)."""
    r = RANK_OF[c]
    if g.stacking and r in STACKS:
        n, _ = STACKS[r]
        g.stack += n
        g.stack_rank = r
        ev.append(E.Stacked(p, g.stack))
        # C-8 / H-1: a Wild Draw Four is answered by stacking, challenging or taking.
        g.ask(target, CHALLENGE_D if r == Rank.WILD_DRAW_FOUR else STACK)
        return True
    if g.seven_o and (r == Rank.SEVEN or r == Rank.ZERO):
        if r == Rank.ZERO:
            g.move = PASS_ALL
            return False
        g.swap_to = target
        g.ask(p, SWAP_D)
        return True
    return False


def stack_actions(g: Game, p: int) -> list[Action]:
    """H-1: the cards that answer the stack (one per distinct card), or take it all."""
    r = g.stack_rank
    plays = PLAY_AT[p][0]
    cards = [c for c in g.hands[p] if RANK_OF[c] == r]
    if len(cards) > 1:
        cards = list(dict.fromkeys(cards))  # one action per distinct card
    if g.no_bluffing:  # H-6: an illegal WD4 cannot stack either
        cards = [c for c in cards if not g.is_bluff(p, c)]
    acts: list[Action] = [plays[c] for c in cards]
    if g.decision is STACK:
        acts.append(ACCEPT[p])
    return acts


def may_stack(g: Game, p: int, c: Card) -> bool:
    """H-1: may ``p``, facing the stack, answer it with ``c``?"""
    d = g.decision
    return (
        g.stacking
        and (d is STACK or (d is CHALLENGE_D and g.stack > 0))
        and RANK_OF[c] == g.stack_rank
    )


def take_stack(g: Game, p: int, ev: list[E.Event]) -> None:
    """H-1: ``p`` does not stack: they take the whole total and lose their turn."""
    n, reason = g.stack, STACKS[g.stack_rank][1]
    g.stack, g.stack_rank = 0, -1
    g.penalty(p, n, reason, ev)
    ev.append(E.TurnSkipped(p))
    g.begin_turn(g.next_player(p), ev)


def owed_on_going_out(g: Game, p: int, ev: list[E.Event]) -> None:
    """H-1 with C-13: a stacked card that is its player's last: the next player takes
    what was stacked before it (the card's own draw follows in ``go_out``), with no
    stacking and no challenge."""
    if g.stack:
        n, reason = g.stack, STACKS[g.stack_rank][1]
        g.stack, g.stack_rank = 0, -1
        g.penalty(g.next_player(p), n, reason, ev)


# ---------------------------------------------------------------------- Seven-O
def swap_actions(g: Game, p: int) -> list[Action]:
    return [SWAP[p][t] for t in g.seats if t != p]


def on_swap(g: Game, a: SwapWith, ev: list[E.Event]) -> None:
    """H-2: the 7's player names whose hand they take; the hands move before the next
    turn begins, and the 7 (a number: nothing owed) reaches the next player."""
    p, t = a.player, a.target
    g.need(p, "name a player to swap hands with", SWAP_D, own="H-2")
    if t == p or not 0 <= t < g.players or g.pos[t] < 0:
        raise IllegalAction("H-2", f"player {p} must name another seated player, not {t}")
    ev.append(E.PlayerPicked(p, t))
    g.move = (p, t)
    target, g.swap_to = g.swap_to, -1
    g.deliveries[Rank.SEVEN](g, p, g.top, target, ev)


def move_hands(g: Game, ev: list[E.Event]) -> None:
    """H-2: the swap or the pass; whoever now holds one card owes UNO (C-12)."""
    assert g.move is not None
    a, b = g.move
    g.move = None
    hands = g.hands
    if (a, b) == PASS_ALL:
        seats = g.seats
        old = {q: hands[q] for q in seats}
        for q in seats:
            hands[g.next_player(q)] = old[q]
        moved = list(seats)
        ev.append(E.HandsPassed(g.direction == 1))
    else:
        hands[a], hands[b] = hands[b], hands[a]
        moved = [a, b]
        ev.append(E.HandsSwapped(a, b))
    for q in moved:
        if len(hands[q]) == 1:
            if q not in g.uno_open:
                g.uno_open.append(q)
        elif q in g.uno_open:
            g.uno_open.remove(q)


# ---------------------------------------------------------------------- turns (seam)
def turn_begins(g: Game, ev: list[E.Event]) -> None:
    """Before a turn begins: hands move (H-2), an unanswered stack is dropped (a
    covering card in Roboto ended it), and the jump-in window opens (H-3)."""
    if g.move is not None:
        move_hands(g, ev)
    if g.stack:
        g.stack, g.stack_rank = 0, -1
    played = g.played
    if played is None:
        g.jump = None
        return
    g.played = None
    c, pile = played
    # H-3: never a Wild; only the card just played, still on top of its pile.
    g.jump = played if c < 128 and g.piles[pile][-1] == c else None


# ---------------------------------------------------------------------- jump-in
def jump_actions(g: Game, p: int) -> list[Action]:
    """H-3: ``p``'s jump-in, if they hold the card identical to the one just played
    and it is someone else's turn, not yet begun."""
    j = g.jump
    if j is None or p == g.to_act or g.decision is not TURN or j[0] not in g.hands[p]:
        return []
    return [PLAY_AT[p][j[1]][j[0]]]


def check_out_of_turn(g: Game, p: int, c: Card, tray: int) -> None:
    """Raise unless ``p`` (not to act) may jump in with ``c`` on pile ``tray``."""
    j = g.jump
    if j is None or g.decision is not TURN:
        raise g.refuse(p, f"play {c}")
    if c != j[0] or tray != j[1]:
        raise IllegalAction("H-3", f"only a card identical to {j[0]} just played may jump in")
    if c not in g.hands[p]:
        raise IllegalAction("H-3", f"player {p} does not hold {c}")


def jump(g: Game, p: int, c: Card, ev: list[E.Event]) -> None:
    """H-3: the jump-in begins ``p``'s turn; the players passed over lose theirs."""
    g.jump = None
    g.to_act, g.decision = p, TURN
    g.uno_declared = -1
    g.drawn = None
    g.turns += 1
    ev.append(E.JumpedIn(p, c))
