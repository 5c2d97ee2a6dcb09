"""Actions as values, the same on both engines: what a caller may pass by hand, what is
refused and under which rule, and that an action survives pickling and copying (it
crosses to the bot worker's process) unchanged and frozen."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given, settings

from game.rules import actions as A
from game.rules import position
from game.rules.cards import CARDS, Card, Colour
from game.rules.editions import new_game
from game.rules.errors import IllegalAction
from game.rules.ruleset import edition

from .test_actions_text import ACTIONS


def test_every_action_class_is_listed() -> None:
    """Every class of the actions module that extends Action (the text forms of each are
    round-tripped in test_actions_text)."""
    declared = {c for c in vars(A).values()
                if isinstance(c, type) and issubclass(c, A.Action) and c is not A.Action}
    assert set(A.ACTION_TYPES) == declared and len(declared) == 18


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(ACTIONS)
def test_an_action_pickles_and_copies_to_an_equal_action(action: A.Action) -> None:
    for again in (
        pickle.loads(pickle.dumps(action)),
        copy.deepcopy(action),
        copy.copy(action),
        dataclasses.replace(action),
    ):
        assert type(again) is type(action)
        assert again == action and hash(again) == hash(action)
        assert A.action_text(again) == A.action_text(action)


@settings(max_examples=100, derandomize=True, database=None, deadline=None)
@given(ACTIONS)
def test_an_action_is_frozen(action: A.Action) -> None:
    name = dataclasses.fields(action)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(action, name, 3)


def test_C5_a_card_given_by_its_number_is_the_shared_card() -> None:
    r5 = Card.parse("R5")
    play = A.Play(0, int(r5))
    assert play.card is CARDS[r5] and type(play.card) is Card
    assert play == A.Play(0, r5) == A.PLAY[0][r5]
    assert str(play.card) == "R5"
    unpickled = pickle.loads(pickle.dumps(A.Pair(1, int(r5))))
    assert unpickled.card is CARDS[r5]


@pytest.mark.parametrize("value", [999, -1, 24, "R5", None, 5.0, True])
@pytest.mark.parametrize(("make", "clause"), [(A.Play, "C-5"), (A.Pair, "T-8"),
                                              (A.Discard, "R-7")])
def test_a_value_that_names_no_card_is_refused_with_the_rule(make: type, clause: str,
                                                            value: object) -> None:
    with pytest.raises(IllegalAction) as err:
        make(1, value)
    assert err.value.clause == clause
    assert "player 1 does not hold" in str(err.value)


def test_C5_a_game_refuses_a_non_card_before_anything_changes() -> None:
    g = new_game(edition("official"), 2, 7)
    before = position.dump(g)
    with pytest.raises(IllegalAction, match="C-5"):
        g.apply(A.Play(g.to_act, 999))
    assert position.dump(g) == before


@pytest.mark.parametrize("value", [4, -1, 9, "R", None, True])
def test_C6_a_value_that_names_no_colour_is_refused_with_the_rule(value: object) -> None:
    with pytest.raises(IllegalAction) as err:
        A.ChooseColour(0, value)
    assert err.value.clause == "C-6"


def test_lists_given_by_hand_are_stored_as_the_engine_s_tuples() -> None:
    give = A.GiveAway(0, [[1, 2], [3, 1]])
    assert give.shares == ((1, 2), (3, 1)) and give == A.GiveAway(0, ((1, 2), (3, 1)))
    race = A.RaceFinished(2, [1, 0, 2])
    assert race.order == (1, 0, 2) and hash(race) == hash(A.RaceFinished(2, (1, 0, 2)))
    assert A.ChooseColour(0, 3).colour is Colour.BLUE

