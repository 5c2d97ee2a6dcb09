"""Actions' short text form (saves, position files, bug reports) round-trips."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import actions as A
from game.rules.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    Pass,
    Play,
    action_text,
    parse_action,
)
from game.rules.cards import Card, Colour

from .test_cards import VALID

PLAYER = st.integers(0, A.MAX_PLAYERS - 1)
#: How to build each action field, by name. An action class with a field not listed
#: here is left out of the generic round-trip (the official ones must all be covered).
FIELD_STRATEGIES: dict[str, st.SearchStrategy[object]] = {
    "player": PLAYER,
    "target": PLAYER,
    "card": st.sampled_from(VALID),
    "colour": st.sampled_from(list(Colour)),
    "tray": st.integers(0, getattr(A, "TRAYS", 1) - 1),
    "shares": st.lists(st.tuples(PLAYER, st.integers(0, 12)), max_size=4).map(tuple),
    "order": st.lists(PLAYER, min_size=1, max_size=10).map(tuple),
}
OFFICIAL = (Play, Draw, Pass, ChooseColour, Challenge, Accept, CallUno, Catch)


def _buildable() -> list[type]:
    out = []
    for cls in A.ACTION_TYPES:
        if all(f.name in FIELD_STRATEGIES for f in dataclasses.fields(cls)):
            out.append(cls)
    return out


BUILDABLE = _buildable()
ACTIONS = st.one_of(
    [
        st.builds(cls, **{f.name: FIELD_STRATEGIES[f.name] for f in dataclasses.fields(cls)})
        for cls in BUILDABLE
    ]
)


def test_every_official_action_kind_is_covered_by_the_round_trip() -> None:
    assert set(OFFICIAL) <= set(BUILDABLE)


@settings(max_examples=500, derandomize=True, database=None, deadline=None)
@given(ACTIONS)
def test_action_text_round_trips(action: A.Action) -> None:
    text = action_text(action)
    assert parse_action(text) == action
    assert parse_action(f"  {text.upper()}  ") == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("2 R5", Play(2, Card.parse("R5"))),
        ("0 W+4", Play(0, Card.parse("W+4"))),
        ("0 draw", Draw(0)),
        ("9 pass", Pass(9)),
        ("1 colour G", ChooseColour(1, Colour.GREEN)),
        ("1 colour green", ChooseColour(1, Colour.GREEN)),
        ("3 catch 0", Catch(3, 0)),
        ("4 challenge", Challenge(4)),
        ("4 accept", Accept(4)),
        ("5 uno", CallUno(5)),
    ],
)
def test_documented_action_texts(text: str, action: A.Action) -> None:
    assert parse_action(text) == action
    if "green" not in text:
        assert action_text(action) == text


def test_parsed_official_actions_are_the_interned_ones() -> None:
    assert parse_action("0 draw") is parse_action("0 draw")
    assert parse_action("2 R5") is parse_action("2 r5")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "draw",
        "x draw",
        "-1 draw",
        "10 draw",
        "0",
        "0 jump",
        "0 draw now",
        "0 colour",
        "0 colour X",
        "0 catch",
        "0 catch x",
        "0 catch 10",
        "0 R10",
        "0 R5 G5",
    ],
)
def test_malformed_action_text_raises_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)


def test_C6_a_colour_named_by_number_is_stored_as_a_colour_and_a_bad_one_refused() -> None:
    named = A.ChooseColour(1, 2)
    assert named.colour is Colour.GREEN and named == A.ChooseColour(1, Colour.GREEN)
    with pytest.raises(ValueError):
        A.ChooseColour(1, 7)
