"""Players' profiles (issue 17): one user file, checked on load. A file that cannot be used at
all is put aside and reported, never written over; one bad value or record (issue 31) costs
only itself: it is reset or left out and told, everything else is kept, the file as it was
copied aside. Writes are atomic and a failure is told once. And the statistics counted into
them from the engine's events (game.store.stats)."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from game.rules import events as E
from game.store import profile_store as S
from game.store import profiles as P
from game.store.profile_store import ProfileStore, load_profiles, save_profiles
from game.store.profiles import (
    AVATAR_COLOURS,
    AVATAR_KINDS,
    Avatar,
    EditionStats,
    Profile,
    ProfileBook,
    default_avatar,
)
from game.store.stats import SeatRef, record
from game.store.userfiles import FULL, OK, WriteWatch
from tests.fuzz import slice_of
from tests.fuzz.targets import check_profiles, mutated_bytes, mutated_json


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
    elif change == "surrogate_in_name":
        first["name"] = "Sa\ud800m"
    elif change == "bad_edition":
        first["stats"]["../x"] = {"played": 1}
    elif change == "infinite_time":
        first["seen"] = float("inf")
    elif change == "ai_not_a_bool":
        first["ai"] = "yes"
    elif change == "stats_not_an_object":
        first["stats"] = [1, 2]
    elif change == "edition_not_an_object":
        first["stats"]["attack"] = 7
    elif change == "entry_not_an_object":
        data["profiles"].insert(1, "Sam")  # type: ignore[attr-defined]
    elif change == "newer_version":
        data["version"] = 99
    elif change == "version_true":
        data["version"] = True
    elif change == "version_float":
        data["version"] = 1.0
    elif change == "not_a_list":
        data["profiles"] = {"a": 1}
    elif change == "other_format":
        data["format"] = "uno-save"
    elif change == "too_many":
        data["profiles"] = [dict(first, id=f"{i:012x}") for i in range(P.MAX_PROFILES + 1)]
    return data


@pytest.mark.parametrize("change", [
    "newer_version", "version_true", "version_float", "not_a_list", "other_format"])
def test_a_file_that_cannot_be_used_at_all_is_kept_aside_and_reported(
        tmp_path: Path, change: str) -> None:
    path = tmp_path / "profiles.json"
    path.write_text(json.dumps(mutated(change)), encoding="utf-8")
    original = path.read_bytes()
    book, problem = load_profiles(path)
    assert len(book) == 0
    assert problem is not None and problem.reason and not problem.repairs
    assert problem.kept_as is not None and problem.kept_as.read_bytes() == original
    assert ".corrupt-" in problem.kept_as.name and not path.exists()


SAM, ZOE = "a1b2c3d4e5f6", "0f0f0f0f0f0f"

#: What each change leaves: Sam's profile as read (``None``: left out), and the words the
#: notice about it has.
REPAIRED: dict[str, tuple[dict[str, object] | None, tuple[str, ...]]] = {
    "huge_count": ({"official": EditionStats(0, 0, 7, 131)}, ("matches played", "reset to 0")),
    "negative_count": ({"official": EditionStats(3, 2, 0, 131)}, ("hands won", "(-1)")),
    "float_count": ({"official": EditionStats(3, 2, 7, 0)}, ("best hand", "(1.5)")),
    "bool_count": ({"official": EditionStats(3, 0, 7, 131)}, ("matches won", "(true)")),
    "won_more_than_played": ({"official": EditionStats(0, 0, 7, 131)},
                             ("more wins than matches", '"official"')),
    "unknown_avatar": ({"avatar": default_avatar(SAM)}, ("face",)),
    "bad_id": (None, ('"Sam"', "no usable id", "left out")),
    "same_id_twice": ({}, ('"Zoé"', "twice", "left out")),
    "empty_name": ({"name": "Player 1"}, ("player 1", '"Player 1"')),
    "lone_surrogate_name": ({"name": "Player 1"}, ("could not be read", '"Player 1"')),
    "surrogate_in_name": ({"name": "Sam"}, ('"Sam"', "tidied")),
    "bad_edition": ({"official": EditionStats(3, 2, 7, 131)}, ('"../x"', "no edition")),
    "infinite_time": ({"seen": 0.0}, ("last played", "reset")),
    "ai_not_a_bool": ({"ai": False}, ("neither a person nor an AI",)),
    "stats_not_an_object": ({"official": EditionStats(), "attack": EditionStats()},
                            ("statistics", "start again from zero")),
    "edition_not_an_object": ({"attack": EditionStats()}, ('"attack"', "from zero there")),
    "entry_not_an_object": ({}, ("entry 2", "left out")),
}


@pytest.mark.parametrize("change", sorted(REPAIRED))
def test_one_bad_value_costs_only_itself_and_is_told(tmp_path: Path, change: str) -> None:
    """Issue 31 item 4: one bad value or record no longer sets every family's statistics
    aside: it is reset (or the record left out), everything else is kept, the file as it was
    is copied aside, the repaired file is written, and the player is told which one."""
    path = tmp_path / "profiles.json"
    path.write_text(json.dumps(mutated(change)), encoding="utf-8")
    original = path.read_bytes()
    book, problem = load_profiles(path)
    expected, words = REPAIRED[change]
    zoe = book.get(ZOE)
    if change == "same_id_twice":
        assert zoe is None and len(book) == 1  # the second "Sam" (Zoé's record) left out
    else:
        assert zoe is not None and zoe.to_json() == sample_book().profiles[ZOE].to_json()
    sam = book.get(SAM)
    if expected is None:
        assert sam is None and len(book) == 1
    else:
        assert sam is not None
        want = sample_book().profiles[SAM]
        assert sam.name == expected.get("name", want.name)
        assert sam.avatar == expected.get("avatar", want.avatar)
        assert sam.ai is expected.get("ai", want.ai) and sam.seen == expected.get("seen", 12.5)
        for ed in ("official", "attack"):
            assert sam.total(ed) == expected.get(ed, want.total(ed)), ed
    assert problem is not None and problem.repairs, "the player is told"
    told = " ".join(r.text() for r in problem.repairs)
    assert told.startswith("profiles.json: ")
    for word in words:
        assert word in told, (word, told)
    assert problem.kept_as is not None and problem.kept_as.read_bytes() == original
    assert ".corrupt-" in problem.kept_as.name
    again, trouble = load_profiles(path)  # the repaired file, written at once
    assert trouble is None and S.encode(again) == S.encode(book)


def test_one_profile_with_more_wins_than_matches_keeps_every_other_family_s_statistics(
        tmp_path: Path) -> None:
    path = tmp_path / "profiles.json"
    families = sample_book()
    for i in range(20):
        p = families.ensure(f"{i:012x}", f"Kid {i}")
        p.edition("sonic").played, p.edition("sonic").won = 10 + i, i
    data = families.to_json()
    data["profiles"][3]["stats"]["sonic"]["won"] = 99  # more wins than its 13 matches
    path.write_text(json.dumps(data), encoding="utf-8")
    book, problem = load_profiles(path)
    assert len(book) == len(families) == 22
    for pid, want in families.profiles.items():
        got = book.get(pid)
        assert got is not None
        if pid == "000000000001":
            assert got.total("sonic") == EditionStats(0, 0, 0, 0)  # only that record reset
        else:
            assert got.to_json() == want.to_json()
    assert problem is not None and [r.text() for r in problem.repairs] == [
        'profiles.json: the player "Kid 1" had more wins than matches in "sonic"; their '
        "matches played and won there were reset to 0."]


def test_the_repair_notice_is_in_french_too(tmp_path: Path) -> None:
    from game import i18n

    path = tmp_path / "profiles.json"
    path.write_text(json.dumps(mutated("won_more_than_played")), encoding="utf-8")
    _book, problem = load_profiles(path)
    assert problem is not None
    i18n.set_language("fr")
    try:
        text = problem.repairs[0].text()
    finally:
        i18n.set_language("en")
    assert "Sam" in text and "official" in text and "matches" not in text


def test_an_unknown_field_is_kept_and_written_back(tmp_path: Path) -> None:
    """A newer version may add fields (to the file, a profile, a face, a record): this one
    keeps them as they were, writes them back, and says nothing about them."""
    data = good_json()
    data["family_name"] = "Martin"  # type: ignore[index]
    first = data["profiles"][0]  # type: ignore[index]
    first["birthday"] = {"month": 5, "day": 2}
    first["avatar"]["hat"] = "crown"
    first["stats"]["official"]["draws"] = 4
    first["stats"]["flip"] = {"played": 1, "won": 1, "hands_won": 2, "best": 50, "streak": 1}
    path = tmp_path / "profiles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    book, problem = load_profiles(path)
    assert problem is None
    sam = book.get(SAM)
    assert sam is not None and sam.total("official") == EditionStats(3, 2, 7, 131)
    store = ProfileStore(path, WriteWatch(stderr=lambda line: None))
    store.book.ensure("cccccccccccc", "Cid")
    assert store.save()
    written = json.loads(path.read_text("utf-8"))
    assert written["family_name"] == "Martin"
    sam_json = written["profiles"][0]
    assert sam_json["birthday"] == {"month": 5, "day": 2}
    assert sam_json["avatar"] == {"hat": "crown", "kind": "owl", "colour": "purple"}
    assert sam_json["stats"]["official"]["draws"] == 4
    assert sam_json["stats"]["flip"]["streak"] == 1
    assert sam_json["stats"]["flip"]["played"] == 1
    assert [p["name"] for p in written["profiles"]] == ["Sam", "Zoé", "Cid"]


def test_text_a_newer_field_holds_that_is_not_unicode_is_written_back_as_read(
        tmp_path: Path) -> None:
    data = good_json()
    data["profiles"][0]["note"] = "\ud800"  # type: ignore[index]
    path = tmp_path / "profiles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    book, problem = load_profiles(path)
    assert problem is None
    save_profiles(book, path)
    assert json.loads(path.read_text("utf-8"))["profiles"][0]["note"] == "\ud800"


def test_more_profiles_than_the_cap_keeps_the_most_recently_seen_and_names_the_others(
        tmp_path: Path) -> None:
    data = good_json()
    first = data["profiles"][0]  # type: ignore[index]
    data["profiles"] = [dict(first, id=f"{i:012x}", name=f"P{i}", seen=float(i))
                        for i in range(P.MAX_PROFILES + 2)]
    path = tmp_path / "profiles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    book, problem = load_profiles(path)
    assert len(book) == P.MAX_PROFILES
    assert book.get(f"{0:012x}") is None and book.get(f"{1:012x}") is None
    assert book.get(f"{2:012x}") is not None
    assert problem is not None and problem.kept_as is not None
    text, = [r.text() for r in problem.repairs]
    assert '"P0", "P1"' in text and str(P.MAX_PROFILES) in text


def test_saving_beyond_the_cap_forgets_the_least_recently_seen_and_says_who(
        tmp_path: Path) -> None:
    path = tmp_path / "profiles.json"
    store = ProfileStore(path, WriteWatch(stderr=lambda line: None))
    for i in range(P.MAX_PROFILES):
        store.book.ensure(f"{i + 1:012x}", f"P{i}").seen = 1000.0 + i
    assert store.save() and store.take_notices() == []
    store.book.ensure("bbbbbbbbbbbb", "Newcomer").seen = 5000.0
    assert store.save()
    assert len(load_profiles(path)[0]) == P.MAX_PROFILES
    assert store.book.get(f"{1:012x}") is None  # P0, seen least recently
    notice, = store.take_notices()
    assert '"P0"' in notice.text() and "forgotten" in notice.text()
    assert store.take_notices() == []  # told once


def test_the_cap_of_profiles_fits_well_within_the_file_the_game_reads_back(
        tmp_path: Path) -> None:
    """MAX_PROFILES players, each with the longest name of the widest letters and every
    edition's counts at their largest, still make a file a quarter of the size read back."""
    from game.rules.ruleset import EDITIONS
    from game.setup.names import MAX_NAME_LENGTH

    book = ProfileBook()
    for i in range(P.MAX_PROFILES):
        p = book.ensure(f"{i:032x}", "\U0001f600" * MAX_NAME_LENGTH, ai=True)
        p.seen = 1e12 + 0.123456789
        for ed in EDITIONS:
            p.edition(ed).played = p.edition(ed).won = P.MAX_COUNT
            p.edition(ed).hands_won = p.edition(ed).best = P.MAX_COUNT
    assert len(EDITIONS) >= 5
    size = len(S.encode(book))
    assert size <= S.MAX_FILE_BYTES // 4, size
    again, problem = load_profiles(save_profiles(book, tmp_path / "profiles.json"))
    assert problem is None and S.encode(again) == S.encode(book)


def test_a_book_too_large_to_read_back_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "profiles.json"
    path.write_text("{}", encoding="utf-8")
    book = sample_book()
    book.extra["blob"] = "x" * (S.MAX_FILE_BYTES + 1)
    with pytest.raises(OSError, match="larger"):
        save_profiles(book, path)
    assert path.read_text("utf-8") == "{}"
    store = ProfileStore(tmp_path / "other.json", WriteWatch(stderr=lambda line: None))
    store.book = book
    assert store.save() is False and not (tmp_path / "other.json").exists()


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
    assert bob.total("official") == EditionStats(played=0, won=0, hands_won=2, best=40,
                                                 hands_played=2)
    assert bob.total() == EditionStats(0, 0, 3, 90, hands_played=3)
    ann = book.get("aaaaaaaaaaaa")  # issue 34 item 9: she played the three hands, won none
    assert ann is not None and ann.total() == EditionStats(0, 0, 0, 0, hands_played=3)
    assert ann.total("sonic") == EditionStats(hands_played=1)


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
    assert cid is not None and cid.total("attack") == EditionStats(0, 0, 1, 77, hands_played=1)
    assert not record(book, "attack", SEATS, [E.UnoCalled(2)])  # nothing ends: nothing counts
    assert cid.total("attack").played == 0


@pytest.mark.parametrize(("edition", "seats"), [
    ("../x", SEATS),
    ("official", [*SEATS[:3], SeatRef("../../etc", "Dee")]),
    ("official", [*SEATS[:3], SeatRef("dddddddddddd", "\x00 ")]),
    ("official", [*SEATS[:3], SeatRef("aaaaaaaaaaaa", "Ann again")]),
])
def test_counting_for_a_bad_edition_or_seat_is_refused_and_changes_nothing(
        edition: str, seats: list[SeatRef]) -> None:
    book = sample_book()
    before = S.encode(book)
    with pytest.raises(ValueError):
        record(book, edition, seats, [E.HandEnded(0, 40, (40, 0, 0, 0)), E.MatchEnded((0,))])
    assert S.encode(book) == before


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
def test_a_mutated_profiles_file_is_used_repaired_or_kept_aside_byte_for_byte(
        data: bytes) -> None:
    check_profiles(data)
