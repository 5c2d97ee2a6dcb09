"""The table's state: hands, piles, seats, the colour in force, and the plain moves of
cards between them (C-11). :class:`~game.rules.engine.Game` builds on it.

Plain state: nothing here calls a hook or decides whose turn it is (that is the game's
turn flow, :mod:`game.rules.engine`), and everything is deterministic given the game's
RNG.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import game.rules.events as E
from game.rules.actions import Action
from game.rules.cards import RANK_OF, Card, Rank
from game.rules.chance import seeded
from game.rules.decisions import CHALLENGE_D, NEEDS, OVER, TURN, Decision
from game.rules.errors import IllegalAction
from game.rules.legality import NO_RANK, bluffs
from game.rules.match import MatchState
from game.rules.native import mypyc_attr
from game.rules.ruleset import Ruleset

#: What a played card owes the player it reaches: ``(game, player, card, target, events)``.
#: A function of the class, not a bound method: a game holding bound methods of itself
#: is a reference cycle, so every finished game (its log of events included) waited for
#: the cycle collector, which cost about a fifth of a simulation's time (measured: 0.81×).
Delivery = Callable[[Any, int, Card, int, list[E.Event]], None]
#: A pending Wild Draw Four: who played it, whether it was a bluff, the hand it leaves.
Wd4 = tuple[int, bool, tuple[Card, ...]] | None


# Interpreted subclasses allowed: a plug-in edition's game class extends Game, and so
# this class, from outside the compiled build.
@mypyc_attr(allow_interpreted_subclasses=True)
class Table:
    """The state of a match in play and the card moves every edition shares."""

    decision: Decision
    #: Per rank, what a played card owes the player it reaches (``Game.delivery_table``).
    deliveries: list[Delivery]
    #: Action type → handler: the game class's ``HANDLERS`` and the house rules' own.
    handlers: dict[type, Any]
    # What the turn flow asks of the house rules on (indexes into ``Game.house_rules``),
    # worked out once per set of rules. The rules themselves are the game's
    # (``Game.house_rules``): their hooks take the game.
    house_on: bool
    interceptors: tuple[tuple[int, ...], ...]  # per rank: may take over its delivery
    play_rules: tuple[int, ...]  # told of every card played
    turn_rules: tuple[int, ...]  # told of every turn about to begin
    uno_decisions: tuple[Decision, ...]  # the house rules' decisions UNO may be called on

    def __init__(self, ruleset: Ruleset, players: int, seed: int) -> None:
        ruleset.check_players(players)
        # The ruleset setter's work, written out: see the RNG's note below.
        self._ruleset = ruleset
        self.no_bluffing = ruleset.no_bluffing
        self.forced_play = ruleset.forced_play
        self.draw_to_match = ruleset.draw_to_match
        self.players = players
        self.seed = seed
        # The RNG, made when first used (see rng). Set here rather than by reseed():
        # compiled, an attribute set in __init__ before any call that is given ``self``
        # is read without a check that it is set (measured: 1.09x the CPU otherwise).
        self._rng: random.Random | None = None
        self._rng_seed = seed
        self.match = MatchState.new(players)
        self.actions: list[Action] = []
        self.turns = 0
        # Hand state (set by Game.start_hand).
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
        self.wd4: Wd4 = None  # player, guilty, hand
        self.dead_turns = 0
        self.starved = 0  # one-card reshuffles in a row (see STARVED_ROUNDS)
        self.hand_events: list[E.Event] = []  # everything since the deal (views redact)
        self._hand_from = -1  # index in the current event list where a new hand began
        self.initial_events: tuple[E.Event, ...] = ()  # the match's start and first deal

    @property
    def ruleset(self) -> Ruleset:
        """The rules this game plays by. The house rules a turn asks about (H-4 … H-6) are
        also the game's own ``no_bluffing``, ``forced_play`` and ``draw_to_match``, set
        with it: a ``Ruleset`` is an interpreted object, and in the compiled engine reading
        its fields on every turn was a dictionary look-up each time."""
        return self._ruleset

    @ruleset.setter
    def ruleset(self, rs: Ruleset) -> None:
        self._ruleset = rs
        self.no_bluffing = rs.no_bluffing
        self.forced_play = rs.forced_play
        self.draw_to_match = rs.draw_to_match

    # ------------------------------------------------------------------ the RNG
    @property
    def rng(self) -> random.Random:
        """The game's RNG, seeded when first used: a searched world is made for one
        play-out, which seldom draws from it (in the official game, only a reshuffle or
        a challenge coin does), and seeding a ``random.Random`` costs more than copying
        the rest of the world (measured: 4 µs against a 20-step play-out's 60)."""
        r = self._rng
        if r is None:
            r = self._rng = seeded(self._rng_seed)
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def reseed(self, seed: int) -> None:
        """A fresh RNG from ``seed`` (made when first used): the same numbers as
        ``random.Random(seed)``."""
        self._rng = None
        self._rng_seed = seed

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
        clause, why = NEEDS.get(d, ("C-9", "must play or draw"))
        return IllegalAction(clause, f"player {p} cannot {verb}: {why}")

    def need(self, p: int, verb: str, *decisions: Decision, own: str = "") -> None:
        """Raise unless ``p`` is to act on one of ``decisions``."""
        if p != self.to_act or self.decision not in decisions:
            raise self.refuse(p, verb, own)

    def is_bluff(self, p: int, c: Card, played: bool = False) -> bool:
        """C-7 / S-3: is ``p``'s Wild Draw Four ``c`` illegal (a colour-in-force card
        held)? ``played``: ``c`` has already left the hand."""
        if RANK_OF[c] != Rank.WILD_DRAW_FOUR:
            return False
        hand = list(self.hands[p])
        if not played:
            hand.remove(c)
        return bluffs(hand, self.colour, self.ruleset.wd4_counts_wilds)

    def least_held(self) -> int:
        """The seated player whose hand is worth the least (a blocked hand's winner)."""
        return min(self.seats, key=self._held_value)

    def _held_value(self, q: int) -> int:
        values = self.ruleset.values
        return sum(values[RANK_OF[c]] for c in self.hands[q])

    # ------------------------------------------------------------------ piles (seams editions use)
    def take(self, p: int, n: int, ev: list[E.Event]) -> list[Card]:
        """*Seam*: move up to ``n`` cards from the draw pile to ``p``'s hand (C-11)."""
        pile = self.draw_pile
        if len(pile) >= n:
            got = pile[-n:]
            del pile[-n:]
            got.reverse()  # in the order drawn: the top card first
        else:
            got = []
            while len(got) < n:
                if not pile and not self.reshuffle(ev):
                    break
                got.append(pile.pop())
        self.hands[p].extend(got)
        return got

    def draw_cards(self, p: int, n: int, reason: str, ev: list[E.Event]) -> None:
        """*Seam*: ``p`` draws ``n`` cards for ``reason`` (a penalty's plain form)."""
        got = self.take(p, n, ev)
        if self.uno_open and p in self.uno_open and len(self.hands[p]) > 1:
            self.uno_open.remove(p)
        ev.append(E.CardsDrawn(p, tuple(got), reason, len(got)))

    def reshuffle(self, ev: list[E.Event]) -> bool:
        """*Seam*, C-11: all but the top of each discard pile become the draw pile.
        False if there are none."""
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

    # ------------------------------------------------------------------ copies
    def copy_state_to(self, new: Table) -> None:
        """Give ``new`` (a blank game of this class) every attribute of this one, the
        same values, not copies (``Game.clone`` then copies the mutable ones). An edition
        with attributes of its own extends it; ``tests/rules/test_copies.py`` checks that
        every attribute of every registered edition arrives. Written out rather than
        looped over by name: compiled, that loop was a third of the hard bot's search
        time."""
        state: dict[str, object] | None = getattr(self, "__dict__", None)
        if state is not None:
            # Interpreted: every attribute, a plug-in's own included. Compiled: the own
            # attributes of an interpreted subclass (a plug-in's game), then the rest.
            new.__dict__.update(state)
            if not _COMPILED:
                return
        new.decision = self.decision
        new.house_on = self.house_on
        new.handlers = self.handlers
        new.interceptors = self.interceptors
        new.play_rules = self.play_rules
        new.turn_rules = self.turn_rules
        new.uno_decisions = self.uno_decisions
        new.deliveries = self.deliveries
        new._ruleset = self._ruleset
        new.no_bluffing = self.no_bluffing
        new.forced_play = self.forced_play
        new.draw_to_match = self.draw_to_match
        new.players = self.players
        new.seed = self.seed
        new._rng = self._rng
        new._rng_seed = self._rng_seed
        new.match = self.match
        new.actions = self.actions
        new.turns = self.turns
        new.hands = self.hands
        new.draw_pile = self.draw_pile
        new.discard = self.discard
        new.piles = self.piles
        new.seats = self.seats
        new.pos = self.pos
        new.direction = self.direction
        new.colour = self.colour
        new.match_rank = self.match_rank
        new.to_act = self.to_act
        new.drawn = self.drawn
        new.uno_open = self.uno_open
        new.uno_declared = self.uno_declared
        new.colour_then_play = self.colour_then_play
        new.wd4 = self.wd4
        new.dead_turns = self.dead_turns
        new.starved = self.starved
        new.hand_events = self.hand_events
        new._hand_from = self._hand_from
        new.initial_events = self.initial_events


#: Whether this module is the compiled build (its attributes then live outside
#: ``__dict__``; see ``copy_state_to``).
_COMPILED: Final = hasattr(Table, "__mypyc_attrs__")
