"""The play-outs' policy (game.bots.rollout): a cheap medium whose players see the
world's hands, so they play and name what the next player cannot follow."""

from __future__ import annotations

from game.bots.rollout import PEEK_VOID, best_colour, fast_turn, lacks, turn_choice
from game.rules.actions import Play
from game.rules.cards import Card, Colour, parse_cards
from tests.ai.helpers import build

C = Card.parse


def test_lacks_names_the_colours_a_hand_cannot_follow() -> None:
    assert lacks(parse_cards("R2 R3 G1")) == [0.0, PEEK_VOID, 0.0, PEEK_VOID]
    assert lacks(parse_cards("R2 W")) == [0.0, 0.0, 0.0, 0.0]  # a wild follows anything
    assert lacks([]) == [PEEK_VOID] * 4


def test_plays_the_colour_the_next_player_cannot_follow() -> None:
    # Red and blue are held alike; the opponent can follow red (R2) but not blue.
    g = build(["R5 R7 B5 B7", "R2 R3 G1"], "G5", turn=0)
    assert fast_turn(g, 0) == Play(0, C("B5"))
    assert turn_choice(g, 0, g.turn_actions(0)) == Play(0, C("B5"))


def test_a_wild_in_the_next_hand_leaves_the_longest_colour() -> None:
    g = build(["R5 R7 R8 B5", "R2 G1 W"], "G5", turn=0)
    assert fast_turn(g, 0) == Play(0, C("R5"))
    assert turn_choice(g, 0, g.turn_actions(0)) == Play(0, C("R5"))


def test_names_a_colour_the_next_player_lacks() -> None:
    # One red and one blue held; the opponent holds red and green only.
    g = build(["R1 B1", "R2 G3 G4"], "G9", turn=0)
    assert best_colour(g, 0) == Colour.BLUE
    # A wild in their hand follows anything: then the hand alone decides (red first).
    g = build(["R1 B1", "R2 G3 W"], "G9", turn=0)
    assert best_colour(g, 0) == Colour.RED


def test_among_colours_they_lack_the_longest_comes_first() -> None:
    g = build(["B1 R1 R2", "G3 G4 Y1"], "G9", turn=0)
    assert best_colour(g, 0) == Colour.RED
