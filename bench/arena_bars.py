"""The AI's strength bars, measured with the arena; prints one JSON object.

    python bench/arena_bars.py --games 20000 [--step 200] [--processes 2] [--only hard-medium]
    python bench/arena_bars.py --report            # what the ledgers hold now, no games
    python bench/arena_bars.py --report --markdown # the same as the README's table

Each bar is an arena run (seats rotated, duplicate deals, seed 1) kept in a ledger under
``arena-runs/`` (see ``python -m game.tools.arena --ledger``). The bars are played in rounds of
``--step`` games each, so that all of them grow together and the command can be stopped
at any moment and run again later to go on: a 20,000-game run of the hard bot is hours
of CPU time. A ledger written by other engine or bot code is not counted; a run renames it
``<bar>.stale-<time>.jsonl`` and starts afresh.

For each bar: games so far, the first bot's win rate per seat with its Wilson 95 %
interval, the threshold, whether the point estimate and the whole interval clear it,
and decision times per bot kind (CPU time of the deciding thread, the "one core" figure).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.bots.hard import TABLE_BUDGET, TABLE_TIME_LIMIT  # noqa: E402
from game.rules.ruleset import MatchKind, Ruleset, edition  # noqa: E402
from game.setup.options import ArgumentParser, games_type, int_range, processes_type, run_command  # noqa: E402
from game.tools.arena import CHUNK, Ledger, LedgerError, run_arena  # noqa: E402
from game.tools.arena_tally import Tally  # noqa: E402


@dataclass(frozen=True)
class Bar:
    key: str
    edition: str
    bots: tuple[str, ...]
    threshold: float  # the first bot's win rate per seat must reach this
    what: str
    house: str = ""  # H-1 … H-3 on (game.rules.house names, comma-separated)

    def ruleset(self) -> Ruleset:
        return replace(edition(self.edition), match=MatchKind.SINGLE_HAND, house=self.house)


#: The hard bot as it thinks at the table (about 0.5 s of CPU a decision), as an arena spec.
HARD_AT_TABLE = f"hard:budget={TABLE_BUDGET}:time_limit={TABLE_TIME_LIMIT}"


BARS = (
    Bar("hard-random-2p", "official", ("hard", "random"), 0.72,
        "Hard vs random (uniform over legal actions), 2 players"),
    Bar("hard-random-4p", "official", ("hard", "random", "random", "random"), 0.37,
        "One Hard among three random, 4 players"),
    Bar("hard-medium-2p", "official", ("hard", "medium"), 0.58, "Hard vs Medium, 2 players"),
    Bar("medium-random-2p", "official", ("medium", "random"), 0.65,
        "Medium vs random, 2 players"),
    *(Bar(f"hard-medium-{e}", e, ("hard", "medium"), 0.5, f"Hard vs Medium, {e}, 2 players")
      for e in ("roboto", "attack", "triple", "sonic")),
    # Issue 16: hard beats medium with each house rule on (official, 2 players).
    *(Bar(f"hard-medium-{h.replace('_', '-')}", "official", ("hard", "medium"), 0.5,
          f"Hard vs Medium, {label}, 2 players", house=h)
      for h, label in (("stacking", "stacking (H-1)"), ("seven_o", "Seven-O (H-2)"),
                       ("jump_in", "jump-in (H-3)"))),
    # Issue 15 item 6: hard with the table's thinking time, its own row.
    Bar("hard-table-medium-2p", "official", (HARD_AT_TABLE, "medium"), 0.58,
        "Hard at the table (0.5 s CPU a decision) vs Medium, 2 players"),
    # Not bars of the issue: the literature's random baseline plays a random playable card
    # and draws only when nothing fits (the 68.8 % figure is against such a bot).
    Bar("hard-random-play-2p", "official", ("hard", "random-play"), 0.0,
        "Hard vs random-play (literature baseline), 2 players"),
    Bar("medium-random-play-2p", "official", ("medium", "random-play"), 0.0,
        "Medium vs random-play (literature baseline), 2 players"),
)
SEED = 1


def held(bar: Bar, book: Path, move_aside: bool = False) -> Tally:
    """The games a ledger holds from game 0 on, without playing any. A ledger of other
    engine or bot code counts none; with ``move_aside`` it is renamed ``*.stale-<time>``
    so that a new run starts beside it (its games are never mixed with these)."""
    if not book.exists():
        return Tally()
    try:
        ledger = Ledger(book, bar.ruleset(), bar.bots, SEED)
    except LedgerError as exc:
        print(f"arena_bars: {exc}: not counted", file=sys.stderr)
        if move_aside:
            book.rename(book.with_name(f"{book.stem}.stale-{int(time.time())}.jsonl"))
        return Tally()
    total = Tally()
    first = 0
    while (first, CHUNK) in ledger.done:
        total.merge(ledger.done[(first, CHUNK)])
        first += CHUNK
    return total


def report(bar: Bar, tally: Tally) -> dict[str, Any]:
    kinds = {k: s.report() for k, s in tally.kinds.items()}
    first = kinds.get(bar.bots[0], {})
    ci = first.get("ci95", [0.0, 1.0])
    rate = first.get("win_rate")
    out: dict[str, Any] = {"what": bar.what, "edition": bar.edition, "bots": list(bar.bots),
                           "games": tally.games, "win_rate": rate, "ci95": ci}
    if bar.threshold:
        out["threshold"] = bar.threshold
        out["point_clears"] = rate is not None and rate >= bar.threshold
        out["interval_clears"] = ci[0] >= bar.threshold
    out["decision_cpu_ms"] = {k: {"mean": v["decision_cpu_ms_mean"],
                                  "p95": v["decision_cpu_ms_p95"]} for k, v in kinds.items()}
    out["errors"] = len(tally.errors)
    return out


def markdown(reports: dict[str, dict[str, Any]]) -> str:
    """The README's table of measured results."""
    rows = ["| Bar | Games | First bot wins (95 % CI) | Needs | Decision CPU ms, mean / p95 |",
            "| --- | ---: | --- | --- | --- |"]
    for r in reports.values():
        if not r["games"]:
            continue
        lo, hi = r["ci95"]
        needs = f"≥ {r['threshold']:.0%}" if "threshold" in r else "—"
        times = " · ".join(f"{k} {v['mean']:.3g} / {v['p95']:.3g}"
                           for k, v in r["decision_cpu_ms"].items()
                           if v["mean"] is not None and not k.startswith("random"))
        rows.append(f"| {r['what']} | {r['games']:,} | {r['win_rate']:.1%} "
                    f"({lo:.1%}–{hi:.1%}) | {needs} | {times} |")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(_main, "bench/arena_bars.py", argv)


def _main(argv: Sequence[str] | None = None) -> int:
    ap = ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=games_type, default=20000, help="games per bar")
    ap.add_argument("--step", type=int_range(CHUNK, 10_000_000), default=200,
                    help="games added per bar per round")
    ap.add_argument("--processes", type=processes_type, default=1)
    ap.add_argument("--only", default="", help="comma-separated bar keys (default: all)")
    ap.add_argument("--dir", type=Path, default=ROOT / "arena-runs")
    ap.add_argument("--report", action="store_true", help="only report what is held")
    ap.add_argument("--markdown", action="store_true", help="a Markdown table, not JSON")
    args = ap.parse_args(argv)
    chosen = [b for b in BARS if not args.only or b.key in args.only.split(",")]
    unknown = set(args.only.split(",")) - {b.key for b in BARS} if args.only else set()
    if unknown:
        ap.error(f"--only: no bar {', '.join(sorted(unknown))} "
                 f"(bars: {', '.join(b.key for b in BARS)})")
    if args.step % CHUNK:
        ap.error(f"--step must be a multiple of {CHUNK}")
    if args.dir.exists() and not args.dir.is_dir():
        ap.error(f"--dir {args.dir}: not a folder")
    books = {b.key: args.dir / f"{b.key}.jsonl" for b in chosen}
    tallies = {b.key: held(b, books[b.key], move_aside=not args.report) for b in chosen}
    start = time.perf_counter()
    while not args.report:
        behind = [b for b in chosen if tallies[b.key].games < args.games]
        if not behind:
            break
        for bar in behind:
            target = min(args.games, (tallies[bar.key].games // args.step + 1) * args.step)
            try:
                tallies[bar.key] = run_arena(bar.ruleset(), bar.bots, target, SEED,
                                             args.processes, books[bar.key])
            except LedgerError as exc:  # a ledger that cannot be written
                ap.error(str(exc))
            print(f"arena_bars: {bar.key} {tallies[bar.key].games} games "
                  f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    reports = {b.key: report(b, tallies[b.key]) for b in chosen}
    print(markdown(reports) if args.markdown else json.dumps(reports))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
