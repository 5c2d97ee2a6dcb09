"""Players' profiles (issue 17): one user file, validated on load; whatever is wrong with it,
it is put aside and reported, never written over; writes are atomic and a failure is told
once. And the statistics counted into them from the engine's events (game.stats)."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from game import profile_store as S
from game import profiles as P
from game.profile_store import ProfileStore, load_profiles, save_profiles
from game.profiles import (
    AVATAR_COLOURS,
    AVATAR_KINDS,
    Avatar,
    EditionStats,
    Profile,
    ProfileBook,
    default_avatar,
)
from game.rules import events as E
from game.stats import SeatRef, record
from game.userfiles import FULL, OK, WriteWatch
from tests.fuzz import slice_of
from tests.fuzz.targets import mutated_bytes, mutated_json


def sample_book() -> ProfileBook:
    sam = Profile("a1b2c3d4e5f6", "Sam", Avatar.of("owl"), seen=12.5)
    sam.edition("official").played = 3
    sam.edition("official").won = 2
    sam.edition("official").hands_won = 7
    sam.edition("official").best = 131
    sam.edition("attack").hands_won = 1
    robin = Profile("0f0f0f0f0f0f", "Zoé", Avatar("robot", "pink"), ai=True, seen=3.0)
    return ProfileBook([sam, robin])


def write_raw(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def good_json() -> dict[str, object]:
    return sample_book().to_json()


# ---------------------------------------------------------------------- round trip
def test_profiles_round_trip_through_the_file(tmp_path: Path) -> None:
    path = tmp_path / "profiles.json"
    save_profiles(sample_book(), path)
    book, problem = load_profiles(path)
    assert problem is None
    assert book.to_json() == sample_book().to_json()
    sam = book.get("a1b2c3d4e5f6")
    assert sam is not None and sam.avatar == Avatar("owl", "purple")
    assert sam.total("official") == EditionStats(3, 2, 7, 131)
    assert sam.total() == EditionStats(3, 2, 8, 131)  # every edition together
    assert book.get("0f0f0f0f0f0f").avatar.colour == "pink"  # type: ignore[union-attr]
    assert [p.name for p in book.ordered()] == ["Sam", "Zoé"]


def test_no_file_is_an_empty_book_and_no_problem(tmp_path: Path) -> None:
    book, problem = load_profiles(tmp_path / "none.json")
    assert len(book) == 0 and problem is None


def test_the_write_is_atomic_and_leaves_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "profiles.json"
    save_profiles(sample_book(), path)
    save_profiles(ProfileBook(), path)
    assert sorted(os.listdir(tmp_path)) == ["profiles.json"]
    assert json.loads(path.read_text("utf-8"))["profiles"] == []


def test_every_avatar_kind_has_its_own_colour_and_ids_give_stable_faces() -> None:
    assert len(AVATAR_KINDS) == len(set(AVATAR_KINDS)) == 12
    assert len(set(AVATAR_COLOURS)) == 12
    assert default_avatar("abcdef123456") == default_avatar("abcdef123456")
    taken = set(AVATAR_KINDS) - {"frog"}
    assert default_avatar("abcdef123456", taken).kind == "frog"  # the one left free
    with pytest.raises(ValueError):
        Avatar("dragon")
    with pytest.raises(ValueError):
        Avatar("cat", "plaid")


# ---------------------------------------------------------------------- corrupt files
def mutated(change: str) -> object:
    data = good_json()
    first = data["profiles"][0]  # type: ignore[index]
    if change == "huge_count":
        first["stats"]["official"]["played"] = 10**30
    elif change == "negative_count":
        first["stats"]["official"]["hands_won"] = -1
    elif change == "float_count":
        first["stats"]["official"]["best"] = 1.5
    elif change == "bool_count":
        first["stats"]["official"]["won"] = True
    elif change == "won_more_than_played":
        first["stats"]["official"]["won"] = 9
    elif change == "unknown_avatar":
        first["avatar"] = {"kind": "dragon", "colour": "red"}
    elif change == "bad_id":
        first["id"] = "../../etc"
    elif change == "same_id_twice":
        data["profiles"][1]["id"] = first["id"]  # type: ignore[index]
    elif change == "empty_name":
        first["name"] = "\u200b \x07"
    elif change == "lone_surrogate_name":
        first["name"] = "\ud800"
    elif change == "bad_edition":
        first["stats"]["../x"] = {"played": 1}
    elif change == "infinite_time":
        first["seen"] = float("inf")
    elif change == "newer_version":
        data["version"] = 99
    elif change == "not_a_list":
        data["profiles"] = {"a": 1}
    elif change == "too_many":
        data["profiles"] = [dict(first, id=f"{i:012x}") for i in range(P.MAX_PROFILES + 1)]
    return data


@pytest.mark.parametrize("change", [
    "huge_count", "negative_count", "float_count", "bool_count", "won_more_than_played",
    "unknown_avatar", "bad_id", "same_id_twice", "empty_name", "lone_surrogate_name",
    "bad_edition", "infinite_time", "newer_version", "not_a_list", "too_many"])
def test_a_file_with_a_bad_value_is_kept_aside_and_reported(tmp_path: Path, change: str) -> None:
    path = tmp_path / "profiles.json"
    path.write_text(json.dumps(mutated(change)), encoding="utf-8")
    original = path.read_bytes()
    book, problem = load_profiles(path)
    assert len(book) == 0
    assert problem is not None and problem.reason
    assert problem.kept_as is not None and problem.kept_as.read_bytes() == original
    assert ".corrupt-" in problem.kept_as.name and not path.exists()


RAW = {
    "binary_garbage": bytes(range(256)) * 4,
    "not_json": b"{profiles: nope",
    "deep_nesting": b"[" * 100_000 + b"]" * 100_000,
    "huge_literal": b'{"format": "uno-profiles", "version": 1, "profiles": [' + b"9" * 5000
                    + b"]}",
    "float_overflow": b'{"format": "uno-profiles", "version": 1e999, "profiles": []}',
    "empty": b"",
    "json_null": b"null",
}


@pytest.mark.parametrize("name", sorted(RAW))
def test_an_unreadable_file_is_kept_aside_and_reported(tmp_path: Path, name: str) -> None:
    path = tmp_path / "profiles.json"
    path.write_bytes(RAW[name])
    book, problem = load_profiles(path)
    assert len(book) == 0 and problem is not None
    assert problem.kept_as is not None and problem.kept_as.read_bytes() == RAW[name]


def test_a_folder_in_place_of_the_file_is_put_aside(tmp_path: Path) -> None:
    path = tmp_path / "profiles.json"
    (path / "inside").mkdir(parents=True)
    _book, problem = load_profiles(path)
    assert problem is not None and "folder" in problem.reason
    assert problem.kept_as is not None and (problem.kept_as / "inside").is_dir()
    store = ProfileStore(path, WriteWatch(stderr=lambda line: None))
    assert store.save() and path.is_file()  # a fresh file where the folder was


def test_a_file_larger_than_the_cap_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "profiles.json"
    path.write_bytes(b" " * (S.MAX_FILE_BYTES + 1))
    _book, problem = load_profiles(path)
    assert problem is not None and problem.kept_as is not None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_file_never_hangs(tmp_path: Path) -> None:
    path = tmp_path / "profiles.json"
    os.mkfifo(path)
    _book, problem = load_profiles(path)
    assert problem is not None and problem.kept_as is not None


def test_any_exception_while_reading_is_a_problem_not_a_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "profiles.json"
    save_profiles(sample_book(), path)

    def broken(path: Path, limit: int) -> bytes:
        raise MemoryError("no memory left")

    monkeypatch.setattr(S, "read_capped", broken)
    _book, problem = load_profiles(path)
    assert problem is not None and "memory" in problem.reason
    assert problem.kept_as is not None and problem.kept_as.exists()


def test_a_damaged_file_that_cannot_be_put_aside_is_never_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "profiles.json"
    path.write_bytes(b"\x00garbage")

    def refuse(path: Path, label: str = "corrupt") -> Path:
        raise PermissionError(errno.EACCES, "read-only", str(path))

    monkeypatch.setattr(S, "keep_aside", refuse)
    store = ProfileStore(path, WriteWatch(stderr=lambda line: None))
    assert store.problem is not None and store.problem.kept_as is None
    store.book.ensure("a1b2c3d4e5f6", "Sam")
    assert store.save() is False
    assert path.read_bytes() == b"\x00garbage"


def test_a_corrupt_file_kept_aside_is_not_touched_by_later_writes(tmp_path: Path) -> None:
    path = tmp_path / "profiles.json"
    path.write_bytes(b"\xff\xfe not json")
    store = ProfileStore(path, WriteWatch(stderr=lambda line: None))
    assert store.problem is not None and store.problem.kept_as is not None
    store.book.ensure("a1b2c3d4e5f6", "Sam")
    assert store.save()
    assert store.problem.kept_as.read_bytes() == b"\xff\xfe not json"
    assert load_profiles(path)[0].get("a1b2c3d4e5f6") is not None


# ---------------------------------------------------------------------- write failures
def test_a_full_disk_is_told_once_and_saving_again_is_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines: list[str] = []
    watch = WriteWatch(stderr=lines.append)
    path = tmp_path / "profiles.json"
    store = ProfileStore(path, watch)
    real = S.atomic_write
    failing = [True]

    def write(target: Path, data: bytes) -> None:
        if failing:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))
        real(target, data)

    monkeypatch.setattr(S, "atomic_write", write)
    store.book.ensure("a1b2c3d4e5f6", "Sam")
    assert store.save() is False and store.save() is False  # the game goes on
    notices = watch.take()
    assert [(n.what, n.trouble) for n in notices] == [("profiles", FULL)]
    assert "statistics" in notices[0].text() and len(lines) == 1
    failing.clear()
    assert store.save()
    assert [(n.what, n.trouble) for n in watch.take()] == [("profiles", OK)]
    assert load_profiles(path)[0].get("a1b2c3d4e5f6") is not None


# ---------------------------------------------------------------------- statistics
SEATS = [SeatRef("aaaaaaaaaaaa", "Ann"), SeatRef("bbbbbbbbbbbb", "Bob", ai=True),
         SeatRef("cccccccccccc", "Cid"), SeatRef("dddddddddddd", "Dee", ai=True)]


def test_hands_count_as_they_are_won_and_the_best_hand_is_kept() -> None:
    book = ProfileBook()
    assert record(book, "official", SEATS, [E.HandEnded(1, 40, (0, 40, 0, 0))])
    record(book, "official", SEATS, [E.HandEnded(1, 25, (0, 65, 0, 0))])
    record(book, "sonic", SEATS, [E.HandEnded(1, 90, (0, 90, 0, 0))])
    bob = book.get("bbbbbbbbbbbb")
    assert bob is not None and bob.ai and bob.name == "Bob"
    assert bob.total("official") == EditionStats(played=0, won=0, hands_won=2, best=40)
    assert bob.total() == EditionStats(0, 0, 3, 90)
    assert book.get("aaaaaaaaaaaa") is None  # nothing happened to Ann yet


def test_a_match_counts_for_every_seat_when_it_ends_and_both_partners_win() -> None:
    book = ProfileBook()
    record(book, "official", SEATS,
           [E.HandEnded(0, 510, (510, 0, 0, 0)), E.MatchEnded((0, 2))])
    played = {p.name: (p.total().played, p.total().won) for p in book.profiles.values()}
    assert played == {"Ann": (1, 1), "Bob": (1, 0), "Cid": (1, 1), "Dee": (1, 0)}


def test_an_abandoned_match_counts_no_match_played_but_keeps_its_hands() -> None:
    book = ProfileBook()
    record(book, "attack", SEATS, [E.HandEnded(2, 77, (0, 0, 77, 0))])  # then left
    cid = book.get("cccccccccccc")
    assert cid is not None and cid.total("attack") == EditionStats(0, 0, 1, 77)
    assert not record(book, "attack", SEATS, [E.UnoCalled(2)])  # nothing ends: nothing counts
    assert cid.total("attack").played == 0


def test_a_new_profile_keeps_the_face_worn_at_the_table() -> None:
    book = ProfileBook()
    seats = [SeatRef("aaaaaaaaaaaa", "Ann", avatar=Avatar.of("moon")), SEATS[1]]
    record(book, "official", seats, [E.HandEnded(0, 10, (10, 0))])
    assert book.get("aaaaaaaaaaaa").avatar == Avatar.of("moon")  # type: ignore[union-attr]


# ---------------------------------------------------------------------- hostile files
@st.composite
def profile_files(draw: st.DrawFn) -> bytes:
    """The sample file with bytes or JSON values mutated (the fuzz targets' mutations)."""
    base = S.encode(sample_book())
    if draw(st.integers(0, 2)) == 0:
        return bytes(draw(mutated_bytes(base)))
    doc = draw(mutated_json(json.loads(base)))
    try:
        return json.dumps(doc, ensure_ascii=False).encode("utf-8", "surrogatepass")
    except (TypeError, ValueError):
        return base


@slice_of(max_examples=150)
@given(profile_files())
@example(b"[" * 100_000)
@example(S.encode(sample_book()).replace(b'"played": 3', b'"played": 1' + b"0" * 5000))
def test_a_mutated_profiles_file_is_used_or_kept_aside_byte_for_byte(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "profiles.json"
        path.write_bytes(data)
        book, problem = load_profiles(path)
        if problem is None:  # used: it writes back and reads the same
            save_profiles(book, Path(tmp) / "again.json")
            again, trouble = load_profiles(Path(tmp) / "again.json")
            assert trouble is None and again.to_json() == book.to_json()
        else:
            assert len(book) == 0
            assert problem.kept_as is not None and problem.kept_as.read_bytes() == data
