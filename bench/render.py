"""Frame times, idle CPU and start-up time of the table; prints one JSON object.

    python bench/render.py                    software rendering (SDL's dummy driver)
    python bench/render.py --driver x11       in a real window (needs $DISPLAY, e.g. xvfb-run)
    python bench/render.py --edition triple   the frame times of a Triple Play match
    python bench/render.py --edition all      every edition in turn (one section each)

- ``p50_ms``/``p95_ms``/``p99_ms``: wall-clock time to update, draw and flip one frame at
  1280×720 while the cards are dealt and while the players take their turns at the
  normal animation speed (every frame that redraws is counted; ``deal`` and ``ai_turns``
  give the two phases apart). ``cpu_p*_ms`` are the same frames in CPU time of the main
  thread: on a busy machine the wall clock also counts time the process was not running,
  so ``load_avg_1m`` is reported too, and ``over_8ms`` counts the frames over the 8 ms
  budget, how many of them the main thread was switched out during (``preempted``: another
  process took the core) and how many spent over 8 ms of its own CPU (``cpu_over``).
  ``device_draw`` gives the percentiles of the CPU time a frame spent in the edition's
  device layers' ``draw`` (not the tray dialogs, which draw the unit themselves).
- ``--edition``: the official game (the default) is four AI players for 25 s of game time.
  An edition is one person (seat 0, pressed for as the test hooks' autoplay would, after
  1.5 s of thought; with Triple Play's timer mode on, in its last second) and three AI
  players for 45 s, so that its device animates as in play: Attack's launcher breathing,
  building up, winding up before a press resolves, pressed and firing; Triple Play's
  trays, lights, presses, overload flashes
  and 7-second timer ring; Roboto talking, his speech bubble, his drum roll and faces,
  interruptions and races
  (house rule on, chattiness high; his default seed, 1, brings a race with the person);
  Sonic's Victory Lap. ``device_frames`` counts the measured frames showing each of those
  (read from the device's state), ``device_animating`` gives the percentiles of the frames
  showing any of them (not just the steady breathing, figure or lights). A single-hand
  match that ends is followed by another (``matches``). ``--edition all`` prints one object
  with a section per edition under ``editions``, each with its own ``load_avg_1m``; idle
  CPU and start-up are measured once.
- ``moments`` (in each edition's section; ``--no-moments`` leaves them out): issue 13's
  moments played by script at that edition's table once the person has the turn, each
  phase's frames timed alike (wall and ``cpu_`` percentiles): ``fan`` the focus walking
  the hand (the fan making room, the cards' captions), ``drag`` a card carried over the
  table and back, ``count_up`` a hand's end counted card by card, ``celebration`` the
  match end's confetti.
- ``flow_moments`` (in each edition's section, with the moments): issue 34's moments, each
  reached through the table's normal flow from a rigged position (the tests' position
  builder and the units' scripts), the person pressing as the autoplay would: ``hand_win``
  (the last card, the hand's end and its count-up, watched), ``celebration`` (the match's
  end that follows), ``overload`` (Triple Play), ``race`` (Roboto: a duel on the person's
  play), ``stack``, ``jump_in`` and ``seven_o`` (house rules on, where the edition has the
  cards; ``skipped`` says why not), each with wall and ``cpu_`` percentiles and its frames
  over 8 ms; ``not_reached`` names a moment its scenario did not show. ``--moments``
  measures only the moments (issue 13's and these), for each edition asked.
- ``idle_cpu_percent``: CPU used by the whole process (all threads) over a few seconds of
  the real frame loop while a person is thinking and nothing moves.
- ``first_frame_s``: from launching ``python -m game`` (or ``python -m game.ui.launch`` with no
  display) to the first frame on screen, median of three launches.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    import pygame

    from game.play.session import Session
    from game.ui.app import App
    from game.ui.table.scene import TableScene

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


def title_first() -> App:
    """The app as a person meets it: the title screen drawn, the AI's process booted
    meanwhile (it starts after the first frame), then a match."""
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.launch import start

    app = App(Settings(narration="off", animation_speed=1.0), size=(1280, 720),
              bot_processes=True)  # as the game runs: the AI in its own process
    start(app)
    app.frame(1 / 60)
    spare = app._spare
    if spare is not None:
        spare.ready.wait(15)  # type: ignore[attr-defined]
    return app


EDITIONS = ("official", "roboto", "attack", "triple", "sonic")
#: Default seeds: 7, and for Roboto one whose run brings a race with the person in it.
SEEDS = {"roboto": 1}
#: Game seconds the person at the screen "thinks" before each press (edition runs); at
#: Triple Play's turn timer the press waits for the ring's last second instead.
THINK_S = 1.5
BUDGET_S = 0.008  # the table's frame budget (issue 5: p99 <= 8 ms at 1280x720)
#: Device tags that are its steady state, not one of its animations (see ``device_tags``).
STEADY = frozenset({"animating", "breathing", "figure", "lights"})


def edition_session(name: str, seed: int, level: str) -> Session:
    """A match of ``name`` for the frame-time phase: four AI players for the official game
    (today's figures); for an edition, one person (seat 0, pressed for by :class:`Person`)
    and three AI players, so that the device also animates what only a person's turn shows
    (the timer ring, the launcher's hint, the tray pick, the races)."""
    from game.play.session import Session
    from game.rules.editions import new_game
    from game.rules.ruleset import edition
    from game.store.saves import SeatInfo

    names = ("Ada", "Bruno", "Chloé", "Dev")
    rules = edition(name)
    if name == "triple":
        rules = rules.with_options(timer=True)  # T-12: the 7-second ring on the person's turns
    elif name == "roboto":
        rules = rules.with_options(house_rule=True, chattiness="high")  # more interruptions
    if name == "official":
        seats = [SeatInfo(n, False, level) for n in names]
    else:
        seats = [SeatInfo(names[0], True), *(SeatInfo(n, False, level) for n in names[1:])]
    session = Session(new_game(rules, 4, seed), seats)
    if name == "roboto":
        session.house_rule_text = "Clap twice"
    return session


class Person:
    """Presses for the person at the screen what the test hooks' autoplay would (each
    scene's ``autoplay_intent``), after thinking ``THINK_S`` seconds of game time; while
    Triple Play's turn timer runs, not before its last second (the ring turns yellow, then
    red)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.waited = 0.0

    def update(self, dt: float, table: TableScene) -> None:
        pick = getattr(self.app.top, "autoplay_intent", None)
        intent = pick() if pick is not None else None
        if intent is None:
            self.waited = 0.0
            return
        self.waited += dt
        timers = [getattr(d, "timer_left", None) for d in table.devices]
        timer = min((t for t in timers if t is not None), default=None)
        ready = timer < 1.0 if timer is not None else self.waited >= THINK_S
        if ready:
            self.waited = 0.0
            self.app.dispatch(intent)


def device_tags(table: TableScene) -> set[str]:
    """What the edition's device is showing in this frame, read from its state."""
    from game.editions.attack.table.draw import ArcCard, Puff
    from game.editions.attack.table.launcher import DinoLauncher
    from game.editions.roboto.table.figure import RobotoFigure
    from game.editions.sonic.table import VictoryLap
    from game.editions.triple.table.unit import TrayUnit
    from game.rules.engine import Decision

    tags: set[str] = set()
    roboto_decisions = (Decision.DISCARD, Decision.NICKNAME, Decision.RACE)
    top = table.app.top.name if table.app.top is not None else ""
    for dev in table.devices:
        if dev.animating():
            tags.add("animating")
        if isinstance(dev, DinoLauncher):
            tags.add("breathing")
            flags = {"build_up": dev.presses > 0, "press": dev.press_t > 0,
                     "wind_up": dev.wind_t > 0,
                     "firing": dev.jaw_t > 0 or any(isinstance(sp, ArcCard | Puff)
                                                    for sp in table.presenter.sprites)}
        elif isinstance(dev, TrayUnit):
            flags = {"timer_ring": dev.timer_left is not None,
                     "overload_flash": any(f > 0 for f in dev.flash),
                     "press": any(b > 0 for b in dev.bump), "lights": bool(dev.lit),
                     "tray_dialog": top in ("tray_pick", "hold_tray")}
        elif isinstance(dev, RobotoFigure):
            tags.add("figure")
            flags = {"talking": dev.talk > 0, "bubble": dev.bubble > 0 and bool(dev.words),
                     "drum_roll": dev.drum > 0, "expression": dev.face() != "neutral",
                     "interruption": table.model.decision in roboto_decisions,
                     "race_dialog": top in ("race", "reaction_race", "nickname")}
        elif isinstance(dev, VictoryLap):
            flags = {"victory_lap": dev.running}
        else:
            flags = {}
        tags.update(k for k, on in flags.items() if on)
    return tags


def switched_out() -> int:
    """Involuntary context switches of the calling thread so far (0 where not reported):
    a frame during which it grows was preempted, its wall time counts another's work."""
    try:
        import resource

        return resource.getrusage(resource.RUSAGE_THREAD).ru_nivcsw
    except (ImportError, AttributeError, OSError):
        return 0


class DeviceClock:
    """The CPU time of the table's device layers' ``draw`` calls (wrapped on the
    instances)."""

    def __init__(self) -> None:
        self.spent = 0.0

    def watch(self, table: TableScene) -> None:
        for dev in table.devices:
            dev.draw = self._timed(dev.draw)  # type: ignore[method-assign,assignment]

    def _timed(self, draw: Callable[[pygame.Surface, str], None]
               ) -> Callable[[pygame.Surface, str], None]:
        def timed(surface: pygame.Surface, layer: str) -> None:
            t0 = time.thread_time()
            draw(surface, layer)
            self.spent += time.thread_time() - t0

        return timed

    def take(self) -> float:
        spent, self.spent = self.spent, 0.0
        return spent


def frame_times(seconds_ai: float, seed: int, level: str,
                name: str = "official") -> dict[str, object]:
    """Deal then turns at speed 1, every redrawn frame timed (update + draw + flip); for an
    edition, also how many of those frames showed each of its device's animations."""
    import pygame

    from game.ui.table.match_end import MatchEndScene
    from game.ui.table.scene import TableScene

    app = title_first()
    person = Person(app) if name != "official" else None
    table = TableScene(app, edition_session(name, seed, level))
    app.reset(table)
    clock = DeviceClock()
    clock.watch(table)
    deal: list[float] = []
    ai: list[float] = []
    cpu: list[float] = []
    busy: list[float] = []  # frames showing one of the device's animations
    device: list[float] = []  # time in the device layers' draw, per frame
    shown: dict[str, int] = {}
    over = {"frames": 0, "preempted": 0, "cpu_over": 0}  # frames over the 8 ms budget
    dt = 1 / 60
    dealing = True
    played = 0.0
    matches = 1
    while played < seconds_ai:
        t0, c0, n0 = time.perf_counter(), time.thread_time(), switched_out()
        drawn = app.frame(dt)
        spent = time.perf_counter() - t0
        if drawn:
            cpu.append(time.thread_time() - c0)
            if spent > BUDGET_S:
                over["frames"] += 1
                over["preempted"] += switched_out() > n0
                over["cpu_over"] += cpu[-1] > BUDGET_S
            if table.devices:
                device.append(clock.take())
            if person is not None:
                tags = device_tags(table)
                for tag in tags:
                    shown[tag] = shown.get(tag, 0) + 1
                if tags - STEADY:
                    busy.append(spent)
        if dealing and table.presenter.idle:
            dealing = False
        if drawn:
            (deal if dealing else ai).append(spent)
        if not dealing:
            played += dt
        if person is None:
            if app.top is not table:  # the hand's scores: go on
                app.pop()
        elif isinstance(app.top, MatchEndScene):  # a single-hand match is over: another
            matches += 1
            table = TableScene(app, edition_session(name, seed + matches, level))
            app.reset(table)
            clock.watch(table)
        else:
            person.update(dt, table)
        # let the bot thread answer as it would between real frames
        time.sleep(max(0.0, dt - (time.perf_counter() - t0)) * 0.25)
    app.close()
    pygame.quit()
    on_cpu = {f"cpu_{k}": v for k, v in percentiles(cpu).items() if k != "frames"}
    out: dict[str, object] = {**percentiles(deal + ai), **on_cpu, "deal": percentiles(deal),
                              "ai_turns": percentiles(ai), "over_8ms": over}
    if table.devices:
        out["device_draw"] = percentiles(device)
    if person is not None:
        out["matches"] = matches
        out["device_frames"] = dict(sorted(shown.items()))
        out["device_animating"] = percentiles(busy)
    return out


def moment_times(name: str, seed: int, level: str) -> dict[str, object]:
    """Issue 13's moments at a table of edition ``name`` (one person, three AI players),
    played out by script once the person has the turn, every drawn frame timed as in
    :func:`frame_times`: ``fan`` the focus walking the hand (the fan makes room, a card's
    caption), ``drag`` a card taken up, carried over the table and brought back, ``count_up``
    a hand's end counting each opponent's cards into the winner's score, ``celebration``
    the match end's confetti."""
    import pygame

    from game.play.session import Session
    from game.rules import events as E
    from game.rules.editions import new_game
    from game.store.saves import SeatInfo
    from game.ui import intents as I
    from game.ui.table.match_end import MatchEndScene
    from game.ui.table.results import HandEndScene
    from game.ui.table.scene import TableScene

    app = title_first()
    rules = edition_session(name, seed, level).ruleset
    seats = [SeatInfo("Ada", True), *(SeatInfo(n, False, level)
                                      for n in ("Bruno", "Chloé", "Dev"))]
    session = Session(new_game(rules, 4, seed), seats)
    session.house_rule_text = "Clap twice"
    table = TableScene(app, session)
    app.reset(table)
    dt = 1 / 60
    for _ in range(60 * 90):  # deal and AI turns, to the person's turn
        if app.top is table and table.my_turn():
            break
        if app.top is not table:  # a race, a colour …: answered as autoplay would
            pick = getattr(app.top, "autoplay_intent", None)
            app.dispatch(pick() if pick is not None else I.Activate())
        app.frame(dt)
        time.sleep(0.002)
    phases: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}

    def run(phase: str, seconds: float, each: Callable[[int], None] | None = None) -> None:
        times, cpu = phases.setdefault(phase, []), cpus.setdefault(phase, [])
        for k in range(round(seconds / dt)):
            if each is not None:
                each(k)
            t0, c0 = time.perf_counter(), time.thread_time()
            if app.frame(dt):
                times.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
            time.sleep(max(0.0, dt - (time.perf_counter() - t0)) * 0.25)

    count = len(table.model.hand)
    app.dispatch(I.Navigate(-99, 0))  # Home
    walk = ([1] * (count - 1) + [-1] * (count - 1)) * 3

    def fan(k: int) -> None:  # Right … Left … as a person looking along the hand
        if k % 9 == 0 and k // 9 < len(walk):
            app.dispatch(I.Navigate(walk[k // 9], 0))

    run("fan", min(8.0, 0.15 * len(walk) + 0.5), fan)
    rects = table.hand_rects()
    start = rects[len(rects) // 2].center
    pile = table.layout.discard.center
    app.dispatch(I.Grab(len(rects) // 2, start))

    def carry(k: int) -> None:
        t = k * dt
        u = min(1.0, t / 0.8) if t < 1.0 else max(0.0, 1.0 - (t - 1.0) / 0.6)
        app.dispatch(I.Pointer((int(start[0] + (pile[0] - start[0]) * u),
                                int(start[1] + (pile[1] - start[1]) * u))))

    run("drag", 1.8, carry)
    app.dispatch(I.Release(start))  # let go over the hand: the card goes back
    hands = tuple(tuple(h) for h in session.game.hands)
    points = sum(rules.value(c) for h in hands[1:] for c in h)
    session.revealed = {table.model.hand_no: hands}
    counting = HandEndScene(app, table, E.HandEnded(0, points, (points, 0, 0, 0)))
    app.push(counting)
    run("count_up", 0.5 + counting.step_s * len(counting.steps) + counting.fly_s)
    app.pop()
    app.push(MatchEndScene(app, table, E.MatchEnded((0,))))
    run("celebration", MatchEndScene.CONFETTI_S + 0.5)
    app.close()
    pygame.quit()
    def both(times: list[float], cpu: list[float]) -> dict[str, float]:
        on_cpu = {f"cpu_{k}": v for k, v in percentiles(cpu).items() if k != "frames"}
        return {**percentiles(times), **on_cpu}

    out: dict[str, object] = both([x for t in phases.values() for x in t],
                                  [x for c in cpus.values() for x in c])
    out.update({phase: both(phases[phase], cpus[phase]) for phase in phases})
    return out


#: Issue 34's moments, each reached through the table's own flow from a rigged position
#: (see :func:`flow_moments`); a scenario whose cards or rules an edition lacks is skipped.
FLOW_THINK_S = 0.6  # the person's thought before each press in these scenarios
#: Hands of the hand-win scenario: the person (seat 0) goes out with R1 on R5.
WIN_HANDS = ["R1", "B5 B6 B7 G8", "Y5 Y6 B2", "G2 G3 B9"]
#: The house-rule scenario (RULES.md H-1 … H-3, as tests/ui/test_e2e_house.py), at a
#: hot-seat table (Ada and Bruno at the screen, so the Jump in! button shows): Cid's Draw
#: Two comes to Ada, who can stack hers; Chloé's G4 is the twin of Ada's (jump-in); Ada's
#: Y7 opens the Seven-O chooser. Attack's Draw Two is its Hit 2; Triple Play has nothing to
#: stack (H-1 does not fit it): its Draw Two is left out and stacking with it.
HOUSE_HANDS = ["G+2 G4 Y7 B1 B2 R9", "Y4 B5 B6 B8 B3", "G4 Y9 B7 Y3", "R+2 Y8 Y2 G6"]


class FlowRun:
    """One table driven frame by frame as :func:`frame_times` does, the person pressing
    what the test hooks' autoplay would after ``FLOW_THINK_S`` (never during a count-up:
    it is watched); each drawn frame's wall and CPU time filed under the moment the frame
    showed (``phase_of``, read once the frame is drawn; ``None``: not a moment)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.wall: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}
        self.waited = 0.0

    def run(self, seconds: float, phase_of: Callable[[], str | None],
            done: Callable[[], bool], press: bool = True) -> bool:
        app, dt = self.app, 1 / 60
        played = 0.0
        while played < seconds:
            t0, c0 = time.perf_counter(), time.thread_time()
            drawn = app.frame(dt)
            spent, cpu = time.perf_counter() - t0, time.thread_time() - c0
            phase = phase_of()
            if drawn and phase is not None:
                self.wall.setdefault(phase, []).append(spent)
                self.cpu.setdefault(phase, []).append(cpu)
            played += dt
            if done():
                return True
            top = app.top
            pick = getattr(top, "autoplay_intent", None)
            intent = pick() if pick is not None and press else None
            if intent is None or getattr(top, "counting", False):
                self.waited = 0.0
            else:
                self.waited += dt
                if self.waited >= FLOW_THINK_S:
                    self.waited = 0.0
                    app.dispatch(intent)
            time.sleep(max(0.0, dt - (time.perf_counter() - t0)) * 0.25)
        return False


def _flow_table(app: App, name: str, hands: list[str], piles: str | list[str],
                kinds: str = "HAAA", rules: dict[str, object] | None = None,
                **kw: object) -> TableScene:
    """A table of edition ``name`` at a rigged position (the tests' position builders; the
    options, house rules included, written in the position), the seats of ``kinds``
    (``H`` a person, ``A`` an AI player)."""
    import re

    from game.play.session import Session
    from game.rules.position import load
    from game.store.saves import SeatInfo
    from game.ui.table.scene import TableScene
    from tests.editions.helpers import position
    from tests.rules.helpers import position_text

    # the edition's unit as the editions' builder writes it; the rules in the text itself
    unit = re.search(r"\bunit=(\S+)", position(name, hands, piles, **kw))
    assert unit is not None
    text_kw = {k: v for k, v in kw.items()
               if k not in ("lit", "counts", "caps", "last_tray", "since", "presses")}
    game = load(position_text(hands, piles, ed=name, rules=rules, unit=unit.group(1),
                              **text_kw))  # type: ignore[arg-type]
    names = ("Ada", "Bruno", "Chloé", "Dev")
    seats = [SeatInfo(names[i], k == "H", "medium") for i, k in enumerate(kinds)]
    table = TableScene(app, Session(game, seats))
    app.reset(table)
    return table


def flow_moments(name: str) -> dict[str, object]:
    """Issue 34's moments at edition ``name``'s table, each reached through the table's
    normal flow from a rigged position (the tests' builder and the units' scripts, as the
    tests drive them) and timed frame by frame (wall and ``cpu_`` percentiles, frames over
    the 8 ms budget):

    - ``hand_win``: the person's last card played, the hand's end and its count-up (a
      match to 500 that this hand ends), ``celebration``: the match's end that follows;
    - ``overload`` (Triple Play): a tray overloads under the person's card;
    - ``race`` (Roboto): a duel called on the person's play, the race dialog answered;
    - ``stack``, ``jump_in``, ``seven_o`` (house rules H-1 … H-3 on, where the edition's
      deck and rules have them): a stack coming to the person, the jump-in offered on the
      twin of the card just played, the Seven-O partner chooser;

    ``skipped`` says why a scenario did not apply, ``reached`` which moments a scenario
    meant to show did not show (they are missing at this table, or the flow went past)."""
    import pygame

    from game.rules.engine import Decision

    out: dict[str, object] = {}
    skipped: dict[str, str] = {}
    missing: list[str] = []
    runs: list[FlowRun] = []

    def scenario(label: str, make: Callable[[App], TableScene],
                 play: Callable[[App, TableScene, FlowRun], None]) -> None:
        app = title_first()
        try:
            try:
                table = make(app)
            except Exception as exc:  # this edition's deck or rules lack the scenario
                skipped[label] = f"{type(exc).__name__}: {exc}"
                return
            run = FlowRun(app)
            play(app, table, run)
            runs.append(run)
        finally:
            app.close()
            pygame.quit()

    # -- the hand won, its count-up, and the match's celebration ---------------------
    def quiet(table: TableScene) -> TableScene:
        if name == "roboto":  # no interruption: these scenarios are about other moments
            table.session.game.unit.script = [None] * 40  # type: ignore[attr-defined]
        return table

    def win_table(app: App) -> TableScene:
        piles: str | list[str] = ["R5", "G5", "Y5"] if name == "triple" else "R5"
        return quiet(_flow_table(app, name, WIN_HANDS, piles, scores=[495, 0, 0, 0],
                                 rules={"match": "standard"}))

    def win(app: App, table: TableScene, run: FlowRun) -> None:
        def phase() -> str | None:
            top = app.top.name if app.top is not None else ""
            if top == "match_end":
                return "celebration"
            # from the person's last card played to the count-up's end
            return "hand_win" if top == "hand_end" or not table.session.game.hands[0] \
                else None

        run.run(30.0, phase, lambda: app.top is not None and app.top.name == "match_end")
        confetti = float(getattr(app.top, "CONFETTI_S", 5.0))
        run.run(confetti + 0.5, lambda: "celebration", lambda: False, press=False)
        for moment in ("hand_win", "celebration"):
            if moment not in run.wall:
                missing.append(moment)

    scenario("hand_win", win_table, win)

    # -- Triple Play: a tray overloads under the person's card ------------------------
    if name == "triple":
        def overload_table(app: App) -> TableScene:
            table = _flow_table(app, name, ["Y1 R1 R2", "G1 G2", "Y7 Y8"], ["B9", "G5", "Y5"],
                                kinds="HAA", lit=(2,), counts=(0, 0, 8), caps=(9, 9, 9))
            table.session.game.bank.script_overload = [3]  # type: ignore[attr-defined]
            return table

        def overload(app: App, table: TableScene, run: FlowRun) -> None:
            from game.editions.triple.table.unit import TrayUnit
            from game.ui import intents as I

            unit = next(d for d in table.devices if isinstance(d, TrayUnit))
            run.run(20.0, lambda: None, table.my_turn, press=False)
            hand = [str(c) for c in table.model.hand]
            app.dispatch(I.PlayCard(hand.index("Y1")))  # into the tray about to overload
            seen = [False]

            def phase() -> str | None:
                on = any(f > 0 for f in unit.flash) or unit.animating()
                seen[0] = seen[0] or any(f > 0 for f in unit.flash)
                return "overload" if on or not table.presenter.idle else None

            run.run(8.0, phase, lambda: seen[0] and table.presenter.idle
                    and not any(f > 0 for f in unit.flash))
            if not seen[0]:
                missing.append("overload")

        scenario("overload", overload_table, overload)

    # -- Roboto: a duel called on the person's play, the race answered ----------------
    if name == "roboto":
        def race_table(app: App) -> TableScene:
            from game.editions.roboto.rules import Interrupt

            table = _flow_table(app, name, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"],
                                "B9", draw_top="R1 R2")
            duel = Interrupt("duel", (0, 2), None, 3)  # Ada against Chloé (AI)
            table.session.game.unit.script = [duel]  # type: ignore[attr-defined]
            return table

        def race(app: App, table: TableScene, run: FlowRun) -> None:
            from game.ui import intents as I

            run.run(20.0, lambda: None, table.my_turn, press=False)
            hand = [str(c) for c in table.model.hand]
            app.dispatch(I.PlayCard(hand.index("B5")))
            seen = [False]

            def phase() -> str | None:
                top = app.top.name if app.top is not None else ""
                if top in ("race", "reaction_race"):
                    seen[0] = True
                    return "race"
                return "race" if not table.presenter.idle else None

            run.run(25.0, phase, lambda: seen[0] and app.top is table
                    and table.presenter.idle)
            if not seen[0]:
                missing.append("race")

        scenario("race", race_table, race)

    # -- house rules: a stack, a jump-in, the Seven-O chooser -------------------------
    def house_table(app: App) -> TableScene:
        hands, house, piles = HOUSE_HANDS, "stacking+seven_o+jump_in", "R5"
        if name == "attack":
            hands = [h.replace("+2", "H2") for h in hands]
        if name == "triple":
            hands = [" ".join(c for c in h.split() if "+" not in c) for h in hands]
            house, piles = "seven_o+jump_in", ["R5", "B9", "Y5"]  # type: ignore[assignment]
        return quiet(_flow_table(app, name, hands, piles, kinds="HHAA", turn=3,
                                 rules={"house": house, "match": "single_hand"},
                                 draw_top="R1 R2 R3 R6 Y5 Y6"))

    def house(app: App, table: TableScene, run: FlowRun) -> None:
        def phase() -> str | None:
            top = app.top.name if app.top is not None else ""
            if top == "pick_player":
                return "seven_o"
            if app.top is not table:
                return "stack" if "stack" in top else None
            if table.my_turn() and table.model.decision is Decision.STACK:
                return "stack"
            if table.jump_indices() or any(c.id == "jump" for c in table.controls):
                return "jump_in"
            return None

        run.run(60.0, phase, lambda: table.session.over)
        for moment in ("stack", "jump_in", "seven_o"):
            if name == "triple" and moment == "stack":
                skipped[moment] = "H-1 does not fit Triple Play: it has nothing to stack"
            elif moment not in run.wall:
                missing.append(moment)

    scenario("house", house_table, house)

    def both(times: list[float], cpu: list[float]) -> dict[str, object]:
        on_cpu = {f"cpu_{k}": v for k, v in percentiles(cpu).items() if k != "frames"}
        return {**percentiles(times), **on_cpu,
                "over_8ms": sum(t > BUDGET_S for t in times),
                "cpu_over_8ms": sum(c > BUDGET_S for c in cpu)}

    for run in runs:
        for phase in run.wall:
            out[phase] = both(run.wall[phase], run.cpu[phase])
    if skipped:
        out["skipped"] = skipped
    if missing:
        out["not_reached"] = sorted(set(missing))
    return out


def idle_cpu(seconds: float) -> float:
    """CPU % of one core used by the real loop (``App.run``) while nothing moves."""
    import pygame

    from game.play.session import Session
    from game.rules.editions import new_game
    from game.rules.ruleset import edition
    from game.store.saves import SeatInfo
    from game.ui.table.scene import TableScene

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
            cmd = [sys.executable, "-m", "game.ui.launch"]
        for _ in range(runs):
            t0 = time.time()
            out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                                 timeout=60)
            line = next(x for x in out.stdout.splitlines() if "first_frame_at" in x)
            times.append(json.loads(line)["first_frame_at"] - t0)
    return {"median": round(statistics.median(times), 3), "max": round(max(times), 3)}


def main(argv: Sequence[str] | None = None) -> int:
    from game.setup.options import run_command

    return run_command(_main, "bench/render.py", argv)


def _main(argv: Sequence[str] | None = None) -> int:
    from game.bots import BOTS
    from game.setup.options import ArgumentParser, float_range, seed_type

    ap = ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--driver", choices=("dummy", "x11"), default="dummy")
    ap.add_argument("--edition", choices=(*EDITIONS, "all"), default="official",
                    help="the match the frame times are measured on (all: each in turn)")
    ap.add_argument("--seconds", type=float_range(0.1, 3600.0), default=None,
                    help="game time of turns (default: 25, and 45 for an edition)")
    ap.add_argument("--idle-seconds", type=float_range(0.1, 600.0), default=4.0)
    ap.add_argument("--seed", type=seed_type, default=None,
                    help="the match's seed (default: 7; Roboto 1, for a race with the person)")
    ap.add_argument("--no-moments", dest="moments", action="store_false",
                    help="leave out the moments (issue 13's scripted ones and issue 34's)")
    ap.add_argument("--moments", dest="only_moments", action="store_true",
                    help="measure only the moments (no turns, idle CPU or start-up)")
    ap.add_argument("--level", default=None, choices=tuple(BOTS),
                    help="AI level (default: the set-up's default)")
    args = ap.parse_args(argv)
    if args.driver == "dummy":
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif not os.environ.get("DISPLAY"):
        ap.error("--driver x11 needs $DISPLAY (run under xvfb-run)")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    names = EDITIONS if args.edition == "all" else (args.edition,)
    with tempfile.TemporaryDirectory() as home:
        os.environ["UNO_CONFIG_DIR"], os.environ["UNO_DATA_DIR"] = f"{home}/c", f"{home}/d"
        from game.play.session import default_level

        level = args.level or default_level()
        frames: dict[str, dict[str, object]] = {}
        for name in names:
            seconds = args.seconds or (25.0 if name == "official" else 45.0)
            seed = args.seed if args.seed is not None else SEEDS.get(name, 7)
            frames[name] = {} if args.only_moments else frame_times(seconds, seed, level, name)
            if args.moments or args.only_moments:
                frames[name]["moments"] = moment_times(name, seed, level)
                frames[name]["flow_moments"] = flow_moments(name)
            frames[name]["load_avg_1m"] = round(os.getloadavg()[0], 2)
        idle = None if args.only_moments else idle_cpu(args.idle_seconds)
    start = None if args.only_moments else first_frame(3, args.driver)
    report: dict[str, object] = {"size": [1280, 720], "driver": args.driver, "ai_level": level}
    if args.edition == "all":
        report["edition"] = "all"
        report["editions"] = frames
    else:
        report["edition"] = args.edition
        report.update({k: v for k, v in frames[args.edition].items() if k != "load_avg_1m"})
    if idle is not None and start is not None:
        report.update({"idle_cpu_percent": idle, "first_frame_s": start["median"],
                       "first_frame_max_s": start["max"]})
    report.update({"load_avg_1m": round(os.getloadavg()[0], 2), "cpus": os.cpu_count()})
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
