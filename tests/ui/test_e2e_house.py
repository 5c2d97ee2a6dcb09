"""End to end under Xvfb with the house rules H-1 … H-3 on (RULES.md section H): a solo
hand from a rigged deal through a stack, a person's jump-in and a Seven-O swap, to the
hand's end — in a real window, driven by X key presses and clicks only.

Screenshots are written to ``test-output/<test name>/``; they were looked at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.rules.position import dump
from tests.rules.helpers import build
from tests.ui.test_e2e import RunningApp, answer_dialogs, check_table, display, home  # noqa: F401

pytestmark = pytest.mark.xvfb

#: A brisk table: a person holding the twin still gets their jump-in window (at least
#: game.ui.table.conductor.PERSON_JUMP_S, whatever the speed).
SETTINGS = 'narration = "off"\nanimation_speed = 3.0\n'
ALL = {"house": "stacking+seven_o+jump_in", "match": "single_hand"}


def position() -> str:
    """Cid (AI) can only play his Draw Two on Zoé; Zoé holds a Draw Two to stack, the twin
    of the G4 Bob will play next, and a Y7; Ana has nothing to stack. Cid keeps two yellows
    for the end, so that the hand ends a few turns after the swap (with a green 6 there, a
    long hand of Seven-O swaps followed: 70 s of the test's 80)."""
    game = build(["G+2 G4 Y7 B1 B2 R9", "Y4 B5 B6 B8 B3", "G4 Y9 B7 Y3", "R+2 Y8 Y2 Y6"],
                 "R5", turn=3, rules=ALL, draw_top="R1 R2 R3 R6 Y5 Y6")
    return dump(game)


def table(s: dict[str, Any]) -> dict[str, Any]:
    return s.get("table", {}) if s.get("top") == "table" else {}


def test_H1_H2_H3_a_solo_hand_with_a_stack_a_jump_in_and_a_swap(
        display: str, home: Path, outdir: Path) -> None:  # noqa: F811
    spec = home / "position.json"
    spec.write_text(json.dumps({"position": position(), "seats": [
        ["Zoé", True, ""], ["Ana", False, "medium"], ["Bob", False, "medium"],
        ["Cid", False, "medium"]]}), "utf-8")
    app = RunningApp(display, home, outdir, SETTINGS, env={"UNO_TEST_POSITION": str(spec)},
                     first="table")
    try:
        # H-1: Cid's Draw Two comes to Zoé; the total shows as it lands
        app.wait(lambda s: any("Stack: 2" in line for line in table(s).get("log", [])))
        app.shot("stack_by_cid")
        state = app.wait(lambda s: s["top"] == "stack")  # asked in a dialog (issue 34)
        t = state["table"]
        assert t["decision"] == "stack" and t["stack"] == 2
        assert t["house_prompt"] == "+2 coming to you — stack a Draw Two or take 2"
        assert "take" in t["controls_shown"]
        assert [t["hand"][i] for i in t["playable"]] == ["G+2"]
        assert state["stack"]["options"] == ["play:G+2", "accept"]
        assert state["stack"]["stackers"] == [3]
        app.shot("stack_to_zoe")
        assert state["focus"] == "choice0"  # the stacking card has the focus
        app.key("Return")  # stack it, by keyboard
        app.wait(lambda s: any("Stack: 4" in line for line in table(s).get("log", [])))
        app.shot("stacked_to_4")
        state = app.wait(lambda s: table(s).get("counts", [0, 0])[1] == 9 and table(s)["idle"])
        app.shot("ana_took_4")

        # H-3: Bob plays a G4; Zoé's twin glows and J jumps in before Cid plays on
        state = app.wait(lambda s: bool(table(s).get("jumps")), timeout=20)
        t = state["table"]
        assert t["jump_card"] == "G4" and t["top"] == "G4"
        assert [t["hand"][i] for i in t["jumps"]] == ["G4"]
        assert t["house_prompt"] == "Jump in! Press J or click a green 4"
        # J at once: the window lasts the AI's jump-in time (about a second), and a screenshot
        # first can take longer than that on a loaded machine (the glow's own screenshot is
        # taken headless: tests/ui/test_house_table.py, jump-glow).
        app.key("j")
        state = app.wait(lambda s: any("Zoé jumps in" in line
                                       for line in table(s).get("log", [])))
        app.shot("zoe_jumped_in")
        state = app.wait(lambda s: "G4" not in table(s).get("hand", ["G4"]))
        assert state["table"]["top"] == "G4"

        # H-2: Zoé's turn comes again; she clicks her Y7 and names whom to swap with
        state = app.wait(lambda s: table(s).get("my_turn") and table(s)["idle"], timeout=30)
        t = state["table"]
        assert t["decision"] == "turn" and "Y7" in t["hand"]
        app.click(t["hand_rects"][t["hand"].index("Y7")])  # by mouse
        state = app.wait(lambda s: s["top"] == "pick_player")
        assert state["pick_player"]["kind"] == "swap"
        assert state["pick_player"]["targets"] == [1, 2, 3]
        assert state["focus"] == f"choice{state['pick_player']['fewest']}"
        app.shot("swap_chooser")
        app.key("Return")  # the focused one: the fewest cards (Bob's two)
        app.wait(lambda s: table(s).get("flying", 0) > 0)
        app.shot("swap_flight")
        state = app.wait(lambda s: table(s).get("idle") and any(
            "swap hands" in line for line in table(s)["log"]))
        t = state["table"]
        assert sorted(t["hand"]) == ["B7", "Y3"] and t["counts"][2] == 3
        app.shot("swapped")

        # to the end of the hand, by keyboard: the focused playable card, draw, or UNO
        for _ in range(80):
            state = app.wait(lambda s: s["top"] not in ("table",) or table(s)["over"] or (
                table(s)["my_turn"] and table(s)["idle"]), timeout=60)
            if state["top"] == "match_end":
                break
            if state["top"] in ("pick_player", "stack"):
                app.key("Return")
                app.wait(lambda s: s["top"] != "pick_player")
                continue
            if state["top"] != "table":
                answer_dialogs(app, state)
                app.wait(lambda s, top=state["top"]: s["top"] != top)
                continue
            t = state["table"]
            before = t["actions"]
            if t["decision"] == "stack" and not t["playable"]:
                app.key("d")
            elif t["decision"] == "drawn":
                app.key("p" if t["playable"] else "k")
            elif t["playable"]:
                if len(t["hand"]) == 2 and t["can_call_uno"]:
                    app.key("u")
                    app.wait(lambda s, b=before: table(s).get("actions", b) > b)
                    before += 1
                app.key("Home", *["Right"] * t["playable"][0], "Return")
            else:
                app.key("d")
            app.wait(lambda s, b=before: s["top"] != "table" or table(s)["actions"] > b)
        state = app.wait(lambda s: s["top"] == "match_end", timeout=60)
        app.shot("hand_end")
        assert state["table"]["over"]
    finally:
        app.close()
