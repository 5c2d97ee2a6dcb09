"""Smoke-run a built executable headless, on any OS: the release workflow's last step per build.

    python packaging/smoke.py dist/uno                      (after `make dist`, on Linux)
    python packaging/smoke.py dist/uno.exe                  (Windows)
    python packaging/smoke.py dist/uno --app "dist/UNO for the family.app"   (macOS)
    python packaging/smoke.py dist/uno --strict-bundle --native             (`make dist`)

Runs, each with a time limit, and stops at the first failure (exit status 1):

1. ``--help``: the executable unpacks and Python starts;
2. ``--headless`` match with a fixed seed: the engine, the bots and the catalogues work and
   the output ends with the match winner;
3. ``--selfcheck``: speech and PortAudio (its JSON ``ok``; with ``--strict-bundle`` also that
   eSpeak NG and PortAudio were loaded from inside the bundle, as on Linux);
4. the window, on SDL's dummy video and audio drivers, until its first frame is drawn
   (``UNO_EXIT_AFTER_FIRST_FRAME=1``), in empty settings and data folders;
5. a whole match in that window, a person (played by ``UNO_TEST_AUTOPLAY``) against a hard,
   a medium and an easy AI, from a fresh deal (``UNO_TEST_POSITION``, a single hand) to the
   match's end: every AI decision must come from the bots' own process (the trace of
   ``UNO_BOT_TRACE``, game/ui/botrunner.py: its pid is not the game's), on the engine the
   game runs (with ``--native``: the compiled one), and the AI must never fall back to a
   thread of the game. ``--headless`` plays its bots in the game's own process, so only
   the window shows this;
6. with ``--app``: the same first frame from the macOS app's own executable.

Prints one line per step and a JSON summary last. Only the standard library is used, so it
runs with any Python 3.9+ before anything is installed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HEADLESS = ["--headless", "--edition", "official", "--players", "4", "--seed", "7",
            "--lang", "en"]
#: The match of step 5: name, a person?, AI level. The person's moves are autoplayed.
MATCH_SEATS = [["You", True, "easy"], ["Hard", False, "hard"], ["Medium", False, "medium"],
               ["Easy", False, "easy"]]
MATCH_SEED = 7
#: Animations off and the voice silent: the AI plays at once, as in the game's own tests.
MATCH_SETTINGS = 'narration = "off"\nanimation_speed = 0.0\n'


class SmokeFailure(Exception):
    pass


def _env(home: Path) -> dict[str, str]:
    """No real display or sound card: SDL's dummy drivers, fresh settings and data folders."""
    env = dict(os.environ)
    # The engine is the one a double-click gets (the compiled one when the bundle carries it),
    # not the one a test run chose for itself with UNO_ENGINE.
    env.pop("UNO_ENGINE", None)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONUTF8="1",
               UNO_CONFIG_DIR=str(home / "config"), UNO_DATA_DIR=str(home / "data"))
    if sys.platform.startswith("linux") and not (env.get("DISPLAY") or
                                                 env.get("WAYLAND_DISPLAY")):
        # The game looks for DISPLAY before it opens a window at all; the dummy driver never
        # connects to it, so any name will do.
        env["DISPLAY"] = ":smoke"
    return env


def _run(argv: list[str], env: dict[str, str], timeout: float,
         extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(argv, env={**env, **(extra_env or {})}, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, encoding="utf-8",
                              errors="replace", timeout=timeout, check=False)
    except subprocess.TimeoutExpired as exc:
        raise SmokeFailure(f"{' '.join(argv)} did not finish within {timeout:.0f} s") from exc


def _expect(done: subprocess.CompletedProcess[str], what: str, ok: bool) -> None:
    if done.returncode != 0 or not ok:
        raise SmokeFailure(f"{what}: exit status {done.returncode}\n--- stdout:\n"
                           f"{done.stdout[-3000:]}\n--- stderr:\n{done.stderr[-3000:]}")


def _first_frame(executable: str, env: dict[str, str], label: str,
                 state: Path | None = None) -> dict[str, Any]:
    """Start the window until its first frame. Evidence: the ``first_frame_at`` line, or, for
    a windowed macOS app whose output may go nowhere, the state file the game writes after
    drawing (``UNO_TEST_STATE``) naming the title screen."""
    started = time.time()
    extra = {"UNO_EXIT_AFTER_FIRST_FRAME": "1"}
    if state is not None:
        extra["UNO_TEST_STATE"] = str(state)
    done = _run([executable], env, 180, extra)
    lines = [line for line in done.stdout.splitlines() if '"first_frame_at"' in line]
    drawn = False
    if state is not None and state.is_file():
        try:
            drawn = json.loads(state.read_text(encoding="utf-8")).get("top") == "title"
        except (OSError, ValueError):
            drawn = False
    _expect(done, label, bool(lines) or drawn)
    if lines:
        return {"first_frame_seconds": round(json.loads(lines[-1])["first_frame_at"] - started,
                                             2)}
    return {"first_frame_seconds": None, "evidence": "state file"}


def fresh_position(seed: int, players: int = 4) -> str:
    """A fresh deal of the official deck as the game's position text (``UNO1``, see
    game/rules/position.py), a single-hand match with player 1 to start: made here, with
    the standard library only, since the smoke run imports nothing of the game
    (tests/packaging/test_bundle.py checks that the game reads it as a fresh deal)."""
    deck = []
    for colour in "RYGB":
        deck.append(colour + "0")
        for rank in [str(n) for n in range(1, 10)] + ["S", "R", "+2"]:
            deck += [colour + rank] * 2
    deck += ["W"] * 4 + ["W+4"] * 4
    random.Random(seed).shuffle(deck)
    hands = [deck[7 * p: 7 * p + 7] for p in range(players)]
    rest = deck[7 * players:]
    first = next(c for c in rest if c[0] != "W" and c[1:].isdigit())  # a number: no effect
    rest.remove(first)
    fields = [
        ("edition", "official"), ("rules", "match:single_hand"), ("players", str(players)),
        ("seed", str(seed)), ("hand", "1"), ("dealer", "0"), ("out", "-"),
        ("scores", ",".join(["0"] * players)), ("seats", ",".join(map(str, range(players)))),
        ("dir", "+"), ("turn", "1"), ("decision", "turn"), ("colour", first[0]),
        ("drawn", "-"), ("wd4", "-"), ("uno", "-"), ("declared", "-"), ("firstwild", "0"),
        ("dead", "0"), ("starved", "0"), ("turns", "1"), ("unit", "-"),
        ("hands", "/".join(".".join(h) for h in hands)), ("draw", ".".join(rest)),
        ("discard", first),
    ]
    return "UNO1 " + " ".join(f"{k}={v}" for k, v in fields)


def _trace(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            lines.append(json.loads(line))
        except ValueError as exc:
            raise SmokeFailure(f"{path}: not a JSON line ({exc}): {line!r}") from exc
    return lines


def match_against_ai(command: list[str], env: dict[str, str], home: Path,
                     native: bool) -> dict[str, Any]:
    """Step 5 (see the module docstring): the window of ``command`` (the executable, or
    ``python -m game`` in a source tree) plays a whole match against AI, and the bots'
    trace must show every decision made in the bots' own process."""
    folder = home / "match"
    (folder / "config").mkdir(parents=True)
    (folder / "config" / "settings.toml").write_text(MATCH_SETTINGS, encoding="utf-8")
    position, state, trace = folder / "position.json", folder / "state.json", folder / "trace"
    position.write_text(json.dumps({"position": fresh_position(MATCH_SEED),
                                    "seats": MATCH_SEATS}), encoding="utf-8")
    run_env = {**env, "UNO_CONFIG_DIR": str(folder / "config"),
               "UNO_DATA_DIR": str(folder / "data"), "UNO_TEST_POSITION": str(position),
               "UNO_TEST_STATE": str(state), "UNO_TEST_AUTOPLAY": "1",
               "UNO_BOT_TRACE": str(trace)}
    started = time.perf_counter()
    log = folder / "output.txt"
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen(command, env=run_env, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT)
        try:
            last: dict[str, Any] = {}
            deadline = time.monotonic() + 420
            while last.get("top") != "match_end":
                if proc.poll() is not None:
                    raise SmokeFailure(f"the game exited ({proc.returncode}) before the "
                                       f"match ended; last screen {last.get('top')}")
                if time.monotonic() > deadline:
                    raise SmokeFailure(f"the match did not end within 420 s; last screen "
                                       f"{json.dumps(last)[:600]}")
                time.sleep(0.25)
                try:
                    last = json.loads(state.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    continue  # not written yet, or being replaced
        except SmokeFailure as exc:
            proc.kill()
            proc.wait(30)
            raise SmokeFailure(f"{exc}\n--- output:\n{log.read_text('utf-8', 'replace')[-3000:]}"
                               ) from exc
        seconds = round(time.perf_counter() - started, 2)
        proc.terminate()  # the match is over; the game has no more to show
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(30)
    lines = _trace(trace)
    output = log.read_text("utf-8", "replace")[-3000:]
    fallbacks = [line for line in lines if line.get("event") == "fallback"]
    if fallbacks:
        raise SmokeFailure(f"the AI fell back to a thread of the game: {fallbacks[0]}\n"
                           f"--- output:\n{output}")
    decisions = [line for line in lines if line.get("event") == "decision"]
    if not decisions:
        raise SmokeFailure(f"no AI decision was traced ({trace})\n--- output:\n{output}")
    games = {line.get("game_pid") for line in lines}
    if len(games) != 1:
        raise SmokeFailure(f"the trace names several games: {sorted(map(str, games))}")
    game_pid = games.pop()
    wrong = [d for d in decisions if d.get("runner") != "process" or d.get("pid") in (
        None, game_pid, proc.pid)]
    if wrong:
        raise SmokeFailure(f"{len(wrong)} of {len(decisions)} AI decisions were not made in "
                           f"the bots' process: {wrong[0]}")
    engines = {d.get("engine") for d in decisions} | {line.get("game_engine") for line in lines}
    if len(engines) != 1 or (native and engines != {"native"}):
        raise SmokeFailure(f"engines: {sorted(map(str, engines))}"
                           + (", not the compiled one" if native else ", not one"))
    levels = sorted({str(d.get("level")) for d in decisions if d.get("job") == "choose"})
    if levels != ["easy", "hard", "medium"]:
        raise SmokeFailure(f"the AI levels that chose were {levels}, not easy, hard, medium")
    return {"seconds": seconds, "decisions": len(decisions), "levels": levels,
            "game_pid": game_pid, "bot_pids": sorted({d["pid"] for d in decisions}),
            "engine": engines.pop(), "winners": last.get("table", {}).get("winners")}


def smoke(executable: Path, app: Path | None, strict_bundle: bool,
          native: bool = False) -> dict[str, Any]:
    exe = str(executable.resolve())
    if not executable.is_file():
        raise SmokeFailure(f"{executable} is not a file (build it first: make dist)")
    summary: dict[str, Any] = {"executable": exe, "bytes": executable.stat().st_size,
                               "platform": platform.platform(), "steps": {}}
    steps = summary["steps"]
    with tempfile.TemporaryDirectory(prefix="uno-smoke-") as tmp:
        env = _env(Path(tmp))

        started = time.perf_counter()
        done = _run([exe, "--help"], env, 120)
        _expect(done, "--help", "--headless" in done.stdout)
        steps["help"] = {"seconds": round(time.perf_counter() - started, 2)}
        print(f"ok  --help ({steps['help']['seconds']} s)", flush=True)

        started = time.perf_counter()
        done = _run([exe, *HEADLESS], env, 300)
        last = done.stdout.rstrip().splitlines()[-1:] or [""]
        _expect(done, "headless match", last[0].startswith("Match winner"))
        steps["headless_match"] = {"seconds": round(time.perf_counter() - started, 2),
                                   "last_line": last[0]}
        print(f"ok  headless match: {last[0]}", flush=True)

        done = _run([exe, "--selfcheck"], env, 240)
        try:
            report = json.loads(done.stdout)
        except json.JSONDecodeError as exc:
            raise SmokeFailure(f"--selfcheck did not print one JSON object ({exc}):\n"
                               f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}") from exc
        wanted = bool(report.get("ok")) and report.get("frozen") is True
        if strict_bundle:
            wanted = wanted and report.get("espeak_in_bundle") is True
        wanted = wanted and report.get("portaudio_in_bundle") is True
        steps["selfcheck"] = {key: report.get(key) for key in (
            "ok", "problems", "warnings", "voices", "portaudio_library", "portaudio_in_bundle",
            "espeak_in_bundle", "audio_devices")}
        steps["selfcheck"]["driver"] = report.get("speech", {}).get("driver")
        _expect(done, "--selfcheck " + json.dumps(steps["selfcheck"]), wanted)
        print(f"ok  --selfcheck: voices {report.get('voices')}, warnings "
              f"{report.get('warnings') or 'none'}", flush=True)

        steps["window"] = _first_frame(exe, env, "first frame")
        print(f"ok  window: first frame in {steps['window']['first_frame_seconds']} s",
              flush=True)

        match = steps["match"] = match_against_ai([exe], env, Path(tmp), native)
        print(f"ok  match against AI in the window: {match['decisions']} AI decisions, all "
              f"in the bots' process {match['bot_pids']} (the game is "
              f"{match['game_pid']}), engine {match['engine']}, none on a thread",
              flush=True)

        if app is not None:
            inner = app / "Contents" / "MacOS"
            programs = sorted(p for p in inner.iterdir() if p.is_file()) if inner.is_dir() else []
            if not programs:
                raise SmokeFailure(f"{app}: no executable in Contents/MacOS")
            if not any((app / "Contents" / "Resources").glob("*.icns")):
                raise SmokeFailure(f"{app}: no .icns icon in Contents/Resources")
            steps["app"] = _first_frame(str(programs[0]), env, f"{app.name} first frame",
                                        Path(tmp) / "app-state.json")
            print(f"ok  {app.name}: first frame ({steps['app']})", flush=True)
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("executable", type=Path)
    ap.add_argument("--app", type=Path, default=None, help="the macOS .app to start as well")
    ap.add_argument("--strict-bundle", action="store_true",
                    help="require eSpeak NG from inside the bundle (the Linux build)")
    ap.add_argument("--native", action="store_true",
                    help="require the compiled engine, in the game and in its bots' process "
                         "(a bundle built by `make dist`)")
    args = ap.parse_args(argv)
    try:
        summary = smoke(args.executable, args.app, args.strict_bundle, args.native)
    except SmokeFailure as exc:
        print(f"FAILED {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
