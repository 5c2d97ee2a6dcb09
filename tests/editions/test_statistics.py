"""Statistical tests of the simulated units, with fixed seeds (deterministic).

Each design choice of RULES.md is checked twice: on the device object itself, driven
with a seeded ``random.Random`` (100,000 draws: the honest unit), and once through the
game, by recording what the engine asks its device during bot-played matches and
cross-checking it with the events.

Tolerances: a proportion ``p`` estimated from ``n`` trials must land within 4.5
standard errors (``helpers.band``); a distribution must pass a chi-square test at the
99.99 % point. With fixed seeds the outcome never changes; the bands say how far an
honest implementation may land, and are tight enough that a wrong constant (a fire
rate off by two points over 100,000 presses, one burst weight off by one) fails.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations
from typing import Any

from game.bots.driver import MatchRunner
from game.bots.heuristic import HeuristicBot
from game.bots.random_bot import RandomBot
from game.editions.attack.rules import Launcher
from game.editions.roboto.rules import COMMAND_WEIGHTS, MIN_GAP, Interrupt, RobotoUnit
from game.editions.triple.trays import TrayBank, light
from game.rules import events as E
from game.rules import new_game
from game.rules.engine import Game
from game.rules.ruleset import MatchKind

from .helpers import CHI2_9999, band, chi_square, ruleset

#: A-2 as written in RULES.md (not imported from the engine: the test states the rule).
FIRE = {0: 0.21, 1: 0.11, 2: 0.54, 3: 1.0}
BURST_W = dict(zip(range(1, 13), (6, 10, 14, 15, 14, 12, 9, 7, 5, 4, 2, 2), strict=True))
BURST_P = {k: w / sum(BURST_W.values()) for k, w in BURST_W.items()}
#: T-3, T-5, T-6.
LIT_P = {1: 0.30, 2: 0.45, 3: 0.25}
CAP_P = {c: 1 / 5 for c in range(5, 10)}
OVER_P = {n: 1 / 4 for n in range(1, 5)}
#: R-5: (command %, house rule %) by chattiness.
CHAT = {"low": (0.06, 0.03), "normal": (0.12, 0.05), "high": (0.20, 0.08)}


def within(observed: float, p: float, n: int) -> bool:
    return abs(observed - p) <= band(p, n)


def bots(rng: random.Random, players: int) -> list[Any]:
    return [RandomBot() if rng.random() < 0.6 else HeuristicBot() for _ in range(players)]


# ====================================================================== A-2 launcher


def launcher_sample(presses: int, seed: int, loaded: int = 10**6
                    ) -> tuple[Counter[int], Counter[int], Counter[int], int]:
    rng, launcher = random.Random(seed), Launcher()
    tries: Counter[int] = Counter()
    fires: Counter[int] = Counter()
    sizes: Counter[int] = Counter()
    longest = run = 0
    for _ in range(presses):
        n = launcher.presses
        size = launcher.outcome(rng, loaded)
        tries[n] += 1
        if size:
            fires[n] += 1
            sizes[size] += 1
            assert launcher.presses == 0
            run = 0
        else:
            assert launcher.presses == n + 1
            run += 1
            longest = max(longest, run)
    return tries, fires, sizes, longest


def test_A2_stat_fire_rate_per_press_count_over_100000_presses() -> None:
    tries, fires, _, longest = launcher_sample(100_000, seed=2018)
    assert sum(tries.values()) == 100_000
    assert set(tries) == {0, 1, 2, 3}  # never a fifth press without firing
    assert longest == 3
    for n, p in FIRE.items():
        rate = fires[n] / tries[n]
        if p == 1.0:
            assert fires[n] == tries[n]
        else:
            assert within(rate, p, tries[n]), (n, rate, p, tries[n])
    # The bands are tight: each rate is pinned within about a point.
    assert all(band(p, tries[n]) < 0.015 for n, p in FIRE.items() if p < 1)


def test_A2_stat_burst_sizes_follow_the_weights_over_100000_presses() -> None:
    _, _, sizes, _ = launcher_sample(100_000, seed=77)
    assert set(sizes) == set(range(1, 13))
    n = sum(sizes.values())
    assert n > 35_000
    assert chi_square(sizes, BURST_P) < CHI2_9999[11]
    mean = sum(k * c for k, c in sizes.items()) / n
    expect = sum(k * p for k, p in BURST_P.items())
    assert abs(mean - expect) < 0.05


def test_A2_stat_a_burst_never_exceeds_what_is_loaded() -> None:
    for loaded in range(0, 13):
        _, _, sizes, _ = launcher_sample(2_000, seed=loaded, loaded=loaded)
        assert all(size <= loaded for size in sizes)
        if loaded:
            assert max(sizes) == loaded  # bigger bursts were capped, not redrawn


class RecordingLauncher(Launcher):
    """The launcher, noting each outcome the engine asks for: (presses before, cards
    loaded, cards fired)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[int, int, int]] = []

    def outcome(self, rng: random.Random, loaded: int) -> int:
        before = self.presses
        size = super().outcome(rng, loaded)
        self.asked.append((before, loaded, size))
        return size


def test_A2_stat_launcher_through_the_game() -> None:
    """Attack matches with bots: record every launcher outcome the engine asks for and
    check it against A-2 and against the LauncherPressed events."""
    tries: Counter[int] = Counter()
    fires: Counter[int] = Counter()
    sizes: Counter[int] = Counter()
    presses = 0
    seed = 0
    while presses < 30_000:
        seed += 1
        rng = random.Random(seed)
        players = rng.randint(2, 6)
        g = new_game(replace(ruleset("attack"), match=MatchKind.SINGLE_HAND), players, seed)
        recorder = g.launcher.copy(into=RecordingLauncher())
        g.launcher = recorder
        asked = recorder.asked
        log: list[E.Event] = []
        MatchRunner(g, bots(rng, players), seed).run(log.extend)
        after_deal = log[len(g.initial_events):]  # the recorder was fitted after the deal
        pressed = [e for e in after_deal if isinstance(e, E.LauncherPressed)]
        assert [e.count for e in pressed] == [s for _, _, s in asked]
        assert all(len(e.fired) == e.count for e in pressed)
        for before, loaded, size in asked:
            if loaded == 0:  # nothing loaded and nothing to reload: a forced dud
                assert size == 0
                continue
            presses += 1
            tries[before] += 1
            fires[before] += size > 0
            if loaded >= 12:  # an uncapped burst
                sizes[size] += bool(size)
    del sizes[0]
    for n, p in FIRE.items():
        if p == 1.0:
            assert fires[n] == tries[n] > 0
        else:
            assert within(fires[n] / tries[n], p, tries[n]), (n, fires[n], tries[n])
    assert sum(sizes.values()) > 5_000
    assert chi_square(sizes, BURST_P) < CHI2_9999[11]


# ====================================================================== T-3, T-5, T-6


def test_T3_stat_lit_set_sizes_30_45_25_and_every_set_equally_likely() -> None:
    rng, bank = random.Random(3), TrayBank()
    sets: Counter[tuple[int, ...]] = Counter()
    for _ in range(100_000):
        lit = bank.light_up(rng)
        assert lit and lit == tuple(sorted(set(lit))) and set(lit) <= {0, 1, 2}
        sets[lit] += 1
    by_size = Counter()
    for lit, n in sets.items():
        by_size[len(lit)] += n
    assert chi_square(by_size, LIT_P) < CHI2_9999[2]
    for k, p in LIT_P.items():
        assert within(by_size[k] / 100_000, p, 100_000)
    for k in (1, 2):  # within a size, each set of trays equally likely
        group = {s: sets[s] for s in combinations(range(3), k)}
        assert chi_square(group, {s: 1 / 3 for s in group}) < CHI2_9999[2]
    assert sets[(0, 1, 2)] == by_size[3]


def test_T5_stat_capacities_uniform_5_to_9() -> None:
    rng, bank = random.Random(5), TrayBank()
    caps: Counter[int] = Counter()
    for i in range(100_000):
        bank.reset(i % 3, rng)
        caps[bank.capacity[i % 3]] += 1
    assert set(caps) == set(CAP_P)
    assert chi_square(caps, CAP_P) < CHI2_9999[4]


def test_T6_stat_overload_numbers_uniform_1_to_4_at_exactly_capacity() -> None:
    rng, bank = random.Random(6), TrayBank()
    numbers: Counter[int] = Counter()
    presses_to_overload: Counter[int] = Counter()
    for _ in range(100_000):
        cap = bank.capacity[0]
        for k in range(1, cap + 1):
            n = bank.press(0, rng)
            if k < cap:
                assert n == 0 and bank.light(0) == light(cap - k)
        assert n > 0 and bank.count[0] == 0
        numbers[n] += 1
        presses_to_overload[cap] += 1
    assert set(numbers) == set(OVER_P)
    assert chi_square(numbers, OVER_P) < CHI2_9999[3]
    assert chi_square(presses_to_overload, CAP_P) < CHI2_9999[4]


class TrayModel:
    """Follows the trays from the events alone (plus the capacity the unit drew at each
    reset) and predicts every light and every overload."""

    def __init__(self, g: Game) -> None:
        self.count = list(g.bank.count)  # type: ignore[attr-defined]
        self.cap = list(g.bank.capacity)  # type: ignore[attr-defined]
        self.resets: list[tuple[int, int]] = []

    def follow(self, events: list[E.Event]) -> list[int]:
        """Check one action's events; returns the overload numbers seen."""
        overloads = []
        pending = self.resets
        for e in events:
            if isinstance(e, E.HandStarted):
                for _ in range(3):
                    t, cap = pending.pop(0)
                    self.count[t], self.cap[t] = 0, cap
            if not isinstance(e, E.TrayPressed):
                continue
            t = e.tray
            if e.cleared:  # T-9: the reset replaces the press
                rt, cap = pending.pop(0)
                assert rt == t and e.overload == 0 and e.light == "green"
                self.count[t], self.cap[t] = 0, cap
                continue
            self.count[t] += 1
            if self.count[t] == self.cap[t]:  # T-5: the press reaching capacity
                assert 1 <= e.overload <= 4, e
                overloads.append(e.overload)
                rt, cap = pending.pop(0)
                assert rt == t
                self.count[t], self.cap[t] = 0, cap
                assert e.light == light(cap)
            else:
                assert e.overload == 0, e
                assert e.light == light(self.cap[t] - self.count[t]), (e, self.cap[t])
        assert not pending, pending
        return overloads


def test_T3_T5_T6_stat_trays_through_the_game() -> None:
    lit_sizes: Counter[int] = Counter()
    overloads: Counter[int] = Counter()
    caps: Counter[int] = Counter()
    seed = 0
    while sum(lit_sizes.values()) < 20_000:
        seed += 1
        rng = random.Random(seed)
        players = rng.randint(2, 6)
        g = new_game(replace(ruleset("triple"), match=MatchKind.SINGLE_HAND), players, seed)
        model = TrayModel(g)
        bank = g.bank
        original = bank.reset

        def reset(t: int, r: random.Random, _o: Any = original, _b: TrayBank = bank,
                  _m: TrayModel = model) -> None:
            _o(t, r)
            _m.resets.append((t, _b.capacity[t]))
            caps[_b.capacity[t]] += 1

        bank.reset = reset  # type: ignore[method-assign]
        runner = MatchRunner(g, bots(rng, players), seed)
        lit_sizes.update(len(e.lit) for e in g.initial_events if isinstance(e, E.TraysLit))
        while not g.over:
            ev = runner.step()
            for e in ev:
                if isinstance(e, E.TraysLit):
                    assert e.lit and set(e.lit) <= {0, 1, 2}
                    lit_sizes[len(e.lit)] += 1
            overloads.update(model.follow(ev))
    n = sum(lit_sizes.values())
    for k, p in LIT_P.items():
        assert within(lit_sizes[k] / n, p, n), (k, lit_sizes)
    assert chi_square(lit_sizes, LIT_P) < CHI2_9999[2]
    assert sum(overloads.values()) > 800
    assert chi_square(overloads, OVER_P) < CHI2_9999[3]
    assert sum(caps.values()) > 800
    assert chi_square(caps, CAP_P) < CHI2_9999[4]


# ====================================================================== R-5 Roboto


def went_out_on_a_play(log: list[E.Event]) -> int:
    """1 if the (single) hand ended by a normal play of the last card, else 0 (it ended
    on a command's discard, R-11, or blocked)."""
    end = next(i for i, e in enumerate(log) if isinstance(e, E.HandEnded))
    if log[end].blocked:  # type: ignore[union-attr]
        return 0
    last = next(e for e in reversed(log[:end]) if isinstance(e, E.CardPlayed | E.CardsDiscarded))
    return int(isinstance(last, E.CardPlayed))


def roll_sample(rolls: int, seed: int, chat: str, house: bool, eligible_only: bool
                ) -> tuple[Counter[str | None], list[int]]:
    g = new_game(ruleset("roboto"), 4, seed)
    rng, unit = random.Random(seed), RobotoUnit()
    kinds: Counter[str | None] = Counter()
    gaps: list[int] = []
    for _ in range(rolls):
        if eligible_only:
            unit.since = MIN_GAP
        before = unit.since
        i = unit.roll(rng, g, house, chat)
        if not eligible_only and before < MIN_GAP:
            assert i is None  # none within 3 plays of the last
            continue
        kinds[i.kind if i else None] += 1
        if i is not None:
            gaps.append(before)
            assert unit.since == 0
    return kinds, gaps


def test_R5_stat_interruption_rates_command_12_house_rule_5() -> None:
    kinds, _ = roll_sample(100_000, seed=12, chat="normal", house=True, eligible_only=True)
    n = sum(kinds.values())
    command = n - kinds[None] - kinds["house_rule"]
    assert within(command / n, 0.12, n), command / n
    assert within(kinds["house_rule"] / n, 0.05, n), kinds["house_rule"] / n
    assert band(0.12, n) < 0.005


def test_R5_stat_no_house_rule_without_one() -> None:
    kinds, _ = roll_sample(100_000, seed=13, chat="normal", house=False, eligible_only=True)
    n = sum(kinds.values())
    assert kinds["house_rule"] == 0
    assert within((n - kinds[None]) / n, 0.12, n)


def test_R5_stat_chattiness_presets_low_6_3_and_high_20_8() -> None:
    for chat, (cmd, house) in CHAT.items():
        kinds, _ = roll_sample(100_000, seed=len(chat), chat=chat, house=True,
                               eligible_only=True)
        n = sum(kinds.values())
        assert within((n - kinds[None] - kinds["house_rule"]) / n, cmd, n), chat
        assert within(kinds["house_rule"] / n, house, n), chat


def test_R5_stat_never_within_three_plays_of_the_last_interruption() -> None:
    kinds, gaps = roll_sample(200_000, seed=21, chat="high", house=True, eligible_only=False)
    assert min(gaps) == MIN_GAP == 3  # the 4th play after an interruption may interrupt
    n = sum(kinds.values())  # eligible rolls only
    assert within((n - kinds[None]) / n, 0.28, n)


def test_R6_stat_surprise_command_kinds() -> None:
    kinds, _ = roll_sample(100_000, seed=60, chat="high", house=False, eligible_only=True)
    commands = {k: v for k, v in kinds.items() if k is not None}
    total = sum(COMMAND_WEIGHTS.values())
    assert set(commands) == set(COMMAND_WEIGHTS)
    assert chi_square(commands, {k: w / total for k, w in COMMAND_WEIGHTS.items()}) < (
        CHI2_9999[2]
    )


class RecordingUnit(RobotoUnit):
    """Roboto's unit, noting each roll the engine asks for: (plays since the last
    interruption, the interruption's kind or ``None``)."""

    def __init__(self) -> None:
        super().__init__()
        self.rolls: list[tuple[int, str | None]] = []

    def roll(self, rng: random.Random, game: Game, house_rule: bool,
             chat: str) -> Interrupt | None:
        before = self.since
        i = super().roll(rng, game, house_rule, chat)
        self.rolls.append((before, i.kind if i else None))
        return i


def test_R5_stat_interruptions_through_the_game() -> None:
    eligible: Counter[str | None] = Counter()
    seed = 0
    while sum(eligible.values()) < 15_000:
        seed += 1
        rng = random.Random(seed)
        players = rng.randint(2, 6)
        g = new_game(ruleset("roboto", {"house_rule": True}), players, seed)
        recorder = g.unit.copy(into=RecordingUnit())
        g.unit = recorder
        rolls = recorder.rolls
        log: list[E.Event] = []
        MatchRunner(g, bots(rng, players), seed).run(log.extend)
        said = [e.kind for e in log if isinstance(e, E.RobotoInterrupts)]
        assert said == [k for _, k in rolls if k is not None]
        # One roll per plate press: every play but a last card that went out.
        plays = sum(isinstance(e, E.CardPlayed) for e in log)
        assert len(rolls) == plays - went_out_on_a_play(log)
        for before, kind in rolls:
            if before < MIN_GAP:
                assert kind is None
            else:
                eligible[kind] += 1
    n = sum(eligible.values())
    command = n - eligible[None] - eligible["house_rule"]
    assert within(command / n, 0.12, n), command / n
    assert within(eligible["house_rule"] / n, 0.05, n), eligible["house_rule"] / n
