"""The game: one object with ``legal_actions()`` and ``apply(action) -> events``.

A :class:`Game` is a whole match: dealer draw, hands, scoring, the match winner. It never calls
out, blocks or waits: a decision the rules leave to a player (play or draw, name a colour,
challenge, keep a drawn card …) is a *pending decision* for ``to_act``, answered by an action.
Out-of-turn actions (calling UNO, catching) are accepted from any seated player while they mean
something.

Everything random comes from the game's own seeded ``random.Random``, so a game replays exactly
from ``(ruleset, players, seed, actions)``. Every action is checked in full before anything
changes; an illegal one raises :class:`IllegalAction` naming the rule clause it breaks, and
leaves the game as it was.

The work is split by job: :mod:`~game.rules.decisions` (what a player can owe),
:mod:`~game.rules.legality` (what may be played), :mod:`~game.rules.turns` (the actions'
handlers), :mod:`~game.rules.dealing` (deal and first card), :mod:`~game.rules.table` (the
state, piles and devices), :mod:`~game.rules.copies`, and this module (turn flow and effects).
Editions (``game/rules/editions``) subclass :class:`Game` and use only its public members (a
test checks their syntax trees):

- *hooks* they override, marked "*Hook*" below. A play goes through ``check_play`` → ``place`` →
  ``after_place`` (going out, UNO) → ``start_effect`` (a Reverse turns play, a wild asks for a
  colour) → ``settle`` (the play is complete) → ``deliver`` (what the card owes reaches the next
  player, through the per-rank table of ``deliveries``);
- *seams* they call: :meth:`Game.ask` (a player owes a decision), :meth:`Game.begin_turn`,
  :meth:`Game.end_hand`, :meth:`Game.stalled` (the blocked-hand rule), :meth:`Game.take`,
  :meth:`Game.draw_cards`, :meth:`Game.reshuffle`, :meth:`Game.is_bluff`, :meth:`Game.refuse`
  and :meth:`Game.need`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Final, Literal, cast

import game.rules.copies as copies
import game.rules.dealing as dealing
import game.rules.events as E
import game.rules.house.play as house
import game.rules.turns as turns
from game.rules.actions import (
    ACCEPT,
    CALL_UNO,
    CATCH,
    CHALLENGE,
    CHOOSE,
    DRAW,
    PASS,
    PLAY,
    Action,
    CallUno,
    Catch,
)
from game.rules.cards import COLOUR_OF, RANK_OF, Card, Rank
from game.rules.decisions import CHALLENGE_D, COLOUR, DRAWN, OVER, TURN, Decision
from game.rules.errors import IllegalAction
from game.rules.house.play import STACK, SWAP_D
from game.rules.legality import NO_RANK, PLAYABLE
from game.rules.match import settle
from game.rules.ruleset import Ruleset
from game.rules.table import Delivery, Table

__all__ = ["CHALLENGE_D", "COLOUR", "DRAWN", "NO_RANK", "OVER", "PLAYABLE", "STARVED_ROUNDS",
           "TURN", "Decision", "Delivery", "Game", "Handler"]

#: DC: rounds of one-card reshuffles in a row that block a hand (the deck is exhausted).
STARVED_ROUNDS: Final = 3

Handler = Callable[["Game", Action, list[E.Event]], None]


class Game(Table):
    """A whole match of UNO under one ruleset. See the module docstring."""

    #: Action type → handler; editions extend it with their own actions.
    HANDLERS: ClassVar[dict[type, Handler]]
    #: How many discard piles the table has.
    PILES: ClassVar[int] = 1

    def __init__(self, ruleset: Ruleset, players: int, seed: int, *, blank: bool = False) -> None:
        """A new match, dealt. ``blank=True`` (:meth:`blank`) stops before the deal: a
        compiled Game cannot be made without ``__init__``."""
        super().__init__(ruleset, players, seed)
        self.setup_devices()
        self.deliveries = self.delivery_table()
        if blank:
            return
        ev: list[E.Event] = [E.MatchStarted(players, ruleset.edition)]
        self.start_hand(ev)
        self._log(ev)
        self.initial_events = tuple(ev)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action ``player`` (default: ``to_act``) may take now that changes something.
        ``apply`` also accepts a harmless :class:`Catch` (C-12) and the clock's ``TimeUp``."""
        p = self.to_act if player is None else player
        d = self.decision
        if d is OVER or not 0 <= p < self.players or self.pos[p] < 0:
            return []
        acts: list[Action]
        if p == self.to_act:
            if d is TURN:
                acts = self.turn_actions(p)
            elif d is DRAWN:
                assert self.drawn is not None
                acts = self.drawn_actions(p, self.drawn)
            elif d is COLOUR:
                acts = list(CHOOSE[p])
            elif d is CHALLENGE_D:
                acts = [CHALLENGE[p], ACCEPT[p]]
                if self.stack:  # H-1: a Wild Draw Four on the stack
                    acts += house.stack_actions(self, p)
            elif d is STACK:
                acts = house.stack_actions(self, p)
            elif d is SWAP_D:
                acts = house.swap_actions(self, p)
            else:
                acts = self.device_actions(p)
            if (len(self.hands[p]) == 2 and (d is TURN or d is DRAWN or d is STACK)
                    and self.uno_declared != p):
                acts.append(CALL_UNO[p])
        else:
            acts = house.jump_actions(self, p) if self.jump is not None else []
        if self.uno_open:
            acts += self.out_of_turn_actions(p)
        return acts

    def turn_actions(self, p: int) -> list[Action]:
        """*Hook*: the plays (one per distinct playable card, in hand order) and the draw."""
        table = PLAYABLE[self.colour * 32 + self.match_rank]
        plays, no_bluffing = PLAY[p], self.no_bluffing  # H-6
        cards: list[Card] = []
        acts: list[Action] = []
        for c in self.hands[p]:
            if table[c] and c not in cards and not (no_bluffing and self.is_bluff(p, c)):
                cards.append(c)
                acts.append(plays[c])
        acts.append(DRAW[p])
        return acts

    def drawn_actions(self, p: int, drawn: Card) -> list[Action]:
        """*Hook*: play the drawn card or keep it (C-9, H-5)."""
        acts: list[Action] = [PLAY[p][drawn]]
        if not self.forced_play:
            acts.append(PASS[p])
        return acts

    def device_actions(self, p: int) -> list[Action]:
        """*Hook*: the answers to an edition's own decisions."""
        return []

    def out_of_turn_actions(self, player: int) -> list[Action]:
        """C-12, whoever's turn it is: ``player`` calls UNO when owing it, catches who owes."""
        acts: list[Action] = []
        if not 0 <= player < self.players or self.pos[player] < 0 or self.decision is OVER:
            return acts
        for t in self.uno_open:
            if t == player:
                acts.append(CALL_UNO[player])
            elif len(self.hands[t]) == 1:
                acts.append(CATCH[player][t])
        return acts

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action | object) -> list[E.Event]:
        """Carry out ``action``; returns the events it caused, in order. Raises
        :class:`IllegalAction` (and changes nothing) if the rules forbid it."""
        # ``| object``: whatever is passed reaches the C-3 check below, in the compiled
        # build too (mypyc would reject a non-action with a TypeError first).
        handler = self.HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("C-3", f"{type(action).__name__} is not an action of this edition")
        action = cast(Action, action)
        p = action.player
        if not 0 <= p < self.players or self.pos[p] < 0:
            raise IllegalAction("C-3", f"player {p} is not seated in this hand")
        if self.decision is OVER:
            raise IllegalAction("M-1", "the match is over")
        ev: list[E.Event] = []
        if self.jump is None:
            handler(self, action, ev)
        else:  # H-3: a jump-in window is open until the player to act acts
            actor, turns = self.to_act, self.turns
            handler(self, action, ev)
            if p == actor and self.turns == turns and not isinstance(action, (CallUno, Catch)):
                self.jump = None
        self.actions.append(action)
        self._log(ev)
        return ev

    def _log(self, ev: list[E.Event]) -> None:
        if self._hand_from < 0:
            self.hand_events.extend(ev)
        else:
            self.hand_events = ev[self._hand_from :]
            self._hand_from = -1

    # ------------------------------------------------------------------ a play (hooks)
    def check_play(self, p: int, c: Card, tray: int) -> None:
        """*Hook*: raise unless ``c`` may go on pile ``tray`` (C-5)."""
        if tray:
            raise IllegalAction("C-5", "there is only one discard pile")
        if not PLAYABLE[self.colour * 32 + self.match_rank][c]:
            raise IllegalAction("C-5", f"{c} matches neither {self.top} nor the colour in force")

    def place(self, p: int, c: Card, tray: int, ev: list[E.Event]) -> None:
        """*Hook*: put the played card on its pile; its colour and rank are in force."""
        self.discard.append(c)
        ev.append(E.CardPlayed(p, c))
        if c < 128:
            self.colour = COLOUR_OF[c]
            self.match_rank = RANK_OF[c]
        else:
            self.match_rank = NO_RANK

    def after_place(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: going out (C-13) or owing UNO (C-12), then the card's effect."""
        hand = self.hands[p]
        if not hand:
            if self.stack:  # H-1: the stack so far goes to the next player too
                house.owed_on_going_out(self, p, ev)
            self.go_out(p, c, ev)
            return
        if len(hand) == 1 and self.uno_declared != p:
            self.uno_open.append(p)
        self.start_effect(p, c, ev)

    def start_effect(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: what a card does at once; a wild first asks for its colour."""
        r = RANK_OF[c]
        if r == Rank.REVERSE:
            self.direction = -self.direction
            ev.append(E.DirectionChanged(self.direction == 1))
        elif r == Rank.WILD_DRAW_FOUR:
            self.wd4 = (p, self.is_bluff(p, c, played=True), tuple(self.hands[p]))
        if c >= 128:
            self.ask(p, COLOUR)
            return
        self.settle(p, c, ev)

    def colour_named(self, p: int, ev: list[E.Event]) -> None:
        """*Hook*: a wild's colour is named; the play is complete."""
        self.settle(p, self.top, ev)

    def settle(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: ``p``'s play of ``c`` is complete; its effect reaches the next player."""
        self.deliver(p, c, self.next_player(p), ev)

    def deliver(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        """*Seam*: what ``c`` owes reaches ``target`` (normally the next player); a
        house rule may take over first (H-1 a stack, H-2 a swap)."""
        r = RANK_OF[c]
        if self.intercepts[r] and house.intercept(self, p, c, target, ev):
            return
        self.deliveries[r](self, p, c, target, ev)

    def delivery_table(self) -> list[Delivery]:
        """*Hook*: per rank, what a played card owes the player it reaches."""
        cls = type(self)
        table: list[Delivery] = [cls.turn_to] * 32
        table[Rank.SKIP] = cls.skip
        table[Rank.REVERSE] = cls.reverse_to
        table[Rank.DRAW_TWO] = cls.draw_two
        table[Rank.WILD_DRAW_FOUR] = cls.wild_draw_four
        return table

    def turn_to(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        """Delivery: nothing owed, ``target`` plays."""
        self.begin_turn(target, ev)

    def skip(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        """Delivery: ``target`` loses the turn (C-16)."""
        ev.append(E.TurnSkipped(target))
        self.begin_turn(self.next_player(target), ev)

    def reverse_to(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        """Delivery of a Reverse (its turn of direction is done): C-14 with two."""
        if len(self.seats) == 2:  # C-14: acts as a Skip
            self.skip(p, c, target, ev)
        else:
            self.begin_turn(target, ev)

    def draw_two(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        """Delivery: ``target`` draws 2 and loses the turn."""
        self.penalty(target, 2, "draw_two", ev)
        self.skip(p, c, target, ev)

    def wild_draw_four(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        """Delivery: ``target`` challenges or accepts (C-8)."""
        self.ask(target, CHALLENGE_D)

    def go_out(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: ``p`` played their last card ``c`` (C-13): the next player still
        draws for a Draw Two or Wild Draw Four, then the hand ends."""
        r = RANK_OF[c]
        if r == Rank.DRAW_TWO:
            self.penalty(self.next_player(p), 2, "draw_two", ev)
        elif r == Rank.WILD_DRAW_FOUR:
            self.penalty(self.next_player(p), 4, "wild_draw_four", ev)
        self.end_hand(p, ev)

    def penalty(self, p: int, n: int, reason: str, ev: list[E.Event]) -> None:
        """*Hook*: ``p`` must take ``n`` cards (Attack presses the launcher instead)."""
        self.draw_cards(p, n, reason, ev)

    # ------------------------------------------------------------------ turn flow (seams)
    def ask(self, p: int, decision: Decision) -> None:
        """*Seam*: ``p`` owes ``decision`` next (an edition's own questions too)."""
        self.to_act, self.decision = p, decision

    def begin_turn(self, p: int, ev: list[E.Event]) -> None:
        """*Seam* (editions may extend it): ``p``'s turn begins; or the hand ends blocked
        when play only passes one card around (see :data:`STARVED_ROUNDS`). Hands
        move first (H-2) and the jump-in window opens (H-3)."""
        if self.house_on:
            if self.played is not None or self.move is not None or self.stack:
                house.turn_begins(self, ev)
            else:
                self.jump = None
        if self.starved >= STARVED_ROUNDS * len(self.seats):
            self.end_hand(self.least_held(), ev, blocked=True)
            return
        self.to_act = p
        self.decision = TURN
        self.uno_declared = -1
        self.turns += 1
        ev.append(E.TurnStarted(p))
        self.turn_started(p, ev)

    def turn_started(self, p: int, ev: list[E.Event]) -> None:
        """*Hook*: a device reacts to a new turn (Triple Play lights its trays)."""

    def end_turn(self, p: int, ev: list[E.Event]) -> None:
        """*Hook*: ``p``'s turn ends without a play (after drawing)."""
        self.begin_turn(self.next_player(p), ev)

    def stalled(self, ev: list[E.Event]) -> bool:
        """*Seam*, DC: a turn in which nobody could play and nothing could be drawn. A
        whole round of them blocks the hand (the player holding the least wins it);
        True when the hand ended so."""
        self.dead_turns += 1
        if self.dead_turns < len(self.seats):
            return False
        self.end_hand(self.least_held(), ev, blocked=True)
        return True

    def end_hand(self, winner: int, ev: list[E.Event], blocked: bool = False) -> None:
        """*Seam*: score the hand ``winner`` won (M-*); deal the next, or end the match."""
        ms = self.match
        house.reset(self)
        points, gone = settle(self.ruleset, ms, self.seats, self.hands, winner)
        self.uno_open = []
        ev.append(E.HandEnded(winner, points, tuple(ms.scores), blocked))
        for q in gone:
            ev.append(E.PlayerEliminated(q))
        if ms.over:
            self.decision = OVER
            ev.append(E.MatchEnded(ms.winners))
            return
        self.start_hand(ev)

    # ------------------------------------------------------------------ hands (hooks)
    def start_hand(self, ev: list[E.Event]) -> None:
        """Deal the next hand (:func:`game.rules.dealing.start_hand`)."""
        self._hand_from = len(ev)
        dealing.start_hand(self, ev)

    def start_discard(self, ev: list[E.Event]) -> None:
        """*Hook*: turn the first discard and apply C-4 (or the edition's rule)."""
        dealing.start_discard(self, ev)

    def first_player(self) -> int:
        """*Hook*: who plays first (C-3: left of the dealer)."""
        return self.next_player(self.match.dealer)

    def first_card_effect(self, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: C-4, the first card's effect on the first player."""
        dealing.first_card_effect(self, c, ev)

    # ------------------------------------------------------------------ copies
    @classmethod
    def blank(cls, ruleset: Ruleset, players: int, seed: int) -> Game:
        """A game of this class with no hand dealt and its devices new: the caller sets
        the whole state (a position, a determinized world)."""
        return cls(ruleset, players, seed, blank=True)

    def clone(self) -> Game:
        """An independent copy (for search): same state, same RNG state."""
        return copies.clone(self)

    def with_hidden(self, hands: Sequence[Sequence[Card]], draw: Sequence[Card], seed: int,
                    wd4: copies.Wd4 | Literal["same"] = "same", into: Game | None = None) -> Game:
        """A determinized world for search (:func:`copies.with_hidden`): these hidden cards,
        a fresh RNG from ``seed``, the pending Wild Draw Four's ``wd4`` if given."""
        return copies.with_hidden(self, hands, draw, seed, self.wd4 if wd4 == "same" else wd4, into)


#: Each action type's handler (:mod:`~game.rules.turns`); editions extend a copy.
Game.HANDLERS = cast("dict[type, Handler]", dict(turns.HANDLERS))
