"""The hard bot's search on hand-made positions."""

from __future__ import annotations

import random

from game.bots.hard import HardBot
from game.rules.actions import CallUno, ChooseColour, Play
from game.rules.cards import Card, Colour
from game.rules.engine import Game
from game.rules.view import view
from tests.bots.helpers import build

C = Card.parse


def choose(g: Game, bot: HardBot | None = None) -> object:
    bot = bot or HardBot(budget=3000, time_limit=None)
    legal = g.legal_actions()
    return bot.choose(view(g, g.to_act, legal=legal), legal, random.Random(2))


def test_C14_chains_a_skip_into_going_out() -> None:
    # Two players, the opponent on one card: Skip, then the last card, wins at once.
    g = build(["R5 RS", "G1"], "R3", turn=0)
    assert choose(g) == CallUno(0)  # UNO first: it is about to play its next-to-last card
    g.apply(CallUno(0))
    assert choose(g) == Play(0, C("RS"))


def test_C6_names_a_colour_it_can_follow() -> None:
    g = build(["W B5 B7 R1", "Y3 Y4 Y1 G2"], "R2", turn=0)
    g.apply(Play(0, C("W")))
    a = choose(g)
    assert isinstance(a, ChooseColour) and a.colour in (Colour.BLUE, Colour.RED)


def test_search_uses_worlds_and_stays_legal() -> None:
    g = build(["R5 G5 B5 Y5 W", "Y3 Y4 Y1 G2 B8 B9"], "R1", turn=0)
    bot = HardBot(budget=2000, time_limit=None)
    legal = g.legal_actions()
    a = bot.choose(view(g, 0, legal=legal), legal, random.Random(1))
    assert a in legal and bot.last_worlds >= bot.min_worlds


def test_C10_drawing_with_a_card_that_fits_is_searched_unless_turned_off() -> None:
    # One playable card: reneging (C-10) is legal, and a candidate of the search.
    g = build(["R5 G7 B9 Y2", "G3 Y4 B1 G2"], "R1", turn=0)
    legal = g.legal_actions()
    assert len(legal) == 2  # R5 or draw
    bot = HardBot(budget=3000, time_limit=None)
    assert bot.choose(view(g, 0, legal=legal), legal, random.Random(1)) in legal
    assert bot.last_worlds >= bot.min_worlds
    plain = HardBot(budget=3000, time_limit=None, search_draw=False)
    assert plain.choose(view(g, 0, legal=legal), legal, random.Random(1)) == Play(0, C("R5"))
    assert plain.last_worlds == 0


def test_search_stops_once_only_the_default_is_left() -> None:
    # Skip then go out (C-14), or play the 7 and let the other player follow with their
    # yellow 7: the 7 is clearly worse, so the search ends long before its step budget.
    g = build(["RS R7", "Y7 Y4 Y5"], "R1", turn=0)
    g.apply(CallUno(0))
    bot = HardBot(budget=200_000, time_limit=None)
    legal = g.legal_actions()
    a = bot.choose(view(g, 0, legal=legal), legal, random.Random(3))
    assert a == Play(0, C("RS"))
    assert 0 < bot.last_worlds <= 64
