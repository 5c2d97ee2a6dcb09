"""H-1 … H-3 and a plug-in rule at the turn's beginning: the engine asks a house rule only
while it is ``due`` (something pending for the next turn), so the rules cost the turns with
nothing pending nothing; a rule that does not manage ``due`` is asked at every turn.

What must not change: the play itself. A game loaded from its position text, or copied,
mid-hand, plays on exactly as the original does (the ``due`` flags are rebuilt from the
rules' state, never written in the text).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import game.rules.events as E
from game.bots.driver import MatchRunner
from game.bots.random_bot import RandomPlayBot
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.house import HouseRule, register, unregister
from game.rules.position import dump, load
from game.rules.ruleset import edition

ALL_THREE = "stacking+seven_o+jump_in"


class Counting(HouseRule):
    """A plug-in rule that only counts the turns it is asked about."""

    def __init__(self) -> None:
        super().__init__("counting", "H-T")
        self.asked = 0

    def copy(self) -> Counting:
        return self  # the count is the test's, shared by copies

    def turn_begins(self, g: Game, ev: list[E.Event]) -> bool:
        self.asked += 1
        return False


@pytest.fixture
def counting() -> Iterator[Counting]:
    rule = Counting()
    register(rule)
    try:
        yield rule
    finally:
        unregister("counting")


def _play(house: str, seed: int, steps: int = 10_000) -> tuple[Game, list[E.Event]]:
    game = new_game(edition("official").with_options(house=house), 4, seed)
    runner = MatchRunner(game, [RandomPlayBot() for _ in range(4)], seed)
    events: list[E.Event] = list(game.initial_events)
    for _ in range(steps):
        if game.over:
            break
        events += runner.step()
    return game, events


def test_a_rule_that_does_not_manage_due_is_asked_at_every_turn(counting: Counting) -> None:
    _game, events = _play("counting", 3)
    started = sum(isinstance(e, E.TurnStarted) for e in events)
    assert started > 20 and counting.asked == started


@pytest.mark.parametrize("seed", range(6))
def test_H1_H3_a_loaded_or_copied_game_plays_on_as_the_original(seed: int) -> None:
    """At every step of a hand with the three rules on, the game's copy, and the game
    written and read back, take the same actions to the same positions as the game itself
    (the one read back until the cards are shuffled again, for a reshuffle or a new
    hand's deal: the text holds no generator state, so a shuffle after loading is a new
    one)."""
    game = new_game(edition("official").with_options(house=ALL_THREE), 4, seed)
    rng = random.Random(seed)
    compared = 0
    for step in range(400):
        if game.over:
            break
        twins = [game.clone(), load(dump(game))]
        for _ in range(3):
            legal = game.legal_actions()
            if not legal or game.over:
                break
            action = rng.choice(legal)
            events = game.apply(action)
            if any(isinstance(e, (E.Reshuffled, E.HandStarted)) for e in events):
                twins = twins[:1]
            for twin, how in zip(twins, ("copied", "loaded"), strict=False):
                twin.apply(action)
                assert dump(twin) == dump(game), f"step {step}, {how}"
                compared += 1
    assert compared > 100


@pytest.mark.parametrize("seed", range(4))
def test_H3_the_jumpers_are_everyone_out_of_turn_offers_a_jump_in_to_in_turn_order(
        seed: int) -> None:
    """The bots' driver asks the window once for every player who may jump in; H-3's
    fast answer is the rule's own ``out_of_turn`` asked of each player in turn order."""
    game = new_game(edition("official").with_options(house=ALL_THREE), 4, seed)
    runner = MatchRunner(game, [RandomPlayBot() for _ in range(4)], seed)
    opened = jumped = 0
    for _ in range(3000):
        if game.over:
            break
        window = game.window
        if window is not None:
            opened += 1
            seats, start = game.seats, game.pos[game.to_act]
            order = [seats[(start + i) % len(seats)] for i in range(1, len(seats))]
            expected = [(q, tuple(window.out_of_turn(game, q))) for q in order
                        if window.out_of_turn(game, q)]
            found = [(q, tuple(o)) for q, o in window.jumpers(game)]
            assert found == expected
            assert found == [(q, tuple(o)) for q, o in HouseRule.jumpers(window, game)]
            jumped += bool(found)
        runner.step()
    assert opened > 50 and jumped > 0
