"""Official UNO, playing a hand: RULES.md C-5 … C-11 and C-13 … C-16 (C-12 has its own file)."""

from __future__ import annotations

import pytest

from game.rules import events as E
from game.rules.actions import Accept, Catch, Challenge, ChooseColour, Draw, Pass, Play
from game.rules.cards import Card, Colour
from game.rules.engine import Decision
from game.rules.match import hand_value
from game.rules.ruleset import edition
from game.rules.view import view

from .helpers import assert_deck_intact, assert_illegal, build, cards, kinds

C = Card.parse
SINGLE = {"match": "single_hand"}


def plays(g, player: int = 0) -> set[str]:  # type: ignore[no-untyped-def]
    return {str(a.card) for a in g.legal_actions(player) if isinstance(a, Play)}


# ---------------------------------------------------------------------------- C-5


def test_C5_playable_by_colour_number_or_wild() -> None:
    g = build(["R7 G5 BS W W+4 G+2 Y9", "B1 B2 B3", "G1 G2 G3"], "R5")
    assert plays(g) == {"R7", "G5", "W", "W+4"}
    assert Draw(0) in g.legal_actions(0)


def test_C5_symbol_matches_across_colours() -> None:
    g = build(["GS G+2 Y9 BR", "B1 B2 B3", "G1 G2 G3"], "RS")
    assert plays(g) == {"GS"}


def test_C5_after_a_wild_the_named_colour_must_be_matched() -> None:
    g = build(["G2 R5 B+2 Y9", "B1 B2 B3", "G1 G2 G3"], "R5 W", colour="G")
    assert plays(g) == {"G2"}


def test_C5_playing_moves_the_card_and_puts_its_colour_in_force() -> None:
    g = build(["G5 Y9 Y8", "B1 B2 B3", "G1 G2 G3"], "R5")
    ev = g.apply(Play(0, C("G5")))
    assert ev == [E.CardPlayed(0, C("G5")), E.TurnStarted(1)]
    assert g.top == C("G5") and g.colour == Colour.GREEN
    assert g.hands[0] == cards("Y9 Y8")
    assert plays(g, 1) == set()
    assert plays(g, 2) == set()  # not their turn
    assert_deck_intact(g)


def test_C5_a_card_that_does_not_match_is_illegal() -> None:
    g = build(["BS Y9 Y8", "B1 B2 B3", "G1 G2 G3"], "R5")
    err = assert_illegal(g, Play(0, C("BS")), "C-5")
    assert "BS" in err.message
    assert_illegal(g, Play(0, C("R7")), "C-5")  # not in the hand


# ---------------------------------------------------------------------------- C-6


def test_C6_wild_playable_with_other_playable_cards_and_may_name_the_current_colour() -> None:
    g = build(["R7 W Y1", "B1 B2 B3", "G1 G2 G3"], "R5")
    assert {"R7", "W"} <= plays(g)
    ev = g.apply(Play(0, C("W")))
    assert ev == [E.CardPlayed(0, C("W"))]
    assert (g.to_act, g.decision) == (0, Decision.COLOUR)
    assert g.legal_actions(0) == [ChooseColour(0, c) for c in Colour]
    assert g.legal_actions(1) == []
    ev = g.apply(ChooseColour(0, Colour.RED))
    assert ev == [E.ColourChosen(0, Colour.RED), E.TurnStarted(1)]
    assert g.colour == Colour.RED and g.top == C("W")
    assert plays(g, 1) == set()


def test_C6_any_colour_may_be_named() -> None:
    for colour in Colour:
        g = build(["W Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5")
        g.apply(Play(0, C("W")))
        g.apply(ChooseColour(0, colour))
        assert g.colour == colour


# ---------------------------------------------------------------------------- C-7


def test_C7_wd4_names_colour_next_player_draws_four_and_loses_turn() -> None:
    g = build(["W+4 G7 Y1", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="Y2 Y3 Y4 Y5")
    assert g.apply(Play(0, C("W+4"))) == [E.CardPlayed(0, C("W+4"))]
    assert g.decision is Decision.COLOUR and g.to_act == 0
    assert g.apply(ChooseColour(0, Colour.GREEN)) == [E.ColourChosen(0, Colour.GREEN)]
    assert (g.to_act, g.decision) == (1, Decision.CHALLENGE)
    assert g.legal_actions(1) == [Challenge(1), Accept(1)]
    ev = g.apply(Accept(1))
    assert ev == [
        E.CardsDrawn(1, tuple(cards("Y2 Y3 Y4 Y5")), "wild_draw_four", 4),
        E.TurnSkipped(1),
        E.TurnStarted(2),
    ]
    assert g.hands[1] == cards("B1 B2 B3 Y2 Y3 Y4 Y5")
    assert (g.to_act, g.colour) == (2, Colour.GREEN)
    assert plays(g, 2) == {"G1", "G2", "G3"}


@pytest.mark.parametrize(
    ("hand", "discard", "colour", "guilty"),
    [
        ("R7 Y1", "R5", "R", True),  # holds the colour in force
        ("G5 Y1", "R5", "R", False),  # matches by number only: does not count
        ("GS Y1", "RS", "R", False),  # matches by symbol only: does not count
        ("W Y1", "R5", "R", False),  # another wild does not count (official)
        ("W+4 Y1", "R5", "R", False),
        ("B1 Y3", "Y3 W", "B", True),  # after a wild, the named colour is in force
        ("Y3 G1", "Y3 W", "B", False),
    ],
)
def test_C7_wd4_is_legal_only_without_a_card_of_the_current_colour(
    hand: str, discard: str, colour: str, guilty: bool
) -> None:
    g = build([f"W+4 {hand}", "B1 B2 B3", "G1 G2 G3"], discard, colour=colour)
    assert "W+4" in plays(g)  # DC: a bluff may be played; the challenge is the check
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.YELLOW))
    ev = g.apply(Challenge(1))
    assert kinds(ev, E.ChallengeResolved) == [E.ChallengeResolved(1, 0, guilty, tuple(cards(hand)))]


def test_C7_legality_is_judged_on_the_hand_held_when_played() -> None:
    """Caught for UNO between the WD4 and the challenge, the player now holds red cards,
    but played the WD4 holding none: innocent."""
    g = build(["W+4 G1", "B1 B2 B3", "G2 G3 G4"], "R5", draw_top="R1 R2 Y1 Y2 Y3 Y4 Y5 Y6")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.BLUE))
    assert Catch(1, 0) in g.legal_actions(1)  # offered during the challenge decision
    ev = g.apply(Catch(1, 0))
    assert kinds(ev, E.UnoCaught) == [E.UnoCaught(1, 0)]
    assert g.hands[0] == cards("G1 R1 R2")
    ev = g.apply(Challenge(1))
    assert ev[0] == E.ChallengeResolved(1, 0, False, (C("G1"),))
    assert ev[1] == E.CardsDrawn(1, tuple(cards("Y1 Y2 Y3 Y4 Y5 Y6")), "challenge_innocent", 6)


# ---------------------------------------------------------------------------- C-8


def test_C8_guilty_wd4_player_draws_four_challenger_plays() -> None:
    g = build(["W+4 R7 Y1", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="Y2 Y3 Y4 Y5")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.BLUE))
    ev = g.apply(Challenge(1))
    assert ev == [
        E.ChallengeResolved(1, 0, True, tuple(cards("R7 Y1"))),
        E.CardsDrawn(0, tuple(cards("Y2 Y3 Y4 Y5")), "challenge_guilty", 4),
        E.TurnStarted(1),
    ]
    assert (g.to_act, g.decision, g.colour) == (1, Decision.TURN, Colour.BLUE)
    assert len(g.hands[0]) == 6 and len(g.hands[1]) == 3
    assert plays(g, 1) == {"B1", "B2", "B3"}  # the named colour stands
    g.apply(Play(1, C("B2")))
    assert g.to_act == 2


def test_C8_innocent_challenger_draws_six_and_loses_turn() -> None:
    six = "Y2 Y3 Y4 Y5 Y6 Y7"
    g = build(["W+4 G7 Y1", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top=six)
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.GREEN))
    ev = g.apply(Challenge(1))
    assert ev == [
        E.ChallengeResolved(1, 0, False, tuple(cards("G7 Y1"))),
        E.CardsDrawn(1, tuple(cards(six)), "challenge_innocent", 6),
        E.TurnSkipped(1),
        E.TurnStarted(2),
    ]
    assert len(g.hands[1]) == 9 and len(g.hands[0]) == 2
    assert (g.to_act, g.colour) == (2, Colour.GREEN)


def test_C8_only_the_player_who_must_draw_may_challenge() -> None:
    g = build(["W+4 G7 Y1", "B1 B2 B3", "G1 G2 G3"], "R5")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.GREEN))
    for p in (0, 2):
        assert g.legal_actions(p) == []
        assert_illegal(g, Challenge(p), "C-8")
        assert_illegal(g, Accept(p), "C-8")
    assert_illegal(g, Play(1, C("B1")), "C-8")
    assert_illegal(g, Draw(1), "C-8")


def test_C8_challenged_hand_is_shown_to_the_challenger_only() -> None:
    g = build(["W+4 R7 Y1", "B1 B2 B3", "G1 G2 G3", "Y7 Y8 Y9"], "R5")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.BLUE))
    g.apply(Challenge(1))
    shown = {p: kinds(view(g, p).events, E.ChallengeResolved)[0].hand for p in range(4)}
    assert shown[1] == tuple(cards("R7 Y1"))
    assert shown[2] == shown[3] == ()
    assert shown[0] == tuple(cards("R7 Y1"))  # the challenged player's own hand


# ---------------------------------------------------------------------------- C-9


def test_C9_cannot_play_draw_one_playable_may_be_played_at_once() -> None:
    g = build(["B9 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="R8")
    assert g.legal_actions(0) == [Draw(0)]
    ev = g.apply(Draw(0))
    assert ev == [E.CardsDrawn(0, (C("R8"),), "turn", 1)]
    assert (g.to_act, g.decision, g.drawn) == (0, Decision.DRAWN, C("R8"))
    assert set(g.legal_actions(0)) == {Play(0, C("R8")), Pass(0)}
    ev = g.apply(Play(0, C("R8")))
    assert ev == [E.CardPlayed(0, C("R8")), E.TurnStarted(1)]
    assert g.hands[0] == cards("B9 Y1 Y2") and g.drawn is None


def test_C9_drawn_card_not_playable_ends_the_turn() -> None:
    g = build(["B9 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="G8")
    ev = g.apply(Draw(0))
    assert ev == [E.CardsDrawn(0, (C("G8"),), "turn", 1), E.TurnStarted(1)]
    assert g.hands[0] == cards("B9 Y1 Y2 G8")
    assert (g.to_act, g.decision) == (1, Decision.TURN)


def test_C9_playable_drawn_card_may_be_kept() -> None:
    g = build(["B9 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="W")
    g.apply(Draw(0))
    ev = g.apply(Pass(0))
    assert ev == [E.DrawnCardKept(0), E.TurnStarted(1)]
    assert g.hands[0] == cards("B9 Y1 Y2 W") and g.top == C("R5")


# ---------------------------------------------------------------------------- C-10


def test_C10_reneging_then_only_the_drawn_card_may_be_played() -> None:
    g = build(["R7 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="R8")
    assert Play(0, C("R7")) in g.legal_actions(0)
    g.apply(Draw(0))
    assert Play(0, C("R7")) not in g.legal_actions(0)
    assert_illegal(g, Play(0, C("R7")), "C-10")
    assert_illegal(g, Draw(0), "C-9")
    g.apply(Play(0, C("R8")))
    assert g.hands[0] == cards("R7 Y1 Y2")


def test_C10_reneging_with_an_unplayable_draw_ends_the_turn() -> None:
    g = build(["R7 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="B8")
    ev = g.apply(Draw(0))
    assert ev[-1] == E.TurnStarted(1)
    assert g.hands[0] == cards("R7 Y1 Y2 B8")


# ---------------------------------------------------------------------------- C-11


def test_C11_empty_draw_pile_reshuffles_discard_but_top() -> None:
    g = build(["R7 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", rest="discard")
    assert g.draw_pile == []
    n = len(g.discard)
    ev = g.apply(Draw(0))
    assert ev[0] == E.Reshuffled(n - 1)
    assert kinds(ev, E.CardsDrawn)[0].count == 1
    assert g.discard == [C("R5")]
    assert len(g.draw_pile) == n - 2
    assert_deck_intact(g)


def test_C11_penalty_draw_crosses_the_reshuffle() -> None:
    g = build(["R+2 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="Y9", rest="discard")
    n = len(g.discard)
    ev = g.apply(Play(0, C("R+2")))
    assert ev[0] == E.CardPlayed(0, C("R+2"))
    assert ev[1] == E.Reshuffled(n)  # everything but the Draw Two just played
    drawn = kinds(ev, E.CardsDrawn)
    assert len(drawn) == 1 and drawn[0].count == 2 and C("Y9") in drawn[0].cards
    assert ev[-2:] == [E.TurnSkipped(1), E.TurnStarted(2)]
    assert g.discard == [C("R+2")]
    assert_deck_intact(g)


def test_C11_nothing_to_reshuffle_player_takes_nothing_and_play_goes_on() -> None:
    g = build(["R7 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", rest=2)
    assert g.draw_pile == [] and g.discard == [C("R5")]
    ev = g.apply(Draw(0))
    assert ev == [E.CardsDrawn(0, (), "turn", 0), E.TurnStarted(1)]
    assert g.hands[0] == cards("R7 Y1 Y2") and not g.over


def test_C11_penalty_takes_what_exists() -> None:
    g = build(["R+2 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", rest=2)
    ev = g.apply(Play(0, C("R+2")))
    assert ev == [
        E.CardPlayed(0, C("R+2")),
        E.Reshuffled(1),
        E.CardsDrawn(1, (C("R5"),), "draw_two", 1),
        E.TurnSkipped(1),
        E.TurnStarted(2),
    ]
    assert g.discard == [C("R+2")] and g.draw_pile == []
    assert_deck_intact(g)


# ---------------------------------------------------------------------------- C-13


def test_C13_going_out_ends_the_hand() -> None:
    g = build(["R7", "B1 B2 B3", "G1 G2"], "R5", rules=SINGLE)
    ev = g.apply(Play(0, C("R7")))
    assert ev == [
        E.CardPlayed(0, C("R7")),
        E.HandEnded(0, 9, (9, 0, 0)),
        E.MatchEnded((0,)),
    ]
    assert g.over and g.decision is Decision.OVER


def test_C13_going_out_on_draw_two_next_player_still_draws_and_it_counts() -> None:
    g = build(["R+2", "B1 B2 B3", "G1 G2"], "R5", draw_top="Y2 Y3", rules=SINGLE)
    ev = g.apply(Play(0, C("R+2")))
    points = 1 + 2 + 3 + 2 + 3 + 1 + 2
    assert ev == [
        E.CardPlayed(0, C("R+2")),
        E.CardsDrawn(1, tuple(cards("Y2 Y3")), "draw_two", 2),
        E.HandEnded(0, points, (points, 0, 0)),
        E.MatchEnded((0,)),
    ]
    assert g.hands[1] == cards("B1 B2 B3 Y2 Y3")


def test_C13_going_out_on_wd4_next_draws_four_no_colour_no_challenge() -> None:
    g = build(["W+4", "B1 B2 B3", "G1 G2"], "R5", draw_top="Y2 Y3 Y4 R9", rules=SINGLE)
    assert "W+4" in plays(g)
    ev = g.apply(Play(0, C("W+4")))
    points = 6 + 2 + 3 + 4 + 9 + 3
    assert ev == [
        E.CardPlayed(0, C("W+4")),
        E.CardsDrawn(1, tuple(cards("Y2 Y3 Y4 R9")), "wild_draw_four", 4),
        E.HandEnded(0, points, (points, 0, 0)),
        E.MatchEnded((0,)),
    ]
    assert not kinds(ev, E.ColourChosen) and not kinds(ev, E.ChallengeResolved)
    assert g.legal_actions(1) == []


def test_C13_going_out_on_a_wild_names_no_colour() -> None:
    g = build(["W", "B1 B2 B3", "G1 G2"], "R5", rules=SINGLE)
    ev = g.apply(Play(0, C("W")))
    assert [type(e) for e in ev] == [E.CardPlayed, E.HandEnded, E.MatchEnded]


def test_C13_in_a_longer_match_the_next_hand_is_dealt() -> None:
    g = build(["R7", "B1 B2 B3", "G1 G2"], "R5", dealer=2)
    ev = g.apply(Play(0, C("R7")))
    assert ev[1] == E.HandEnded(0, 9, (9, 0, 0))
    assert ev[2] == E.HandStarted(2, 0, (0, 1, 2))  # the deal passes to the left
    assert g.match.hand_no == 2 and not g.over
    assert all(len(g.hands[p]) == 7 for p in range(3))
    assert_deck_intact(g)


# ---------------------------------------------------------------------------- C-14


def test_C14_two_players_reverse_acts_as_skip() -> None:
    g = build(["RR Y1 Y2", "B1 B2 B3"], "R5")
    ev = g.apply(Play(0, C("RR")))
    assert ev == [
        E.CardPlayed(0, C("RR")),
        E.DirectionChanged(False),
        E.TurnSkipped(1),
        E.TurnStarted(0),
    ]
    assert g.to_act == 0


def test_C14_two_players_skip_plays_again() -> None:
    g = build(["RS Y1 Y2", "B1 B2 B3"], "R5")
    ev = g.apply(Play(0, C("RS")))
    assert ev == [E.CardPlayed(0, C("RS")), E.TurnSkipped(1), E.TurnStarted(0)]


def test_C14_two_players_draw_two_opponent_draws_and_play_comes_back() -> None:
    g = build(["R+2 Y1 Y2", "B1 B2 B3"], "R5", draw_top="G1 G2")
    ev = g.apply(Play(0, C("R+2")))
    assert ev == [
        E.CardPlayed(0, C("R+2")),
        E.CardsDrawn(1, tuple(cards("G1 G2")), "draw_two", 2),
        E.TurnSkipped(1),
        E.TurnStarted(0),
    ]


@pytest.mark.parametrize("answer", [Accept, Challenge])
def test_C14_two_players_wd4_opponent_draws_and_play_comes_back(answer: type) -> None:
    g = build(["W+4 G1 Y2", "B1 B2 B3"], "R5")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.GREEN))
    ev = g.apply(answer(1))
    assert ev[-2:] == [E.TurnSkipped(1), E.TurnStarted(0)]
    assert len(g.hands[1]) == (7 if answer is Accept else 9)


# ---------------------------------------------------------------------------- C-15


def test_C15_card_values() -> None:
    rs = edition("official")
    for text, value in [
        ("R0", 0),
        ("Y7", 7),
        ("B9", 9),
        ("GS", 20),
        ("RR", 20),
        ("B+2", 20),
        ("W", 50),
        ("W+4", 50),
    ]:
        assert rs.value(C(text)) == value
    assert hand_value(rs, cards("R5 GS YR B+2 W W+4 Y0")) == 165


def test_C15_the_winner_scores_the_values_left_in_hands() -> None:
    g = build(["R7", "GS YR B+2", "W W+4 Y0 R5"], "R5")
    ev = g.apply(Play(0, C("R7")))
    assert kinds(ev, E.HandEnded) == [E.HandEnded(0, 165, (165, 0, 0))]


# ---------------------------------------------------------------------------- C-16


def test_C16_draw_two_next_player_draws_two_and_loses_turn() -> None:
    g = build(["R+2 Y1 Y2", "B1 B2 B3", "G1 G2 G3", "Y7 Y8 Y9"], "R5", draw_top="G4 G5")
    ev = g.apply(Play(0, C("R+2")))
    assert ev == [
        E.CardPlayed(0, C("R+2")),
        E.CardsDrawn(1, tuple(cards("G4 G5")), "draw_two", 2),
        E.TurnSkipped(1),
        E.TurnStarted(2),
    ]
    assert len(g.hands[1]) == 5


def test_C16_skip_next_player_loses_turn() -> None:
    g = build(["RS Y1 Y2", "B1 B2 B3", "G1 G2 G3", "Y7 Y8 Y9"], "R5")
    ev = g.apply(Play(0, C("RS")))
    assert ev == [E.CardPlayed(0, C("RS")), E.TurnSkipped(1), E.TurnStarted(2)]


def test_C16_reverse_changes_direction_at_once_and_a_covering_card_keeps_it() -> None:
    g = build(["RR Y1 Y2", "B1 B2 B3", "R1 G2 G3", "R3 Y8 Y9"], "R5")
    ev = g.apply(Play(0, C("RR")))
    assert ev == [E.CardPlayed(0, C("RR")), E.DirectionChanged(False), E.TurnStarted(3)]
    assert g.direction == -1
    ev = g.apply(Play(3, C("R3")))  # covers the Reverse: the direction stays
    assert ev == [E.CardPlayed(3, C("R3")), E.TurnStarted(2)]
    g.apply(Play(2, C("R1")))
    assert g.to_act == 1


def test_C16_second_reverse_turns_back_clockwise() -> None:
    g = build(["RR Y1 Y2", "B1 B2 B3", "G1 G2 G3", "YR Y8 Y9"], "R5")
    g.apply(Play(0, C("RR")))
    ev = g.apply(Play(3, C("YR")))
    assert ev == [E.CardPlayed(3, C("YR")), E.DirectionChanged(True), E.TurnStarted(0)]
