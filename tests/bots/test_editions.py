"""The electronic editions' own decisions (A, T, R): each level answers them sensibly."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from game.bots import make_bot
from game.bots.editions import leader, reaction_time
from game.bots.reaction import LEVELS
from game.editions.triple.rules import TripleGame
from game.rules.actions import Discard, GiveAway, PickPlayer, PickTray, RaceFinished
from game.rules.cards import RANK_OF
from game.rules.engine import Decision, Game
from game.rules.view import view
from tests.bots.helpers import positions


def decisions(ed: str, decision: Decision, players: int = 3, seeds: int = 40) -> Iterator[Game]:
    for game in positions(ed, players, range(seeds), every=1):
        if game.decision is decision:
            yield game


def first(ed: str, decision: Decision, players: int = 3) -> Game:
    for game in decisions(ed, decision, players):
        return game
    pytest.skip(f"no {decision.value} decision reached in {ed}")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_A6_the_victim_is_the_player_closest_to_going_out(level: str) -> None:
    game = first("attack", Decision.PICK_PLAYER)
    p = game.to_act
    v = view(game, p)
    a = make_bot(level).choose(v, list(v.legal), random.Random(1))
    assert isinstance(a, PickPlayer) and a.target == leader(v)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_T5_a_red_tray_is_not_pressed_when_another_is_lit(level: str) -> None:
    checked = 0
    for game in decisions("triple", Decision.PRESS_TRAY, seeds=60):
        assert isinstance(game, TripleGame)
        p = game.to_act
        lit = game.bank.lit
        safe = [t for t in lit if game.bank.light(t) != "red"]
        v = view(game, p)
        a = make_bot(level).choose(v, list(v.legal), random.Random(2))
        assert isinstance(a, PickTray)
        if safe:
            assert a.tray in safe
        checked += 1
    assert checked


def test_T10_a_give_away_penalty_goes_to_the_leader() -> None:
    from game.bots.editions import give_away
    from game.rules.engine import Decision as D

    for game in positions("triple", 3, range(200), every=1):
        if game.decision is D.GIVE:
            v = view(game, game.to_act)
            a = give_away(v, list(v.legal), random.Random(1), None, "medium")
            assert isinstance(a, GiveAway)
            assert a.shares == ((leader(v), game.give),)
            return
    pytest.skip("no Give Away overload reached")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_R7_commanded_cards_keep_the_most_harmful_for_last(level: str) -> None:
    checked = 0
    for game in decisions("roboto", Decision.DISCARD, seeds=120):
        v = view(game, game.to_act)
        a = make_bot(level).choose(v, list(v.legal), random.Random(3))
        assert isinstance(a, Discard) and a in v.legal
        ranks = {RANK_OF[d.card] for d in v.legal if isinstance(d, Discard)}
        if 12 in ranks and len(ranks) > 1:  # a Draw Two waits for the end
            assert RANK_OF[a.card] != 12
        checked += 1
    if not checked:
        pytest.skip("no commanded discard with a choice reached")


def test_R10_races_are_reported_by_reaction_times_per_level() -> None:
    rng = random.Random(1)
    fast = sum(reaction_time("hard", rng) for _ in range(200)) / 200
    slow = sum(reaction_time("easy", rng) for _ in range(200)) / 200
    hard = LEVELS["hard"]["race"]  # log-normal: its mean is median * exp(sigma^2 / 2)
    assert fast < slow and abs(fast - hard.median * math.exp(hard.sigma ** 2 / 2)) < 0.1
    for game in decisions("roboto", Decision.RACE, seeds=80):
        v = view(game, game.to_act)
        a = make_bot("medium").choose(v, list(v.legal), random.Random(4))
        assert isinstance(a, RaceFinished) and a in v.legal
        return
    pytest.skip("no race reached")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_R7_each_level_answers_a_wd4_left_on_top_by_an_interruption(level: str) -> None:
    """The player Roboto names after an interruption over a Wild Draw Four challenges
    it or accepts it (C-8); the hard bot searches that choice in its own worlds."""
    from game.editions.roboto.rules import Interrupt, RobotoGame
    from game.rules.actions import Accept, Challenge, ChooseColour, NicknameGiven, Play
    from game.rules.cards import Card, Colour
    from tests.editions.helpers import build

    for hand in ("W+4 G1 B6", "W+4 B5 B6"):  # guilty, innocent
        g = build("roboto", [hand, "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "G9")
        assert isinstance(g, RobotoGame)
        g.unit.script = [Interrupt("nickname", (3, 1), None, 2)]
        g.apply(Play(0, Card.parse("W+4")))
        g.apply(ChooseColour(0, Colour.BLUE))
        g.apply(NicknameGiven(3))
        assert g.decision is Decision.CHALLENGE and g.to_act == 2
        v = view(g, 2)
        a = make_bot(level).choose(v, list(v.legal), random.Random(4))
        assert a in (Challenge(2), Accept(2))
        g.apply(a)
        assert g.decision is Decision.TURN
