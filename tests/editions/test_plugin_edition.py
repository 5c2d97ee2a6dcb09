"""An edition is a plug-in: one registration in its own module, and the ruleset lookup,
``new_game``, the JSON of saves, the position codec and the bots find it.

The edition here ("pocket": 44 cards, fives skip the next player unless its one option
turns that off) lives in this test module only; no file of the game names it. In the
compiled build (``UNO_ENGINE=native``) a class defined outside it cannot extend the
compiled ``Game``: there the edition plays with ``Game`` itself, and the test of its hook
is skipped (an edition with hooks is compiled with the engine, under game/rules/editions).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import game.rules.events as E
from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.rules import COMPILED
from game.rules.cards import COLOURS, NUMBER_RANKS, Card, Rank, card
from game.rules.editions import new_game
from game.rules.engine import Delivery, Game
from game.rules.position import dump, load
from game.rules.registry import Edition, edition_of, register, unregister
from game.rules.ruleset import (
    EDITIONS,
    EditionOptions,
    MatchKind,
    Ruleset,
    edition,
    option,
    values_by_rank,
)

NAME = "pocket"
GAME = Path(__file__).resolve().parents[2] / "game"


@dataclass(frozen=True)
class PocketOptions(EditionOptions):
    fives_skip: bool = option(True)
    fives_worth: int = option(5, choices=(5, 25))  # only checked here


class PocketGame(Game):
    """A five skips the next player (when the option says so)."""

    def delivery_table(self) -> list[Delivery]:
        table = super().delivery_table()
        table[Rank.FIVE] = type(self)._five
        return table

    def _five(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        if self.ruleset.opt(PocketOptions).fives_skip:
            self.skip(p, c, target, ev)
        else:
            self.turn_to(p, c, target, ev)


#: The edition's game class (see the module docstring for the compiled build).
POCKET_GAME: type[Game] = Game if COMPILED else PocketGame


def pocket() -> Ruleset:
    deck = [(card(colour, r), 2) for colour in COLOURS for r in NUMBER_RANKS[1:6]]
    deck.append((card(None, Rank.WILD), 4))
    values = {**{r: int(r) for r in NUMBER_RANKS}, Rank.WILD: 50}
    return Ruleset(NAME, tuple(deck), values_by_rank(values), max_players=4,
                   match=MatchKind.SINGLE_HAND, options=PocketOptions())


@pytest.fixture
def registered() -> Iterator[Edition]:
    ed = register(Edition(pocket(), POCKET_GAME))
    try:
        yield ed
    finally:
        unregister(NAME)


def played(rs: Ruleset, seed: int, steps: int | None = None) -> Game:
    g = new_game(rs, 3, seed)
    runner = MatchRunner(g, [make_bot(level) for level in ("heuristic", "medium", "easy")],
                         seed)
    while not g.over and (steps is None or runner.steps < steps):
        runner.step()
    return g


def test_no_game_file_names_the_plugin_edition() -> None:
    naming = [p for p in GAME.rglob("*.py") if NAME in p.read_text(encoding="utf-8")]
    assert naming == []


def test_a_registered_edition_is_found_by_name_and_plays_to_the_end(registered: Edition
                                                                    ) -> None:
    assert NAME in EDITIONS and edition(NAME) == registered.rules
    assert edition_of(NAME).game is POCKET_GAME
    for seed in (1, 2, 3):
        g = played(edition(NAME), seed)
        assert type(g) is POCKET_GAME and g.over and g.match.winners
        assert len(g.ruleset.cards()) == 44


@pytest.mark.skipif(COMPILED, reason="an interpreted class cannot extend the compiled Game")
def test_its_own_option_changes_the_play(registered: Edition) -> None:
    skipped = {}
    for on in (True, False):
        rs = edition(NAME).with_options(fives_skip=on)
        assert rs.opt(PocketOptions).fives_skip is on
        events = [e for seed in range(1, 6) for e in played(rs, seed).hand_events]
        skipped[on] = sum(isinstance(e, E.TurnSkipped) for e in events)
    assert skipped[True] > 0 and skipped[False] == 0


def test_its_options_go_through_the_json_of_saves_and_are_checked(registered: Edition
                                                                   ) -> None:
    rs = edition(NAME).with_options(fives_skip=False, fives_worth=25, target=200)
    data = rs.to_json()
    assert data["fives_skip"] is False and data["fives_worth"] == 25
    assert Ruleset.from_json(data) == rs
    with pytest.raises(ValueError, match="unknown"):
        edition(NAME).with_options(timer=True)  # Triple Play's, not this edition's
    with pytest.raises(ValueError, match="fives_worth"):
        edition(NAME).with_options(fives_worth=7)  # not one of its choices
    with pytest.raises(ValueError, match="unknown ruleset option"):
        Ruleset.from_json({"edition": NAME, "fives": 1})


def test_its_positions_go_through_the_position_text(registered: Edition) -> None:
    rs = edition(NAME).with_options(fives_skip=False)
    for steps in (5, 17, 40):
        g = played(rs, 4, steps)
        text = dump(g)
        assert f"edition={NAME}" in text and "rules=fives_skip:0" in text
        again = load(text)
        assert type(again) is POCKET_GAME and dump(again) == text
        assert again.ruleset == rs


def test_an_option_name_another_edition_has_is_refused() -> None:
    @dataclass(frozen=True)
    class Clash(EditionOptions):
        timer: bool = option(False)

    rules = Ruleset("clash", pocket().deck, pocket().values, options=Clash())
    with pytest.raises(ValueError, match="timer"):
        register(Edition(rules))
    assert "clash" not in EDITIONS
