"""``bench/fuzz.py`` prints one JSON object: cases tried per area and each distinct failure
once, with its signature, owner and reproduction (run briefly here, as a person would)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_fuzz_reports_cases_and_distinct_failures_as_json() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    r = subprocess.run(
        [sys.executable, "bench/fuzz.py", "--minutes", "0.05", "--round", "1.5",
         "--areas", "command_lines,scenes", "--seed", "1"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode in (0, 1), r.stderr
    report = json.loads(r.stdout)  # the whole of stdout: nothing else is printed there
    assert set(report["areas"]) == {"command_lines", "scenes"}
    assert report["cases"] == sum(a["cases"] for a in report["areas"].values()) > 0
    assert report["distinct_failures"] == len(report["failures"])
    assert r.returncode == (1 if report["failures"] else 0)
    signatures = [f["signature"] for f in report["failures"]]
    assert len(signatures) == len(set(signatures))  # each failure once
    for f in report["failures"]:
        assert "\n" not in f["signature"] and f["reproduction"] and f["count"] >= 1
        assert f["owner"] != "unknown"


def test_bench_fuzz_runs_the_profiles_statistics_and_lock_areas() -> None:
    """Issue 31: the long run covers the players' file, their statistics and the lock."""
    r = subprocess.run(
        [sys.executable, "bench/fuzz.py", "--minutes", "0.05", "--round", "1",
         "--areas", "profiles,statistics,lock", "--seed", "3"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    report = json.loads(r.stdout)
    assert set(report["areas"]) == {"profiles", "statistics", "lock"}
    assert all(area["cases"] > 0 for area in report["areas"].values()), report["areas"]
    assert r.returncode == 0 and report["failures"] == [], report["failures"]
