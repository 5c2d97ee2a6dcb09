"""One other player as a :class:`~game.bots.beliefs.Tracker` sees them: bounds on what
their hand holds (:class:`Opponent`) and how they behave (:class:`PlayerStats`).

A hand is described by *keys*: a colour, "a wild", or a coloured card of one rank. A bound
says how many cards with a key the hand may hold at most; the tracker moves the bounds as
the events say (a draw adds to every bound, a play removes), so they stay valid without
knowing which card left a hand. Also the chance count the medium rules share with it
(:func:`p_holds`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules.cards import CARDS, COLOUR_OF, RANK_OF, WILD, Card, Rank
from game.rules.engine import NO_RANK

#: Property keys: 0-3 a colour, 4 any wild, 5 + r a coloured card of rank r.
WILD_KEY = 4
RANK_KEY = 5
NKEYS = RANK_KEY + int(Rank.WILD)
BIG = 1 << 20  # "no bound"


def _keys(c: int) -> tuple[int, ...]:
    if COLOUR_OF[c] == WILD:
        return (WILD_KEY,)
    if RANK_OF[c] >= Rank.WILD:  # an edition's own coloured rank: its colour only
        return (COLOUR_OF[c],)
    return (COLOUR_OF[c], RANK_KEY + (RANK_OF[c]))


#: KEYS[card]: the property keys a card has.
KEYS: tuple[tuple[int, ...], ...] = tuple(_keys(c) for c in range(len(CARDS)))


def playable_keys(colour: int, match_rank: int) -> tuple[int, ...]:
    """The keys a card needs to be playable on ``colour`` / ``match_rank`` (C-5)."""
    keys = [WILD_KEY]
    if 0 <= colour < WILD:
        keys.append(colour)
    if match_rank != NO_RANK and match_rank < Rank.WILD:
        keys.append(RANK_KEY + match_rank)
    return tuple(keys)


#: How fast what a colour choice said about a hand fades (calibrated with the tracker's
#: ``LEAN_NAMED`` and ``LEAN_SWITCH``): per card of that colour played since, per card drawn.
LEAN_FADE_PLAY = 0.6
LEAN_FADE_DRAW = 0.85
PRIOR_ERRATIC = -4.0  # most players are careful until they show otherwise
#: How often a careful player bluffs a Wild Draw Four, relative to a careless one, before
#: any challenge has shown their hand. Small: a careful player holding the colour in
#: force has better cards to play, and a hand of many cards almost always holds it, so
#: anything larger would have every big hand's Wild Draw Four challenged.
CAREFUL_BLUFF = 0.01
#: Drawing while holding a wild is a careful player's choice too (keeping it for later),
#: so "held no wild" is believed less than "held none of the colour".
WILD_TRUST = 0.7


@dataclass
class Opponent:
    """What is inferred about one other player's hand."""

    known: Counter[Card] = field(default_factory=Counter)
    hard: list[int] = field(default_factory=lambda: [BIG] * NKEYS)
    soft: list[int] = field(default_factory=lambda: [BIG] * NKEYS)
    pending: tuple[int, ...] | None = None  # keys a just-drawn playable card may have
    #: How much likelier than an unseen card of another colour a card of each colour is
    #: to be in this hand, from the colour the player last chose to go into.
    lean: list[float] = field(default_factory=lambda: [1.0] * 4)

    def fade(self, factor: float) -> None:
        """The hand changed: what the last colour choice said about it counts less."""
        self.lean = [1.0 + (w - 1.0) * factor for w in self.lean]

    def draw(self, n: int, except_keys: tuple[int, ...] = ()) -> None:
        """``n`` cards joined the hand (none of them has a key in ``except_keys``)."""
        self.fade(LEAN_FADE_DRAW**n)
        for caps in (self.hard, self.soft):
            for k in range(NKEYS):
                if caps[k] < BIG and k not in except_keys:
                    caps[k] += n

    def remove(self, c: Card, skip: tuple[int, ...] = ()) -> bool:
        """Card ``c`` left the hand; False if a soft bound is contradicted."""
        if COLOUR_OF[c] < WILD and self.lean[COLOUR_OF[c]] > 1.0:
            self.fade(LEAN_FADE_PLAY)
        if self.known[c] > 0:
            self.known[c] -= 1
            if not self.known[c]:
                del self.known[c]
        ok = True
        for k in KEYS[c]:
            if k in skip:
                continue
            if self.hard[k] < BIG:
                self.hard[k] = self.hard[k] - 1 if self.hard[k] > 0 else BIG
            if self.soft[k] < BIG:
                if self.soft[k] > 0:
                    self.soft[k] -= 1
                else:
                    self.soft[k] = BIG
                    # Keeping a wild back and drawing is a careful player's choice too;
                    # holding back a fitting coloured card is rarer.
                    ok = ok and k == WILD_KEY
        return ok

    def reveal(self, hand: Sequence[Card]) -> None:
        """The whole hand was shown (C-8)."""
        self.known = Counter(hand)
        counts = [0] * NKEYS
        for c in hand:
            for k in KEYS[c]:
                counts[k] += 1
        self.hard = counts
        self.soft = list(counts)

    def cap(self, k: int, soft: bool) -> int:
        return min(self.hard[k], self.soft[k]) if soft else self.hard[k]


@dataclass
class PlayerStats:
    """Behaviour seen over the whole match (kept across hands)."""

    erratic: float = PRIOR_ERRATIC
    wd4_faced: int = 0
    challenges: int = 0
    bluffs_shown: int = 0
    honest_shown: int = 0

    @property
    def p_erratic(self) -> float:
        return 1.0 / (1.0 + math.exp(-self.erratic))

    @property
    def trust(self) -> float:
        """How far the no-renege inferences about this player can be believed."""
        return 0.95 - 0.55 * self.p_erratic

    @property
    def bluff_likelihood(self) -> float:
        """How much likelier this player is to play a Wild Draw Four when it is a bluff
        than when it is legal (1: does not care; near 0: never bluffs)."""
        shown = self.bluffs_shown + self.honest_shown
        careful = (self.bluffs_shown + 2 * CAREFUL_BLUFF) / (shown + 2)
        p = self.p_erratic
        return p + (1.0 - p) * careful

    @property
    def challenge_rate(self) -> float:
        """How often this player challenges a Wild Draw Four (smoothed)."""
        return (self.challenges + 0.6) / (self.wd4_faced + 3.0)


def p_holds(pool_size: int, matching: int, hand: int) -> float:
    """Chance that ``hand`` cards drawn from ``pool_size`` unseen ones include at least
    one of ``matching`` (hypergeometric)."""
    if matching <= 0 or hand <= 0:
        return 0.0
    if hand > pool_size - matching:
        return 1.0
    none = 1.0
    for i in range(hand):
        none *= (pool_size - matching - i) / (pool_size - i)
    return 1.0 - none
