"""``bench/oracle.py``: the worlds it deals know what they are told about a hand, and only
that; everything else stays dealt from the view."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from game.bots.beliefs import Tracker
from game.bots.determinize import Dealer
from game.rules.cards import COLOUR_OF, WILD, Card
from game.rules.engine import Decision, Game
from game.rules.view import view
from tests.bots.helpers import positions

ROOT = Path(__file__).resolve().parents[2]


def oracle() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_oracle", ROOT / "bench" / "oracle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def turns() -> list[Game]:
    """Player turns with an opponent of three cards or more, each game paused there."""
    out = []
    for g in positions("official", 2, range(6), every=4):
        if g.decision is Decision.TURN and len(g.hands[1 - g.to_act]) >= 3:
            out.append(g.clone())
    return out


def colours(cards: list[Card]) -> Counter[int]:
    return Counter(COLOUR_OF[c] for c in cards)


@pytest.mark.parametrize("knows", ["none", "wilds", "voids", "colours", "hand"])
def test_the_worlds_know_what_they_are_told(knows: str) -> None:
    tell = oracle().tell
    games = turns()
    assert len(games) >= 10
    differs = 0
    for i, g in enumerate(games):
        p = g.to_act
        q = 1 - p
        v = view(g, p)
        d = Dealer(v, Tracker().update(v))
        tell(d, knows, g.hands)
        true = list(g.hands[q])
        rng = random.Random(i)
        for _ in range(10):
            hands, draw = d.deal(rng)
            got = hands[q]
            assert len(got) == len(true) and len(draw) == v.draw_pile_size
            assert Counter(got) + Counter(draw) == Counter(true) + Counter(g.draw_pile)
            wilds = sorted(c for c in got if COLOUR_OF[c] == WILD)
            if knows == "hand":
                assert Counter(got) == Counter(true)
            if knows in ("wilds", "colours"):
                assert wilds == sorted(c for c in true if COLOUR_OF[c] == WILD)
            if knows == "voids":
                assert set(colours(got)) - {WILD} <= set(colours(true))
            if knows == "colours":
                assert colours(got) == colours(true)
            differs += Counter(got) != Counter(true)
    # Only the whole hand is dealt as it is: the other kinds leave the cards themselves open.
    assert (differs == 0) == (knows == "hand")


def test_the_worlds_are_told_only_at_the_decisions_named() -> None:
    bench = oracle()
    g = turns()[0]
    p, q = g.to_act, 1 - g.to_act
    v = view(g, p)
    for when, told in (("all", True), ("turn", True), ("colour", False)):
        bot = bench.OracleHard("hand", g, when)
        bot.tracker.update(v)
        d = bot.dealer(v, None)
        assert (Counter(d.known[q]) == Counter(g.hands[q])) == told, when
