"""Issue 31, "Keep it that way": a mutated profiles file is used, repaired (every record the
damage did not touch kept, the file as it was copied aside, the player told) or put aside
byte for byte; statistics counted for hostile seats and events are exact or refused without
a change; the single-instance lock holds over whatever sits at its path (fixed-seed slices;
the long run is ``bench/fuzz.py``)."""

from __future__ import annotations

import json

from hypothesis import example, given

from tests.fuzz import slice_of
from tests.fuzz.targets import (
    LOCK_KINDS,
    LockCase,
    StatsCase,
    base_profiles,
    check_lock,
    check_profiles,
    check_statistics,
    lock_cases,
    profile_files,
    stats_cases,
)


@slice_of(max_examples=200)
@given(profile_files())
@example(b"[" * 100_000)
@example(b'{"format": "uno-profiles", "version": true, "profiles": []}')
@example(json.dumps({"format": "uno-profiles", "version": 1, "profiles": [
    {"id": "a1b2c3d4e5f6", "name": "\ud800", "avatar": {"kind": "owl"},
     "stats": {"official": {"played": 1, "won": 5}}, "later": {"x": [1e400]}},
    {"id": "a1b2c3d4e5f6", "name": "Sam", "avatar": {"kind": "cat"}}]}).encode())
def test_a_mutated_profiles_file_is_used_repaired_or_kept_aside(data: bytes) -> None:
    check_profiles(data)


@slice_of(max_examples=150)
@given(stats_cases())
@example(StatsCase(b"", "official", (("aaaaaaaaaaaa", "Ann", False),
                                     ("aaaaaaaaaaaa", "Bob", True)), (("match", (0,)),)))
@example(StatsCase(b"", "../x", (("aaaaaaaaaaaa", "Ann", False),), (("hand", 0, 10),)))
@example(StatsCase(b"", "official", (("aaaaaaaaaaaa", "Ann", False), ("bbbbbbbbbbbb", "\x00",
                                                                       True)),
                   (("hand", 0, 10**30), ("match", (0, 0, 7)))))
def test_statistics_are_counted_exactly_or_refused_without_a_change(case: StatsCase) -> None:
    if not case.file:
        case = StatsCase(base_profiles()[0], case.edition, case.seats, case.events)
    check_statistics(case)


@slice_of(max_examples=60)
@given(lock_cases())
def test_the_instance_lock_holds_over_whatever_is_at_its_path(case: LockCase) -> None:
    check_lock(case)


def test_every_kind_of_lock_path_is_tried() -> None:
    for kind in LOCK_KINDS:
        check_lock(LockCase(kind, b"\xff\x00garbage\n"))
