"""C-12, issue 13 item 6: the AI calls UNO only when the call protects a card about to be
played (or one already played), never with two cards and then a draw."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.bots.base import uno_worth_calling
from game.bots.driver import MatchRunner
from game.rules.actions import Accept, Action, CallUno, Draw, Play
from game.rules.cards import Card
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.events import Event
from game.rules.ruleset import MatchKind, edition
from game.rules.view import view
from tests.bots.helpers import FACTORIES
from tests.rules.helpers import build


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_C12_no_call_with_two_cards_and_nothing_to_play(level: str) -> None:
    g = build(["B5 G7", "Y3 Y4 G1", "Y5 Y6 Y7"], "R1", turn=0)
    legal = g.legal_actions(0)
    assert CallUno(0) in legal  # the engine would take it …
    for seed in range(20):  # … but no seed makes the bot say it
        action = FACTORIES[level]().choose(view(g, 0), legal, random.Random(seed))
        assert action == Draw(0), (seed, action)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_C12_still_calls_before_playing_the_next_to_last_card(level: str) -> None:
    g = build(["R5 G7", "Y3 Y4 G1", "Y5 Y6 Y7"], "R1", turn=0)
    legal = g.legal_actions(0)
    assert FACTORIES[level]().choose(view(g, 0), legal, random.Random(0)) == CallUno(0)
    g.apply(CallUno(0))
    assert FACTORIES[level]().choose(view(g, 0), g.legal_actions(0),
                                     random.Random(0)) == Play(0, Card.parse("R5"))


def test_C12_a_call_is_worth_it_when_owed_or_before_a_play() -> None:
    g = build(["B5 G7", "Y3 Y4 G1"], "R1", turn=0)
    assert not uno_worth_calling(view(g, 0), g.legal_actions(0))
    g = build(["R5 G7", "Y3 Y4 G1"], "R1", turn=0)
    assert uno_worth_calling(view(g, 0), g.legal_actions(0))


class CallChecker:
    """Applies actions to ``game``; every UNO call made on the caller's own turn with two
    cards must be followed by that caller's play."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game, self.seed, self.pending, self.calls = game, seed, -1, 0

    def __call__(self, a: Action) -> list[Event]:
        g = self.game
        if self.pending >= 0:
            assert isinstance(a, Play) and a.player == self.pending, (self.seed, a)
            self.pending = -1
        if isinstance(a, CallUno) and a.player == g.to_act and len(g.hands[a.player]) == 2:
            self.pending = a.player
            self.calls += 1
        return g.apply(a)


def _calls_then_plays(level: str, ed: str, house: str, players: int, seeds: range) -> int:
    """Matches of ``level`` bots under :class:`CallChecker`; how many calls it saw."""
    rs = replace(edition(ed), match=MatchKind.SINGLE_HAND, house=house)
    calls = 0
    for seed in seeds:
        g = new_game(rs, players, seed)
        check = CallChecker(g, seed)
        MatchRunner(g, [FACTORIES[level]() for _ in range(players)], seed, apply=check).run(
            max_steps=5000)
        calls += check.calls
    return calls


@pytest.mark.parametrize("level", ["heuristic", "easy", "medium", "hard"])
@pytest.mark.parametrize(("ed", "house"), [("official", ""), ("official", "stacking,seven_o"),
                                           ("attack", "")])
def test_C12_every_call_on_ones_turn_is_followed_by_the_play(level: str, ed: str,
                                                              house: str) -> None:
    seeds = range(3) if level == "hard" else range(12)
    assert _calls_then_plays(level, ed, house, 3, seeds) > 0  # the check was exercised


def test_C12_heuristic_no_call_with_two_cards_and_nothing_to_play() -> None:
    g = build(["B5 G7", "Y3 Y4 G1", "Y5 Y6 Y7"], "R1", turn=0)
    assert FACTORIES["heuristic"]().choose(view(g, 0), g.legal_actions(0),
                                           random.Random(0)) == Draw(0)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "heuristic"])
def test_C12_H1_a_call_facing_a_stack_comes_only_before_stacking(level: str) -> None:
    """H-1: holding two cards, one of which could stack, a bot that takes the total has
    nothing to call for; one that calls stacks right after."""
    for seed in range(10):
        g = build(["R+2 R1 R2", "B+2 B3", "G1 G2 G3"], "R5",
                  rules={"house": "stacking", "match": "single_hand"})
        g.apply(Play(0, Card.parse("R+2")))
        assert CallUno(1) in g.legal_actions(1)
        bot = FACTORIES[level]()
        first = bot.choose(view(g, 1), g.legal_actions(1), random.Random(seed))
        if isinstance(first, CallUno):
            g.apply(first)
            then = bot.choose(view(g, 1), g.legal_actions(1), random.Random(seed))
            assert then == Play(1, Card.parse("B+2")), (seed, then)
        else:
            assert first in (Play(1, Card.parse("B+2")), Accept(1)), (seed, first)
