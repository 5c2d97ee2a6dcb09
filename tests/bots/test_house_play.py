"""How the bots play the house rules H-1 … H-3 (issue 16 item 4): medium stacks and keeps
its last stacking card for defence, plays a 7 or a 0 for a smaller hand and swaps with
the leader, jumps in when it helps; the tracker knows the hand it gave away."""

from __future__ import annotations

import random

import pytest

from game.bots import make_bot
from game.bots.house import jump_choice, jumps, leader
from game.bots.medium import MediumBot
from game.rules.actions import Accept, Play, SwapWith
from game.rules.cards import Card
from game.rules.engine import Decision
from game.rules.house.play import jump_actions
from game.rules.view import view
from tests.bots.helpers import FACTORIES
from tests.rules.helpers import build

C = Card.parse
STACKING = {"house": "stacking", "match": "single_hand"}
SEVEN_O = {"house": "seven_o", "match": "single_hand"}
JUMP_IN = {"house": "jump_in", "match": "single_hand"}


def test_H1_medium_keeps_its_last_draw_two_for_defence_when_nobody_threatens() -> None:
    hands = ["R+2 R5 G3 G4 B6", "Y1 Y2 Y3 Y4 Y5", "Y6 Y7 Y8 Y9 B1"]
    plain = build(hands, "R1", turn=0, rules={"match": "single_hand"})
    stacked = build(hands, "R1", turn=0, rules=STACKING)
    assert MediumBot().choose(view(stacked, 0), stacked.legal_actions(0),
                              random.Random(0)) == Play(0, C("R5"))
    # Without stacking nothing comes back: the Draw Two is not held back for that reason.
    assert MediumBot().choose(view(plain, 0), plain.legal_actions(0),
                              random.Random(0)) in (Play(0, C("R+2")), Play(0, C("R5")))


def test_H1_medium_attacks_with_a_draw_two_when_it_holds_another() -> None:
    g = build(["R+2 B+2 R5 G3 G4", "Y1 Y2 Y3 Y4 Y5", "Y6 Y7 Y8 Y9 B1"], "R1", turn=0,
              rules=STACKING)
    assert MediumBot().choose(view(g, 0), g.legal_actions(0),
                              random.Random(0)) == Play(0, C("R+2"))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_H1_facing_a_stack_medium_and_hard_answer_it_in_their_longest_colour(
        level: str) -> None:
    g = build(["R+2 R1 R2", "B+2 G+2 G3 G4 G5", "Y1 Y2 Y3"], "R5", rules=STACKING)
    g.apply(Play(0, C("R+2")))
    assert g.decision is Decision.STACK and g.to_act == 1
    bot = FACTORIES[level]()
    assert bot.choose(view(g, 1), g.legal_actions(1), random.Random(0)) == Play(1, C("G+2"))


def test_H1_easy_sometimes_takes_the_stack_medium_never() -> None:
    g = build(["R+2 R1 R2", "B+2 G3 G4 G5", "Y1 Y2 Y3"], "R5", rules=STACKING)
    g.apply(Play(0, C("R+2")))
    legal = g.legal_actions(1)
    easy = {make_bot("easy").choose(view(g, 1), legal, random.Random(s)) for s in range(40)}
    medium = {make_bot("medium").choose(view(g, 1), legal, random.Random(s))
              for s in range(40)}
    assert easy == {Play(1, C("B+2")), Accept(1)}
    assert medium == {Play(1, C("B+2"))}


def test_H2_the_seven_o_target_is_the_fewest_cards_ties_to_the_soonest_to_play() -> None:
    g = build(["R7 R1 R2 R3", "G1 G2 G3", "B1 B2", "Y1 Y2"], "R5", rules=SEVEN_O)
    g.apply(Play(0, C("R7")))
    assert g.decision is Decision.SWAP
    v = view(g, 0)
    assert leader(v) == 2  # players 2 and 3 hold two cards; 2 plays first
    for level in ("easy", "medium", "hard"):
        assert FACTORIES[level]().choose(v, g.legal_actions(0),
                                         random.Random(0)) == SwapWith(0, 2)


def test_H2_the_seven_o_target_follows_the_direction_of_play() -> None:
    g = build(["R7 R1 R2 R3", "G1 G2", "B1 B2 B3", "Y1 Y2"], "R5", rules=SEVEN_O,
              clockwise=False)
    g.apply(Play(0, C("R7")))
    assert leader(view(g, 0)) == 3  # counter-clockwise, 3 plays before 1


def test_H2_medium_plays_a_seven_for_a_smaller_hand_not_for_a_bigger_one() -> None:
    small = build(["R7 R4 G1 G2 G3 B1", "Y1 Y2", "B5 B6 B7 B8 B9 Y3 Y4"], "R5", rules=SEVEN_O)
    big = build(["R7 R4 G1", "Y1 Y2 Y3 Y4 Y5 Y6", "B5 B6 B7 B8 B9 Y7 Y8"], "R5",
                rules=SEVEN_O)
    assert MediumBot().choose(view(small, 0), small.legal_actions(0),
                              random.Random(0)) == Play(0, C("R7"))
    assert MediumBot().choose(view(big, 0), big.legal_actions(0),
                              random.Random(0)) == Play(0, C("R4"))


def test_H2_after_a_seven_the_tracker_knows_the_hand_it_gave_away() -> None:
    g = build(["R7 R1 G2 B3", "Y1 Y2", "Y3 Y4 Y5"], "R5", rules=SEVEN_O)
    bot = MediumBot()
    assert bot.choose(view(g, 0), g.legal_actions(0), random.Random(0)) == Play(0, C("R7"))
    g.apply(Play(0, C("R7")))
    assert bot.choose(view(g, 0), g.legal_actions(0), random.Random(0)) == SwapWith(0, 1)
    g.apply(SwapWith(0, 1))
    bot.tracker.update(view(g, 0))
    assert sorted(bot.tracker.known(1).elements()) == sorted(C(x) for x in ["R1", "G2", "B3"])
    assert not bot.tracker.known(2)


def test_H2_after_a_zero_what_was_known_moves_with_each_hand() -> None:
    g = build(["R0 R1 G2 B3", "Y1 Y2", "Y3 Y4 Y5"], "R5", rules=SEVEN_O)
    bot = MediumBot()
    bot.tracker.update(view(g, 0))
    g.apply(Play(0, C("R0")))
    bot.tracker.update(view(g, 0))
    # Clockwise: my hand went to player 1, player 1's to player 2, player 2's to me.
    assert sorted(bot.tracker.known(1).elements()) == sorted(C(x) for x in ["R1", "G2", "B3"])
    assert not bot.tracker.known(2)


def test_H3_medium_jumps_in_with_an_identical_card() -> None:
    g = build(["R5 Y1 Y2", "B1 B3", "G1 G2", "R5 G4 G6"], "R9", rules=JUMP_IN)
    g.apply(Play(0, C("R5")))
    options = jump_actions(g, 3)
    assert options == [Play(3, C("R5"))]
    for level in ("medium", "hard"):
        assert jumps(FACTORIES[level](), view(g, 3, legal=options), options,
                     random.Random(0)) == options[0]


@pytest.mark.parametrize(("hand", "jumps_in"), [("R7 G5", False),
                                                ("R7 G5 G6 G7 G8 G9", True)])
def test_H3_H2_medium_jumps_in_with_a_seven_only_for_a_smaller_hand(hand: str,
                                                                   jumps_in: bool) -> None:
    g = build(["R7 Y1 Y2 Y3", "B1 B3 B5", "G1 G2 G3 G4", hand], "R9",
              rules={"house": "seven_o+jump_in", "match": "single_hand"})
    g.apply(Play(0, C("R7")))
    g.apply(SwapWith(0, 1))
    options = jump_actions(g, 3)
    assert options == [Play(3, C("R7"))]
    choice = jumps(MediumBot(), view(g, 3, legal=options), options, random.Random(0))
    assert choice == (options[0] if jumps_in else None)
    assert jump_choice(view(g, 3, legal=options), options) == choice
