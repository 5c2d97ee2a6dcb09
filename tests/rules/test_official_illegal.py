"""Illegal actions: each raises IllegalAction naming the clause it breaks and changes
nothing (the position text, the RNG state, the action log and the event log are as
before). See :func:`helpers.assert_illegal`."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.rules.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    Pass,
    Play,
)
from game.rules.cards import Card, Colour
from game.rules.engine import Game

from .helpers import assert_illegal, build

C = Card.parse
HANDS = ["R7 Y1 Y2", "B1 B2 B3", "G1 G2 G3"]


def on_turn() -> Game:
    return build(HANDS, "R5", draw_top="B9")


def after_draw() -> Game:
    g = build(HANDS, "R5", draw_top="R9")
    g.apply(Draw(0))
    return g


def on_colour() -> Game:
    g = build(["W Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5")
    g.apply(Play(0, C("W")))
    return g


def on_challenge() -> Game:
    g = on_colour_wd4()
    g.apply(ChooseColour(0, Colour.GREEN))
    return g


def on_colour_wd4() -> Game:
    g = build(["W+4 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5")
    g.apply(Play(0, C("W+4")))
    return g


@dataclass(frozen=True)
class Case:
    name: str
    setup: object
    action: object
    clause: str


CASES = [
    # Out of turn: C-3 (play goes round the table), C-8 for the challenge decision.
    Case("play_out_of_turn", on_turn, Play(1, C("B1")), "C-3"),
    Case("draw_out_of_turn", on_turn, Draw(2), "C-3"),
    Case("colour_out_of_turn", on_colour, ChooseColour(1, Colour.RED), "C-3"),
    Case("pass_out_of_turn", after_draw, Pass(1), "C-3"),
    Case("third_player_challenges", on_challenge, Challenge(2), "C-8"),
    Case("wd4_player_challenges", on_challenge, Challenge(0), "C-8"),
    Case("third_player_accepts", on_challenge, Accept(2), "C-8"),
    # C-5: the card must be held and must match.
    Case("card_not_held", on_turn, Play(0, C("R8")), "C-5"),
    Case("card_does_not_match", on_turn, Play(0, C("Y1")), "C-5"),
    # C-6: the colour comes first.
    Case("play_before_naming_colour", on_colour, Play(0, C("Y1")), "C-6"),
    Case("draw_before_naming_colour", on_colour, Draw(0), "C-6"),
    Case("play_before_naming_wd4_colour", on_colour_wd4, Play(0, C("Y1")), "C-6"),
    # C-8: the challenge decision comes first.
    Case("challenger_plays_instead", on_challenge, Play(1, C("B1")), "C-8"),
    Case("challenger_draws_instead", on_challenge, Draw(1), "C-8"),
    Case("challenger_names_colour", on_challenge, ChooseColour(1, Colour.RED), "C-8"),
    # C-9 / C-10: after drawing, only the drawn card or keeping it.
    Case("draw_again", after_draw, Draw(0), "C-9"),
    Case("pass_without_drawing", on_turn, Pass(0), "C-9"),
    Case("play_other_card_after_draw", after_draw, Play(0, C("R7")), "C-10"),
    # C-12.
    Case("call_uno_with_three_cards", on_turn, CallUno(0), "C-12"),
    Case("call_uno_out_of_turn", on_turn, CallUno(1), "C-12"),
    Case("catch_oneself", on_turn, Catch(0, 0), "C-12"),
    Case("catch_no_such_player", on_turn, Catch(0, 7), "C-12"),
    # Seating.
    Case("player_not_in_game", on_turn, Draw(5), "C-3"),
    Case("player_out_of_range", on_turn, Play(12, C("R5")), "C-3"),
    Case("not_an_action", on_turn, "0 draw", "C-3"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_C3_to_C12_illegal_action_names_its_clause_and_changes_nothing(case: Case) -> None:
    g = case.setup()  # type: ignore[operator]
    player = getattr(case.action, "player", 0)
    if 0 <= player < g.players:
        assert case.action not in g.legal_actions(player)
    assert_illegal(g, case.action, case.clause)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "clause"),
    [(Challenge(0), "C-8"), (Accept(0), "C-8"), (ChooseColour(0, Colour.RED), "C-6")],
)
def test_C8_C6_answer_with_nothing_pending_names_its_own_clause(
    action: object, clause: str
) -> None:
    assert_illegal(on_turn(), action, clause)  # type: ignore[arg-type]


def test_M1_nothing_is_legal_once_the_match_is_over() -> None:
    g = build(["R7", "B1 B2 B3", "G1 G2 G3"], "R5", rules={"match": "single_hand"})
    g.apply(Play(0, C("R7")))
    assert g.over
    for p in range(3):
        assert g.legal_actions(p) == []
    for action in (Draw(1), Play(1, C("B1")), CallUno(1), Catch(1, 0), Challenge(1)):
        assert_illegal(g, action, "M-1")  # type: ignore[arg-type]


def test_M5_eliminated_player_cannot_act() -> None:
    g = build(
        ["R7 Y1 Y2", "", "G1 G2 G3"],
        "R5",
        seats=[0, 2],
        out=[1],
        scores=[10, 600, 20],
        rules={"match": "challenge"},
    )
    assert g.legal_actions(1) == []
    assert_illegal(g, Draw(1), "C-3")
    assert_illegal(g, Catch(0, 1), "C-12")
    assert_illegal(g, Catch(1, 0), "C-3")
