"""Fast play-outs for search: a light heuristic policy run directly on an engine copy.

Inside a determinized world every player plays from their own (sampled) hand with a
cheap version of the medium rules: follow the colour you hold most of, keep wilds,
hit a player about to go out, name your longest colour, never bluff. Opponents
challenge a Wild Draw Four at the rate they were seen to (``challenge_rate``); nobody
calls or catches UNO. Editions' own decisions: the leader as victim, a tray that will
not overload, always a pair; house rules: answer a stack when possible (H-1), swap with
the smallest hand (H-2), no jump-ins (H-3: out of turn, optional); anything else at
random. A play-out that runs too long is
cut and scored by :func:`estimate`. :func:`score_candidates` is the hard bot's inner
loop: every candidate action played in one world.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from game.editions.triple.rules import TripleGame
from game.rules.actions import (
    ACCEPT,
    CHALLENGE,
    CHOOSE,
    DRAW,
    PLAY,
    Action,
    CallUno,
    Catch,
    PickPlayer,
    PickTray,
    Play,
    SwapWith,
)
from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Card, Rank
from game.rules.decisions import CHALLENGE_D, COLOUR, DRAWN, OVER, TURN
from game.rules.engine import PLAYABLE, Decision, Game, Wd4
from game.rules.match import side
from game.rules.ruleset import MatchKind

# Final, here and below: compiled, a Final module constant is a C static, and any other
# module-level name a dictionary look-up on every read (several a play-out step).
_WD4: Final = int(Rank.WILD_DRAW_FOUR)
_ACTION_MIN: Final = int(Rank.SKIP)
_TRAY_SAVERS: Final = (int(Rank.WILD_CLEAR), int(Rank.WILD_GIVE_AWAY))


def other_decision(g: Game, p: int, rng: random.Random | None = None) -> Action:
    """An edition's own decision in a play-out: the leader as victim, a safe tray,
    always a pair; anything else at random (from ``rng``, default the game's)."""
    acts = [x for x in g.legal_actions() if not isinstance(x, CallUno | Catch)]
    d = g.decision
    if d is Decision.PICK_PLAYER:
        return min(acts, key=lambda a: len(g.hands[a.target]) if isinstance(a, PickPlayer) else 99)
    if d is Decision.PRESS_TRAY:
        red = _red_trays(g)
        safe = [a for a in acts if isinstance(a, PickTray) and a.tray not in red]
        return safe[0] if safe else acts[0]
    if d is Decision.PAIR:
        return acts[0]
    if d is Decision.STACK:  # H-1: answer the stack when possible, else take it
        for a in acts:
            if type(a) is Play:
                return a
        return acts[-1]
    if d is Decision.SWAP:  # H-2: the smallest hand
        return min(acts, key=lambda a: len(g.hands[a.target]) if isinstance(a, SwapWith) else 99)
    return acts[(g.rng if rng is None else rng).randrange(len(acts))]


def _red_trays(g: Game) -> tuple[int, ...]:
    """Triple Play's trays that overload on the next press (T-5)."""
    if isinstance(g, TripleGame):
        return tuple(t for t in range(len(g.piles)) if g.bank.light(t) == "red")
    return ()


def turn_choice(g: Game, p: int, acts: Sequence[Action]) -> Action:
    """The rollout policy's play (or its draw when nothing is worth playing)."""
    red = _red_trays(g)
    hand = g.hands[p]
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[COLOUR_OF[c]] += 1
    nsize = len(g.hands[g.next_player(p)])
    hurry = nsize <= 2 or len(g.seats) == 2
    colour = g.colour
    best: Action | None = None
    other: Action | None = None
    bs = -1e9
    for a in acts:
        if type(a) is not Play:
            if other is None and not isinstance(a, CallUno | Catch):
                other = a
            continue
        c = a.card
        col = COLOUR_OF[c]
        if col == WILD:
            if RANK_OF[c] == _WD4 and (
                (colour < WILD and counts[colour]) or (g.ruleset.wd4_counts_wilds and counts[4] > 1)
            ):
                continue  # never bluff
            s = -4.0 + (5.0 if hurry and RANK_OF[c] == _WD4 else 0.0)
        else:
            s = counts[col] + (3.0 if hurry and RANK_OF[c] >= _ACTION_MIN else 0.0)
        if red and a.tray in red:
            s += 6.0 if RANK_OF[c] in _TRAY_SAVERS else -8.0
        if s > bs:
            best, bs = a, s
    if best is not None and bs > -6.0:
        return best
    return other if other is not None else acts[0]


def fast_turn(g: Game, p: int) -> Action:
    """:func:`turn_choice` for the official turn (one pile, no edition hook), without
    building the list of legal actions."""
    hand = g.hands[p]
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[COLOUR_OF[c]] += 1
    hurry = len(g.seats) == 2 or len(g.hands[g.next_player(p)]) <= 2
    colour = g.colour
    table = PLAYABLE[colour * 32 + g.match_rank]
    best = -1
    bs = -1e9
    for c in hand:
        if not table[c]:
            continue
        col = COLOUR_OF[c]
        if col == WILD:
            if RANK_OF[c] == _WD4 and (
                (colour < WILD and counts[colour]) or (g.ruleset.wd4_counts_wilds and counts[4] > 1)
            ):
                continue
            s = -4.0 + (5.0 if hurry and RANK_OF[c] == _WD4 else 0.0)
        else:
            s = counts[col] + (3.0 if hurry and RANK_OF[c] >= _ACTION_MIN else 0.0)
        if s > bs:
            best, bs = c, s
    return DRAW[p] if best < 0 else PLAY[p][best]


def best_colour(g: Game, p: int) -> int:
    counts = [0, 0, 0, 0]
    for c in g.hands[p]:
        if COLOUR_OF[c] != WILD:
            counts[COLOUR_OF[c]] += 1
    return max(range(4), key=lambda k: counts[k])


def play_out(
    g: Game,
    me: int,
    rng: random.Random | None,
    challenge_rate: Sequence[float],
    max_steps: int = 600,
) -> tuple[int, int]:
    """Play ``g`` to the end of the hand; returns (winner or -1 if cut short, steps).
    The coins come from ``rng``; ``None`` is the game's own RNG, asked for only when a
    coin is tossed (a world's RNG is seeded when first used, see ``Table.rng``)."""
    steps = 0
    apply = g.apply
    fast = type(g).turn_actions is Game.turn_actions and not g.no_bluffing
    while steps < max_steps:
        d = g.decision
        if d is OVER:
            return g.match.history[-1][0], steps
        p = g.to_act
        a: Action
        if d is TURN:
            a = fast_turn(g, p) if fast else turn_choice(g, p, g.turn_actions(p))
        elif d is DRAWN:
            drawn = g.drawn
            assert drawn is not None
            acts = g.drawn_actions(p, drawn)
            a = acts[0]
            if COLOUR_OF[drawn] == WILD and RANK_OF[drawn] == _WD4:
                hand = g.hands[p]
                col = g.colour
                if any(COLOUR_OF[x] == col for x in hand) and len(acts) > 1:
                    a = acts[1]  # keep rather than bluff
        elif d is COLOUR:
            a = CHOOSE[p][best_colour(g, p)]
        elif d is CHALLENGE_D:
            a = ACCEPT[p]
            if p != me and (g.rng if rng is None else rng).random() < challenge_rate[p]:
                a = CHALLENGE[p]
        else:
            a = other_decision(g, p, rng)
        apply(a)
        steps += 1
    return -1, steps



#: Chance to win from the hands (a logistic fit on medium self-play, 2 players): a
#: player's strength is size ** -SIZE_EXP * exp(WILD_WEIGHT * wilds held), times
#: TURN_BONUS for the player to act; the chance is their share of the total strength.
SIZE_EXP: Final = 0.75
WILD_WEIGHT: Final = 0.75
TURN_BONUS: Final = math.exp(0.25)


def estimate(g: Game, me: int, kind: MatchKind) -> float:
    """My (or my side's) chance to win the hand, for a play-out cut short."""
    strength: dict[int, float] = {}
    for q in g.seats:
        hand = g.hands[q]
        wilds = 0
        for c in hand:
            if COLOUR_OF[c] == WILD:
                wilds += 1
        s = math.pow(max(1, len(hand)), -SIZE_EXP) * math.exp(WILD_WEIGHT * wilds)
        strength[q] = s * TURN_BONUS if q == g.to_act else s
    mine = 0.0
    for q in side(kind, g.seats, me):
        mine += strength[q]
    return mine / sum(strength.values())


def score_candidates(
    template: Game,
    hands: Sequence[Sequence[Card]],
    draw: Sequence[Card],
    seed: int,
    wd4: Wd4,
    cands: Sequence[Action],
    active: Sequence[int],
    me: int,
    kind: MatchKind,
    seats: Sequence[int],
    rates: Sequence[float],
    depth: int,
    scores: list[list[float]],
    spare: list[Game],
) -> int:
    """Play each ``active`` candidate in the world ``template`` with these hidden cards,
    then ``depth`` play-out steps; append each outcome (1 or 0 for a hand won or lost by
    my side, else :func:`estimate`) to ``scores[i]``. Returns the steps taken. Each world
    is made over the last one played out, kept in ``spare`` from call to call (empty at
    first: a search passes the same list every time)."""
    steps = 0
    for i in active:
        g = template.with_hidden(hands, draw, seed, wd4, spare[0] if spare else None)
        if not spare:
            spare.append(g)
        g.apply(cands[i])
        # The world's own fresh RNG (seeded alike for every candidate) also drives the
        # play-out's coins: one Random per play-out, and only if one is needed.
        winner, n = play_out(g, me, None, rates, depth)
        steps += n + 1
        if winner < 0:
            value = estimate(g, me, kind)
        else:
            value = 1.0 if me in side(kind, seats, winner) else 0.0
        scores[i].append(value)
    return steps
