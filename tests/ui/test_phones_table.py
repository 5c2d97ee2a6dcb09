"""Issue 33 at the table, in process (SDL's dummy driver, the real phone server on
127.0.0.1, phones simulated by :class:`tests.phone.client.Phone`): the set-up's phone seats
and their codes, the hub open exactly while they are wanted, a phone's choices applied
between frames, the table naming no card a phone player drew, a dropped phone rejoining,
the offer after the host's delay and each of its three answers, a resumed match's new
links, "Play again" keeping the phones, a typed code and a second device answered at the
table."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

import game.play  # noqa: F401  (the editions' choices)
from game.phone.inbound import ChoiceRequest
from game.play.session import Session
from game.rules import events as E
from game.store.autosave import AutoSaver
from game.store.saves import SeatInfo, load_save
from game.ui import scenes
from game.ui.app import App
from game.ui.phone_scenes import PhoneJoinScene, PhoneQuestionScene
from game.ui.phones import HOST_ENV
from game.ui.table.hotseat import PassDeviceScene
from game.ui.table.phones import PhoneAwayScene
from game.ui.table.scene import TableScene
from tests.phone.client import Phone
from tests.rules.helpers import build
from tests.ui.conftest import pump

DT = 1 / 60


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server listens on 127.0.0.1 (nothing is sent to the machine's own address)."""
    monkeypatch.setenv(HOST_ENV, "127.0.0.1")


@pytest.fixture
def closing(app: App) -> Iterator[App]:
    yield app
    app.phones.stop()


def seats(kinds: str) -> list[SeatInfo]:
    """``"KPA"``: a person at the keyboard, one on a phone, an AI."""
    names = ["Zoé", "Ana", "Bob", "Cid"]
    return [SeatInfo(names[i], k != "A", "easy", phone=k == "P") for i, k in enumerate(kinds)]


def table_at(app: App, game: Any, kinds: str, resumed: bool = False,
             saver: AutoSaver | None = None, codes: bool = True) -> TableScene:
    """The table of ``game``; with ``codes`` false, the host closes the phones' codes shown
    over it at once ("Back to the game"), leaving the phones to join later."""
    t = TableScene(app, Session(game, seats(kinds), saver), resumed=resumed)
    app.reset(t)
    pump(app, 0.1)
    if not codes and isinstance(app.top, PhoneJoinScene):
        app.top.on_press("back")
        pump(app, 0.1)
    return t


def secret(app: App, seat: int) -> str:
    invite = app.phones.invite(seat)
    assert invite is not None
    return invite.url.split("#", 1)[1]


def frames(app: App) -> Callable[[], None]:
    return lambda: app.frame(DT)


def with_phones(body: Callable[[aiohttp.ClientSession], Awaitable[None]]) -> None:
    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            await body(http)
    asyncio.run(go())


async def joined(http: aiohttp.ClientSession, app: App, seat: int) -> Phone:
    phone = Phone(http, app.phones.hub)  # type: ignore[arg-type]
    await phone.hello(secret(app, seat))
    await phone.until("welcome", pump=frames(app))
    return phone


async def settle(app: App, seconds: float = 0.3) -> None:
    """Frames for ``seconds`` of real time (the server's thread catches up meanwhile)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        app.frame(DT)
        await asyncio.sleep(0.005)


def one_phone_hand() -> Any:
    """Zoé (phone) holds a Wild and two reds; Ana and Bob (AI) hold no red."""
    return build(["W R7 R8", "B1 B2 Y3 G4 G5", "B6 Y4 G2 G3 B9"], "R5", turn=0,
                 rules={"match": "single_hand"}, draw_top="B3 Y5 G6 B2 Y2 Y9 G9 B5")


# ---------------------------------------------------------------------------- the set-up
def test_the_set_up_opens_a_phone_seat_shows_its_code_and_the_joined_phone_names_it(
        closing: App) -> None:
    app = closing
    app.reset(app.make(scenes.TITLE))
    setup: Any = app.open(scenes.SETUP)
    setup.players = 3
    setup.seats[1].update(human=True, phone=True)
    setup.seats[2].update(human=False)
    setup.relayout()
    pump(app, 0.1)
    assert app.phones.hub is not None and app.phones.hub.seats() == [1]
    setup.start()
    pump(app, 0.1)
    lobby = app.top
    assert isinstance(lobby, PhoneJoinScene)
    card = lobby.test_state()["cards"][0]
    assert card["connection"] == "never" and card["qr"] and card["code"]
    assert card["url"].startswith("http://127.0.0.1:")

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 1)
        await phone.send({"type": "name", "name": "Mamie Jo"})
        await settle(app)
        card = lobby.test_state()["cards"][0]
        assert card["name"] == "Mamie Jo" and "qr" not in card  # joined: no code shown
        assert card["connection"] == "connected"
        assert setup.seats[1]["name"] == "Mamie Jo"
        lobby.on_press("start")  # the host starts the match
        await settle(app)
        table = app.stack.find("table")
        assert isinstance(table, TableScene)
        assert not app.stack.find("phone_join")  # (no codes over it: its phone is in)
        assert table.session.seats[1].phone and table.session.names[1] == "Mamie Jo"
        assert app.phones.hub is not None and app.phones.hub.seats() == [1]
        state = await phone.until("state", pump=frames(app))
        assert state["seat"] == 1
        await phone.close()

    with_phones(body)
    app.reset(app.make(scenes.TITLE))  # leaving the match: nothing wants a phone any more
    pump(app, 0.1)
    assert app.phones.hub is None


def test_a_face_chosen_on_a_phone_at_the_set_up_is_the_seat_s_unless_another_wears_it(
        closing: App) -> None:
    from game.store.profiles import AVATAR_KINDS

    app = closing
    app.reset(app.make(scenes.TITLE))
    setup: Any = app.open(scenes.SETUP)
    setup.players = 2
    setup.seats[1].update(human=True, phone=True)
    setup.relayout()
    pump(app, 0.1)
    worn = [setup.seats[i]["avatar"].kind for i in range(2)]
    new = next(k for k in AVATAR_KINDS if k not in worn)

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 1)
        await phone.send({"type": "face", "face": new})
        await settle(app)
        assert setup.seats[1]["avatar"].kind == new
        await phone.send({"type": "face", "face": worn[0]})  # Zoé's, at the screen
        await settle(app)
        assert setup.seats[1]["avatar"].kind == new and setup.seats[0]["avatar"].kind == worn[0]
        status = app.phones.status(1)
        assert status is not None and status.face == new  # the table's, not the refused one
        await phone.close()

    with_phones(body)


def test_no_server_listens_without_a_phone_seat(closing: App) -> None:
    app = closing
    app.reset(app.make(scenes.TITLE))
    setup: Any = app.open(scenes.SETUP)
    pump(app, 0.1)
    assert app.phones.hub is None
    setup.seats[0]["phone"] = True
    pump(app, 0.1)
    assert app.phones.hub is not None
    setup.seats[0]["phone"] = False
    pump(app, 0.1)
    assert app.phones.hub is None


# ---------------------------------------------------------------------------- playing
def test_C5_C6_C12_a_phone_plays_its_turns_and_the_table_shows_them(closing: App) -> None:
    app = closing
    t = table_at(app, one_phone_hand(), "PAA")
    assert t.viewer is None  # nobody's hand on the big screen

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 0)
        await phone.until("state", pump=frames(app), where=lambda f: f["mine"])
        await settle(app, 0.2)
        assert not isinstance(app.top, PhoneJoinScene)  # closed once the phone was in
        await phone.choose("turn", "play:W")
        state = await phone.until("state", pump=frames(app),
                                  where=lambda f: f["choices"][0]["id"] == "colour")
        option = next(o["id"] for o in state["choices"][0]["options"] if o["colour"] == "R")
        await phone.choose("colour", option)
        await phone.until("state", pump=frames(app), timeout=20,
                          where=lambda f: f["mine"] and len(f["hand"]) == 2)
        await phone.close()

    with_phones(body)
    pump(app, 0.2)
    assert t.phone_table.applied == 2
    assert t.log_lines()[:2] == ["Zoé plays a Wild.", "Zoé names red."]
    assert t.model.hand == [] and t.model.counts[0] == 2


def test_the_table_never_names_a_card_a_phone_player_drew(closing: App) -> None:
    """Ana (phone) draws the B9; Zoé sits at the keyboard: neither the log nor the voice
    names it (the table treats phone seats as hidden, like AI seats)."""
    app = closing
    said: list[str] = []
    narrated: list[object] = []
    app.sound.say = lambda words: said.append(str(words)) or True  # type: ignore[method-assign]
    app.sound.narrate = lambda events: narrated.extend(events)  # type: ignore[method-assign]
    game = build(["R1 R2 G7", "Y1 Y2 G3", "G4 G5 G6"], "B5", turn=1,
                 rules={"match": "single_hand"}, draw_top="R9 Y8")
    t = table_at(app, game, "KPA", codes=False)
    hub = app.phones.hub
    assert hub is not None
    version = t.session.version
    t.phone_table.request(hub, ChoiceRequest(1, version, "turn", "draw", 1, -1))
    pump(app, 0.3)
    drew = [e for e in t.session.recent_events() if isinstance(e, E.CardsDrawn)
            and e.player == 1]
    assert [str(c) for e in drew for c in e.cards] == ["R9"]
    words = " ".join(t.log_lines() + said)
    assert "red 9" not in words and "R9" not in words
    shown = [e for e in narrated if isinstance(e, E.CardsDrawn)]
    assert shown and all(not e.cards for e in shown)
    assert t.model.hand == [] or "R9" not in [str(c) for c in t.model.hand]


def test_a_keyboard_person_among_phones_gets_the_pass_screen_and_the_phones_none(
        closing: App) -> None:
    app = closing
    game = build(["R1 R2 G7", "R3 Y2 G3", "R4 G5 G6"], "R5", turn=1,
                 rules={"match": "single_hand"})
    t = table_at(app, game, "KPP", codes=False)
    hub = app.phones.hub
    assert hub is not None
    assert not isinstance(app.top, PassDeviceScene)  # Ana's turn: on her phone
    t.phone_table.request(hub, ChoiceRequest(1, t.session.version, "turn", "play:R3", 1, -1))
    pump(app, 0.3)
    assert t.session.to_act == 2 and not isinstance(app.top, PassDeviceScene)
    t.phone_table.request(hub, ChoiceRequest(2, t.session.version, "turn", "play:R4", 1, -1))
    pump(app, 0.3)
    assert t.session.to_act == 0
    assert isinstance(app.top, PassDeviceScene) and app.top.player == 0  # Zoé's turn
    app.top.guard = 0
    app.top.on_press("ready")
    pump(app, 0.1)
    assert t.viewer == 0 and [str(c) for c in t.model.hand] == ["R1", "R2", "G7"]
    t.input.choose(t.input.choices().main(), t.input.choices().main().option("play:R1"))
    pump(app, 0.3)
    assert t.viewer is None and t.model.hand == []  # Ana's turn: Zoé's hand is hidden


def keyboard_plays_next_to_last(app: App) -> TableScene:
    """Zoé (keyboard) holds R1 R2 and plays R1 without calling UNO; Ana (phone) is next,
    so the screen turns to nobody's (Zoé's hand hidden) while C-12's window is still open."""
    game = build(["R1 R2", "R3 Y2 G3", "R4 G5 G6"], "R5", turn=0,
                 rules={"match": "single_hand"})
    t = table_at(app, game, "KPP", codes=False)
    assert isinstance(app.top, PassDeviceScene)
    app.top.guard = 0
    app.top.on_press("ready")
    pump(app, 0.1)
    main = t.input.choices().main()
    assert main is not None
    t.input.choose(main, main.option("play:R1"))
    pump(app, 0.5)
    assert t.viewer is None and app.top is t and t.session.to_act == 1
    assert t.session.owes_uno() == (0,)
    return t


def uno_calls(t: TableScene) -> list[int]:
    return [e.player for e in t.session.recent_events() if isinstance(e, E.UnoCalled)]


def test_C12_the_keyboard_s_UNO_while_a_phone_plays_is_the_keyboard_person_s_call(
        closing: App) -> None:
    """U at the keyboard while the screen is nobody's (a phone player's turn) calls for the
    keyboard person who owes it, before the phone's catch: not lost, not the phone's."""
    from game.ui import intents as I

    app = closing
    t = keyboard_plays_next_to_last(app)
    uno = next(c for c in t.controls if c.id == "uno")
    assert uno.visible and uno.enabled and uno.rect.width > 0  # there for Zoé
    t.handle(I.CallUno())
    pump(app, 0.2)
    assert uno_calls(t) == [0] and t.session.owes_uno() == ()
    hub = app.phones.hub
    assert hub is not None
    t.phone_table.request(hub, ChoiceRequest(1, t.session.version, "catch", "catch:0", 1, -1))
    pump(app, 0.3)
    assert t.session.hand_size(0) == 1  # the catch came too late: she called
    t.handle(I.CallUno())  # again, with nobody owing: refused, and nobody's call
    pump(app, 0.2)
    assert uno_calls(t) == [0]


def test_C12_a_phone_catches_a_keyboard_person_who_forgot_uno(closing: App) -> None:
    app = closing
    t = keyboard_plays_next_to_last(app)
    hub = app.phones.hub
    assert hub is not None
    catch = t.session.choices(1).choice("catch")
    assert catch is not None and [o.params.get("player") for o in catch.options] == [0]
    t.phone_table.request(hub, ChoiceRequest(1, t.session.version, "catch",
                                             catch.options[0].id, 1, -1))
    pump(app, 0.3)
    caught = [e for e in t.session.recent_events() if isinstance(e, E.UnoCaught)]
    assert [(e.catcher, e.target) for e in caught] == [(1, 0)]
    assert t.session.hand_size(0) == 3 and uno_calls(t) == []


def test_C12_the_UNO_button_while_a_phone_plays_is_the_keyboard_person_s_call(
        closing: App) -> None:
    app = closing
    t = keyboard_plays_next_to_last(app)
    uno = next(c for c in t.controls if c.id == "uno")
    t.handle(uno.intent)
    pump(app, 0.2)
    assert uno_calls(t) == [0]


def test_C12_a_phone_player_s_owed_UNO_is_never_called_from_the_keyboard(
        closing: App) -> None:
    """Ana (phone) plays her next-to-last card; Bob (phone) is next, Zoé (keyboard) has
    four cards: the keyboard's U calls nobody's UNO, the pass screen offers none, and Ana's
    phone calls her own."""
    from game.ui import intents as I

    app = closing
    game = build(["R1 G2 B3 Y4", "R3 R2", "R4 G5 G6"], "R5", turn=1,
                 rules={"match": "single_hand"})
    t = table_at(app, game, "KPP", codes=False)
    hub = app.phones.hub
    assert hub is not None
    t.phone_table.request(hub, ChoiceRequest(1, t.session.version, "turn", "play:R3", 1, -1))
    pump(app, 0.3)
    assert t.session.owes_uno() == (1,) and t.session.to_act == 2 and t.viewer is None
    t.handle(I.CallUno())
    pump(app, 0.2)
    assert uno_calls(t) == [] and t.session.owes_uno() == (1,)
    t.phone_table.request(hub, ChoiceRequest(2, t.session.version, "turn", "play:R4", 1, -1))
    pump(app, 0.3)
    assert isinstance(app.top, PassDeviceScene) and app.top.player == 0
    app.top.handle(I.CallUno())  # Zoé's pass screen: Ana's call is not the keyboard's
    pump(app, 0.2)
    assert uno_calls(t) == [] and not any(c.id.startswith("uno")
                                           for c in app.top.controls)


def test_C12_a_keyboard_person_s_UNO_on_the_pass_screen_among_phones(closing: App) -> None:
    """Zoé and Ana share the keyboard, Bob is on a phone: Zoé plays her next-to-last card,
    and while the pass screen waits for Ana her U calls hers, not Ana's."""
    from game.ui import intents as I

    app = closing
    game = build(["R1 R2", "Y3 Y2", "B4 G5 G6"], "R5", turn=0,
                 rules={"match": "single_hand"})
    t = table_at(app, game, "KKP", codes=False)
    assert isinstance(app.top, PassDeviceScene)
    app.top.guard = 0
    app.top.on_press("ready")
    pump(app, 0.1)
    main = t.input.choices().main()
    assert main is not None
    t.input.choose(main, main.option("play:R1"))
    pump(app, 0.5)
    passing = app.top
    assert isinstance(passing, PassDeviceScene) and passing.player == 1
    assert t.session.owes_uno() == (0,)
    passing.handle(I.CallUno())
    pump(app, 0.2)
    assert uno_calls(t) == [0] and t.session.owes_uno() == ()
    assert app.top is passing and t.viewer != 1  # Ana's hand still hidden


# ----------------------------------------------------------------------------
def roboto_duel(app: App, kinds: str, named: tuple[int, int], mode: str = "family"
                ) -> TableScene:
    """A Roboto table: Zoé (seat 0) is to play her blue 5, and Roboto then calls a duel of
    ``named``; Bob (seat 2) is named to continue."""
    from game.editions.roboto.rules import Interrupt

    game = build(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "B9", ed="roboto",
                 rules={"match": "single_hand"})
    game.unit.script = [Interrupt("duel", named, None, 2)]
    t = table_at(app, game, kinds, codes=False)
    t.session.race_mode = mode
    return t


async def race_shown(app: App) -> None:
    """Frames until the table shows a race raced on the phones (its clock starts then)."""
    from game.editions.roboto.table.races import SharedRaceScene

    for _ in range(2000):
        app.frame(DT)
        if isinstance(app.top, SharedRaceScene):
            return
        await asyncio.sleep(0.002)
    raise AssertionError(f"no race shown; top is {app.top and app.top.name}")


def still(app: App) -> Callable[[], None]:
    """A frame on which no time passes (a tap is taken when the table's clock says, not
    when the machine gets to it)."""
    return lambda: app.frame(0.0)


@pytest.mark.parametrize("named", [(0, 1), (1, 0)], ids=["she_reports", "the_ai_reports"])
def test_R10_a_duel_in_the_window_is_raced_on_the_phone_on_the_table_s_clock(
        closing: App, named: tuple[int, int]) -> None:
    """The phone shows the duel's task and one button (never the report's orders); the
    table shows the same race in Roboto's dialog, whoever reports it; she presses before
    the AI's time on the table's clock and wins: Ana draws two, and the dialog closes."""
    from game.editions.roboto.table.races import SharedRaceScene
    from game.phone.race import instruction

    app = closing
    t = roboto_duel(app, "PAA", named)
    races: list[dict[str, Any]] = []

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 0)
        await phone.until("state", pump=frames(app), where=lambda f: f["mine"])
        await phone.choose("turn", "play:B5")
        await race_shown(app)
        state = await phone.until("state", pump=still(app), where=lambda f:
                                  f["choices"][:1] and f["choices"][0]["id"] == "race")
        race = t.phone_table.race
        assert race is not None and race.phones == {0} and race.reporter == named[0]
        top = app.top
        assert isinstance(top, SharedRaceScene) and top.race is race
        assert top.test_state()["instruction"] == instruction(t.session, "duel")[0]
        choice = state["choices"][0]
        assert [o["id"] for o in choice["options"]] == ["done"]
        assert 0 < choice["deadline"] <= race.ai[1]
        ahead = race.clock
        await phone.choose("race", "done")
        ack = await phone.until("ack", pump=still(app))
        assert ack["ok"], ack
        assert race.clock == ahead and race.order() == (0,)  # timed when the table took it
        await phone.until("state", pump=frames(app), timeout=20, where=lambda f: not any(
            c["id"] == "race" for c in f["choices"]))
        races.extend(c for f in phone.frames if f["type"] == "state"
                     for c in f["choices"] if c["id"] == "race")
        await phone.close()

    with_phones(body)
    pump(app, 0.5)
    assert races and all(o["id"] == "done" for c in races for o in c["options"])
    ended = [e for e in t.session.recent_events() if isinstance(e, E.RaceEnded)]
    assert [(e.order, e.loser) for e in ended] == [((0, 1), 1)]
    assert not any(isinstance(sc, SharedRaceScene) for sc in app.stack.scenes)
    assert t.phone_table.race is None


def test_R10_a_keyboard_racer_and_a_phone_racer_race_in_the_same_reaction_race(
        closing: App) -> None:
    """Zoé (keyboard) reports and races at the table's dialog, Ana on her phone: Zoé
    presses before the flash (a false start: very last), Ana after it; the table reports
    (Ana, Zoé), and Zoé draws two."""
    from game.editions.roboto.table.races import SharedRaceScene

    app = closing
    t = roboto_duel(app, "KPA", (0, 1), mode="reaction")
    hub = app.phones.hub
    assert hub is not None

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 1)
        await settle(app)
        passing = app.top
        assert isinstance(passing, PassDeviceScene) and passing.player == 0
        passing.guard = 0
        passing.on_press("ready")
        await settle(app, 0.1)
        main = t.input.choices().main()
        assert main is not None
        t.input.choose(main, main.option("play:B5"))
        await race_shown(app)
        await phone.until("state", pump=still(app), where=lambda f:
                          f["choices"][:1] and f["choices"][0]["id"] == "race")
        top, race = app.top, t.phone_table.race
        assert isinstance(top, SharedRaceScene) and race is not None and top.race is race
        assert race.phones == {1} and race.people == {0} and race.flash_at is not None
        assert race.clock < race.flash_at
        state = top.test_state()
        assert state["phones"] == [1] and state["people"] == [0] and not state["flashed"]
        top.on_press("choice0")  # Zoé jumps the gun
        assert race.false_starts == [0]
        while not race.flashed:
            app.frame(DT)
        await phone.choose("race", "done")
        assert (await phone.until("ack", pump=still(app)))["ok"]
        await phone.until("state", pump=frames(app), timeout=20, where=lambda f: not any(
            c["id"] == "race" for c in f["choices"]))
        await phone.close()

    with_phones(body)
    ended = [e for e in t.session.recent_events() if isinstance(e, E.RaceEnded)]
    assert [(e.order, e.loser) for e in ended] == [((1, 0), 0)]
    assert not any(isinstance(sc, SharedRaceScene) for sc in app.stack.scenes)


# ---------------------------------------------------------------------------- drops
def test_a_phone_closed_mid_turn_rejoins_with_its_link_and_nothing_is_lost_or_doubled(
        closing: App) -> None:
    app = closing
    t = table_at(app, one_phone_hand(), "PAA")

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 0)
        state = await phone.until("state", pump=frames(app), where=lambda f: f["mine"])
        await phone.close()
        await settle(app)
        assert app.phones.connection(0) == "away"
        assert t.phone_table.waiting == 0
        again = Phone(http, app.phones.hub, device=phone.device)  # type: ignore[arg-type]
        await again.hello(secret(app, 0))
        back = await again.until("state", pump=frames(app), where=lambda f: f["mine"])
        assert back["version"] == state["version"] and back["hand"] == state["hand"]
        assert app.phones.connection(0) == "connected" and t.phone_table.waiting is None
        seq = await again.choose("turn", "play:R7")
        await again.choose("turn", "play:R7", version=back["version"], seq=seq)  # resent
        await settle(app)
        await again.close()

    with_phones(body)
    plays = [e for e in t.session.recent_events() if isinstance(e, E.CardPlayed)
             and e.player == 0]
    assert [str(e.card) for e in plays] == ["R7"]


async def away_offer(app: App, t: TableScene) -> PhoneAwayScene:
    """Frames of half a second until the table offers what to do about the gone phone."""
    for _ in range(40):
        app.frame(0.5)
        await asyncio.sleep(0.01)
        if isinstance(app.top, PhoneAwayScene):
            return app.top
    raise AssertionError(f"no offer; top is {app.top and app.top.name}")


def test_a_turn_waiting_on_a_gone_phone_offers_to_wait_to_let_the_computer_play_or_to_take_the_keyboard(  # noqa: E501
        closing: App) -> None:
    app = closing
    app.settings.phone_wait = 5
    game = build(["R1 R2 G7 Y5", "B1 B2 Y3 G4 G5", "B6 Y4 G2 G3 B9"], "R5", turn=0,
                 rules={"match": "single_hand"}, draw_top="B3 Y5 G6 B2 Y2 Y9 G9 B5 R3")
    t = table_at(app, game, "PAA")

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 0)
        await phone.until("state", pump=frames(app), where=lambda f: f["mine"])
        await phone.close()
        await settle(app)
        assert t.phone_table.waiting == 0
        caption = t.phone_table.captions()[0]  # the phones are told too
        assert (caption.msgid, dict(caption.params)) == ("Waiting for {player}'s phone…",
                                                         {"player": 0})
        # 1. keep waiting: the offer goes, and comes back after another delay
        offer = await away_offer(app, t)
        assert [c.id for c in offer.controls] == ["wait", "computer", "keyboard"]
        assert offer.test_state()["card"]["qr"]  # the seat's code, to join again
        offer.on_press("wait")
        assert not isinstance(app.top, PhoneAwayScene)
        offer = await away_offer(app, t)
        # 2. the computer plays this turn for Zoé (her bot, on the table's runner)
        version = t.session.version
        offer.on_press("computer")
        for _ in range(200):
            app.frame(DT)
            await asyncio.sleep(0.005)
            if t.session.to_act != 0:
                break
        assert t.session.to_act != 0 and t.session.version > version
        app.frame(DT)
        assert t.phone_table.computer is None  # one turn only
        assert t.session.seats[0].phone
        # 3. Zoé's next turn: still gone; she takes her seat at the keyboard
        for _ in range(400):
            app.frame(DT)
            await asyncio.sleep(0.002)
            if t.session.to_act == 0 and not t.session.over:
                break
        offer = await away_offer(app, t)
        offer.on_press("keyboard")
        await settle(app)

    with_phones(body)
    assert not t.session.seats[0].phone
    assert t.viewer == 0 and t.model.hand  # her hand, at the keyboard
    assert app.phones.hub is None  # no phone seat left: the server stopped


def test_a_resumed_match_gives_its_phones_new_links_and_its_save_keeps_no_secret(
        closing: App, dirs: Path) -> None:
    app = closing
    path = dirs / "data" / "match.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    saver = AutoSaver(path)
    t = table_at(app, one_phone_hand(), "PAA", saver=saver)
    old = app.phones.invite(0)
    assert old is not None
    t.session.save()
    saver.close()
    saved = path.read_text("utf-8")
    assert secret(app, 0) not in saved and old.code not in saved
    assert json.loads(saved)["seats"][0]["phone"] is True
    match = load_save(path)
    resumed = TableScene(app, Session(match.replay(), match.seats), resumed=True)
    app.reset(resumed)
    pump(app, 0.1)
    new = app.phones.invite(0)
    assert new is not None and new.url != old.url and new.code != old.code
    assert isinstance(app.top, PhoneJoinScene)  # its phones join again, from the codes

    async def body(http: aiohttp.ClientSession) -> None:
        stale = Phone(http, app.phones.hub)  # type: ignore[arg-type]
        await stale.hello(old.url.split("#", 1)[1])
        await settle(app)
        assert await stale.closed() is not None  # the old link opens nothing
        assert not [f for f in stale.frames if f["type"] == "state"]
        assert app.phones.connection(0) == "never"

    with_phones(body)


def test_play_again_keeps_the_phones_joined(closing: App) -> None:
    from game.ui.table.match_end import MatchEndScene

    app = closing
    t = table_at(app, one_phone_hand(), "PAA")
    link = app.phones.invite(0)

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 0)
        await settle(app)
        end = MatchEndScene(app, t, E.MatchEnded((0,)))
        app.push(end)
        end.on_press("again")
        await settle(app)
        again = app.top
        assert isinstance(again, TableScene) and again is not t
        assert app.phones.invite(0) == link and app.phones.connection(0) == "connected"
        state = await phone.until("state", pump=frames(app),
                                  where=lambda f: f["version"] == 0 or f["mine"])
        assert state["seat"] == 0
        await phone.close()

    with_phones(body)


def test_a_name_typed_on_a_phone_mid_match_is_the_seat_s_at_the_table_and_on_the_phones(
        closing: App) -> None:
    app = closing
    t = table_at(app, one_phone_hand(), "PAA")

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 0)
        await settle(app)
        await phone.send({"type": "name", "name": "  Mamie Jo "})
        state = await phone.until("state", pump=frames(app), where=lambda f: any(
            p["me"] and p["name"] == "Mamie Jo" for p in f["players"]))
        assert state["seat"] == 0
        assert t.session.names[0] == "Mamie Jo" and t.test_state()["names"][0] == "Mamie Jo"
        await phone.close()

    with_phones(body)
    assert t.session.names[1:] == ["Ana", "Bob"]


def test_a_face_chosen_on_a_phone_mid_match_is_the_seat_s_at_the_table_and_on_the_phones(
        closing: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Zoé (phone) takes a face no one wears: her plate, every phone and her profile (so a
    resumed match and the saved matches' list) show it; Ana's phone then asks for that very
    face and is refused (told her own), and nothing changes."""
    import game.ui.table.draw as table_draw
    from game.store.profile_store import ProfileStore
    from game.store.profiles import AVATAR_KINDS
    from game.ui import family

    app = closing
    t = table_at(app, one_phone_hand(), "PPA")
    ids = t.session.player_ids
    before = [a.kind for a in family.faces(app, ids)]
    new = next(k for k in AVATAR_KINDS if k not in before)
    drawn: list[str] = []
    real_draw_avatar = table_draw.draw_avatar

    def spy(surface: Any, avatar: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(avatar.kind)
        return real_draw_avatar(surface, avatar, *args, **kwargs)

    monkeypatch.setattr(table_draw, "draw_avatar", spy)

    def face_of(state: dict[str, Any], seat: int) -> str:
        return str(next(p["face"] for p in state["players"] if p["seat"] == seat))

    async def body(http: aiohttp.ClientSession) -> None:
        zoe = await joined(http, app, 0)
        ana = await joined(http, app, 1)
        await settle(app)
        await zoe.send({"type": "face", "face": new})
        state = await ana.until("state", pump=frames(app),
                                where=lambda f: face_of(f, 0) == new)
        assert face_of(state, 1) == before[1]
        await zoe.until("state", pump=frames(app), where=lambda f: any(
            p["me"] and p["face"] == new for p in f["players"]))
        # Ana asks for the face Zoé now wears: refused, her phone is told her own again
        await ana.send({"type": "face", "face": new})
        state = await ana.until("state", pump=frames(app), where=lambda f: any(
            p["me"] and p["face"] == before[1] for p in f["players"]))
        assert face_of(state, 0) == new
        await zoe.close()
        await ana.close()

    with_phones(body)
    assert [a.kind for a in family.faces(app, ids)] == [new, *before[1:]]
    status = app.phones.status(1)
    assert status is not None and status.face == before[1]
    drawn.clear()
    app.dirty = True
    app.frame(DT)
    assert new in drawn and before[0] not in drawn  # Zoé's plate wears the new face
    stored = ProfileStore().get(ids[0])  # written: the next run reads it
    assert stored is not None and stored.avatar.kind == new
    assert t.session.names == ["Zoé", "Ana", "Bob"]


def test_a_typed_code_and_a_second_device_wait_for_the_host(closing: App) -> None:
    app = closing
    table_at(app, one_phone_hand(), "PAA")

    async def body(http: aiohttp.ClientSession) -> None:
        invite = app.phones.invite(0)
        assert invite is not None
        typed = Phone(http, app.phones.hub)  # type: ignore[arg-type]
        await typed.join(invite.code)
        for _ in range(100):
            await settle(app, 0.05)
            if isinstance(app.top, PhoneQuestionScene):
                break
        question = app.top
        assert isinstance(question, PhoneQuestionScene) and question.kind == "join"
        question.on_press("yes")
        await typed.until("state", pump=frames(app))
        assert app.phones.connection(0) == "connected"
        second = Phone(http, app.phones.hub)  # type: ignore[arg-type]
        await second.hello(secret(app, 0))
        for _ in range(100):
            await settle(app, 0.05)
            if isinstance(app.top, PhoneQuestionScene):
                break
        question = app.top
        assert isinstance(question, PhoneQuestionScene) and question.kind == "takeover"
        question.on_press("no")  # the first device keeps the seat
        await settle(app)
        assert not app.phones.status(0).takeover  # type: ignore[union-attr]
        await typed.close()
        await second.close()

    with_phones(body)


def test_the_pause_menu_shows_the_phones_codes_again(closing: App) -> None:
    """A phone that must join again (its tab closed) gets its code from the pause menu,
    and the codes stay until the host closes them, every phone in or not."""
    app = closing
    t = table_at(app, one_phone_hand(), "PAA", codes=False)
    app.open(scenes.PAUSE, t)
    pump(app, 0.1)
    pause: Any = app.top
    assert "phones" in [c.id for c in pause.controls]
    pause.on_press("phones")
    pump(app, 0.1)
    assert isinstance(app.top, PhoneJoinScene)
    assert app.top.test_state()["cards"][0]["qr"]

    async def body(http: aiohttp.ClientSession) -> None:
        phone = await joined(http, app, 0)
        await settle(app)
        assert not isinstance(app.top, PhoneJoinScene)  # closed once the phone is in
        app.open(scenes.PAUSE, t)
        pump(app, 0.1)
        app.top.on_press("phones")  # type: ignore[union-attr]
        await settle(app)
        assert isinstance(app.top, PhoneJoinScene)  # opened by the host: it stays
        await phone.close()

    with_phones(body)


def test_the_pause_menu_of_a_table_without_phones_has_no_codes(app: App) -> None:
    t = table_at(app, one_phone_hand(), "KAA")
    app.open(scenes.PAUSE, t)
    pump(app, 0.1)
    assert "phones" not in [c.id for c in app.top.controls]  # type: ignore[union-attr]
    assert app.phones.hub is None


def test_a_computer_on_no_home_network_is_told_the_phones_cannot_reach_it(
        closing: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.phone.net

    monkeypatch.delenv(HOST_ENV)
    monkeypatch.setattr(game.phone.net, "lan_address", lambda: None)
    app = closing
    table_at(app, one_phone_hand(), "PAA")
    join = app.top
    assert isinstance(join, PhoneJoinScene)
    assert join.test_state()["no_network"]
    assert app.phones.hub is not None and app.phones.hub.host == "127.0.0.1"
