"""One copy of the game at a time (issue 12): a second copy says the game is already open and
leaves the save alone; the lock dies with its process, so a crash never locks the game out.
Checked with real processes."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.store.instance import LOCK_NAME, AlreadyRunning, InstanceLock, claim

ROOT = Path(__file__).resolve().parents[1]
HOLD = ("import sys, time; from pathlib import Path; from game.store.instance import InstanceLock; "
        "lock = InstanceLock(Path(sys.argv[1])); lock.acquire(); print('held', flush=True); "
        "time.sleep(600)")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    out = dict(os.environ, UNO_DATA_DIR=str(tmp_path / "data"),
               UNO_CONFIG_DIR=str(tmp_path / "config"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    for key in ("UNO_TEST_STATE", "UNO_TEST_AUTOPLAY", "UNO_EXIT_AFTER_FIRST_FRAME"):
        out.pop(key, None)
    return out


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[str]]]:
    """Processes a test starts; each is killed (with its children) at the end."""
    procs: list[subprocess.Popen[str]] = []
    yield procs
    for p in procs:
        with contextlib.suppress(ProcessLookupError):  # its session, children included
            os.killpg(p.pid, signal.SIGKILL)
        p.wait(10)


def spawn(procs: list[subprocess.Popen[str]], args: list[str], env: dict[str, str]
          ) -> subprocess.Popen[str]:
    p = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    procs.append(p)
    return p


def test_the_lock_is_held_by_one_process_and_dies_with_it(
        tmp_path: Path, env: dict[str, str], started: list[subprocess.Popen[str]]) -> None:
    first = spawn(started, ["-c", HOLD, str(tmp_path)], env)
    assert first.stdout is not None and first.stdout.readline().strip() == "held"
    with pytest.raises(AlreadyRunning):
        InstanceLock(tmp_path).acquire()
    os.killpg(first.pid, signal.SIGKILL)  # a crash: nobody releases anything
    first.wait(10)
    assert (tmp_path / LOCK_NAME).exists()  # the file stays, the lock does not
    with InstanceLock(tmp_path) as lock:
        assert lock.held
    assert InstanceLock(tmp_path).acquire()


def test_headless_matches_need_no_lock(
        tmp_path: Path, env: dict[str, str], started: list[subprocess.Popen[str]]) -> None:
    data = Path(env["UNO_DATA_DIR"])
    holder = spawn(started, ["-c", HOLD, str(data)], env)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    run = subprocess.run([sys.executable, "-m", "game", "--headless", "--players", "2",
                          "--seed", "1", "--bots", "random", "--match", "single_hand"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "Seed 1" in run.stdout


def test_a_second_game_says_it_is_already_open_and_leaves_the_save_alone(
        tmp_path: Path, env: dict[str, str], started: list[subprocess.Popen[str]]) -> None:
    data = Path(env["UNO_DATA_DIR"])
    data.mkdir(parents=True)
    save = data / "autosave.json"
    from game.rules.editions import new_game
    from game.rules.ruleset import edition
    from game.store.saves import SavedMatch, SeatInfo, write_save

    write_save(SavedMatch.of(new_game(edition("official"), 2, 4),
                             [SeatInfo("Ann", True), SeatInfo("Bob", False)]), save)
    before = save.read_bytes()
    # A family that has played before (a first launch would offer the guided hand first).
    from game.store.settings import Settings, store_settings

    store_settings(Settings(guide_offered=True), Path(env["UNO_CONFIG_DIR"]) / "settings.toml")
    state = tmp_path / "state.json"
    first = spawn(started, ["-m", "game.ui.launch"], dict(env, UNO_TEST_STATE=str(state)))
    deadline = time.monotonic() + 90
    while not state.exists():  # written after the first frame: the lock is held by then
        assert first.poll() is None, first.communicate()[1]
        assert time.monotonic() < deadline, "the first copy did not start"
        time.sleep(0.1)
    assert json.loads(state.read_text("utf-8"))["scenes"][-1] == "title"
    # the first copy owns the files (it files the first versions' save among the matches)
    files = sorted(p.relative_to(data).as_posix() for p in data.rglob("*"))
    saved = {p: (data / p).read_bytes() for p in files if (data / p).is_file()}
    assert before in saved.values()
    second = spawn(started, ["-m", "game.ui.launch"], dict(env, UNO_TEST_AUTOPLAY="1"))
    _out, err = second.communicate(timeout=90)
    assert second.returncode == 1, err
    assert "already running" in err and "Traceback" not in err
    assert sorted(p.relative_to(data).as_posix() for p in data.rglob("*")) == files
    assert {p: (data / p).read_bytes() for p in saved} == saved
    assert first.poll() is None  # the first copy plays on


def test_claim_removes_leftovers_only_while_holding_the_lock(
        tmp_path: Path, env: dict[str, str], started: list[subprocess.Popen[str]]) -> None:
    data, config = tmp_path / "data", tmp_path / "config"
    data.mkdir()
    config.mkdir()
    left = [data / ".autosave.json.abcd1234.tmp", config / ".settings.toml.zz_9zz_9.tmp"]
    for p in left:
        p.write_text("{", "utf-8")
    holder = spawn(started, ["-c", HOLD, str(data)], env)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    with pytest.raises(AlreadyRunning):
        claim(data, config)
    assert all(p.exists() for p in left)  # the other copy may be writing them right now
    os.killpg(holder.pid, signal.SIGKILL)
    holder.wait(10)
    lock = claim(data, config)
    try:
        assert lock.held and not any(p.exists() for p in left)
    finally:
        lock.release()


def test_claim_puts_linked_clip_folders_aside_and_cleans_only_real_ones(tmp_path: Path) -> None:
    """At the start a player's recordings folder that is a link is renamed aside (what it
    points to is left alone, its files named like our temp files too); a killed clip write's
    temp file in a real folder is removed."""
    from game.store.userfiles import WATCH

    data, config = tmp_path / "data", tmp_path / "config"
    real, linked = data / "clips" / "0000000000a1", data / "clips" / "0000000000b2"
    real.mkdir(parents=True)
    config.mkdir()
    mine = tmp_path / "my-songs"
    mine.mkdir()
    theirs = mine / ".name.wav.abcdefgh.tmp"
    theirs.write_bytes(b"a person's file")
    linked.symlink_to(mine, target_is_directory=True)
    leftover = real / ".name.wav.abcdefgh.tmp"
    leftover.write_bytes(b"half a clip")
    (real / "name.wav").write_bytes(b"RIFF")
    WATCH.reset()
    lock = claim(data, config)
    try:
        assert lock.held and not leftover.exists() and (real / "name.wav").exists()
        assert theirs.read_bytes() == b"a person's file"
        assert not os.path.lexists(linked)
        kept = [p for p in (data / "clips").iterdir() if p.name.startswith(f"{linked.name}.")]
        assert len(kept) == 1 and kept[0].is_symlink()
        assert [n.what for n in WATCH.take()] == ["files"]
    finally:
        lock.release()
        WATCH.reset()


def test_without_a_screen_the_second_copy_says_it_on_stderr(
        tmp_path: Path, env: dict[str, str], started: list[subprocess.Popen[str]]) -> None:
    holder = spawn(started, ["-c", HOLD, env["UNO_DATA_DIR"]], env)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    run = subprocess.run([sys.executable, "-m", "game.ui.launch"], cwd=ROOT, timeout=90,
                         env=dict(env, SDL_VIDEODRIVER="no-such-driver"),
                         capture_output=True, text=True)
    assert run.returncode == 1 and "already running" in run.stderr
    assert "Traceback" not in run.stderr


HOLD_WITH_CHILD = (
    "import multiprocessing, sys, time; from pathlib import Path\n"
    "from game.store.instance import InstanceLock\n"
    "if __name__ == '__main__':\n"
    "    lock = InstanceLock(Path(sys.argv[1])); lock.acquire()\n"
    "    child = multiprocessing.get_context('spawn').Process(target=time.sleep, args=(600,))\n"
    "    child.start(); print('held', child.pid, flush=True); time.sleep(600)\n")


def test_a_crash_that_leaves_a_worker_process_behind_does_not_keep_the_lock(
        tmp_path: Path, env: dict[str, str], started: list[subprocess.Popen[str]]) -> None:
    """The bots and the speech run in child processes ("spawn"): they must not inherit the
    lock, or a crashed game whose worker lingers would lock the game out."""
    script = tmp_path / "hold.py"
    script.write_text(HOLD_WITH_CHILD, "utf-8")
    first = spawn(started, [str(script), str(tmp_path)], env)
    assert first.stdout is not None
    word, child = first.stdout.readline().split()
    assert word == "held"
    with pytest.raises(AlreadyRunning):
        InstanceLock(tmp_path).acquire()
    os.kill(first.pid, signal.SIGKILL)  # the game dies; its worker lives on
    first.wait(10)
    os.kill(int(child), 0)  # still alive
    assert InstanceLock(tmp_path).acquire()
