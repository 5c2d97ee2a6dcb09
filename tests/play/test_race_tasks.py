"""R-10: what the racers of a race must do comes through the choice description's
registry (:func:`game.play.specs.race_task`), where the edition that owns the race
registers it, so the phones' server and the table ask one place and name no edition."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import game.play.choices  # noqa: F401  (loads every edition's voice: their registrations)
from game.play.specs import TASKS, race_task, register_task, unregister


def test_the_duel_task_is_roboto_s_and_the_same_at_the_same_moment() -> None:
    from game.editions.roboto.voice import DUEL_TASKS

    seen = set()
    for version in range(40):
        label, params = race_task("duel", 7, version)
        assert label in DUEL_TASKS and params == {}
        assert race_task("duel", 7, version) == (label, params)
        seen.add(label)
    assert len(seen) > 3  # the moment changes the pick


def test_a_race_nobody_registered_is_refused_by_name() -> None:
    with pytest.raises(KeyError, match="juggle"):
        race_task("juggle", 1, 1)


def test_an_edition_of_a_test_registers_its_own_race_task() -> None:
    def juggle(seed: int, version: int) -> tuple[str, Mapping[str, str]]:
        return "Juggle {count} balls!", {"count": str(seed + version)}

    register_task("juggle", juggle)
    try:
        assert race_task("juggle", 2, 3) == ("Juggle {count} balls!", {"count": "5"})
    finally:
        unregister("juggle")
    assert "juggle" not in TASKS
