"""Runs a match between bots: each decision by the player who owes it, then the
out-of-turn chances (call UNO, catch) for everyone, owers first.

Used by the headless CLI, the simulator and (through ``step``) the table, which
paces it. Each seat's bot has its own RNG derived from the match seed.

The loop is the simulator's hot path: a view is built only for a bot that reads it
(``reads_view = False`` bots get ``None``, see :class:`game.bots.base.BlindBot`), and
the legal actions are asked of the engine once per decision and shared with the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

import game.bots.house as house_bots
import game.rules.events as E
from game.bots.base import BlindBot, Bot
from game.rules.actions import Action, RaceFinished
from game.rules.chance import seeded
from game.rules.engine import Decision, Game
from game.rules.view import PlayerView, view

EventSink = Callable[[Sequence[E.Event]], None]
#: Applies one action to the game: ``Game.apply``, or a wrapper around it that checks
#: each action (``game.tools.sim --check``, the property tests).
Apply = Callable[[Action], list[E.Event]]


def seat_rng(seed: int, seat: int) -> random.Random:
    """The RNG of the bot in ``seat`` for a match with ``seed``."""
    return seeded(seed * 1_000_003 + 7_919 * (seat + 1))


def blind(bot: Bot) -> BlindBot | None:
    """``bot`` as a :class:`BlindBot` when it declares ``reads_view = False``."""
    return cast(BlindBot, bot) if getattr(bot, "reads_view", True) is False else None


class MatchRunner:
    """Drives ``game`` with one bot per player until the match ends. Every action goes
    through ``apply`` (default: ``game.apply``), so a caller may check each one."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[Bot],
        seed: int,
        *,
        views: bool = True,
        apply: Apply | None = None,
    ) -> None:
        if len(bots) != game.players:
            raise ValueError(f"{game.players} players need {game.players} bots")
        self.game = game
        self.bots = list(bots)
        self.blind = [blind(b) for b in bots]
        self.rngs = [seat_rng(seed, p) for p in range(game.players)]
        self.history = [views and b.wants_history for b in bots]
        self.jump_policies = [house_bots.jump_policy(b) for b in bots]
        self.custom_apply = apply
        self.steps = 0

    def _view(self, p: int, legal: Sequence[Action] | None = None) -> PlayerView:
        return view(self.game, p, with_events=self.history[p], legal=legal)

    def apply(self, action: Action) -> list[E.Event]:
        """Apply ``action`` through the runner's ``apply`` (default: the game's)."""
        if self.custom_apply is None:
            return self.game.apply(action)
        return self.custom_apply(action)

    def step(self) -> list[E.Event]:
        """One decision by ``to_act``, then everyone's out-of-turn chance."""
        g = self.game
        p = g.to_act
        legal = g.legal_actions()
        action: Action
        if g.decision is Decision.RACE:
            action = self.race(p, legal)
        else:
            eyes_shut = self.blind[p]
            if eyes_shut is not None:
                action = eyes_shut.choose(None, legal, self.rngs[p])
            else:
                action = self.bots[p].choose(self._view(p, legal), legal, self.rngs[p])
        out = self.apply(action)
        self.steps += 1
        if g.uno_open and not g.over:
            out += self.reactions()
        if g.window is not None and not g.over:
            out += self.jump_ins()
        return out

    def jump_ins(self) -> list[E.Event]:
        """H-3: each other player in turn order may jump in on the card just played (the
        house rule holding the game's out-of-turn window says who can); the first who
        does counts (then the UNO chances again)."""
        g = self.game
        window = g.window
        assert window is not None
        for q, options in window.jumpers(g):
            view = None if self.blind[q] is not None else self._view(q, options)
            a = house_bots.jumps_by(self.jump_policies[q], view, options, self.rngs[q])
            if a is not None:
                out = self.apply(a)  # through the caller's apply too (checked runs)
                if g.uno_open and not g.over:
                    out += self.reactions()
                return out
        return []

    def race(self, reporter: int, legal: Sequence[Action]) -> RaceFinished:
        """R-10: every racer finishes after its bot's reaction time (a bot without a
        ``race_time`` method reacts in 0.5-2.5 s, uniformly)."""
        example = legal[0]
        assert isinstance(example, RaceFinished)
        times = {}
        for q in example.order:
            bot, rng = self.bots[q], self.rngs[q]
            timer = getattr(bot, "race_time", None)
            times[q] = timer(self._view(q), rng) if timer else rng.uniform(0.5, 2.5)
        return RaceFinished(reporter, tuple(sorted(times, key=lambda q: (times[q], q))))

    def reactions(self) -> list[E.Event]:
        """Offer UNO calls and catches: the players who owe first, then the rest in
        seat order from the player to act. Each player acts at most once."""
        g = self.game
        out: list[E.Event] = []
        seats = g.seats
        start = g.pos[g.to_act] if g.pos[g.to_act] >= 0 else 0
        order = list(g.uno_open) + [seats[(start + i) % len(seats)] for i in range(len(seats))]
        done: set[int] = set()
        for q in order:
            if q in done or not g.uno_open or g.over:
                continue
            done.add(q)
            options = g.out_of_turn_actions(q)
            if not options:
                continue
            eyes_shut = self.blind[q]
            if eyes_shut is not None:
                a = eyes_shut.react(None, options, self.rngs[q])
            else:
                a = self.bots[q].react(self._view(q, options), options, self.rngs[q])
            if a is not None:
                out += self.apply(a)
        return out

    def run(self, sink: EventSink | None = None, max_steps: int = 1_000_000) -> Game:
        """Play to the end of the match, passing each step's events to ``sink``."""
        g = self.game
        if sink is not None:
            sink(g.initial_events)
        step = self.step
        while not g.over:
            if self.steps >= max_steps:
                raise RuntimeError(f"match did not end within {max_steps} decisions")
            evs = step()
            if sink is not None:
                sink(evs)
        return g
