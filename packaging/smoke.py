"""Smoke-run a built executable headless, on any OS: the release workflow's last step per build.

    python packaging/smoke.py dist/uno                      (after `make dist`, on Linux)
    python packaging/smoke.py dist/uno.exe                  (Windows)
    python packaging/smoke.py dist/uno --app "dist/UNO for the family.app"   (macOS)

Runs, each with a time limit, and stops at the first failure (exit status 1):

1. ``--help``: the executable unpacks and Python starts;
2. ``--headless`` match with a fixed seed: the engine, the bots and the catalogues work and
   the output ends with the match winner;
3. ``--selfcheck``: speech and PortAudio (its JSON ``ok``; with ``--strict-bundle`` also that
   eSpeak NG and PortAudio were loaded from inside the bundle, as on Linux);
4. the window, on SDL's dummy video and audio drivers, until its first frame is drawn
   (``UNO_EXIT_AFTER_FIRST_FRAME=1``), in empty settings and data folders;
5. with ``--app``: the same first frame from the macOS app's own executable.

Prints one line per step and a JSON summary last. Only the standard library is used, so it
runs with any Python 3.9+ before anything is installed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HEADLESS = ["--headless", "--edition", "official", "--players", "4", "--seed", "7",
            "--lang", "en"]


class SmokeFailure(Exception):
    pass


def _env(home: Path) -> dict[str, str]:
    """No real display or sound card: SDL's dummy drivers, fresh settings and data folders."""
    env = dict(os.environ)
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


def smoke(executable: Path, app: Path | None, strict_bundle: bool) -> dict[str, Any]:
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
    args = ap.parse_args(argv)
    try:
        summary = smoke(args.executable, args.app, args.strict_bundle)
    except SmokeFailure as exc:
        print(f"FAILED {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
