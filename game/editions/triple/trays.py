"""UNO Triple Play's electronic unit (RULES.md section T): the three trays' lights and
hidden counters, the device half of :mod:`game.editions.triple.rules` (not an edition of
its own; the edition's rules are there).

The :class:`TrayBank` lights some trays at each turn (T-3; only those take a card),
counts presses against a hidden capacity per tray (T-5) and overloads a tray, returning
the number its presser then draws (T-6). :func:`light` is the capacity light a count
shows.
"""

from __future__ import annotations

import random
from itertools import accumulate
from typing import Final

import game.rules.chance as chance
from game.rules.actions import TRAYS
from game.rules.native import mypyc_attr

#: T-3: how many trays light up: one 30 %, two 45 %, three 25 %.
LIT_WEIGHTS: Final = (30, 45, 25)
LIT_CUM: Final = tuple(accumulate(LIT_WEIGHTS))
#: T-5: hidden capacity range, and the overload numbers (T-6).
CAPACITY: Final = (5, 9)
OVERLOAD: Final = (1, 4)


def light(remaining: int) -> str:
    """T-5: green while ≥ 4 presses remain, yellow at 2-3, red at 1."""
    return "green" if remaining >= 4 else "yellow" if remaining >= 2 else "red"


@mypyc_attr(native_class=False)  # tests replace its methods on an instance
class TrayBank:
    """The unit's three trays: white "open" lights and capacity counters.

    The ``script_*`` lists force the next outcomes (lit trays, capacities, overload
    numbers) so that tests can set up any situation; the RNG decides the rest.
    """

    def __init__(self) -> None:
        self.lit: tuple[int, ...] = (0, 1, 2)
        self.count = [0, 0, 0]
        self.capacity = [7, 7, 7]
        self.script_lit: list[tuple[int, ...]] = []
        self.script_capacity: list[int] = []
        self.script_overload: list[int] = []

    def reset_all(self, rng: random.Random) -> None:
        for t in range(TRAYS):
            self.reset(t, rng)

    def reset(self, t: int, rng: random.Random) -> None:
        self.count[t] = 0
        if self.script_capacity:
            self.capacity[t] = self.script_capacity.pop(0)
        else:
            self.capacity[t] = chance.randint(rng, *CAPACITY)

    def light_up(self, rng: random.Random) -> tuple[int, ...]:
        """T-3: a random non-empty set of trays opens for the turn."""
        if self.script_lit:
            self.lit = tuple(sorted(self.script_lit.pop(0)))
        else:
            k = chance.weighted(rng, (1, 2, 3), LIT_CUM)
            self.lit = tuple(sorted(chance.sample(rng, range(TRAYS), k)))
        return self.lit

    def press(self, t: int, rng: random.Random) -> int:
        """T-5, T-6: count a press on tray ``t``; the overload number, or 0."""
        self.count[t] += 1
        if self.count[t] < self.capacity[t]:
            return 0
        if self.script_overload:
            number = self.script_overload.pop(0)
        else:
            number = chance.randint(rng, *OVERLOAD)
        self.reset(t, rng)
        return number

    def light(self, t: int) -> str:
        return light(self.capacity[t] - self.count[t])

    def copy(self) -> TrayBank:
        other = TrayBank()
        other.lit, other.count, other.capacity = self.lit, list(self.count), list(self.capacity)
        other.script_lit = list(self.script_lit)
        other.script_capacity = list(self.script_capacity)
        other.script_overload = list(self.script_overload)
        return other
