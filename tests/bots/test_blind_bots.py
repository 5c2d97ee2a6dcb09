"""The driver's fast path: blind bots get no view, random bots draw exactly as randrange,
and every action of a run goes through the runner's ``apply``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from game.bots.driver import MatchRunner, blind
from game.bots.heuristic import HeuristicBot
from game.bots.random_bot import RandomBot, RandomPlayBot, below
from game.rules import events as E
from game.rules.actions import Action
from game.rules.editions import new_game
from game.rules.ruleset import MatchKind, edition
from game.rules.view import PlayerView

SINGLE = replace(edition("official"), match=MatchKind.SINGLE_HAND)


def test_below_draws_what_randrange_draws_from_the_same_generator() -> None:
    for seed in range(5):
        a, b = random.Random(seed), random.Random(seed)
        for n in [*range(1, 70), 127, 128, 129, 1000, 2**20 + 3]:
            assert below(a, n) == b.randrange(n), (seed, n)
        assert a.getstate() == b.getstate()


class Watcher(RandomBot):
    """A random bot that records what it was given."""

    def __init__(self, reads_view: bool) -> None:
        self.reads_view = reads_view
        self.seen: list[PlayerView | None] = []

    def choose(self, view: PlayerView | None, legal: Sequence[Action],
               rng: random.Random) -> Action:
        self.seen.append(view)
        return super().choose(view, legal, rng)

    def react(self, view: PlayerView | None, options: Sequence[Action],
              rng: random.Random) -> Action | None:
        self.seen.append(view)
        return super().react(view, options, rng)


def test_a_blind_bot_gets_no_view_and_a_sighted_one_gets_its_own() -> None:
    bots = [Watcher(reads_view=p % 2 == 1) for p in range(4)]
    g = new_game(SINGLE, 4, 5)
    MatchRunner(g, bots, 5).run()
    assert g.over
    for p, bot in enumerate(bots):
        assert bot.seen, p
        if p % 2 == 0:
            assert all(v is None for v in bot.seen)
        else:
            assert all(isinstance(v, PlayerView) and v.me == p for v in bot.seen)


def test_only_bots_that_say_so_are_blind() -> None:
    assert blind(RandomBot()) is not None and blind(RandomPlayBot()) is not None
    assert blind(HeuristicBot()) is None


def test_blindness_does_not_change_the_game() -> None:
    """Same seed, same bots' choices: a blind table and a sighted one play alike."""
    endings = []
    for reads in (False, True):
        g = new_game(SINGLE, 4, 11)
        log: list[E.Event] = []
        MatchRunner(g, [Watcher(reads_view=reads) for _ in range(4)], 11).run(log.extend)
        endings.append((log, list(g.actions)))
    assert endings[0] == endings[1]


def test_every_action_of_a_run_goes_through_the_runner_apply() -> None:
    g = new_game(SINGLE, 3, 2)
    passed: list[Action] = []

    def apply(action: Action) -> list[E.Event]:
        passed.append(action)
        return g.apply(action)

    MatchRunner(g, [RandomPlayBot() for _ in range(3)], 2, apply=apply).run()
    assert g.over and passed == g.actions
