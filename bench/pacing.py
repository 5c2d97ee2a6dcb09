"""Minutes per hand for one person against three AI at the default animation speed;
prints one JSON object.

    python bench/pacing.py                 hands of the official game, seeds 1..6
    python bench/pacing.py --hands 4 --seed 10

The table runs headless (SDL's dummy driver) on the game clock, one frame of 1/60 s at a
time, without drawing: what is measured is how long the table makes a family wait (the
presentation of every move, the AI's thinking delays, the dialogs), not how fast the
machine draws. The person (seat 0) presses what the test hooks' autoplay would, after
thinking ``THINK_S`` seconds of game time on each of their decisions, so a person's own
thinking is the same before and after a change. While an AI player's choice is still being
computed on the worker, the game clock does not advance (a busy machine would otherwise
count as slow pacing).

- ``minutes_per_hand``: mean game minutes from a hand's deal to its score screen, its count
  of the points watched to the end where there is one, then dismissed after ``THINK_S``;
  ``per_hand`` lists each hand.
- ``ai_share``: the part of that time the table was not waiting for the person.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path and not os.environ.get("PACING_KEEP_PATH"):
    sys.path.insert(0, str(ROOT))

THINK_S = 1.0
DT = 1 / 60


def one_hand(seed: int, level: str) -> tuple[float, float]:
    """(game seconds of the first hand of a match with ``seed``, seconds spent waiting
    for the person)."""
    from game.play.session import Session
    from game.rules.editions import new_game
    from game.rules.ruleset import edition
    from game.store.saves import SeatInfo
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.table.scene import TableScene

    app = App(Settings(narration="off", animation_speed=1.0), size=(1280, 720))
    try:
        seats = [SeatInfo("Ada", True), *(SeatInfo(n, False, level)
                                          for n in ("Bruno", "Chloé", "Dev"))]
        table = TableScene(app, Session(new_game(edition("official"), 4, seed), seats))
        app.reset(table)
        played = waited = thought = 0.0
        while played < 1800:
            top = app.top
            if top is not None and top.name in ("hand_end", "match_end"):
                if getattr(top, "counting", False):  # the points being counted: watched
                    app.frame(DT)
                    played += DT
                    continue
                return played + THINK_S, waited + THINK_S
            c = table.conductor
            job = c.job if c.job is not None else c.reaction
            if job is not None and not job.done:
                time.sleep(0.0005)  # the AI is computing: not the table's pace
                continue
            pick = getattr(top, "autoplay_intent", None)
            intent = pick() if pick is not None else None
            if intent is not None:
                thought += DT
                waited += DT
                if thought >= THINK_S:
                    thought = 0.0
                    app.dispatch(intent)
            else:
                thought = 0.0
            app.frame(DT)
            played += DT
        raise RuntimeError(f"seed {seed}: no hand end in 30 minutes of game time")
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:  # the family's own files stay untouched
        os.environ["UNO_CONFIG_DIR"], os.environ["UNO_DATA_DIR"] = f"{home}/c", f"{home}/d"
        hands = [one_hand(args.seed + k, args.level) for k in range(args.hands)]
    minutes = [h / 60 for h, _w in hands]
    total = sum(h for h, _w in hands)
    person = sum(w for _h, w in hands)
    print(json.dumps({
        "bench": "pacing", "edition": "official", "level": args.level, "think_s": THINK_S,
        "hands": len(hands), "minutes_per_hand": round(statistics.mean(minutes), 3),
        "per_hand": [round(m, 3) for m in minutes],
        "ai_share": round(1 - person / total, 3) if total else 0.0,
    }))


if __name__ == "__main__":
    main()
