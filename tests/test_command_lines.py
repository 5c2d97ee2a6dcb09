"""Issue 12, item 8: every command line refuses a wrong argument in one line (argparse style,
exit 2) or stops cleanly (Ctrl+C: exit 130 and one line; a closed pipe: exit 141, silent),
never with a traceback. Argument errors are checked in-process (fast); the stops, which
depend on signals and real pipes, in subprocesses as a person would meet them."""

from __future__ import annotations

import ast
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from game import cli, i18n
from game.bots import HardBot
from game.setup.bot_specs import bot_from_spec
from game.setup.options import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, MAX_TARGET
from game.tools import arena, position, sim

ROOT = Path(__file__).resolve().parents[1]
ONE_LINE_ERROR = re.compile(r"^[\w./ -]+: error: \S.*$")
Main = Callable[[Sequence[str] | None], int]


@pytest.fixture(autouse=True)
def english_afterwards() -> object:
    yield
    i18n.set_language("en")


def refused(main: Main, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``main(argv)``: it must refuse with exit 2 and end stderr with one
    ``prog: error: …`` line; returns that line."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2, (argv, code, err)
    assert "Traceback" not in err
    last = err.rstrip("\n").split("\n")[-1]
    assert ONE_LINE_ERROR.match(last), last
    return last


# ------------------------------------------------------------------ python -m game (uno)
@pytest.mark.parametrize("delay", ["-1", "nan", "inf", "-inf", "61", "1e400", "soon"])
def test_delay_must_be_a_finite_pace(delay: str, capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(cli.main, ["--headless", "--delay", delay], capsys)
    assert "--delay" in line


@pytest.mark.parametrize("target", ["0", "-5", str(MAX_TARGET + 1), "1" + "0" * 30, "x"])
def test_target_is_within_a_match_that_ends(target: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(cli.main, ["--headless", "--match", "standard", "--target", target], capsys)
    assert "--target" in line


def test_the_largest_target_still_ends(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["--headless", "--players", "2", "--seed", "3", "--match", "standard",
                     "--target", str(MAX_TARGET)])
    out = capsys.readouterr().out
    assert code == 0 and out.rstrip().splitlines()[-1].startswith("Match winner")


@pytest.mark.parametrize("argv", [
    ["--players", "1"], ["--players", "11"], ["--players", "-3"],
    ["--match", "teams", "--players", "3"], ["--match", "partners", "--players", "5"],
    ["--edition", "triple", "--players", "8"], ["--bots", "hard,"], ["--bots", "nobody"],
    ["--bots", "easy,easy,easy"], ["--seed", "-1"], ["--seed", "1" * 5000],
    ["--edition", "uno"], ["--lang", "xx"],
])
def test_headless_arguments_are_refused_in_one_line(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    refused(cli.main, ["--headless", *argv], capsys)


def test_errors_are_told_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.i18n.conftest import compile_if_stale

    compile_if_stale()
    line = refused(cli.main, ["--headless", "--lang", "fr", "--delay", "-1"], capsys)
    assert "n’est pas un nombre" in line, line
    line = refused(cli.main, ["--lang", "fr", "--headless", "--match", "teams",
                              "--players", "3"], capsys)
    assert "équipes" in line, line


# ------------------------------------------------------------- game.tools.sim, game.tools.arena
@pytest.mark.parametrize("argv", [
    ["--games", "-5"], ["--games", "0"], ["--games", "10" * 10], ["--target", "0"],
    ["--players", "0"], ["--bot", "random,random"], ["--seed", "-2"], ["--match", "x"],
])
def test_sim_arguments_are_refused_in_one_line(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    refused(sim.main, argv, capsys)


@pytest.mark.parametrize("bots", [
    "hard:xyz", "hard:budget=x", "hard:nope=3", "hard:budget=0", "hard:budget=-4",
    "hard:budget=1.5", "hard:time_limit=nan", "hard:time_limit=inf", "hard:budget=none",
    "hard:search_draw=maybe", "hard:budget=", "random:x=1", "wizard", "hard:",
])
def test_arena_bot_specs_are_checked_before_any_game(
        bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(arena.main, ["--bots", f"{bots},random", "--games", "2"], capsys)
    assert "--bots" in line


def test_arena_bot_spec_options_reach_the_bot() -> None:
    bot = bot_from_spec("hard:budget=3000:time_limit=none:z=0.5:search_draw=true")
    assert isinstance(bot, HardBot)
    assert (bot.budget, bot.time_limit, bot.z, bot.search_draw) == (3000, None, 0.5, True)


@pytest.mark.parametrize(("main", "option", "given", "seated"), [
    (sim.main, "--bot", "easy", ["easy", "easy", "easy"]),
    (sim.main, "--bot", "easy, medium ,hard", ["easy", "medium", "hard"]),
    (arena.main, "--bots", "random-play", ["random-play"] * 3),
    (arena.main, "--bots", "hard:budget=200:time_limit=none,random,easy",
     ["hard:budget=200:time_limit=none", "random", "easy"]),
])
def test_sim_and_arena_take_one_bot_for_every_seat_or_one_per_seat(
        main: Main, option: str, given: str, seated: list[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "3", option, given, "--games", "1", "--seed", "4"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == seated


@pytest.mark.parametrize("argv", [
    ["--games", "-5"], ["--games", "0"], ["--processes", "0"], ["--processes", "-1"],
    ["--processes", "65"], ["--target", "0"], ["--players", "3", "--bots", "hard,random"],
])
def test_arena_arguments_are_refused_in_one_line(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    refused(arena.main, argv, capsys)


def test_arena_ledger_that_is_a_folder_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(arena.main, ["--games", "2", "--ledger", str(tmp_path)], capsys)
    assert "not a regular file" in line


def test_arena_ledger_under_a_file_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("x")
    line = refused(arena.main, ["--games", "2", "--ledger", str(tmp_path / "f" / "l.jsonl")],
                   capsys)
    assert "is not a folder" in line


@pytest.mark.parametrize("content", [b"\xff\xfe\x00junk\n", b"[" * 100_000 + b"\n",
                                     b"[1, 2]\n", b'"text"\n'])
def test_arena_ledger_that_is_not_a_ledger_is_refused_and_kept(
        content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "run.jsonl"
    book.write_bytes(content)
    line = refused(arena.main, ["--games", "2", "--bots", "random,random", "--ledger",
                                str(book)], capsys)
    assert "ledger" in line
    assert book.read_bytes() == content


def test_arena_ledger_lines_of_any_damage_are_reported_and_replayed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "run.jsonl"
    argv = ["--games", "40", "--bots", "random,random", "--ledger", str(book)]
    assert arena.main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    lines = book.read_text().splitlines()
    bad = ["[" * 100_000, '{"first": 0, "count": 20, "tally": []}', "[]", "\u00e9\u0000"]
    book.write_text("\n".join([lines[0], *bad, *lines[1:2]]) + "\n")
    assert arena.main(argv) == 0
    captured = capsys.readouterr()
    again = json.loads(captured.out)
    assert again["games"] == first["games"] == 40
    assert again["results"]["random"]["wins"] == first["results"]["random"]["wins"]
    assert captured.err.count("unreadable line ignored") == len(bad)
    assert "Traceback" not in captured.err


# ------------------------------------------------------------------ game.tools.position
@pytest.mark.parametrize("argv", [
    ["new", "--moves", "-1"], ["new", "--players", "11"], ["new", "--seed", "x"],
    ["new", "--edition", "triple", "--players", "8"], ["show", ""], ["show", "UNO1 a\nb"],
    ["apply", "UNO1 edition=official", "1 R5"], ["frobnicate"],
])
def test_position_arguments_are_refused_in_one_line(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    refused(position.main, argv, capsys)


# ------------------------------------------------------------------ the app
def test_the_app_never_imports_the_command_line() -> None:
    """The table reads the command line's choices from game.setup.options, not game.cli (which
    imports the app: a cycle, and the app's start-up would pay for the CLI's imports)."""
    offenders = []
    for path in sorted((ROOT / "game" / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "game.cli" or n.startswith("game.cli.") for n in names):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")  # type: ignore[attr-defined]
    assert not offenders


# ------------------------------------------------------------------ stops (subprocesses)
def launch(*args: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.Popen(
        [sys.executable, *args], cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, start_new_session=True,
        # Ctrl+C as in a terminal, even if this test runs where SIGINT is ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def ctrl_c(proc: subprocess.Popen[str], after_line: bool = True,
           wait: float = 0.0) -> tuple[str, str]:
    """Press Ctrl+C (SIGINT to the whole process group) once the command runs."""
    assert proc.stdout is not None
    first = proc.stdout.readline() if after_line else ""
    time.sleep(wait)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return first + out, err


def test_ctrl_c_during_a_headless_match_stops_it_in_one_line() -> None:
    proc = launch("-m", "game", "--headless", "--seed", "7", "--delay", "0.2")
    out, err = ctrl_c(proc, wait=0.5)
    assert proc.returncode == EXIT_INTERRUPTED
    assert err == "uno: stopped (Ctrl+C)\n"
    assert out.startswith("Seed 7")


def cpu_seconds(pid: int) -> float:
    """CPU time a process has used so far (Linux: /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_ctrl_c_stops_a_long_simulation_in_one_line() -> None:
    proc = launch("-m", "game.tools.sim", "--games", "10000000")
    deadline = time.monotonic() + 60
    # Past its imports (a fraction of a second of CPU) and well into the games.
    while cpu_seconds(proc.pid) < 1.5 and time.monotonic() < deadline:
        time.sleep(0.1)
    out, err = ctrl_c(proc, after_line=False)
    assert proc.returncode == EXIT_INTERRUPTED
    assert err == "python -m game.tools.sim: stopped (Ctrl+C)\n" and out == ""


def test_ctrl_c_stops_an_arena_and_its_workers_keeping_the_ledger(tmp_path: Path) -> None:
    book = tmp_path / "run.jsonl"
    proc = launch("-m", "game.tools.arena", "--games", "1000000", "--bots", "random,random",
                  "--processes", "2", "--ledger", str(book))
    deadline = time.monotonic() + 60
    while (not book.exists() or len(book.read_text().splitlines()) < 3) and \
            time.monotonic() < deadline:
        time.sleep(0.1)
    _out, err = ctrl_c(proc, after_line=False)
    assert proc.returncode == EXIT_INTERRUPTED
    assert err == "python -m game.tools.arena: stopped (Ctrl+C)\n"  # not one traceback per worker
    assert len(book.read_text().splitlines()) >= 3


def test_a_reader_that_goes_away_ends_the_match_quietly() -> None:
    """``python -m game --headless | head -1``: no BrokenPipeError, no "Exception ignored"."""
    proc = launch("-m", "game", "--headless", "--seed", "1", "--delay", "0.05")
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith("Seed 1")
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait(timeout=60)
    proc.stderr.close()
    assert err == ""
    assert proc.returncode == EXIT_BROKEN_PIPE


# ------------------------------------------------------------------ bench scripts
def bench_main(name: str) -> Main:
    """``main`` of ``bench/<name>.py`` (a script, not a package: loaded by its path). Loading
    it must leave this process's environment as it was: the rest of the suite runs here."""
    import importlib.util

    before = dict(os.environ)
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    changed = {k for k in before.keys() | os.environ.keys() if before.get(k) != os.environ.get(k)}
    os.environ.clear()
    os.environ.update(before)
    assert not changed, f"bench/{name}.py changes the environment on import: {sorted(changed)}"
    main: Main = module.main
    return main


@pytest.mark.parametrize(("script", "argv"), [
    ("ai", ["--positions", "0"]), ("ai", ["--players", "1,4"]), ("ai", ["--players", "x"]),
    ("engine", ["--games", "-1"]), ("engine", ["--editions", "official,nope"]),
    ("arena_bars", ["--step", "0"]), ("arena_bars", ["--step", "30"]),
    ("arena_bars", ["--games", "-1"]), ("arena_bars", ["--processes", "0"]),
    ("arena_bars", ["--only", "hard-random-2p,nope", "--report"]),
    ("arena_bars", ["--dir", __file__, "--report"]),
    ("render", ["--seconds", "nan"]), ("render", ["--idle-seconds", "-1"]),
    ("render", ["--level", "godlike"]), ("render", ["--seed", "-3"]),
    ("voice", ["--trials", "0"]), ("voice", ["--frames", "-5"]),
    ("million", ["--games", "-1"]), ("million", ["--processes", "0"]),
    ("fuzz", ["--minutes", "0"]), ("fuzz", ["--minutes", "nan"]), ("fuzz", ["--areas", "x"]),
    ("fuzz", ["--round", "-1"]),
    ("oracle", ["--games", "0"]), ("oracle", ["--knows", "voids,everything"]),
    ("oracle", ["--players", "5"]), ("oracle", ["--when", "never"]),
])
def test_bench_arguments_are_refused_in_one_line(
        script: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    refused(bench_main(script), argv, capsys)
