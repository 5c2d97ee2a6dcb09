"""Roboto's races on the phones (R-10): a race that names a person on a phone is raced on
that phone, not reported from it.

When Roboto calls a duel or the house rule race (``Decision.RACE``, owed by the first
racer, who reports the finishing order), the main loop starts a :class:`PhoneRace`: each
racer on a phone gets, in place of the report, a choice of its own (id :data:`RACE`) that
shows what to do (the duel's task or the house rule, in the phone's language), one big
button (:data:`DONE`) and, where an AI races too, the seconds before the first AI finishes
(the choice's ``deadline``: the page counts it down). The table's clock decides: it runs
the AI racers' times (drawn as the table's race dialog draws them, from the one
reaction-time model), and each phone's press is timed when the main loop takes it. When
every racer has finished the race settles on the reporter's option for that finishing
order (:meth:`PhoneRace.option`), which the main loop applies like any choice.

In reaction mode (``Session.race_mode``) the button is pressed on the flash: the
``deadline`` appears only once the lamp has flashed, and a press before it is a false
start, which loses (false starts finish last, the first one to jump the gun very last).

At the table in the window a person who races at the keyboard (``people``: a racer of
that race not on a connected phone) presses in the table's race dialog, which shows this
same race (:meth:`PhoneRace.press` too). Both main loops, the window's and the headless
one, take a phone's press with :func:`take_press` and report the finished race with
:func:`report`.

Pure data and arithmetic: no pygame, no threads; the main loop owns it and ticks it.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Final

from game.bots.reaction import ai_time
from game.i18n import N_
from game.play.choices import Choice, Choices, Option
from game.play.session import Chosen, Session
from game.play.specs import race_task
from game.rules.decisions import Decision
from game.rules.units import RobotoView

#: The id of a racer's choice on its phone, and of its one option.
RACE: Final = "race"
DONE: Final = "done"
#: R-10 reaction mode: the flash comes after this many seconds (low-high), as at the
#: table (game.editions.roboto.table.races.FLASH_DELAY; a test keeps the two equal).
FLASH_DELAY: Final = (1.5, 4.0)

DONE_LABEL = N_("I am done!")
WAIT_LABEL = N_("Wait for the flash, then press!")
GO_LABEL = N_("GO! Press now!")
FINISHED_LABEL = N_("Done: number {place}")
FALSE_START_LABEL = N_("False start!")
HOUSE_RULE = N_("House rule: {rule}")
HOUSE_RULE_RECORDED = N_("Do the house rule you recorded!")


def instruction(session: Session, kind: str) -> tuple[str, dict[str, str]]:
    """What the racers must do, as a label and its parameters: the house rule's typed
    text, or the duel's task, picked as the table's race dialog picks it (the same for a
    given moment of a game; the edition registers it with the choice description,
    :func:`game.play.specs.register_task`)."""
    if kind == "house_rule":
        typed = str(getattr(session, "house_rule_text", "") or "")
        return (HOUSE_RULE, {"rule": typed}) if typed else (HOUSE_RULE_RECORDED, {})
    return race_task(kind, session.seed, session.version)


@dataclass
class PhoneRace:
    """One race under way; see the module docstring. ``clock`` counts seconds since the
    race began; ``ai`` is when each AI racer finishes (presses, in reaction mode)."""

    version: int
    reporter: int
    racers: tuple[int, ...]
    phones: frozenset[int]
    kind: str
    label: str
    params: dict[str, str]
    ai: dict[int, float]
    flash_at: float | None = None
    #: The people racing at the keyboard (the table's race dialog takes their presses).
    people: frozenset[int] = frozenset()
    clock: float = 0.0
    done: list[int] = field(default_factory=list)
    false_starts: list[int] = field(default_factory=list)
    #: Each finished racer's time (after the flash, in reaction mode), in seconds.
    times: dict[int, float] = field(default_factory=dict)

    @staticmethod
    def start(session: Session, phones: Collection[int]) -> PhoneRace | None:
        """The race the session asks now, if it names a racer on one of ``phones``
        (``None``: no race, or none of its racers is on a phone)."""
        if session.over or session.decision is not Decision.RACE:
            return None
        reporter = session.to_act
        unit = session.view(reporter).unit
        if not isinstance(unit, RobotoView) or not unit.named:
            return None
        racers = tuple(unit.named)
        on_phones = frozenset(p for p in racers if p in phones and session.is_human(p))
        if not on_phones:
            return None
        levels = session.ai_levels()
        bots = [p for p in racers if not session.is_human(p)]
        flash_at = None
        if getattr(session, "race_mode", "family") == "reaction":
            rng = random.Random(session.seed * 37 + session.version)
            flash_at = rng.uniform(*FLASH_DELAY)
            ai = {p: flash_at + ai_time(levels.get(p, ""), "flash", rng) for p in bots}
        else:
            rng = random.Random(session.seed * 31 + session.version)
            ai = {p: ai_time(levels.get(p, ""), "race", rng) for p in bots}
        people = frozenset(p for p in racers if session.is_human(p) and p not in on_phones)
        label, params = instruction(session, unit.interruption)
        return PhoneRace(session.version, reporter, racers, on_phones, unit.interruption,
                         label, params, ai, flash_at, people)

    # ------------------------------------------------------------------ the clock
    @property
    def flashed(self) -> bool:
        return self.flash_at is None or self.clock >= self.flash_at

    @property
    def finished(self) -> bool:
        return len(self.done) + len(self.false_starts) >= len(self.racers)

    def tick(self, dt: float) -> bool:
        """``dt`` seconds more; the AI racers whose time came finish. ``True`` when
        anything a phone shows changed (a racer finished, the lamp flashed)."""
        was = self.flashed
        self.clock += max(0.0, dt)
        changed = self.flashed != was
        for p, t in sorted(self.ai.items(), key=lambda kv: kv[1]):
            if self.clock >= t and p not in self.done:
                self.done.append(p)
                self.times[p] = t - (self.flash_at or 0.0)
                changed = True
        return changed

    def press(self, seat: int) -> bool:
        """``seat`` pressed its button now (on its phone, or at the table for one of
        :attr:`people`); ``False`` when it is not racing that way (or already finished)."""
        if (seat not in self.phones and seat not in self.people) or seat in self.done \
                or seat in self.false_starts or self.finished:
            return False
        if self.flashed:
            self.done.append(seat)
            self.times[seat] = self.clock - (self.flash_at or 0.0)
        else:
            self.false_starts.append(seat)
        return True

    def follow(self, on_phones: Collection[int], connected: Collection[int]) -> bool:
        """Each racer of ``on_phones`` (the seats on a phone) who has not finished races
        where they can: on their phone while it is ``connected``, at the keyboard (one of
        :attr:`people`) while it is gone, so a phone that drops mid-race never leaves the
        race waiting on it. ``True`` when a racer moved."""
        moved = False
        for p in self.racers:
            if p not in on_phones or p in self.done or p in self.false_starts:
                continue
            if p in connected and p in self.people:
                self.people, self.phones = self.people - {p}, self.phones | {p}
                moved = True
            elif p not in connected and p in self.phones:
                self.phones, self.people = self.phones - {p}, self.people | {p}
                moved = True
        return moved

    def order(self) -> tuple[int, ...]:
        """The finishing order so far (false starts last, the first of them very last)."""
        return (*self.done, *self.false_starts[::-1])

    # ------------------------------------------------------------------ the phones
    def deadline(self) -> float | None:
        """Seconds before the first AI still racing finishes (``None``: no AI races, or
        the lamp has not flashed yet)."""
        left = [t - self.clock for p, t in self.ai.items() if p not in self.done]
        if not left or not self.flashed:
            return None
        return max(0.0, min(left))

    def phase(self, seat: int) -> tuple[object, ...]:
        """What ``seat``'s phone shows of the race, in no language (when it changes, the
        phone is sent its state again)."""
        return (self.version, self.flashed, tuple(self.done), tuple(self.false_starts),
                seat in self.done or seat in self.false_starts, tuple(sorted(self.phones)))

    def choice(self, seat: int) -> Choice | None:
        """``seat``'s race on its phone (``None``: it does not race from a phone)."""
        if seat not in self.phones:
            return None
        if seat in self.false_starts:
            options: tuple[Option, ...] = (Option(DONE, "button", FALSE_START_LABEL, {}),)
        elif seat in self.done:
            options = (Option(DONE, "button", FINISHED_LABEL,
                              {"place": self.done.index(seat) + 1}),)
        else:
            label = DONE_LABEL if self.flash_at is None else (
                GO_LABEL if self.flashed else WAIT_LABEL)
            options = (Option(DONE, "button", label, {}),)
        return Choice(RACE, "race", self.label, "R-10", options, dict(self.params),
                      self.deadline(), False)

    def answers(self, seat: int, version: int, choice: str, option: str) -> bool:
        """Is this request a press of ``seat``'s race button, made at this race's state?"""
        return (choice, option) == (RACE, DONE) and version == self.version \
            and seat in self.phones

    def option(self, reporter: Choices) -> tuple[str, str] | None:
        """The reporter's (choice id, option id) for the finishing order, once every
        racer has finished: the option of that very order, else of the same last racer
        (the one who draws); ``None`` while the race is on or when nothing fits."""
        if not self.finished:
            return None
        choice = reporter.choice(RACE)
        if choice is None or not choice.options:
            return None
        order = self.order()

        def order_of(o: Option) -> tuple[int, ...]:
            value = o.params.get("order", ())
            return tuple(p for p in value if isinstance(p, int)) \
                if isinstance(value, tuple) else ()

        exact = next((o for o in choice.options if order_of(o) == order), None)
        last = next((o for o in choice.options if order_of(o)[-1:] == order[-1:]), None)
        picked = exact or last
        return None if picked is None else (choice.id, picked.id)


def take_press(race: PhoneRace | None, session: Session, seat: int, version: int,
               choice: str, option: str) -> tuple[bool, str | None, bool]:
    """A phone's request seen by the main loop while races may be on: ``(taken, clause,
    stale)``. Not ``taken``: it is not a race button (the session answers it). ``taken``
    with ``clause`` ``None``: the press is timed now (a press again from a racer who has
    finished is acknowledged and changes nothing); with ``"R-10"``: refused (a press for
    another state, ``stale``, or a report of the finishing order sent from a phone while
    the race is raced on the phones), and nothing changed."""
    if choice != RACE:
        return False, None, False
    if race is None and option != DONE:
        return False, None, False  # no race on phones: the report is the session's to take
    if race is None or not race.answers(seat, version, choice, option):
        return True, "R-10", version != session.version
    if seat in race.done or seat in race.false_starts:
        # the same press again (the page resends it after a lost acknowledgement): it
        # was timed once, and is acknowledged as done, not refused
        return True, None, False
    return True, None if race.press(seat) else "R-10", False


def report(race: PhoneRace, session: Session) -> Chosen | None:
    """Once every racer has finished, the reporter's report of the finishing order,
    applied (``None``: the race is still on)."""
    picked = race.option(session.choices(race.reporter))
    if picked is None:
        return None
    return session.choose(race.reporter, race.version, *picked)


def with_race(choices: Choices, race: Choice | None) -> Choices:
    """``choices`` with a racer's race in front, in place of the report of the finishing
    order (the race is raced on the phone, the table reports it)."""
    if race is None:
        return choices
    rest = tuple(c for c in choices.choices if c.id != RACE)
    actions = {k: a for k, a in choices.actions.items() if k[0] != RACE}
    return Choices(choices.version, choices.seat, (race, *rest), actions)
