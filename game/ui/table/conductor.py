"""Paces the AI seats at a speed a person can follow.

Like :class:`game.bots.driver.MatchRunner`, but spread over frames: when the table has
finished showing the last move, the AI to act thinks on the worker thread, and its answer
is applied no sooner than a short "thinking" delay. When a player owes UNO, the AI players
get their chance to catch after a reaction time (longer when a person owes it, so a person
has time to press UNO first), before the next turn goes on. Delays are divided by the
animation speed; at speed 0 (tests) the AI plays at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.bots import BOTS
from game.bots.reaction import ai_time, median
from game.play.session import Session
from game.rules import events as E
from game.rules.actions import Action, CallUno
from game.rules.engine import Decision
from game.rules.errors import IllegalAction
from game.ui.botrunner import BotRunner
from game.ui.botworker import Job

#: H-3: the shortest jump-in window a person gets before the AI to act plays on (seconds,
#: whatever the animation speed): seeing the twin glow and pressing J takes a family about
#: a second (a choice reaction, bench/races.py's model), with a margin for a child.
PERSON_JUMP_S = 1.5


class Conductor:
    """Drives the AI seats of ``session``; call :meth:`update` every frame."""

    def __init__(self, session: Session, runner: BotRunner, speed: Callable[[], float],
                 rng: random.Random | None = None) -> None:
        self.session = session
        self.runner = runner
        self.speed = speed
        self.rng = rng or random.Random(session.seed ^ 0x5EED)
        self.clock = 0.0
        self.job: Job | None = None
        self.job_version = -1
        self.due = 0.0
        self.reaction: Job | None = None
        self.reaction_version = -1
        self.reacted_version = -1
        self.error: str | None = None
        #: H-3: the AI jump-in planned on the card just played: (player, action, due), made
        #: once per engine version (``jump_version``).
        self.jump_plan: tuple[int, Action, float] | None = None
        self.jump_version = -1

    def d(self, seconds: float) -> float:
        k = self.speed()
        return 0.0 if k <= 0 else seconds / k

    def waiting(self) -> bool:
        """Is an AI about to act (so the loop should wake up for it)?"""
        return self.job is not None or self.reaction is not None

    def next_due(self) -> float | None:
        """Seconds until the conductor has something to do (0: now), ``None``: nothing
        until a person acts."""
        s = self.session
        if s.over:
            return None
        v = s.version
        fresh_job = (self.job is not None and self.job_version == v) or (
            self.reaction is not None and self.reaction_version == v)
        if fresh_job:
            return max(0.0, self.due - self.clock)
        if self.reacted_version != v and self.reactors():
            return 0.0
        if s.jump_card() is not None:
            if self.jump_version != v:
                return 0.0
            if self.jump_plan is not None:
                return max(0.0, self.jump_plan[2] - self.clock)
        return None if s.is_human(s.to_act) else 0.0

    # ------------------------------------------------------------------ the step
    def update(self, dt: float, may_act: bool) -> list[E.Event]:
        """Apply at most one AI decision (or one round of reactions) when it is due."""
        self.clock += dt
        s = self.session
        if s.over or not may_act:
            return []
        v = s.version
        if self.reaction is not None and self.reaction_version != v:
            self.reaction = None  # the table changed meanwhile (a person called UNO)
        if self.job is not None and self.job_version != v:
            self.job = None
        if self.reacted_version != v and self.reactors():
            return self._react(v)
        jumped = self._jump(v)
        if jumped:
            return jumped
        p = s.to_act
        if s.is_human(p):
            self.job = None
            return []
        if self.job is None:
            legal = s.legal(p)
            view = s.view(p, with_events=self.runner.wants_history(p))
            self.job = self.runner.choose(p, view, legal)
            self.job_version = v
            self.due = self.clock + self._think(s.decision)
            if s.jump_card() is not None and s.humans:
                # H-3: the table gets a jump-in window before the AI to act plays on: the
                # one reaction-time model's jump-in time at this pace, and never less than
                # a person needs to see the twin glow and press J when one could.
                wait = self.d(median(s.seats[p].level, "jump_in"))
                if self.person_may_jump():
                    wait = max(wait, PERSON_JUMP_S)
                self.due = max(self.due, self.clock + wait)
            return []
        if not self.job.done or self.clock < self.due:
            return []
        job, self.job = self.job, None
        if job.error is not None or job.result is None:
            self.error = f"AI {p} failed: {job.error}"
            return self._fallback(p)
        return self._apply(job.result)

    def person_may_jump(self) -> bool:
        """Should the AI to act leave the people a jump-in window? In hot-seat always (the
        table's Jump in! button is there after every card, so a wait tells nothing); alone
        at the screen only when the person holds the twin, so other turns keep their pace."""
        s = self.session
        if s.jump_card() is None or not s.humans:
            return False
        return len(s.humans) > 1 or any(s.jump_ins(h) for h in s.humans)

    def _think(self, decision: Decision) -> float:
        if decision is Decision.TURN:
            return self.d(0.55 + 0.5 * self.rng.random())
        return self.d(0.45)

    def _apply(self, action: Action) -> list[E.Event]:
        try:
            return self.session.act(action)
        except IllegalAction as exc:  # a bot bug must not stop the table
            self.error = str(exc)
            return self._fallback(action.player)

    def _fallback(self, p: int) -> list[E.Event]:
        legal = [a for a in self.session.legal(p) if not isinstance(a, CallUno)]
        return self.session.act(legal[-1]) if legal else []

    # ------------------------------------------------------------------ jump-in (H-3)
    def _jump(self, v: int) -> list[E.Event]:
        """An AI jumps in on the card just played after its level's reaction time (the
        one model the races and catches use, :mod:`game.bots.reaction`), if it holds the
        twin and its level wants to (``jump_chance``); the quickest counts (H-3)."""
        s = self.session
        if s.jump_card() is None:
            self.jump_plan = None
            return []
        if self.jump_version != v:
            self.jump_version = v
            self.jump_plan = None
            best: tuple[int, Action, float] | None = None
            for q in s.seating:
                options = s.jump_ins(q) if not s.is_human(q) else []
                if not options:
                    continue
                level = s.seats[q].level
                chance = float(getattr(BOTS.get(level), "jump_chance", 1.0))
                if self.rng.random() >= chance:
                    continue
                t = ai_time(level, "jump_in", self.rng)
                if best is None or t < best[2]:
                    best = (q, options[0], t)
            if best is not None:
                self.jump_plan = (best[0], best[1], self.clock + self.d(best[2]))
        plan = self.jump_plan
        if plan is None or self.clock < plan[2]:
            return []
        self.jump_plan = None
        q, action, _due = plan
        if action not in s.jump_ins(q):
            return []
        self.job = None  # the player to act was passed over
        return self._apply(action)

    # ------------------------------------------------------------------ reactions
    def reactors(self) -> list[int]:
        """AI seats with something to do out of turn, in MatchRunner's order: those who owe
        UNO first, then everyone from the player to act."""
        return [q for q in self.session.reactors() if not self.session.is_human(q)]

    def _react(self, v: int) -> list[E.Event]:
        s = self.session
        if self.reaction is None or self.reaction_version != v:
            asks = []
            for q in self.reactors():
                options = s.out_of_turn(q)
                asks.append((q, s.view(q, with_events=self.runner.wants_history(q)), options))
            self.reaction = self.runner.react(asks)
            self.reaction_version = v
            owers_human = any(s.is_human(q) for q in s.owes_uno())
            delay = 0.25
            if owers_human:
                levels = [s.seats[q].level for q in self.reactors()]
                # seconds a person gets to call UNO before the quickest AI catches them:
                # the catch time of the one reaction-time model (game.bots.reaction)
                delay = min((median(lv, "catch") for lv in levels),
                            default=median("medium", "catch"))
            self.due = self.clock + self.d(delay)
            return []
        if not self.reaction.done or self.clock < self.due:
            return []
        job, self.reaction = self.reaction, None
        self.reacted_version = v
        out: list[E.Event] = []
        for q, action in job.result or []:
            if action is not None and action in s.out_of_turn(q):
                out += s.act(action)
        return out

