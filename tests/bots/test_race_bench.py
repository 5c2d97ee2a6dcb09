"""bench/races.py's stopping rule, run in the suite on a few thousand simulated races: each
AI level's share of races a person finishes last clears its bar (15 / 25 / 35 % for easy /
medium / hard, issue 34) with the upper bound of its 95 % interval, as the table's races
(``game.editions.roboto.table.races``) draw their AI times from the same model."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_races", ROOT / "bench" / "races.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_R10_every_level_clears_its_fairness_bar_by_the_bench_s_stopping_rule() -> None:
    races = bench()
    out = races.until_clear(1000, 12000, random.Random(14))
    assert set(out) == {"easy", "medium", "hard"}
    for level, row in out.items():
        assert row["cleared"], (level, row)
        assert row["ci95"][1] < races.BOUNDS[level] == {"easy": 0.15, "medium": 0.25,
                                                        "hard": 0.35}[level]
        assert row["last_rate"] > 0.03  # the AI does win races: never a walk-over


def test_the_stopping_rule_stops_at_the_cap_when_a_bar_cannot_be_cleared() -> None:
    races = bench()
    races.BOUNDS["hard"] = 0.01  # a bar no real rate clears
    out = races.until_clear(500, 1500, random.Random(1))
    assert out["hard"]["races"] == 1500 and not out["hard"]["cleared"]
    assert out["easy"]["races"] == 500  # the others still stop at their first clear round
