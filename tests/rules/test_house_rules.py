"""House rules (RULES.md section H) that the engine supports as ruleset options:
H-4 ``draw_to_match``, H-5 ``forced_play``, H-6 ``no_bluffing``, H-7 ``uno_penalty``."""

from __future__ import annotations

from game.rules import events as E
from game.rules.actions import Accept, CallUno, Catch, ChooseColour, Draw, Pass, Play
from game.rules.cards import Card, Colour
from game.rules.engine import Decision, Game
from game.rules.errors import IllegalAction
from game.rules.ruleset import edition

from .helpers import assert_deck_intact, assert_illegal, build, cards

C = Card.parse
HANDS = ["B9 Y1 Y2", "B1 B2 B3", "G1 G2 G3"]


def test_H_house_rules_are_off_by_default() -> None:
    rs = edition("official")
    assert (rs.draw_to_match, rs.forced_play, rs.no_bluffing) == (False, False, False)


# ---------------------------------------------------------------------------- H-4


def test_H4_draw_to_match_keeps_drawing_until_a_playable_card() -> None:
    g = build(HANDS, "R5", draw_top="G7 B4 Y8 R8 R9", rules={"draw_to_match": True})
    ev = g.apply(Draw(0))
    assert ev == [E.CardsDrawn(0, tuple(cards("G7 B4 Y8 R8")), "turn", 4)]
    assert (g.decision, g.drawn) == (Decision.DRAWN, C("R8"))
    assert g.hands[0] == cards("B9 Y1 Y2 G7 B4 Y8 R8")
    g.apply(Play(0, C("R8")))
    assert g.to_act == 1


def test_H4_draw_to_match_stops_when_nothing_is_left() -> None:
    g = build(HANDS, "R5", draw_top="G7 B4", rest=1, rules={"draw_to_match": True})
    assert g.discard == [C("R5")]  # nothing to reshuffle either
    ev = g.apply(Draw(0))
    assert ev == [E.CardsDrawn(0, tuple(cards("G7 B4")), "turn", 2), E.TurnStarted(1)]
    assert_deck_intact(g)


def test_H4_off_draws_one() -> None:
    g = build(HANDS, "R5", draw_top="G7 R8")
    ev = g.apply(Draw(0))
    assert ev == [E.CardsDrawn(0, (C("G7"),), "turn", 1), E.TurnStarted(1)]


# ---------------------------------------------------------------------------- H-5


def test_H5_forced_play_a_playable_drawn_card_must_be_played() -> None:
    g = build(HANDS, "R5", draw_top="R8", rules={"forced_play": True})
    g.apply(Draw(0))
    assert g.legal_actions(0) == [Play(0, C("R8"))]
    assert_illegal(g, Pass(0), "H-5")
    g.apply(Play(0, C("R8")))
    assert g.top == C("R8")


def test_H5_forced_play_unplayable_draw_still_ends_the_turn() -> None:
    g = build(HANDS, "R5", draw_top="G8", rules={"forced_play": True})
    ev = g.apply(Draw(0))
    assert ev[-1] == E.TurnStarted(1)


def test_H5_forced_play_still_allows_the_precall() -> None:
    g = build(["B9", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="R8", rules={"forced_play": True})
    g.apply(Draw(0))
    assert set(g.legal_actions(0)) == {Play(0, C("R8")), CallUno(0)}


# ---------------------------------------------------------------------------- H-6

NO_BLUFF = {"no_bluffing": True}


def test_H6_no_bluffing_illegal_wd4_cannot_be_played() -> None:
    g = build(["W+4 R7 Y1", "B1 B2 B3", "G1 G2 G3"], "R5", rules=NO_BLUFF)
    assert Play(0, C("W+4")) not in g.legal_actions(0)
    assert Play(0, C("R7")) in g.legal_actions(0)
    assert_illegal(g, Play(0, C("W+4")), "H-6")


def test_H6_no_bluffing_legal_wd4_is_played() -> None:
    g = build(["W+4 G7 W", "B1 B2 B3", "G1 G2 G3"], "R5", rules=NO_BLUFF)
    assert Play(0, C("W+4")) in g.legal_actions(0)
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.BLUE))
    g.apply(Accept(1))
    assert len(g.hands[1]) == 7


def test_H6_no_bluffing_wd4_as_last_card_is_legal() -> None:
    g = build(["W+4", "B1 B2 B3", "G1 G2 G3"], "R5", rules={**NO_BLUFF, "match": "single_hand"})
    assert Play(0, C("W+4")) in g.legal_actions(0)
    g.apply(Play(0, C("W+4")))
    assert g.over


def test_H6_off_by_default_the_bluff_is_allowed() -> None:
    g = build(["W+4 R7 Y1", "B1 B2 B3", "G1 G2 G3"], "R5")
    assert Play(0, C("W+4")) in g.legal_actions(0)


def _drawn_wd4(rules: dict[str, object]) -> Game:
    g = build(["R7 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="W+4", rules=rules)
    g.apply(Draw(0))  # reneges on R7 and draws a Wild Draw Four it may not play (H-6)
    return g


def test_H6_with_forced_play_game_is_never_stuck() -> None:
    """Every legal action of the position must apply; an empty list would be a dead end."""
    g = _drawn_wd4({**NO_BLUFF, "forced_play": True})
    legal = g.legal_actions()  # whoever must act now
    ok = []
    for a in legal:
        try:
            g.clone().apply(a)
            ok.append(a)
        except IllegalAction:
            pass
    assert ok, f"no legal action applies; legal_actions() = {legal}"


def test_H6_drawn_wd4_offered_only_if_legal() -> None:
    g = _drawn_wd4(NO_BLUFF)
    for a in g.legal_actions(0):
        g.clone().apply(a)  # nothing offered may raise


# ---------------------------------------------------------------------------- H-7


def test_H7_uno_penalty_is_a_setting() -> None:
    g = build(
        ["R7 R8", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="Y1 Y2 Y3 Y4 Y5", rules={"uno_penalty": 4}
    )
    g.apply(Play(0, C("R7")))
    ev = g.apply(Catch(1, 0))
    assert ev == [E.UnoCaught(1, 0), E.CardsDrawn(0, tuple(cards("Y1 Y2 Y3 Y4")), "uno_penalty", 4)]
    assert len(g.hands[0]) == 5


def test_H7_default_penalty_is_two() -> None:
    g = build(["R7 R8", "B1 B2 B3", "G1 G2 G3"], "R5")
    g.apply(Play(0, C("R7")))
    g.apply(Catch(2, 0))
    assert len(g.hands[0]) == 3


def test_H_the_tables_opening_line_travels_with_the_events_on_either_engine() -> None:
    """The line naming tonight's house rules is the table's, not the engine's, yet it is
    redacted with the opening events: the compiled engine must let it through too."""
    from dataclasses import replace

    from game.setup.house_rules import tonight

    line = tonight(replace(edition("official"), house="stacking,seven_o"))
    assert line is not None
    assert E.redact(line, 0) is line  # type: ignore[arg-type]
    assert E.redact(line, -1) is line  # type: ignore[arg-type]


def test_H_where_a_rule_does_not_fit_is_said_once_by_its_engine_object() -> None:
    """The set-up screen asks the engine rule (issue 35 item 2); the reasons it gives are
    message ids the catalogue has (marked in game.setup.house_rules, the engine has no gettext)."""
    from game.rules.house import HOUSE_RULES
    from game.setup.house_rules import ENGINE_REASONS, face

    for name, rule in HOUSE_RULES.items():
        for ed, why in rule.unfit:
            assert why in ENGINE_REASONS, (name, why)
            assert not face(name).fits(ed) and face(name).why_unfit(ed) == why
    assert face("stacking").unfit == () and not face("stacking").fits("triple")
