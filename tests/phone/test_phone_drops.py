"""Issue 33, item 6: a phone that drops while its seat owes a decision — for every kind of
decision a phone seat can owe — gets a clear recovery: never a traceback, a stuck turn or a
lost or doubled move.

The decision kinds are not listed here: :func:`decision_positions` plays random legal games
of every edition, with every house rule that fits it on, and keeps the first position where
seat 0 owes each kind; the test checks it found every kind the engine declares (but the
match's end, which owes nothing). For each kind:

- on the reference main loop (:class:`game.phone.headless.HeadlessTable`, no window), the
  phone's socket is cut while the decision is pending (as a dropped network would); the
  same link joins again and is offered the same choices at the same version; its answer
  (sent twice, as a page resends after a lost acknowledgement) is applied once;
- at the table (SDL's dummy driver), the phone stays away: the table's offer comes after
  the host's delay; "keep waiting" changes nothing and the offer comes back; "let the
  computer play" resolves the decision; "take the seat at the keyboard" puts the seat and
  its pending decision at the keyboard.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import aiohttp
import pygame
import pytest

import game.play  # noqa: F401  (the editions' choices)
from game import i18n
from game.phone.headless import HeadlessTable
from game.phone.hub import PhoneHub
from game.phone.race import RACE, PhoneRace
from game.play.session import Session
from game.rules.decisions import Decision
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.ruleset import EDITIONS, MatchKind, edition
from game.setup.house_rules import house_rules
from game.store.saves import SeatInfo
from game.store.settings import Settings
from game.ui.app import App
from game.ui.phone_scenes import PhoneJoinScene
from game.ui.phones import HOST_ENV
from game.ui.table.phones import PhoneAwayScene
from game.ui.table.scene import TableScene
from tests.phone.client import Phone
from tests.phone.test_hub import secret_of
from tests.ui.conftest import pump

NAMES = ("Zoé", "Ana", "Bob", "Cid")
#: Decisions no seat can be left owing while a match is on.
NOT_OWED = frozenset({Decision.OVER})


@cache
def decision_positions() -> dict[str, tuple[str, int, Game]]:
    """For each decision kind, (edition, seed, position) of the first time seat 0 owes it
    in random legal four-player games of every edition, with every house rule that fits
    the edition on (one hand each)."""
    found: dict[str, tuple[str, int, Game]] = {}
    for name in sorted(EDITIONS):
        rs = edition(name)
        for face in house_rules():
            rs = face.turned(rs, True)
        rs = rs.with_options(match=MatchKind.SINGLE_HAND)
        for seed in range(40):
            g = new_game(rs, 4, seed)
            rng = random.Random(seed)
            for _ in range(600):
                if g.over:
                    break
                if g.to_act == 0 and g.decision.value not in found:
                    found[g.decision.value] = (name, seed, g.clone())
                g.apply(rng.choice(g.legal_actions(g.to_act)))
    return found


KINDS = sorted(d.value for d in Decision if d not in NOT_OWED)


def test_every_decision_a_seat_can_owe_is_reached_by_the_simulated_games() -> None:
    assert sorted(decision_positions()) == KINDS


def position(kind: str) -> Game:
    """A fresh copy of the position where seat 0 owes ``kind``."""
    _name, _seed, g = decision_positions()[kind]
    copy = g.clone()
    assert copy.to_act == 0 and copy.decision.value == kind
    return copy


class StillClock:
    """The loop's clock, standing still: AI seats wait, no clock runs out."""

    def __call__(self) -> float:
        return 100.0


def main_choice(frame: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in frame["choices"] if c["slot"] == "main")


def offer(frame: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(c["id"], [o["id"] for o in c["options"]]) for c in frame["choices"]]


# ---------------------------------------------------------------------------- the socket
@pytest.mark.parametrize("kind", KINDS)
def test_a_phone_cut_off_while_it_owes_a_decision_rejoins_to_the_same_choice_and_answers_once(
        make_hub: Callable[..., PhoneHub], server_errors: list[logging.LogRecord],
        kind: str) -> None:
    hub = make_hub()
    seats = [SeatInfo(NAMES[i], i == 0, "heuristic", phone=i == 0) for i in range(4)]
    session = Session(position(kind), seats)
    hub.open_seat(0)
    table = HeadlessTable.with_bots(session, hub, clock=StillClock(), ai_delay=60.0,
                                    catch_grace=60.0)

    async def body(http: aiohttp.ClientSession) -> None:
        phone = Phone(http, hub)
        await phone.hello(secret_of(hub, 0))
        before = await phone.until("state", pump=table.frame, where=lambda f: any(
            c["slot"] == "main" for c in f["choices"]) and f["version"] == session.version)
        assert before["mine"]
        version = session.version
        hub.drop_connection(0)
        assert await phone.closed() is not None
        for _ in range(200):
            table.frame()
            await asyncio.sleep(0.002)
            status = hub.status(0)
            if status is not None and status.connection == "away":
                break
        assert hub.status(0).connection == "away"  # type: ignore[union-attr]
        for _ in range(20):  # the table waits on the phone: nothing is played for it
            table.frame()
        assert session.version == version and session.to_act == 0
        assert session.decision.value == kind and not table.phone_actions

        again = Phone(http, hub, device=phone.device)
        await again.hello(secret_of(hub, 0))
        back = await again.until("state", pump=table.frame)
        assert back["version"] == version
        assert offer(back) == offer(before)
        assert back["hand"] == before["hand"]

        choice = main_choice(back)
        option = choice["options"][0]["id"]
        seq = await again.choose(choice["id"], option, version=version)
        ack = await again.until("ack", pump=table.frame, where=lambda f: f["seq"] == seq)
        assert ack["ok"], (ack, back["choices"])
        await again.choose(choice["id"], option, version=version, seq=seq)  # resent
        resent = await again.until("ack", pump=table.frame, where=lambda f: f["seq"] == seq)
        assert resent["ok"], (resent["clause"], resent["message"])
        for _ in range(5):
            table.frame()
        if choice["id"] == RACE:  # a press in the race, timed on the table's clock
            race = table.race
            assert race is not None and race.order().count(0) == 1
        else:
            assert len(table.phone_actions) == 1 and session.version > version
            if not any(f["type"] == "state" and f["version"] > version for f in again.frames):
                await again.until("state", pump=table.frame,
                                  where=lambda f: f["version"] > version)
        await again.close()

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            await body(http)

    asyncio.run(go())


# ---------------------------------------------------------------------------- the table
DT = 1 / 60


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The front end on SDL's dummy driver, in temporary folders, animations off, the
    voice silent, the phones' server on 127.0.0.1 (as the front end's tests have it)."""
    monkeypatch.setenv("UNO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("UNO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv(HOST_ENV, "127.0.0.1")
    i18n.set_language("en")
    a = App(Settings(narration="off", animation_speed=0.0), size=(1280, 720),
            settings_path=tmp_path / "config" / "settings.toml")
    yield a
    a.phones.stop()
    a.close()
    pygame.display.quit()


async def frames_until(app: App, done: Callable[[], bool], dt: float = DT,
                       limit: int = 600) -> None:
    """Frames of ``dt`` until ``done()`` (the bot worker and the server's thread run in
    real time meanwhile)."""
    for _ in range(limit):
        app.frame(dt)
        await asyncio.sleep(0.002)
        if done():
            return
    raise AssertionError(f"not reached; top is {app.top and app.top.name}")


def table_owing(app: App, kind: str) -> TableScene:
    """The table of the position where Zoé (seat 0, on a phone) owes ``kind``, the
    others AIs; the host's delay before the offer is 5 seconds."""
    app.settings.phone_wait = 5
    seats = [SeatInfo(NAMES[i], i == 0, "easy", phone=i == 0) for i in range(4)]
    t = TableScene(app, Session(position(kind), seats))
    app.reset(t)
    pump(app, 0.1)
    if isinstance(app.top, PhoneJoinScene):
        app.top.on_press("back")  # the phone joins over the table
        pump(app, 0.1)
    return t


async def joined_then_gone(http: aiohttp.ClientSession, app: App) -> None:
    """Zoé's phone joins, gets its state, and goes."""
    hub = app.phones.hub
    assert hub is not None
    phone = Phone(http, hub)
    await phone.hello(secret_of(hub, 0))
    await phone.until("state", pump=lambda: app.frame(DT), where=lambda f: f["mine"])
    await phone.close()
    await frames_until(app, lambda: app.phones.connection(0) == "away")


@pytest.mark.parametrize("answer", ["computer", "keyboard"])
@pytest.mark.parametrize("kind", [k for k in KINDS if k != "race"])
def test_with_its_phone_gone_a_pending_decision_is_resolved_by_the_table_s_offer(
        app: App, server_errors: list[logging.LogRecord], kind: str, answer: str) -> None:
    """Zoé (seat 0, on a phone) owes ``kind``; her phone joined, then went. After the
    host's delay the table offers what to do: keep waiting changes nothing and the offer
    comes back after another delay; then the computer plays for her (the decision is
    answered, she stays on her phone) or she takes her seat at the keyboard (the same
    decision, now hers at the screen)."""
    t = table_owing(app, kind)
    session = t.session
    version = session.version

    def offered() -> bool:
        return isinstance(app.top, PhoneAwayScene)

    async def body(http: aiohttp.ClientSession) -> None:
        await joined_then_gone(http, app)
        await frames_until(app, offered, dt=0.5)
        offer = app.top
        assert isinstance(offer, PhoneAwayScene) and offer.seat == 0
        offer.on_press("wait")
        assert not offered()
        assert session.version == version and session.decision.value == kind
        await frames_until(app, offered, dt=0.5)  # again, after another delay
        assert session.version == version and session.to_act == 0
        offer = app.top
        assert isinstance(offer, PhoneAwayScene)
        offer.on_press(answer)
        if answer == "computer":
            await frames_until(app, lambda: session.version > version)
            assert session.seats[0].phone
        else:
            await frames_until(app, lambda: not offered())
            for _ in range(10):
                app.frame(DT)
            assert not session.seats[0].phone
            assert session.version == version and session.to_act == 0
            assert session.decision.value == kind
            assert t.phone_table.waiting is None
            assert t.viewer == 0 and t.model.hand  # her hand, at the screen
            assert app.phones.hub is None  # no phone seat left: the server stopped

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            await body(http)

    asyncio.run(go())


def test_R10_a_race_owed_while_the_phone_is_gone_is_raced_at_the_keyboard(
        app: App, server_errors: list[logging.LogRecord]) -> None:
    """A race cannot wait the host's delay: with Zoé's phone gone, the table's own race
    dialog opens (a person whose phone is gone races at the keyboard), no offer comes over
    it, and pressing there settles the race."""
    t = table_owing(app, "race")
    session = t.session
    version = session.version

    async def body(http: aiohttp.ClientSession) -> None:
        await joined_then_gone(http, app)
        await frames_until(app, lambda: getattr(app.top, "name", "") == "race")
        for _ in range(30):
            app.frame(0.5)  # past the host's delay: no offer over a race
        assert not any(isinstance(sc, PhoneAwayScene) for sc in app.stack.scenes)
        assert session.version == version  # the race waits for Zoé
        dialog: Any = app.top
        people = [i for i, p in enumerate(dialog.racers) if session.is_human(p)]
        assert people
        for i in people:
            assert next(c for c in dialog.controls if c.id == f"choice{i}").enabled
            dialog.on_press(f"choice{i}")
        await frames_until(app, lambda: session.version > version)
        assert session.seats[0].phone

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            await body(http)

    asyncio.run(go())


def test_R10_a_racer_whose_phone_goes_races_at_the_keyboard_until_it_comes_back() -> None:
    race = PhoneRace(version=1, reporter=1, racers=(0, 1, 2), phones=frozenset({0, 2}),
                     kind="duel", label="", params={}, ai={1: 5.0})
    assert race.follow([0, 2], connected=[2])
    assert (race.phones, race.people) == ({2}, {0})
    assert not race.follow([0, 2], connected=[2])  # nothing new
    assert race.choice(0) is None and race.choice(2) is not None
    assert race.follow([0, 2], connected=[0, 2])  # her phone is back: she races on it
    assert (race.phones, race.people) == ({0, 2}, frozenset())
    assert race.press(0)
    assert not race.follow([0, 2], connected=[2])  # finished: nothing moves
    assert race.order() == (0,) and race.phones == {0, 2}
