"""The long fuzzing run of issue 12: hostile inputs for minutes, one JSON object of results.

    python bench/fuzz.py --minutes 10          (the default is one minute)
    python bench/fuzz.py --minutes 2 --areas positions,saves --seed 7

Areas (the same inputs and checks as the suite's fixed-seed slices in ``tests/fuzz``):

- ``command_lines``: ``python -m game --headless``, ``game.tools.sim``, ``game.tools.arena`` and
  ``game.tools.position`` with mutated arguments (run in this process): exit 0 or argparse's
  one-line error (exit 2), never a traceback;
- ``saves``: mutated autosaves read as the title screen reads them: resumed, or reported
  with the file kept aside byte for byte;
- ``settings``: mutated settings files read at start-up: used, used with the bad values
  repaired and told (the file as it was copied aside), or the defaults with the file kept
  aside byte for byte;
- ``profiles``: mutated ``profiles.json`` files: used, repaired (every record the damage did
  not touch kept as it was, the file as it was copied aside, the player told) or kept aside
  byte for byte;
- ``statistics``: hands and matches counted into mutated profiles for hostile seats and
  events: counted exactly, or refused with a ``ValueError`` that changes nothing;
- ``lock``: the single-instance lock over garbage, binary, huge, folder, FIFO or link at
  ``uno.lock`` (or a file in the data folder's place): taken, exclusive, released, and what
  was there put aside and told when it is not the game's own file;
- ``positions``: mutated position texts: ``PositionError``, or a game that can be shown,
  acted on and written back;
- ``scenes``: key, text, click, wheel and resize storms on every scene (SDL's dummy drivers).

The areas take turns in rounds of ``--round`` seconds (20, or less so that every area has
a turn in a short run) until the time is up. The output gives
the cases tried per area, and each distinct failure once: a one-line ``signature`` (the kind
of error and the innermost place in the game's code), how many cases met it, which part of
the game it belongs to, and the first input that met it (``reproduction``).
Exit status: 0 when no failure was found, 1 otherwise.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from game.setup.options import (  # noqa: E402
    ArgumentParser,
    float_range,
    int_range,
    name_list,
    run_command,
)

AREAS = ("command_lines", "saves", "settings", "profiles", "statistics", "lock", "positions",
         "scenes", "phone")

#: Which part of the game a failure belongs to, by the file named in its signature.
OWNERS = (
    ("game/phone", "phone server (issue 33)"),
    ("game/rules/position.py", "position codec (issue 12 item 7)"),
    ("game/store/saves.py", "saves loading (issue 12 item 3)"),
    ("game/store/autosave.py", "saves loading (issue 12 item 3)"),
    ("game/store/settings.py", "settings (issue 12 items 1 and 3)"),
    ("game/store/profiles.py", "profiles (issue 31 item 4)"),
    ("game/store/profile_store.py", "profiles (issue 31 item 4)"),
    ("game/store/repairs.py", "profiles and settings repairs (issue 31 item 4)"),
    ("game/store/stats.py", "statistics (issue 31 item 4)"),
    ("game/store/instance.py", "the instance lock (game/store/instance.py)"),
    ("game/store/userfiles.py", "user files (game/store/userfiles.py)"),
    ("game/voice", "names and recordings (issue 12 item 4)"),
    ("game/cli.py", "command lines (issue 12 item 8)"),
    ("game/tools/sim.py", "command lines (issue 12 item 8)"),
    ("game/tools/arena.py", "command lines (issue 12 item 8)"),
    ("game/setup/options.py", "command lines (issue 12 item 8)"),
    ("game/tools/position.py", "command lines (issue 12 item 8)"),
    ("game/ui", "the table and its scenes"),
    ("game/voice/narrate.py", "narrator"),
    ("game/rules", "engine"),
    ("game/bots", "bots"),
)


#: Areas whose every failure is one part's, wherever in the code it raised.
AREA_OWNERS = {
    "saves": "saves loading (issue 12 item 3)",
    "settings": "settings (issue 12 items 1 and 3)",
    "positions": "position codec (issue 12 item 7)",
    "profiles": "profiles (issue 31 item 4)",
    "statistics": "statistics (issue 31 item 4)",
}


def owner(area: str, signature: str) -> str:
    if signature.startswith("fuzz checker"):
        return "the fuzzing itself (bench/fuzz.py, tests/fuzz)"
    if area in AREA_OWNERS:
        return AREA_OWNERS[area]
    for path, who in OWNERS:
        if path in signature:
            return who
    if area == "command_lines":
        return "command lines (issue 12 item 8)"
    if area == "lock":
        return "the instance lock (game/store/instance.py)"
    return "unknown"


class TimeUp(Exception):
    """The round's time is over (ends a hypothesis run early)."""


@dataclass
class Found:
    signature: str
    area: str
    reproduction: str
    count: int = 0


@dataclass
class Results:
    cases: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    found: dict[str, Found] = field(default_factory=dict)

    def record(self, area: str, signature: str, reproduction: str) -> None:
        entry = self.found.setdefault(signature, Found(signature, area, reproduction[:5000]))
        entry.count += 1


def targets() -> dict[str, tuple[Any, Callable[[Any], None]]]:
    from tests.fuzz import phone_target as p
    from tests.fuzz import targets as t
    from tests.fuzz.scenes import run_storm, storms

    return {
        "command_lines": (t.command_lines(), t.check_command_line),
        "saves": (t.save_files(), t.check_save),
        "settings": (t.settings_files(), t.check_settings),
        "profiles": (t.profile_files(), t.check_profiles),
        "statistics": (t.stats_cases(), t.check_statistics),
        "lock": (t.lock_cases(), t.check_lock),
        "positions": (t.position_texts(), t.check_position),
        "scenes": (storms(), run_storm),
        "phone": (p.phone_cases(), p.check_phone_case),
    }


def fuzz_round(area: str, strategy: Any, check: Callable[[Any], None], seconds: float,
               seed: int | None, results: Results) -> None:
    """Run ``check`` on inputs of ``strategy`` for about ``seconds``."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fixed_seed

    from tests.fuzz.targets import Failure, short, signature

    deadline = time.monotonic() + seconds

    @settings(max_examples=10**7, derandomize=False, database=None, deadline=None,
              phases=(Phase.generate,), suppress_health_check=list(HealthCheck),
              report_multiple_bugs=False)
    @given(strategy)
    def run(value: Any) -> None:
        if time.monotonic() > deadline:
            raise TimeUp
        results.cases[area] = results.cases.get(area, 0) + 1
        try:
            check(value)
        except Failure as failure:
            results.record(area, failure.signature, failure.reproduction)
        except Exception as exc:  # a fault of the check itself: reported, never hidden
            results.record(area, signature(f"fuzz checker ({area})", exc), short(value, 2000))

    if seed is not None:
        run = fixed_seed(seed)(run)
    start = time.monotonic()
    with contextlib.suppress(TimeUp):
        run()
    results.seconds[area] = round(results.seconds.get(area, 0.0) + time.monotonic() - start, 1)


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(_main, "bench/fuzz.py", argv)


def _main(argv: Sequence[str] | None = None) -> int:
    ap = ArgumentParser(prog="bench/fuzz.py", description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float_range(0.05, 24 * 60.0), default=1.0,
                    help="how long to run, all areas together (default: 1, as in `make "
                         "bench`; issue 12 asks for 10)")
    ap.add_argument("--areas", type=name_list(AREAS), default=list(AREAS),
                    help=f"comma-separated areas (default: all: {','.join(AREAS)})")
    ap.add_argument("--round", type=float_range(1.0, 3600.0), default=None,
                    help="seconds an area runs before the next takes its turn (default: 20, "
                         "less when the run is too short for every area to have 20)")
    ap.add_argument("--seed", type=int_range(0, 2**32 - 1), default=None,
                    help="hypothesis seed of each round (default: random)")
    ap.add_argument("--progress", action="store_true", help="a line on stderr per round")
    args = ap.parse_args(argv)
    # Dummy drivers for the scenes' area; set when the bench runs, never on import.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the JSON object only
    # Every repaired value of a mutated file is logged as a warning: expected here by the
    # thousand, and the checks judge the outcome (stderr stays for the progress lines).
    logging.getLogger("game").setLevel(logging.ERROR)
    chosen = {k: v for k, v in targets().items() if k in args.areas}
    if args.round is None:  # every area has its turn, also in a short run
        args.round = max(1.0, min(20.0, args.minutes * 60 / max(1, len(chosen))))
    results = Results()
    start = time.monotonic()
    end = start + args.minutes * 60
    rounds = 0
    while time.monotonic() < end:
        for area, (strategy, check) in chosen.items():
            left = end - time.monotonic()
            if left <= 0:
                break
            fuzz_round(area, strategy, check, min(args.round, left),
                       None if args.seed is None else args.seed + rounds, results)
            if args.progress:
                print(f"fuzz: {area}: {results.cases.get(area, 0)} cases, "
                      f"{len(results.found)} distinct failures so far", file=sys.stderr,
                      flush=True)
        rounds += 1
    failures = sorted(results.found.values(), key=lambda f: (f.area, -f.count))
    report = {
        "minutes": args.minutes,
        "seconds": round(time.monotonic() - start, 1),
        "areas": {a: {"cases": results.cases.get(a, 0), "seconds": results.seconds.get(a, 0.0),
                      "distinct_failures": sum(f.area == a for f in failures)}
                  for a in chosen},
        "cases": sum(results.cases.values()),
        "distinct_failures": len(failures),
        "failures": [{"area": f.area, "signature": f.signature, "count": f.count,
                      "owner": owner(f.area, f.signature), "reproduction": f.reproduction}
                     for f in failures],
    }
    print(json.dumps(report, ensure_ascii=False))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
