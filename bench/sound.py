"""What the sound costs the game; prints one JSON object.

    python bench/sound.py                 (SDL's dummy video and audio drivers)

- ``synth_ms``: time to synthesize each registered sound once (numpy, one thread), and
  ``synth_total_ms``; the board does this on its own thread, once per run.
- ``play_call_us``: what ``Sound.play(name)`` costs the caller (the frame loop) for a
  built sound: percentiles in microseconds over a few thousand calls.
- ``frames_while_building`` / ``frames_after``: wall-clock and main-thread CPU time of the
  table's frames (four AI players, animation speed 1, 1280×720) while the board builds every
  sound and the music from cold, then for as long again once it is done. ``over_8ms`` counts
  the frames over the 8 ms budget, how many of them were switched out (``preempted``: another
  process took the core) and how many spent over 8 ms of their own CPU (``cpu_over``).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from render import BUDGET_S, edition_session, percentiles, switched_out  # noqa: E402


def synth_times() -> dict[str, float]:
    from game import audio

    out = {}
    for name in audio.names():
        t0 = time.perf_counter()
        audio.render(name)
        out[name] = round((time.perf_counter() - t0) * 1000, 1)
    return out


def frames(level: str = "medium") -> dict[str, object]:
    import pygame

    from game.audio.frames import FRAMES
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.table.scene import TableScene

    FRAMES.clear()  # from cold, as at the game's start
    app = App(Settings(narration="off", animation_speed=1.0), size=(1280, 720))
    table = TableScene(app, edition_session("official", 7, level))
    app.reset(table)
    board = app.sound.board
    dt = 1 / 60
    phases: dict[str, list[tuple[float, float, bool]]] = {"building": [], "after": []}
    app.frame(dt)
    app.sound.start_effects()  # what the first frame does: the board starts building
    started = time.perf_counter()
    build_s = None
    while True:
        building = not board.built("music")
        if not building and build_s is None:
            build_s = time.perf_counter() - started
        if build_s is not None and time.perf_counter() - started > 2 * build_s + 1.0:
            break
        t0, c0, n0 = time.perf_counter(), time.thread_time(), switched_out()
        drawn = app.frame(dt)
        if drawn:
            phases["building" if building else "after"].append(
                (time.perf_counter() - t0, time.thread_time() - c0, switched_out() > n0))
        if app.top is not table:  # the hand's scores: go on
            app.pop()
        time.sleep(max(0.0, dt - (time.perf_counter() - t0)) * 0.25)
    calls = []
    for _ in range(3000):
        t0 = time.perf_counter()
        app.sound.play("card")
        calls.append(time.perf_counter() - t0)
    app.close()
    pygame.quit()

    def summary(rows: list[tuple[float, float, bool]]) -> dict[str, object]:
        wall = [r[0] for r in rows]
        cpu = [r[1] for r in rows]
        over = [r for r in rows if r[0] > BUDGET_S]
        return {**percentiles(wall),
                **{f"cpu_{k}": v for k, v in percentiles(cpu).items() if k != "frames"},
                "over_8ms": {"frames": len(over), "preempted": sum(r[2] for r in over),
                             "cpu_over": sum(r[1] > BUDGET_S for r in over)}}

    ordered = sorted(calls)
    return {"board_build_s": round(build_s or 0.0, 3),
            "frames_while_building": summary(phases["building"]),
            "frames_after": summary(phases["after"]),
            "play_call_us": {q: round(ordered[int(p * len(ordered))] * 1e6, 1)
                             for q, p in (("p50", 0.5), ("p99", 0.99))}}


def main() -> int:
    synth = synth_times()
    result = {"synth_ms": synth, "synth_total_ms": round(sum(synth.values()), 1),
              **frames(), "load_avg_1m": round(os.getloadavg()[0], 2), "cpus": os.cpu_count()}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
