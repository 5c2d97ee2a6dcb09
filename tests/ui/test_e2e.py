"""End to end, in a real window under Xvfb: the real app (``python -m game``) as a
subprocess, driven only by X input events (xdotool), checked on real screenshots
(``import -window root``) at the places the app's state file names.

Screenshots are written to ``test-output/<test name>/``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules.cards import COLOUR_OF, Card
from game.ui import theme
from tests.ui.conftest import ROOT, colour_share

pytestmark = pytest.mark.xvfb
#: How many times a name is typed before a set-up test gives up (see RunningApp.type_name).
TYPE_TRIES = 6

TOOLS = ("Xvfb", "xdotool", "import")


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """``$DISPLAY`` when set (``xvfb-run``), else a private Xvfb on a free display."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if any(shutil.which(t) is None for t in TOOLS):
        pytest.skip("Xvfb, xdotool and imagemagick are needed")
    n = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists()
             and not Path(f"/tmp/.X{n}-lock").exists())
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp",
                             "-noreset"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{n}").exists():
        if time.monotonic() > deadline:
            proc.kill()
            pytest.skip("Xvfb did not start")
        time.sleep(0.05)
    yield f":{n}"
    proc.terminate()
    proc.wait(5)


def find_window(proc: subprocess.Popen[Any], display: str, timeout: float = 90.0) -> str:
    """The id of ``proc``'s visible window, once it shows."""
    return window_and_origin(proc, display, timeout)[0]


def window_and_origin(proc: subprocess.Popen[Any], display: str,
                      timeout: float = 90.0) -> tuple[str, tuple[int, int]]:
    """``proc``'s visible window and where it is on the screen, once both can be read.

    Polled rather than ``xdotool search --sync``: that search walks every window of the
    display and gives up with an X error if one of them (another test's game closing) goes
    away under it, which failed a CI run once. The geometry is read in the same loop: a
    window the search has just listed could not be measured once in CI (xdotool exited
    with 1), so a failed read is tried again, with a fresh search, until the deadline. The
    deadline is generous: with the suite's workers and the native build sharing two cores,
    a window drawn already was once not listed within 30 s."""
    env = {**os.environ, "DISPLAY": display}
    deadline = time.monotonic() + timeout
    said = ""
    while True:
        assert proc.poll() is None, f"the game exited ({proc.returncode}) before its window showed"
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(proc.pid)],
                               env=env, capture_output=True, text=True, timeout=20)
        said = found.stderr.strip()
        for window in found.stdout.split() if found.returncode == 0 else []:
            geo = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                                 env=env, capture_output=True, text=True, timeout=20)
            vals = dict(line.split("=", 1) for line in geo.stdout.split() if "=" in line)
            if geo.returncode == 0 and "X" in vals and "Y" in vals:
                return window, (int(vals["X"]), int(vals["Y"]))
            said = f"window {window} listed but not measurable: {geo.stderr.strip()}"
        if time.monotonic() > deadline:
            raise AssertionError(f"no window in {timeout:.0f} s: {said}\n{x_windows(display)}")
        time.sleep(0.1)


def x_windows(display: str) -> str:
    """Every window of ``display`` with its map state, for a failure's message."""
    env = {**os.environ, "DISPLAY": display}
    try:
        tree = subprocess.run(["xwininfo", "-root", "-tree"], env=env, capture_output=True,
                              text=True, timeout=20)
        states = []
        for line in tree.stdout.splitlines():
            wid = line.strip().split(" ", 1)[0]
            if wid.startswith("0x"):
                info = subprocess.run(["xwininfo", "-id", wid], env=env, capture_output=True,
                                      text=True, timeout=20).stdout
                state = next((x.split(":", 1)[1].strip() for x in info.splitlines()
                              if "Map State" in x), "?")
                states.append(f"{line.strip()[:100]} [{state}]")
        return "windows:\n  " + "\n  ".join(states or [tree.stderr.strip() or "none"])
    except (OSError, subprocess.SubprocessError) as exc:
        return f"windows: not listed ({exc})"


class RunningApp:
    """The game in its own process and window, with the helpers a test needs."""

    def __init__(self, display: str, home: Path, outdir: Path, settings: str,
                 autoplay: bool = False, seed: int | None = None,
                 env: dict[str, str] | None = None, first: str = "title") -> None:
        self.display, self.outdir = display, outdir
        (home / "config").mkdir(parents=True, exist_ok=True)
        (home / "config" / "settings.toml").write_text(settings, "utf-8")
        self.state_path = home / "state.json"
        self.state_path.unlink(missing_ok=True)
        extra = env or {}
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "UNO_"))}
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
                   UNO_CONFIG_DIR=str(home / "config"), UNO_DATA_DIR=str(home / "data"),
                   UNO_TEST_STATE=str(self.state_path))
        if autoplay:
            env["UNO_TEST_AUTOPLAY"] = "1"
        env.update(extra)
        self.log = open(home / "app.log", "ab")  # noqa: SIM115 - closed in close()
        argv = [sys.executable, "-m", "game", "--lang", "en"]
        if seed is not None:
            argv += ["--seed", str(seed)]
        self.home = home
        self.proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=self.log, stderr=self.log)
        self.shots = 0
        try:
            self.window, self.origin = window_and_origin(self.proc, display)
        except AssertionError as exc:
            # Say what was on the display, and stop the game: nothing else would (the test
            # never gets an app to close), and it would idle on until the machine stops.
            up = self.state_path.exists()
            drawn = self.state_path.read_text("utf-8")[:300] if up else ""
            shown = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "."],
                                   env={**os.environ, "DISPLAY": display},
                                   capture_output=True, text=True, timeout=20).stdout.split()
            self.proc.kill()
            self.proc.wait(15)
            self.log.close()
            shutil.copy(home / "app.log", outdir / "app.log")
            raise AssertionError(
                f"{exc}; the game {'had' if up else 'had not'} drawn its first screen; "
                f"visible windows on {display}: {shown or 'none'}; its state: {drawn}") from exc
        self.xdo("windowfocus", "--sync", self.window)
        self.wait(lambda s: s.get("top") == first)

    def xdo(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display},
                              capture_output=True, text=True, timeout=20, check=True).stdout

    def state(self) -> dict[str, Any]:
        for _ in range(50):
            try:
                return json.loads(self.state_path.read_text("utf-8"))
            except (OSError, ValueError):
                time.sleep(0.02)
        raise AssertionError("no state file")

    def wait(self, ok: Callable[[dict[str, Any]], bool], timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            assert self.proc.poll() is None, "the game exited"
            state = self.state() if self.state_path.exists() else {}
            if state and ok(state):
                return state
            if time.monotonic() > deadline:
                (self.outdir / "timeout_state.json").write_text(json.dumps(state, indent=1))
                self.shot("timeout")
                self.log.flush()
                shutil.copy(self.home / "app.log", self.outdir / "app.log")
                raise AssertionError(f"timed out; last state: {json.dumps(state)[:800]}")
            time.sleep(0.05)

    def key(self, *keys: str) -> None:
        self.xdo("key", "--delay", "40", *keys)

    def type(self, text: str) -> None:
        self.xdo("type", "--delay", "40", text)

    def type_name(self, seat: int, name: str) -> dict[str, Any]:
        """Type ``name`` over set-up seat ``seat``'s name, and the state once it shows.

        xdotool types a letter the keyboard map lacks (the é of Zoé) by binding it to a
        spare key for about a tenth of a second; a game slower than that to read the key (a
        loaded machine) gets no letter. So the name is typed again until it shows: three
        tries all lost it once, under the whole suite's load."""
        for attempt in range(TYPE_TRIES):
            self.click(self.state()["controls"][f"name{seat}"])
            self.wait(lambda s: s["focus"] == f"name{seat}")
            self.key("End", *["BackSpace"] * 16)
            self.type(name)
            try:
                return self.wait(lambda s: s["setup"]["seats"][seat]["name"] == name,
                                 timeout=5 if attempt < TYPE_TRIES - 1 else 20)
            except AssertionError:
                if attempt == TYPE_TRIES - 1:
                    raise
                time.sleep(0.5)
        raise AssertionError("unreachable")

    def click(self, rect: list[int]) -> None:
        x, y = rect[0] + rect[2] // 2, rect[1] + rect[3] // 2
        self.xdo("mousemove", "--window", self.window, str(x), str(y), "click", "1")

    def click_until(self, rect: list[int], ok: Callable[[dict[str, Any]], bool],
                    attempts: int = 3, each: float = 10.0) -> dict[str, Any]:
        """Click ``rect`` and wait for ``ok``; click again if nothing came of it (on a loaded
        machine an X click was once lost: the game never saw it). Only for a button whose
        click cannot count twice: its scene goes once it is pressed."""
        for attempt in range(attempts - 1):
            self.click(rect)
            deadline = time.monotonic() + each * (attempt + 1)
            while time.monotonic() < deadline:
                assert self.proc.poll() is None, "the game exited"
                state = self.state() if self.state_path.exists() else {}
                if state and ok(state):
                    return state
                time.sleep(0.05)
        self.click(rect)
        return self.wait(ok)

    def shot(self, name: str) -> pygame.Surface:
        """A screenshot of the whole X screen, saved, and cropped to the window."""
        self.shots += 1
        path = self.outdir / f"{self.shots:02d}_{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], check=True, timeout=20,
                       env={**os.environ, "DISPLAY": self.display})
        full = pygame.image.load(str(path))
        w, h = self.state()["size"]
        return full.subsurface(pygame.Rect(*self.origin, w, h).clip(full.get_rect())).copy()

    def shot_showing(self, name: str, shows: Callable[[pygame.Surface], bool],
                     timeout: float = 8.0) -> pygame.Surface:
        """A screenshot once it ``shows`` what the state file already says: on a busy machine
        the state (written after a frame) can be ahead of what the X server shows. The last
        screenshot is returned if the moment never comes (the caller's assert then fails)."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.shot(name)
            if shows(screen) or time.monotonic() > deadline:
                return screen
            time.sleep(0.3)

    def close(self) -> int:
        if self.proc.poll() is None:
            self.proc.terminate()
        code = self.proc.wait(15)
        self.log.close()
        return code


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path


def card_rgb(code: str) -> tuple[int, int, int]:
    card = Card.parse(code)
    return theme.WILD_RGB if card.is_wild else theme.CARD_RGB[COLOUR_OF[card]]


def check_table(screen: pygame.Surface, table: dict[str, Any]) -> None:
    """What must be on screen at the table, checked on the screenshot's pixels."""
    for code, rect in zip(table["hand"], table["hand_rects"]):
        inner = pygame.Rect(rect).inflate(-rect[2] // 3, -rect[3] // 3)
        assert colour_share(screen, inner, card_rgb(code)) > 0.05, f"card {code} not drawn"
    top = table["top"]
    discard = pygame.Rect(table["discard_rect"])
    if table["colour"] is not None:  # the colour in force glows around the discard pile
        rgb = theme.CARD_RGB["RYGB".index(table["colour"])]
        ring = discard.inflate(16, 16)
        assert colour_share(screen, ring, rgb) > 0.04, "no colour ring"
    assert colour_share(screen, discard.inflate(-20, -20), card_rgb(top)) > 0.1, "top card"
    uno = pygame.Rect(table["uno_rect"]).inflate(-30, -30)
    want = theme.BUTTON_PRIMARY if table["can_call_uno"] else theme.BUTTON_DISABLED
    assert colour_share(screen, uno, want, tol=60) > 0.3, "UNO button"
    for rect in table["plates"].values():
        assert colour_share(screen, pygame.Rect(rect).inflate(-8, -8), theme.PANEL, 50) > 0.3


def answer_dialogs(app: RunningApp, state: dict[str, Any]) -> None:
    if state["top"] == "colour":
        app.key("g")
    elif state["top"] == "challenge":
        app.key("a")
    elif state["top"] in ("chooser", "pick_player", "pick_card", "stack"):
        app.key("1")
    elif state["top"] in ("hand_end", "reveal", "pass", "notice"):
        app.shot(state["top"])
        app.key("Return")


SETTINGS = 'narration = "off"\nanimation_speed = {speed}\n'


SEED = int(os.environ.get("UNO_E2E_SEED", "20"))


def test_one_person_against_three_ai(display: str, home: Path, outdir: Path) -> None:
    app = RunningApp(display, home, outdir, SETTINGS.format(speed=3.0), seed=SEED)
    try:
        new = pygame.Rect(app.state()["controls"]["new"]).inflate(-20, -12)
        title = app.shot_showing(
            "title", lambda shot: colour_share(shot, new, theme.BUTTON_PRIMARY) > 0.5)
        assert colour_share(title, new, theme.BUTTON_PRIMARY) > 0.5
        app.key("Return")  # "New game" has the focus
        state = app.wait(lambda s: s["top"] == "setup")
        state = app.type_name(0, "Zoé")
        assert [seat["human"] for seat in state["setup"]["seats"]] == [True, False, False, False]
        app.shot("setup")
        app.click(state["controls"]["start"])
        state = app.wait(lambda s: s["top"] == "table")
        assert state["table"]["names"][0] == "Zoé"
        turns = 0
        while turns < 6:
            state = app.wait(lambda s: s["top"] != "table" or s["table"]["over"] or (
                s["table"]["my_turn"] and s["table"]["idle"]), timeout=40)
            if state["top"] != "table":
                answer_dialogs(app, state)
                app.wait(lambda s, t=state["top"]: s["top"] != t)
                continue
            table = state["table"]
            if table["over"]:
                break
            check_table(app.shot(f"turn{turns}"), table)
            before = table["actions"]
            if table["decision"] == "drawn":
                app.key("p" if table["playable"] else "k")
            elif table["playable"]:
                i = table["playable"][0]
                if turns % 2:  # the keyboard: Home, Right to the card, Enter
                    app.key("Home", *["Right"] * i, "Return")
                else:  # the mouse
                    app.click(table["hand_rects"][i])
            else:
                app.key("d")
            app.wait(lambda s, b=before: s.get("table", {}).get("actions", b) > b)
            turns += 1
        while True:  # answer what the last move asked (a colour, the hand's scores …)
            state = app.wait(lambda s: s["top"] != "table" or s["table"]["idle"], timeout=40)
            if state["top"] == "table":
                break
            answer_dialogs(app, state)
            app.wait(lambda s, t=state["top"]: s["top"] != t)
        app.key("Escape")
        state = app.wait(lambda s: s["top"] == "pause")
        app.shot("pause")
        actions = state["table"]["actions"]  # paused: the game waits, AI included
        time.sleep(0.5)  # the autosave is written on its own thread
        app.proc.kill()  # a crash: no chance to save anything more
        app.proc.wait(15)
    finally:
        app.close()
    slots = list((home / "data" / "matches").glob("match-*.json"))
    assert len(slots) == 1, slots  # the match's own save slot
    saved = json.loads(slots[0].read_text("utf-8"))
    assert len(saved["record"]["actions"]) == actions
    # Start again after the crash: the title offers to resume the very same position.
    app = RunningApp(display, home, outdir, SETTINGS.format(speed=3.0))
    try:
        assert app.state()["focus"] == "resume"
        app.shot("title_resume")
        app.key("Return")
        state = app.wait(lambda s: s["top"] in ("table", "pass") and "table" in s)
        assert state["table"]["actions"] == actions
        check_table(app.shot("resumed"), app.wait(lambda s: s["table"]["idle"])["table"])
    finally:
        app.close()


@pytest.mark.parametrize("edition", ["official", "sonic"])
def test_a_whole_match_start_to_finish(display: str, home: Path, outdir: Path,
                                       edition: str) -> None:
    app = RunningApp(display, home, outdir, SETTINGS.format(speed=0.0), autoplay=True)
    try:
        app.key("Return")  # New game
        app.wait(lambda s: s["top"] == "setup")
        app.key("Tab", "Tab")  # from "Deal the cards" round to the edition
        app.wait(lambda s: s["focus"] == "edition")
        if edition == "sonic":
            app.key("Left")  # the last edition in the engine's list
        else:
            app.key("Down", "Right", "Right")  # match: a single hand
        state = app.wait(lambda s: s["setup"]["edition"] == edition and (
            edition == "sonic" or s["setup"]["match"] == "single_hand"))
        app.shot("setup")
        app.click(state["controls"]["start"])
        app.wait(lambda s: s["top"] == "table")
        app.shot("table")
        state = app.wait(lambda s: s["top"] == "match_end", timeout=150)
        table = state["table"]
        assert table["over"] and table["winners"] and table["edition"] == edition
        button = pygame.Rect(state["controls"]["again"]).inflate(-20, -12)
        screen = app.shot_showing(
            "match_end", lambda shot: colour_share(shot, button, theme.BUTTON_PRIMARY) > 0.5)
        assert colour_share(screen, button, theme.BUTTON_PRIMARY) > 0.5
        app.click(state["controls"]["title"])
        state = app.wait(lambda s: s["top"] == "title")
        assert "resume" not in state["controls"]  # a finished match is not offered again
        app.click(state["controls"]["quit"])
        assert app.proc.wait(15) == 0
    finally:
        app.close()
