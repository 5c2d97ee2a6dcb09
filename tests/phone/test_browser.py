"""The phone page in a real headless Chromium (Debian's, driven by Selenium 4 through the
driver's path, so nothing is downloaded) at a phone's size, against the real server on
127.0.0.1 and a Session played by this file's own main loop
(:class:`game.phone.headless.HeadlessTable`, bots for the AI seats, no window).

Screenshots are written to ``test-output/phone/``; they were looked at.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import game.play  # noqa: F401  (the editions' choices)
from game.phone.art import Art
from game.phone.headless import HeadlessTable
from game.phone.hub import ChoiceRequest, JoinRequested, PhoneHub
from game.phone.wire import check_outgoing
from game.play.session import Session
from game.rules import events as E
from game.rules.editions import new_game
from game.rules.ruleset import MatchKind, edition
from game.store.saves import SeatInfo
from tests.rules.helpers import build

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.common.exceptions import (  # noqa: E402
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")
OUT = Path(__file__).resolve().parents[2] / "test-output" / "phone"

pytestmark = pytest.mark.skipif(
    not (CHROMIUM.exists() and DRIVER.exists()),
    reason="needs Debian's chromium and chromium-driver (tools/install-test-deps.sh)")

FACES = ("cat", "owl", "frog", "bear")


def chrome(lang: str = "en") -> Any:
    """A headless Chromium the size of a phone (390 × 844 CSS pixels, twice as dense),
    reading ``lang`` first, keeping the WebSocket frames it receives in its log."""
    o = webdriver.ChromeOptions()
    o.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--window-size=390,844",
                "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-extensions", "--disable-background-networking"):
        o.add_argument(arg)
    # headless Chromium keeps a window at least 500 pixels wide: the phone is emulated
    o.add_experimental_option("mobileEmulation", {"deviceMetrics": {
        "width": 390, "height": 844, "pixelRatio": 2.0}})
    o.add_experimental_option("prefs", {"intl.accept_languages": f"{lang},{lang}-FR"})
    o.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(service=Service(str(DRIVER)), options=o)


class Page:
    """One phone's page, with the waits the tests need."""

    def __init__(self, driver: Any, name: str) -> None:
        self.d = driver
        self.name = name
        self.frames: list[dict[str, Any]] = []

    def open(self, url: str) -> None:
        self.d.get(url)

    def close(self) -> None:
        """The phone is gone (its browser quits)."""
        if self.d is not None:
            self.d.quit()
            self.d = None

    def wait(self, cond: Callable[[], Any], timeout: float = 30.0, what: str = "") -> Any:
        def ok(_: Any) -> Any:
            try:
                return cond()
            except StaleElementReferenceException:
                return False
        try:
            return WebDriverWait(self.d, timeout, poll_frequency=0.05).until(ok)
        except TimeoutException:
            self.shot(f"timeout_{self.name}")
            raise AssertionError(f"{self.name}: gave up waiting for {what or cond}; status "
                                 f"{self.text('status')!r}") from None

    def el(self, id_: str) -> Any:
        return self.d.find_element(By.ID, id_)

    def text(self, id_: str) -> str:
        return str(self.el(id_).text)

    def version(self) -> int:
        v = self.el("game").get_attribute("data-version")
        return int(v) if v else -1

    def cards(self) -> list[Any]:
        return list(self.d.find_elements(By.CSS_SELECTOR, "#hand button.card"))

    def card(self, accessible: str) -> Any:
        for b in self.cards():
            if b.accessible_name == accessible:
                return b
        raise AssertionError(f"no card named {accessible!r} in "
                             f"{[b.accessible_name for b in self.cards()]}")

    def button(self, accessible: str) -> Any:
        for b in self.d.find_elements(By.CSS_SELECTOR, "button"):
            if b.is_displayed() and b.accessible_name == accessible:
                return b
        raise AssertionError(f"no button named {accessible!r}")

    def has_button(self, accessible: str) -> bool:
        return any(b.is_displayed() and b.accessible_name == accessible and b.is_enabled()
                   for b in self.d.find_elements(By.CSS_SELECTOR, "button"))

    def turn_sideways(self) -> None:
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 844, "height": 390, "deviceScaleFactor": 2, "mobile": True,
            "screenOrientation": {"type": "landscapePrimary", "angle": 90}})

    def turn_upright(self) -> None:
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True,
            "screenOrientation": {"type": "portraitPrimary", "angle": 0}})

    def shot(self, name: str) -> Path:
        OUT.mkdir(parents=True, exist_ok=True)
        path = OUT / f"{name}.png"
        self.d.save_screenshot(str(path))
        return path

    def received(self) -> list[dict[str, Any]]:
        """Every WebSocket frame the page received so far (from Chromium's log)."""
        for entry in self.d.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.webSocketFrameReceived":
                payload = message["params"]["response"]["payloadData"]
                self.frames.append(json.loads(payload))
        return self.frames

    def unnamed_controls(self) -> list[str]:
        """Every visible control, card or picture on the page without an accessible name."""
        missing = []
        for css in ("button", "select", "input", "#hand button.card", "#top-card",
                    "#trays li", "#revealed-cards img"):
            for e in self.d.find_elements(By.CSS_SELECTOR, css):
                if e.is_displayed() and not (e.accessible_name or "").strip():
                    missing.append(f"{css} {e.get_attribute('outerHTML')[:120]}")
        return missing


@pytest.fixture
def pages() -> Iterator[Callable[[str, str], Page]]:
    opened: list[Page] = []

    def make(lang: str = "en", name: str = "phone") -> Page:
        page = Page(chrome(lang), name)
        opened.append(page)
        return page

    yield make
    for page in opened:
        page.close()


@pytest.fixture
def tables(art: Art) -> Iterator[Callable[..., HeadlessTable]]:
    """``tables(session, phones=(0,))``: a hub on 127.0.0.1 with those seats on phones,
    and the session's main loop running on its own thread."""
    made: list[HeadlessTable] = []

    def make(session: Session, phones: tuple[int, ...] = (0,), **kw: Any) -> HeadlessTable:
        hub = PhoneHub(art)
        hub.start("127.0.0.1")
        for seat in phones:
            hub.open_seat(seat)
        table = HeadlessTable.with_bots(session, hub, faces=FACES[:session.players],
                                        **kw)
        table.start()
        made.append(table)
        return table

    yield make
    for table in made:
        try:
            table.stop()
        finally:
            table.hub.stop()


def seats(n: int, phones: tuple[int, ...]) -> list[SeatInfo]:
    names = ("Zoé", "Ana", "Bob", "Cid")
    return [SeatInfo(names[i], human=i in phones, level="heuristic") for i in range(n)]


def url(table: HeadlessTable, seat: int = 0) -> str:
    invite = table.hub.invite(seat)
    assert invite is not None
    return invite.url


def my_turn(page: Page, table: HeadlessTable, seat: int = 0) -> Callable[[], bool]:
    """The page shows the state in which it is ``seat``'s turn (and nothing is on its way)."""
    def ready() -> bool:
        to_act, version, over = table.call(
            lambda: (table.session.to_act, table.session.version, table.session.over))
        return (to_act == seat and not over and page.version() == version
                and "mine" in (page.d.find_element(By.TAG_NAME, "body").get_attribute("class")
                               or ""))
    return ready


def seen_by(table: HeadlessTable, seat: int) -> set[str]:
    """Every card text ``seat`` could ever see in this hand: its own cards at any time and
    every card turned face up."""
    s = table.session
    seen: set[str] = set()
    events = list(s.opening_events()) + list(table.events)
    for e in events:
        e = E.redact(e, seat)
        if isinstance(e, E.CardsDrawn) and e.player == seat:
            seen |= {str(c) for c in e.cards}
        elif isinstance(e, E.CardPlayed | E.FirstCard):
            seen.add(str(e.card))
        elif isinstance(e, E.HandStarted):
            pass
    seen |= {str(c) for c in s.game.hands[seat]} | {str(c) for c in s.game.discard}
    return seen


def norm(text: str) -> str:
    """``text`` with its non-breaking spaces (French punctuation) as plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def frame_cards(value: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("card", "top") and isinstance(v, str):
                out.add(v)
            else:
                out |= frame_cards(v)
    elif isinstance(value, list):
        for v in value:
            out |= frame_cards(v)
    return out


# ---------------------------------------------------------------------------- a whole hand
def test_C5_C6_C12_a_person_plays_a_whole_hand_from_a_phone_against_two_ai(
        pages: Callable[..., Page], tables: Callable[..., HeadlessTable]) -> None:
    """Zoé holds a Wild and two reds: she plays the Wild and names red on the phone,
    calls UNO! with two cards, and plays her reds out; the AIs, without red, draw."""
    game = build(["W R7 R8", "B1 B2 Y3 G4 G5", "B6 Y4 G2 G3 B9"], "R5", turn=0,
                 rules={"match": "single_hand"}, draw_top="B3 Y5 G6 B2 Y2 Y9 G9 B5")
    s = Session(game, seats(3, (0,)))
    table = tables(s, ai_delay=0.2)
    page = pages("en", "hand")
    page.open(url(table))
    page.wait(my_turn(page, table), what="Zoé's turn")
    assert page.text("headline") == "Your turn!"
    assert page.el("top-card").accessible_name == "On top: a red 5"
    assert [b.accessible_name for b in page.cards()] == [
        "Play a Wild", "Play a red 7", "Play a red 8"]
    assert page.button("Draw a card").is_enabled()
    uno = page.el("uno")
    assert uno.accessible_name == "UNO! (not now)" and not uno.is_enabled()
    names = [p.text for p in page.d.find_elements(By.CSS_SELECTOR, "#players .name")]
    assert names == ["Zoé (you)", "Ana", "Bob"]
    assert not page.unnamed_controls()
    page.shot("hand")
    page.turn_sideways()
    page.wait(lambda: page.d.execute_script("return innerWidth > innerHeight"), what="sideways")
    page.shot("hand_sideways")
    page.turn_upright()

    page.card("Play a Wild").click()
    page.wait(lambda: page.has_button("Name red"), what="the colour picker")
    assert [b.accessible_name for b in page.d.find_elements(By.CSS_SELECTOR, ".opt-colour")] \
        == ["Name red", "Name yellow", "Name green", "Name blue"]
    assert not page.unnamed_controls()
    page.shot("wild_colour")
    page.button("Name red").click()

    page.wait(my_turn(page, table), what="Zoé's second turn")
    assert len(page.cards()) == 2
    page.wait(lambda: page.el("uno").is_enabled(), what="the UNO! button")
    assert page.el("uno").accessible_name == "Call UNO!"
    page.el("uno").click()
    page.wait(lambda: table.call(lambda: table.session.game.uno_declared == 0),
              what="the UNO! call")
    page.wait(my_turn(page, table), what="Zoé's turn after UNO!")
    page.card("Play a red 7").click()

    page.wait(my_turn(page, table), what="Zoé's last turn")
    page.card("Play a red 8").click()
    page.wait(lambda: page.text("headline") == "The hand is over.", what="the hand's end")
    page.shot("hand_over")

    kinds = [type(a).__name__ for a in table.call(lambda: list(table.phone_actions))]
    assert kinds == ["Play", "ChooseColour", "CallUno", "Play", "Play"]
    assert table.call(lambda: table.session.over)
    assert not any(isinstance(e, E.UnoCaught) for e in table.events)

    # every frame the page received was one of the allowed shapes, with Zoé's cards only
    seen = table.call(lambda: seen_by(table, 0))
    others = table.call(lambda: {str(c) for p in (1, 2) for c in table.session.game.hands[p]})
    frames = page.received()
    assert len([f for f in frames if f["type"] == "state"]) >= 5
    for f in frames:
        check_outgoing(f, frozenset(frame_cards(f)))
        assert frame_cards(f) <= seen, frame_cards(f) - seen
        assert not (frame_cards(f) & (others - seen))


# ---------------------------------------------------------------------------- languages
def test_one_phone_reads_french_and_another_english_in_the_same_match(
        pages: Callable[..., Page], tables: Callable[..., HeadlessTable]) -> None:
    game = build(["R7 G2 B4", "Y1 Y2 G3 B5 B6", "G7 B8 Y9 G9 R2"], "R5", turn=0,
                 rules={"match": "single_hand"})
    s = Session(game, seats(3, (0, 1)))
    table = tables(s, phones=(0, 1))
    fr, en = pages("fr", "french"), pages("en", "english")
    fr.open(url(table, 0))
    en.open(url(table, 1))
    fr.wait(my_turn(fr, table, 0), what="Zoé's turn in French")
    en.wait(lambda: en.version() == table.call(lambda: table.session.version),
            what="Ana's page")
    assert norm(fr.text("headline")) == "À toi !"
    assert norm(fr.text("hand-label")) == "Ta main : 3 cartes"
    assert [norm(b.accessible_name) for b in fr.cards()] == [
        "Jouer un 7 rouge", "un 2 vert : ne peut pas être jouée maintenant",
        "un 4 bleu : ne peut pas être jouée maintenant"]
    assert fr.el("lang").accessible_name == "Langue"
    assert en.text("headline") == "Zoé's turn"
    assert en.text("hand-label") == "Your hand: 5 cards"
    assert en.cards()[0].accessible_name == "a yellow 1"
    assert not fr.unnamed_controls() and not en.unnamed_controls()
    fr.shot("french")
    en.shot("english")
    # the page's own language picker: Ana's phone turns French, Zoé's stays French
    from selenium.webdriver.support.ui import Select

    Select(en.el("lang")).select_by_value("fr")
    en.wait(lambda: norm(en.text("hand-label")) == "Ta main : 5 cartes",
            what="French on Ana's")
    assert norm(en.text("headline")) == "Au tour de Zoé"
    assert norm(fr.text("headline")) == "À toi !"


# ---------------------------------------------------------------------------- decisions
def test_A2_the_attack_launcher_is_pressed_from_the_phone(
        pages: Callable[..., Page], tables: Callable[..., HeadlessTable]) -> None:
    game = build(["G1 G2 B4 Y6", "Y1 Y2 G3 B5 B6", "G7 B8 Y9 G9 R2"], "R5", ed="attack",
                 turn=0, rules={"match": "single_hand"})
    s = Session(game, seats(3, (0,)))
    table = tables(s)
    page = pages("en", "launcher")
    page.open(url(table))
    page.wait(my_turn(page, table), what="Zoé's turn")
    assert page.has_button("Press the launcher")
    assert not page.unnamed_controls()
    page.shot("attack_launcher")
    page.button("Press the launcher").click()
    page.wait(lambda: table.call(lambda: any(
        isinstance(e, E.LauncherPressed) and e.player == 0 for e in table.events)),
        what="the press")
    kinds = [type(a).__name__ for a in table.call(lambda: list(table.phone_actions))]
    assert kinds[0] == "PressLauncher"


def test_H2_a_seven_swaps_hands_with_the_player_picked_on_the_phone(
        pages: Callable[..., Page], tables: Callable[..., HeadlessTable]) -> None:
    game = build(["R7 G2 B4", "Y1 Y2 G3 B5 B6", "G7 B8 Y9 G9 R2 R3"], "R5", turn=0,
                 rules={"match": "single_hand", "house": "seven_o"})
    s = Session(game, seats(3, (0,)))
    table = tables(s)
    page = pages("en", "seven_o")
    page.open(url(table))
    page.wait(my_turn(page, table), what="Zoé's turn")
    page.card("Play a red 7").click()
    page.wait(lambda: page.has_button("Swap hands with Bob"), what="the Seven-O picker")
    assert page.has_button("Swap hands with Ana")
    faces = page.d.find_elements(By.CSS_SELECTOR, ".opt-player img.face")
    assert len(faces) == 2 and all(f.get_attribute("alt") == "" for f in faces)
    assert not page.unnamed_controls()
    page.shot("seven_o_partner")
    page.button("Swap hands with Bob").click()
    page.wait(lambda: len(page.cards()) >= 6, what="Bob's cards in Zoé's hand")
    swaps = [(e.first, e.second) for e in table.call(lambda: list(table.events))
             if isinstance(e, E.HandsSwapped)]
    assert swaps == [(0, 2)]


# ---------------------------------------------------------------------------- who may join
def test_a_wrong_or_old_link_gets_the_join_form_and_a_typed_code_waits_for_the_host(
        pages: Callable[..., Page], tables: Callable[..., HeadlessTable]) -> None:
    s = Session(new_game(edition("official"), 3, 5), seats(3, (0,)))
    table = tables(s)
    hub = table.hub
    old = url(table)
    table.call(hub.renew_all)
    page = pages("en", "join")
    page.open(old)
    page.wait(lambda: page.el("join").is_displayed(), what="the join form")
    assert "does not open a seat" in page.text("join-message")
    assert not page.cards() and not page.el("game").is_displayed()
    assert page.el("code").accessible_name == "Code"
    assert not page.unnamed_controls()
    page.shot("join_form")
    code = hub.invite(0).code  # type: ignore[union-attr]
    page.el("code").send_keys(code)
    page.el("join-button").click()
    page.wait(lambda: "accept this phone" in page.text("message-text"), what="waiting")
    joins: list[JoinRequested] = []
    page.wait(lambda: joins.extend(j for j in table.call(hub.pending_joins)) or joins,
              what="the join request")
    assert table.call(lambda: hub.accept_join(joins[0].id))
    page.wait(lambda: len(page.cards()) == 7, what="the hand after the host accepted")
    secret = url(table).split("#", 1)[1]
    assert page.d.current_url.endswith("#" + secret)  # kept for coming back


def test_a_phone_closed_mid_turn_and_opened_again_continues_its_seat(
        pages: Callable[..., Page], tables: Callable[..., HeadlessTable]) -> None:
    game = build(["R7 G2 B4", "Y1 Y2 G3 B5 B6", "G7 B8 Y9 G9 R2"], "R5", turn=0,
                 rules={"match": "single_hand"})
    s = Session(game, seats(3, (0,)))
    table = tables(s)
    first = pages("en", "first")
    first.open(url(table))
    first.wait(my_turn(first, table), what="Zoé's turn")
    first.close()  # the battery dies
    deadline = time.monotonic() + 10
    while table.hub.status(0).connection != "away" and time.monotonic() < deadline:  # type: ignore[union-attr]
        time.sleep(0.02)
    assert table.hub.status(0).connection == "away"  # type: ignore[union-attr]
    again = pages("en", "again")
    again.open(url(table))
    again.wait(my_turn(again, table), what="Zoé's turn again")
    assert [b.accessible_name for b in again.cards()] == [
        "Play a red 7", "a green 2: cannot be played now", "a blue 4: cannot be played now"]
    again.card("Play a red 7").click()
    again.wait(lambda: len(again.cards()) == 2, what="the card played")
    assert [type(a).__name__ for a in table.call(lambda: list(table.phone_actions))] == ["Play"]


def test_a_tap_whose_acknowledgement_is_lost_is_resent_and_applied_once(
        pages: Callable[..., Page], tables: Callable[..., HeadlessTable]) -> None:
    """The socket is cut after the page sent its choice and before the table answered:
    the page reconnects, sends the same choice again, and the game applies it once."""
    game = build(["R7 G2 B4", "Y1 Y2 G3 B5 B6", "G7 B8 Y9 G9 R2"], "R5", turn=0,
                 rules={"match": "single_hand"})
    s = Session(game, seats(3, (0,)))
    table = tables(s)
    hub = table.hub
    page = pages("en", "resend")
    page.open(url(table))
    page.wait(my_turn(page, table), what="Zoé's turn")
    table.paused.set()  # the main loop holds: nothing is applied, nothing acknowledged
    page.card("Play a red 7").click()
    def requests() -> list[ChoiceRequest]:  # what waits for the main loop, left there
        return [i for i in list(hub._inbound.queue) if isinstance(i, ChoiceRequest)]

    page.wait(lambda: len(requests()) == 1, what="the choice at the server")
    hub.drop_connection(0)
    page.wait(lambda: len(requests()) == 2, what="the page back, and its resend")
    first, second = requests()
    assert (first.version, first.choice, first.option, first.seq) == (
        second.version, second.choice, second.option, second.seq)
    assert (first.choice, first.option) == ("turn", "play:R7") and first.conn != second.conn
    table.paused.clear()
    page.wait(lambda: len(page.cards()) == 2, what="the card played")
    page.wait(lambda: page.text("status") == "", what="the acknowledgement")
    plays = [a for a in table.call(lambda: list(table.session.game.actions))
             if getattr(a, "player", None) == 0]
    assert [type(a).__name__ for a in plays] == ["Play"]


def test_T4_T12_a_lit_tray_is_pressed_from_the_phone_under_its_turn_timer(
        pages: Callable[..., Page], tables: Callable[..., HeadlessTable]) -> None:
    """Triple Play with the timer on: the phone shows the trays and the seconds left;
    after drawing a card it does not play, it presses a lit tray. The table's clock is the
    test's (it stands still unless stepped), so a loaded machine cannot run the timer out
    between the steps; the page's countdown still comes from the table's deadline."""
    import re

    rs = edition("triple").with_options(timer=True, timer_seconds=60,
                                        match=MatchKind.SINGLE_HAND)
    s = Session(new_game(rs, 3, 3), seats(3, (0,)))
    table = tables(s, clock=lambda: 0.0)
    page = pages("en", "triple")
    page.open(url(table))
    page.wait(my_turn(page, table), what="Zoé's turn")
    page.wait(lambda: page.el("countdown").is_displayed(), what="the timer")
    assert re.fullmatch(r"\d+ s left", page.text("countdown"))
    trays = page.d.find_elements(By.CSS_SELECTOR, "#trays li")
    assert len(trays) == 3 and all(t.accessible_name.startswith("Tray ") for t in trays)
    page.button("Draw a card").click()
    page.wait(lambda: page.has_button("Keep the card you drew")
              or any(page.has_button(f"Press tray {n}") for n in (1, 2, 3)),
              what="the drawn card's question or the trays")
    if page.has_button("Keep the card you drew"):
        page.button("Keep the card you drew").click()
    page.wait(lambda: any(page.has_button(f"Press tray {n}") for n in (1, 2, 3)),
              what="the lit trays")
    assert not page.unnamed_controls()
    page.shot("triple_press_tray")
    lit = next(n for n in (1, 2, 3) if page.has_button(f"Press tray {n}"))
    page.button(f"Press tray {lit}").click()
    page.wait(lambda: table.call(lambda: any(
        isinstance(e, E.TrayPressed) and e.player == 0 for e in table.events)),
        what="the press")
    kinds = [type(a).__name__ for a in table.call(lambda: list(table.phone_actions))]
    assert kinds[0] == "Draw" and kinds[-1] == "PickTray"
