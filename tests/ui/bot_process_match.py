"""A whole match between AI seats as the table plays it (the conductor, a ProcessRunner),
without a window, for tests/ui/test_botrunner.py to run in a fresh interpreter on the engine
it names (``UNO_ENGINE``): the bots' process must read every view the table sends.

    UNO_ENGINE=native UNO_BOT_TRACE=trace.jsonl python -m tests.ui.bot_process_match \\
        --edition official --house stacking,seven_o,jump_in --levels hard,medium,easy

Prints one JSON object: the engine, this process's id, the bot process's, how the match
ended, the actions played and why the runner fell back to a thread, if it did.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import replace

import game
from game.play.session import Session
from game.rules.house import house_text, parse_house
from game.rules.ruleset import MatchKind, edition
from game.store.saves import SeatInfo
from game.ui.botrunner import ProcessRunner
from game.ui.table.conductor import Conductor

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def play(edition_name: str, house: str, levels: Sequence[str], seed: int) -> dict[str, object]:
    rs = replace(edition(edition_name), match=MatchKind.SINGLE_HAND,
                 house=house_text(parse_house(house, edition_name)))
    seats = [SeatInfo(NAMES[i], False, level) for i, level in enumerate(levels)]
    session = Session.new(rs, seats, seed)
    runner = ProcessRunner()
    try:
        if not runner.ready.wait(120):
            raise SystemExit("the bot process did not start within 120 s")
        runner.start_match(session.ai_levels(), seed)
        conductor = Conductor(session, runner, speed=lambda: 0.0)
        steps = 0
        while not session.over:
            steps += 1
            if steps > 100_000:
                raise SystemExit("the match did not end")
            if conductor.update(0.0, True):
                continue
            job = conductor.job or conductor.reaction
            if job is not None and not job.wait(120):
                raise SystemExit("an AI decision took more than 120 s")
        return {
            "engine": game.ENGINE,
            "game_pid": os.getpid(),
            "bot_pid": runner.pid,
            "over": session.over,
            "actions": len(session.game.actions),
            "fallback": runner.fallback_reason,
            "conductor_error": conductor.error,
        }
    finally:
        runner.close()


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="official")
    ap.add_argument("--house", default="")
    ap.add_argument("--levels", default="hard,medium,easy")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    summary = play(args.edition, args.house, args.levels.split(","), args.seed)
    json.dump(summary, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
