"""The autosave: a versioned JSON game record that replays exactly; a corrupt one is
reported and kept aside."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.rules.editions import new_game
from game.rules.position import dump
from game.rules.ruleset import edition
from game.setup.names import clean_name
from game.store.autosave import AutoSaver
from game.store.saves import (
    FORMAT,
    SavedMatch,
    SaveError,
    SeatInfo,
    autosave_path,
    load_save,
    read_autosave,
    read_match,
    write_save,
)
from game.store.userfiles import WriteWatch

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


# ---------------------------------------------------------------- issue 12: files that must
# never stop the game from opening, and an autosave that must never stop silently

def _save_text(**changes: object) -> str:
    data = SavedMatch.of(played(5), SEATS).to_json()
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("text", [
    "[" * 100_000,  # RecursionError in the JSON parser
    "{" * 100_000,
    _save_text(saved_at=10 ** 400),  # OverflowError turning it into a float
    _save_text(saved_at=float("inf")),  # json writes Infinity
    _save_text(saved_at=2 ** 70),  # a float, but past any date the list can show
    _save_text(saved_at=-1.0),  # before any clock could have written it
    _save_text(record={"format": "uno-record", "version": 1, "players": 3, "seed": 1,
                       "ruleset": [], "actions": []}),  # AttributeError in the engine
    _save_text(seats="abc"),
    '{"format": "uno-save", "version": 1, "record": {"players": ' + "9" * 5000 + "}}",
])
def test_any_unusable_save_is_reported_and_kept_aside(tmp_path: Path, text: str) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(text, "utf-8")
    match, problem = read_autosave(path)
    assert match is None and problem is not None and problem.reason
    assert not path.exists() and problem.kept_as is not None
    assert problem.kept_as.read_text("utf-8") == text


def test_a_failure_nobody_foresaw_still_keeps_the_save_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_save(SavedMatch.of(played(), SEATS), tmp_path / "autosave.json")
    text = path.read_text("utf-8")

    def boom(data: object) -> SavedMatch:
        raise MemoryError

    monkeypatch.setattr(SavedMatch, "from_json", staticmethod(boom))
    match, problem = read_autosave(path)
    assert match is None and problem is not None and "MemoryError" in problem.reason
    assert problem.kept_as is not None and problem.kept_as.read_text("utf-8") == text


def test_saves_are_read_per_file_so_slots_can_sit_side_by_side(tmp_path: Path) -> None:
    good = write_save(SavedMatch.of(played(), SEATS), tmp_path / "slot-1.json")
    bad = tmp_path / "slot-2.json"
    bad.write_text("[" * 50_000, "utf-8")
    assert read_match(good)[0] is not None
    match, problem = read_match(bad)
    assert match is None and problem is not None and problem.path == bad
    assert good.exists() and read_match(tmp_path / "slot-3.json") == (None, None)


def _failing_writes(monkeypatch: pytest.MonkeyPatch, code: int) -> list[int]:
    """Make every save write fail with ``code`` (an errno) while the list holds anything."""
    from game.store import saves

    failing = [code]
    real = saves.atomic_write

    def write(path: Path, data: bytes) -> None:
        if failing:
            raise OSError(failing[0], os.strerror(failing[0]), str(path))
        real(path, data)

    monkeypatch.setattr(saves, "atomic_write", write)
    return failing


@pytest.mark.parametrize(("code", "trouble"), [
    (errno.ENOSPC, "full"), (errno.EROFS, "read_only"), (errno.EACCES, "read_only")])
def test_an_autosave_that_fails_is_told_once_and_resumes_by_itself(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, trouble: str) -> None:
    lines: list[str] = []
    watch = WriteWatch(stderr=lines.append)
    failing = _failing_writes(monkeypatch, code)
    path = tmp_path / "autosave.json"
    saver = AutoSaver(path, watch=watch, retry=0.05)
    game = new_game(edition("official"), 3, 5)
    runner = MatchRunner(game, [make_bot("heuristic")] * 3, 5)
    for _ in range(5):
        runner.step()
        saver.save(SavedMatch.of(game, SEATS))
        assert saver.flush(5.0)
    assert not path.exists() and saver.error
    notices = watch.take()
    assert [(n.what, n.trouble) for n in notices] == [("game", trouble)]  # once, not 5 times
    assert len(lines) == 1 and str(path) in lines[0]
    failing.clear()  # room again: the saver tries by itself, no new action needed
    # The retry writes the file, then tells the watch: wait for the telling (a loaded machine
    # may run the test between the two).
    deadline = time.monotonic() + 30
    while watch.failing("game") is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert dump(load_save(path).replay()) == dump(game)
    assert [(n.what, n.trouble) for n in watch.take()] == [("game", "ok")]
    assert saver.error is None and watch.failing("game") is None
    saver.close()


def test_a_failed_autosave_gets_one_last_try_on_close(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    failing = _failing_writes(monkeypatch, errno.ENOSPC)
    path = tmp_path / "autosave.json"
    saver = AutoSaver(path, watch=WriteWatch(stderr=lambda line: None), retry=60)
    saver.save(SavedMatch.of(played(), SEATS))
    assert saver.flush(5.0) and not path.exists()
    failing.clear()
    saver.close()
    assert load_save(path).seats == SEATS

# ---------------------------------------------------------------- issue 12 item 4: names, ids
OLD_SAVE = Path(__file__).parent / "data" / "save_v1_before_player_ids.json"


def test_a_save_of_today_s_format_without_player_ids_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.write_bytes(OLD_SAVE.read_bytes())  # written by the game before ids existed
    match, problem = read_autosave(path)
    assert problem is None and match is not None
    assert [s.name for s in match.seats] == ["Sam", "Sam", "Chloé"]
    ids = [s.player_id for s in match.seats]
    assert len(set(ids)) == 3  # the two Sams are two players
    assert [s.player_id for s in load_save(path).seats] == ids  # the same ids every time
    match.replay()
    again = load_save(write_save(match, tmp_path / "again.json"))
    assert again.seats == match.seats  # from now on the ids are written down


@pytest.mark.parametrize(("raw", "clean"), [
    ("A\u0000nn", "Ann"),
    ("\ud800Bob", "Bob"),
    ("\u0000", "Player 2"),
    ("Maximilian Alexander the Great", "Maximilian Alexa"),
])
def test_a_save_with_a_bad_name_resumes_with_the_name_cleaned(tmp_path: Path, raw: str,
                                                              clean: str) -> None:
    data = SavedMatch.of(played(), SEATS).to_json()
    data["seats"][1]["name"] = raw
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(data), "utf-8")  # (JSON escapes NUL and the lone surrogate)
    match, problem = read_autosave(path)
    assert problem is None and match is not None
    assert match.seats[1].name == clean
    write_save(match, path)  # and it saves again (a lone surrogate cannot be encoded)
    assert load_save(path).seats[1].name == clean


@pytest.mark.parametrize("bad_id", ["../../etc", "ABCDEF123", "", 42, None, "a" * 40])
def test_a_save_with_a_malformed_player_id_is_corrupt(tmp_path: Path, bad_id: object) -> None:
    data = SavedMatch.of(played(), SEATS).to_json()
    data["seats"][0]["id"] = bad_id
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(data), "utf-8")
    match, problem = read_autosave(path)
    assert match is None and problem is not None and "player id" in problem.reason
    assert problem.kept_as is not None and problem.kept_as.exists()


def test_two_seats_with_one_player_id_make_a_corrupt_save(tmp_path: Path) -> None:
    data = SavedMatch.of(played(), SEATS).to_json()
    data["seats"][2]["id"] = data["seats"][0]["id"]
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(data), "utf-8")
    match, problem = read_autosave(path)
    assert match is None and problem is not None and "same player id" in problem.reason


def test_seats_clean_their_names_and_refuse_an_empty_one() -> None:
    assert SeatInfo(" A\x00nn ", True).name == "Ann"
    with pytest.raises(ValueError, match="needs a name"):
        SeatInfo("\x00", True)
    with pytest.raises(ValueError, match="player id"):
        SeatInfo("Ann", True, player_id="../x")


GAME = played(5)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(names=st.lists(st.text(alphabet=st.characters(codec=None), max_size=30), min_size=3,
                      max_size=3),
       ids=st.lists(st.one_of(st.none(), st.text(max_size=40),
                              st.from_regex(r"[0-9a-z]{6,32}", fullmatch=True)),
                    min_size=3, max_size=3))
def test_any_seat_names_and_ids_give_a_clean_match_or_a_corrupt_save(
        names: list[str], ids: list[str | None]) -> None:
    import tempfile

    data = SavedMatch.of(GAME, SEATS).to_json()
    for seat, name, pid in zip(data["seats"], names, ids):
        seat["name"] = name
        if pid is None:
            del seat["id"]
        else:
            seat["id"] = pid
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "autosave.json"
        path.write_text(json.dumps(data), "utf-8")
        match, problem = read_autosave(path)
        if match is None:
            assert problem is not None and "player id" in problem.reason
            return
        assert [s.name for s in match.seats] == [clean_name(n, s.name)
                                                 for n, s in zip(names, match.seats)]
        assert load_save(write_save(match, path)).seats == match.seats


def test_a_save_with_text_the_game_could_not_write_back_is_kept_aside(tmp_path: Path) -> None:
    """Found by bench/fuzz.py: a lone surrogate in the table options loaded, then every
    autosave of the match failed with UnicodeEncodeError."""
    data = SavedMatch.of(played(5), SEATS, {"house_rule_text": "x"}).to_json()
    text = json.dumps(data).replace('"house_rule_text":"x"', '"house_rule_text":"\\ud800"')
    text = text.replace('"house_rule_text": "x"', '"house_rule_text": "\\ud800"')
    assert "\\ud800" in text
    path = tmp_path / "match.json"
    path.write_text(text, "utf-8")
    match, problem = read_match(path)
    assert match is None and problem is not None and "Unicode" in problem.reason
    assert problem.kept_as is not None and problem.kept_as.read_text("utf-8") == text


# ---------------------------------------------------------------- issue 31 item 5: the save's
# types and known values checked as strictly as the rest of the file

def _saved(change: str) -> dict[str, object]:
    data = SavedMatch.of(played(5), SEATS).to_json()
    if change == "version_true":
        data["version"] = True
    elif change == "version_float":
        data["version"] = 1.0
    elif change == "version_text":
        data["version"] = "1"
    elif change == "record_version_true":
        data["record"]["version"] = True
    elif change == "record_version_float":
        data["record"]["version"] = 2.0
    elif change == "action_not_text":
        data["record"]["actions"].append(7)
    elif change.startswith("level="):
        data["seats"][1]["level"] = json.loads(change.partition("=")[2])
    return data


def _refused(tmp_path: Path, change: str) -> str:
    path = tmp_path / "match.json"
    text = json.dumps(_saved(change))
    path.write_text(text, "utf-8")
    match, problem = read_match(path)
    assert match is None and problem is not None and problem.kept_as is not None
    assert problem.kept_as.read_text("utf-8") == text and not path.exists()
    return problem.reason


def test_save_version_true_is_refused(tmp_path: Path) -> None:
    assert "version true" in _refused(tmp_path, "version_true")


@pytest.mark.parametrize("change", ["version_float", "version_text"])
def test_a_save_version_that_is_not_a_whole_number_is_refused(tmp_path: Path,
                                                             change: str) -> None:
    assert "version" in _refused(tmp_path, change)


@pytest.mark.parametrize("change", ["record_version_true", "record_version_float"])
def test_a_record_version_that_is_not_a_whole_number_is_refused(tmp_path: Path,
                                                               change: str) -> None:
    assert "record version" in _refused(tmp_path, change)


def test_an_action_that_is_not_text_is_refused(tmp_path: Path) -> None:
    assert "actions" in _refused(tmp_path, "action_not_text")


@pytest.mark.parametrize("level", ['"godlike"', '""', '"Hard"', '"hard:budget=0"',
                                   '"hard:wisdom=9"', '"medium:"', '"random "'])
def test_a_seat_level_the_game_does_not_know_is_refused(tmp_path: Path, level: str) -> None:
    reason = _refused(tmp_path, f"level={level}")
    assert "seat 2" in reason and "unknown AI level" in reason


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "heuristic", "random",
                                   "random-play", "hard:budget=3000:time_limit=none"])
def test_every_level_the_game_makes_a_bot_of_is_accepted(tmp_path: Path, level: str) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(_saved(f"level={json.dumps(level)}")), "utf-8")
    match, problem = read_match(path)
    assert problem is None and match is not None and match.seats[1].level == level


def test_a_seat_with_an_unknown_level_cannot_be_made_so_never_saved() -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        SeatInfo("Bob", False, "godlike")
