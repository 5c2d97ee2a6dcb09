"""Phones on loopback against the real phone server and a real Session; prints one JSON
object (issue 33, "Done when").

    python bench/phones.py --phones 10 --seconds 20

Every seat is a person on a simulated phone (an aiohttp WebSocket client speaking the page's
wire, all on one asyncio loop of their own thread): each proves its seat with its link, and
when a state offers it a choice, thinks ``--think`` seconds and taps one (a card when it
can, calling UNO when it may). The main loop runs in the main thread at 60 frames a second
and does what the table does for phones each frame: drain the hub's queue, apply the
choices (``PhoneHub.handle_choice``) and publish each phone's state
(``PhoneHub.publish_session``).

- ``act_to_state_ms``: from a phone sending a choice to that phone receiving a state at a
  later version (its move applied and shown), ``p50``/``p95``/``n``.
- ``broadcast_ms``: from the main loop publishing a new version to each phone receiving it.
- ``table_frame_p99_ms`` (and ``table_frame_p50_ms``, ``table_frame_cpu_p99_ms``): the
  main loop's per-frame phone work (poll, apply, publish) while the phones play, wall clock
  and the main thread's CPU time; ``load_avg_1m`` says how busy the machine was.
- ``idle_cpu_percent``: the whole process's CPU (every thread: the server, the phones' own
  loop, the main loop still polling and publishing at 60 frames a second) over
  ``--idle-seconds`` with every phone connected and nothing happening, in percent of one
  core.
- ``goals``: issue 33's (p95 ≤ 50 ms for both, idle ≤ 2 % of a core, frame p99 ≤ 8 ms) and
  whether each was met (``met``).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.setup.options import ArgumentParser, float_range, int_range, run_command  # noqa: E402

FPS = 60
GOALS = {"act_to_state_p95_ms": 50.0, "broadcast_p95_ms": 50.0, "idle_cpu_percent": 2.0,
         "table_frame_p99_ms": 8.0}


def percentiles(values: Sequence[float]) -> dict[str, float | int]:
    if not values:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "n": 0}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)

    return {"p50": round(statistics.median(ordered), 3), "p95": at(0.95), "p99": at(0.99),
            "n": len(ordered)}


class Phones:
    """The simulated phones, on their own asyncio loop in a thread."""

    def __init__(self, hub: Any, seats: list[int], think: float, seed: int) -> None:
        self.hub = hub
        self.seats = seats
        self.think = think
        self.rng = random.Random(seed)
        self.playing = threading.Event()
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.act_to_state: list[float] = []
        self.received: dict[tuple[int, int], float] = {}  # (seat, version) -> first receipt
        self.errors: list[str] = []
        self.latest: dict[int, dict[str, Any]] = {}
        self.acted: dict[int, int] = {}
        self.sent: dict[int, dict[int, tuple[int, float]]] = {seat: {} for seat in seats}
        self.sockets: dict[int, Any] = {}
        self.seq = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="phones", daemon=True)

    def start(self) -> None:
        self.thread.start()
        if not self.ready.wait(30):
            raise RuntimeError("the phones could not connect")

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        import aiohttp

        async with aiohttp.ClientSession() as http:
            sockets = []
            for seat in self.seats:
                invite = self.hub.invite(seat)
                ws = await http.ws_connect(f"http://{self.hub.address}/ws?lang=en",
                                           origin=f"http://{self.hub.address}",
                                           heartbeat=None)
                await ws.send_str(json.dumps({
                    "v": 1, "type": "hello", "secret": invite.url.split("#", 1)[1],
                    "device": f"{seat:032x}", "lang": "en"}))
                sockets.append(ws)
            tasks = [asyncio.create_task(self._phone(seat, ws))
                     for seat, ws in zip(self.seats, sockets)]
            self.ready.set()
            while not self.stop.is_set():
                await asyncio.sleep(0.25)
            for ws in sockets:
                await ws.close()
            for t in tasks:
                t.cancel()

    def start_playing(self) -> None:
        """From the main thread: every phone starts tapping (at once, on its last state)."""
        self.playing.set()
        for seat in self.seats:
            self.loop.call_soon_threadsafe(self._kick, seat)

    def _kick(self, seat: int) -> None:
        ws = self.sockets.get(seat)
        if ws is not None:
            task = self.loop.create_task(self._act(seat, ws))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _phone(self, seat: int, ws: Any) -> None:
        """Read ``seat``'s frames (no polling: an idle phone costs nothing here)."""
        import aiohttp

        self.sockets[seat] = ws
        while True:
            msg = await ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT:
                if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                aiohttp.WSMsgType.ERROR):
                    return
                continue
            now = time.perf_counter()
            message = json.loads(msg.data)
            if message["type"] == "error":
                self.errors.append(message["code"])
            if message["type"] != "state":
                continue
            version = message["version"]
            self.latest[seat] = message
            self.received.setdefault((seat, version), now)
            sent = self.sent[seat]
            for s, (made_at, at) in list(sent.items()):
                if version > made_at:
                    self.act_to_state.append((now - at) * 1000)
                    del sent[s]
            await self._act(seat, ws)

    async def _act(self, seat: int, ws: Any) -> None:
        """Tap something on ``seat``'s latest state, once per state, after thinking."""
        frame = self.latest.get(seat)
        if frame is None or not self.playing.is_set() or self.acted.get(seat) == frame["version"]:
            return
        choice = self._pick(frame)
        if choice is None:
            return
        version = frame["version"]
        self.acted[seat] = version
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        self.seq += 1
        self.sent[seat][self.seq] = (version, time.perf_counter())
        await ws.send_str(json.dumps({"v": 1, "type": "choose", "seq": self.seq,
                                      "version": version, "choice": choice[0],
                                      "option": choice[1]}))

    def _pick(self, frame: dict[str, Any]) -> tuple[str, str] | None:
        choices = frame["choices"]
        uno = next((c for c in choices if c["slot"] == "uno"), None)
        if uno is not None:
            return uno["id"], uno["options"][0]["id"]
        main = next((c for c in choices if c["slot"] == "main"), None)
        if main is None:
            return None
        cards = [o for o in main["options"] if o["widget"] == "card"]
        option = self.rng.choice(cards or main["options"])
        return main["id"], option["id"]


def _cpu_seconds() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(_main, "bench/phones.py", argv)


def _main(argv: Sequence[str] | None = None) -> int:
    ap = ArgumentParser(prog="bench/phones.py", description=__doc__.splitlines()[0])
    ap.add_argument("--phones", type=int_range(2, 10), default=10,
                    help="phones, one per seat (2-10; default 10)")
    ap.add_argument("--seconds", type=float_range(1.0, 3600.0), default=20.0,
                    help="how long the phones play (default 20)")
    ap.add_argument("--idle-seconds", type=float_range(1.0, 600.0), default=6.0,
                    help="how long the idle CPU is measured (default 6)")
    ap.add_argument("--think", type=float_range(0.0, 5.0), default=0.08,
                    help="a phone's thinking time before a tap, seconds (default 0.08)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the match (default 1)")
    args = ap.parse_args(argv)

    import game.play  # noqa: F401  (the editions' choices)
    from game.phone.art import Art
    from game.phone.hub import ChoiceRequest, PhoneHub
    from game.play.session import Session
    from game.rules.editions import new_game
    from game.rules.ruleset import edition
    from game.store.saves import SeatInfo

    rs = edition("official")
    art = Art()
    art.plan(rs.cards())
    art.prepare()
    seats = [SeatInfo(f"Phone {i + 1}", human=True) for i in range(args.phones)]
    session = Session(new_game(rs, args.phones, args.seed), seats)
    hub = PhoneHub(art)
    hub.start("127.0.0.1")
    for seat in range(args.phones):
        hub.open_seat(seat)
    phones = Phones(hub, list(range(args.phones)), args.think, args.seed)
    published: dict[int, float] = {}
    frames: list[float] = []
    frames_cpu: list[float] = []
    actions = 0

    def frame(measure: bool) -> None:
        nonlocal actions, session
        t0, c0 = time.perf_counter(), time.thread_time()
        for item in hub.poll():
            if isinstance(item, ChoiceRequest):
                chosen = hub.handle_choice(session, item)
                if chosen is not None and not chosen.repeated:
                    actions += 1
        version = session.version
        stamp = time.perf_counter()
        if hub.publish_session(session):
            published.setdefault(version, stamp)
        if measure:
            frames.append((time.perf_counter() - t0) * 1000)
            frames_cpu.append((time.thread_time() - c0) * 1000)

    def run_frames(seconds: float, measure: bool) -> None:
        end = time.perf_counter() + seconds
        next_at = time.perf_counter()
        while time.perf_counter() < end and not session.over:
            frame(measure)
            next_at += 1 / FPS
            time.sleep(max(0.0, next_at - time.perf_counter()))

    try:
        phones.start()
        deadline = time.monotonic() + 20
        while len(hub.connected()) < args.phones and time.monotonic() < deadline:
            frame(False)
            time.sleep(1 / FPS)
        if len(hub.connected()) < args.phones:
            raise RuntimeError(f"only {len(hub.connected())} phones connected")
        run_frames(1.0, False)  # every phone has its first state

        # idle: every phone connected, nothing happening
        cpu0, wall0 = _cpu_seconds(), time.perf_counter()
        run_frames(args.idle_seconds, False)
        idle = 100 * (_cpu_seconds() - cpu0) / (time.perf_counter() - wall0)

        # play
        phones.start_playing()
        session_version = session.version
        run_frames(args.seconds, True)
        phones.playing.clear()
        run_frames(0.5, False)
    finally:
        phones.stop.set()
        phones.thread.join(10)
        hub.stop()

    broadcast = [(at - published[v]) * 1000 for (_seat, v), at in phones.received.items()
                 if v in published and v > session_version]
    result = {
        "phones": args.phones,
        "seconds": args.seconds,
        "actions_applied": actions,
        "act_to_state_ms": percentiles(phones.act_to_state),
        "broadcast_ms": percentiles(broadcast),
        "idle_cpu_percent": round(idle, 2),
        "table_frame_p50_ms": percentiles(frames)["p50"],
        "table_frame_p99_ms": percentiles(frames)["p99"],
        "table_frame_cpu_p99_ms": percentiles(frames_cpu)["p99"],
        "table_frames": len(frames),
        "phone_errors": sorted(set(phones.errors)),
        "load_avg_1m": round(os.getloadavg()[0], 2),
    }
    acted, shown = result["act_to_state_ms"], result["broadcast_ms"]
    met = {
        "act_to_state_p95_ms": bool(acted["n"]) and acted["p95"] <= GOALS["act_to_state_p95_ms"],
        "broadcast_p95_ms": bool(shown["n"]) and shown["p95"] <= GOALS["broadcast_p95_ms"],
        "idle_cpu_percent": idle <= GOALS["idle_cpu_percent"],
        "table_frame_p99_ms": result["table_frame_p99_ms"] <= GOALS["table_frame_p99_ms"],
    }
    result["goals"] = {"limits": GOALS, "met": met}
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
