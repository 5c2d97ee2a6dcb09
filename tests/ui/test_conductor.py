"""AI seats play at a human pace, off the frame loop; a person gets time to call UNO."""

from __future__ import annotations

import time

from game.play.session import Session
from game.ui.botrunner import ThreadRunner
from game.ui.table.conductor import Conductor
from tests.rules.helpers import build
from tests.ui.conftest import seats


def runner(session: Session) -> ThreadRunner:
    r = ThreadRunner()
    r.start_match(session.ai_levels(), 1)
    return r


def run(conductor: Conductor, seconds: float, step: float = 0.05) -> list[object]:
    events: list[object] = []
    t = 0.0
    while t < seconds:
        events += conductor.update(step, True)
        time.sleep(0.002)
        t += step
    return events


def test_the_ai_thinks_before_it_plays() -> None:
    session = Session(build(["R1 R2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=1), seats("HAAA"))
    worker = runner(session)
    conductor = Conductor(session, worker, lambda: 1.0)
    assert run(conductor, 0.3) == []  # still thinking (at least 0.55 s)
    assert run(conductor, 1.2)  # then it plays
    assert session.version >= 1
    worker.close()


def test_at_speed_zero_the_ai_plays_at_once() -> None:
    session = Session(build(["R1 R2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=1), seats("HAAA"))
    worker = runner(session)
    conductor = Conductor(session, worker, lambda: 0.0)
    deadline = time.monotonic() + 5
    while session.to_act != 0 and time.monotonic() < deadline:
        conductor.update(0.0, True)
        time.sleep(0.001)
    assert session.to_act == 0
    worker.close()


def test_a_person_who_owes_uno_gets_a_reaction_time() -> None:
    session = Session(build(["B1", "R1 R2", "G1 G2", "Y1 Y2"], "B9", turn=1, uno=[0]),
                      seats("HAAA"))
    worker = runner(session)
    conductor = Conductor(session, worker, lambda: 1.0)
    assert conductor.next_due() == 0.0  # a reaction round is due
    run(conductor, 0.8)
    assert len(session.game.hands[0]) == 1  # not caught yet: time to press UNO
    run(conductor, 2.0)
    assert len(session.game.hands[0]) == 3  # the heuristic AI catches
    worker.close()


def test_nothing_due_while_a_person_must_act() -> None:
    session = Session(build(["R1 R2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=0), seats("HAAA"))
    conductor = Conductor(session, runner(session), lambda: 1.0)
    assert conductor.next_due() is None
    assert conductor.update(1.0, True) == []
