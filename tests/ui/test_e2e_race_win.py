"""Issue 34, "Roboto's races, seen working": in a real window under Xvfb, with real key
events, a person *wins* Roboto's house-rule race (R-10, family mode) with the instruction
on screen the whole time, and the last racer, an AI, draws two. The match is a save poised
one play before Roboto calls the race (:mod:`tests.ui.moments`); screenshots are written to
``test-output/<test name>/``.

That the races stay fair (a person last at most 15 / 25 / 35 % of the time against easy /
medium / hard) is the reaction-time model's, guarded by ``tests/bots/test_reaction.py`` and
``tests/bots/test_race_bench.py`` and measured by ``bench/races.py --until-clear``."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.rules import events as E
from tests.ui import test_e2e
from tests.ui.moments import find, has
from tests.ui.test_e2e_moments import device, play_by_keys, resume

display, home = test_e2e.display, test_e2e.home

pytestmark = pytest.mark.xvfb

RULE = "Touch your nose!"


def test_R10_a_person_wins_roboto_s_house_rule_race_with_its_instruction_on_screen(
        display: str, home: Path, outdir: Path) -> None:
    poised = find("roboto", has(E.RobotoInterrupts, lambda e: e.kind == "house_rule"
                                and 0 in e.players and len(e.players) >= 3),
                  tweak={"house_rule": True}, table={"house_rule_text": RULE},
                  hand_at_least=3)
    app = resume(display, home, outdir, poised)
    try:
        play_by_keys(app, str(poised.move.card))  # type: ignore[attr-defined]
        state = app.wait(lambda s: s["top"] == "race", timeout=30)
        race = state["race"]
        assert race["instruction"] == RULE and race["kind"] == "house_rule"
        assert 0 in race["racers"] and race["done"] == []
        racers = race["racers"]
        hands_before = app.state()["table"]["counts"]
        app.shot("race_instruction")
        app.key(str(racers.index(0) + 1))  # Zoé's own key: done
        state = app.wait(lambda s: s["top"] != "race" or s["race"]["done"][:1] == [0])
        assert state["top"] == "race", "the race ended before the person's key counted"
        race = state["race"]
        assert race["done"][0] == 0 and len(race["done"]) < len(racers)  # first, AI racing
        time.sleep(0.15)
        screen = app.shot("race_won_by_a_person")
        assert app.state()["race"]["instruction"] == RULE  # still on screen
        panel = pygame.Rect(race["panel"])
        assert screen.get_rect().contains(panel)
        # the instruction's band: Roboto's bright yellow over a good part of the panel
        band = pygame.Rect(panel.left, panel.top, panel.width, panel.height // 3)
        yellow = sum(screen.get_at((x, y))[:3] == (250, 236, 150)
                     for x in range(band.left, band.right, 3)
                     for y in range(band.top, band.bottom, 3))
        assert yellow > 200, "the instruction's band is not on screen"
        app.wait(lambda s: s["top"] == "table" and device(
            s, "RobotoFigure").get("races") == 1, timeout=30)
        state = app.wait(lambda s: s["top"] != "table" or any(
            s["table"]["counts"][p] > hands_before[p] for p in racers if p != 0), timeout=15)
        counts = state["table"]["counts"]
        assert counts[0] <= hands_before[0]  # Zoé drew nothing: she was not last
        assert any(counts[p] > hands_before[p] for p in racers if p != 0)  # an AI drew two
        app.shot("after_the_race")
    finally:
        app.close()
