"""Medium: good UNO heuristics over card counting, in well under a millisecond.

* plays a card whenever it can, choosing it by colour management (stay in the colour it
  holds most of, switch by number into a long colour), dumping points, keeping wilds
  for when nothing else fits, and saving the Wild Draw Four for when it hurts; it
  draws instead of spending a wild when the next player has shown they cannot follow
  the colour in force (C-10: reneging is legal);
* puts pressure on the player closest to going out: Skip, Draw Two and Wild Draw Four
  at them, no Reverse that hands them the turn, and colours they have shown they lack;
* names the colour it holds most of, preferring colours the next player cannot follow;
* challenges a Wild Draw Four when the cards still unseen and the player's past
  behaviour (:mod:`game.bots.beliefs`) make a bluff likely; never bluffs one itself;
* calls UNO when it plays its next-to-last card, catches others most of the time
  (``catch_chance``);
* house rules (:mod:`game.bots.house`): stacks, keeping its last stacking card for
  defence; plays a 7 or 0 for a smaller hand and swaps with the leader; jumps in when
  it helps;
* edition cards: Hit 2 and Wild Hit 4 as Draw Two and Wild Draw Four (with launcher
  presses worth about 1.85 cards each), Discard All when it sheds many, Triple Play's
  red trays avoided (or cleared, or overloaded with a Give Away); the editions' own
  decisions come from :mod:`game.bots.editions`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import game.bots.editions as ed
import game.bots.house as house
from game.bots.base import BaseBot, colour_counts
from game.bots.beliefs import Tracker
from game.bots.opponent import RANK_KEY, WILD_KEY, p_holds
from game.rules.actions import (
    Accept,
    Action,
    Challenge,
    ChooseColour,
    Draw,
    Pass,
    Play,
    PressLauncher,
)
from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Card, Rank
from game.rules.engine import Decision
from game.rules.units import TraysView
from game.rules.view import PlayerView

#: Challenge when the chance of a bluff is above this (C-8: a wrong challenge costs 2
#: more cards; a right one saves 4, gives the culprit 4 and keeps the turn).
CHALLENGE_AT = 0.3
#: Keep a wild and draw when the next player is this likely void in the colour in force.
HOLD_WILD = 0.5
#: Penalty for switching away from a colour the next player cannot follow.
HOLD_SWITCH = 2.0

_SKIP, _REV, _D2 = int(Rank.SKIP), int(Rank.REVERSE), int(Rank.DRAW_TWO)
_WD4, _VL = int(Rank.WILD_DRAW_FOUR), int(Rank.WILD_VICTORY_LAP)


def is_bluff(view: PlayerView, c: Card) -> bool:
    """Would playing ``c`` now be an illegal Wild Draw Four (C-7, S-3)?"""
    if RANK_OF[c] != _WD4:
        return False
    col = view.colour
    wilds = view.ruleset.wd4_counts_wilds
    held = list(view.hand)
    held.remove(c)
    return any(COLOUR_OF[x] == col or (wilds and COLOUR_OF[x] == WILD) for x in held)


def pressure(size: int) -> float:
    """How urgently a player with ``size`` cards must be slowed down."""
    return 6.0 if size <= 1 else 4.0 if size == 2 else 1.5 if size <= 4 else 0.0


def fits(x: Card, c: Card, colour: int) -> bool:
    """Could ``x`` be played on ``c`` (with ``colour`` named if ``c`` is a wild)?"""
    if COLOUR_OF[x] == WILD:
        return True
    if COLOUR_OF[c] == WILD:
        return COLOUR_OF[x] == colour
    return COLOUR_OF[x] == COLOUR_OF[c] or (RANK_OF[x]) == (RANK_OF[c])


class Context:
    """What the scoring functions need about one decision, computed once."""

    def __init__(self, view: PlayerView, tracker: Tracker) -> None:
        self.view = view
        self.tr = tracker
        self.hand = view.hand
        self.me = view.me
        self.sizes = view.hand_sizes
        self.two = len(view.seats) == 2
        self.nxt = view.next_player(view.me)
        self.prv = view.next_player(view.me, -1)
        self.after_nxt = view.next_player(view.me, 2)
        self.counts = colour_counts(view.hand)
        opps = [q for q in view.seats if q != view.me]
        self.leader = min(opps, key=lambda q: (self.sizes[q], q)) if opps else view.me
        self.unseen = tracker.unseen(view)
        self.unseen_colour = [0, 0, 0, 0, 0]
        for c, k in self.unseen.items():
            self.unseen_colour[COLOUR_OF[c]] += k

    def void(self, q: int, key: int) -> float:
        return self.tr.void_prob(q, key)


#: Cards (or launcher presses, about 1.85 cards each: A-2) that an action card makes
#: the next player take, for the cards that also cost them their turn.
_HITS = {int(Rank.SKIP): 0.0, int(Rank.DRAW_TWO): 2.0, int(Rank.HIT_TWO): 3.7}
_WILD_HITS = {int(Rank.WILD_DRAW_FOUR): 4.0, int(Rank.WILD_HIT_FOUR): 7.4}


def wild_score(ctx: Context, c: Card, tray: int) -> float:
    """What a wild's own effect is worth now (its cost of being spent is separate)."""
    r = RANK_OF[c]
    view = ctx.view
    opp_pressure = max(pressure(ctx.sizes[q]) for q in view.seats if q != ctx.me)
    if r in _WILD_HITS:
        return 2.0 + 2.5 * pressure(ctx.sizes[ctx.nxt]) + (3.0 if ctx.two else 0.0) + (
            _WILD_HITS[r] - 4.0) / 2
    if r == Rank.WILD_VICTORY_LAP:  # S-2: everyone else draws one
        return 1.0 + opp_pressure
    if r == Rank.WILD_ATTACK_ATTACK:  # two presses for the leader
        return 1.5 + 2.5 * pressure(ctx.sizes[ctx.leader]) + (2.0 if ctx.two else 0.0)
    if r == Rank.WILD_CUSTOMIZABLE:
        effect = ed.custom_effect(view)
        if effect == "everyone_presses":
            return 1.5 + opp_pressure
        if effect == "chosen_presses_twice":
            return 1.5 + 2.5 * pressure(ctx.sizes[ctx.leader])
        if effect == "swap_hands":
            return 1.5 * (len(ctx.hand) - 1 - ctx.sizes[ctx.leader])
        if effect == "skip_everyone":
            return 2.0
    return 0.0


def tray_score(ctx: Context, c: Card, tray: int) -> float:
    """T-5, T-6, T-9, T-10: a red tray overloads on the next press (draw 1-4), unless
    the card is a Wild Clear (resets it) or a Wild Give Away (the others draw)."""
    unit = ctx.view.unit
    lights = unit.lights if isinstance(unit, TraysView) else ()
    light = lights[tray] if tray < len(lights) else "green"
    r = RANK_OF[c]
    if r == Rank.WILD_CLEAR:
        return 5.0 if light == "red" else 1.0 if light == "yellow" else -2.0
    if r == Rank.WILD_GIVE_AWAY:
        return 6.0 if light == "red" else -1.0
    return -6.0 if light == "red" else 0.5 if light == "yellow" else 0.0


def play_score(ctx: Context, c: Card, tray: int = 0) -> float:
    """How good playing ``c`` (on discard pile ``tray``) now is (higher is better)."""
    view, hand = ctx.view, ctx.hand
    n = len(hand)
    trays = len(ctx.tr.piles) > 1
    if n == 1:
        return 1000.0 + (tray_score(ctx, c, tray) if trays else 0.0)  # going out
    r = RANK_OF[c]
    col = COLOUR_OF[c]
    nxt_size = ctx.sizes[ctx.nxt]
    s = view.ruleset.value(c) / 25.0  # shed points early (C-15)
    if trays:
        s += tray_score(ctx, c, tray)
    if view.ruleset.house:  # H-1: keep the last stacking card; H-2: the hand a 7 or 0 brings
        s += house.stack_play_bonus(view, c) + house.seven_o_bonus(view, c)
    rest = list(hand)
    rest.remove(c)
    if col == WILD:
        s -= 7.0  # a wild fits anything: keep it for when nothing else does
        s += wild_score(ctx, c, tray)
        if n == 2:
            s += 10.0  # the last card goes next turn whatever the colour
        s += 0.6 * max(ctx.counts)
        return s
    # Colour management: cards left to follow with, in the colour this card sets.
    follow = ctx.counts[col] - 1
    s += 1.2 * follow
    if col != view.colour:
        s += 0.6 * (follow - ctx.counts[view.colour])  # a switch into a longer colour
        s -= HOLD_SWITCH * ctx.void(ctx.nxt, view.colour)  # they cannot follow this one
    # The next player cannot follow a colour or number they have shown they lack.
    s += 2.0 * ctx.void(ctx.nxt, col) + 0.8 * ctx.void(ctx.nxt, RANK_KEY + r)
    # Action cards.
    if r == Rank.DISCARD_ALL:  # the whole colour goes with it
        s += 1.6 * follow
    elif r == Rank.DISCARD_TWO and follow > 0:  # T-8: a second card goes with it
        s += 2.0
    if ctx.two:
        if r in _HITS or r == _REV:
            again = any(fits(x, c, col) for x in rest)
            s += (3.0 if again else 0.5) + 1.2 * _HITS.get(r, 0.0)
    else:
        if r in _HITS:
            s += 1.5 * pressure(nxt_size) + 0.5 * _HITS[r]
            s -= 1.2 * pressure(ctx.sizes[ctx.after_nxt])  # they play sooner
        elif r == _REV:
            s += 1.2 * (pressure(nxt_size) - pressure(ctx.sizes[ctx.prv]))
    if n == 2:
        last = rest[0]
        if COLOUR_OF[last] == WILD:
            s += 4.0
        elif fits(last, c, col):
            s += 3.0  # it will still fit if nobody changes the colour
    return s


def choose_play(ctx: Context, legal: Sequence[Action]) -> Action | None:
    """The best play among ``legal``, never a bluff; ``None`` to draw instead: when
    nothing fits, or when the only fits are wilds and the next player has shown they
    cannot follow the colour in force (C-10: keep the wild, keep them drawing)."""
    best: Action | None = None
    best_s = -1e9
    for a in legal:
        if isinstance(a, Play) and not is_bluff(ctx.view, a.card):
            s = play_score(ctx, a.card, a.tray)
            if s > best_s:
                best, best_s = a, s
    if (
        isinstance(best, Play)
        and COLOUR_OF[best.card] == WILD
        and len(ctx.hand) > 2
        and ctx.void(ctx.nxt, ctx.view.colour) >= HOLD_WILD
        and pressure(ctx.sizes[ctx.nxt]) < 6.0
    ):
        return None
    return best


def colour_scores(ctx: Context) -> list[float]:
    """How good naming each colour is: what I hold of it, what the next player and the
    leader lack, and how few of it are still unseen."""
    view = ctx.view
    scores = []
    for col in range(4):
        s = 3.0 * ctx.counts[col]
        s += sum(view.ruleset.value(c) for c in ctx.hand if COLOUR_OF[c] == col) / 40.0
        s += 2.0 * ctx.void(ctx.nxt, col)
        if ctx.leader != ctx.nxt:
            s += 1.0 * ctx.void(ctx.leader, col) * pressure(ctx.sizes[ctx.leader]) / 4.0
        s -= 0.08 * ctx.unseen_colour[col]
        scores.append(s)
    return scores


def choose_colour(ctx: Context, legal: Sequence[Action]) -> Action:
    scores = colour_scores(ctx)
    options = [a for a in legal if isinstance(a, ChooseColour)]
    return max(options, key=lambda a: (scores[a.colour], -a.colour))


def bluff_chance(ctx: Context) -> float:
    """How likely the pending Wild Draw Four is a bluff, from the unseen cards, what
    the culprit has shown about its hand, and how it has behaved."""
    tr, view = ctx.tr, ctx.view
    j, col = tr.wd4_player, tr.wd4_colour
    if j < 0 or j == ctx.me or not 0 <= col < WILD:
        return 0.0
    wilds = view.ruleset.wd4_counts_wilds
    known = tr.known(j)
    if any(COLOUR_OF[c] == col or (wilds and COLOUR_OF[c] == WILD) for c in known):
        p_hand = 1.0
    else:
        o = tr.opp[j]
        hidden = ctx.sizes[j] - sum(known.values())
        matching = ctx.unseen_colour[col] + (ctx.unseen_colour[WILD] if wilds else 0)
        p_hand = p_holds(sum(ctx.unseen_colour), matching, hidden)
        if o.hard[col] == 0 or (wilds and o.hard[WILD_KEY] == 0):
            p_hand = 0.0
        else:
            p_hand *= 1.0 - tr.wd4_prior_void
    num = p_hand * tr.stats[j].bluff_likelihood
    return num / (num + (1.0 - p_hand)) if num > 0 else 0.0


def drawn_choice(ctx: Context, legal: Sequence[Action]) -> Action:
    """Play the card just drawn, unless it is a wild better kept, a bluff, or (Triple
    Play) only fits on a tray about to overload."""
    plays = [a for a in legal if isinstance(a, Play)]
    keep = next((a for a in legal if isinstance(a, Pass)), None)
    if not plays or keep is None:
        return plays[0] if plays else keep or legal[0]
    play = max(plays, key=lambda a: play_score(ctx, a.card, a.tray))
    c = play.card
    if is_bluff(ctx.view, c):
        return keep
    if len(ctx.tr.piles) > 1 and tray_score(ctx, c, play.tray) < -3.0:
        return keep
    if COLOUR_OF[c] == WILD and RANK_OF[c] == Rank.WILD:
        threat = min(ctx.sizes[q] for q in ctx.view.seats if q != ctx.me)
        if len(ctx.hand) > 4 and threat > 3:
            return keep
    return play


class MediumBot(BaseBot):
    """Heuristics and card counting; see the module docstring."""

    name = "medium"
    wants_history = True
    catch_chance = 0.85

    def __init__(self) -> None:
        super().__init__()
        self.tracker = Tracker()

    def observe(self, view: PlayerView) -> None:
        self.tracker.update(view)

    def decide(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The move itself (no UNO call, no catch), from the tracker's current state."""
        tr = self.tracker
        ctx = Context(view, tr)
        d = view.decision
        if d is Decision.TURN:
            play = choose_play(ctx, legal)
            if play is not None:
                return play
            return next((a for a in legal if isinstance(a, Draw | PressLauncher)), None) or (
                ed.fallback(view, legal, rng)
            )
        if d is Decision.DRAWN:
            return drawn_choice(ctx, legal)
        if d is Decision.COLOUR:
            return choose_colour(ctx, legal)
        if d is Decision.CHALLENGE:
            stacked = house.stacks_wd4(view, legal, rng, "medium")  # H-1
            if stacked is not None:
                return stacked
            want = bluff_chance(ctx) > CHALLENGE_AT
            for a in legal:
                if isinstance(a, Challenge if want else Accept):
                    return a
        return ed.decide(view, legal, rng, tr, "medium")

    def jump_in(
        self, view: PlayerView, options: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """H-3: one of ``options`` (identical cards to jump in with), or ``None``."""
        self.tracker.update(view)
        return house.jump_choice(view, options)
