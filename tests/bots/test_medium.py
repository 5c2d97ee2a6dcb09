"""Medium's heuristics on hand-made positions."""

from __future__ import annotations

import random

from game.bots.medium import MediumBot
from game.rules.actions import Accept, Challenge, ChooseColour, Draw, Pass, Play
from game.rules.cards import Card, Colour
from game.rules.engine import Game
from game.rules.view import view
from tests.bots.helpers import build

C = Card.parse


def choose(bot: MediumBot, g: Game) -> object:
    legal = g.legal_actions()
    return bot.choose(view(g, g.to_act, legal=legal), legal, random.Random(1))


def test_C5_follows_its_longest_colour() -> None:
    g = build(["R5 G5 G7 G2 B9", "Y3 Y4 Y1 B2 B3"], "Y5", turn=0)
    a = choose(MediumBot(), g)
    assert a == Play(0, C("G5"))  # switches into green, which it holds three of


def test_C6_keeps_wilds_while_something_else_fits() -> None:
    g = build(["R5 W R7 B1", "Y3 Y4 Y1 B2 B3"], "R1", turn=0)
    a = choose(MediumBot(), g)
    assert isinstance(a, Play) and a.card != C("W")


def test_C6_names_the_colour_it_holds_most_of() -> None:
    g = build(["W B5 B7 B2 R1", "Y3 Y4 Y1 G2 G3"], "R1", turn=0)
    bot = MediumBot()
    g.apply(Play(0, C("W")))
    assert choose(bot, g) == ChooseColour(0, Colour.BLUE)


def test_C14_two_players_play_a_skip_before_the_card_it_lets_them_follow_with() -> None:
    g = build(["RS R7 B2", "Y3 Y4 Y1 G2 G3"], "R1", turn=0)
    assert choose(MediumBot(), g) == Play(0, C("RS"))


def test_C16_hits_the_next_player_when_they_are_about_to_go_out() -> None:
    g = build(["R+2 R7 R8 B2", "Y3", "G1 G2 G3 G4 G5", "B5 B6 B7 B8"], "R1", turn=0)
    assert choose(MediumBot(), g) == Play(0, C("R+2"))


def test_C10_keeps_a_wild_and_draws_when_the_next_player_cannot_follow() -> None:
    g = build(["W Y7 G8 G9", "R5 R6 Y3 Y4"], "B1", turn=1, draw_top="G2")
    bot = MediumBot()
    bot.tracker.update(view(g, 0))
    g.apply(Draw(1))  # player 1 could not follow B1: G2 does not fit either
    assert g.to_act == 0
    assert isinstance(choose(bot, g), Draw)  # blue stays; player 1 draws again


def test_C8_challenges_a_careless_player_but_not_a_careful_one() -> None:
    careless, careful = MediumBot(), MediumBot()
    g = build(["W+4 R1 R2 R3 R4 R5 G6 G7 G8 Y9", "Y3 Y4 Y1 G2 G3"], "R9", turn=0)
    careless.tracker.update(view(g, 1))
    careless.tracker.stats[0].erratic = 3.0  # has kept playable cards, forgot UNO …
    careful.tracker.update(view(g, 1))
    careful.tracker.stats[0].erratic = -6.0
    g.apply(Play(0, C("W+4")))  # nine cards left: some red among them is likely
    g.apply(ChooseColour(0, Colour.GREEN))
    assert isinstance(choose(careless, g), Challenge)
    assert isinstance(choose(careful, g), Accept)


def test_C9_keeps_a_drawn_wild_draw_four_that_would_be_a_bluff() -> None:
    g = build(["R5 G7 B2", "Y3 Y4 G1"], "R1", turn=0, draw_top="W+4")
    g.apply(Draw(0))
    assert isinstance(choose(MediumBot(), g), Pass)


def test_C12_always_calls_uno_before_its_next_to_last_card() -> None:
    g = build(["R5 R7", "Y3 Y4 G1"], "R1", turn=0)
    from game.rules.actions import CallUno

    assert choose(MediumBot(), g) == CallUno(0)
