"""End to end under Xvfb: a whole single-hand match of Roboto, Triple Play, Attack and Sonic in
the real app (``python -m game``), solo (one person and AI) and hot-seat (two people passing the
device, and AI), set up with keys, clicks and typed names, played by the autoplay hook for
the people and the AI for the others; the device's state is checked on the way and at the
end, on the app's state file and on the screenshots (``test-output/<test name>/``)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.editions.roboto.table.look import EYE, METAL
from game.ui import theme
from tests.ui.conftest import colour_share
from tests.ui.test_e2e import (  # noqa: F401 - display and home are fixtures
    SETTINGS,
    RunningApp,
    card_rgb,
    display,
    home,
)

pytestmark = pytest.mark.xvfb

RIGHTS = {"roboto": 1, "attack": 2, "triple": 3, "sonic": 4}  # steps from official
DEVICE = {"attack": "DinoLauncher", "triple": "TrayUnit", "roboto": "RobotoFigure",
          "sonic": "VictoryLap"}
#: Editions whose set-up has no match choice: Roboto and Sonic play a single hand (M-6).
ONE_HAND = ("roboto", "sonic")
PEOPLE = {"solo": ["Zoé"], "hotseat": ["Zoé", "Léo"]}
BUBBLE = (250, 250, 244)
RACES = ("race", "reaction_race")
#: Seeds whose match brings a race with a person in it (R-10), solo and hot-seat.
ROBOTO_SEED = int(os.environ.get("UNO_E2E_ROBOTO_SEED", "1"))


def fresh(outdir: Path) -> Path:
    """The test's screenshot folder without an earlier run's pictures."""
    for old in outdir.glob("*.png"):
        old.unlink()
    return outdir


def set_up(app: RunningApp, edition: str, people: list[str]) -> dict[str, Any]:
    """From the title: New game, the edition (a single hand), the people's seats and typed
    names; returns the set-up's state, the start button not pressed yet."""
    app.key("Return")  # New game
    app.wait(lambda s: s["top"] == "setup")
    app.key("Tab", "Tab")
    app.wait(lambda s: s["focus"] == "edition")
    keys = ["Right"] * RIGHTS[edition]
    if edition not in ONE_HAND:
        keys += ["Down", "Right", "Right"]
    app.key(*keys)
    state = app.wait(lambda s: s["setup"]["edition"] == edition and (
        edition in ONE_HAND or s["setup"]["match"] == "single_hand"))
    for i, name in enumerate(people):
        if i > 0:  # a second person: the seat's kind from AI to Person, with a click
            app.click(state["controls"][f"kind{i}"])
            state = app.wait(lambda s, i=i: s["setup"]["seats"][i]["human"])
        state = app.type_name(i, name)
    humans = [seat["human"] for seat in state["setup"]["seats"]]
    assert humans == [True] * len(people) + [False] * (len(humans) - len(people))
    return state


def finish(app: RunningApp, state: dict[str, Any], edition: str,
           people: list[str]) -> dict[str, Any]:
    table = state["table"]
    assert table["over"] and table["winners"] and table["edition"] == edition
    assert table["names"][: len(people)] == people
    assert table["humans"] == list(range(len(people)))
    button = pygame.Rect(state["controls"]["again"]).inflate(-20, -12)
    screen = app.shot_showing(
        "match_end", lambda shot: colour_share(shot, button, theme.BUTTON_PRIMARY) > 0.5)
    assert colour_share(screen, button, theme.BUTTON_PRIMARY) > 0.5
    app.click(state["controls"]["title"])
    app.wait(lambda s: s["top"] == "title")
    return table


@pytest.mark.parametrize("seats", ["solo", "hotseat"])
@pytest.mark.parametrize("edition", ["triple", "attack", "sonic"])
def test_a_whole_edition_match_in_a_real_window(display: str, home: Path,  # noqa: F811
                                                outdir: Path, edition: str,
                                                seats: str) -> None:
    people = PEOPLE[seats]
    app = RunningApp(display, home, fresh(outdir), SETTINGS.format(speed=0.0), autoplay=True,
                     seed=9)
    try:
        state = set_up(app, edition, people)
        app.shot("setup")
        app.click(state["controls"]["start"])
        seen: set[str] = set()
        tries = 0
        deadline = time.monotonic() + 120
        while True:  # the table, and (hot-seat) the pass screen hiding the hands
            assert app.proc.poll() is None, "the game exited"
            assert time.monotonic() < deadline, f"no end; last state {str(state)[:600]}"
            state = app.state()
            if state["top"] == "match_end":
                break
            if state["top"] == "pass" and "pass" not in seen:
                seen.add("pass")
                check_hidden(app.shot("pass"))
            elif state["top"] == "table" and state["table"]["idle"] and "table" not in seen:
                if not hand_shown(app.shot("table"), state["table"]):
                    tries += 1  # a pass screen came up between the state and the shot
                    assert tries < 5, "the table never showed the person's hand"
                    continue
                seen.add("table")
                device = state["table"]["devices"][DEVICE[edition]]
                if edition == "triple":
                    assert all(device["tops"]) and device["lit"]
                elif edition == "attack":
                    assert device["launcher_rect"][2] > 0
                # (Sonic's Victory Lap shows only when one is played; tests/ui/test_devices.py
                # plays one on purpose.)
            time.sleep(0.05)
        assert "table" in seen and ("pass" in seen) == (len(people) > 1)
        table = finish(app, state, edition, people)
        device = table["devices"][DEVICE[edition]]
        if edition == "attack":
            assert device["fires"] + device["duds"] > 0
    finally:
        app.close()


def check_hidden(screen: pygame.Surface) -> None:
    """The pass screen hides the table: no card colour anywhere in the lower half."""
    w, h = screen.get_size()
    lower = pygame.Rect(0, h // 2, w, h // 2)
    for rgb in theme.CARD_RGB.values():
        assert colour_share(screen, lower, rgb, tol=20) < 0.002, "a hand shows"


def hand_shown(screen: pygame.Surface, table: dict[str, Any]) -> bool:
    """The person's cards are on screen, each in its own colour."""
    return bool(table["hand"]) and all(
        colour_share(screen, pygame.Rect(r).inflate(-r[2] // 3, -r[3] // 3), card_rgb(c)) > 0.05
        for c, r in zip(table["hand"], table["hand_rects"]))


def check_race(screen: pygame.Surface, state: dict[str, Any]) -> None:
    """The race dialog over the table, with a person among the racers and one button
    per racer on its panel."""
    race = state[state["top"]]
    assert set(race["racers"]) & set(state["table"]["humans"]), "no person racing"
    buttons = [pygame.Rect(r) for cid, r in state["controls"].items()
               if cid.startswith("choice")]
    assert len(buttons) == len(race["racers"])
    for r in buttons:  # drawn as buttons (lit for a person still racing)
        inner = r.inflate(-20, -12)
        assert sum(colour_share(screen, inner, c, tol=20) for c in (
            theme.BUTTON, theme.BUTTON_DISABLED, theme.BUTTON_PRIMARY, theme.BUTTON_HOVER)) > 0.5


def check_roboto(screen: pygame.Surface, device: dict[str, Any]) -> None:
    """The robot is drawn where the state says, and his bubble with words above him."""
    body = pygame.Rect(device["rect"])
    assert colour_share(screen, body, METAL, tol=30) > 0.08, "no robot"
    assert colour_share(screen, body, EYE, tol=30) > 0.005, "no eyes"
    above = pygame.Rect(body.left - body.width // 2, body.top - body.height // 3,
                        body.width * 3 // 2, body.height // 3 - 4)
    assert colour_share(screen, above, BUBBLE, tol=12) > 0.25, "no speech bubble"
    assert colour_share(screen, above, theme.TEXT_DARK, tol=60) > 0.01, "no words in it"


def looks_right(app: RunningApp, name: str, device: dict[str, Any], misses: list[str]) -> bool:
    """A screenshot of Roboto speaking at the table, checked; a dialog that came up between
    the state file and the screenshot (the pass screen) only makes it a miss."""
    screen = app.shot(name)
    try:
        check_roboto(screen, device)
    except AssertionError as exc:
        misses.append(f"{app.shots:02d}_{name}: {str(exc).splitlines()[0]}")
        return False
    return True


@pytest.mark.parametrize("seats", ["solo", "hotseat"])
def test_a_whole_roboto_match_in_a_real_window(display: str, home: Path,  # noqa: F811
                                               outdir: Path, seats: str) -> None:
    """R-2 … R-11 on screen: typed names (the recording screen's typed fallback), Roboto
    drawn and speaking in his bubble, his interruptions and races handled, a winner."""
    people = PEOPLE[seats]
    app = RunningApp(display, home, fresh(outdir), SETTINGS.format(speed=0.0), autoplay=True,
                     seed=ROBOTO_SEED)
    try:
        state = set_up(app, "roboto", people)
        while state["setup"]["options"]["chattiness"] != "high":  # interruptions, please
            app.click(state["controls"]["chattiness"])
            state = app.wait(lambda s, c=state["setup"]["options"]["chattiness"]:
                             s["setup"]["options"]["chattiness"] != c)
        app.shot("setup")
        app.click(state["controls"]["start"])
        # the recording screen: autoplay takes the typed names, skips the house rule
        state = app.wait(lambda s: s["top"] == "roboto_record")
        phases: list[str] = []
        while state["top"] == "roboto_record":
            record = state["roboto_record"]
            if record["phase"] not in phases:
                phases.append(record["phase"])
                app.shot(f"record_{record['phase']}")
                if record["phase"] in ("typed", "names"):
                    assert record["names"] == people
            time.sleep(0.05)
            state = app.state()
        assert "rule" in phases and ("typed" in phases or "names" in phases), phases
        seen: dict[str, dict[str, Any]] = {}
        misses: list[str] = []
        deadline = time.monotonic() + 150
        while True:
            assert app.proc.poll() is None, "the game exited"
            assert time.monotonic() < deadline, f"no end; last state {str(state)[:600]}"
            state = app.state()
            top = state["top"]
            if top == "match_end":
                break
            device = state.get("table", {}).get("devices", {}).get("RobotoFigure")
            if top == "pass" and "pass" not in seen:
                seen["pass"] = state
                check_hidden(app.shot("pass"))
            elif top in RACES and "race" not in seen:
                seen["race"] = state
                check_race(app.shot("race"), state)
            elif top == "nickname" and "nickname" not in seen:
                seen["nickname"] = state
                app.shot("nickname")
            elif top == "table" and device and device["words"] and "bubble" not in seen:
                if looks_right(app, "roboto_speaks", device, misses):
                    seen["bubble"] = state
            elif top == "table" and device and device["interruptions"] and device["words"] \
                    and "interrupts" not in seen \
                    and looks_right(app, "roboto_interrupts", device, misses):
                seen["interrupts"] = state  # his surprise command, or who continues
            time.sleep(0.05)
        assert "bubble" in seen, f"Roboto never seen speaking: {misses}"
        assert "interrupts" in seen, f"no interruption seen in his bubble: {misses}"
        assert "race" in seen, "no race with a person in it"
        assert ("pass" in seen) == (len(people) > 1)
        table = finish(app, state, "roboto", people)
        device = table["devices"]["RobotoFigure"]
        assert device["said"] >= 2  # who starts, then at least one more line
        assert "duel" in device["interruptions"] and device["races"] >= 1
    finally:
        app.close()


def test_the_try_me_demo_in_a_real_window(display: str, home: Path,  # noqa: F811
                                          outdir: Path) -> None:
    """R-12: the title's "Try me" opens Roboto's demo with a click or with the keys, and
    any key, a click or Esc brings the title back."""
    app = RunningApp(display, home, fresh(outdir), SETTINGS.format(speed=0.0))
    try:
        app.click(app.state()["controls"]["try"])
        state = app.wait(lambda s: s["top"] == "demo" and s["demo"]["words"])
        check_roboto(app.shot("demo_hello"), {"rect": state["demo"]["robot"]})
        app.key("a")  # any key
        state = app.wait(lambda s: s["top"] == "title")
        assert state["focus"] == "try"  # the button that opened it
        app.key("Tab")  # round to New game, then back to Try me
        app.wait(lambda s: s["focus"] == "new")
        app.key("shift+Tab")
        app.wait(lambda s: s["focus"] == "try")
        app.key("Return")
        state = app.wait(lambda s: s["top"] == "demo" and s["demo"]["clock"] > 8.5,
                         timeout=30)
        assert "red cards" in state["demo"]["words"]
        check_roboto(app.shot("demo_surprise_command"), {"rect": state["demo"]["robot"]})
        app.key("Escape")
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["try"])
        app.wait(lambda s: s["top"] == "demo")
        app.click([10, 10, 4, 4])  # a click anywhere
        app.wait(lambda s: s["top"] == "title")
    finally:
        app.close()
