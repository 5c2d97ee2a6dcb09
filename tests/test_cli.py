"""The command-line entry points, run as a person would run them (subprocesses)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    base["PYTHONPATH"] = str(ROOT)
    base.update(env or {})
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=base, capture_output=True, text=True, timeout=120
    )


def test_headless_match_prints_a_whole_match() -> None:
    r = run("-m", "game", "--headless", "--edition", "official", "--players", "4", "--seed", "7")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Dealer draw:" in out  # C-2
    assert "--- Hand 1:" in out
    assert " plays " in out and "“UNO!”" in out
    assert "Scores:" in out
    assert out.rstrip().splitlines()[-1].startswith("Match winner")
    again = run("-m", "game", "--headless", "--edition", "official", "--players", "4",
                "--seed", "7")
    assert again.stdout == out  # a seed replays the same match


def test_headless_match_in_french() -> None:
    r = run("-m", "game", "--headless", "--players", "3", "--seed", "5", "--lang", "fr")
    assert r.returncode == 0, r.stderr
    assert "joue" in r.stdout
    assert "Match winner" not in r.stdout


def test_no_display_says_so_and_offers_the_headless_match() -> None:
    r = run("-m", "game", "--seed", "3", "--players", "2")
    assert r.returncode == 0, r.stderr
    assert "No display" in r.stdout
    assert "python -m game --headless" in r.stdout
    assert "Match winner" in r.stdout


def test_bad_arguments_are_refused_clearly() -> None:
    r = run("-m", "game", "--headless", "--players", "11")
    assert r.returncode == 2
    assert "players" in r.stderr


def test_sim_prints_one_json_object_with_the_figures() -> None:
    r = run("-m", "game.tools.sim", "--edition", "official", "--players", "4", "--games", "30",
            "--seed", "1", "--bot", "heuristic", "--check")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    for key in ("games", "games_per_s", "mean_turns", "wins_by_seat", "errors"):
        assert key in data
    assert data["games"] == 30 and data["errors"] == 0
    assert sum(data["wins_by_seat"]) == 30  # single hands: one winner each


def test_sim_random_bots_sonic() -> None:
    r = run("-m", "game.tools.sim", "--edition", "sonic", "--players", "3", "--games", "5",
            "--seed", "2")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["errors"] == 0


def test_position_tool_round_trip() -> None:
    made = run("-m", "game.tools.position", "new", "--seed", "7", "--moves", "6")
    assert made.returncode == 0, made.stderr
    text = made.stdout.strip()
    assert text.startswith("UNO1 ")
    shown = run("-m", "game.tools.position", "show", text)
    assert "legal:" in shown.stdout and "decision:" in shown.stdout
    legal = shown.stdout.split("legal:")[1].split("  ")[0].strip()
    applied = run("-m", "game.tools.position", "apply", text, legal)
    assert applied.returncode == 0, applied.stderr
    assert applied.stdout.strip().splitlines()[-1].startswith("UNO1 ")
    wrong = run("-m", "game.tools.position", "apply", text, "9 draw")
    assert wrong.returncode == 2 and "error:" in wrong.stderr
