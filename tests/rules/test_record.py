"""Game records: ``(ruleset, players, seed, actions)`` as versioned JSON; replays exactly."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.driver import MatchRunner
from game.bots.heuristic import HeuristicBot
from game.bots.random_bot import RandomBot
from game.rules.actions import Draw, action_text
from game.rules.engine import Game
from game.rules.position import dump
from game.rules.record import FORMAT, VERSION, GameRecord, RecordError
from game.rules.ruleset import EDITIONS, MatchKind, Ruleset, edition

from .helpers import new_game


def played(ed: str, kind: MatchKind, players: int, seed: int, max_steps: int = 10**6) -> Game:
    rs = replace(edition(ed), match=kind, target=120)
    g = new_game(rs, players, seed)
    bots = [RandomBot() if p % 2 else HeuristicBot() for p in range(players)]
    runner = MatchRunner(g, bots, seed)
    while not g.over and runner.steps < max_steps:
        runner.step()
    return g


def through_json(record: GameRecord) -> GameRecord:
    return GameRecord.from_json(json.loads(json.dumps(record.to_json())))


@pytest.mark.parametrize(
    ("ed", "kind", "players", "seed"),
    [
        ("official", MatchKind.STANDARD, 4, 1),
        ("official", MatchKind.CHALLENGE, 5, 2),
        ("official", MatchKind.PARTNERS, 4, 3),
        ("official", MatchKind.TEAMS, 6, 4),
        ("official", MatchKind.RUNNING_TOTAL, 3, 5),
        ("sonic", MatchKind.SINGLE_HAND, 2, 6),
        ("sonic", MatchKind.STANDARD, 7, 7),
    ],
)
def test_replay_reproduces_the_exact_final_position(
    ed: str, kind: MatchKind, players: int, seed: int
) -> None:
    g = played(ed, kind, players, seed)
    assert g.over
    record = through_json(GameRecord.of(g))
    assert record == GameRecord.of(g)
    again = record.replay()
    assert dump(again) == dump(g)
    assert again.match.history == g.match.history
    assert again.rng.getstate() == g.rng.getstate()


@settings(max_examples=25, derandomize=True, database=None, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 10), st.integers(0, 300))
def test_replay_of_a_partial_game_matches(seed: int, players: int, steps: int) -> None:
    g = played("official", MatchKind.STANDARD, players, seed, max_steps=steps)
    assert dump(through_json(GameRecord.of(g)).replay()) == dump(g)


def test_record_json_shape() -> None:
    g = played("official", MatchKind.SINGLE_HAND, 3, 9)
    data = GameRecord.of(g).to_json()
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["players"] == 3 and data["seed"] == 9
    assert all(isinstance(a, str) for a in data["actions"])
    assert data["ruleset"]["edition"] == "official"
    assert data["ruleset"]["match"] == "single_hand"


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_ruleset_json_round_trips(name: str) -> None:
    rs = edition(name)
    assert Ruleset.from_json(json.loads(json.dumps(rs.to_json()))) == rs
    changed = replace(
        rs, match=MatchKind.RUNNING_TOTAL, target=250, uno_penalty=4, no_bluffing=True
    )
    assert Ruleset.from_json(changed.to_json()) == changed


def good() -> dict[str, Any]:
    return GameRecord(edition("official"), 3, 5, (Draw(1),)).to_json()


def edit(**changes: Any) -> dict[str, Any]:
    data = good()
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "not a uno-game record"),
        ("text", "not a uno-game record"),
        (edit(format="chess"), "not a uno-game record"),
        (edit(version=3), "version 3"),
        (edit(version=...), "version None"),
        (edit(players=...), "players"),
        (edit(seed=...), "seed"),
        (edit(actions=...), "actions"),
        (edit(players="3"), "integers"),
        (edit(seed=1.5), "integers"),
        (edit(actions=["1 jump"]), "jump"),
        (edit(actions="1 draw"), "bad record"),
        (edit(ruleset={"edition": "nope"}), "nope"),
        (edit(ruleset={"edition": "official", "bogus": 1}), "bogus"),
        (edit(ruleset={"edition": "official", "target": "500"}), "target"),
        (edit(ruleset={"edition": "official", "match": "tennis"}), "tennis"),
        (edit(ruleset=...), "bad record"),
    ],
)
def test_malformed_record_raises_record_error(data: Any, message: str) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(data)
    assert message in str(info.value)


def test_replay_names_the_first_illegal_action() -> None:
    g = played("official", MatchKind.STANDARD, 3, 1, max_steps=5)
    actions = list(g.actions)
    wrong = Draw((g.to_act + 1) % 3)
    record = GameRecord(g.ruleset, 3, 1, (*actions, wrong))
    with pytest.raises(RecordError, match=rf"action {len(actions)} \({wrong.player} draw\)"):
        record.replay()


def test_replay_under_another_seed_diverges_or_fails() -> None:
    g = played("official", MatchKind.STANDARD, 4, 1, max_steps=40)
    record = GameRecord.of(g)
    other = replace(record, seed=2)
    with contextlib.suppress(RecordError):  # likely: a card not held under seed 2
        assert dump(other.replay()) != dump(g)


@pytest.mark.parametrize("players", [1, 11, True])
def test_record_with_impossible_player_count_raises_record_error(players: Any) -> None:
    with pytest.raises(RecordError):
        GameRecord.from_json(edit(players=players)).replay()


# ---------------------------------------------------------------------- version 1

OLD_SAVES = __import__("pathlib").Path(__file__).parents[1] / "fixtures" / "saves-3bfd94e"


def test_R7_a_version_1_record_is_migrated_an_accept_where_the_named_player_took_four() -> None:
    """Version 1 (before the R-7 fix) made the player named after an interruption take
    a Wild Draw Four left on top at once; reading it inserts their ``accept``."""
    data = json.loads((OLD_SAVES / "roboto-wd4-after-interruption.json").read_text("utf-8"))
    old = data["record"]
    assert old["version"] == 1
    record = GameRecord.from_json(old)
    texts = [action_text(a) for a in record.actions]
    assert len(texts) == len(old["actions"]) + 1
    i = next(i for i, t in enumerate(texts) if t.endswith("accept") and t not in old["actions"])
    assert texts[:i] + texts[i + 1 :] == old["actions"]
    game = record.replay()
    assert not game.over
    written = record.to_json()
    assert written["version"] == VERSION == 2
    assert through_json(record) == record  # a version 2 record is read as it is


def test_R7_a_version_1_record_without_the_case_is_read_unchanged() -> None:
    for name in ("record-official-2p-seed7.json", "record-triple-4p-seed8.json"):
        data = json.loads((OLD_SAVES / name).read_text("utf-8"))
        record = GameRecord.from_json(data)
        assert [action_text(a) for a in record.actions] == data["actions"]


@pytest.mark.parametrize("version", [True, 1.0, 2.0, "2"])
def test_a_record_version_that_is_not_a_whole_number_is_refused(version: object) -> None:
    """``true`` and ``1.0`` equal 1 in Python: a record read outside a save (a golden file,
    a position tool) must still name its version as a whole number."""
    data = GameRecord.of(played("official", MatchKind.SINGLE_HAND, 2, 1)).to_json()
    data["version"] = version
    with pytest.raises(RecordError):
        GameRecord.from_json(data)
