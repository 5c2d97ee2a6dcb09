"""Frame times, idle CPU and start-up time of the table; prints one JSON object.

    python bench/render.py                 software rendering (SDL's dummy driver)
    python bench/render.py --driver x11    in a real window (needs $DISPLAY, e.g. xvfb-run)

- ``p50_ms``/``p95_ms``/``p99_ms``: wall-clock time to update, draw and flip one frame at
  1280×720 while the cards are dealt and while four AI players take their turns at the
  normal animation speed (every frame that redraws is counted; ``deal`` and ``ai_turns``
  give the two phases apart). ``cpu_p*_ms`` are the same frames in CPU time of the main
  thread: on a busy machine the wall clock also counts time the process was not running,
  so ``load_avg_1m`` is reported too.
- ``idle_cpu_percent``: CPU used by the whole process (all threads) over a few seconds of
  the real frame loop while a person is thinking and nothing moves.
- ``first_frame_s``: from launching ``python -m game`` (or ``python -m game.ui.app`` with no
  display) to the first frame on screen, median of three launches.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def percentiles(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {"p50_ms": 0.0, "p95_ms": 0.0, "p99_ms": 0.0, "frames": 0}
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 3)

    return {"p50_ms": pick(0.5), "p95_ms": pick(0.95), "p99_ms": pick(0.99),
            "frames": len(ordered)}


def title_first():  # type: ignore[no-untyped-def]
    """The app as a person meets it: the title screen drawn, the AI's process booted
    meanwhile (it starts after the first frame), then a match."""
    from game.settings import Settings
    from game.ui.app import App, start

    app = App(Settings(narration="off", animation_speed=1.0), size=(1280, 720),
              bot_processes=True)  # as the game runs: the AI in its own process
    start(app)
    app.frame(1 / 60)
    spare = app._spare
    if spare is not None:
        spare.ready.wait(15)  # type: ignore[attr-defined]
    return app


def frame_times(seconds_ai: float, seed: int, level: str) -> dict[str, object]:
    """Deal then AI turns at speed 1, every redrawn frame timed (update + draw + flip)."""
    import pygame

    from game.rules.editions import new_game
    from game.rules.ruleset import edition
    from game.saves import SeatInfo
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session

    app = title_first()
    seats = [SeatInfo(n, False, level) for n in ("Ada", "Bruno", "Chloé", "Dev")]
    session = Session(new_game(edition("official"), 4, seed), seats)
    table = TableScene(app, session)
    app.reset(table)
    deal: list[float] = []
    ai: list[float] = []
    cpu: list[float] = []
    dt = 1 / 60
    dealing = True
    played = 0.0
    while played < seconds_ai:
        t0, c0 = time.perf_counter(), time.thread_time()
        drawn = app.frame(dt)
        spent = time.perf_counter() - t0
        if drawn:
            cpu.append(time.thread_time() - c0)
        if dealing and table.presenter.idle:
            dealing = False
        if drawn:
            (deal if dealing else ai).append(spent)
        if not dealing:
            played += dt
        if app.top is not table:  # the hand's scores: go on
            app.pop()
        # let the bot thread answer as it would between real frames
        time.sleep(max(0.0, dt - (time.perf_counter() - t0)) * 0.25)
    app.close()
    pygame.quit()
    on_cpu = {f"cpu_{k}": v for k, v in percentiles(cpu).items() if k != "frames"}
    return {**percentiles(deal + ai), **on_cpu, "deal": percentiles(deal),
            "ai_turns": percentiles(ai)}


def idle_cpu(seconds: float) -> float:
    """CPU % of one core used by the real loop (``App.run``) while nothing moves."""
    import pygame

    from game.rules.editions import new_game
    from game.rules.ruleset import edition
    from game.saves import SeatInfo
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session

    app = title_first()
    seats = [SeatInfo("Ann", True), *(SeatInfo(n, False) for n in ("Bruno", "Chloé", "Dev"))]
    table = TableScene(app, Session(new_game(edition("official"), 4, 3), seats))
    app.reset(table)
    while not (table.my_turn() or table.session.over):  # deal and AI turns, to the person
        app.frame(1 / 60)
        if app.top is not table:
            app.pop()
        time.sleep(0.002)
    result: dict[str, float] = {}

    def measure() -> None:
        time.sleep(0.5)  # let the loop settle into waiting
        c0, w0 = time.process_time(), time.perf_counter()
        time.sleep(seconds)
        result["cpu"] = (time.process_time() - c0) / (time.perf_counter() - w0) * 100
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=measure, daemon=True).start()
    app.run()
    pygame.quit()
    return round(result["cpu"], 2)


def first_frame(runs: int, driver: str) -> dict[str, float]:
    """Seconds from launch to the first frame (median and worst of ``runs``)."""
    times = []
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "UNO_CONFIG_DIR": f"{home}/c", "UNO_DATA_DIR": f"{home}/d",
               "UNO_EXIT_AFTER_FIRST_FRAME": "1", "SDL_AUDIODRIVER": "dummy",
               "PYTHONPATH": str(ROOT)}
        if driver == "x11":
            cmd = [sys.executable, "-m", "game"]
        else:
            env["SDL_VIDEODRIVER"] = "dummy"
            cmd = [sys.executable, "-m", "game.ui.app"]
        for _ in range(runs):
            t0 = time.time()
            out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                                 timeout=60)
            line = next(x for x in out.stdout.splitlines() if "first_frame_at" in x)
            times.append(json.loads(line)["first_frame_at"] - t0)
    return {"median": round(statistics.median(times), 3), "max": round(max(times), 3)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--driver", choices=("dummy", "x11"), default="dummy")
    ap.add_argument("--seconds", type=float, default=25.0, help="game time of AI turns")
    ap.add_argument("--idle-seconds", type=float, default=4.0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--level", default=None, help="AI level (default: the set-up's default)")
    args = ap.parse_args()
    if args.driver == "dummy":
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif not os.environ.get("DISPLAY"):
        ap.error("--driver x11 needs $DISPLAY (run under xvfb-run)")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["UNO_CONFIG_DIR"], os.environ["UNO_DATA_DIR"] = f"{home}/c", f"{home}/d"
        from game.ui.session import default_level

        level = args.level or default_level()
        frames = frame_times(args.seconds, args.seed, level)
        idle = idle_cpu(args.idle_seconds)
    start = first_frame(3, args.driver)
    report = {
        "size": [1280, 720],
        "driver": args.driver,
        "ai_level": level,
        **frames,
        "idle_cpu_percent": idle,
        "first_frame_s": start["median"],
        "first_frame_max_s": start["max"],
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
