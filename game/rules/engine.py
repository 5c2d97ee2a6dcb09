"""The game: one object with ``legal_actions()`` and ``apply(action) -> events``.

A :class:`Game` is a whole match: dealer draw, hands, scoring, the match winner. It
never calls out, blocks or waits: a decision the rules leave to a player (play or draw,
name a colour, challenge, keep a drawn card …) is a *pending decision* for
``to_act``, answered by an action. Out-of-turn actions (calling UNO, catching) are
accepted from any seated player while they mean something.

Everything random comes from the game's own seeded ``random.Random``, so a game
replays exactly from ``(ruleset, players, seed, actions)``. Every action is checked in
full before anything changes; an illegal one raises :class:`IllegalAction` naming the
rule clause it breaks, and leaves the game as it was.

A play goes through these steps, each a method an edition may override (python-chess
style; see ``game/rules/editions``): ``check_play`` → ``place`` → ``after_place``
(going out, UNO) → ``start_effect`` (what happens at once: a Reverse turns play, a wild
asks for a colour) → ``settle`` (the play is complete) → ``deliver`` (what the card
owes reaches the next player, through the per-rank table of ``deliveries``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from enum import Enum
from typing import ClassVar, Final, cast

from game.rules import events as E
from game.rules.actions import (
    ACCEPT,
    CALL_UNO,
    CATCH,
    CHALLENGE,
    CHOOSE,
    DRAW,
    PASS,
    PLAY,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    Pass,
    Play,
)
from game.rules.cards import CARDS, WILD, Card, Rank
from game.rules.errors import IllegalAction
from game.rules.match import MatchState, seating, settle
from game.rules.native import shallow_copy
from game.rules.ruleset import FirstCard, Ruleset

NO_RANK: Final = 31  # "match_rank" after a wild: only the colour (or a wild) matches
#: DC: rounds of one-card reshuffles in a row after which a hand is blocked (the deck is
#: exhausted and play only passes the same card around, e.g. a Reverse between two).
STARVED_ROUNDS: Final = 3


def _playable_tables() -> tuple[tuple[bool, ...], ...]:
    """PLAYABLE[colour * 32 + match_rank][card]: C-5 precomputed for every situation.

    ``colour`` may be WILD (4): after a Triple Play wild any card fits (T-7).
    """
    tables = []
    for key in range(5 * 32):
        colour, rank = key >> 5, key & 31
        tables.append(
            tuple(
                c >> 5 == WILD or colour == WILD or c >> 5 == colour or (c & 31) == rank
                for c in CARDS
            )
        )
    return tuple(tables)


PLAYABLE: Final = _playable_tables()


class Decision(Enum):
    """The kind of decision ``Game.to_act`` owes."""

    TURN = "turn"  # play a card or draw (C-5, C-9, C-10)
    COLOUR = "colour"  # name the colour after a wild (C-6, C-7)
    CHALLENGE = "challenge"  # challenge the Wild Draw Four or accept it (C-8)
    DRAWN = "drawn"  # play the card just drawn or keep it (C-9)
    PICK_PLAYER = "pick_player"  # name a victim or target
    PRESS_TRAY = "press_tray"  # press a lit tray after drawing (T-4)
    PAIR = "pair"  # add a card to a Discard Two, or not (T-8)
    GIVE = "give"  # share a Give Away penalty (T-10)
    DISCARD = "discard"  # put commanded cards down one at a time
    NICKNAME = "nickname"  # record a nickname for another player (R-6b)
    RACE = "race"  # report a duel or house-rule race (R-6c, R-9)
    OVER = "over"  # the match is over


TURN = Decision.TURN
COLOUR = Decision.COLOUR
CHALLENGE_D = Decision.CHALLENGE
DRAWN = Decision.DRAWN
OVER = Decision.OVER

_NEEDS: Final = {
    Decision.COLOUR: ("C-6", "must name a colour first"),
    Decision.CHALLENGE: ("C-8", "must challenge the Wild Draw Four or accept it first"),
    Decision.DRAWN: ("C-9", "may only play the card just drawn, or keep it"),
    Decision.PICK_PLAYER: ("A-6", "must name a player first"),
    Decision.PRESS_TRAY: ("T-4", "must press a lit tray first"),
    Decision.PAIR: ("T-8", "must pair the Discard Two or play it alone first"),
    Decision.GIVE: ("T-10", "must share the penalty cards first"),
    Decision.DISCARD: ("R-7", "must put down the commanded cards first"),
    Decision.NICKNAME: ("R-6", "must give the nickname first"),
    Decision.RACE: ("R-10", "the race must finish first"),
    Decision.OVER: ("M-1", "the match is over"),
}

Delivery = Callable[[int, Card, int, list[E.Event]], None]
Handler = Callable[["Game", Action, list[E.Event]], None]


class Game:
    """A whole match of UNO under one ruleset. See the module docstring."""

    #: Action type → handler; editions extend it with their own actions.
    HANDLERS: ClassVar[dict[type, Handler]]
    #: How many discard piles the table has.
    PILES: ClassVar[int] = 1

    def __init__(self, ruleset: Ruleset, players: int, seed: int, *, blank: bool = False) -> None:
        """A new match, dealt. ``blank=True`` (for :func:`game.rules.native.blank` only)
        stops before the deal: a shell whose every field a copy or a loaded position sets,
        since a compiled Game cannot be made without ``__init__``."""
        ruleset.check_players(players)
        self.ruleset = ruleset
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.match = MatchState.new(players)
        self.actions: list[Action] = []
        self.turns = 0
        # Hand state (set by _start_hand).
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.draw_pile: list[Card] = []
        self.discard: list[Card] = []
        self.piles: list[list[Card]] = [self.discard]  # every discard pile (Triple: 3)
        self.seats: list[int] = []
        self.pos: list[int] = [-1] * players
        self.direction = 1
        self.colour = 0  # colour in force (a Colour, or WILD before a first wild is named)
        self.match_rank = NO_RANK
        self.to_act = 0
        self.decision = TURN
        self.drawn: Card | None = None
        self.uno_open: list[int] = []  # C-12: owe UNO and may be caught
        self.uno_declared = -1  # called UNO before playing the next-to-last card
        self.colour_then_play = False  # C-4: a first-card Wild
        self.wd4: tuple[int, bool, tuple[Card, ...]] | None = None  # player, guilty, hand
        self.dead_turns = 0
        self.starved = 0  # one-card reshuffles in a row (see STARVED_ROUNDS)
        self.hand_events: list[E.Event] = []  # everything since the deal (views redact)
        self._hand_from = -1  # index in the current event list where a new hand began
        self.setup_devices()
        self.deliveries = self.delivery_table()
        if blank:
            self.initial_events: tuple[E.Event, ...] = ()
            return
        ev: list[E.Event] = [E.MatchStarted(players, ruleset.edition)]
        self._start_hand(ev)
        self._log(ev)
        self.initial_events = tuple(ev)

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.decision is OVER

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def next_player(self, player: int, steps: int = 1) -> int:
        seats = self.seats
        return seats[(self.pos[player] + steps * self.direction) % len(seats)]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action ``player`` (default: ``to_act``) may take now that changes
        something. ``apply`` also accepts a harmless :class:`Catch` (C-12) and the
        clock's ``TimeUp``."""
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
            else:
                acts = self.device_actions(p)
            if (d is TURN or d is DRAWN) and len(self.hands[p]) == 2 and self.uno_declared != p:
                acts.append(CALL_UNO[p])
        else:
            acts = []
        if self.uno_open:
            acts += self.out_of_turn_actions(p)
        return acts

    def turn_actions(self, p: int) -> list[Action]:
        """*Hook*: the plays (one per distinct playable card) and the draw."""
        table = PLAYABLE[self.colour * 32 + self.match_rank]
        cards = [c for c in self.hands[p] if table[c]]
        if len(cards) > 1:
            cards = list(dict.fromkeys(cards))  # one action per distinct card
        if self.ruleset.no_bluffing:  # H-6
            cards = [c for c in cards if not self._bluff(p, c)]
        plays = PLAY[p]
        acts: list[Action] = [plays[c] for c in cards]
        acts.append(DRAW[p])
        return acts

    def drawn_actions(self, p: int, drawn: Card) -> list[Action]:
        """*Hook*: play the drawn card or keep it (C-9, H-5)."""
        acts: list[Action] = [PLAY[p][drawn]]
        if not self.ruleset.forced_play:
            acts.append(PASS[p])
        return acts

    def device_actions(self, p: int) -> list[Action]:
        """*Hook*: the answers to an edition's own decisions."""
        return []

    def out_of_turn_actions(self, player: int) -> list[Action]:
        """C-12 actions ``player`` may take whoever's turn it is: call UNO when owing
        it, catch a player who owes it."""
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
        """Carry out ``action``; returns the events it caused, in order.

        Raises :class:`IllegalAction` (and changes nothing) if the rules forbid it.
        """
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
        handler(self, action, ev)
        self.actions.append(action)
        self._log(ev)
        return ev

    def _log(self, ev: list[E.Event]) -> None:
        if self._hand_from < 0:
            self.hand_events.extend(ev)
        else:
            self.hand_events = ev[self._hand_from :]
            self._hand_from = -1

    def refuse(self, p: int, verb: str, own: str = "") -> IllegalAction:
        """The error for ``p`` trying to ``verb`` when it is not theirs to do. ``own``
        is the clause of the attempted answer, named when nothing of its kind is
        pending (a challenge with no Wild Draw Four to answer breaks C-8)."""
        d = self.decision
        if p != self.to_act:
            clause = "C-8" if d is CHALLENGE_D else "C-3"
            why = f"it is player {self.to_act}'s turn"
            return IllegalAction(clause, f"player {p} cannot {verb}: {why}")
        if d is TURN and own:
            return IllegalAction(own, f"player {p} cannot {verb}: nothing of the kind is pending")
        clause, why = _NEEDS.get(d, ("C-9", "must play or draw"))
        return IllegalAction(clause, f"player {p} cannot {verb}: {why}")

    def need(self, p: int, verb: str, *decisions: Decision, own: str = "") -> None:
        """Raise unless ``p`` is to act on one of ``decisions``."""
        if p != self.to_act or self.decision not in decisions:
            raise self.refuse(p, verb, own)

    def _on_play(self, a: Play, ev: list[E.Event]) -> None:
        p, c = a.player, a.card
        d = self.decision
        if p != self.to_act or (d is not TURN and d is not DRAWN):
            raise self.refuse(p, f"play {c}")
        if d is TURN:
            if c not in self.hands[p]:
                raise IllegalAction("C-5", f"player {p} does not hold {c}")
        elif c != self.drawn:
            raise IllegalAction("C-10", f"after drawing, only the drawn {self.drawn} may be played")
        self.check_play(p, c, a.tray)
        if self.ruleset.no_bluffing and self._bluff(p, c):
            raise IllegalAction("H-6", f"{c} is illegal while holding the colour in force")
        self.uno_open.clear()  # C-12: the turn has begun (a no-op after a draw)
        self.drawn = None
        self.dead_turns = 0
        self.hands[p].remove(c)
        self.place(p, c, a.tray, ev)
        self.after_place(p, c, ev)

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
            self.colour = c >> 5
            self.match_rank = c & 31
        else:
            self.match_rank = NO_RANK

    def after_place(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: going out (C-13) or owing UNO (C-12), then the card's effect."""
        hand = self.hands[p]
        if not hand:
            self.go_out(p, c, ev)
            return
        if len(hand) == 1 and self.uno_declared != p:
            self.uno_open.append(p)
        self.start_effect(p, c, ev)

    def start_effect(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: what a card does at once; a wild first asks for its colour."""
        r = c & 31
        if r == Rank.REVERSE:
            self.direction = -self.direction
            ev.append(E.DirectionChanged(self.direction == 1))
        elif r == Rank.WILD_DRAW_FOUR:
            self.wd4 = (p, self._bluff(p, c, played=True), tuple(self.hands[p]))
        if c >= 128:
            self.to_act, self.decision = p, COLOUR
            return
        self.settle(p, c, ev)

    def settle(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: ``p``'s play of ``c`` is complete; its effect reaches the next player."""
        self.deliver(p, c, self.next_player(p), ev)

    def deliver(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        """What ``c`` owes reaches ``target`` (normally the next player)."""
        self.deliveries[c & 31](p, c, target, ev)

    def _on_draw(self, a: Draw, ev: list[E.Event]) -> None:
        p = a.player
        if p != self.to_act or self.decision is not TURN:
            raise self.refuse(p, "draw")
        self.uno_open.clear()  # C-12: drawing begins the turn
        got = self._take(p, 1, ev)
        if self.ruleset.draw_to_match:  # H-4
            while got and not self.may_play_drawn(p, got[-1]):
                more = self._take(p, 1, ev)
                if not more:
                    break
                got += more
        ev.append(E.CardsDrawn(p, tuple(got), "turn", len(got)))
        if got and self.may_play_drawn(p, got[-1]):
            self.decision = DRAWN
            self.drawn = got[-1]
            return
        if got or any(self.could_play(c) for c in self.hands[p]):
            self.dead_turns = 0
        else:
            # DC: a whole round in which nobody can play and nothing can be drawn
            # ends the hand (blocked); the player holding the least wins it.
            self.dead_turns += 1
            if self.dead_turns >= len(self.seats):
                self._end_hand(self._least_held(), ev, blocked=True)
                return
        self.end_turn(p, ev)

    def may_play_drawn(self, p: int, c: Card) -> bool:
        """C-9: the drawn card may be played now (and H-6 allows it)."""
        return self.fits(c) and not (self.ruleset.no_bluffing and self._bluff(p, c))

    def fits(self, c: Card) -> bool:
        """*Hook*: could ``c`` be played now (on some pile)?"""
        return PLAYABLE[self.colour * 32 + self.match_rank][c]

    def could_play(self, c: Card) -> bool:
        """*Hook*: would ``c`` fit some pile on a later turn (for the blocked-hand rule)?"""
        return self.fits(c)

    def end_turn(self, p: int, ev: list[E.Event]) -> None:
        """*Hook*: ``p``'s turn ends without a play (after drawing)."""
        self._begin(self.next_player(p), ev)

    def _on_pass(self, a: Pass, ev: list[E.Event]) -> None:
        p = a.player
        self.need(p, "keep the drawn card", DRAWN)
        if self.ruleset.forced_play:
            raise IllegalAction("H-5", "a playable drawn card must be played")
        self.drawn = None
        ev.append(E.DrawnCardKept(p))
        self.end_turn(p, ev)

    def _on_colour(self, a: ChooseColour, ev: list[E.Event]) -> None:
        p = a.player
        self.need(p, "name a colour", COLOUR, own="C-6")
        self.colour = int(a.colour)
        ev.append(E.ColourChosen(p, a.colour))
        if self.colour_then_play:
            self.colour_then_play = False
            self._begin(p, ev)
        else:
            self.colour_named(p, ev)

    def colour_named(self, p: int, ev: list[E.Event]) -> None:
        """*Hook*: a wild's colour is named; the play is complete."""
        self.settle(p, self.top, ev)

    def _on_challenge(self, a: Challenge | Accept, ev: list[E.Event]) -> None:
        p = a.player
        self.need(p, "answer the Wild Draw Four", CHALLENGE_D, own="C-8")
        assert self.wd4 is not None
        culprit, guilty, shown = self.wd4
        self.wd4 = None
        if isinstance(a, Accept):
            self.penalty(p, 4, "wild_draw_four", ev)
        else:
            ev.append(E.ChallengeResolved(p, culprit, guilty, shown))
            if guilty:
                self.penalty(culprit, 4, "challenge_guilty", ev)
                self._begin(p, ev)
                return
            self.penalty(p, 6, "challenge_innocent", ev)
        ev.append(E.TurnSkipped(p))
        self._begin(self.next_player(p), ev)

    def _on_uno(self, a: CallUno, ev: list[E.Event]) -> None:
        p = a.player
        if p in self.uno_open:
            self.uno_open.remove(p)
        elif (
            p == self.to_act
            and self.decision in (TURN, DRAWN)
            and len(self.hands[p]) == 2
            and self.uno_declared != p
        ):
            self.uno_declared = p
        else:
            raise IllegalAction(
                "C-12", f"player {p} has nothing to call: UNO is called on the next-to-last card"
            )
        ev.append(E.UnoCalled(p))

    def _on_catch(self, a: Catch, ev: list[E.Event]) -> None:
        p, t = a.player, a.target
        if t == p or not 0 <= t < self.players or self.pos[t] < 0:
            raise IllegalAction("C-12", f"player {p} cannot catch player {t}")
        if t in self.uno_open and len(self.hands[t]) == 1:
            self.uno_open.remove(t)
            ev.append(E.UnoCaught(p, t))
            self.penalty(t, self.ruleset.uno_penalty, "uno_penalty", ev)
        else:
            ev.append(E.CatchMissed(p, t))

    # ------------------------------------------------------------------ deliveries (hooks)
    def delivery_table(self) -> list[Delivery]:
        """*Hook*: per rank, what a played card owes the player it reaches."""
        table: list[Delivery] = [self._to_next] * 32
        table[Rank.SKIP] = self._skip
        table[Rank.REVERSE] = self._reverse
        table[Rank.DRAW_TWO] = self._draw_two
        table[Rank.WILD_DRAW_FOUR] = self._wild_draw_four
        return table

    def _to_next(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        self._begin(target, ev)

    def _skip(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        ev.append(E.TurnSkipped(target))
        self._begin(self.next_player(target), ev)

    def _reverse(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        if len(self.seats) == 2:  # C-14: acts as a Skip
            self._skip(p, c, target, ev)
        else:
            self._begin(target, ev)

    def _draw_two(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        self.penalty(target, 2, "draw_two", ev)
        ev.append(E.TurnSkipped(target))
        self._begin(self.next_player(target), ev)

    def _wild_draw_four(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        self.to_act, self.decision = target, CHALLENGE_D

    def go_out(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: ``p`` played their last card ``c`` (C-13): the next player still
        draws for a Draw Two or Wild Draw Four, then the hand ends."""
        r = c & 31
        if r == Rank.DRAW_TWO:
            self.penalty(self.next_player(p), 2, "draw_two", ev)
        elif r == Rank.WILD_DRAW_FOUR:
            self.penalty(self.next_player(p), 4, "wild_draw_four", ev)
        self._end_hand(p, ev)

    def penalty(self, p: int, n: int, reason: str, ev: list[E.Event]) -> None:
        """*Hook*: ``p`` must take ``n`` cards (Attack presses the launcher instead)."""
        self._draw(p, n, reason, ev)

    def _bluff(self, p: int, c: Card, played: bool = False) -> bool:
        """C-7 / S-3: is this Wild Draw Four illegal (a colour-in-force card held)?"""
        if c & 31 != Rank.WILD_DRAW_FOUR:
            return False
        hand = list(self.hands[p])
        if not played:
            hand.remove(c)
        colour, wilds_count = self.colour, self.ruleset.wd4_counts_wilds
        return any(x >> 5 == colour or (wilds_count and x >> 5 == WILD) for x in hand)

    # ------------------------------------------------------------------ turn flow
    def _begin(self, p: int, ev: list[E.Event]) -> None:
        if self.starved >= STARVED_ROUNDS * len(self.seats):
            # DC: the deck is exhausted and play only passes one card around: the hand
            # is blocked; the player holding the least wins it.
            self._end_hand(self._least_held(), ev, blocked=True)
            return
        self.to_act = p
        self.decision = TURN
        self.uno_declared = -1
        self.turns += 1
        ev.append(E.TurnStarted(p))
        self.turn_started(p, ev)

    def turn_started(self, p: int, ev: list[E.Event]) -> None:
        """*Hook*: a device reacts to a new turn (Triple Play lights its trays)."""

    def _take(self, p: int, n: int, ev: list[E.Event]) -> list[Card]:
        """Move up to ``n`` cards from the draw pile to ``p``'s hand (C-11)."""
        pile = self.draw_pile
        if len(pile) >= n:
            got = pile[-n:]
            del pile[-n:]
            got.reverse()  # in the order drawn: the top card first
        else:
            got = []
            while len(got) < n:
                if not pile and not self._reshuffle(ev):
                    break
                got.append(pile.pop())
        self.hands[p].extend(got)
        return got

    def _draw(self, p: int, n: int, reason: str, ev: list[E.Event]) -> None:
        got = self._take(p, n, ev)
        if self.uno_open and p in self.uno_open and len(self.hands[p]) > 1:
            self.uno_open.remove(p)
        ev.append(E.CardsDrawn(p, tuple(got), reason, len(got)))

    def _reshuffle(self, ev: list[E.Event]) -> bool:
        """C-11: all but the top of each discard pile become the draw pile. False if none."""
        cards: list[Card] = []
        for pile in self.piles:
            cards += pile[:-1]
            del pile[:-1]
        if not cards:
            return False
        self.starved = self.starved + 1 if len(cards) == 1 else 0
        self.shuffle(cards)
        self.draw_pile[:0] = cards
        ev.append(E.Reshuffled(len(cards)))
        return True

    def shuffle(self, cards: list[Card]) -> None:
        """Shuffle in place with the game's RNG (a sort on random keys: uniform, and
        faster than ``random.shuffle`` for a deck)."""
        # The same keys, drawn in the same order, and the same stable sort as
        # ``cards.sort(key=lambda _c: rnd())``; no closure, which mypyc cannot compile
        # in a method of an interpreted class.
        rnd = self.rng.random
        keys = [rnd() for _ in cards]
        order = sorted(range(len(cards)), key=keys.__getitem__)
        cards[:] = [cards[i] for i in order]

    def _least_held(self) -> int:
        return min(self.seats, key=self._held_value)

    def _held_value(self, q: int) -> int:
        values = self.ruleset.values
        return sum(values[c & 31] for c in self.hands[q])

    # ------------------------------------------------------------------ hands
    def _start_hand(self, ev: list[E.Event]) -> None:
        ms, rs = self.match, self.ruleset
        ms.hand_no += 1
        self.seats = seating(rs.match, ms, ms.hand_no)
        self.pos = [-1] * self.players
        for i, q in enumerate(self.seats):
            self.pos[q] = i
        self.direction = 1
        self.hands = [[] for _ in range(self.players)]
        self.uno_open = []
        self.uno_declared = -1
        self.wd4 = None
        self.drawn = None
        self.colour_then_play = False
        self.dead_turns = 0
        self.starved = 0
        self._hand_from = len(ev)
        if ms.hand_no == 1 or ms.dealer not in self.seats:
            ms.dealer = self._choose_dealer(ev)
        else:
            ms.dealer = self.next_player(ms.dealer)
        deck = rs.cards()
        self.shuffle(deck)
        n = rs.hand_size
        for i, q in enumerate(self.seats):
            self.hands[q] = deck[len(deck) - n * (i + 1) : len(deck) - n * i]
        del deck[len(deck) - n * len(self.seats) :]
        self.draw_pile = deck
        ev.append(E.HandStarted(ms.hand_no, ms.dealer, tuple(self.seats)))
        self.start_discard(ev)

    def _choose_dealer(self, ev: list[E.Event]) -> int:
        """C-2: each player draws; highest number deals (actions count 0); ties redraw."""
        seats = self.seats
        if not self.ruleset.dealer_draw:
            dealer = seats[self.rng.randrange(len(seats))]
            ev.append(E.DealerChosen(dealer, ()))
            return dealer
        deck = self.ruleset.cards()
        rounds: list[tuple[tuple[int, Card], ...]] = []
        drawing = list(seats)
        while True:
            if len(deck) < len(drawing):
                deck = self.ruleset.cards()
            picks = self.rng.sample(range(len(deck)), len(drawing))
            draws = tuple((q, deck[i]) for q, i in zip(drawing, picks, strict=True))
            for i in sorted(picks, reverse=True):
                del deck[i]
            rounds.append(draws)
            score = {q: (c & 31 if c & 31 <= 9 else 0) for q, c in draws}
            best = max(score.values())
            drawing = [q for q in drawing if score[q] == best]
            if len(drawing) == 1:
                ev.append(E.DealerChosen(drawing[0], tuple(rounds)))
                return drawing[0]

    def turn_first_card(self, rule: FirstCard, passed: list[Card]) -> Card:
        """Turn cards from the draw pile until one may start a pile, by ``rule``."""
        pile = self.draw_pile
        while True:
            c = pile.pop()
            rank = c & 31
            if (rule is FirstCard.OFFICIAL and rank == Rank.WILD_DRAW_FOUR) or (
                rule is FirstCard.RESHUFFLE_ACTIONS and rank > 9
            ):
                passed.append(c)
                pile.append(c)
                self.shuffle(pile)
            elif rule is FirstCard.BOTTOM_ACTIONS and rank > 9:
                passed.append(c)
                pile.insert(0, c)
            elif rule is FirstCard.COVER_ACTIONS and rank > 9:
                passed.append(c)
                self.discard.append(c)
            else:
                return c

    def start_discard(self, ev: list[E.Event]) -> None:
        """*Hook*: turn the first discard and apply C-4 (or the edition's rule)."""
        self.discard.clear()
        passed: list[Card] = []
        c = self.turn_first_card(self.ruleset.first_card, passed)
        self.discard.append(c)
        ev.append(E.FirstCard(c, tuple(passed)))
        self.colour = WILD if c >= 128 else c >> 5
        self.match_rank = NO_RANK if c >= 128 else c & 31
        self.first_card_effect(c, ev)

    def first_player(self) -> int:
        """*Hook*: who plays first (C-3: left of the dealer)."""
        return self.next_player(self.match.dealer)

    def first_card_effect(self, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: C-4, the first card's effect on the first player."""
        first = self.first_player()
        rank = c & 31
        if rank == Rank.WILD:
            self.to_act, self.decision, self.colour_then_play = first, COLOUR, True
        elif rank == Rank.DRAW_TWO:
            self.penalty(first, 2, "first_card", ev)
            ev.append(E.TurnSkipped(first))
            self._begin(self.next_player(first), ev)
        elif rank == Rank.REVERSE:
            self.direction = -1
            ev.append(E.DirectionChanged(False))
            self._begin(self.match.dealer, ev)
        elif rank == Rank.SKIP:
            ev.append(E.TurnSkipped(first))
            self._begin(self.next_player(first), ev)
        else:
            self._begin(first, ev)

    def _end_hand(self, winner: int, ev: list[E.Event], blocked: bool = False) -> None:
        ms = self.match
        points, gone = settle(self.ruleset, ms, self.seats, self.hands, winner)
        self.uno_open = []
        ev.append(E.HandEnded(winner, points, tuple(ms.scores), blocked))
        for q in gone:
            ev.append(E.PlayerEliminated(q))
        if ms.over:
            self.decision = OVER
            ev.append(E.MatchEnded(ms.winners))
            return
        self._start_hand(ev)

    # ------------------------------------------------------------------ devices & copies
    def setup_devices(self) -> None:
        """*Hook*: create the edition's electronic unit (it draws from ``self.rng``)."""

    def device_text(self) -> str:
        """*Hook*: the device's state for the position text form (``-``: none)."""
        return "-"

    def public_device_text(self) -> str:
        """*Hook*: the part of the device's state every player can see."""
        return self.device_text()

    def load_device(self, text: str) -> None:
        """*Hook*: inverse of :meth:`device_text`; raises ``ValueError``."""
        if text != "-":
            raise ValueError(f"{self.ruleset.edition} has no electronic unit")

    def clone(self) -> Game:
        """An independent copy (for search): same state, same RNG state."""
        g = shallow_copy(self, self.ruleset, self.players, self.seed)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.match = MatchState(
            self.match.players,
            list(self.match.scores),
            list(self.match.eliminated),
            self.match.hand_no,
            self.match.dealer,
            self.match.winners,
            list(self.match.history),
        )
        g.actions = list(self.actions)
        g.hands = [list(h) for h in self.hands]
        g.draw_pile = list(self.draw_pile)
        g.piles = [list(p) for p in self.piles]
        g.discard = g.piles[0]
        g.seats = list(self.seats)
        g.pos = list(self.pos)
        g.uno_open = list(self.uno_open)
        g.hand_events = list(self.hand_events)
        g.copy_devices_from(self)
        g.deliveries = g.delivery_table()
        return g

    def copy_devices_from(self, other: Game) -> None:
        """*Hook*: make this clone's devices independent copies of ``other``'s."""

    def all_piles(self) -> list[Sequence[Card]]:
        """Every place a card can be: the deck invariant is checked over these."""
        return [*self.hands, self.draw_pile, *self.piles]

    def card_count(self) -> dict[Card, int]:
        """How many of each card are anywhere (hands, piles): the deck invariant."""
        count: dict[Card, int] = {}
        for pile in self.all_piles():
            for c in pile:
                count[c] = count.get(c, 0) + 1
        return count

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self.hands))


Game.HANDLERS = {
    Play: Game._on_play,  # type: ignore[dict-item]
    Draw: Game._on_draw,  # type: ignore[dict-item]
    Pass: Game._on_pass,  # type: ignore[dict-item]
    ChooseColour: Game._on_colour,  # type: ignore[dict-item]
    Challenge: Game._on_challenge,  # type: ignore[dict-item]
    Accept: Game._on_challenge,  # type: ignore[dict-item]
    CallUno: Game._on_uno,  # type: ignore[dict-item]
    Catch: Game._on_catch,  # type: ignore[dict-item]
}
