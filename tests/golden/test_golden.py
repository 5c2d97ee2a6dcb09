"""Golden seeded playthroughs: a match replays exactly from (ruleset, seed, actions).

The files in this folder were produced by heuristic bots; regenerate them only on a
deliberate rules change with ``UPDATE_GOLDEN=1 pytest tests/golden``, and say why in
the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.rules import events as E
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.position import dump
from game.rules.record import GameRecord
from game.rules.ruleset import edition

HERE = Path(__file__).parent
CASES = [
    ("official", 4, 7),
    ("official", 2, 11),
    ("sonic", 5, 3),
    ("attack", 4, 5),
    ("triple", 3, 9),
    ("roboto", 4, 2),
]


def event_digest(events: list[E.Event]) -> str:
    return hashlib.sha256("\n".join(map(repr, events)).encode()).hexdigest()


def play(ed: str, players: int, seed: int) -> tuple[Game, list[E.Event]]:
    game = new_game(edition(ed), players, seed)
    log: list[E.Event] = []
    MatchRunner(game, [make_bot("heuristic") for _ in range(players)], seed).run(log.extend)
    return game, log


@pytest.mark.parametrize(("ed", "players", "seed"), CASES)
def test_golden_playthrough_replays_exactly(ed: str, players: int, seed: int) -> None:
    path = HERE / f"{ed}_{players}p_seed{seed}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        game, log = play(ed, players, seed)
        data = {
            "record": GameRecord.of(game).to_json(),
            "final_position": dump(game),
            "events_sha256": event_digest(log),
            "winners": list(game.match.winners),
        }
        path.write_text(json.dumps(data, indent=1) + "\n")
    data = json.loads(path.read_text())
    record = GameRecord.from_json(data["record"])
    # 1. The recorded actions replay to the recorded final position and events.
    game = record.new_game()
    log = list(game.initial_events)
    for action in record.actions:
        log += game.apply(action)
    assert dump(game) == data["final_position"]
    assert event_digest(log) == data["events_sha256"]
    assert list(game.match.winners) == data["winners"]
    # 2. The same seed and bots make the same decisions again.
    again, again_log = play(ed, players, seed)
    assert [str(a) for a in again.actions] == [str(a) for a in record.actions]
    assert event_digest(again_log) == data["events_sha256"]
