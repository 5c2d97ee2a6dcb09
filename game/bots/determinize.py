"""Determinization: a whole game built from one player's view plus sampled hidden cards.

The hidden cards (other hands, the draw pile) are dealt from the cards the player has
not seen, respecting what the :class:`~game.bots.beliefs.Tracker` inferred (cards known
to be in a hand; hard bounds always, soft bounds with the probability the player's
behaviour deserves). The world is a real engine game, built directly from the view's
public state (:meth:`Game.blank`, the edition's ``assume_unit``), that search copies with
:meth:`Game.with_hidden` and plays out. Only the view, the tracker and the RNG are read:
equal views give equal worlds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.bots.beliefs import Tracker
from game.bots.opponent import BIG, KEYS, NKEYS, RANK_KEY, WILD_KEY, WILD_TRUST
from game.rules.actions import CallUno
from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Card, Rank
from game.rules.editions import game_class
from game.rules.engine import NO_RANK, Decision, Game
from game.rules.ruleset import MatchKind
from game.rules.view import PlayerView


class WorldError(ValueError):
    """The view cannot be turned into a world (an edition or state not supported)."""


def deal_hidden(
    view: PlayerView,
    tracker: Tracker,
    rng: random.Random,
    relax: dict[int, tuple[int, int, int]] | None = None,
) -> tuple[list[list[Card]], list[Card]]:
    """Sample every other hand and the draw pile (top last).

    ``relax`` maps a player to (a colour, soft bound on it, soft bound on wilds) to use
    instead of their current soft bounds: the culprit of a pending Wild Draw Four is
    sampled without the no-bluff assumption. One call of :meth:`Dealer.deal`; a search
    dealing many worlds from one view makes the :class:`Dealer` once.
    """
    return Dealer(view, tracker, relax).deal(rng)


class Dealer:
    """Deals the hidden cards of one view, many times: what does not depend on the
    random numbers (the unseen cards, each opponent's known cards, bounds and colour
    lean) is worked out once, when it is made."""

    def __init__(self, view: PlayerView, tracker: Tracker,
                 relax: dict[int, tuple[int, int, int]] | None = None) -> None:
        self.me = view.me
        self.sizes = list(view.hand_sizes)
        self.hand = list(view.hand)
        self.pool = sorted(tracker.unseen(view).elements())
        self.draw_size = view.draw_pile_size
        self.opps = [q for q in view.seats if q != view.me]
        self.known: dict[int, list[Card]] = {}
        self.hard: dict[int, list[int]] = {}
        self.soft: dict[int, list[int]] = {}
        self.trust: dict[int, float] = {}
        self.weights: dict[int, list[float]] = {}
        for q in self.opps:
            o = tracker.opp[q]
            self.known[q] = list(o.known.elements())[: self.sizes[q]]
            self.trust[q] = tracker.stats[q].trust
            self.hard[q] = list(o.hard)
            soft = list(o.soft)
            if relax and q in relax:
                col, s_col, s_wild = relax[q]
                soft[col], soft[WILD_KEY] = s_col, s_wild
            self.soft[q] = soft
            self.weights[q] = [*tracker.lean(q), 1.0]  # each colour's, the wilds last

    def deal(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """One sample of every other hand and the draw pile (top last)."""
        sizes = self.sizes
        pool = self.pool
        rnd = rng.random
        hands: list[list[Card]] = [[] for _ in sizes]
        hands[self.me] = list(self.hand)
        caps: dict[int, list[int]] = {}
        for q in self.opps:
            known = self.known[q]
            hands[q] = list(known)
            trust = self.trust[q]
            cap = list(self.hard[q])
            soft = self.soft[q]
            coin = rnd()
            if coin < trust:  # believe this player did not renege (one coin each)
                for k in range(NKEYS):
                    if k != WILD_KEY or coin < trust * WILD_TRUST:
                        cap[k] = min(cap[k], soft[k])
            for c in known:
                for k in KEYS[c]:
                    cap[k] -= 1
            caps[q] = cap
        order = sorted(self.opps, key=lambda q: (-sum(1 for k in caps[q] if k < BIG // 2), q))
        taken = [False] * len(pool)
        for q in order:
            need = sizes[q] - len(hands[q])
            if need > 0:
                need = self._sample(q, caps[q], need, taken, hands[q], rnd)
            if need > 0:  # bounds too tight for the cards left: relax them
                self._sample(q, None, need, taken, hands[q], rnd)
        draw = [c for i, c in enumerate(pool) if not taken[i]]
        if len(draw) != self.draw_size:
            raise WorldError("the unseen cards do not add up to the hidden places")
        for i in range(len(draw) - 1, 0, -1):  # Fisher-Yates
            j = int(rnd() * (i + 1))
            draw[i], draw[j] = draw[j], draw[i]
        return hands, draw

    def _sample(self, q: int, cap: list[int] | None, need: int, taken: list[bool],
                got: list[Card], rnd: Callable[[], float]) -> int:
        """Deal up to ``need`` untaken cards of the pool to ``got`` (``q``'s hand), within
        the bounds ``cap`` (``None``: none), more often of the colours ``q`` leans to;
        returns how many are still wanted (more than 0 when the bounds leave too few).

        Sequential weighted sampling without replacement: a colour with a chance in
        proportion to its weight times its cards left, then one of those uniformly. A
        card the bounds refuse is set aside for good (the bounds only tighten as cards
        are dealt). The law is that of ordering every card by an Efraimidis-Spirakis key
        ``rnd() ** (1 / weight)`` and taking the first ones the bounds allow (a race:
        the order among the cards allowed does not depend on the others), at a cost in
        the cards dealt rather than in the whole pool: no power, no sort (measured:
        half the time of a deal with the keys; tests/bots/test_determinize.py holds the
        law)."""
        pool = self.pool
        weights = self.weights[q]
        count = [0] * NKEYS
        members: list[list[int]] = [[], [], [], [], []]  # by colour, wilds last
        for i in range(len(pool)):
            if not taken[i] and (cap is None or _fits(KEYS[pool[i]], count, cap)):
                members[COLOUR_OF[pool[i]]].append(i)
        while need > 0:
            total = 0.0
            for k in range(5):
                total += weights[k] * len(members[k])
            if total <= 0.0:
                break
            r = rnd() * total
            k = 0
            last = -1
            while k < 5:
                n = len(members[k])
                if n:
                    last = k
                    m = weights[k] * n
                    if r < m:
                        break
                    r -= m
                k += 1
            if k == 5:  # rounding: the last colour with cards
                k = last
            cls = members[k]
            j = int(rnd() * len(cls))
            i = cls[j]
            cls[j] = cls[-1]
            cls.pop()
            c = pool[i]
            if cap is not None:
                keys = KEYS[c]
                if not _fits(keys, count, cap):
                    continue  # a rank this hand holds no more of
                for key in keys:
                    count[key] += 1
                    if key < RANK_KEY and count[key] >= cap[key]:  # that colour is full
                        members[key] = [x for x in members[key] if key not in KEYS[pool[x]]]
            taken[i] = True
            got.append(c)
            need -= 1
        return need


def _fits(keys: tuple[int, ...], count: list[int], cap: list[int]) -> bool:
    """May a hand holding ``count`` cards of each key, within ``cap``, take one more card
    with these keys?"""
    return all(count[key] < cap[key] for key in keys)


def bluffed(hand: Sequence[Card], colour: int, wilds_count: bool) -> bool:
    """C-7 / S-3: does ``hand`` (without the Wild Draw Four) make it illegal?"""
    return any(COLOUR_OF[c] == colour or (wilds_count and COLOUR_OF[c] == WILD) for c in hand)


def piles(view: PlayerView, tracker: Tracker) -> list[Sequence[Card]]:
    """Every discard pile: the view's, then the other trays as the events built them."""
    return [view.discard, *tracker.piles[1:]]


def build_world(
    view: PlayerView,
    tracker: Tracker,
    hands: Sequence[Sequence[Card]],
    draw: Sequence[Card],
    seed: int,
    rng: random.Random | None = None,
) -> Game:
    """The world with these hidden cards, as a single hand: the view's public state set
    on a blank game of the edition. ``rng`` draws what the unit hides (default: from
    ``seed``). :class:`WorldError` when the state does not hold together."""
    rs = view.ruleset
    rng = rng or random.Random(seed)
    players = len(view.hand_sizes)
    d = view.decision
    me = view.me
    top = view.discard[-1]
    single = rs if rs.match is MatchKind.SINGLE_HAND else replace(rs, match=MatchKind.SINGLE_HAND)
    g = game_class(single).blank(single, players, seed)
    ms = g.match
    ms.scores, ms.hand_no, ms.dealer = list(view.scores), view.hand_no, view.dealer
    for p in range(players):
        ms.eliminated[p] = p not in view.seats
    g.seats = list(view.seats)
    for i, p in enumerate(g.seats):
        g.pos[p] = i
    g.direction, g.to_act, g.decision = view.direction, view.to_act, d
    g.colour, g.drawn, g.uno_open = view.colour, view.drawn, list(view.uno_open)
    g.colour_then_play = (
        d is Decision.COLOUR
        and len(view.discard) == 1
        and COLOUR_OF[top] == WILD
        and RANK_OF[top] != Rank.WILD_ATTACK_ATTACK  # a victim first, then play on
    )
    if d is Decision.COLOUR and RANK_OF[top] == Rank.WILD_DRAW_FOUR and not g.colour_then_play:
        guilty = bluffed(view.hand, tracker.wd4_colour, rs.wd4_counts_wilds)
        g.wd4 = (me, guilty, tuple(view.hand))
    elif d is Decision.CHALLENGE:
        j = tracker.wd4_player
        guilty = bluffed(hands[j], tracker.wd4_colour, rs.wd4_counts_wilds)
        g.wd4 = (j, guilty, tuple(hands[j]))
    if (
        view.to_act == me
        and d in (Decision.TURN, Decision.DRAWN)
        and len(view.hand) == 2
        and me not in view.uno_open
        and not any(isinstance(a, CallUno) for a in view.legal)
    ):
        g.uno_declared = me
    g.hands = [list(h) for h in hands]
    g.draw_pile = list(draw)
    g.piles = [list(p) for p in piles(view, tracker)]
    g.discard = g.piles[0]
    g.match_rank = NO_RANK if COLOUR_OF[top] == WILD else RANK_OF[top]
    g.assume_unit(view.unit, rng)
    _check(g)
    return g


def _check(g: Game) -> None:
    """What would make a world fail later in its play-outs."""
    if len(g.piles) != g.PILES or not all(g.piles):
        raise WorldError("wrong number of discard piles, or an empty one")
    if Counter(c for pile in g.all_piles() for c in pile) != Counter(g.ruleset.cards()):
        raise WorldError("the cards are not the whole deck")
    if g.decision is Decision.DRAWN and (g.drawn is None or g.drawn not in g.hands[g.to_act]):
        raise WorldError("a drawn-card decision needs the drawn card in hand")
    if g.decision is Decision.CHALLENGE and g.wd4 is None:
        raise WorldError("a challenge decision needs the pending Wild Draw Four")


def sample_world(view: PlayerView, tracker: Tracker, rng: random.Random) -> Game:
    """One determinized game for ``view``: a single hand from this position."""
    relax = None
    if view.decision is Decision.CHALLENGE and 0 <= tracker.wd4_colour < WILD:
        relax = {tracker.wd4_player: (tracker.wd4_colour, *tracker.wd4_soft)}
    hands, draw = deal_hidden(view, tracker, rng, relax)
    return build_world(view, tracker, hands, draw, rng.getrandbits(31))
