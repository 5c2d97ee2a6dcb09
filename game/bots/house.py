"""How bots play the house rules H-1 … H-3 (RULES.md section H).

- H-1 Stacking: stack when holding a card that answers the stack (the total goes on
  to someone else); otherwise take it. A bot that would rather keep its card for later
  (easy, at random) takes it sometimes.
- H-2 Seven-O: a 7 takes the hand of the opponent holding the fewest cards (the
  leader: swapping with them hurts them most and leaves us close to going out).
- H-3 Jump-in: a bot jumps in with a chance its level gives (``jump_chance``; 1.0 when
  the bot has none): shedding a card out of turn and skipping others always helps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.bots.base import Bot
from game.rules.actions import Accept, Action, Play, SwapWith
from game.rules.view import PlayerView

#: H-1: how often a bot of each level keeps its stacking card and takes the total.
KEEP: dict[str, float] = {"easy": 0.3}


def stacks_wd4(view: PlayerView, legal: Sequence[Action], rng: random.Random, level: str
               ) -> Action | None:
    """H-1 facing a stacked Wild Draw Four: the stacking play (unless the level keeps
    it this time), or None to challenge or accept as usual."""
    plays = [a for a in legal if isinstance(a, Play)]
    if plays and rng.random() >= KEEP.get(level, 0.0):
        return plays[0]
    return None


def leader(view: PlayerView) -> int:
    """The opponent with the fewest cards (seat order breaks ties)."""
    opps = [q for q in view.seats if q != view.me]
    return min(opps, key=lambda q: (view.hand_sizes[q], view.seats.index(q)))


def stack(view: PlayerView, legal: Sequence[Action], rng: random.Random, keep: float = 0.0
          ) -> Action:
    """H-1: stack if possible (with chance ``1 - keep``), else take the total."""
    plays = [a for a in legal if isinstance(a, Play)]
    take = next((a for a in legal if isinstance(a, Accept)), None)
    if plays and (take is None or rng.random() >= keep):
        return plays[0]
    assert take is not None
    return take


def swap(view: PlayerView, legal: Sequence[Action]) -> Action:
    """H-2: swap with the leader, whose hand is the smallest."""
    swaps = [a for a in legal if isinstance(a, SwapWith)]
    target = leader(view)
    return next((a for a in swaps if a.target == target), swaps[0])


def jumps(bot: Bot, view: PlayerView, options: Sequence[Action], rng: random.Random
          ) -> Action | None:
    """H-3: the jump-in ``bot`` makes from ``options`` (its plays), or None."""
    plays = [a for a in options if isinstance(a, Play)]
    chance = float(getattr(bot, "jump_chance", 1.0))
    if plays and rng.random() < chance:
        return plays[0]
    return None
