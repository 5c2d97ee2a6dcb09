"""Issue 17 in a real window (Xvfb, X input events): a face chosen at the set-up by a click, the
faces at the table and beside the scores, the family's statistics after the match, and the
sound and music settings. Screenshots under test-output/<test>/."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import theme
from tests.ui.conftest import colour_share
from tests.ui.test_e2e import SETTINGS, RunningApp, display, home  # noqa: F401

pytestmark = pytest.mark.xvfb


def test_faces_scores_statistics_and_sound_settings_in_a_real_window(
        display: str, home: Path, outdir: Path) -> None:  # noqa: F811
    app = RunningApp(display, home, outdir, SETTINGS.format(speed=0.0), autoplay=True)
    try:
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["new"])
        state = app.wait(lambda s: s["top"] == "setup")
        app.key("Tab", "Tab")  # from "Deal the cards" round to the edition
        app.wait(lambda s: s["focus"] == "edition")
        app.key("Down", "Right", "Right")  # match: a single hand
        state = app.wait(lambda s: s["setup"]["match"] == "single_hand")
        before = state["setup"]["seats"][0]["avatar"]
        app.click(state["controls"]["avatar0"])  # the mouse alone: another face
        state = app.wait(lambda s: s["setup"]["seats"][0]["avatar"] != before)
        faces = [seat["avatar"] for seat in state["setup"]["seats"][:state["setup"]["players"]]]
        assert len(set(faces)) == len(faces), "no face is worn twice"
        app.shot("setup_faces")
        app.click(state["controls"]["start"])
        app.wait(lambda s: s["top"] == "table")
        app.shot("table_faces")
        state = app.wait(lambda s: s["top"] == "match_end", timeout=150)
        button = pygame.Rect(state["controls"]["again"]).inflate(-20, -12)
        app.shot_showing("match_end_faces",
                         lambda shot: colour_share(shot, button, theme.BUTTON_PRIMARY) > 0.5)
        winners = state["table"]["winners"]
        names = state["table"]["names"]
        app.click(state["controls"]["title"])
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["quit"])
        assert app.proc.wait(15) == 0
    finally:
        app.close()
    # The game again, without the test's autoplay (it would close every panel at once): the
    # statistics survived the restart.
    shots = app.shots
    app = RunningApp(display, home, outdir, SETTINGS.format(speed=0.0))
    app.shots = shots  # the screenshots go on numbering from the first run's
    try:
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["stats"])
        state = app.wait(lambda s: s["top"] == "stats")
        rows = {row[0]: row[1:] for row in state["stats"]["rows"]}
        assert set(rows) == set(names)
        for p, name in enumerate(names):
            played, won, hands_played, _hands, _best = rows[name]
            assert hands_played == 1  # a single hand: everyone played it (issue 34 item 9)
            assert played == 1 and won == (1 if p in winners else 0)
        app.shot("statistics")
        app.key("Escape")
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["settings"])
        state = app.wait(lambda s: s["top"] == "settings")
        assert {"master_volume", "mute", "effects_volume", "music_volume",
                "voice_volume"} <= set(state["controls"])
        app.shot("sound_and_music_settings")
        app.key("Escape")
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["quit"])
        assert app.proc.wait(15) == 0
    finally:
        app.close()
