"""game.rules.chance makes the same draws as ``random.Random``'s own methods: the same
results and the generator left in the same state, so that a seeded game is the same game
whichever the engine calls (a changed draw would change every replay)."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import accumulate
from typing import Any

import pytest

from game.rules import chance

SEEDS = range(400)


def same(ours: Callable[[random.Random], Any], theirs: Callable[[random.Random], Any]) -> None:
    for seed in SEEDS:
        a, b = random.Random(seed), random.Random(seed)
        for _ in range(5):  # several in a row: the state after each must match too
            assert ours(a) == theirs(b), seed
        assert a.getstate() == b.getstate(), seed


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 64, 108, 1000])
def test_below_is_randrange(n: int) -> None:
    same(lambda r: chance.below(r, n), lambda r: r.randrange(n))


@pytest.mark.parametrize("a,b", [(5, 9), (1, 4), (2, 3), (4, 4), (0, 100)])
def test_randint(a: int, b: int) -> None:
    same(lambda r: chance.randint(r, a, b), lambda r: r.randint(a, b))


@pytest.mark.parametrize("seq", [(0,), (0, 1, 2, 3), tuple("RYGB"), tuple(range(10))])
def test_choice(seq: tuple[Any, ...]) -> None:
    same(lambda r: chance.choice(r, seq), lambda r: r.choice(seq))


@pytest.mark.parametrize("weights", [(30, 45, 25), (6, 10, 14, 15, 14, 12, 9, 7, 5, 4, 2, 2),
                                     (50, 30, 20), (1,), (0, 5, 0, 5)])
def test_weighted_is_choices(weights: tuple[int, ...]) -> None:
    population = tuple(range(100, 100 + len(weights)))
    cum = tuple(accumulate(weights))
    same(lambda r: chance.weighted(r, population, cum),
         lambda r: r.choices(population, weights)[0])


@pytest.mark.parametrize("n,k", [(3, 1), (3, 2), (3, 3), (4, 2), (10, 2), (21, 5), (22, 5),
                                 (108, 2), (108, 4), (108, 10), (30, 8), (200, 6), (5, 0)])
def test_sample(n: int, k: int) -> None:
    population = list(range(1000, 1000 + n))
    same(lambda r: chance.sample(r, population, k), lambda r: r.sample(population, k))
    same(lambda r: chance.sample(r, range(n), k), lambda r: r.sample(range(n), k))


@pytest.mark.parametrize("seed", [0, 1, 7_919, 2**31 - 1, 2**48 * 1_000_003 + 15_838, 2**200, -5])
def test_seeded_is_random_Random_of_the_seed(seed: int) -> None:
    ours, theirs = chance.seeded(seed), random.Random(seed)
    assert type(ours) is random.Random
    assert ours.getstate() == theirs.getstate()
    assert [ours.random() for _ in range(3)] == [theirs.random() for _ in range(3)]
    assert ours.gauss(0, 1) == theirs.gauss(0, 1)  # gauss_next is set as seed() sets it
    assert ours.getstate() == theirs.getstate()
