"""House rules H-1 Stacking, H-2 Seven-O and H-3 Jump-in (RULES.md section H) on the
official rules, with their interactions: the WD4 challenge (C-8), the UNO window (C-12)
and going out (C-13). The editions' cases are in tests/editions/test_house_editions.py."""

from __future__ import annotations

import pytest

from game.rules import events as E
from game.rules.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    Play,
    SwapWith,
    action_text,
    parse_action,
)
from game.rules.cards import Card, Colour
from game.rules.engine import Decision, Game
from game.rules.house.play import JumpIn, jump_card, rule_of, stack_total
from game.rules.position import dump, load
from game.rules.ruleset import Ruleset, edition

from .helpers import assert_deck_intact, assert_illegal, build, cards

C = Card.parse
STACKING = {"house": "stacking", "match": "single_hand"}
SEVEN_O = {"house": "seven_o", "match": "single_hand"}
JUMP_IN = {"house": "jump_in", "match": "single_hand"}


def plays(g: Game, p: int) -> set[str]:
    return {str(a.card) for a in g.legal_actions(p) if isinstance(a, Play)}


def test_H_stacking_seven_o_jump_in_are_off_by_default_and_named_in_the_ruleset() -> None:
    assert edition("official").house == ""
    rs = Ruleset.from_json({"edition": "official", "house": "jump_in,stacking"})
    assert rs.house == "stacking+jump_in"  # canonical order, one text
    assert Ruleset.from_json(rs.to_json()) == rs
    with pytest.raises(ValueError, match="unknown house rule 'nope'"):
        Ruleset.from_json({"edition": "official", "house": "nope"})


# ---------------------------------------------------------------------------- H-1


def test_H1_a_draw_two_of_any_colour_answers_and_the_total_passes_on() -> None:
    g = build(["R+2 R1 R2", "B+2 B3 B4", "G1 G2 G3"], "R5", rules=STACKING,
              draw_top="Y1 Y2 Y3 Y4")
    ev = g.apply(Play(0, C("R+2")))
    assert ev[-1] == E.Stacked(0, 2)
    assert (g.to_act, g.decision) == (1, Decision.STACK)
    assert set(g.legal_actions(1)) == {Play(1, C("B+2")), Accept(1)}
    ev = g.apply(Play(1, C("B+2")))
    assert ev[-1] == E.Stacked(1, 4) and (g.to_act, g.decision) == (2, Decision.STACK)
    ev = g.apply(Accept(2))  # the first who does not stack takes it all, loses the turn
    assert ev == [E.CardsDrawn(2, tuple(cards("Y1 Y2 Y3 Y4")), "draw_two", 4),
                  E.TurnSkipped(2), E.TurnStarted(0)]
    assert len(g.hands[2]) == 7 and stack_total(g) == 0
    assert_deck_intact(g)


def test_H1_DC_a_player_who_cannot_stack_is_still_asked() -> None:
    g = build(["R+2 R1 R2", "B1 B3 B4", "G1 G2 G3"], "R5", rules=STACKING)
    g.apply(Play(0, C("R+2")))
    assert (g.to_act, g.decision) == (1, Decision.STACK)
    assert g.legal_actions(1) == [Accept(1)]
    assert_illegal(g, Draw(1), "H-1")
    assert_illegal(g, Play(1, C("B1")), "H-1")


def test_H1_a_draw_two_never_answers_a_wd4_nor_the_reverse() -> None:
    g = build(["R+2 R1 R2", "W+4 B3 B4", "G1 G2 G3"], "R5", rules=STACKING)
    g.apply(Play(0, C("R+2")))
    assert_illegal(g, Play(1, C("W+4")), "H-1")
    g = build(["W+4 Y1 Y2", "B+2 B3 B4", "G1 G2 G3"], "R5", rules=STACKING)
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.BLUE))
    assert (g.to_act, g.decision) == (1, Decision.CHALLENGE)
    assert Play(1, C("B+2")) not in g.legal_actions(1)
    assert_illegal(g, Play(1, C("B+2")), "C-8")


def wd4_stack(second_hand: str) -> Game:
    """Player 0's legal WD4 (names blue), player 1 stacks a WD4 holding ``second_hand``
    (names green); player 2 must answer a stack of 8."""
    g = build(["W+4 Y1 Y2", "W+4 " + second_hand, "G1 G2 G3"], "R5", rules=STACKING,
              draw_top="R1 R2 R3 R4 R6 R7 R8 R9 Y3 Y4")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.BLUE))
    assert Play(1, C("W+4")) in g.legal_actions(1)
    g.apply(Play(1, C("W+4")))
    ev = g.apply(ChooseColour(1, Colour.GREEN))
    assert ev[-1] == E.Stacked(1, 8) and (g.to_act, g.decision) == (2, Decision.CHALLENGE)
    return g


def test_H1_only_the_last_wd4_is_challenged_a_bluff_draws_the_total() -> None:
    g = wd4_stack("B3 B4")  # player 1 held blue, the colour in force: a bluff
    ev = g.apply(Challenge(2))
    assert ev[0] == E.ChallengeResolved(2, 1, True, tuple(cards("B3 B4")))
    assert ev[1] == E.CardsDrawn(1, tuple(cards("R1 R2 R3 R4 R6 R7 R8 R9")),
                                 "challenge_guilty", 8)
    assert (g.to_act, g.decision, g.colour) == (2, Decision.TURN, Colour.GREEN)
    assert_deck_intact(g)


def test_H1_a_legal_last_wd4_challenged_the_challenger_draws_the_total_plus_two() -> None:
    g = wd4_stack("Y3 Y4")  # no blue: legal
    ev = g.apply(Challenge(2))
    assert ev[1].player == 2 and ev[1].count == 10 and ev[1].reason == "challenge_innocent"
    assert ev[2:] == [E.TurnSkipped(2), E.TurnStarted(0)]
    assert_deck_intact(g)


def test_H1_accepting_a_wd4_stack_draws_the_total() -> None:
    g = wd4_stack("Y3 Y4")
    ev = g.apply(Accept(2))
    assert ev[0].count == 8 and ev[0].reason == "wild_draw_four"
    assert g.to_act == 0


def test_H1_C13_a_stacked_last_card_ends_the_hand_the_next_player_draws_the_total() -> None:
    g = build(["R+2 R1 R2", "B+2", "G1 G2 G3"], "R5", rules=STACKING,
              draw_top="Y1 Y2 Y3 Y4")
    g.apply(Play(0, C("R+2")))
    ev = g.apply(Play(1, C("B+2")))
    drawn = [e for e in ev if isinstance(e, E.CardsDrawn)]
    assert [e.player for e in drawn] == [2, 2] and sum(e.count for e in drawn) == 4
    assert not [e for e in ev if isinstance(e, E.Stacked)]  # no stacking on it
    assert isinstance(ev[-1], E.MatchEnded) and g.over
    assert_deck_intact(g)


def test_H1_C12_stacking_begins_the_turn_closing_the_uno_window() -> None:
    g = build(["R+2 R1", "B+2 B3 B4", "G1 G2 G3"], "R5", rules=STACKING)
    g.apply(Play(0, C("R+2")))  # one card left, no UNO called
    assert g.uno_open == [0]
    g.apply(Play(1, C("B+2")))
    assert g.uno_open == []
    assert g.apply(Catch(2, 0)) == [E.CatchMissed(2, 0)]


def test_H1_the_stack_and_its_rank_survive_the_position_text() -> None:
    g = build(["R+2 R1 R2", "B+2 B3 B4", "G1 G2 G3"], "R5", rules=STACKING)
    g.apply(Play(0, C("R+2")))
    text = dump(g)
    assert "rules=match:single_hand,house:stacking" in text and " house=2:12," in text
    h = load(text)
    assert dump(h) == text and h.legal_actions(1) == g.legal_actions(1)


# ---------------------------------------------------------------------------- H-2


def test_H2_a_seven_swaps_hands_with_the_player_named_before_the_next_turn() -> None:
    g = build(["R7 Y1 Y2", "B1 B3", "G1 G2 G3 G4"], "R5", rules=SEVEN_O)
    g.apply(Play(0, C("R7")))
    assert (g.to_act, g.decision) == (0, Decision.SWAP)
    assert set(g.legal_actions(0)) == {SwapWith(0, 1), SwapWith(0, 2)}
    assert_illegal(g, SwapWith(0, 0), "H-2")
    ev = g.apply(SwapWith(0, 2))
    assert ev == [E.PlayerPicked(0, 2), E.HandsSwapped(0, 2), E.TurnStarted(1)]
    assert g.hands[0] == cards("G1 G2 G3 G4") and g.hands[2] == cards("Y1 Y2")
    assert_deck_intact(g)


def test_H2_a_zero_passes_every_hand_in_the_direction_of_play() -> None:
    g = build(["R0 Y1 Y2", "B1 B3", "G1 G2 G3 G4"], "R5", rules=SEVEN_O, clockwise=False)
    ev = g.apply(Play(0, C("R0")))
    assert E.HandsPassed(False) in ev and g.to_act == 2
    # Counter-clockwise, the next player of 0 is 2, of 2 is 1, of 1 is 0.
    assert g.hands[2] == cards("Y1 Y2") and g.hands[1] == cards("G1 G2 G3 G4")
    assert g.hands[0] == cards("B1 B3")


def test_H2_C12_a_player_who_receives_one_card_must_call_uno() -> None:
    g = build(["R7 Y1", "B1 B3", "G1 G2 G3"], "R5", rules=SEVEN_O, declared=0)
    g.apply(CallUno(0)) if CallUno(0) in g.legal_actions(0) else None
    g.apply(Play(0, C("R7")))
    g.apply(SwapWith(0, 2))
    assert g.hands[2] == cards("Y1") and g.uno_open == [2]  # the swap's receiver owes it
    ev = g.apply(Catch(1, 2))
    assert ev[0] == E.UnoCaught(1, 2)


def test_H2_a_seven_or_zero_as_last_card_ends_the_hand_nothing_moves() -> None:
    for last in ("R7", "R0"):
        g = build([last, "B1 B3", "G1 G2 G3"], "R5", rules=SEVEN_O)
        ev = g.apply(Play(0, C(last)))
        assert g.over and not [e for e in ev if isinstance(e, E.HandsSwapped | E.HandsPassed)]


def test_H2_the_swap_action_has_a_text_form_and_a_pending_swap_a_position() -> None:
    assert action_text(SwapWith(2, 0)) == "2 swap 0" and parse_action("2 swap 0") == SwapWith(2, 0)
    g = build(["R7 Y1 Y2", "B1 B3", "G1 G2 G3 G4"], "R5", rules=SEVEN_O)
    g.apply(Play(0, C("R7")))
    text = dump(g)
    assert "decision=swap" in text and text.split(" house=")[1].startswith("-,-,-,-,1")
    h = load(text)
    h.apply(SwapWith(0, 2))
    g.apply(SwapWith(0, 2))
    assert dump(h).split(" turns=")[1] == dump(g).split(" turns=")[1]


# ---------------------------------------------------------------------------- H-3


def test_H3_an_identical_card_jumps_in_play_continues_from_the_jumper() -> None:
    g = build(["R5 Y1 Y2", "B1 B3", "G1 G2", "R5 G4 G6"], "R9", rules=JUMP_IN)
    g.apply(Play(0, C("R5")))
    assert g.to_act == 1 and g.legal_actions(3) == [Play(3, C("R5"))]
    assert g.legal_actions(2) == []  # nothing identical
    ev = g.apply(Play(3, C("R5")))
    assert ev[:2] == [E.JumpedIn(3, C("R5")), E.CardPlayed(3, C("R5"))]
    assert ev[-1] == E.TurnStarted(0)  # players 1 and 2 were passed over
    assert_deck_intact(g)


def test_H3_a_card_that_crossed_processes_is_jumped_on_like_any_other() -> None:
    # The table's AI decides in a worker process: its Play comes back pickled. The compiled
    # engine refused the person's jump-in on that copy ("only a card identical to G4").
    import pickle

    g = build(["R5 Y1 Y2", "B1 B3", "G1 G2", "R5 G4 G6"], "R9", rules=JUMP_IN)
    played = pickle.loads(pickle.dumps(Play(0, C("R5"))))
    assert played.card is C("R5")  # one shared card per code, whatever the road
    g.apply(played)
    g.apply(Play(3, C("R5")))
    assert g.to_act == 0 and g.hands[3] == [C("G4"), C("G6")]
    assert_deck_intact(g)


def test_H3_only_an_identical_card_and_never_a_wild() -> None:
    g = build(["R5 Y1 Y2", "B1 B3", "G5 G2", "R5 G4 G6"], "R9", rules=JUMP_IN)
    g.apply(Play(0, C("R5")))
    assert_illegal(g, Play(2, C("G5")), "H-3")
    g = build(["W Y1 Y2", "B1 B3", "G5 G2", "W G4 G6"], "R9", rules=JUMP_IN)
    g.apply(Play(0, C("W")))
    g.apply(ChooseColour(0, Colour.GREEN))
    assert g.legal_actions(3) == [] and jump_card(g) is None and g.window is None


def test_H3_the_window_closes_when_the_next_player_acts() -> None:
    g = build(["R5 Y1 Y2", "B1 B3", "G1 G2", "R5 G4 G6"], "R9", rules=JUMP_IN)
    g.apply(Play(0, C("R5")))
    g.apply(Draw(1))
    assert g.legal_actions(3) == []
    assert_illegal(g, Play(3, C("R5")), "C-3")


def test_H3_a_card_on_top_from_an_earlier_turn_cannot_be_jumped_on() -> None:
    g = build(["B5 Y1 Y2", "B1 B3", "G1 G2", "R5 G4 G6"], "R5", rules=JUMP_IN)
    assert g.legal_actions(3) == []  # the R5 was not just played
    assert_illegal(g, Play(3, C("R5")), "C-3")


def test_H3_C12_a_jump_in_closes_the_uno_window() -> None:
    g = build(["R5 Y1", "B1 B3", "G1 G2", "R5 G4 G6"], "R9", rules=JUMP_IN)
    g.apply(Play(0, C("R5")))
    assert g.uno_open == [0]
    g.apply(Play(3, C("R5")))
    assert g.uno_open == [] and g.apply(Catch(1, 0)) == [E.CatchMissed(1, 0)]


def test_H3_after_a_draw_two_has_had_its_effect_its_twin_jumps_in() -> None:
    g = build(["R+2 Y1 Y2", "B1 B3", "G1 G2", "R+2 G4 G6"], "R9", rules=JUMP_IN,
              draw_top="Y3 Y4 Y6 Y7")
    ev = g.apply(Play(0, C("R+2")))  # player 1 draws 2, player 2's turn begins
    assert ev[-1] == E.TurnStarted(2) and g.legal_actions(3) == [Play(3, C("R+2"))]
    ev = g.apply(Play(3, C("R+2")))  # its effect applies from the jumper: 0 draws
    assert E.CardsDrawn(0, tuple(cards("Y6 Y7")), "draw_two", 2) in ev
    assert ev[-1] == E.TurnStarted(1)


def test_H3_the_first_jump_counts_and_the_window_opens_on_the_jumpers_card() -> None:
    g = build(["R5 Y1 Y2", "B1 B3", "G1 G2", "R5 G4 G6"], "R9", rules=JUMP_IN)
    g.apply(Play(0, C("R5")))
    g.apply(Play(3, C("R5")))
    rule = rule_of(g, "jump_in")
    assert isinstance(rule, JumpIn) and rule.jump == (C("R5"), 0)  # the jumper's R5, just played
    assert g.to_act == 0 and g.window is rule
    assert_illegal(g, Play(3, C("G4")), "H-3")  # out of turn, only its twin may come
    assert all(g.legal_actions(q) == [] for q in (1, 2, 3))


@pytest.mark.parametrize("house", ["stacking", "seven_o", "jump_in", "stacking+seven_o+jump_in"])
def test_H_house_rules_keep_every_card_through_bot_matches(house: str) -> None:
    from game.bots.driver import MatchRunner
    from game.bots.random_bot import RandomBot
    from game.rules import new_game

    rs = Ruleset.from_json({"edition": "official", "house": house, "match": "single_hand"})
    for seed in range(6):
        g = new_game(rs, 3, seed)
        runner = MatchRunner(g, [RandomBot() for _ in range(3)], seed)
        while not g.over:
            runner.step()
            assert_deck_intact(g)
            assert dump(load(dump(g))) == dump(g)


def test_H1_H2_H3_narrated_a_stack_total_a_pass_and_a_jump_in_said_once() -> None:
    from game.i18n import set_language
    from game.voice.narrate import Narrator

    set_language("en")
    n = Narrator(["Ada", "Bruno", "Chloé", "Dan"])
    lines = n.lines([E.Stacked(0, 4), E.HandsPassed(True), E.JumpedIn(3, C("R5")),
                     E.CardPlayed(3, C("R5")), E.CardPlayed(0, C("R6"))])
    assert lines == ["Stack: 4 cards to take!", "Zero! Every hand passes on.",
                     "Dan jumps in with a red 5!", "Ada plays a red 6."]
