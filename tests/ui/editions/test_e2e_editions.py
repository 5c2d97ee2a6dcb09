"""End to end under Xvfb: a whole single-hand match of Triple Play and of Attack in the real
app (``python -m game``), set up with keys, played by the autoplay hook for the person and
the AI for the others; the device's state is checked on the way and at the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_e2e import SETTINGS, RunningApp, display, home  # noqa: F401 - fixtures

pytestmark = pytest.mark.xvfb

RIGHTS = {"attack": 2, "triple": 3}  # steps from the official edition in the engine's list
DEVICE = {"attack": "DinoLauncher", "triple": "TrayUnit"}


@pytest.mark.parametrize("edition", ["triple", "attack"])
def test_a_whole_edition_match_in_a_real_window(display: str, home: Path,  # noqa: F811
                                                outdir: Path, edition: str) -> None:
    app = RunningApp(display, home, outdir, SETTINGS.format(speed=0.0), autoplay=True, seed=9)
    try:
        app.key("Return")  # New game
        app.wait(lambda s: s["top"] == "setup")
        app.key("Tab", "Tab")
        app.wait(lambda s: s["focus"] == "edition")
        app.key(*["Right"] * RIGHTS[edition], "Down", "Right", "Right")
        state = app.wait(lambda s: s["setup"]["edition"] == edition
                         and s["setup"]["match"] == "single_hand")
        app.click(state["controls"]["start"])
        state = app.wait(lambda s: s["top"] == "table" and s["table"]["idle"])
        app.shot("table")
        device = state["table"]["devices"][DEVICE[edition]]
        if edition == "triple":
            assert all(device["tops"]) and device["lit"]
        else:
            assert device["launcher_rect"][2] > 0
        state = app.wait(lambda s: s["top"] == "match_end", timeout=120)
        app.shot("match_end")
        table = state["table"]
        assert table["over"] and table["winners"] and table["edition"] == edition
        device = table["devices"][DEVICE[edition]]
        if edition == "attack":
            assert device["fires"] + device["duds"] > 0
        app.click(state["controls"]["quit"] if "quit" in state["controls"]
                  else state["controls"]["title"])
    finally:
        app.close()
