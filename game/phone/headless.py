"""A main loop without a window: a :class:`~game.play.session.Session`, a
:class:`~game.phone.hub.PhoneHub` for the people's seats and bots for the others.

It is what the table does for phones, with nothing drawn: each :meth:`HeadlessTable.frame`
drains the hub, applies the phones' choices (:meth:`~game.phone.hub.PhoneHub.handle_choice`),
lets an AI seat act when its pace allows, and publishes every phone's state. The tests and
``bench/phones.py`` drive phones against it; the table may read it as the reference of the
main loop's side.

AI seats call UNO at once but give a person :attr:`catch_grace` seconds to call theirs
before catching them (C-12's window stays open until the next turn begins), and act
:attr:`ai_delay` seconds after the last change, as the table paces them. A Roboto race that
names a phone's person is raced on the phones (:mod:`game.phone.race`), on this loop's
clock, and reported for the reporter when every racer has finished.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.bots import Bot, make_bot
from game.bots.driver import seat_rng
from game.phone.hub import ChoiceRequest, PhoneHub
from game.phone.race import RACE, PhoneRace, report, take_press
from game.play.choices import clock, expire
from game.play.session import Session
from game.rules import events as E
from game.rules.actions import Action, CallUno, RaceFinished
from game.rules.engine import Decision

T = TypeVar("T")


@dataclass
class HeadlessTable:
    """See the module docstring. ``bots`` maps each AI seat to its bot."""

    session: Session
    hub: PhoneHub
    bots: Mapping[int, Bot]
    ai_delay: float = 0.0
    catch_grace: float = 1.5
    faces: Sequence[str] = ()
    clock: Callable[[], float] = time.monotonic
    #: Every event applied, in order (phones' and bots').
    events: list[E.Event] = field(default_factory=list)
    #: Every phone choice applied (not the repeats), in order.
    phone_actions: list[Action] = field(default_factory=list)
    _changed: float = 0.0
    _clock: tuple[tuple[int, str], float] | None = None
    _asked: set[tuple[int, int]] = field(default_factory=set)
    #: A race under way that phones race in (R-10), and the clock when it was last ticked.
    race: PhoneRace | None = None
    _race_clock: float = 0.0

    def __post_init__(self) -> None:
        self._changed = self.clock()
        self._rngs = {p: seat_rng(self.session.seed, p) for p in self.bots}
        self._calls: queue.Queue[tuple[Callable[[], Any], queue.Queue[Any]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._running = threading.Event()
        self.failure: BaseException | None = None
        #: Set: frames do nothing (a test holds the main loop between a tap and its answer).
        self.paused = threading.Event()

    @staticmethod
    def with_bots(session: Session, hub: PhoneHub, level: str = "heuristic",
                  **kw: object) -> HeadlessTable:
        """A table whose every AI seat plays ``level``."""
        bots = {p: make_bot(level) for p in range(session.players) if not session.is_human(p)}
        return HeadlessTable(session, hub, bots, **kw)  # type: ignore[arg-type]

    def frame(self) -> int:
        """One frame of the main loop; returns how many actions it applied (none while
        :attr:`paused`: the phones' requests wait in the hub's queue)."""
        applied = 0
        if self.paused.is_set():
            return 0
        for item in self.hub.poll():
            if isinstance(item, ChoiceRequest):
                if self._race_press(item):
                    continue
                chosen = self.hub.handle_choice(self.session, item)
                if chosen is not None and not chosen.repeated:
                    self.phone_actions.append(chosen.action)
                    self._note(chosen.events)
                    applied += 1
        deadlines: dict[str, float] = {}
        if not self.session.over:
            applied += self._race()
            applied += self._ai()
            deadlines, expired = self._clocks()
            applied += expired
        self.hub.publish_session(self.session, deadlines, faces=self.faces, race=self.race)
        return applied

    # ------------------------------------------------------------------ R-10 on phones
    def _race_tick(self) -> PhoneRace | None:
        """The race under way now, started when the session asks one of a phone's person,
        its clock brought to this moment (``None``: none)."""
        s = self.session
        race = self.race
        if race is not None and (s.over or race.version != s.version):
            race = self.race = None
        now = self.clock()
        if race is None:
            race = self.race = PhoneRace.start(s, self.hub.seats())
            self._race_clock = now
        if race is not None:
            race.tick(now - self._race_clock)
            self._race_clock = now
        return race

    def _race(self) -> int:
        """Tick the race; once every racer has finished, report its order."""
        race = self._race_tick()
        chosen = None if race is None else report(race, self.session)
        if chosen is None:
            return 0
        self.race = None
        self._note(chosen.events)
        return 1

    def _race_press(self, item: ChoiceRequest) -> bool:
        """A phone's race button, timed now (``True``: taken here, acknowledged). While
        a race is on, its report cannot be sent from a phone: it is refused."""
        race = self._race_tick() if item.choice == RACE else self.race
        taken, clause, stale = take_press(race, self.session, item.seat, item.version,
                                          item.choice, item.option)
        if taken:
            self.hub.acknowledge(item, clause, stale)
        return taken

    def _clocks(self) -> tuple[dict[str, float], int]:
        """The clock on a person's decision (T-12), kept here as the table keeps it: the
        seconds left by choice id, and the clock's own action applied when they run out."""
        s = self.session
        p = s.to_act
        running = None if p in self.bots or s.over else clock(s.view(p))
        if running is None:
            self._clock = None
            return {}, 0
        choice_id, seconds = running
        key = (s.version, choice_id)
        if self._clock is None or self._clock[0] != key:
            self._clock = (key, self.clock())
        left = seconds - (self.clock() - self._clock[1])
        if left > 0:
            return {choice_id: left}, 0
        self._act(expire(s.choices(p), s.version, choice_id))
        return {}, 1

    def _note(self, events: Sequence[E.Event]) -> None:
        self.events += events
        self._changed = self.clock()

    def _act(self, action: Action) -> None:
        self._note(self.session.act(action))

    def _ai(self) -> int:
        s = self.session
        now = self.clock()
        for q in s.reactors():
            bot = self.bots.get(q)
            if bot is None:
                continue
            options = s.out_of_turn(q)
            owes = any(isinstance(a, CallUno) for a in options)
            if not owes and now - self._changed < self.catch_grace:
                continue
            key = (s.version, q)
            if key in self._asked:
                continue
            self._asked.add(key)
            reaction = bot.react(s.view(q), options, self._rngs[q])
            if reaction is not None:
                self._act(reaction)
                return 1
        p = s.to_act
        bot = self.bots.get(p)
        if bot is None or now - self._changed < self.ai_delay or self.race is not None:
            return 0  # (a race on phones is reported when it is over, not by the bot)
        legal = s.legal(p)
        if s.decision is Decision.RACE:
            example = legal[0]
            assert isinstance(example, RaceFinished)
            action: Action = RaceFinished(p, tuple(example.order))
        else:
            action = bot.choose(s.view(p), legal, self._rngs[p])
        self._act(action)
        return 1

    def run_until(self, done: Callable[[], bool], timeout: float, pause: float = 0.005
                  ) -> bool:
        """Run frames until ``done()`` (``True``) or ``timeout`` seconds (``False``)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.frame()
            if done():
                return True
            time.sleep(pause)
        return done()

    # ------------------------------------------------------------------ on its own thread
    def start(self, period: float = 0.005) -> None:
        """Run frames every ``period`` seconds on a thread of its own (which is then the
        only one to touch the session: use :meth:`call` from others)."""
        self._running.set()

        def loop() -> None:
            try:
                while self._running.is_set():
                    self._serve_calls()
                    self.frame()
                    time.sleep(period)
            except BaseException as exc:  # reported by call() and stop()
                self.failure = exc
                self._running.clear()

        self._thread = threading.Thread(target=loop, name="headless-table", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._running.clear()
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None
        if self.failure is not None:
            raise RuntimeError("the headless table failed") from self.failure

    def call(self, fn: Callable[[], T], timeout: float = 30.0) -> T:
        """``fn()`` run on the table's thread between two frames; its result."""
        if self._thread is None:
            return fn()
        answer: queue.Queue[Any] = queue.Queue(1)
        self._calls.put((fn, answer))
        ok, value = answer.get(timeout=timeout)
        if not ok:
            raise value
        return value

    def _serve_calls(self) -> None:
        while True:
            try:
                fn, answer = self._calls.get_nowait()
            except queue.Empty:
                return
            try:
                answer.put((True, fn()))
            except Exception as exc:
                answer.put((False, exc))
