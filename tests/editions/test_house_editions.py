"""House rules H-1 … H-3 with each edition (RULES.md section H): Attack's Hit cards and
launcher, Triple Play's trays and overloads, Roboto's interruptions, Sonic's cards."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.editions.roboto.rules import Interrupt
from game.rules import events as E
from game.rules.actions import Accept, ChooseColour, Play, SwapWith
from game.rules.cards import Colour
from game.rules.engine import Decision, Game
from game.rules.house.play import stack_total
from game.rules.position import dump, load
from game.rules.ruleset import Ruleset, edition

from .helpers import C, assert_deck_intact, assert_illegal, cards, position

R, Y, G, B = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE


def house_game(ed: str, house: str, hands: list[str], piles: str | list[str], **kw: Any
               ) -> Game:
    """``position(...)`` with house rules ``house`` on, loaded."""
    text = position(ed, hands, piles, **kw)
    rules = re.search(r" rules=(\S*)", text)
    assert rules is not None
    old = rules.group(1)
    new = f"house:{house}" if old == "-" else f"{old},house:{house}"
    g = load(text.replace(f" rules={old} ", f" rules={new} ", 1))
    assert_deck_intact(g)
    return g


def test_H1_triple_play_has_nothing_to_stack() -> None:
    with pytest.raises(ValueError, match="Triple Play has nothing to stack"):
        Ruleset.from_json({"edition": "triple", "house": "stacking"})
    assert Ruleset.from_json({"edition": "triple", "house": "seven_o,jump_in"}).house == (
        "seven_o+jump_in")


# ---------------------------------------------------------------------- Attack


def test_H1_A4_a_hit_two_answers_a_hit_two_the_loser_presses_the_total() -> None:
    g = house_game("attack", "stacking", ["RH2 R1 R2", "BH2 B3 B4", "G1 G2 G3"], "R5")
    g.launcher.script = [0, 0, 0, 1]
    g.apply(Play(0, C("RH2")))
    assert (g.to_act, g.decision) == (1, Decision.STACK)
    assert set(g.legal_actions(1)) == {Play(1, C("BH2")), Accept(1)}
    g.apply(Play(1, C("BH2")))
    ev = g.apply(Accept(2))
    presses = [e for e in ev if isinstance(e, E.LauncherPressed)]
    assert len(presses) == 4 and {e.player for e in presses} == {2}
    assert {e.reason for e in presses} == {"hit_two"} and len(g.hands[2]) == 4
    assert ev[-2:] == [E.TurnSkipped(2), E.TurnStarted(0)]
    assert_deck_intact(g)


def test_H1_A5_a_wild_hit_four_is_not_answered_by_a_hit_two() -> None:
    g = house_game("attack", "stacking", ["WH4 R1 R2", "BH2 B3 B4", "G1 G2 G3"], "R5")
    g.launcher.script = [0, 0, 0, 0]
    g.apply(Play(0, C("WH4")))
    g.apply(ChooseColour(0, B))
    assert (g.to_act, g.decision) == (1, Decision.STACK)
    assert g.legal_actions(1) == [Accept(1)]  # the only Wild Hit 4 is on the pile
    assert_illegal(g, Play(1, C("BH2")), "H-1")


def test_H2_attack_a_seven_swaps_hands() -> None:
    g = house_game("attack", "seven_o", ["R7 R1 R2", "B3 B4", "G1 G2 G3 G4"], "R5")
    g.apply(Play(0, C("R7")))
    g.apply(SwapWith(0, 1))
    assert g.hands[0] == cards("B3 B4") and g.hands[1] == cards("R1 R2") and g.to_act == 1


# ---------------------------------------------------------------------- Triple Play


def test_H3_T4_triple_jump_in_goes_on_the_tray_just_played_lit_or_not() -> None:
    g = house_game("triple", "jump_in", ["B5 R1 R2", "G1 G2", "Y1 Y2", "B5 Y3"],
                   ["B9", "G5", "Y5"])
    g.bank.script_lit = [(1, 2), (0, 1, 2)]  # tray 0 unlit for player 1's turn
    g.apply(Play(0, C("B5"), 0))
    assert g.legal_actions(3) == [Play(3, C("B5"), 0)]
    assert_illegal(g, Play(3, C("B5"), 1), "H-3")  # onto its identical top card only
    ev = g.apply(Play(3, C("B5"), 0))
    assert ev[:3] == [E.JumpedIn(3, C("B5")), E.CardPlayed(3, C("B5"), 0),
                      E.TrayPressed(3, 0, ev[2].light, 0)]
    assert g.piles[0][-2:] == cards("B5 B5") and g.to_act == 0
    assert_deck_intact(g)


def test_H2_T6_triple_hands_move_after_the_overload_penalty_goes_with_the_hand() -> None:
    g = house_game("triple", "seven_o", ["B7 R1 R2", "G1 G2", "Y1 Y2 Y3"],
                   ["B9", "G5", "Y5"], counts=(4, 0, 0), caps=(5, 9, 9), draw_top="R6 R8")
    g.bank.script_overload = [2]
    g.apply(Play(0, C("B7"), 0))
    assert g.decision is Decision.SWAP
    ev = g.apply(SwapWith(0, 2))
    drew = next(i for i, e in enumerate(ev) if isinstance(e, E.CardsDrawn))
    swapped = ev.index(E.HandsSwapped(0, 2))
    assert drew < swapped  # the overload first, then the hands move
    assert g.hands[2] == cards("R1 R2 R6 R8") and g.hands[0] == cards("Y1 Y2 Y3")
    assert_deck_intact(g)


# ---------------------------------------------------------------------- Roboto


def test_H2_R8_roboto_hands_move_after_his_interruption_before_the_named_player() -> None:
    g = house_game("roboto", "seven_o", ["R7 Y1 Y2", "G4 G5 G6", "B1 B2 B3", "Y4 Y6"], "R5")
    g.unit.script = [Interrupt("nickname", (1, 2), None, 3)]
    g.apply(Play(0, C("R7")))
    assert g.decision is Decision.NICKNAME  # Roboto first
    from game.rules.actions import NicknameGiven

    g.apply(NicknameGiven(1))
    assert (g.to_act, g.decision) == (0, Decision.SWAP)
    ev = g.apply(SwapWith(0, 2))
    assert ev[-2:] == [E.HandsSwapped(0, 2), E.TurnStarted(3)]
    assert_deck_intact(g)


def test_H3_R8_a_jump_in_comes_after_roboto_named_who_continues() -> None:
    g = house_game("roboto", "jump_in", ["R4 Y1 Y2", "G4 G5 G6", "B1 B2 B3", "R4 Y6"], "R5")
    g.unit.script = [Interrupt("nickname", (1, 2), None, 2)]
    g.apply(Play(0, C("R4")))
    assert g.legal_actions(3) == []  # Roboto is interrupting: no jump-in yet
    from game.rules.actions import NicknameGiven

    ev = g.apply(NicknameGiven(1))
    assert ev[-1] == E.TurnStarted(2) and g.legal_actions(3) == [Play(3, C("R4"))]


def test_H1_R7_a_stack_covered_by_roboto_ends() -> None:
    g = house_game("roboto", "stacking", ["R+2 Y1 Y2", "B+2 G5 G6", "R1 B2 B3", "Y4 Y6"],
                   "R5", draw_top="G1 G2 G3 G7")
    g.apply(Play(0, C("R+2")))
    assert (g.to_act, g.decision, stack_total(g)) == (1, Decision.STACK, 2)
    g.unit.script = [Interrupt("discard_colour", (2,), R, 3)]
    g.apply(Play(1, C("B+2")))  # Roboto interrupts; player 2's R1 covers the Draw Two
    assert g.top == C("R1") and (g.to_act, g.decision) == (3, Decision.TURN)
    assert stack_total(g) == 0 and not [e for e in g.hand_events
                                 if isinstance(e, E.CardsDrawn) and e.player == 3]


# ---------------------------------------------------------------------- all editions


@pytest.mark.parametrize("ed", ["official", "attack", "triple", "roboto", "sonic"])
def test_H_every_fitting_house_rule_plays_whole_matches_keeping_every_card(ed: str) -> None:
    from game.bots.driver import MatchRunner
    from game.bots.random_bot import RandomBot
    from game.rules import new_game
    from game.rules.house import fitting

    rs = Ruleset.from_json({**edition(ed).to_json(), "house": "+".join(fitting(ed))})
    assert rs.house
    for seed in range(4):
        g = new_game(rs, 3, seed)
        runner = MatchRunner(g, [RandomBot() for _ in range(3)], seed)
        while not g.over and runner.steps < 3000:
            runner.step()
            assert_deck_intact(g)
            assert dump(load(dump(g))) == dump(g)
