"""The game: one object with ``legal_actions()`` and ``apply(action) -> events``.

A :class:`Game` is a whole match: dealer draw, hands, scoring, the match winner. It
never calls out, blocks or waits: a decision the rules leave to a player (play or draw,
name a colour, challenge, keep a drawn card) is a *pending decision* for ``to_act``,
answered by an action. Out-of-turn actions (calling UNO, catching) are accepted from
any seated player while they mean something.

Everything random comes from the game's own seeded ``random.Random``, so a game
replays exactly from ``(ruleset, players, seed, actions)``. Every action is checked in
full before anything changes; an illegal one raises :class:`IllegalAction` naming the
rule clause it breaks, and leaves the game as it was.

Editions change behaviour through the hooks marked *hook* (python-chess style): a
subclass overrides the effect table, the going-out rule or the first-card rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Final

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
from game.rules.ruleset import FirstCard, MatchKind, Ruleset

NO_RANK: Final = 31  # "match_rank" after a wild: only the colour (or a wild) matches


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
    OVER = "over"  # the match is over


TURN, COLOUR, CHALLENGE_D, DRAWN, OVER = Decision  # fast local aliases

_NEEDS: Final = {
    COLOUR: ("C-6", "must name a colour first"),
    CHALLENGE_D: ("C-8", "must challenge the Wild Draw Four or accept it first"),
    DRAWN: ("C-9", "may only play the card just drawn, or keep it"),
    OVER: ("M-1", "the match is over"),
}

Effect = Callable[[int, Card, list[E.Event]], None]


class Game:
    """A whole match of UNO under one ruleset. See the module docstring."""

    def __init__(self, ruleset: Ruleset, players: int, seed: int) -> None:
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
        self.hand_events: list[E.Event] = []  # everything since the deal (views redact)
        self._hand_from = -1  # index in the current event list where a new hand began
        self._effects = self.effect_table()
        ev: list[E.Event] = [E.MatchStarted(players, ruleset.edition)]
        self._start_hand(ev)
        self._log(ev)
        self.initial_events: tuple[E.Event, ...] = tuple(ev)

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

    def is_playable(self, c: Card) -> bool:
        """C-5: does ``c`` match the top card and the colour in force?"""
        return PLAYABLE[self.colour * 32 + self.match_rank][c]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action ``player`` (default: ``to_act``) may take now that changes
        something. ``apply`` also accepts a harmless :class:`Catch` (C-12)."""
        p = self.to_act if player is None else player
        d = self.decision
        acts: list[Action]
        if d is OVER or self.pos[p] < 0:
            return []
        if p == self.to_act:
            if d is TURN:
                table = PLAYABLE[self.colour * 32 + self.match_rank]
                cards = [c for c in self.hands[p] if table[c]]
                if len(cards) > 1:
                    cards = list(dict.fromkeys(cards))  # one action per distinct card
                if self.ruleset.no_bluffing:  # H-6
                    cards = [c for c in cards if not self._bluff(p, c)]
                plays = PLAY[p]
                acts = [plays[c] for c in cards]
                acts.append(DRAW[p])
            elif d is DRAWN:
                assert self.drawn is not None
                acts = [PLAY[p][self.drawn]]
                if not self.ruleset.forced_play:
                    acts.append(PASS[p])
            elif d is COLOUR:
                acts = list(CHOOSE[p])
            else:
                acts = [CHALLENGE[p], ACCEPT[p]]
            if (d is TURN or d is DRAWN) and len(self.hands[p]) == 2 and self.uno_declared != p:
                acts.append(CALL_UNO[p])
        else:
            acts = []
        if self.uno_open:
            acts += self.out_of_turn_actions(p)
        return acts

    def out_of_turn_actions(self, player: int) -> list[Action]:
        """C-12 actions ``player`` may take whoever's turn it is: call UNO when owing
        it, catch a player who owes it."""
        acts: list[Action] = []
        if self.pos[player] < 0 or self.decision is OVER:
            return acts
        for t in self.uno_open:
            if t == player:
                acts.append(CALL_UNO[player])
            elif len(self.hands[t]) == 1:
                acts.append(CATCH[player][t])
        return acts

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[E.Event]:
        """Carry out ``action``; returns the events it caused, in order.

        Raises :class:`IllegalAction` (and changes nothing) if the rules forbid it.
        """
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction("C-3", f"not an action: {action!r}")
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

    def _refuse(self, p: int, verb: str) -> IllegalAction:
        """The error for ``p`` trying to ``verb`` when it is not theirs to do."""
        d = self.decision
        if p != self.to_act:
            clause = "C-8" if d is CHALLENGE_D else "C-3"
            return IllegalAction(clause, f"player {p} cannot {verb}: it is player {self.to_act}'s turn")
        clause, why = _NEEDS.get(d, ("C-9", "must play or draw"))
        return IllegalAction(clause, f"player {p} cannot {verb}: {why}")

    def _need(self, p: int, verb: str, *decisions: Decision) -> None:
        """Raise unless ``p`` is to act on one of ``decisions``."""
        if p != self.to_act or self.decision not in decisions:
            raise self._refuse(p, verb)

    def _on_play(self, a: Play, ev: list[E.Event]) -> None:
        p, c = a.player, a.card
        d = self.decision
        if p != self.to_act or (d is not TURN and d is not DRAWN):
            raise self._refuse(p, f"play {c}")
        hand = self.hands[p]
        if d is TURN:
            if c not in hand:
                raise IllegalAction("C-5", f"player {p} does not hold {c}")
            if not PLAYABLE[self.colour * 32 + self.match_rank][c]:
                raise IllegalAction("C-5", f"{c} matches neither {self.top} nor the colour in force")
        elif c != self.drawn:
            raise IllegalAction("C-10", f"after drawing, only the drawn {self.drawn} may be played")
        if self.ruleset.no_bluffing and self._bluff(p, c):
            raise IllegalAction("H-6", f"{c} is illegal while holding the colour in force")
        self.uno_open.clear()  # C-12: the turn has begun (a no-op after a draw)
        self.drawn = None
        hand.remove(c)
        self.discard.append(c)
        ev.append(E.CardPlayed(p, c))
        self.dead_turns = 0
        if c < 128:  # not a wild: its colour and rank are now in force
            self.colour = c >> 5
            self.match_rank = c & 31
        else:
            self.match_rank = NO_RANK
        if not hand:
            self.go_out(p, c, ev)
            return
        if len(hand) == 1 and self.uno_declared != p:
            self.uno_open.append(p)
        self._effects[c & 31](p, c, ev)

    def _on_draw(self, a: Draw, ev: list[E.Event]) -> None:
        p = a.player
        if p != self.to_act or self.decision is not TURN:
            raise self._refuse(p, "draw")
        self.uno_open.clear()  # C-12: drawing begins the turn
        table = PLAYABLE[self.colour * 32 + self.match_rank]
        got = self._take(p, 1, ev)
        if self.ruleset.draw_to_match:  # H-4
            while got and not table[got[-1]]:
                more = self._take(p, 1, ev)
                if not more:
                    break
                got += more
        ev.append(E.CardsDrawn(p, tuple(got), "turn", len(got)))
        if got and table[got[-1]]:
            self.decision = DRAWN
            self.drawn = got[-1]
            return
        if got:
            self.dead_turns = 0
        elif not any(table[c] for c in self.hands[p]):
            # DC: nothing to draw and nothing to play for a whole round ends the hand.
            self.dead_turns += 1
            if self.dead_turns >= len(self.seats):
                self._end_hand(self._least_held(), ev, blocked=True)
                return
        self._begin(self.next_player(p), ev)

    def _on_pass(self, a: Pass, ev: list[E.Event]) -> None:
        p = a.player
        self._need(p, "keep the drawn card", DRAWN)
        if self.ruleset.forced_play:
            raise IllegalAction("H-5", "a playable drawn card must be played")
        self.drawn = None
        ev.append(E.DrawnCardKept(p))
        self._begin(self.next_player(p), ev)

    def _on_colour(self, a: ChooseColour, ev: list[E.Event]) -> None:
        p = a.player
        self._need(p, "name a colour", COLOUR)
        self.colour = int(a.colour)
        ev.append(E.ColourChosen(p, a.colour))
        if self.wd4 is not None:
            self.to_act = self.next_player(p)
            self.decision = CHALLENGE_D
        elif self.colour_then_play:
            self.colour_then_play = False
            self._begin(p, ev)
        else:
            self.after_colour(p, ev)

    def _on_challenge(self, a: Challenge | Accept, ev: list[E.Event]) -> None:
        p = a.player
        self._need(p, "answer the Wild Draw Four", CHALLENGE_D)
        assert self.wd4 is not None
        culprit, guilty, shown = self.wd4
        self.wd4 = None
        if isinstance(a, Accept):
            self._draw(p, 4, "wild_draw_four", ev)
        else:
            ev.append(E.ChallengeResolved(p, culprit, guilty, shown))
            if guilty:
                self._draw(culprit, 4, "challenge_guilty", ev)
                self._begin(p, ev)
                return
            self._draw(p, 6, "challenge_innocent", ev)
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
            self._draw(t, self.ruleset.uno_penalty, "uno_penalty", ev)
        else:
            ev.append(E.CatchMissed(p, t))

    _handlers: Final[dict[type, Callable[[Game, Action, list[E.Event]], None]]] = {
        Play: _on_play,  # type: ignore[dict-item]
        Draw: _on_draw,  # type: ignore[dict-item]
        Pass: _on_pass,  # type: ignore[dict-item]
        ChooseColour: _on_colour,  # type: ignore[dict-item]
        Challenge: _on_challenge,  # type: ignore[dict-item]
        Accept: _on_challenge,  # type: ignore[dict-item]
        CallUno: _on_uno,  # type: ignore[dict-item]
        Catch: _on_catch,  # type: ignore[dict-item]
    }

    # ------------------------------------------------------------------ effects (hooks)
    def effect_table(self) -> list[Effect]:
        """*Hook*: the effect of each rank when played (not as a last card)."""
        table: list[Effect] = [self._pass_turn] * 32
        table[Rank.SKIP] = self._skip
        table[Rank.REVERSE] = self._reverse
        table[Rank.DRAW_TWO] = self._draw_two
        table[Rank.WILD] = self._wild
        table[Rank.WILD_DRAW_FOUR] = self._wild_draw_four
        return table

    def _pass_turn(self, p: int, c: Card, ev: list[E.Event]) -> None:
        self._begin(self.next_player(p), ev)

    def _skip(self, p: int, c: Card, ev: list[E.Event]) -> None:
        q = self.next_player(p)
        ev.append(E.TurnSkipped(q))
        self._begin(self.next_player(q), ev)

    def _reverse(self, p: int, c: Card, ev: list[E.Event]) -> None:
        self.direction = -self.direction
        ev.append(E.DirectionChanged(self.direction == 1))
        if len(self.seats) == 2:  # C-14: acts as a Skip
            self._skip(p, c, ev)
        else:
            self._begin(self.next_player(p), ev)

    def _draw_two(self, p: int, c: Card, ev: list[E.Event]) -> None:
        q = self.next_player(p)
        self._draw(q, 2, "draw_two", ev)
        ev.append(E.TurnSkipped(q))
        self._begin(self.next_player(q), ev)

    def _wild(self, p: int, c: Card, ev: list[E.Event]) -> None:
        self.decision = COLOUR

    def _wild_draw_four(self, p: int, c: Card, ev: list[E.Event]) -> None:
        self.wd4 = (p, self._bluff(p, c, played=True), tuple(self.hands[p]))
        self.decision = COLOUR

    def after_colour(self, p: int, ev: list[E.Event]) -> None:
        """*Hook*: what follows naming a colour for a plain wild."""
        self._begin(self.next_player(p), ev)

    def go_out(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: ``p`` played their last card ``c`` (C-13): the next player still
        draws for a Draw Two or Wild Draw Four, then the hand ends."""
        r = c & 31
        if r == Rank.DRAW_TWO:
            self._draw(self.next_player(p), 2, "draw_two", ev)
        elif r == Rank.WILD_DRAW_FOUR:
            self._draw(self.next_player(p), 4, "wild_draw_four", ev)
        self._end_hand(p, ev)

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
        self.to_act = p
        self.decision = TURN
        self.uno_declared = -1
        self.turns += 1
        ev.append(E.TurnStarted(p))

    def _take(self, p: int, n: int, ev: list[E.Event]) -> list[Card]:
        """Move up to ``n`` cards from the draw pile to ``p``'s hand (C-11)."""
        pile = self.draw_pile
        if len(pile) >= n:
            got = pile[-n:]
            del pile[-n:]
        else:
            got = []
            while len(got) < n:
                if not pile and not self._reshuffle(ev):
                    break
                got.append(pile.pop())
        got.reverse()
        self.hands[p].extend(got)
        return got

    def _draw(self, p: int, n: int, reason: str, ev: list[E.Event]) -> None:
        got = self._take(p, n, ev)
        if self.uno_open and p in self.uno_open and len(self.hands[p]) > 1:
            self.uno_open.remove(p)
        ev.append(E.CardsDrawn(p, tuple(got), reason, len(got)))

    def _reshuffle(self, ev: list[E.Event]) -> bool:
        """C-11: all but the top discard become the draw pile. False if none."""
        d = self.discard
        if len(d) < 2:
            return False
        pile = d[:-1]
        del d[:-1]
        self.shuffle(pile)
        self.draw_pile[:0] = pile
        ev.append(E.Reshuffled(len(pile)))
        return True

    def shuffle(self, cards: list[Card]) -> None:
        """Shuffle in place with the game's RNG (a sort on random keys: uniform, and
        several times faster than ``random.shuffle`` for a deck)."""
        rnd = self.rng.random
        cards.sort(key=lambda _c: rnd())

    def _least_held(self) -> int:
        values = self.ruleset.values
        return min(self.seats, key=lambda q: sum(values[c & 31] for c in self.hands[q]))

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
        self.discard = []
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

    def start_discard(self, ev: list[E.Event]) -> None:
        """*Hook*: turn the first discard and apply C-4 (or the edition's rule)."""
        rule = self.ruleset.first_card
        pile, passed = self.draw_pile, []
        while True:
            c = pile.pop()
            rank = c & 31
            if rule is FirstCard.OFFICIAL and rank == Rank.WILD_DRAW_FOUR or (
                rule is FirstCard.RESHUFFLE_ACTIONS and rank > 9
            ):
                passed.append(c)
                pile.append(c)
                self.shuffle(pile)
                continue
            if rule is FirstCard.COVER_ACTIONS and rank > 9:
                passed.append(c)
                self.discard.append(c)
                continue
            break
        self.discard.append(c)
        ev.append(E.FirstCard(c, tuple(passed)))
        self.colour = WILD if c >= 128 else c >> 5
        self.match_rank = NO_RANK if c >= 128 else rank
        self.first_card_effect(c, ev)

    def first_card_effect(self, c: Card, ev: list[E.Event]) -> None:
        """*Hook*: C-4, the first card's effect on the first player."""
        dealer = self.match.dealer
        first = self.next_player(dealer)
        rank = c & 31
        if rank == Rank.WILD:
            self.to_act, self.decision, self.colour_then_play = first, COLOUR, True
        elif rank == Rank.DRAW_TWO:
            self._draw(first, 2, "first_card", ev)
            ev.append(E.TurnSkipped(first))
            self._begin(self.next_player(first), ev)
        elif rank == Rank.REVERSE:
            self.direction = -1
            ev.append(E.DirectionChanged(False))
            self._begin(dealer, ev)
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

    # ------------------------------------------------------------------ copies
    def clone(self) -> Game:
        """An independent copy (for search): same state, same RNG state."""
        g = Game.__new__(type(self))
        g.__dict__.update(self.__dict__)
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
        g.discard = list(self.discard)
        g.seats = list(self.seats)
        g.pos = list(self.pos)
        g.uno_open = list(self.uno_open)
        g.hand_events = list(self.hand_events)
        g._effects = g.effect_table()
        return g

    def card_count(self) -> dict[Card, int]:
        """How many of each card are anywhere (hands, piles): the deck invariant."""
        count: dict[Card, int] = {}
        for pile in (*self.hands, self.draw_pile, self.discard):
            for c in pile:
                count[c] = count.get(c, 0) + 1
        return count

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self.hands))

    @property
    def kind(self) -> MatchKind:
        return self.ruleset.match

    def values_of(self, cards: Sequence[Card]) -> int:
        return sum(self.ruleset.values[c & 31] for c in cards)
