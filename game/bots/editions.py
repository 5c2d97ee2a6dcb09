"""Sensible answers to the electronic editions' own decisions, shared by the bots.

Each decision of :class:`~game.rules.engine.Decision` that an edition adds is one small
function here, found through :data:`DECIDERS`; a new edition decision is one more entry.
Bots that keep a :class:`~game.bots.beliefs.Tracker` pass it for what the events show
(tray lights, the effect of a Customizable card); without one the answers still hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import game.bots.house as house
import game.rules.events as E
from game.bots.beliefs import Tracker
from game.bots.reaction import ai_time
from game.editions.attack.rules import AttackOptions
from game.rules.actions import (
    Action,
    CallUno,
    Catch,
    Discard,
    GiveAway,
    Pair,
    Pass,
    PickPlayer,
    PickTray,
    RaceFinished,
)
from game.rules.cards import RANK_OF, Card, Rank
from game.rules.engine import Decision
from game.rules.units import TraysView
from game.rules.view import PlayerView

#: How much a card hurts the player it reaches when it ends on top (R-7 orders).
_HARM = {
    Rank.DRAW_TWO: 5.0,
    Rank.WILD_DRAW_FOUR: 6.0,
    Rank.SKIP: 3.0,
    Rank.REVERSE: 1.0,
}


def reaction_time(level: str, rng: random.Random) -> float:
    """Seconds a bot of ``level`` takes to finish a race (R-10): the one reaction-time
    model, :mod:`game.bots.reaction` ("other": an ordinary, medium pace)."""
    return ai_time(level, "race", rng)


def fallback(view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action other than the out-of-turn ones, at random (or the only one)."""
    inturn: list[Action] = [a for a in legal if not isinstance(a, CallUno | Catch)]
    inturn = inturn or list(legal)
    return inturn[rng.randrange(len(inturn))] if len(inturn) > 1 else inturn[0]


def leader(view: PlayerView) -> int:
    """The opponent closest to going out (fewest cards; seat order breaks ties)."""
    opps = [q for q in view.seats if q != view.me]
    return min(opps, key=lambda q: (view.hand_sizes[q], view.seats.index(q)))


def pick_player(view: PlayerView, legal: Sequence[Action], rng: random.Random,
                tr: Tracker | None, level: str) -> Action:
    """A-6, A-8: the victim of presses is the leader; a hand swap takes the smallest
    hand, which is the leader's too."""
    picks = [a for a in legal if isinstance(a, PickPlayer)]
    target = leader(view)
    return next((a for a in picks if a.target == target), picks[0])


def press_tray(view: PlayerView, legal: Sequence[Action], rng: random.Random,
               tr: Tracker | None, level: str) -> Action:
    """T-4, T-5: never press a red tray (it overloads on you); a yellow one brings it
    closer to overloading on someone else."""
    trays = [a for a in legal if isinstance(a, PickTray)]
    unit = view.unit
    lights = unit.lights if tr is not None and isinstance(unit, TraysView) else ("green",) * 3
    order = {"yellow": 0, "green": 1, "red": 2}
    return min(trays, key=lambda a: (order.get(lights[a.tray], 1), a.tray))


def pair(view: PlayerView, legal: Sequence[Action], rng: random.Random,
         tr: Tracker | None, level: str) -> Action:
    """T-8: always shed a second card; an action card (it takes effect) or the one
    worth most."""
    pairs = [a for a in legal if isinstance(a, Pair)]
    if not pairs:
        return next(a for a in legal if isinstance(a, Pass))
    return max(pairs, key=lambda a: (RANK_OF[a.card] in (Rank.SKIP, Rank.REVERSE),
                                     view.ruleset.value(a.card), -a.card))


def give_away(view: PlayerView, legal: Sequence[Action], rng: random.Random,
              tr: Tracker | None, level: str) -> Action:
    """T-10: the whole penalty to the leader."""
    gives = [a for a in legal if isinstance(a, GiveAway)]
    target = leader(view)
    return max(gives, key=lambda a: (sum(n for q, n in a.shares if q == target), -len(a.shares)))


def discard_order(view: PlayerView, legal: Sequence[Action], rng: random.Random,
                  tr: Tracker | None, level: str) -> Action:
    """R-7: the last card down hits whoever continues: put the harmless ones down first."""
    discards = [a for a in legal if isinstance(a, Discard)]

    def harm(c: Card) -> tuple[float, int]:
        return (_HARM.get(Rank(RANK_OF[c]), 0.0), -view.ruleset.value(c))

    return min(discards, key=lambda a: (harm(a.card), a.card))


def race(view: PlayerView, legal: Sequence[Action], rng: random.Random,
         tr: Tracker | None, level: str) -> Action:
    """R-10: report the race as the racers' reaction times would finish it: this bot at
    its level's pace, the others at an ordinary pace."""
    orders = [a for a in legal if isinstance(a, RaceFinished)]
    racers = orders[0].order
    times = {q: reaction_time(level if q == view.me else "other", rng) for q in racers}
    last = max(racers, key=lambda q: (times[q], q))
    return next((a for a in orders if a.order[-1] == last), orders[0])


Decider = Callable[[PlayerView, Sequence[Action], random.Random, "Tracker | None", str], Action]

#: The answer to each edition decision.
DECIDERS: dict[Decision, Decider] = {
    Decision.PICK_PLAYER: pick_player,
    Decision.PRESS_TRAY: press_tray,
    Decision.PAIR: pair,
    Decision.GIVE: give_away,
    Decision.DISCARD: discard_order,
    Decision.RACE: race,
    Decision.STACK: lambda view, legal, rng, tr, level: house.stack(
        view, legal, rng, keep=house.KEEP.get(level, 0.0)),
    Decision.SWAP: lambda view, legal, rng, tr, level: house.swap(view, legal),
}


def decide(view: PlayerView, legal: Sequence[Action], rng: random.Random,
           tr: Tracker | None = None, level: str = "other") -> Action:
    """An edition decision (``view.decision``) answered by its rule, or at random."""
    decider = DECIDERS.get(view.decision)
    if decider is not None:
        return decider(view, legal, rng, tr, level)
    return fallback(view, legal, rng)


def custom_effect(view: PlayerView) -> str:
    """A-8: the rule the Wild Customizable cards carry in this game."""
    for e in view.events:
        if isinstance(e, E.CustomEffect):
            return e.effect
    return view.ruleset.opt(AttackOptions).custom_effect
