"""The reference main loop (game.phone.headless): the table's clock decides T-12's turn
timer — the phone's state carries the seconds left, and when they run out the clock's own
action is applied — and AI seats give a person time to call UNO before catching them."""

from __future__ import annotations

from collections.abc import Callable

import game.play  # noqa: F401  (the editions' choices)
from game.phone.headless import HeadlessTable
from game.phone.hub import PhoneHub
from game.phone.state import seat_state
from game.play.session import Session
from game.rules import events as E
from game.rules.editions import new_game
from game.rules.ruleset import edition
from game.store.saves import SeatInfo
from tests.rules.helpers import build


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_T12_the_table_s_clock_runs_the_phone_s_turn_timer(
        make_hub: Callable[..., PhoneHub]) -> None:
    rs = edition("triple").with_options(timer=True, timer_seconds=7, match="single_hand")
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
