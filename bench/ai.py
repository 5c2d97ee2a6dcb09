"""Decision times of the AI levels on a fixed set of positions, as one JSON object.

    python bench/ai.py [--positions 120] [--players 2,4] [--hard-budget N] [--hard-time S]

Positions come from medium-vs-medium single hands of official UNO (every third
decision with a real choice). Each level decides every position with a fresh bot;
times are CPU time of this thread (the "one core" figure) and wall-clock time. For the
hard bot, over the decisions it searched: worlds and play-out steps per decision and
play-out steps per CPU second (``UNO_ENGINE=pure|native`` picks the engine build; with
``--hard-budget 1000000000`` the 0.13 s limit alone stops the search, so ``steps_mean``
is what that limit buys). Strength is measured by ``python -m game.tools.arena``, not here.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game
from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.bots.hard import HardBot
from game.rules.actions import CallUno, Catch
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.ruleset import MatchKind, edition
from game.rules.view import view
from game.setup.options import ArgumentParser, int_list, int_range, run_command


def positions(players: int, count: int, seed: int = 1) -> list[Game]:
    rs = replace(edition("official"), match=MatchKind.SINGLE_HAND)
    out: list[Game] = []
    s = seed
    while len(out) < count:
        game = new_game(rs, players, s)
        runner = MatchRunner(game, [make_bot("medium") for _ in range(players)], s)
        k = 0
        while not game.over and len(out) < count:
            legal = [a for a in game.legal_actions() if not isinstance(a, CallUno | Catch)]
            if len(legal) > 1:
                k += 1
                if k % 3 == 0:
                    out.append(game.clone())
            runner.step()
        s += 1
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(_main, "bench/ai.py", argv)


def _main(argv: Sequence[str] | None = None) -> int:
    ap = ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int_range(1, 100_000), default=120)
    ap.add_argument("--players", type=int_list(2, 10), default=[2, 4],
                    help="comma-separated player counts (default: 2,4)")
    ap.add_argument("--hard-budget", type=int_range(1, 10**9), default=HardBot().budget,
                    help="the hard bot's play-out steps per decision (default: its own)")
    ap.add_argument("--hard-time", type=float, default=HardBot().time_limit,
                    help="the hard bot's CPU seconds per decision (default: its own)")
    args = ap.parse_args(argv)
    result: dict[str, object] = {"positions": args.positions, "engine": game.ENGINE,
                                 "hard_budget": args.hard_budget, "hard_time": args.hard_time}
    for players in args.players:
        games = positions(players, args.positions)
        for level in ("easy", "medium", "hard"):
            cpu: list[float] = []
            wall: list[float] = []
            worlds: list[int] = []
            steps: list[int] = []
            searched_ms: list[float] = []
            for i, g in enumerate(games):
                bot = (HardBot(budget=args.hard_budget, time_limit=args.hard_time)
                       if level == "hard" else make_bot(level))
                legal = g.legal_actions()
                v = view(g, g.to_act, legal=legal)
                t0, c0 = time.perf_counter(), time.thread_time()
                bot.choose(v, legal, random.Random(i))
                cpu.append((time.thread_time() - c0) * 1000)
                wall.append((time.perf_counter() - t0) * 1000)
                if isinstance(bot, HardBot) and bot.last_worlds:  # a searched decision
                    worlds.append(bot.last_worlds)
                    steps.append(bot.last_steps)
                    searched_ms.append(cpu[-1])
            entry: dict[str, object] = {
                "cpu_ms_mean": round(statistics.fmean(cpu), 3),
                "cpu_ms_p95": round(pct(cpu, 0.95), 3),
                "wall_ms_mean": round(statistics.fmean(wall), 3),
                "wall_ms_p95": round(pct(wall, 0.95), 3),
            }
            if worlds:
                entry["searched"] = len(worlds)
                entry["worlds_mean"] = round(statistics.fmean(worlds), 1)
                entry["steps_mean"] = round(statistics.fmean(steps))
                entry["steps_per_cpu_s"] = round(sum(steps) / (sum(searched_ms) / 1000))
            result[f"{level}_{players}p"] = entry
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
