"""Engine speed, as one JSON object on stdout.

    python bench/engine.py [--games 300] [--seed 1]

- ``games_per_s``: complete single-hand games through the bot runner (views built
  for every decision, as in real play), per edition, 2 and 4 players, random bots
  and heuristic bots; with ``mean_turns`` so that game length is visible.
- ``legal_actions_us`` / ``apply_us``: the engine alone, replaying recorded games
  (random bots, 4 players): time per ``legal_actions()`` and per ``apply()``.
One core: run with nothing else busy for stable figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import replace

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.options import ArgumentParser, int_range, run_command, seed_type
from game.rules.editions import new_game
from game.rules.ruleset import EDITIONS, MatchKind, edition
from game.sim import simulate


def engine_alone(ed: str, games: int, seed: int) -> dict[str, float]:
    rs = replace(edition(ed), match=MatchKind.SINGLE_HAND)
    import random

    records = []
    for i in range(games):
        g = new_game(rs, 4, seed + i)
        r = random.Random(i)
        while not g.over:
            acts = g.legal_actions()
            g.apply(acts[r.randrange(len(acts))])
        records.append((seed + i, list(g.actions)))
    n_actions = sum(len(a) for _, a in records)

    def replay(with_legal: bool) -> float:
        t = time.perf_counter()
        for s, actions in records:
            g = new_game(rs, 4, s)
            apply, legal = g.apply, g.legal_actions
            if with_legal:
                for a in actions:
                    legal(a.player)
                    apply(a)
            else:
                for a in actions:
                    apply(a)
        return time.perf_counter() - t

    t0 = time.perf_counter()
    for s, _ in records:
        new_game(rs, 4, s)
    setup = time.perf_counter() - t0
    plain = min(replay(False) for _ in range(3))
    both = min(replay(True) for _ in range(3))
    return {
        "actions": n_actions,
        "new_game_us": round(setup / games * 1e6, 2),
        "apply_us": round((plain - setup) / n_actions * 1e6, 3),
        "legal_actions_us": round((both - plain) / n_actions * 1e6, 3),
    }


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(_main, "bench/engine.py", argv)


def _editions(text: str) -> list[str]:
    """``--editions``: comma-separated edition names."""
    names = [n.strip() for n in text.split(",")]
    for n in names:
        if n not in EDITIONS:
            raise argparse.ArgumentTypeError(
                f"unknown edition {n!r} (known: {', '.join(EDITIONS)})")
    return names


def _main(argv: Sequence[str] | None = None) -> int:
    ap = ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int_range(1, 1_000_000), default=300)
    ap.add_argument("--seed", type=seed_type, default=1)
    ap.add_argument("--editions", type=_editions, default=list(EDITIONS))
    args = ap.parse_args(argv)
    out: dict[str, object] = {"python": sys.version.split()[0], "games": args.games}
    per_edition: dict[str, object] = {}
    for ed in args.editions:
        rs = replace(edition(ed), match=MatchKind.SINGLE_HAND)
        figures: dict[str, object] = {}
        for bot in ("random", "random-play", "heuristic"):
            for players in (2, 4):
                n = args.games if bot == "random" else args.games * 10
                r = simulate(rs, players, n, args.seed, [bot] * players)
                figures[f"{bot}_{players}p"] = {
                    k: r[k] for k in ("games_per_s", "mean_turns", "turns_per_s", "errors")
                }
        figures["engine_4p"] = engine_alone(ed, max(50, args.games // 3), args.seed)
        per_edition[ed] = figures
    out["editions"] = per_edition
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
