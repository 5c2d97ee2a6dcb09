"""Every action a bot returns is legal, in every edition, and matches keep their deck.

Bots are wrapped so that each ``choose`` answer must be one of the legal actions it was
offered and each ``react`` answer one of the options (or ``None``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest

from game.bots import make_bot
from game.bots.base import Bot
from game.bots.driver import MatchRunner
from game.rules.actions import Action
from game.rules.editions import new_game
from game.rules.ruleset import EDITIONS, MatchKind, edition
from game.rules.view import PlayerView
from tests.bots.helpers import FACTORIES


class Checked:
    """A bot whose answers are checked against what it was offered."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.wants_history = bot.wants_history
        self.decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        a = self.bot.choose(view, legal, rng)
        assert a in legal, f"{self.name} chose {a}, not in {list(legal)}"
        self.decisions += 1
        return a

    def react(
        self, view: PlayerView, options: Sequence[Action], rng: random.Random
    ) -> Action | None:
        a = self.bot.react(view, options, rng)
        assert a is None or a in options, f"{self.name} reacted {a}, not in {list(options)}"
        return a


@pytest.mark.parametrize("ed", sorted(EDITIONS))
@pytest.mark.parametrize("players", [2, 4])
def test_every_level_plays_legally(ed: str, players: int) -> None:
    rs = replace(edition(ed), match=MatchKind.SINGLE_HAND)
    kinds = ["easy", "medium", "hard", "random"][:players] if players > 2 else ["hard", "medium"]
    for seed in range(4 if players > 2 else 6):
        game = new_game(rs, players, seed)
        bots = [Checked(FACTORIES[k]() if k in FACTORIES else make_bot(k)) for k in kinds]
        MatchRunner(game, bots, seed).run(max_steps=20_000)
        assert game.over
        assert Counter(c for pile in game.all_piles() for c in pile) == Counter(rs.cards())
        for b in bots:  # the hard bot could build a world for every search it wanted
            assert getattr(b.bot, "fallbacks", 0) == 0
        kinds = kinds[1:] + kinds[:1]  # rotate seats


def test_medium_plays_legally_in_long_matches() -> None:
    rs = edition("official")  # a standard match to 500: many hands, reshuffles
    game = new_game(rs, 3, 21)
    bots = [Checked(make_bot("medium")), Checked(make_bot("easy")), Checked(make_bot("medium"))]
    MatchRunner(game, bots, 21).run(max_steps=200_000)
    assert game.over and game.match.hand_no > 1
