"""The AI thinks off the frame loop: in a thread (tests) or in a process of its own (the
real game), with the same answers for the same seeds, and a fallback if the process dies.
Every answer says which process computed it, and ``UNO_BOT_TRACE`` writes that down."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import ENGINE, native_state
from game.play.session import Session
from game.rules import actions as A
from game.ui.botrunner import TRACE_ENV, ProcessRunner, ThreadRunner
from tests.rules.helpers import build
from tests.ui.conftest import ROOT, seats


def read_trace(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


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
        # Answered by the bots' process, not by a thread it fell back to.
        assert by_process.fallback_reason is None
        assert a.pid == r.pid == by_process.pid != os.getpid()
        assert b.pid == os.getpid()
    finally:
        by_process.close()
        by_thread.close()


def test_a_dead_bot_process_falls_back_to_a_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    trace = tmp_path / "trace.jsonl"
    monkeypatch.setenv(TRACE_ENV, str(trace))
    session = Session(build(["R1 R2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=1), seats("HAAA"))
    runner = ProcessRunner()
    runner.start_match(session.ai_levels(), 5)
    try:
        runner._proc.kill()  # the AI process crashes
        runner._proc.join(5)
        with caplog.at_level(logging.WARNING, logger="game.ui.botrunner"):
            job = runner.choose(1, session.view(1), session.legal(1))
            assert job.wait(30) and job.result in session.legal(1)
        assert job.pid == os.getpid()
        assert runner.fallback_reason is not None
        assert "the AI thinks on a thread" in caplog.text
    finally:
        runner.close()
    lines = [line for line in read_trace(trace) if line["event"] != "ready"]
    assert [line["event"] for line in lines] == ["fallback", "decision"]
    assert lines[1]["runner"] == "fallback" and lines[1]["pid"] == os.getpid()
    assert lines[1]["player"] == 1 and lines[1]["level"] == "heuristic"


class Unreadable:
    """A value the bots' process cannot unpickle, as a compiled event once was."""

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return (_refuse, ())


def _refuse() -> None:
    raise TypeError("__init__() missing required argument 'dealer' (pos 1)")


def test_a_request_the_bot_process_cannot_read_is_told_and_answered_by_a_thread() -> None:
    session = Session(build(["R1 R2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=1), seats("HAAA"))
    runner = ProcessRunner()
    try:
        assert runner.ready.wait(30)
        runner.start_match(session.ai_levels(), 5)
        asks = [(2, session.view(2), [A.Catch(2, 1), Unreadable()])]
        job = runner.react(asks)  # type: ignore[list-item]
        assert job.wait(30) and job.pid == os.getpid()
        reason = runner.fallback_reason or ""
        assert "could not be read" in reason and "missing required argument" in reason
        again = runner.choose(1, session.view(1), session.legal(1))  # the thread goes on
        assert again.wait(30) and again.result in session.legal(1)
    finally:
        runner.close()


def test_a_thread_runner_traces_its_decisions_as_this_process_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    trace = tmp_path / "trace.jsonl"
    monkeypatch.setenv(TRACE_ENV, str(trace))
    session = Session(build(["R1 R2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=1),
                      seats("HAAA", "easy"))
    runner = ThreadRunner()
    try:
        runner.start_match(session.ai_levels(), 5)
        job = runner.choose(1, session.view(1), session.legal(1))
        assert job.wait(30) and job.pid == os.getpid()
    finally:
        runner.close()
    assert read_trace(trace) == [{"event": "decision", "game_pid": os.getpid(),
                                  "game_engine": ENGINE, "runner": "thread",
                                  "pid": os.getpid(), "engine": ENGINE, "job": "choose",
                                  "player": 1, "level": "easy"}]


@pytest.mark.parametrize("engine", ["pure", "native"])
def test_a_whole_match_s_ai_thinks_in_the_bot_process_on_either_engine(
    engine: str, tmp_path: Path
) -> None:
    """Issue 31: on the compiled engine (what the bundle ships) the bots' process died on
    the first view and every match fell back to a thread. A match with hard, medium and
    easy seats and the house rules on, as the table plays it, in a fresh interpreter on
    ``engine``: every decision comes from the bots' process, none from a fallback."""
    if engine == "native" and native_state()[0] != "fresh":
        pytest.skip("no fresh native build (make native)")
    trace = tmp_path / "trace.jsonl"
    env = {**os.environ, "UNO_ENGINE": engine, TRACE_ENV: str(trace),
           "UNO_DATA_DIR": str(tmp_path / "data"), "UNO_CONFIG_DIR": str(tmp_path / "config")}
    done = subprocess.run(
        [sys.executable, "-m", "tests.ui.bot_process_match", "--house",
         "stacking,seven_o,jump_in", "--levels", "hard,medium,easy"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr[-4000:]}"
    summary = json.loads(done.stdout)
    assert summary["engine"] == engine and summary["over"] is True
    assert summary["fallback"] is None, summary
    assert "the AI thinks on a thread" not in done.stderr
    lines = read_trace(trace)
    assert [line["event"] for line in lines if line["event"] != "decision"] == ["ready"]
    game_pid, bot_pid = summary["game_pid"], summary["bot_pid"]
    assert bot_pid is not None and bot_pid != game_pid
    assert {(line["runner"], line["pid"], line["engine"], line["game_pid"],
             line["game_engine"]) for line in lines} == {
        ("process", bot_pid, engine, game_pid, engine)}
    chosen = [line for line in lines if line.get("job") == "choose"]
    assert {line["level"] for line in chosen} == {"hard", "medium", "easy"}
    assert len(chosen) <= summary["actions"]  # at most one AI decision per action played


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
