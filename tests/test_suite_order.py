"""The order ``make test`` hands the groups out in (tests/conftest.py): where the quiet tests go."""

from __future__ import annotations

from tests.conftest import quiet_place

#: group: (part, seconds). Parts: 0 the engine's, 1 in real time, 2 busy, 3 quiet.
FOUND = {"engine": (0, 40.0), "window": (1, 60.0), "big": (2, 100.0), "mid": (2, 50.0),
         "small": (2, 30.0), "tiny": (2, 20.0), "ear": (3, 50.0)}
ORDER = ["engine", "window", "big", "mid", "small", "tiny", "ear"]


def test_the_quiet_group_goes_where_the_busy_ones_after_it_cover_it_on_the_other_workers() -> None:
    # three workers: while one runs "ear" (50 s), the other two have 100 s of busy tests left
    assert quiet_place(ORDER, FOUND, 3) == ["engine", "window", "big", "ear", "mid", "small",
                                            "tiny"]
    # two workers: the other one needs 50 s
    assert quiet_place(ORDER, FOUND, 2) == ["engine", "window", "big", "mid", "ear", "small",
                                            "tiny"]


def test_the_quiet_group_never_goes_before_a_group_in_real_time() -> None:
    # eight workers would want 350 s of busy tests after it: there are 200, all of them
    assert quiet_place(ORDER, FOUND, 8) == ["engine", "window", "ear", "big", "mid", "small",
                                            "tiny"]


def test_without_a_quiet_group_nothing_moves() -> None:
    order = ORDER[:-1]
    assert quiet_place(order, FOUND, 3) == order
