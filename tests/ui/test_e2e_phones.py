"""Issue 33 end to end: the game in a real window under Xvfb (driven by X input events,
read through its state file) and each phone a real headless Chromium at a phone's size
(Debian's chromium and chromium-driver through Selenium), against the game's own server on
127.0.0.1 (``UNO_PHONE_HOST``: no traffic to the machine's network address).

- one person on a phone against two AI plays a whole hand by tapping (a Wild's colour,
  UNO!), after joining from the QR code shown over the table (its modules checked against
  segno's code of the link);
- two phones and one keyboard seat, set up on the New game screen: the pass screen comes
  only for the keyboard seat;
- a phone closed in the middle of its turn and its link opened again: the seat goes on,
  nothing lost or doubled;
- a phone gone at its turn: after the delay (5 s here) the table offers to keep waiting,
  to let the computer play the turn or to take the seat at the keyboard, and each works.

Screenshots under ``test-output/<test name>/``; they were looked at.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules.position import dump
from tests.rules.helpers import build
from tests.ui.test_e2e import RunningApp, display, home  # noqa: F401
from tests.ui.test_e2e_setup import step

browser = pytest.importorskip("tests.phone.test_browser")
from selenium.webdriver.common.by import By  # noqa: E402

Page = browser.Page

pytestmark = [pytest.mark.xvfb, pytest.mark.skipif(
    not (browser.CHROMIUM.exists() and browser.DRIVER.exists()),
    reason="needs Debian's chromium and chromium-driver (tools/install-test-deps.sh)")]

SETTINGS = 'narration = "off"\nanimation_speed = 0.0\nphone_wait = 5\n'
ENV = {"UNO_PHONE_HOST": "127.0.0.1"}


@pytest.fixture
def pages(outdir: Path) -> Iterator[Callable[..., Any]]:
    opened: list[Any] = []

    def make(name: str = "phone", lang: str = "en") -> Any:
        page = Page(browser.chrome(lang), name)
        opened.append(page)
        return page

    yield make
    for page in opened:
        page.close()


def positioned(folder: Path, game: Any, seats: list[list[Any]]) -> dict[str, str]:
    """The environment that opens the table at ``game``'s position with ``seats``."""
    spec = folder / "position.json"
    spec.write_text(json.dumps({"position": dump(game), "seats": seats}), "utf-8")
    return {**ENV, "UNO_TEST_POSITION": str(spec)}


def table(s: dict[str, Any]) -> dict[str, Any]:
    return s.get("table", {}) if "table" in s else {}


def phone_seat(s: dict[str, Any], seat: int) -> dict[str, Any]:
    seats: dict[str, Any] = table(s).get("phones", {}).get("seats", {})
    return seats.get(str(seat), {})  # type: ignore[no-any-return]


def cards_shown(s: dict[str, Any]) -> list[dict[str, Any]]:
    return list(s.get("phone_join", {}).get("cards", []))


def qr_on_screen(screen: pygame.Surface, card: dict[str, Any]) -> bool:
    """Does the screen show, module for module, segno's QR code of the card's link?"""
    import segno

    want = [list(row) for row in segno.make(card["url"], error="m", micro=False)
            .matrix_iter(border=2)]
    x, y, w, _h = card["qr"]
    n = len(want)
    assert n == card["modules"]
    m = w // n
    for r in range(n):
        for c in range(n):
            px = screen.get_at((x + c * m + m // 2, y + r * m + m // 2))
            if (px.r + px.g + px.b < 384) != bool(want[r][c]):
                return False
    return True


def mine(page: Any, app: RunningApp) -> Callable[[], bool]:
    """The page shows the phone's turn at the game's current state."""
    def ready() -> bool:
        body = page.d.find_element(By.TAG_NAME, "body").get_attribute("class") or ""
        return "mine" in body and page.version() == table(app.state()).get("actions")
    return ready


def tap_something(page: Any) -> bool:
    """A simple player's tap: the first card that can be played, else the first option of
    the decision asked (draw, a colour, keep …). ``True`` if something was tapped."""
    for css in ("#hand button.card.playable", "#main-options button"):
        for b in page.d.find_elements(By.CSS_SELECTOR, css):
            if b.is_displayed() and b.is_enabled():
                b.click()
                return True
    return False


# ---------------------------------------------------------------------------- a whole hand
def test_C5_C6_C12_one_person_on_a_phone_plays_a_whole_hand_against_two_ai(
        display: str, home: Path, outdir: Path,  # noqa: F811
        pages: Callable[..., Any]) -> None:
    """Zoé (phone) holds a Wild and two reds, the AIs no red: she joins from the code shown
    over the table, plays the Wild and names red, calls UNO! and plays her reds out."""
    game = build(["W R7 R8", "B1 B2 Y3 G4 G5", "B6 Y4 G2 G3 B9"], "R5", turn=0,
                 rules={"match": "single_hand"}, draw_top="B3 Y5 G6 B2 Y2 Y9 G9 B5")
    env = positioned(home, game, [["Zoé", True, "", True], ["Ana", False, "easy"],
                                  ["Bob", False, "easy"]])
    app = RunningApp(display, home, outdir, SETTINGS, env=env, first="phone_join")
    try:
        state = app.wait(lambda s: s["top"] == "phone_join" and cards_shown(s)
                         and "qr" in cards_shown(s)[0])
        card = cards_shown(state)[0]
        assert card["connection"] == "never" and card["code"]
        screen = app.shot_showing("codes_over_the_table", lambda shot: qr_on_screen(shot, card))
        assert qr_on_screen(screen, card)  # the link is what the screen's code says
        page = pages("zoe")
        page.open(card["url"])
        state = app.wait(lambda s: s["top"] == "table" and
                         phone_seat(s, 0).get("connection") == "connected")
        page.wait(mine(page, app), what="Zoé's turn")
        assert table(state)["hand"] == []  # nothing of hers on the big screen
        page.card("Play a Wild").click()
        page.wait(lambda: page.has_button("Name red"), what="the colour picker")
        page.shot("wild_colour")
        page.button("Name red").click()
        page.wait(lambda: mine(page, app)() and len(page.cards()) == 2, what="her 2nd turn")
        app.shot("zoe_named_red")
        page.wait(lambda: page.el("uno").is_enabled(), what="the UNO! button")
        page.el("uno").click()
        app.wait(lambda s: any("UNO" in line for line in table(s).get("log", [])))
        page.wait(mine(page, app), what="her turn after UNO!")
        page.card("Play a red 7").click()
        page.wait(lambda: mine(page, app)() and len(page.cards()) == 1, what="her last turn")
        page.card("Play a red 8").click()
        state = app.wait(lambda s: table(s).get("over"))
        page.wait(lambda: page.text("headline") == "The hand is over.", what="the end")
        log = " ".join(table(state)["log"])
        assert "catches" not in log and table(state)["winners"] == [0]
        app.shot("hand_won_from_the_phone")
    finally:
        app.close()


# ---------------------------------------------------------------------------- hot seat
def test_two_phones_and_one_keyboard_seat_the_pass_screen_comes_only_for_the_keyboard(
        display: str, home: Path, outdir: Path,  # noqa: F811
        pages: Callable[..., Any]) -> None:
    app = RunningApp(display, home, outdir, SETTINGS, env={**ENV, "UNO_TEST_AUTOPLAY": "1"},
                     seed=11)
    try:
        state = app.wait(lambda s: s["top"] == "title")
        app.click(state["controls"]["new"])
        app.wait(lambda s: s["top"] == "setup")
        step(app, "players", lambda s: s["setup"]["players"] == 3, back=True)
        for i in (1, 2):
            step(app, f"kind{i}", lambda s, i=i: s["setup"]["seats"][i]["human"])
            step(app, f"phone{i}", lambda s, i=i: s["setup"]["seats"][i]["phone"])
        state = app.wait(lambda s: s["setup"]["phones"] == {"1": "never", "2": "never"})
        app.shot("set_up_with_two_phone_seats")
        app.click(state["controls"]["start"])
        state = app.wait(lambda s: s["top"] == "phone_join" and len(cards_shown(s)) == 2
                         and all("qr" in c for c in cards_shown(s)))
        cards = cards_shown(state)
        screen = app.shot_showing("set_up_qr_codes",
                                  lambda shot: all(qr_on_screen(shot, c) for c in cards))
        assert all(qr_on_screen(screen, c) for c in cards)
        phones = {c["seat"]: pages(f"seat{c['seat']}") for c in cards}
        for c in cards:
            phones[c["seat"]].open(c["url"])
        state = app.wait(lambda s: [c["connection"] for c in cards_shown(s)]
                         == ["connected", "connected"] and not any("qr" in c
                                                                   for c in cards_shown(s)))
        app.shot("set_up_phones_joined")
        app.click(state["controls"]["start"])
        app.wait(lambda s: "table" in s.get("scenes", []))

        # Every pass screen is in the table's own record (after the first, which lingers
        # for its screenshot, the autoplay answers one within a frame: too fast to be seen
        # by polling, and the loop used to run to the hand's end waiting for a second).
        turns = {1: 0, 2: 0}
        shot = False
        passes: list[int] = []
        for _ in range(400):
            state = app.state()
            t = table(state)
            if not t or t.get("over"):
                break
            passes = t["passes_shown"]
            if state["top"] == "pass" and not shot:
                app.shot("pass_screen_for_the_keyboard_seat")
                shot = True
            to_act = t["to_act"]
            if to_act in phones and state["top"] == "table" and t["idle"]:
                page = phones[to_act]
                if mine(page, app)() and tap_something(page):
                    turns[to_act] += 1
                    app.wait(lambda s, v=t["actions"]: table(s).get("actions", v) != v,
                             timeout=10)
            if min(turns.values()) >= 3 and len(passes) >= 2:
                break
            time.sleep(0.05)
        assert min(turns.values()) >= 3 or t.get("over"), turns
        assert len(passes) >= 2 or t.get("over"), passes
        assert passes and set(passes) == {0}, passes  # only ever the keyboard seat
        assert table(app.state())["phones"]["keyboard"] == [0]
    finally:
        app.close()


# ----------------------------------------------------------------------------
def test_R10_roboto_s_duel_in_the_window_is_raced_on_the_phone(
        display: str, home: Path, outdir: Path,  # noqa: F811
        pages: Callable[..., Any]) -> None:
    """Zoé (phone) has played her blue 5 and Roboto calls a duel of her and Ana (AI): the
    big screen shows the race in Roboto's dialog, the phone the duel's task and one big
    button, which she taps; the table's clock decides and the table reports the order (the
    phone never offers it). Who wins depends on her tap's speed, so only the race's
    course is checked."""
    from game.editions.roboto.rules import Interrupt
    from game.play.session import Session
    from game.store.saves import SeatInfo

    game = build(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "B9", ed="roboto",
                 rules={"match": "single_hand"})
    game.unit.script = [Interrupt("duel", (0, 1), None, 2)]
    s = Session(game, [SeatInfo("Zoé", True), SeatInfo("Ana", False, "easy"),
                       SeatInfo("Bob", False, "easy")])
    s.act(s.choices(0).action("turn", "play:B5"))  # type: ignore[arg-type]
    env = positioned(home, s.game, [["Zoé", True, "", True], ["Ana", False, "easy"],
                                    ["Bob", False, "easy"]])
    app = RunningApp(display, home, outdir, SETTINGS, env=env, first="phone_join")
    try:
        state = app.wait(lambda s: s["top"] == "phone_join" and cards_shown(s)
                         and "qr" in cards_shown(s)[0])
        page = pages("zoe")
        page.open(cards_shown(state)[0]["url"])
        page.wait(lambda: page.has_button("I am done!"), what="the race's button")
        state = app.wait(lambda s: s["top"] == "race")
        assert state["race"]["phones"] == [0] and state["race"]["racers"] == [0, 1]
        page.shot("roboto_duel")
        app.shot("roboto_duel_on_the_big_screen")
        page.button("I am done!").click()
        state = app.wait(lambda s: s["top"] == "table" and "race" not in s.get("scenes", [])
                         and table(s).get("idle"), timeout=30)
        log = " ".join(table(state)["log"])
        assert "draws" in log or "pioche" in log, log
        races = [c for f in page.received() if f.get("type") == "state"
                 for c in f.get("choices", []) if c.get("id") == "race"]
        assert races and all(o["id"] == "done" for c in races for o in c["options"])
    finally:
        app.close()


# ---------------------------------------------------------------------------- drops
def test_a_phone_closed_mid_turn_and_its_link_reopened_goes_on_with_nothing_lost_or_doubled(
        display: str, home: Path, outdir: Path,  # noqa: F811
        pages: Callable[..., Any]) -> None:
    game = build(["R1 R2 G7 Y5", "B1 B2 Y3 G4 G5", "B6 Y4 G2 G3 B9"], "R5", turn=0,
                 rules={"match": "single_hand"}, draw_top="B3 Y5 G6 B2 Y2 Y9 G9 B5 R3")
    env = positioned(home, game, [["Zoé", True, "", True], ["Ana", False, "easy"],
                                  ["Bob", False, "easy"]])
    app = RunningApp(display, home, outdir, SETTINGS.replace("phone_wait = 5", "phone_wait = 600"),
                     env=env, first="phone_join")
    try:
        state = app.wait(lambda s: cards_shown(s) and "url" in cards_shown(s)[0])
        url = cards_shown(state)[0]["url"]
        page = pages("zoe")
        page.open(url)
        page.wait(mine(page, app), what="Zoé's turn")
        hand = [b.accessible_name for b in page.cards()]
        version = page.version()
        page.close()  # the phone is gone in the middle of her turn
        state = app.wait(lambda s: phone_seat(s, 0).get("connection") == "away"
                         and table(s)["phones"]["waiting"] == 0)
        assert table(state)["actions"] == version  # nothing was played meanwhile
        app.shot_showing("dropped_phone_on_the_big_screen", lambda shot: True)
        again = pages("zoe_again")
        again.open(url)  # the same link, on a browser started afresh
        again.wait(mine(again, app), what="Zoé's turn again")
        assert again.version() == version
        assert [b.accessible_name for b in again.cards()] == hand
        app.wait(lambda s: phone_seat(s, 0).get("connection") == "connected"
                 and table(s)["phones"]["waiting"] is None)
        again.card("Play a red 1").click()
        state = app.wait(lambda s: table(s).get("actions", 0) > version)
        again.wait(lambda: len(again.cards()) == 3, what="three cards left")
        state = app.wait(lambda s: table(s)["idle"])
        assert table(state)["counts"][0] == 3  # one card down: played once, none lost
        assert "Play a red 1" not in [b.accessible_name for b in again.cards()]
        assert sum("Zoé plays a red 1" in line for line in table(state)["log"]) <= 1
        app.shot("played_after_rejoining")
    finally:
        app.close()


def test_a_phone_gone_at_its_turn_the_table_offers_three_choices_and_each_works(
        display: str, home: Path, outdir: Path,  # noqa: F811
        pages: Callable[..., Any]) -> None:
    game = build(["R1 R2 G7 Y5 B8", "B1 B2 Y3 G4 G5", "B6 Y4 G2 G3 B9"], "R5", turn=0,
                 rules={"match": "single_hand"},
                 draw_top="B3 Y5 G6 B2 Y2 Y9 G9 B5 R3 G1 Y1 B4")
    env = positioned(home, game, [["Zoé", True, "easy", True], ["Ana", False, "easy"],
                                  ["Bob", False, "easy"]])
    app = RunningApp(display, home, outdir, SETTINGS, env=env, first="phone_join")
    try:
        state = app.wait(lambda s: cards_shown(s) and "url" in cards_shown(s)[0])
        page = pages("zoe")
        page.open(cards_shown(state)[0]["url"])
        page.wait(mine(page, app), what="Zoé's turn")
        page.close()
        app.wait(lambda s: table(s).get("phones", {}).get("waiting") == 0)
        app.shot("waiting_for_zoes_phone")
        # keep waiting: the offer goes, and comes again after another delay
        state = app.wait(lambda s: s["top"] == "phone_away", timeout=30)
        app.shot("three_choices_for_a_gone_phone")
        app.click_until(state["controls"]["wait"], lambda s: s["top"] == "table")
        state = app.wait(lambda s: s["top"] == "phone_away", timeout=30)
        # the computer plays this turn for her
        version = table(state)["actions"]
        state = app.click_until(state["controls"]["computer"],
                                lambda s: s["top"] != "phone_away")
        state = app.wait(lambda s: table(s).get("actions", 0) > version
                         and table(s)["to_act"] != 0)
        assert phone_seat(state, 0)  # still her phone's seat
        # her next turn: still gone; she takes her seat at the keyboard
        state = app.wait(lambda s: s["top"] == "phone_away", timeout=40)
        app.click_until(state["controls"]["keyboard"], lambda s: s["top"] != "phone_away")
        state = app.wait(lambda s: s["top"] == "table" and table(s)["my_turn"])
        t = table(state)
        assert t["viewer"] == 0 and t["hand"] and not t["phones"]["seats"]
        app.shot("zoe_at_the_keyboard")
        app.key("d")  # she draws, at the keyboard
        app.wait(lambda s: table(s).get("actions", 0) > t["actions"])
    finally:
        app.close()
