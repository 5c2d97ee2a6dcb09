"""The house rules H-1 Stacking, H-2 Seven-O and H-3 Jump-in (RULES.md section H), each one
:class:`~game.rules.house.base.HouseRule` object with its hooks and its pending state.

- Stacking: a Draw Two / Hit / Wild Draw Four that reaches a player adds to the stack and
  asks them to stack or take (``deliver``); the stack's total is its state.
- Seven-O: a 7 asks its player whom to swap with, a 0 marks every hand to pass
  (``deliver``); the hands move before the next turn begins (``turn_begins``). Its state:
  the hands to move and who the 7 reaches once its swap is named.
- Jump-in: the card just played (``card_played``) becomes, once its effect is over and the
  next turn begins, the card others may jump in with: the rule then holds the game's
  out-of-turn window until the player to act acts.

Every edition gets them the same way, through the engine's seams.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import game.rules.events as E
from game.rules.actions import ACCEPT, PLAY_AT, SWAP, Accept, Action, SwapWith
from game.rules.cards import CARD_CODES, RANK_OF, Card, Rank
from game.rules.decisions import CHALLENGE_D, DRAWN, TURN, Decision
from game.rules.errors import IllegalAction
from game.rules.house.base import HouseRule, core_field, own_actions, register
from game.rules.position_fields import MAX_COUNT, integer, short

if TYPE_CHECKING:
    from game.rules.engine import Game, Handler

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


class Stacking(HouseRule):
    """H-1. ``total``: cards owed so far by the stack (0: none); ``rank``: the rank that
    answers it."""

    decisions = (STACK,)
    hand_decisions = (STACK,)
    ranks = frozenset(STACKS)
    handles = (Accept,)
    parts = ("stack",)

    def __init__(self) -> None:
        super().__init__("stacking", "H-1", (("triple", "Triple Play has nothing to stack."),))
        self.due = False  # nothing pending
        self.total = 0
        self.rank = -1

    def copy(self) -> Stacking:
        other = Stacking()
        other.total, other.rank, other.due = self.total, self.rank, self.due
        return other

    def reset(self) -> None:
        self.total, self.rank = 0, -1
        self.due = False

    def deliver(self, g: Game, p: int, c: Card, target: int, ev: list[E.Event]) -> bool:
        r = RANK_OF[c]
        if r not in STACKS:
            return False
        self.total += STACKS[r][0]
        self.rank = r
        self.due = True  # dropped at the next turn if nobody answers it (Roboto)
        ev.append(E.Stacked(p, self.total))
        # C-8 / H-1: a Wild Draw Four is answered by stacking, challenging or taking.
        g.ask(target, CHALLENGE_D if r == Rank.WILD_DRAW_FOUR else STACK)
        return True

    def turn_begins(self, g: Game, ev: list[E.Event]) -> bool:
        if self.total:  # unanswered (a covering card in Roboto ended it): dropped
            self.total, self.rank = 0, -1
        self.due = False
        return False

    def answers(self, g: Game, p: int) -> list[Action]:
        """The cards that answer the stack (one per distinct card), or take it all."""
        d = g.decision
        if not (d is STACK or (d is CHALLENGE_D and self.total)):
            return []
        plays = PLAY_AT[p][0]
        r = self.rank
        cards = [c for c in g.hands[p] if RANK_OF[c] == r]
        if len(cards) > 1:
            cards = list(dict.fromkeys(cards))  # one action per distinct card
        if g.no_bluffing:  # H-6: an illegal WD4 cannot stack either
            cards = [c for c in cards if not g.is_bluff(p, c)]
        acts: list[Action] = [plays[c] for c in cards]
        if d is STACK:
            acts.append(ACCEPT[p])
        return acts

    def may_play(self, g: Game, p: int, c: Card) -> bool:
        d = g.decision
        return (d is STACK or (d is CHALLENGE_D and self.total > 0)) and RANK_OF[c] == self.rank

    def wd4_total(self, g: Game, n: int) -> int:
        total = self.total
        self.total, self.rank = 0, -1
        return total or n

    def handle(self, g: Game, a: Action, ev: list[E.Event], official: Handler | None) -> None:
        p = a.player
        if g.decision is STACK and p == g.to_act:  # not stacking: take the whole total
            n, reason = self.total, STACKS[self.rank][1]
            self.total, self.rank = 0, -1
            g.penalty(p, n, reason, ev)
            ev.append(E.TurnSkipped(p))
            g.begin_turn(g.next_player(p), ev)
            return
        assert official is not None
        official(g, a, ev)

    def going_out(self, g: Game, p: int, ev: list[E.Event]) -> None:
        """With C-13: a stacked card that is its player's last: the next player takes what
        was stacked before it (the card's own draw follows in ``go_out``), with no
        stacking and no challenge."""
        if self.total:
            n, reason = self.total, STACKS[self.rank][1]
            self.total, self.rank = 0, -1
            g.penalty(g.next_player(p), n, reason, ev)

    def text(self) -> tuple[str, ...]:
        """``total:rank`` (the rank's number), or ``-``."""
        return (f"{self.total}:{self.rank}" if self.total else "-",)

    def load(self, g: Game, parts: Sequence[str], on: bool) -> None:
        d = g.decision
        if parts[0] != "-":
            total, _, rank = parts[0].partition(":")
            self.total, self.rank = integer(total, 1, MAX_COUNT), integer(rank, 0, len(Rank) - 1)
            if not on or self.rank not in STACKS:
                raise ValueError("a stack needs stacking on and a rank that stacks")
            if d is TURN or d is DRAWN:
                raise ValueError("a stack is pending only until someone answers it, not in a turn")
        elif d is STACK:
            raise ValueError("a stack decision needs the stack's total")
        self.due = self.total > 0


class SevenO(HouseRule):
    """H-2. ``move``: hands to move before the next turn (``(a, b)`` a swap, ``PASS_ALL``
    every hand passes); ``swap_to``: who the 7 reaches once its player named the swap."""

    decisions = (SWAP_D,)
    empty_handed = (SWAP_D,)  # Triple Play: a last 7 overloaded
    ranks = frozenset((Rank.SEVEN, Rank.ZERO))
    handles = (SwapWith,)
    parts = ("move", "swapto")

    def __init__(self) -> None:
        super().__init__("seven_o", "H-2")
        self.due = False  # nothing pending
        self.move: tuple[int, int] | None = None
        self.swap_to = -1

    def copy(self) -> SevenO:
        other = SevenO()
        other.move, other.swap_to, other.due = self.move, self.swap_to, self.due
        return other

    def reset(self) -> None:
        self.move, self.swap_to = None, -1
        self.due = False

    def deliver(self, g: Game, p: int, c: Card, target: int, ev: list[E.Event]) -> bool:
        r = RANK_OF[c]
        if r == Rank.ZERO:
            self.move = PASS_ALL
            self.due = True
            return False
        if r != Rank.SEVEN:
            return False
        self.swap_to = target
        g.ask(p, SWAP_D)
        return True

    def answers(self, g: Game, p: int) -> list[Action]:
        if g.decision is not SWAP_D:
            return []
        return [SWAP[p][t] for t in g.seats if t != p]

    def handle(self, g: Game, a: Action, ev: list[E.Event], official: Handler | None) -> None:
        """The 7's player names whose hand they take; the hands move before the next turn
        begins, and the 7 (a number: nothing owed) reaches the next player."""
        assert isinstance(a, SwapWith)
        p, t = a.player, a.target
        g.need(p, "name a player to swap hands with", SWAP_D, own="H-2")
        if t == p or not 0 <= t < g.players or g.pos[t] < 0:
            raise IllegalAction("H-2", f"player {p} must name another seated player, not {t}")
        ev.append(E.PlayerPicked(p, t))
        self.move = (p, t)
        self.due = True
        target, self.swap_to = self.swap_to, -1
        g.deliveries[Rank.SEVEN](g, p, g.top, target, ev)

    def refused(self, g: Game, a: Action) -> IllegalAction:
        return g.refuse(a.player, "name a player to swap hands with", own="H-2")

    def turn_begins(self, g: Game, ev: list[E.Event]) -> bool:
        """The swap or the pass; whoever now holds one card owes UNO (C-12)."""
        self.due = False
        if self.move is None:
            return False
        a, b = self.move
        self.move = None
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
        return False

    def text(self) -> tuple[str, ...]:
        """``move``: ``a:b`` (a 7's swap), ``all`` (a 0's pass) or ``-``; ``swapto``: a
        seat or ``-``."""
        m = self.move
        move = "-" if m is None else "all" if m == PASS_ALL else f"{m[0]}:{m[1]}"
        return (move, "-" if self.swap_to < 0 else str(self.swap_to))

    def load(self, g: Game, parts: Sequence[str], on: bool) -> None:
        move, swap = parts
        seats = g.seats
        if move == "all":
            self.move = PASS_ALL
        elif move != "-":
            a, _, b = move.partition(":")
            self.move = (integer(a), integer(b))
            if self.move[0] not in seats or self.move[1] not in seats \
                    or self.move[0] == self.move[1]:
                raise ValueError("a swap moves two seated players' hands")
        if self.move is not None and not on:
            raise ValueError("hands move only with seven_o on")
        d = g.decision
        if swap != "-":
            self.swap_to = integer(swap)
            if self.swap_to not in seats or d is not Decision.SWAP:
                raise ValueError("swapto is a seated player, while a 7's swap is being named")
        elif d is Decision.SWAP:
            raise ValueError("a swap decision needs swapto")
        self.due = self.move is not None


class JumpIn(HouseRule):
    """H-3. ``played``: the card just played and its pile, until its effect is over;
    ``jump``: the card that may be jumped on and its pile, while the rule holds the
    game's out-of-turn window."""

    parts = ("played", "jump")

    def __init__(self) -> None:
        super().__init__("jump_in", "H-3")
        self.due = False  # nothing pending
        self.played: tuple[Card, int] | None = None
        self.jump: tuple[Card, int] | None = None

    def copy(self) -> JumpIn:
        other = JumpIn()
        other.played, other.jump, other.due = self.played, self.jump, self.due
        return other

    def reset(self) -> None:
        self.played = self.jump = None
        self.due = False

    def card_played(self, g: Game, p: int, c: Card, tray: int) -> None:
        self.played = (c, tray)
        self.due = True

    def turn_begins(self, g: Game, ev: list[E.Event]) -> bool:
        """The jump-in window opens on the card just played: never a Wild, and only
        while it is still on top of its pile."""
        played = self.played
        self.played = self.jump = None
        # Due again only while the window is open: the next turn closes it.
        self.due = False
        if played is None:
            return False
        c, pile = played
        if c < 128 and g.piles[pile][-1] == c:
            self.jump = played
            self.due = True
            return True
        return False

    def out_of_turn(self, g: Game, p: int) -> Sequence[Action]:
        """``p``'s jump-in, if they hold the card identical to the one just played and it
        is someone else's turn, not yet begun."""
        j = self.jump
        if j is None or p == g.to_act or g.decision is not TURN:
            return ()
        c = j[0]
        # By identity: every card is the one shared object of its code (CARDS), and
        # compiled, this loop takes about half the time of ``in``, which compares each
        # card's value; it runs for every other player after every card played.
        for x in g.hands[p]:
            if x is c:
                return (PLAY_AT[p][j[1]][c],)
        return ()

    def jumpers(self, g: Game) -> list[tuple[int, Sequence[Action]]]:
        """:meth:`out_of_turn` for every other player at once, in turn order (the bots'
        driver asks it after every card played, with the window open)."""
        j = self.jump
        found: list[tuple[int, Sequence[Action]]] = []
        if j is None or g.decision is not TURN:
            return found
        c, pile = j
        seats, hands = g.seats, g.hands
        n = len(seats)
        start = g.pos[g.to_act]
        for i in range(1, n):
            q = seats[(start + i) % n]
            for x in hands[q]:
                if x is c:  # by identity, as in out_of_turn
                    found.append((q, (PLAY_AT[q][pile][c],)))
                    break
        return found

    def check_out_of_turn(self, g: Game, p: int, c: Card, tray: int) -> None:
        j = self.jump
        if j is None or g.decision is not TURN:
            raise g.refuse(p, f"play {c}")
        if c != j[0] or tray != j[1]:
            raise IllegalAction("H-3", f"only a card identical to {j[0]} just played may jump in")
        if c not in g.hands[p]:
            raise IllegalAction("H-3", f"player {p} does not hold {c}")

    def play_out_of_turn(self, g: Game, p: int, c: Card, ev: list[E.Event]) -> None:
        """The jump-in begins ``p``'s turn; the players passed over lose theirs."""
        self.close(g)
        g.ask(p, TURN)
        g.uno_declared = -1
        g.drawn = None
        g.turns += 1
        ev.append(E.JumpedIn(p, c))

    def close(self, g: Game) -> None:
        self.jump = None
        g.window = None

    def text(self) -> tuple[str, ...]:
        """Each a card ``@`` its pile, or ``-``."""
        def at(x: tuple[Card, int] | None) -> str:
            return "-" if x is None else f"{x[0]}@{x[1]}"

        return (at(self.played), at(self.jump))

    def load(self, g: Game, parts: Sequence[str], on: bool) -> None:
        def at(x: str) -> tuple[Card, int] | None:
            if x == "-":
                return None
            code, sep, pile = x.partition("@")
            t = integer(pile, 0, g.PILES - 1) if sep else -1
            if code not in CARD_CODES or t < 0:
                raise ValueError(f"{short(x)!r} is not a card@pile")
            return CARD_CODES[code], t

        self.played, self.jump = at(parts[0]), at(parts[1])
        if self.played is not None and not on:
            raise ValueError("the card just played is kept only with jump_in on")
        if self.jump is not None:
            c, t = self.jump
            if not on or c.is_wild or g.piles[t][-1] != c or g.decision is not Decision.TURN:
                raise ValueError("jump-in needs jump_in on, a turn not begun, the card on its pile")
            g.window = self
        self.due = self.played is not None or self.jump is not None


# In their clause order (the canonical order of a ruleset's ``house`` text); UNO1's
# ``house`` field writes their parts stack, played, jump, move, swapto.
STACKING: Final = register(Stacking())
SEVEN_O: Final = register(SevenO())
JUMP_IN: Final = register(JumpIn())
core_field("stacking", "jump_in", "seven_o")
own_actions(SEVEN_O, SwapWith)


def rule_of(g: Game, name: str) -> HouseRule | None:
    """``g``'s own copy of house rule ``name``, if it is on."""
    for rule in g.house_rules:
        if rule.name == name:
            return rule
    return None


def jump_card(g: Game) -> Card | None:
    """H-3: the card just played that may be jumped on now (``None``: none)."""
    rule = rule_of(g, "jump_in")
    return rule.jump[0] if isinstance(rule, JumpIn) and rule.jump is not None else None


def jump_actions(g: Game, p: int) -> list[Action]:
    """H-3: ``p``'s jump-in, if any (empty when jump-in is off)."""
    rule = rule_of(g, "jump_in")
    return list(rule.out_of_turn(g, p)) if rule is not None else []


def stack_total(g: Game) -> int:
    """H-1: how many cards the stack owes so far (0: no stack pending, or stacking off)."""
    rule = rule_of(g, "stacking")
    return rule.total if isinstance(rule, Stacking) else 0
