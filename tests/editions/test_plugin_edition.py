"""An edition is a plug-in: one package of its own, whose rules module registers it with
the rules layer's registries, and the ruleset lookup, ``new_game``, the JSON of saves, the
position text, the bots and the choice description find it (issue 35 item 1).

The edition here ("pocket", :mod:`tests.editions.pocket`) lives in the tests only; no file
of the game names it. It has its own game class, an option, a device with a hidden part
(a bell), a card rank of its own (the Bell), a decision of its own (aim the bell) and an
action of its own (``Ring``), and an event of its own. It plays on both engines: in the
compiled build its game class, an interpreted one, extends the compiled ``Game``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import game.rules.events as E
from game.bots import make_bot
from game.bots.base import Bot
from game.bots.driver import MatchRunner
from game.bots.hard import HardBot
from game.play.choices import describe
from game.rules.actions import ACTION_TYPES, action_text, parse_action
from game.rules.cards import RANK_CODES, Card, Rank
from game.rules.decisions import Decision
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.errors import IllegalAction, PositionError
from game.rules.position import dump, load
from game.rules.record import GameRecord
from game.rules.registry import Edition, edition_of, register
from game.rules.ruleset import EDITIONS, EditionOptions, Ruleset, edition, option
from game.rules.view import view
from tests.editions import pocket
from tests.editions.pocket.rules import BellRang, BellView, PocketGame, PocketOptions, Ring

NAME = pocket.NAME
GAME = Path(__file__).resolve().parents[2] / "game"
#: The names the edition brings; none of them is in a file of the game.
ITS_NAMES = (NAME, "Pocket", "BellView", "BellRang")


@pytest.fixture
def registered() -> Iterator[Edition]:
    ed = pocket.install()
    try:
        yield ed
    finally:
        pocket.uninstall()


def quick_hard() -> HardBot:
    """A hard bot that searches a little, without a clock (deterministic)."""
    return HardBot(budget=300, time_limit=None, min_worlds=3)


def bots(levels: tuple[str, ...]) -> list[Bot]:
    return [quick_hard() if level == "hard" else make_bot(level) for level in levels]


def played(rs: Ruleset, seed: int, steps: int | None = None,
           levels: tuple[str, ...] = ("heuristic", "medium", "easy")) -> Game:
    g = new_game(rs, len(levels), seed)
    runner = MatchRunner(g, bots(levels), seed)
    while not g.over and (steps is None or runner.steps < steps):
        runner.step()
    return g


def bell() -> Card:
    return Card.parse("RBL")


def test_no_game_file_names_the_plugin_edition() -> None:
    naming = [(p, n) for p in GAME.rglob("*.py") for n in ITS_NAMES
              if n in p.read_text(encoding="utf-8")]
    assert naming == []


def test_its_rank_decision_and_action_exist_only_while_it_is_registered() -> None:
    assert NAME not in EDITIONS and not hasattr(Rank, "BELL") and "aim" not in [
        d.value for d in Decision]
    ed = pocket.install()
    try:
        assert Rank.BELL == 24 and Rank(24) is Rank.BELL and RANK_CODES[Rank.BELL] == "BL"
        assert bell().rank is Rank.BELL and str(bell()) == "RBL" and not bell().is_wild
        assert Decision("aim") is Decision.AIM and Ring in ACTION_TYPES
        assert edition_of(NAME) is ed and len(edition(NAME).cards()) == 48
        assert action_text(Ring(2, 0)) == "2 ring 0" and parse_action("2 ring 0") == Ring(2, 0)
    finally:
        pocket.uninstall()
    assert NAME not in EDITIONS and not hasattr(Rank, "BELL") and Ring not in ACTION_TYPES
    with pytest.raises(ValueError):
        Card.parse("RBL")
    with pytest.raises(ValueError):
        parse_action("2 ring 0")
    with pytest.raises(ValueError):
        Decision("aim")
    again = pocket.install()  # and back, the same members
    try:
        assert again.rules == ed.rules and Rank.BELL == 24
    finally:
        pocket.uninstall()


@pytest.mark.parametrize("level", ["random", "random-play", "heuristic", "easy", "medium",
                                   "hard"])
def test_it_plays_to_the_end_with_every_bot(registered: Edition, level: str) -> None:
    rings = 0
    for seed in (1, 2, 3):
        g = played(edition(NAME), seed, levels=(level, level, "random-play"))
        assert type(g) is PocketGame and g.over and g.match.winners
        assert sum(g.card_count().values()) == 48
        rings += g.bell.rings
    assert rings > 0  # the bell was aimed and rang: its decision, action and device played


def test_its_decision_is_asked_and_answered_by_its_action(registered: Edition) -> None:
    g = position_game(["RBL R1 R2", "B1 B2", "G1 G2"], "R4", draw_top="Y1 Y2 Y3 Y4")
    g.apply(parse_action("0 RBL"))
    assert (g.decision, g.to_act) == (Decision.AIM, 0)
    assert set(g.legal_actions()) == {Ring(0, 1), Ring(0, 2)}
    with pytest.raises(IllegalAction) as refused:
        g.apply(parse_action("0 draw"))
    assert refused.value.clause == "P-1"
    with pytest.raises(IllegalAction) as refused:
        g.apply(Ring(0, 0))
    assert refused.value.clause == "P-2"
    ev = g.apply(Ring(0, 2))
    assert ev[0] == BellRang(0, 2, 3) and len(g.hands[2]) == 5  # the charge loaded: 3
    assert (g.decision, g.to_act, g.bell.rings) == (Decision.TURN, 1, 1)
    assert isinstance(view(g, 1).unit, BellView) and view(g, 1).unit == BellView(1)
    assert any(isinstance(e, BellRang) for e in view(g, 1).events)  # through the views


def test_its_position_text_round_trips_while_its_decision_waits(registered: Edition) -> None:
    g = position_game(["RBL R1 R2", "B1 B2", "G1 G2"], "R4")
    g.apply(parse_action("0 RBL"))
    text = dump(g)
    assert " decision=aim " in text and " unit=bell:0:3 " in text and "RBL" in text
    again = load(text)
    assert dump(again) == text and again.legal_actions() == g.legal_actions()


def position_game(hands: list[str], discard: str, draw_top: str = "", charge: int = 3) -> Game:
    """A position of the edition (the shared builder knows nothing of it: its unit's text
    comes from a real game)."""
    from tests.rules.helpers import position_text

    text = position_text(hands, discard, draw_top=draw_top, ed=NAME)
    return load(text.replace("unit=bell:0:2", f"unit=bell:0:{charge}"))


def test_its_decision_is_offered_through_the_choice_description(registered: Edition) -> None:
    g = position_game(["RBL R1 R2", "B1 B2", "G1 G2"], "R4")
    g.apply(parse_action("0 RBL"))
    choices = describe(view(g, 0), 7)
    main = choices.main()
    assert main is not None and main.kind == "aim" and main.clause == "P-1"
    assert {choices.action(main.id, o.id) for o in main.options} == {Ring(0, 1), Ring(0, 2)}
    assert describe(view(g, 1), 7).main() is None  # not player 1's to answer


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_its_saves_and_positions_round_trip(registered: Edition, seed: int) -> None:
    rs = edition(NAME).with_options(fives_skip=False)
    g = played(rs, seed)
    record = GameRecord.of(g)
    again = GameRecord.from_json(record.to_json())
    assert again == record and dump(again.replay()) == dump(g)
    for steps in range(0, 120, 3):
        h = played(rs, seed, steps)
        text = dump(h)
        assert f"edition={NAME}" in text and "rules=fives_skip:0" in text and " unit=bell:" in text
        loaded = load(text)
        assert type(loaded) is PocketGame and dump(loaded) == text and loaded.ruleset == rs
        assert loaded.legal_actions() == h.legal_actions()
        if h.over:
            break


def test_a_bad_unit_is_refused_by_the_editions_own_check(registered: Edition) -> None:
    text = dump(position_game(["RBL R1 R2", "B1 B2", "G1 G2"], "R4"))
    for bad in ("bell:0:9", "bell:-1:2"):
        with pytest.raises(PositionError, match="unit"):
            load(text.replace("unit=bell:0:3", f"unit={bad}"))
    with pytest.raises(PositionError, match="aimed only after a Bell"):
        load(text.replace("decision=turn", "decision=aim"))  # a Bell must be on top


def test_copies_for_search_copy_its_device(registered: Edition) -> None:
    g = played(edition(NAME), 5, 30)
    c = g.clone()
    assert isinstance(c, PocketGame) and c.bell is not g.bell and dump(c) == dump(g)
    w = g.with_hidden(g.hands, g.draw_pile, 9)
    assert isinstance(w, PocketGame) and w.bell.rings == g.bell.rings and w.bell is not g.bell


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


def test_an_option_name_another_edition_has_is_refused(registered: Edition) -> None:
    @dataclass(frozen=True)
    class Clash(EditionOptions):
        timer: bool = option(False)

    rules = Ruleset("clash", edition(NAME).deck, edition(NAME).values, options=Clash())
    with pytest.raises(ValueError, match="timer"):
        register(Edition(rules))
    assert "clash" not in EDITIONS
