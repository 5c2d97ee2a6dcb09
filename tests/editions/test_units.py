"""Each electronic unit reaches the players' views as a small frozen typed value
(A-2 launcher, T-3/T-5/T-12 trays and timer, R-5…R-8 Roboto); official has none."""

from __future__ import annotations

import dataclasses

import pytest

from game.editions.roboto.rules import Interrupt, RobotoGame
from game.rules.actions import ChooseColour, Discard, Play
from game.rules.cards import Colour
from game.rules.units import LauncherView, RobotoView, TimerView, TraysView
from game.rules.view import view

from .helpers import C, build


def test_official_and_sonic_have_no_unit() -> None:
    for ed in ("official", "sonic"):
        g = build(ed, ["R1 R2", "G1 G2"], "R9")
        assert g.unit_view() is None and view(g, 0).unit is None


def test_A2_the_launcher_shows_its_presses_since_the_last_fire() -> None:
    g = build("attack", ["R1 R2", "G1 G2"], "R9", presses=2)
    unit = view(g, 1).unit
    assert unit == LauncherView(2, "", -1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        unit.presses = 3  # type: ignore[misc, union-attr]


def test_A6_the_launcher_says_what_the_named_player_is_for() -> None:
    g = build("attack", ["WAA R2 R3", "G1 G2", "Y1 Y2"], "R9")
    g.apply(Play(0, C("WAA")))
    g.apply(ChooseColour(0, Colour.BLUE))
    unit = view(g, 2).unit
    assert isinstance(unit, LauncherView) and unit.picking == "attack"


def test_T5_the_trays_show_open_and_capacity_lights_but_not_counts() -> None:
    g = build("triple", ["R1 R2", "G1 G2", "Y1 Y2"], ["R9", "G9", "B9"], lit=(0, 2),
              counts=(0, 4, 6), caps=(9, 7, 7))
    unit = view(g, 1).unit
    assert unit == TraysView((0, 2), ("green", "yellow", "red"), None)
    assert "4" not in repr(unit.lights)  # type: ignore[union-attr]


def test_T12_the_timer_mode_is_part_of_the_trays_view() -> None:
    g = build("triple", ["R1 R2", "G1 G2", "Y1 Y2"], ["R9", "G9", "B9"],
              rules={"timer": True, "timer_seconds": 9, "timer_penalty": 3})
    unit = view(g, 0).unit
    assert isinstance(unit, TraysView) and unit.timer == TimerView(9, 3)


def test_R5_roboto_shows_the_interruption_under_way_and_whom_it_names() -> None:
    g = build("roboto", ["R5 R6 G1", "R7 R+2 RS B2", "Y1 Y2", "B3 B4"], "R9", since=7)
    assert isinstance(g, RobotoGame)
    assert view(g, 2).unit == RobotoView(7)
    g.unit.script = [Interrupt("discard_colour", (1,), Colour.RED, 2)]
    g.apply(Play(0, C("R5")))
    assert view(g, 3).unit == RobotoView(0, "discard_colour", (1,), Colour.RED, False)
    g.apply(Discard(1, C("R7")))
    assert view(g, 3).unit == RobotoView(0, "discard_colour", (1,), Colour.RED, True)
