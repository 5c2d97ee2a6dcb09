"""An edition of its own adds card ranks and decisions to the engine's enums while it is
registered (game.rules.openenum): they then behave as declared members, on both engines,
and leave no trace once taken out."""

from __future__ import annotations

import pickle

import pytest

from game.rules.actions import MAX_PLAYERS, Action, add_action, parse_action, remove_action
from game.rules.cards import (
    CARD_CODES,
    FREE_RANKS,
    RANK_CODES,
    Card,
    Colour,
    Rank,
    add_rank,
    card,
    remove_rank,
)
from game.rules.decisions import NEEDS, Decision, add_decision, remove_decision


def test_a_rank_added_is_a_rank_until_it_is_taken_out() -> None:
    before = list(Rank)
    assert range(24, 31) == FREE_RANKS
    star = add_rank("STAR", 27, "ST", wild=True)
    try:
        assert Rank.STAR is star and Rank(27) is star and Rank["STAR"] is star
        assert (star.name, int(star), len(Rank), list(Rank)[-1]) == ("STAR", 27, 25, star)
        assert pickle.loads(pickle.dumps(star)) is star
        w = Card.parse("WST")
        assert w == card(None, star) and w.rank is star and w.is_wild and str(w) == "WST"
        assert CARD_CODES["WST"] is w and "RST" not in CARD_CODES
        with pytest.raises(ValueError):
            card(Colour.RED, star)  # a wild rank has no colour
        for taken in (("STAR", 28, "SU"), ("MOON", 27, "MO"), ("MOON", 28, "+2"),
                      ("MOON", 12, "MO"), ("MOON", 31, "MO"), ("MOON", 28, "m")):
            with pytest.raises(ValueError):
                add_rank(*taken)
    finally:
        remove_rank(star)
    assert list(Rank) == before and not hasattr(Rank, "STAR") and 27 not in RANK_CODES
    assert "WST" not in CARD_CODES
    with pytest.raises(ValueError):
        Rank(27)
    with pytest.raises(ValueError):
        Card.parse("WST")
    with pytest.raises(ValueError):
        remove_rank(Rank.SKIP)  # the engine's own stay
    assert add_rank("STAR", 27, "ST", wild=True) is star  # the same member, added again
    remove_rank(star)


def test_a_decision_added_is_a_decision_until_it_is_taken_out() -> None:
    before = list(Decision)
    aim = add_decision("AIM_TEST", "aim_test", "T-0", "must aim first")
    try:
        assert Decision("aim_test") is aim and Decision.AIM_TEST is aim
        assert NEEDS[aim] == ("T-0", "must aim first") and aim.value == "aim_test"
        assert pickle.loads(pickle.dumps(aim)) is aim
        with pytest.raises(ValueError):
            add_decision("AIM_TEST", "other", "T-0", "x")
        with pytest.raises(ValueError):
            add_decision("OTHER", "turn", "T-0", "x")  # the value is taken
        with pytest.raises(ValueError):
            add_decision("OTHER", "Not a word", "T-0", "x")
    finally:
        remove_decision(aim)
    assert list(Decision) == before and aim not in NEEDS
    with pytest.raises(ValueError):
        remove_decision(Decision.TURN)


class Wave(Action):
    """An action of a test's own."""


def test_an_action_added_gets_a_text_form_until_it_is_taken_out() -> None:
    add_action(Wave, "wave", lambda p, args: None if args else Wave(p))
    try:
        assert parse_action("3 wave") == Wave(3)
        with pytest.raises(ValueError, match="not an action"):
            parse_action("3 wave 1")
        with pytest.raises(ValueError):
            add_action(Wave, "draw", lambda p, args: Wave(p))  # the verb is taken
    finally:
        remove_action(Wave)
    with pytest.raises(ValueError):
        parse_action("3 wave")
    assert MAX_PLAYERS == 10
