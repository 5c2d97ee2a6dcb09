"""Bot against bot, seats rotated: win rates with confidence intervals and decision times.

    python -m game.tools.arena --edition official --players 4 --bots hard,random,random,random \
        --games 20000 --seed 1

Prints one JSON object. A "game" is one match of the chosen kind (a single hand by
default, as in ``game.tools.sim``). Games are dealt in *duplicate*: each deal is played
``players`` times with the bot list rotated one seat further each time, so every kind
sits in every seat on the same cards and the luck of the deal cancels out. The Wilson
intervals treat games as independent, which makes them a little conservative here.

For each bot kind: ``win_rate`` is the share of its seats that won (wins divided by
games times its seats per game), with a Wilson 95 % interval; decision times are
measured around ``Bot.choose`` only (building the view is the driver's cost), with the
mean and the 95th percentile in milliseconds. ``--processes`` splits the games over
worker processes (default 1: the machine is shared); results do not depend on it.

Every game is fixed by its index (deal seed, seating, bot RNGs), so a long run can be cut
into pieces: ``--ledger runs/hard-medium.jsonl`` writes each finished chunk of games to a
file, and the same command later takes what is already there and plays only the rest
(``--games`` may grow between runs). ``--progress`` reports on stderr as chunks finish.
A search bot with a CPU-time limit (hard: 0.13 s) may stop a search earlier on a slower
or busier machine, so its games replay exactly only with ``time_limit=none`` in its spec.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.bots import BOTS
from game.bots.base import Bot
from game.bots.driver import MatchRunner
from game.rules.editions import new_game
from game.rules.ruleset import MatchKind, Ruleset
from game.setup.bot_specs import bot_from_spec, check_spec
from game.setup.options import (
    EDITION_CHOICES,
    MATCH_CHOICES,
    MAX_PROCESSES,
    MAX_TARGET,
    ArgumentParser,
    games_type,
    ignore_sigint,
    int_range,
    name_list,
    per_seat,
    processes_type,
    run_command,
    seed_type,
    target_type,
)
from game.tools.arena_tally import KindStats, Tally, Timed
from game.tools.sim import HOUSE_HELP, ruleset_from_args


def deal_seeds(seed: int, deals: int) -> list[int]:
    rnd = random.Random(seed)
    return [rnd.getrandbits(48) for _ in range(deals)]


def seating_for(bots: Sequence[str], game_index: int) -> list[str]:
    """The bot kinds by seat for game ``game_index``: rotated one seat per game."""
    n = len(bots)
    r = game_index % n
    return [bots[(s - r) % n] for s in range(n)]


def play_games(
    rs: Ruleset,
    bots: Sequence[str],
    seed: int,
    first: int,
    count: int,
    factory: Callable[[str], Bot] = bot_from_spec,
    max_steps: int = 2_000_000,
) -> Tally:
    """Games ``first`` … ``first + count - 1`` of an arena run (deterministic by index)."""
    players = len(bots)
    seeds = deal_seeds(seed, (first + count) // players + 1)
    tally = Tally()
    for k in bots:
        tally.kinds.setdefault(k, KindStats())
    for i in range(first, first + count):
        kinds = seating_for(bots, i)
        s = seeds[i // players]
        game = new_game(rs, players, s)
        seated = [Timed(factory(k), tally.kinds[k]) for k in kinds]
        # Each rotation of a deal gets its own bot RNGs, so that a bot is not replayed on
        # identical coin flips in every seat.
        runner = MatchRunner(game, seated, s + i % players)
        try:
            runner.run(max_steps=max_steps)
        except Exception as exc:  # counted and reported, never hidden
            tally.errors.append({"game": i, "seed": s, "error": f"{type(exc).__name__}: {exc}"})
            continue
        tally.games += 1
        for k in kinds:
            tally.kinds[k].seats += 1
        for w in game.match.winners:
            tally.kinds[kinds[w]].wins += 1
        tally.turns.append(game.turns)
        tally.decisions += runner.steps
        tally.hands += game.match.hand_no
    return tally


def _worker(job: tuple[dict[str, Any], list[str], int, int, int]) -> tuple[int, int, Tally]:
    rules, bots, seed, first, count = job
    return first, count, play_games(Ruleset.from_json(rules), bots, seed, first, count)


#: Games per unit of work (and per line of a ledger). Every game is fixed by its index, so
#: how the games are cut into chunks never changes the results.
CHUNK = 20


def code_fingerprint() -> str:
    """A digest of the engine's and the bots' source: games played by other code must not
    be added up with these."""
    import hashlib

    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for folder in ("rules", "bots"):
        for path in sorted((root / folder).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class LedgerError(ValueError):
    """A ledger that belongs to another arena run, or cannot be read or written."""


class Ledger:
    """A JSON-lines file of finished chunks, so that a long arena run can stop and go on
    later (even in another session) without replaying a game. The first line names the
    run: rules, bots, seed, and a fingerprint of the engine's and the bots' code. Each
    further line is one chunk's ``Tally``. A line that does not parse (a run killed while
    writing) is reported and ignored: its games are played again."""

    def __init__(self, path: Path, rs: Ruleset, bots: Sequence[str], seed: int) -> None:
        self.path = path
        self.header = {"arena": 1, "rules": rs.to_json(), "bots": list(bots), "seed": seed,
                       "code": code_fingerprint()}
        self.done: dict[tuple[int, int], Tally] = {}
        if path.exists() and path.stat().st_size > 0:
            self._load()
        else:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                with path.open("w", encoding="utf-8") as f:
                    f.write(json.dumps(self.header) + "\n")
            except OSError as exc:
                raise LedgerError(f"{path}: cannot write a ledger there ({exc})") from exc

    def _load(self) -> None:
        try:
            with self.path.open(encoding="utf-8") as f:
                text = f.read()
            if not text.endswith("\n"):  # torn while writing: new lines must start afresh
                with self.path.open("a", encoding="utf-8") as f:
                    f.write("\n")
        except (OSError, UnicodeDecodeError) as exc:
            raise LedgerError(f"{self.path}: cannot read this ledger ({exc})") from exc
        lines = text.splitlines()
        try:
            header = json.loads(lines[0])
        except Exception as exc:  # whatever is wrong with it, the file is not used
            raise LedgerError(f"{self.path}: not an arena ledger "
                              f"({type(exc).__name__}: {exc})") from exc
        if not isinstance(header, dict) or header.get("arena") != 1:
            raise LedgerError(f"{self.path}: not an arena ledger")
        if header != self.header:
            what = "code" if {**header, "code": None} == {**self.header, "code": None} else \
                "rules, bots or seed"
            raise LedgerError(f"{self.path} holds another run (other {what}); "
                              "give another --ledger path")
        for n, line in enumerate(lines[1:], start=2):
            try:
                entry = json.loads(line)
                key = (int(entry["first"]), int(entry["count"]))
                self.done[key] = Tally.from_json(entry["tally"])
            except Exception as exc:  # whatever is wrong with it, the games are replayed
                print(f"arena: {self.path}:{n}: unreadable line ignored "
                      f"({type(exc).__name__}: {exc})", file=sys.stderr)

    def add(self, first: int, count: int, tally: Tally) -> None:
        self.done[(first, count)] = tally
        try:
            with self.path.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"first": first, "count": count,
                                    "tally": tally.to_json()}) + "\n")
        except OSError as exc:
            raise LedgerError(f"{self.path}: cannot add to the ledger ({exc}); the games "
                              "it holds so far are kept") from exc


def run_arena(
    rs: Ruleset, bots: Sequence[str], games: int, seed: int, processes: int = 1,
    ledger: Path | None = None, progress: bool = False,
) -> Tally:
    """Play ``games`` games, in ``processes`` worker processes when more than one; with a
    ``ledger``, chunks already in it are taken from it and new ones are added to it."""
    book = Ledger(ledger, rs, bots, seed) if ledger is not None else None
    chunks = [(first, min(CHUNK, games - first)) for first in range(0, games, CHUNK)]
    total = Tally()
    for k in bots:
        total.kinds.setdefault(k, KindStats())
    todo = []
    for key in chunks:
        if book is not None and key in book.done:
            total.merge(book.done[key])
        else:
            todo.append(key)
    start = time.perf_counter()
    played = 0

    def finished(first: int, count: int, part: Tally) -> None:
        nonlocal played
        total.merge(part)
        if book is not None:
            book.add(first, count, part)
        played += count
        if progress:
            spent = time.perf_counter() - start
            left = sum(c for _, c in todo) - played
            print(f"arena: {total.games}/{games} games, {spent:.0f} s, "
                  f"about {spent / played * left:.0f} s to go", file=sys.stderr, flush=True)

    if processes <= 1:
        for first, count in todo:
            finished(first, count, play_games(rs, bots, seed, first, count))
        return total
    import multiprocessing

    jobs = [(rs.to_json(), list(bots), seed, first, count) for first, count in todo]
    with multiprocessing.get_context("spawn").Pool(processes, ignore_sigint) as pool:
        for first, count, part in pool.imap_unordered(_worker, jobs):
            finished(first, count, part)
    return total


def summary(rs: Ruleset, bots: Sequence[str], tally: Tally, seconds: float,
            processes: int) -> dict[str, Any]:
    turns = sorted(tally.turns)
    n = len(turns)
    return {
        "edition": rs.edition,
        "house": rs.house,
        "match": rs.match.value,
        "players": len(bots),
        "bots": list(bots),
        "games": tally.games,
        "seconds": round(seconds, 2),
        "processes": processes,
        "results": {k: s.report() for k, s in tally.kinds.items()},
        "mean_turns": round(sum(turns) / n, 1) if n else None,
        "median_turns": turns[n // 2] if n else None,
        "p95_turns": turns[min(n - 1, int(0.95 * n))] if n else None,
        "mean_decisions": round(tally.decisions / n, 1) if n else None,
        "hands": tally.hands,
        "errors": len(tally.errors),
        "error_samples": tally.errors[:10],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.tools.arena``: a wrong argument is a one-line error (exit 2), Ctrl+C stops
    with one line (exit 130; the ledger keeps every chunk finished so far), a closed pipe
    ends it quietly (exit 141)."""
    return run_command(_main, "python -m game.tools.arena", argv)


def check_ledger_path(path: Path) -> str | None:
    """Why ``path`` cannot be a ledger (a folder, a FIFO or device, a folder that is a
    file), or ``None`` if it can."""
    if path.exists() and not path.is_file():
        return f"--ledger {path}: not a regular file"
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        return f"--ledger {path}: {parent} is not a folder"
    return None


def _main(argv: Sequence[str] | None = None) -> int:
    ap = ArgumentParser(prog="python -m game.tools.arena", description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="official", choices=EDITION_CHOICES)
    ap.add_argument("--players", type=int_range(2, 10), default=2)
    ap.add_argument("--bots", type=name_list(BOTS, check_spec), default="medium,random",
                    help="one bot kind per seat, comma-separated (rotated over the games)")
    ap.add_argument("--games", type=games_type, default=1000)
    ap.add_argument("--seed", type=seed_type, default=1)
    ap.add_argument("--match", default=MatchKind.SINGLE_HAND.value, choices=MATCH_CHOICES)
    ap.add_argument("--target", type=target_type, default=None,
                    help=f"match target score (1 to {MAX_TARGET})")
    ap.add_argument("--processes", type=processes_type, default=1,
                    help=f"worker processes (1 to {MAX_PROCESSES})")
    ap.add_argument("--ledger", type=Path, default=None,
                    help="JSON-lines file of finished games: a run stopped part-way goes on "
                         "from where it stopped when given the same file again")
    ap.add_argument("--progress", action="store_true", help="report progress on stderr")
    ap.add_argument("--house", default="", help=HOUSE_HELP)
    args = ap.parse_args(argv)
    bots = per_seat(args.bots, args.players)
    if bots is None:
        ap.error(f"--bots takes {args.players} of {', '.join(BOTS)}, comma-separated")
    rs = ruleset_from_args(ap, args)
    if args.ledger is not None and (why := check_ledger_path(args.ledger)):
        ap.error(why)
    start = time.perf_counter()
    try:
        tally = run_arena(rs, bots, args.games, args.seed, args.processes, args.ledger,
                          args.progress)
    except LedgerError as exc:
        ap.error(str(exc))
    result = summary(rs, bots, tally, time.perf_counter() - start, args.processes)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 1 if tally.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
