"""The hard bot's statistics over its worlds: the weighted mean outcome of a candidate,
and the paired difference of two (both played in the same worlds) with its standard
error. Compiled with the engine (``tools/build_native.py``): the search asks for them
over every world's scores each time it prunes, and in Python they were a tenth of its
time. Written as plain loops, in the order ``sum`` would add, so both builds give the
same numbers to the last bit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def paired(xs: Sequence[float], ys: Sequence[float], ws: Sequence[float]) -> tuple[float, float]:
    """Weighted mean of the paired differences ``xs - ys`` and its standard error
    (weights ``ws``; over the worlds both have been scored in)."""
    n = min(len(xs), len(ys))
    if n < 2:
        return 0.0, 1.0
    total = squares = moment = 0.0
    for i in range(n):
        w = ws[i]
        total += w
        squares += w * w
        moment += w * (xs[i] - ys[i])
    if total <= 0:
        return 0.0, 1.0
    mean = moment / total
    var = 0.0
    for i in range(n):
        d = xs[i] - ys[i] - mean
        var += ws[i] * (d * d)
    var = var / total * n / (n - 1)
    n_eff = total * total / squares
    return mean, math.sqrt(var / n_eff)


def weighted_mean(xs: Sequence[float], ws: Sequence[float]) -> float:
    """The mean of ``xs`` weighted by the first ``len(xs)`` of ``ws`` (0 with no weight)."""
    total = moment = 0.0
    for i in range(len(xs)):
        w = ws[i]
        total += w
        moment += w * xs[i]
    return moment / total if total > 0 else 0.0
