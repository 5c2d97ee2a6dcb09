"""C-12, issue 13 item 6: the AI calls UNO only when the call protects a card about to be
played (or one already played), never with two cards and then a draw."""

from __future__ import annotations

import random

import pytest

from game.bots.base import uno_worth_calling
from game.rules.actions import CallUno, Draw, Play
from game.rules.cards import Card
from game.rules.view import view
from tests.ai.helpers import FACTORIES
from tests.rules.helpers import build


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_C12_no_call_with_two_cards_and_nothing_to_play(level: str) -> None:
    g = build(["B5 G7", "Y3 Y4 G1", "Y5 Y6 Y7"], "R1", turn=0)
    legal = g.legal_actions(0)
    assert CallUno(0) in legal  # the engine would take it …
    for seed in range(20):  # … but no seed makes the bot say it
        action = FACTORIES[level]().choose(view(g, 0), legal, random.Random(seed))
        assert action == Draw(0), (seed, action)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_C12_still_calls_before_playing_the_next_to_last_card(level: str) -> None:
    g = build(["R5 G7", "Y3 Y4 G1", "Y5 Y6 Y7"], "R1", turn=0)
    legal = g.legal_actions(0)
    assert FACTORIES[level]().choose(view(g, 0), legal, random.Random(0)) == CallUno(0)
    g.apply(CallUno(0))
    assert FACTORIES[level]().choose(view(g, 0), g.legal_actions(0),
                                     random.Random(0)) == Play(0, Card.parse("R5"))


def test_C12_a_call_is_worth_it_when_owed_or_before_a_play() -> None:
    g = build(["B5 G7", "Y3 Y4 G1"], "R1", turn=0)
    assert not uno_worth_calling(view(g, 0), g.legal_actions(0))
    g = build(["R5 G7", "Y3 Y4 G1"], "R1", turn=0)
    assert uno_worth_calling(view(g, 0), g.legal_actions(0))
