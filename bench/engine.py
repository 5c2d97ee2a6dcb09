"""Engine speed, pure and native (mypyc) builds side by side, as one JSON object on stdout.

    python bench/engine.py [--hands 2000] [--seed 1] [--compare pure,native] [--editions ...]

(``--games`` is another name for ``--hands``.)

For each build (each in its own process, ``UNO_ENGINE`` set) and each edition:

- ``hands_per_s``: single hands of 4 players with the random-play bot through the match
  runner, as ``python -m game.tools.sim --bot random-play --match single_hand`` plays them;
  ``us_per_decision`` is that time per decision (engine, runner and bot together) and
  ``mean_turns`` the hand length;
- ``apply_us`` / ``legal_actions_us`` / ``new_game_us``: the engine alone, replaying
  recorded random games: time per ``apply()``, per ``legal_actions()``, per new game.

``speedup`` gives, per edition, how many times faster each build is than the first one
named (``native_vs_pure``: hands per second and time per apply). A build that is not
available is reported with the reason and skipped.
Times are this process's CPU time (steadier than the wall clock on a shared machine);
still, run with nothing else busy for stable figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

# This process only parses and reports: each build is measured in a child process
# whose UNO_ENGINE chooses it.
from game.setup.options import ArgumentParser, int_range, name_list, run_command, seed_type


def engine_alone(ed: str, games: int, seed: int) -> dict[str, float]:
    from game.rules.editions import new_game
    from game.rules.ruleset import MatchKind, edition

    rs = replace(edition(ed), match=MatchKind.SINGLE_HAND)
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
        t = time.process_time()
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
        return time.process_time() - t

    def setup() -> float:
        t0 = time.process_time()
        for s, _ in records:
            new_game(rs, 4, s)
        return time.process_time() - t0

    new = min(setup() for _ in range(3))
    plain = min(replay(False) for _ in range(3))
    both = min(replay(True) for _ in range(3))
    return {
        "actions": n_actions,
        "new_game_us": round(new / games * 1e6, 2),
        "apply_us": round((plain - new) / n_actions * 1e6, 3),
        "legal_actions_us": round((both - plain) / n_actions * 1e6, 3),
    }


def random_play_hands(ed: str, hands: int, seed: int) -> dict[str, Any]:
    """Hands as game.tools.sim plays them (same seeds, bots and runner), counting decisions."""
    from game.bots import make_bot
    from game.bots.driver import MatchRunner
    from game.rules.editions import new_game
    from game.rules.ruleset import MatchKind, edition

    rs = replace(edition(ed), match=MatchKind.SINGLE_HAND)
    seeds = random.Random(seed)
    decisions = turns = 0
    start = time.process_time()
    for _ in range(hands):
        s = seeds.getrandbits(48)
        g = new_game(rs, 4, s)
        runner = MatchRunner(g, [make_bot("random-play") for _ in range(4)], s)
        runner.run(max_steps=2_000_000)
        decisions += runner.steps
        turns += g.turns
    elapsed = time.process_time() - start
    return {
        "hands_per_s": round(hands / elapsed, 1),
        "us_per_decision": round(elapsed / decisions * 1e6, 3),
        "mean_turns": round(turns / hands, 2),
    }


def measure(editions: list[str], hands: int, seed: int) -> dict[str, Any]:
    """This process's build, every edition."""
    import game

    out: dict[str, Any] = {"engine": game.ENGINE, "engine_note": game.ENGINE_NOTE}
    for ed in editions:
        figures = random_play_hands(ed, hands, seed)
        figures.update(engine_alone(ed, max(30, hands // 20), seed))
        out[ed] = figures
    return out


def in_child(build: str, args: argparse.Namespace) -> dict[str, Any]:
    env = {**os.environ, "UNO_ENGINE": build}
    cmd = [sys.executable, os.path.abspath(__file__), "--child", "--hands", str(args.hands),
           "--seed", str(args.seed), "--editions", ",".join(args.editions)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {"engine": None, "error": last}
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(_main, "bench/engine.py", argv)


def _builds(text: str) -> list[str]:
    """``--compare``: comma-separated builds (pure, native, auto), each once."""
    from game import ENGINE_CHOICES

    names = [n.strip() for n in text.split(",")]
    for n in names:
        if n not in ENGINE_CHOICES:
            raise argparse.ArgumentTypeError(
                f"unknown build {n!r} (known: {', '.join(ENGINE_CHOICES)})")
    if len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(f"a build is named twice: {text!r}")
    return names


def _main(argv: Sequence[str] | None = None) -> int:
    from game.rules.ruleset import EDITIONS

    ap = ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", "--games", dest="hands", type=int_range(1, 1_000_000),
                    default=2000, help="random-play hands per edition")
    ap.add_argument("--seed", type=seed_type, default=1)
    ap.add_argument("--editions", type=name_list(EDITIONS), default=list(EDITIONS))
    ap.add_argument("--compare", type=_builds, default=["pure", "native"],
                    help="builds to measure, each in its own process (pure, native, auto)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    editions: list[str] = args.editions
    if args.child:
        json.dump(measure(editions, args.hands, args.seed), sys.stdout)
        sys.stdout.write("\n")
        return 0
    builds: list[str] = args.compare
    runs = {b: in_child(b, args) for b in builds}
    out: dict[str, Any] = {"python": sys.version.split()[0], "hands": args.hands,
                           "seed": args.seed, "runs": runs}
    measured = [b for b in builds if runs[b].get("engine")]
    if len(measured) > 1:
        first = runs[measured[0]]
        out["speedup"] = {
            f"{b}_vs_{measured[0]}": {
                ed: {
                    "hands_per_s": round(runs[b][ed]["hands_per_s"] / first[ed]["hands_per_s"], 2),
                    "apply": round(first[ed]["apply_us"] / runs[b][ed]["apply_us"], 2),
                }
                for ed in editions
            }
            for b in measured[1:]
        }
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0 if measured else 1


if __name__ == "__main__":
    raise SystemExit(main())
