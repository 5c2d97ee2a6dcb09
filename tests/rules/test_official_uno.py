"""C-12, the UNO call and the window in which a player who forgot it can be caught.

The window opens when the next-to-last card lands and closes when the player who takes
the next turn begins it (plays, or draws by choice or by necessity). Penalty draws,
being skipped and a challenge decision do not begin a turn. H-7 sets the penalty.
"""

from __future__ import annotations

from game.rules import events as E
from game.rules.actions import Accept, CallUno, Catch, Challenge, ChooseColour, Draw, Play
from game.rules.cards import Card, Colour
from game.rules.engine import Decision

from .helpers import assert_deck_intact, assert_illegal, build, cards, kinds

C = Card.parse
THREE = ["R7 R8", "B1 B2 R9", "G1 G2 R2"]  # player 0 is about to reach one card


def left_on_one() -> object:
    """Player 0 plays R7 without calling: they owe UNO, player 1 is next."""
    g = build(THREE, "R5", draw_top="Y1 Y2 Y3 Y4")
    ev = g.apply(Play(0, C("R7")))
    assert ev == [E.CardPlayed(0, C("R7")), E.TurnStarted(1)]
    assert g.uno_open == [0]
    return g


def test_C12_forgot_but_called_before_being_caught_is_safe() -> None:
    g = left_on_one()
    assert CallUno(0) in g.legal_actions(0)
    assert g.apply(CallUno(0)) == [E.UnoCalled(0)]
    assert g.uno_open == []
    assert Catch(1, 0) not in g.legal_actions(1)
    assert g.apply(Catch(1, 0)) == [E.CatchMissed(1, 0)]
    assert g.hands[0] == [C("R8")]
    assert (g.to_act, g.decision) == (1, Decision.TURN)


def test_C12_caught_player_draws_two() -> None:
    g = left_on_one()
    assert Catch(1, 0) in g.legal_actions(1)
    ev = g.apply(Catch(1, 0))
    assert ev == [
        E.UnoCaught(1, 0),
        E.CardsDrawn(0, tuple(cards("Y1 Y2")), "uno_penalty", 2),
    ]
    assert g.hands[0] == cards("R8 Y1 Y2")
    assert g.uno_open == []
    assert (g.to_act, g.decision) == (1, Decision.TURN)  # the catch is not a turn
    assert g.apply(Catch(2, 0)) == [E.CatchMissed(2, 0)]  # caught once only
    assert_deck_intact(g)


def test_C12_any_other_player_may_catch_within_the_window() -> None:
    g = left_on_one()
    assert Catch(2, 0) in g.legal_actions(2)
    ev = g.apply(Catch(2, 0))
    assert ev[0] == E.UnoCaught(2, 0)
    assert len(g.hands[0]) == 3


def test_C12_too_late_once_the_next_player_has_played() -> None:
    g = left_on_one()
    g.apply(Play(1, C("R9")))
    assert g.uno_open == []
    assert all(not isinstance(a, Catch) for p in range(3) for a in g.legal_actions(p))
    assert g.apply(Catch(2, 0)) == [E.CatchMissed(2, 0)]
    assert g.hands[0] == [C("R8")]
    assert_illegal(g, CallUno(0), "C-12")  # nothing left to call either


def test_C12_too_late_once_the_next_player_has_drawn() -> None:
    g = left_on_one()
    ev = g.apply(Draw(1))
    assert kinds(ev, E.CardsDrawn)[0].player == 1
    assert g.apply(Catch(2, 0)) == [E.CatchMissed(2, 0)]
    assert g.hands[0] == [C("R8")]


def test_C12_drawing_by_necessity_also_begins_the_turn() -> None:
    g = build(["R7 R8", "B1 B2 B3", "G1 G2 R2"], "R5")
    g.apply(Play(0, C("R7")))
    assert g.legal_actions(1) == [Draw(1), Catch(1, 0)]
    g.apply(Draw(1))
    assert g.apply(Catch(1, 0)) == [E.CatchMissed(1, 0)]


def test_C12_draw_two_penalty_does_not_close_the_window() -> None:
    g = build(["R+2 R8", "B1 B2 B3", "G1 G2 R2"], "R5", draw_top="Y1 Y2 Y3 Y4")
    ev = g.apply(Play(0, C("R+2")))
    assert ev[-2:] == [E.TurnSkipped(1), E.TurnStarted(2)]
    assert g.uno_open == [0]
    ev = g.apply(Catch(2, 0))  # player 2 takes the next turn and has not begun it
    assert ev == [E.UnoCaught(2, 0), E.CardsDrawn(0, tuple(cards("Y3 Y4")), "uno_penalty", 2)]


def test_C12_skipped_player_may_still_catch() -> None:
    g = build(["RS R8", "B1 B2 B3", "G1 G2 R2"], "R5", draw_top="Y1 Y2")
    g.apply(Play(0, C("RS")))
    assert g.to_act == 2 and g.uno_open == [0]
    assert g.apply(Catch(1, 0))[0] == E.UnoCaught(1, 0)


def test_C12_window_stays_open_during_wd4_colour_and_challenge_decisions() -> None:
    g = build(["W+4 G8", "B1 B2 B3", "G1 G2 R2"], "R5", draw_top="Y1 Y2 Y3 Y4 Y5 Y6")
    g.apply(Play(0, C("W+4")))
    assert g.uno_open == [0] and g.decision is Decision.COLOUR
    assert Catch(2, 0) in g.legal_actions(2)
    g.apply(ChooseColour(0, Colour.GREEN))
    assert (g.to_act, g.decision) == (1, Decision.CHALLENGE)
    assert Catch(1, 0) in g.legal_actions(1)
    g.apply(Accept(1))  # penalty draw and a skip: still not a turn begun
    assert g.to_act == 2 and g.uno_open == [0]
    ev = g.apply(Catch(2, 0))
    assert ev == [E.UnoCaught(2, 0), E.CardsDrawn(0, tuple(cards("Y5 Y6")), "uno_penalty", 2)]


def test_C12_challenge_decision_does_not_close_the_window() -> None:
    g = build(["W+4 G8", "B1 B2 B3", "G1 G2 R2"], "R5", draw_top="Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.GREEN))
    ev = g.apply(Challenge(1))  # innocent: player 1 draws 6 and is skipped
    assert kinds(ev, E.ChallengeResolved)[0].guilty is False
    assert g.to_act == 2 and g.uno_open == [0]
    assert g.apply(Catch(1, 0))[0] == E.UnoCaught(1, 0)
    assert len(g.hands[0]) == 3


def test_C12_catch_after_guilty_challenge_has_no_effect() -> None:
    g = build(["W+4 R8", "B1 B2 B3", "G1 G2 R2"], "R5", draw_top="Y1 Y2 Y3 Y4")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.GREEN))
    g.apply(Challenge(1))  # guilty: player 0 draws 4 and no longer holds one card
    assert len(g.hands[0]) == 5
    assert g.apply(Catch(2, 0)) == [E.CatchMissed(2, 0)]
    assert len(g.hands[0]) == 5


def test_C12_caught_during_own_colour_decision() -> None:
    g = build(["W G8", "B1 B2 B3", "G1 G2 R2"], "R5", draw_top="Y1 Y2")
    g.apply(Play(0, C("W")))
    ev = g.apply(Catch(1, 0))
    assert ev[0] == E.UnoCaught(1, 0)
    assert g.decision is Decision.COLOUR and g.to_act == 0  # still names the colour
    g.apply(ChooseColour(0, Colour.BLUE))
    assert g.to_act == 1


def test_C12_precalling_on_the_next_to_last_card() -> None:
    g = build(THREE, "R5")
    assert CallUno(0) in g.legal_actions(0)
    assert g.apply(CallUno(0)) == [E.UnoCalled(0)]
    assert g.uno_declared == 0 and (g.to_act, g.decision) == (0, Decision.TURN)
    assert CallUno(0) not in g.legal_actions(0)  # once is enough
    assert_illegal(g, CallUno(0), "C-12")
    g.apply(Play(0, C("R7")))
    assert g.uno_open == []
    assert g.apply(Catch(1, 0)) == [E.CatchMissed(1, 0)]
    assert g.hands[0] == [C("R8")]


def test_C12_precall_after_drawing_then_playing_the_drawn_card() -> None:
    g = build(["B9", "B1 B2 B3", "G1 G2 R2"], "R5", draw_top="R6")
    g.apply(Draw(0))
    assert g.decision is Decision.DRAWN and CallUno(0) in g.legal_actions(0)
    g.apply(CallUno(0))
    g.apply(Play(0, C("R6")))
    assert g.uno_open == [] and g.hands[0] == [C("B9")]


def test_C12_precall_does_not_carry_over_to_a_later_turn() -> None:
    g = build(["R7 R8", "B1 B2 R3 R9", "G1 G2 R4 R2"], "R5", draw_top="Y1 Y2")
    g.apply(CallUno(0))
    g.apply(Draw(0))  # drew Y1, kept: three cards now
    for p, c in [(1, "R9"), (2, "R2"), (0, "R7"), (1, "R3"), (2, "R4")]:
        g.apply(Play(p, C(c)))
    assert g.uno_open == [] and g.hands[0] == cards("R8 Y1")
    g.apply(Play(0, C("R8")))  # two to one: the old call does not count
    assert g.uno_open == [0]
    assert g.apply(Catch(1, 0))[0] == E.UnoCaught(1, 0)


def test_C12_catching_a_player_who_called_has_no_effect() -> None:
    g = left_on_one()
    g.apply(CallUno(0))
    for catcher in (1, 2):
        assert g.apply(Catch(catcher, 0)) == [E.CatchMissed(catcher, 0)]
    assert g.hands[0] == [C("R8")]


def test_C12_catching_a_player_not_on_one_card_has_no_effect() -> None:
    g = build(THREE, "R5")
    before = [list(h) for h in g.hands]
    assert g.apply(Catch(1, 2)) == [E.CatchMissed(1, 2)]
    assert g.hands == before


def test_C12_cannot_catch_oneself() -> None:
    g = left_on_one()
    assert_illegal(g, Catch(0, 0), "C-12")


def test_C12_two_players_skip_window_until_the_player_begins_again() -> None:
    g = build(["RS R8", "B1 B2 B3"], "R5", draw_top="Y1 Y2")
    g.apply(Play(0, C("RS")))
    assert g.to_act == 0 and g.uno_open == [0]
    assert g.apply(Catch(1, 0))[0] == E.UnoCaught(1, 0)
    assert len(g.hands[0]) == 3


def test_C12_last_card_goes_out_even_if_uno_was_never_called() -> None:
    g = build(["RS R8", "B1 B2 B3"], "R5", rules={"match": "single_hand"})
    g.apply(Play(0, C("RS")))
    ev = g.apply(Play(0, C("R8")))
    assert kinds(ev, E.HandEnded)[0].winner == 0 and g.over
    assert g.legal_actions(1) == []
