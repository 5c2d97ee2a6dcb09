"""The house rules at the table, in a real window under Xvfb driven by X key presses and
clicks (issue 34, item 10): a Jump in! button when the person at the screen may jump in
(pressed with a click), the Seven-O partner chooser with faces, and the stack coming to
you asked in a dialog of its own with the faces of who stacked it.

Screenshots are written to ``test-output/<test name>/``; they were looked at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.rules.position import dump
from tests.rules.helpers import build
from tests.ui.test_e2e import RunningApp, display, home  # noqa: F401

pytestmark = pytest.mark.xvfb

SETTINGS = 'narration = "off"\nanimation_speed = 2.0\n'
ALL = {"house": "stacking+seven_o+jump_in", "match": "single_hand"}
SEATS = [["Zoé", True, ""], ["Ana", False, "medium"], ["Bob", False, "medium"],
         ["Cid", False, "medium"]]


def table(s: dict[str, Any]) -> dict[str, Any]:
    return s.get("table", {}) if s.get("top") == "table" else {}


def open_at(display: str, home: Path, outdir: Path, position: str,  # noqa: F811
            settings: str = SETTINGS) -> RunningApp:
    spec = home / "position.json"
    spec.write_text(json.dumps({"position": position, "seats": SEATS}), "utf-8")
    return RunningApp(display, home, outdir, settings, env={"UNO_TEST_POSITION": str(spec)},
                      first="table")


def test_H3_a_jump_in_button_shows_when_you_may_jump_in_and_a_click_jumps(
        display: str, home: Path, outdir: Path) -> None:  # noqa: F811
    # Bob (AI) can only play his G4, whose twin Zoé holds; Cid plays next
    game = build(["G4 B1 B2 R9", "Y4 B5 B6", "G4 Y9 B7", "Y2 B6 Y7"], "G8", turn=2,
                 rules=ALL)
    # a slow pace: the AI's jump-in window grows (game.ui.table.conductor), so there is time
    # for a screenshot of the button before it is clicked
    app = open_at(display, home, outdir, dump(game),
                  'narration = "off"\nanimation_speed = 0.25\n')
    try:
        state = app.wait(lambda s: "jump" in table(s).get("controls_shown", []), timeout=30)
        t = state["table"]
        assert t["jump_card"] == "G4" and [t["hand"][i] for i in t["jumps"]] == ["G4"]
        app.shot("jump_in_button")
        app.click(t["jump_rect"])
        app.wait(lambda s: any("Zoé jumps in" in line for line in table(s).get("log", [])),
                 timeout=30)
        app.shot("jump_in_button_pressed")
        state = app.wait(lambda s: "G4" not in table(s).get("hand", ["G4"]), timeout=30)
        assert state["table"]["top"] == "G4"
    finally:
        app.close()


def test_H2_the_seven_o_partner_is_picked_in_a_dialog_with_faces(
        display: str, home: Path, outdir: Path) -> None:  # noqa: F811
    game = build(["Y7 B1 B2", "Y4 B5 B6 B8", "B7 Y3", "Y2 G6 G7"], "Y8", turn=0, rules=ALL)
    app = open_at(display, home, outdir, dump(game))
    try:
        state = app.wait(lambda s: table(s).get("my_turn") and table(s).get("idle"))
        t = state["table"]
        app.click(t["hand_rects"][t["hand"].index("Y7")])
        state = app.wait(lambda s: s["top"] == "pick_player")
        assert state["pick_player"]["kind"] == "swap"
        assert state["pick_player"]["targets"] == [1, 2, 3]
        assert state["pick_player"]["faces"] == [True, True, True]
        assert state["focus"] == f"choice{state['pick_player']['fewest']}"  # Bob: 2 cards
        app.shot("seven_o_dialog")
        app.key("3")  # Cid
        state = app.wait(lambda s: table(s).get("idle") and any(
            "swap hands" in line for line in table(s).get("log", [])))
        assert "Zoé and Cid swap hands." in state["table"]["log"]
        assert sorted(state["table"]["hand"]) == ["G6", "G7", "Y2"]
    finally:
        app.close()


def test_H1_a_stack_coming_to_you_is_asked_in_a_dialog_with_faces(
        display: str, home: Path, outdir: Path) -> None:  # noqa: F811
    # Cid (AI) can only play his Draw Two on Zoé, who holds one to stack
    game = build(["G+2 G4 Y7 B1 B2 R9", "Y4 B5 B6 B8 B3", "G4 Y9 B7 Y3", "R+2 Y8 Y2 G6"],
                 "R5", turn=3, rules=ALL, draw_top="R1 R2 R3 R6 Y5 Y6")
    app = open_at(display, home, outdir, dump(game))
    try:
        state = app.wait(lambda s: s["top"] == "stack", timeout=20)
        stack = state["stack"]
        assert stack["stackers"] == [3] and stack["total"] == 2
        assert stack["options"] == ["play:G+2", "accept"]
        assert state["focus"] == "choice0"  # the stacking card: Enter passes it on
        app.shot("stack_dialog")
        app.key("Return")
        state = app.wait(lambda s: any("Stack: 4" in line
                                       for line in table(s).get("log", [])), timeout=20)
        app.shot("stacked_on")
        state = app.wait(lambda s: table(s).get("counts", [0, 0])[1] == 9, timeout=20)
        assert "G+2" not in state["table"]["hand"]
    finally:
        app.close()
