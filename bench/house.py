"""Engine throughput with house rules on or off, as one JSON object on stdout.

    python bench/house.py [--house stacking,seven_o,jump_in] [--edition official]
                          [--actions 200000] [--seed 1]

Plays single-hand 4-player games with random choices, engine alone, until ``--actions``
actions have been applied: each step asks the player to act and the next seat for
their legal actions (a jump-in or a catch, when there is one) and applies one at
random. The work is a fixed number of actions, so two runs (house rules on and off)
compare by their whole time (run them in turn, A B A B, e.g. with ``hyperfine``). Prints
``actions_per_s`` too.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from dataclasses import replace

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.rules.editions import new_game
from game.rules.ruleset import MatchKind, edition


def run(ed: str, house: str, actions: int, seed: int) -> dict[str, object]:
    rs = replace(edition(ed), match=MatchKind.SINGLE_HAND)
    if house:
        rs = replace(rs, house=house)
    r = random.Random(seed)
    done = games = 0
    t = time.perf_counter()
    while done < actions:
        g = new_game(rs, 4, seed + games)
        games += 1
        while not g.over and done < actions:
            acts = g.legal_actions()
            acts += g.legal_actions(g.next_player(g.to_act))
            g.apply(acts[r.randrange(len(acts))])
            done += 1
    seconds = time.perf_counter() - t
    return {"edition": ed, "house": house, "actions": done, "games": games,
            "seconds": round(seconds, 3), "actions_per_s": round(done / seconds)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="official")
    ap.add_argument("--house", default="")
    ap.add_argument("--actions", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(json.dumps(run(args.edition, args.house, args.actions, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
