"""The autosave: a versioned JSON game record that replays exactly; a corrupt one is
reported and kept aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.rules.editions import new_game
from game.rules.position import dump
from game.rules.ruleset import edition
from game.saves import (
    FORMAT,
    AutoSaver,
    SavedMatch,
    SaveError,
    SeatInfo,
    autosave_path,
    load_save,
    read_autosave,
    write_save,
)

SEATS = (SeatInfo("Ann", True), SeatInfo("Bob", False, "heuristic"),
         SeatInfo("Cid", False, "random"))


def played(moves: int = 25, ed: str = "official"):  # type: ignore[no-untyped-def]
    game = new_game(edition(ed), 3, 42)
    runner = MatchRunner(game, [make_bot("heuristic")] * 3, 42)
    for _ in range(moves):
        runner.step()
    return game


def test_a_save_replays_to_the_same_position(tmp_path: Path) -> None:
    game = played()
    path = write_save(SavedMatch.of(game, SEATS), tmp_path / "autosave.json")
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == FORMAT and data["version"] == 1
    assert "pickle" not in path.read_text("utf-8")
    match = load_save(path)
    assert match.seats == SEATS
    assert dump(match.replay()) == dump(game)


@pytest.mark.parametrize("ed", ["official", "sonic"])
def test_every_edition_round_trips(tmp_path: Path, ed: str) -> None:
    game = played(40, ed)
    match = load_save(write_save(SavedMatch.of(game, SEATS), tmp_path / "a.json"))
    assert dump(match.replay()) == dump(game)


@pytest.mark.parametrize("text", [
    "{not json",
    '{"format": "something else"}',
    '{"format": "uno-save", "version": 99}',
    '{"format": "uno-save", "version": 1, "record": {}, "seats": []}',
])
def test_a_corrupt_save_is_reported_and_kept_aside(tmp_path: Path, text: str) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(text, "utf-8")
    match, problem = read_autosave(path)
    assert match is None and problem is not None and problem.reason
    assert not path.exists() and problem.kept_as is not None
    assert problem.kept_as.read_text("utf-8") == text


def test_a_save_that_does_not_replay_is_corrupt(tmp_path: Path) -> None:
    data = SavedMatch.of(played(), SEATS).to_json()
    data["record"]["actions"].insert(0, "2 W+4")  # not player 2's card nor turn
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(SaveError, match="does not replay"):
        load_save(path)
    assert read_autosave(path)[1] is not None


def test_seat_count_must_match_players(tmp_path: Path) -> None:
    data = SavedMatch.of(played(), SEATS).to_json()
    data["seats"] = data["seats"][:2]
    with pytest.raises(SaveError):
        SavedMatch.from_json(data)


def test_autosaver_writes_the_newest_state_in_the_background(tmp_path: Path) -> None:
    path = tmp_path / "d" / "autosave.json"
    saver = AutoSaver(path)
    game = new_game(edition("official"), 3, 5)
    runner = MatchRunner(game, [make_bot("heuristic")] * 3, 5)
    for _ in range(30):
        runner.step()
        saver.save(SavedMatch.of(game, SEATS))
    assert saver.flush(5.0)
    assert dump(load_save(path).replay()) == dump(game)
    saver.discard()
    assert saver.flush(5.0) and not path.exists()
    saver.close()
    assert saver.error is None


def test_no_temp_files_are_left_behind(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    for moves in (5, 10, 15):
        write_save(SavedMatch.of(played(moves), SEATS), path)
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]


def test_data_folder_can_be_overridden(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("UNO_DATA_DIR", str(tmp_path))
    assert autosave_path() == tmp_path / "autosave.json"
    assert read_autosave() == (None, None)



def test_R10_R2_the_table_options_round_trip(tmp_path: Path) -> None:
    table = {"race_mode": "reaction", "house_rule_text": "Touch your nose!",
             "house_rule_clip": None}
    match = load_save(write_save(SavedMatch.of(played(), SEATS, table), tmp_path / "a.json"))
    assert match.table == table
    plain = load_save(write_save(SavedMatch.of(played(), SEATS), tmp_path / "b.json"))
    assert plain.table == {}  # older saves have none: the defaults apply


@pytest.mark.parametrize("table", [
    [1, 2],
    {"race_mode": "sprint"},
    {"race_mode": 3},
    {"house_rule_clip": 7},
    {"volume": 11},
])
def test_malformed_table_options_make_a_corrupt_save(tmp_path: Path, table: object) -> None:
    data = SavedMatch.of(played(), SEATS).to_json()
    data["table"] = table
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(data), "utf-8")
    match, problem = read_autosave(path)
    assert match is None and problem is not None and problem.kept_as is not None
