"""How bots play the house rules H-1 … H-3 (RULES.md section H).

- H-1 Stacking. Facing a stack, a bot answers it when it can (the total goes on to
  someone else), easy sometimes keeping its card and taking the total (``KEEP``); the
  better levels answer with the card that leaves the colour they hold most of, a Draw
  Two before a Wild Draw Four. On its own turn, medium keeps its last stacking card for
  defence while the next player is not close to going out (:func:`stack_play_bonus`):
  an attack with it would only come back with the total.
- H-2 Seven-O. A 7 takes the hand of the opponent holding the fewest cards; between
  equal hands, the one who plays soonest after us (they would go out first). On its
  turn medium plays a 7 or a 0 for the hand it brings (:func:`seven_o_bonus`): worth it
  when that hand is smaller than what it keeps, avoided when it is bigger.
- H-3 Jump-in. Easy jumps in at random (``jump_chance``); medium and hard jump in when it
  helps (:func:`jump_choice`): it sheds a card and skips the players passed over, so
  always, unless the card is the last that answers a stack with stacking on and nobody
  is close to going out, or a 7 / 0 under Seven-O that would bring a bigger hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from game.bots.base import Bot
from game.rules.actions import Accept, Action, Play, SwapWith
from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Card, Rank
from game.rules.view import PlayerView

#: H-1: how often a bot of each level keeps its stacking card and takes the total.
KEEP: dict[str, float] = {"easy": 0.3}
#: H-1: the ranks that stack (each answers only its own rank).
STACKERS: frozenset[int] = frozenset(
    (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.HIT_TWO, Rank.WILD_HIT_FOUR))
#: H-1: what keeping one's last stacking card is worth, against spending it in attack.
KEEP_STACKER: Final = 2.5
#: H-2: what each card of difference between the hand a 7 or 0 brings and ours is worth.
SWAP_CARD: Final = 1.5


def stacks_wd4(view: PlayerView, legal: Sequence[Action], rng: random.Random, level: str
               ) -> Action | None:
    """H-1 facing a stacked Wild Draw Four: the stacking play (unless the level keeps
    it this time), or None to challenge or accept as usual."""
    plays = [a for a in legal if isinstance(a, Play)]
    if plays and rng.random() >= KEEP.get(level, 0.0):
        return best_stack(view, plays)
    return None


def turn_distance(view: PlayerView, q: int) -> int:
    """How many turns after ours ``q`` plays (1 for the next player)."""
    seats = view.seats
    n = len(seats)
    return (seats.index(q) - seats.index(view.me)) * view.direction % n


def leader(view: PlayerView) -> int:
    """The opponent with the fewest cards; between equal hands, the one who plays
    soonest after us."""
    opps = [q for q in view.seats if q != view.me]
    return min(opps, key=lambda q: (view.hand_sizes[q], turn_distance(view, q)))


def best_stack(view: PlayerView, plays: Sequence[Play]) -> Play:
    """The stacking play to make: a coloured card before a wild, and the colour we hold
    most of (it stands once the stack is taken)."""
    counts = [0, 0, 0, 0, 0]
    for c in view.hand:
        counts[COLOUR_OF[c]] += 1
    return max(plays, key=lambda a: (COLOUR_OF[a.card] != WILD, counts[COLOUR_OF[a.card]]))


def stack(view: PlayerView, legal: Sequence[Action], rng: random.Random, keep: float = 0.0
          ) -> Action:
    """H-1: stack if possible (with chance ``1 - keep``), else take the total."""
    plays = [a for a in legal if isinstance(a, Play)]
    take = next((a for a in legal if isinstance(a, Accept)), None)
    if plays and (take is None or rng.random() >= keep):
        return best_stack(view, plays)
    assert take is not None
    return take


def swap(view: PlayerView, legal: Sequence[Action]) -> Action:
    """H-2: swap with the leader (:func:`leader`)."""
    swaps = [a for a in legal if isinstance(a, SwapWith)]
    target = leader(view)
    return next((a for a in swaps if a.target == target), swaps[0])


def seven_o_bonus(view: PlayerView, c: Card) -> float:
    """H-2: what the hand a 7 or a 0 brings is worth (0 for other cards, or when it is
    our last card: then nothing moves). A 7 takes the leader's hand; a 0 brings the
    hand of the player before us in the direction of play."""
    if not view.ruleset.has("seven_o") or COLOUR_OF[c] == WILD or len(view.hand) <= 1:
        return 0.0
    r = RANK_OF[c]
    if r == Rank.SEVEN:
        other = view.hand_sizes[leader(view)]
    elif r == Rank.ZERO:
        other = view.hand_sizes[view.next_player(view.me, -1)]
    else:
        return 0.0
    return SWAP_CARD * (len(view.hand) - 1 - other)


def stack_play_bonus(view: PlayerView, c: Card) -> float:
    """H-1 on our own turn: playing our last card of a stacking rank gives the next
    player the chance to send the total back with nothing left to answer it; keep it
    for defence unless they are close to going out. With another one in hand the
    attack is safe."""
    r = RANK_OF[c]
    if not view.ruleset.has("stacking") or r not in STACKERS:
        return 0.0
    same = sum(1 for x in view.hand if RANK_OF[x] == r)
    if same >= 2:
        return 1.0
    if view.hand_sizes[view.next_player(view.me)] <= 2 or len(view.hand) <= 2:
        return 0.0
    return -KEEP_STACKER


def jump_choice(view: PlayerView, options: Sequence[Action]) -> Action | None:
    """H-3 for medium and hard: jump in (it sheds a card and skips the players passed
    over) unless it spends the last stacking card while nobody threatens, or brings a
    bigger hand under Seven-O."""
    plays = [a for a in options if isinstance(a, Play)]
    best: Action | None = None
    best_s = -1e9
    for a in plays:
        s = seven_o_bonus(view, a.card) + min(0.0, stack_play_bonus(view, a.card))
        if s > best_s:
            best, best_s = a, s
    return best if best is not None and best_s >= 0.0 else None


#: How a bot decides a jump-in (H-3): its ``jump_in`` method (``None``: it has none) and
#: the chance it jumps when it has none or gets no view.
JumpPolicy = tuple[Callable[..., Action | None] | None, float]


def jump_policy(bot: Bot) -> JumpPolicy:
    """``bot``'s :data:`JumpPolicy`, read once (a match runner keeps one per seat: looking
    for a missing method after every card played cost more than the jump-in itself)."""
    return getattr(bot, "jump_in", None), float(getattr(bot, "jump_chance", 1.0))


def jumps(bot: Bot, view: PlayerView | None, options: Sequence[Action], rng: random.Random
          ) -> Action | None:
    """H-3: the jump-in ``bot`` makes from ``options`` (its plays), or None. A bot with
    a ``jump_in`` method decides by it; others (a blind bot gets no ``view``) jump with the
    chance ``jump_chance`` (1.0 when the bot has none)."""
    return jumps_by(jump_policy(bot), view, options, rng)


def jumps_by(policy: JumpPolicy, view: PlayerView | None, options: Sequence[Action],
             rng: random.Random) -> Action | None:
    """:func:`jumps` with the bot's :func:`jump_policy` read beforehand."""
    decide, chance = policy
    if decide is not None and view is not None:
        choice: Action | None = decide(view, options, rng)
        return choice
    for a in options:
        if isinstance(a, Play):
            return a if rng.random() < chance else None
    return None
