"""The AI thinks off the frame loop: in a thread (tests) or in a process of its own (the
real game), with the same answers for the same seeds, and a fallback if the process dies."""

from __future__ import annotations

from game.rules import actions as A
from game.ui.botrunner import ProcessRunner, ThreadRunner
from game.ui.session import Session
from tests.rules.helpers import build
from tests.ui.conftest import seats


def test_process_and_thread_runners_give_the_same_choices() -> None:
    session = Session(build(["R1 R2", "B1 B2 G7", "B3 B4", "Y1 Y2"], "B9", turn=1),
                      seats("HAAA", "medium"))
    levels = session.ai_levels()
    view = session.view(1, with_events=True)
    legal = session.legal(1)
    by_process, by_thread = ProcessRunner(), ThreadRunner()
    try:
        assert by_process.ready.wait(30)
        by_process.start_match(levels, 5)
        by_thread.start_match(levels, 5)
        a, b = by_process.choose(1, view, legal), by_thread.choose(1, view, legal)
        assert a.wait(30) and b.wait(30)
        assert a.error is None and a.result == b.result and a.result in legal
        asks = [(2, session.view(2), [A.Catch(2, 1)])]
        r = by_process.react(asks)
        assert r.wait(30) and r.result == [(2, A.Catch(2, 1))]  # medium always catches
    finally:
        by_process.close()
        by_thread.close()


def test_a_dead_bot_process_falls_back_to_a_thread() -> None:
    session = Session(build(["R1 R2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=1), seats("HAAA"))
    runner = ProcessRunner()
    runner.start_match(session.ai_levels(), 5)
    try:
        runner._proc.kill()  # the AI process crashes
        runner._proc.join(5)
        job = runner.choose(1, session.view(1), session.legal(1))
        assert job.wait(30) and job.result in session.legal(1)
    finally:
        runner.close()


def test_one_bot_process_serves_match_after_match() -> None:
    first = Session(build(["R1 R2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=1), seats("HAAA"))
    second = Session(build(["R1 R2", "G1 G2"], "G9", turn=1), seats("HA", "random"))
    runner = ProcessRunner()
    try:
        for session in (first, second):
            runner.start_match(session.ai_levels(), 3)
            job = runner.choose(1, session.view(1), session.legal(1))
            assert job.wait(30) and job.result in session.legal(1)
    finally:
        runner.close()


def test_hard_thinks_at_the_table_as_long_as_a_person_s_pace_allows() -> None:
    from game.bots.hard import TABLE_TIME_LIMIT, HardBot
    from game.ui.botrunner import table_bot

    hard = table_bot("hard")
    assert isinstance(hard, HardBot) and hard.time_limit == TABLE_TIME_LIMIT
    assert table_bot("medium").name == "medium"
