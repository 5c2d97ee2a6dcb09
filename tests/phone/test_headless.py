"""The reference main loop (game.phone.headless): the table's clock decides T-12's turn
timer — the phone's state carries the seconds left, and when they run out the clock's own
action is applied — and Roboto's races raced on a phone (R-10); AI seats give a person time
to call UNO before catching them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

import game.play  # noqa: F401  (the editions' choices)
from game.editions.roboto.rules import Interrupt
from game.phone.headless import HeadlessTable
from game.phone.hub import PhoneHub
from game.phone.race import instruction
from game.phone.state import seat_state
from game.play.session import Session
from game.rules import events as E
from game.rules.decisions import Decision
from game.rules.editions import new_game
from game.rules.ruleset import MatchKind, edition
from game.store.saves import SeatInfo
from tests.phone.client import Phone
from tests.phone.test_hub import secret_of
from tests.rules.helpers import build


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_T12_the_table_s_clock_runs_the_phone_s_turn_timer(
        make_hub: Callable[..., PhoneHub]) -> None:
    rs = edition("triple").with_options(timer=True, timer_seconds=7, match=MatchKind.SINGLE_HAND)
    seats = [SeatInfo(n, human=n == "Zoé", level="heuristic") for n in ("Zoé", "Ana", "Bob")]
    s = Session(new_game(rs, 3, 3), seats)
    hub = make_hub()
    hub.open_seat(0)
    clock = Clock()
    table = HeadlessTable.with_bots(s, hub, clock=clock)
    for _ in range(200):  # the AIs play until it is Zoé's turn
        if s.to_act == 0:
            break
        table.frame()
    assert s.to_act == 0
    version = s.version
    deadlines, _ = table._clocks()
    assert deadlines == {s.choices(0).choices[0].id: 7.0}
    state = seat_state(s, 0, deadlines)
    assert state.choices.choices[0].deadline == 7.0
    clock.now += 3
    assert table._clocks()[0] == {state.choices.choices[0].id: 4.0}
    assert s.version == version
    clock.now += 4.5
    table.frame()
    assert s.version > version
    assert any(isinstance(e, E.TimeRanOut) and e.player == 0 for e in table.events)


def test_C12_an_ai_waits_before_catching_a_person_who_has_not_called_uno(
        make_hub: Callable[..., PhoneHub]) -> None:
    game = build(["R7 R8", "B1 B2 Y3 G4 G5", "B6 Y4 G2 G3 B9"], "R5", turn=0,
                 rules={"match": "single_hand"})
    s = Session(game, [SeatInfo("Zoé", True), SeatInfo("Ana", False, "heuristic"),
                       SeatInfo("Bob", False, "heuristic")])
    hub = make_hub()
    clock = Clock()
    table = HeadlessTable.with_bots(s, hub, clock=clock, catch_grace=1.5, ai_delay=10.0)
    table._note(s.act(s.choices(0).action("turn", "play:R7")))  # type: ignore[arg-type]
    assert s.owes_uno() == (0,)
    table.frame()
    clock.now += 1.0
    table.frame()
    assert s.owes_uno() == (0,)  # still her window
    clock.now += 1.0
    for _ in range(3):
        table.frame()
    # the window is over: the heuristic AI (who always catches) catches her
    assert [(e.catcher, e.target) for e in table.events if isinstance(e, E.UnoCaught)] == [
        (1, 0)]


# ---------------------------------------------------------------------------- R-10 on phones
def roboto_race(hub: PhoneHub, named: tuple[int, ...], mode: str = "family"
                ) -> tuple[Session, HeadlessTable, Clock]:
    """Zoé (seat 0, on a phone) plays her blue 5 and Roboto calls a duel of ``named``
    against Ana (seat 1, AI); Bob (seat 2, AI) is named to continue."""
    game = build(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "B9", ed="roboto",
                 rules={"match": "single_hand"})
    game.unit.script = [Interrupt("duel", named, None, 2)]  # type: ignore[attr-defined]
    s = Session(game, [SeatInfo("Zoé", True), SeatInfo("Ana", False, "heuristic"),
                       SeatInfo("Bob", False, "heuristic")])
    s.race_mode = mode
    hub.open_seat(0)
    clock = Clock()
    table = HeadlessTable.with_bots(s, hub, clock=clock)
    table._note(s.act(s.choices(0).action("turn", "play:B5")))  # type: ignore[arg-type]
    assert s.decision is Decision.RACE and s.to_act == named[0]
    return s, table, clock


def race_frames(phone: Phone) -> list[dict[str, Any]]:
    return [c for f in phone.frames if f["type"] == "state" for c in f["choices"]
            if c["id"] == "race"]


@pytest.mark.parametrize("named", [(0, 1), (1, 0)], ids=["she_reports", "the_ai_reports"])
def test_R10_a_person_wins_roboto_s_duel_from_her_phone(
        make_hub: Callable[..., PhoneHub], named: tuple[int, int]) -> None:
    """The phone shows the duel's task, one big button and the seconds before the AI
    finishes (the table's clock); she presses first and wins: Ana draws two. Whoever
    reports, the report is the race's, never a button on the phone, and the AI reporter
    waits for the race."""
    hub = make_hub()
    s, table, clock = roboto_race(hub, named)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.hello(secret_of(hub, 0))
            state = await phone.until("state", pump=table.frame,
                                      where=lambda f: f["choices"][:1] and
                                      f["choices"][0]["id"] == "race")
            race = table.race
            assert race is not None and race.phones == {0}
            task, _ = instruction(s, "duel")
            choice = state["choices"][0]
            assert choice["slot"] == "main" and choice["label"] == task
            assert [(o["id"], o["label"]) for o in choice["options"]] == [("done", "I am done!")]
            assert choice["deadline"] == pytest.approx(race.ai[1], abs=1e-3)
            clock.now += race.ai[1] / 2
            await phone.choose("race", "done")
            ack = await phone.until("ack", pump=table.frame)
            assert ack["ok"], ack
            assert s.decision is Decision.RACE  # Ana is still racing
            clock.now += race.ai[1]
            await phone.until("state", pump=table.frame, where=lambda f: not any(
                c["id"] == "race" for c in f["choices"]))
            assert not [o for c in race_frames(phone) for o in c["options"]
                        if o["id"] != "done"]  # never the report's orders
            await phone.close()

    asyncio.run(go())
    ended = [e for e in table.events if isinstance(e, E.RaceEnded)]
    assert [(e.order, e.loser) for e in ended] == [((0, 1), 1)]
    assert any(isinstance(e, E.CardsDrawn) and e.player == 1 and e.count == 2
               for e in table.events)


def test_R10_a_person_too_slow_or_pressing_before_the_flash_loses_the_race(
        make_hub: Callable[..., PhoneHub]) -> None:
    """Reaction mode: before the flash the button says to wait and no seconds run; a
    press then is a false start (the phone says so), and she loses to Ana. A press sent
    for another state is refused with R-10 and changes nothing."""
    hub = make_hub()
    s, table, clock = roboto_race(hub, (0, 1), mode="reaction")

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.hello(secret_of(hub, 0))
            state = await phone.until("state", pump=table.frame,
                                      where=lambda f: f["choices"][:1] and
                                      f["choices"][0]["id"] == "race")
            race = table.race
            assert race is not None and race.flash_at is not None
            choice = state["choices"][0]
            assert choice["deadline"] is None
            assert choice["options"][0]["label"] == "Wait for the flash, then press!"
            await phone.choose("race", "done", version=s.version - 1)
            stale = await phone.until("ack", pump=table.frame)
            assert not stale["ok"] and stale["clause"] == "R-10"
            assert race.order() == ()
            clock.now += race.flash_at / 2
            await phone.choose("race", "done")
            assert (await phone.until("ack", pump=table.frame))["ok"]
            await phone.until("state", pump=table.frame, where=lambda f: any(
                o["label"] == "False start!" for c in f["choices"] for o in c["options"]))
            clock.now += race.ai[1]
            await phone.until("state", pump=table.frame, where=lambda f: not any(
                c["id"] == "race" for c in f["choices"]))
            await phone.close()

    asyncio.run(go())
    ended = [e for e in table.events if isinstance(e, E.RaceEnded)]
    assert [(e.order, e.loser) for e in ended] == [((1, 0), 0)]


def test_R10_the_phones_flash_delay_is_the_table_s() -> None:
    from game.editions.roboto.table.races import FLASH_DELAY as TABLE_FLASH_DELAY
    from game.phone.race import FLASH_DELAY

    assert FLASH_DELAY == TABLE_FLASH_DELAY
