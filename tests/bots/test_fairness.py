"""Fairness: a bot's decision depends only on its view (DESIGN.md "Bots").

Shuffling the cards a player cannot see (the other hands and the draw pile, each place
keeping its count) gives the same view, so every level must make the same choice with
the same RNG. The search of the hard bot samples its own worlds from the view; this
checks that nothing hidden leaks into it either.
"""

from __future__ import annotations

import random

import pytest

import game.rules.events as E
from game.rules.engine import Decision
from game.rules.view import view
from tests.bots.helpers import FACTORIES, permute_hidden, positions

CASES = [("official", 2), ("official", 4), ("sonic", 3)]
#: House rules on (H-1 stacking, H-2 Seven-O, H-3 jump-in): hands that change places
#: with a 7 or a 0 must not let a bot see more than it was shown.
HOUSE = "stacking,seven_o,jump_in"
HOUSE_CASES = [("official", 2), ("official", 4), ("attack", 3)]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize(("ed", "players"), CASES)
def test_choice_ignores_hidden_cards(level: str, ed: str, players: int) -> None:
    seen_decisions: set[Decision] = set()
    checked = 0
    shuffler = random.Random(99)
    limit = 25 if level == "hard" else 80
    for game in positions(ed, players, range(6), every=4):
        p = game.to_act
        other = permute_hidden(game, p, shuffler)
        hidden = [game.hands[q] for q in game.seats if q != p] + [game.draw_pile]
        moved = [other.hands[q] for q in other.seats if q != p] + [other.draw_pile]
        assert hidden != moved or len(game.draw_pile) < 2
        legal = game.legal_actions()
        v1 = view(game, p, legal=legal)
        v2 = view(other, p, legal=other.legal_actions())
        assert v1 == v2  # the premise: the same view
        a1 = FACTORIES[level]().choose(v1, legal, random.Random(7))
        a2 = FACTORIES[level]().choose(v2, legal, random.Random(7))
        assert a1 == a2, f"{level} changed its choice when hidden cards moved"
        seen_decisions.add(game.decision)
        checked += 1
        if checked >= limit:
            break
    assert checked >= 10
    assert Decision.TURN in seen_decisions


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_reaction_ignores_hidden_cards(level: str) -> None:
    shuffler = random.Random(5)
    checked = 0
    for game in positions("official", 3, range(12), every=1, driver="easy"):
        if not game.uno_open:
            continue
        for q in game.seats:
            options = game.out_of_turn_actions(q)
            if not options:
                continue
            other = permute_hidden(game, q, shuffler)
            v1 = view(game, q, legal=options)
            v2 = view(other, q, legal=other.out_of_turn_actions(q))
            assert v1 == v2
            r1 = FACTORIES[level]().react(v1, options, random.Random(3))
            r2 = FACTORIES[level]().react(v2, options, random.Random(3))
            assert r1 == r2
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize(("ed", "players"), HOUSE_CASES)
def test_H_choice_ignores_hidden_cards_with_house_rules(level: str, ed: str,
                                                         players: int) -> None:
    """The same with stacking, Seven-O and jump-in on: positions after swaps and passed
    hands, stack and swap decisions included."""
    seen: set[Decision] = set()
    checked = 0
    shuffler = random.Random(13)
    limit = 30 if level == "hard" else 120
    moved = 0
    for game in positions(ed, players, range(10), every=3, house=HOUSE):
        p = game.to_act
        moved += any(isinstance(e, E.HandsSwapped | E.HandsPassed) for e in game.hand_events)
        other = permute_hidden(game, p, shuffler)
        legal = game.legal_actions()
        v1 = view(game, p, legal=legal)
        v2 = view(other, p, legal=other.legal_actions())
        assert v1 == v2
        a1 = FACTORIES[level]().choose(v1, legal, random.Random(7))
        a2 = FACTORIES[level]().choose(v2, legal, random.Random(7))
        assert a1 == a2, f"{level} changed its choice when hidden cards moved"
        seen.add(game.decision)
        checked += 1
        if checked >= limit and Decision.SWAP in seen:
            break
    assert checked >= 10 and moved > 0  # some positions came after hands moved
    assert {Decision.TURN, Decision.SWAP} <= seen


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_H3_jump_in_ignores_hidden_cards(level: str) -> None:
    """A bot deciding whether to jump in (H-3) sees only its view."""
    from game.bots.house import jumps
    from game.rules.house.play import jump_actions, jump_card

    shuffler = random.Random(21)
    checked = 0
    for game in positions("official", 3, range(30), every=1, house=HOUSE):
        if jump_card(game) is None:
            continue
        for q in game.seats:
            options = jump_actions(game, q)
            if not options:
                continue
            other = permute_hidden(game, q, shuffler)
            v1 = view(game, q, legal=options)
            v2 = view(other, q, legal=jump_actions(other, q))
            assert v1 == v2
            j1 = jumps(FACTORIES[level](), v1, options, random.Random(3))
            j2 = jumps(FACTORIES[level](), v2, options, random.Random(3))
            assert j1 == j2
            checked += 1
    assert checked >= 5
