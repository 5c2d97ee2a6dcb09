"""Many random matches across every edition, player count and match kind, with the
engine's invariants checked; prints one JSON object.

    python bench/million.py --games 1000000 --processes 2 --seed 1

Each match draws its edition, player count (within the edition's limits), match kind
(target 100) and, per seat, a random or a heuristic bot (at least one heuristic,
so that hands end in tens of turns; uniform-random tables play ~1,000-turn hands).
After every action the number of cards in all places must equal the deck size; at
the end of every hand and match the places must hold exactly the deck (multiset).
Every action comes from ``legal_actions`` and ``apply`` re-checks it. Any exception
or broken invariant is counted with its seed.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.rules import events as E
from game.rules.editions import new_game
from game.rules.ruleset import EDITIONS, MatchKind, edition
from game.setup.options import (
    ArgumentParser,
    games_type,
    ignore_sigint,
    processes_type,
    run_command,
    seed_type,
)

#: Short matches (about two hands) so that a million fit in an hour on two cores; the
#: scoring of every kind still runs across several hands.
TARGET = 100


def config(seed: int) -> tuple[str, int, MatchKind, int, list[str]]:
    r = random.Random(seed)
    ed = r.choice(sorted(EDITIONS))
    rs = edition(ed)
    kind = r.choice(list(MatchKind))
    if kind in (MatchKind.PARTNERS, MatchKind.PARTNERS_ROTATING):
        players = 4
    elif kind is MatchKind.TEAMS:
        players = r.choice([n for n in (4, 6, 8, 10) if n <= rs.max_players])
    else:
        players = r.randint(rs.min_players, rs.max_players)
    bots = [r.choice(["random", "heuristic"]) for _ in range(players)]
    if "heuristic" not in bots:
        bots[r.randrange(players)] = "heuristic"
    return ed, players, kind, TARGET, bots


def one(seed: int) -> dict[str, Any]:
    ed, players, kind, target, bots = config(seed)
    rs = replace(edition(ed), match=kind, target=target)
    game = new_game(rs, players, seed)
    deck = Counter(rs.cards())
    size = len(rs.cards())
    runner = MatchRunner(game, [make_bot(b) for b in bots], seed)
    actions = hands = 0
    while not game.over:
        if runner.steps > 200_000:
            return {"seed": seed, "error": "match did not end"}
        evs = runner.step()
        actions += 1
        if sum(map(len, game.all_piles())) != size:
            return {"seed": seed, "error": "card count changed"}
        if any(type(e) is E.HandEnded for e in evs):
            hands += 1
            if Counter(game.card_count()) != deck:
                return {"seed": seed, "error": "deck multiset changed"}
    return {"edition": ed, "actions": actions, "hands": hands}


def chunk(args: tuple[int, int]) -> dict[str, Any]:
    start, count = args
    out: dict[str, Any] = {"games": 0, "actions": 0, "hands": 0, "errors": [], "by_edition": {}}
    for seed in range(start, start + count):
        try:
            r = one(seed)
        except Exception as exc:  # counted, never hidden
            r = {"seed": seed, "error": f"{type(exc).__name__}: {exc}"}
        out["games"] += 1
        if "error" in r:
            out["errors"].append(r)
            continue
        out["actions"] += r["actions"]
        out["hands"] += r["hands"]
        out["by_edition"][r["edition"]] = out["by_edition"].get(r["edition"], 0) + 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(_main, "bench/million.py", argv)


def _main(argv: Sequence[str] | None = None) -> int:
    ap = ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=games_type, default=10_000)
    ap.add_argument("--processes", type=processes_type, default=1)
    ap.add_argument("--seed", type=seed_type, default=1)
    ap.add_argument("--progress", action="store_true", help="running totals on stderr")
    args = ap.parse_args(argv)
    size = 2_000
    jobs = [
        (args.seed * 10_000_000 + i, min(size, args.games - i)) for i in range(0, args.games, size)
    ]
    start = time.perf_counter()
    total: dict[str, Any] = {"games": 0, "actions": 0, "hands": 0, "errors": [], "by_edition": {}}
    with Pool(args.processes, ignore_sigint) as pool:
        for part in pool.imap_unordered(chunk, jobs):
            for k in ("games", "actions", "hands"):
                total[k] += part[k]
            total["errors"] += part["errors"]
            for ed, n in part["by_edition"].items():
                total["by_edition"][ed] = total["by_edition"].get(ed, 0) + n
            if args.progress:  # a running total, so a long run is never all-or-nothing
                elapsed = round(time.perf_counter() - start)
                print(json.dumps({k: total[k] for k in ("games", "hands", "actions")}
                                 | {"errors": len(total["errors"]), "seconds": elapsed}),
                      file=sys.stderr, flush=True)
    total["seconds"] = round(time.perf_counter() - start, 1)
    total["error_count"] = len(total["errors"])
    total["errors"] = total["errors"][:20]
    json.dump(total, sys.stdout)
    sys.stdout.write("\n")
    return 1 if total["error_count"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
