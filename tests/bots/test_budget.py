"""The hard bot's search respects its budgets and is deterministic without a clock."""

from __future__ import annotations

import math
import random
import time

from game.bots.hard import HardBot
from game.bots.paired import paired, weighted_mean
from game.rules.view import view
from tests.bots.helpers import positions


def test_hard_stops_at_its_time_limit() -> None:
    bot = HardBot(budget=10**9, time_limit=0.03)
    worst = 0.0
    for i, game in enumerate(positions("official", 2, range(2), every=5)):
        legal = game.legal_actions()
        t0 = time.thread_time()
        a = bot.choose(view(game, game.to_act, legal=legal), legal, random.Random(i))
        worst = max(worst, time.thread_time() - t0)
        assert a in legal
        if i >= 6:
            break
    assert worst < 0.03 + 0.1  # the limit, plus at most one world's play-outs


def test_hard_step_budget_is_deterministic() -> None:
    for i, game in enumerate(positions("official", 3, range(1), every=4)):
        legal = game.legal_actions()
        v = view(game, game.to_act, legal=legal)
        first = HardBot(budget=500, time_limit=None)
        second = HardBot(budget=500, time_limit=None)
        assert first.choose(v, legal, random.Random(3)) == second.choose(v, legal, random.Random(3))
        assert first.last_worlds == second.last_worlds
        if i >= 4:
            break


def test_trivial_decisions_do_not_search() -> None:
    bot = HardBot(budget=10**9, time_limit=None)
    for game in positions("official", 2, range(3), every=1):
        legal = game.legal_actions()
        if len(legal) == 1:
            a = bot.choose(view(game, game.to_act, legal=legal), legal, random.Random(1))
            assert a == legal[0] and bot.last_worlds == 0
            return


def test_a_cut_play_out_favours_the_smaller_hand_and_wilds() -> None:
    from game.bots.hard import estimate
    from game.rules.ruleset import MatchKind
    from tests.bots.helpers import build

    g = build(["R5 G7", "Y3 Y4 G1 B2 B3 B4"], "R1", turn=1)
    assert estimate(g, 0, MatchKind.SINGLE_HAND) > 0.6
    assert abs(estimate(g, 0, MatchKind.SINGLE_HAND) + estimate(g, 1, MatchKind.SINGLE_HAND)
               - 1.0) < 1e-9
    wild = build(["R5 W", "Y3 Y4"], "R1", turn=1)
    plain = build(["R5 G7", "Y3 Y4"], "R1", turn=1)
    assert estimate(wild, 0, MatchKind.SINGLE_HAND) > estimate(plain, 0, MatchKind.SINGLE_HAND)


def test_paired_differences_decide_only_when_clear() -> None:
    mean, se = paired([1.0] * 30, [0.0] * 30, [1.0] * 30)
    assert mean == 1.0 and se == 0.0
    mean, se = paired([1.0, 0.0] * 15, [0.0, 1.0] * 15, [1.0] * 30)
    assert mean == 0.0 and se > 0.1


def test_paired_statistics_are_the_textbook_sums() -> None:
    """The loops give the numbers ``sum`` gives, to the last bit, on either build."""
    rng = random.Random(5)
    for n in (2, 3, 17, 200):
        xs = [rng.random() for _ in range(n)]
        ys = [rng.random() for _ in range(n + 3)]  # the longer list is cut to n
        ws = [rng.choice((1.0, 0.3, 0.05)) for _ in range(n + 3)]
        w = ws[:n]
        total = sum(w)
        diffs = [x - y for x, y in zip(xs, ys)]
        mean = sum(wi * di for wi, di in zip(w, diffs)) / total
        var = sum(wi * (di - mean) ** 2 for wi, di in zip(w, diffs)) / total * n / (n - 1)
        se = math.sqrt(var / (total * total / sum(wi * wi for wi in w)))
        assert paired(xs, ys, ws) == (mean, se)
        assert weighted_mean(xs, ws) == sum(wi * x for wi, x in zip(ws, xs)) / sum(ws[:n])
    assert paired([1.0], [0.0], [1.0]) == (0.0, 1.0)
    assert weighted_mean([], []) == 0.0
