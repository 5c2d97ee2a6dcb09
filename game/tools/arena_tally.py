"""What an arena run counts, mergeable across worker processes and ledger lines: wins
per bot kind with Wilson intervals, and decision times (wall clock and this thread's
CPU time) in log-binned histograms."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.bots.base import Bot
from game.rules.actions import Action
from game.rules.view import PlayerView

#: Decision-time histogram: bin ``i`` holds times in [exp(i / BINS_PER_E), exp((i+1)/...)) µs.
BINS_PER_E = 100
Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``wins / n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Times:
    """Durations, with a log-binned histogram for percentiles (to about 1 %)."""

    n: int = 0
    total_s: float = 0.0
    max_s: float = 0.0
    hist: dict[int, int] = field(default_factory=dict)

    def add(self, seconds: float) -> None:
        self.n += 1
        self.total_s += seconds
        self.max_s = max(self.max_s, seconds)
        b = int(math.log(max(seconds * 1e6, 1e-3)) * BINS_PER_E)
        self.hist[b] = self.hist.get(b, 0) + 1

    def merge(self, other: Times) -> None:
        self.n += other.n
        self.total_s += other.total_s
        self.max_s = max(self.max_s, other.max_s)
        for b, k in other.hist.items():
            self.hist[b] = self.hist.get(b, 0) + k

    def percentile_ms(self, q: float) -> float | None:
        """The ``q`` quantile, in milliseconds."""
        if not self.n:
            return None
        need = q * self.n
        seen = 0
        for b in sorted(self.hist):
            seen += self.hist[b]
            if seen >= need:
                return math.exp((b + 1) / BINS_PER_E) / 1000
        return self.max_s * 1000

    def mean_ms(self) -> float | None:
        return self.total_s * 1000 / self.n if self.n else None

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "total_s": self.total_s, "max_s": self.max_s,
                "hist": {str(b): k for b, k in self.hist.items()}}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Times:
        return cls(int(d["n"]), float(d["total_s"]), float(d["max_s"]),
                   {int(b): int(k) for b, k in d["hist"].items()})


def _ms(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


@dataclass
class KindStats:
    """What one bot kind did over the games of an arena run: wins, and the wall-clock
    and CPU (this thread) time of its decisions."""

    seats: int = 0  # seats taken over all games
    wins: int = 0
    wall: Times = field(default_factory=Times)
    cpu: Times = field(default_factory=Times)

    def merge(self, other: KindStats) -> None:
        self.seats += other.seats
        self.wins += other.wins
        self.wall.merge(other.wall)
        self.cpu.merge(other.cpu)

    def to_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "wins": self.wins, "wall": self.wall.to_json(),
                "cpu": self.cpu.to_json()}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> KindStats:
        return cls(int(d["seats"]), int(d["wins"]), Times.from_json(d["wall"]),
                   Times.from_json(d["cpu"]))

    def report(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.seats)
        return {
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": round(self.wins / self.seats, 4) if self.seats else None,
            "ci95": [round(lo, 4), round(hi, 4)],
            "decisions": self.wall.n,
            "decision_ms_mean": _ms(self.wall.mean_ms()),
            "decision_ms_p95": _ms(self.wall.percentile_ms(0.95)),
            "decision_ms_max": _ms(self.wall.max_s * 1000),
            "decision_cpu_ms_mean": _ms(self.cpu.mean_ms()),
            "decision_cpu_ms_p95": _ms(self.cpu.percentile_ms(0.95)),
        }


class Timed:
    """A bot wrapped to time its ``choose`` calls into ``stats`` (wall clock, and the CPU
    time of this thread: the figure that means "on one core" on a shared machine)."""

    def __init__(self, bot: Bot, stats: KindStats) -> None:
        self.bot = bot
        self.name = bot.name
        self.wants_history = bot.wants_history
        self.stats = stats

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        t0, c0 = time.perf_counter(), time.thread_time()
        a = self.bot.choose(view, legal, rng)
        self.stats.cpu.add(time.thread_time() - c0)
        self.stats.wall.add(time.perf_counter() - t0)
        return a

    def react(
        self, view: PlayerView, options: Sequence[Action], rng: random.Random
    ) -> Action | None:
        return self.bot.react(view, options, rng)


@dataclass
class Tally:
    """Results of a batch of games, mergeable across processes."""

    kinds: dict[str, KindStats] = field(default_factory=dict)
    games: int = 0
    turns: list[int] = field(default_factory=list)
    decisions: int = 0
    hands: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)

    def merge(self, other: Tally) -> None:
        for k, s in other.kinds.items():
            self.kinds.setdefault(k, KindStats()).merge(s)
        self.games += other.games
        self.turns += other.turns
        self.decisions += other.decisions
        self.hands += other.hands
        self.errors += other.errors

    def to_json(self) -> dict[str, Any]:
        return {"kinds": {k: v.to_json() for k, v in self.kinds.items()}, "games": self.games,
                "turns": self.turns, "decisions": self.decisions, "hands": self.hands,
                "errors": self.errors}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Tally:
        return cls({k: KindStats.from_json(v) for k, v in d["kinds"].items()},
                   int(d["games"]), [int(t) for t in d["turns"]], int(d["decisions"]),
                   int(d["hands"]), list(d["errors"]))
