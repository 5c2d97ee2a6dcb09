"""Exact, compiled stand-ins for the ``random.Random`` methods the engine calls on its hot
paths (the dealer draw, Triple Play's trays, Attack's launcher, Roboto's commands, the
random bots), and for making a seeded ``random.Random`` (every hand seeds one for the
game and one for each seat's bot).

CPython's ``randrange``, ``randint``, ``choice``, ``choices`` and ``sample`` are written in
Python: compiled, the engine spent more time in their argument handling than in the rest
of a Triple Play turn. These make the same draws from the same generator, in the same
order, as CPython 3.11's, so a game played from a seed is the same game (and every saved
match, record and golden play-through replays unchanged); ``tests/rules/test_chance.py``
checks each against the real method, results and generator state, over many seeds.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Sequence
from math import ceil, log
from typing import TypeVar

T = TypeVar("T")


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for a whole-number ``seed``, in the same state.

    ``random.Random``'s ``__init__`` and ``seed`` are Python code that hands a whole
    number straight to the C generator's own ``seed``; calling that directly saves their
    frames, a fifth of the cost of seeding (5 seeded generators a hand in the sim)."""
    rng: random.Random = random.Random.__new__(random.Random)
    _random.Random.seed(rng, seed)
    # What random.Random.seed sets beside the state (not in the type stubs):
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1`` (``_randbelow_with_getrandbits``)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def randint(rng: random.Random, a: int, b: int) -> int:
    """``rng.randint(a, b)`` for ``a <= b``."""
    return a + below(rng, b - a + 1)


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)`` for a non-empty ``seq``."""
    return seq[below(rng, len(seq))]


def weighted(rng: random.Random, population: Sequence[T], cum_weights: Sequence[int]) -> T:
    """``rng.choices(population, cum_weights=cum_weights)[0]`` (the same as with the
    weights those cumulate), for positive whole weights."""
    x = rng.random() * (cum_weights[-1] + 0.0)
    hi = len(population) - 1
    i = 0  # bisect_right(cum_weights, x, 0, hi)
    while i < hi and cum_weights[i] <= x:
        i += 1
    return population[i]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)`` for ``0 <= k <= len(population)``."""
    n = len(population)
    setsize = 21  # CPython's choice between a pool and a set of the picks
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    result: list[T] = []
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            j = below(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for _ in range(k):
            j = below(rng, n)
            while j in selected:
                j = below(rng, n)
            selected.add(j)
            result.append(population[j])
    return result
