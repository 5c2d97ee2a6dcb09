"""Issue 34 items 4, 5 and 6 in a real window (Xvfb), driven by X input events (xdotool):
the set-up opens as it was dealt after the game is started again; French chosen in Settings
during a match is the next set-up's and table's language, and the set-up's language is what
Settings shows; a name field takes Ctrl+A, Home/End, Left/Right, Ctrl+Backspace, Delete,
Ctrl+C and Ctrl+V (the X clipboard). Screenshots under test-output/<test name>/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_e2e import SETTINGS, RunningApp, display, home  # noqa: F401

pytestmark = pytest.mark.xvfb

SETUP = SETTINGS.format(speed=0.0)


def at_the_table(app: RunningApp) -> dict[str, Any]:
    """The table once dealt. The deal is random: when a Wild turns up first, the first player
    (a person here) is asked for its colour at once, and Enter names the focused one."""
    state = app.wait(lambda s: s["top"] == "table" or (
        s["top"] == "colour" and "table" in s["scenes"]))
    if state["top"] == "colour":
        app.key("Return")
        state = app.wait(lambda s: s["top"] == "table")
    return state


def click_at(app: RunningApp, rect: list[int], fx: float) -> None:
    """A click at ``fx`` of the width of ``rect`` (a choice's "‹" is at its value's left)."""
    x, y = rect[0] + int(rect[2] * fx), rect[1] + rect[3] // 2
    app.xdo("mousemove", "--window", app.window, str(x), str(y), "click", "1")


def step(app: RunningApp, control: str, ok: Callable[[dict[str, Any]], bool],
         back: bool = False) -> dict[str, Any]:
    """Click a set-up choice's "›" (or "‹") until ``ok`` holds (at most ten clicks)."""
    for _ in range(10):
        state = app.state()
        if ok(state):
            return state
        rect = state["controls"][control]
        labelled = control in ("edition", "match", "target", "players", "language",
                               "chattiness", "house_rule", "race_mode")
        value_left = 0.5 if labelled else 0.0
        click_at(app, rect, value_left + 0.04 if back else 0.95)
        # Wait for the click itself: the pointer moving there redraws the hover first, and a
        # state written then differs only by its time. Clicking again on that would step the
        # choice twice once both clicks are read (a person seat back to AI under load).
        app.wait(lambda s, before=state: s.get("setup") != before.get("setup"), timeout=15)
    return app.wait(ok, timeout=5)


def seat(state: dict[str, Any], i: int) -> dict[str, Any]:
    seats: list[dict[str, Any]] = state["setup"]["seats"]
    return seats[i]


def rename(app: RunningApp, i: int, name: str) -> None:
    """Type ``name`` over seat ``i``'s (Backspaces: the editing keys have a test of their
    own below)."""
    app.type_name(i, name)


def settings_file(folder: Path) -> str:
    return (folder / "config" / "settings.toml").read_text("utf-8")


def wait_for_file(app: RunningApp, folder: Path, line: str) -> None:
    app.wait(lambda s: line in settings_file(folder))


def test_the_set_up_reopens_as_it_was_dealt_when_the_game_starts_again(
        display: str, home: Path, outdir: Path) -> None:  # noqa: F811
    app = RunningApp(display, home, outdir, SETUP)
    try:
        app.key("Return")  # New game
        state = app.wait(lambda s: s["top"] == "setup")
        assert (state["setup"]["edition"], state["setup"]["players"]) == ("official", 4)
        step(app, "edition", lambda s: s["setup"]["edition"] == "roboto")
        step(app, "players", lambda s: s["setup"]["players"] == 3, back=True)
        rename(app, 0, "Ana")
        step(app, "level1", lambda s: seat(s, 1)["level"] == "hard")
        step(app, "kind2", lambda s: seat(s, 2)["human"])
        rename(app, 2, "Léo")
        state = step(app, "chattiness",
                     lambda s: s["setup"]["options"]["chattiness"] == "high")
        dealt = state["setup"]
        app.shot("set_up_dealt")
        app.click(state["controls"]["start"])
        app.wait(lambda s: s["top"] == "roboto_record")  # people record their names first
    finally:
        app.close()
    remembered = (home / "config" / "settings.toml").read_text("utf-8")
    shots = app.shots
    app = RunningApp(display, home, outdir, remembered)  # the game started again
    app.shots = shots
    try:
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["new"])
        state = app.wait(lambda s: s["top"] == "setup")
        again = state["setup"]
        assert (again["edition"], again["players"]) == ("roboto", 3)
        assert again["options"]["chattiness"] == "high"  # not back to Normal
        assert [(s["name"], s["human"], s["level"], s["avatar"]) for s in again["seats"]] == \
            [(s["name"], s["human"], s["level"], s["avatar"]) for s in dealt["seats"]]
        assert [s["name"] for s in again["seats"]] == ["Ana", "Bruno", "Léo"]
        assert seat(state, 1)["level"] == "hard" and seat(state, 2)["human"]
        app.shot("set_up_reopened")
    finally:
        app.close()


def test_one_language_for_settings_the_set_up_and_the_table(
        display: str, home: Path, outdir: Path) -> None:  # noqa: F811
    app = RunningApp(display, home, outdir, SETUP)
    try:
        app.key("Return")  # New game
        state = app.wait(lambda s: s["top"] == "setup")
        assert seat(state, 0)["name"] == "Player 1"
        app.click(state["controls"]["start"])
        at_the_table(app)
        app.key("Escape")
        state = app.wait(lambda s: s["top"] == "pause")
        app.click(state["controls"]["settings"])
        state = app.wait(lambda s: s["top"] == "settings")
        click_at(app, state["controls"]["language"], 0.95)
        wait_for_file(app, home, 'language = "fr"')
        app.shot("settings_in_french_during_the_match")
        app.key("Escape")
        state = app.wait(lambda s: s["top"] == "pause")
        app.click(state["controls"]["leave"])
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["new"])
        state = app.wait(lambda s: s["top"] == "setup")
        assert seat(state, 0)["name"] == "Joueur 1"  # not the English name remembered
        assert state["setup"]["language"] == "fr"
        app.shot("set_up_in_french")
        app.click(state["controls"]["start"])
        state = at_the_table(app)
        assert state["table"]["names"][0] == "Joueur 1"  # dealing kept the game French
        app.shot("table_in_french")
        app.key("Escape")
        state = app.wait(lambda s: s["top"] == "pause")
        app.click(state["controls"]["leave"])
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["new"])
        state = app.wait(lambda s: s["top"] == "setup")
        click_at(app, state["controls"]["language"], 0.95)  # English again, on the set-up
        state = app.wait(lambda s: s["setup"]["language"] == "en"
                         and seat(s, 0)["name"] == "Player 1")
        app.click(state["controls"]["back"])
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["settings"])
        state = app.wait(lambda s: s["top"] == "settings")
        assert state["settings"]["language"] == "en"  # one setting, shown in both places
        app.shot("settings_in_english_again")
    finally:
        app.close()
    assert 'language = "en"' in (home / "config" / "settings.toml").read_text("utf-8")


def test_a_name_field_takes_the_usual_editing_keys(
        display: str, home: Path, outdir: Path) -> None:  # noqa: F811
    app = RunningApp(display, home, outdir, SETUP)
    try:
        app.key("Return")  # New game
        state = app.wait(lambda s: s["top"] == "setup")
        app.click(state["controls"]["name0"])
        app.wait(lambda s: s["focus"] == "name0")
        app.key("ctrl+a")
        app.type("Ana")  # replaces "Player 1" (not "Player 1Ana")
        app.wait(lambda s: seat(s, 0)["name"] == "Ana")
        app.key("ctrl+a")
        app.type("Mamie Jo")
        app.wait(lambda s: seat(s, 0)["name"] == "Mamie Jo")
        app.key("ctrl+BackSpace")  # a word
        app.wait(lambda s: seat(s, 0)["name"] == "Mamie ")
        app.type("Lou")
        app.wait(lambda s: seat(s, 0)["name"] == "Mamie Lou")
        app.key("Home", "Delete", "Delete")  # the caret at the start
        app.wait(lambda s: seat(s, 0)["name"] == "mie Lou")
        app.type("Ma")
        app.key("End", "Left", "Left", "Left")
        app.type("-")
        app.wait(lambda s: seat(s, 0)["name"] == "Mamie -Lou")
        app.key("shift+Home")  # "Mamie -" selected, then typed over
        app.shot("name_selected_with_shift_home")
        app.type("Anna-")
        app.wait(lambda s: seat(s, 0)["name"] == "Anna-Lou")
        app.key("ctrl+a", "ctrl+c")  # the X clipboard …
        state = app.state()
        app.click(state["controls"]["name1"])
        app.wait(lambda s: s["focus"] == "name1")
        app.key("ctrl+a", "ctrl+v")  # … into another field
        state = app.wait(lambda s: seat(s, 1)["name"] == "Anna-Lou")
        app.shot("name_pasted")
        app.click(state["controls"]["start"])
        state = at_the_table(app)
        assert state["table"]["names"][:2] == ["Anna-Lou", "Anna-Lou"]
    finally:
        app.close()
