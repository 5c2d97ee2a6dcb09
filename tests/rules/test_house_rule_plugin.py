"""A house rule is one object (issue 35 item 2): a rule with hooks and state of its own is
registered from this test module alone, and the engine, the position text, the copies for
search and the checked simulations carry it. No file of the game names it.

The rule ("deuces", for this test only): a 2 played makes the next player draw, unless
they hold a 2 too, as many cards as 2s have been played in the hand, at least 2. Its state
is that count; a new hand starts it again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

import game.rules.events as E
from game.bots.driver import MatchRunner
from game.rules.actions import Action, Play
from game.rules.cards import RANK_OF, Card, Rank
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.house import HOUSE_RULES, HouseRule, parse_house, register, unregister
from game.rules.position import dump, load
from game.rules.position_fields import MAX_COUNT, integer
from game.rules.ruleset import MatchKind, edition
from game.tools.sim import simulate

from .helpers import assert_deck_intact, build, drawn_by
from .test_properties import MAX_STEPS, CheckedGame, Stats, bots_for

C = Card.parse
NAME = "deuces"
GAME = Path(__file__).resolve().parents[2] / "game"


class Deuces(HouseRule):
    """See the module docstring; ``twos``: the 2s played in this hand so far."""

    ranks = frozenset({int(Rank.TWO)})
    parts = ("twos",)

    def __init__(self) -> None:
        super().__init__(NAME, "H-T", (("triple", "Triple Play's trays keep their 2s."),))
        self.twos = 0

    def copy(self) -> Deuces:
        other = Deuces()
        other.twos = self.twos
        return other

    def reset(self) -> None:
        self.twos = 0

    def card_played(self, g: Game, p: int, c: Card, tray: int) -> None:
        if RANK_OF[c] == Rank.TWO:
            self.twos += 1

    def deliver(self, g: Game, p: int, c: Card, target: int, ev: list[E.Event]) -> bool:
        if not any(RANK_OF[x] == Rank.TWO for x in g.hands[target]):
            g.penalty(target, max(2, self.twos), "deuces", ev)
        return False  # the card's own delivery follows: the target plays

    def text(self) -> tuple[str, ...]:
        return (str(self.twos),)

    def load(self, g: Game, parts: Sequence[str], on: bool) -> None:
        self.twos = integer(parts[0], 0, MAX_COUNT)


@pytest.fixture
def deuces() -> Iterator[HouseRule]:
    rule = register(Deuces())
    try:
        yield rule
    finally:
        unregister(NAME)


def test_no_game_file_names_the_test_rule() -> None:
    assert [p for p in GAME.rglob("*.py") if NAME in p.read_text(encoding="utf-8")] == []


def test_a_registered_rule_is_a_house_rule_like_the_others(deuces: HouseRule) -> None:
    assert HOUSE_RULES[NAME] is deuces and list(HOUSE_RULES)[-1] == NAME
    assert parse_house("jump_in,deuces,stacking") == ("stacking", "jump_in", NAME)
    assert not deuces.fits("triple") and deuces.why_unfit("triple")
    with pytest.raises(ValueError, match="does not fit triple"):
        replace(edition("triple"), house=NAME)
    rs = replace(edition("official"), house="stacking+deuces")
    assert rs.has(NAME) and rs.has("stacking") and not rs.has("seven_o")


HANDS = ["Y2 R7 Y1", "Y5 B3 R4", "Y2 R2 G4", "Y7 R1 R5"]
DRAW = "G1 G3 G5 G6 G7 G8 G9"


def test_its_hooks_and_its_state_play(deuces: HouseRule) -> None:
    g = build(HANDS, "Y9", draw_top=DRAW, rules={"house": NAME, "match": "single_hand"})
    mine = g.house_rules[0]
    assert isinstance(mine, Deuces) and mine is not deuces  # the game's own copy
    ev = g.apply(Play(0, C("Y2")))  # player 1 holds no 2: draws two, then plays
    assert [e.count for e in drawn_by(ev, 1)] == [2] and ev[-1] == E.TurnStarted(1)
    assert (mine.twos, deuces.twos) == (1, 0)
    g.apply(Play(1, C("Y5")))
    ev = g.apply(Play(2, C("Y2")))  # player 3 holds no 2 either: two 2s played, two cards
    assert [e.count for e in drawn_by(ev, 3)] == [2]
    g.apply(Play(3, C("Y7")))
    g.apply(Play(0, C("R7")))
    g.apply(Play(1, C("R4")))
    ev = g.apply(Play(2, C("R2")))  # the third 2: three cards
    assert [e.count for e in drawn_by(ev, 3)] == [3] and mine.twos == 3
    assert_deck_intact(g)


def test_a_player_holding_a_2_draws_nothing(deuces: HouseRule) -> None:
    g = build(["Y2 Y1 Y3", "R2 B3", "G1 G4", "R1 R4"], "Y9",
              rules={"house": NAME, "match": "single_hand"})
    ev = g.apply(Play(0, C("Y2")))
    assert drawn_by(ev, 1) == [] and ev[-1] == E.TurnStarted(1)


def test_its_state_goes_through_the_position_text_and_the_copies(deuces: HouseRule) -> None:
    g = build(HANDS, "Y9", draw_top=DRAW,
              rules={"house": "stacking+deuces", "match": "single_hand"})
    g.apply(Play(0, C("Y2")))
    text = dump(g)
    assert " house=-,-,-,-,-,1 " in text  # UNO1's field (stack … swapto), then its part
    again = load(text)
    assert dump(again) == text and again.house_rules[1].text() == ("1",)
    with pytest.raises(ValueError, match="house is stack,played,jump,move,swapto,twos"):
        load(text.replace("house=-,-,-,-,-,1", "house=-,-,-,-,-"))
    copy = g.clone()
    assert copy.house_rules[1] is not g.house_rules[1] and dump(copy) == text
    copy.apply(Play(1, C("Y5")))
    copy.apply(Play(2, C("Y2")))
    assert (copy.house_rules[1].text(), g.house_rules[1].text()) == (("2",), ("1",))
    world = g.with_hidden(g.hands, g.draw_pile, 5)
    assert world.house_rules[1].text() == ("1",) and world.house_rules[1] is not g.house_rules[1]


def test_a_new_hand_starts_its_count_again(deuces: HouseRule) -> None:
    rs = replace(edition("official"), house=NAME)
    g = new_game(rs, 3, 4)
    rule = g.house_rules[0]
    assert isinstance(rule, Deuces)
    rule.twos = 5
    g.end_hand(g.to_act, [])
    assert rule.twos == 0 and g.match.hand_no == 2


@pytest.mark.parametrize("house", [NAME, "stacking+seven_o+jump_in+deuces"])
@pytest.mark.parametrize("bot", ["random", "random-play", "heuristic", "easy", "medium"])
def test_it_plays_in_checked_simulations(deuces: HouseRule, house: str, bot: str) -> None:
    """Every action legal, every card of the deck in one place after each one."""
    for name in ("official", "sonic", "attack"):
        rs = replace(edition(name), house=house)
        result = simulate(rs, 4, 4, 11, [bot] * 4, check=True)
        assert result["errors"] == 0, result["error_samples"]
        assert result["checked"] and sum(result["wins_by_seat"]) >= 4


def test_its_draws_happen_in_simulated_hands(deuces: HouseRule) -> None:
    rs = replace(edition("official"), house=NAME)
    reasons = []
    for seed in range(6):
        g = new_game(rs, 4, seed)
        while not g.over:
            g.apply(g.legal_actions()[0])
        reasons += [e.reason for e in g.hand_events if isinstance(e, E.CardsDrawn)]
    assert "deuces" in reasons


@pytest.mark.parametrize("house", [NAME, "stacking+jump_in+deuces"])
@pytest.mark.parametrize("ed", ["official", "sonic"])
def test_it_plays_in_matches_checked_after_every_action(deuces: HouseRule, ed: str,
                                                         house: str) -> None:
    """The property sweep's checks (tests/rules/test_properties.py) on every action, jump-ins
    included: legal, the deck whole, the hands followed through the events, the scores
    recomputed, the views redacted; the rule's own draws among them."""
    stats = Stats()
    reasons: Counter[str] = Counter()
    jumps = 0
    for seed in range(16):
        rng = random.Random(seed)
        kind = (MatchKind.SINGLE_HAND, MatchKind.STANDARD)[seed % 2]
        rs = replace(edition(ed), match=kind, target=100, house=house)
        players = 2 + seed % 5
        g = new_game(rs, players, seed)
        checked = CheckedGame(g, stats)

        def apply(action: Action, g: Game = g, checked: CheckedGame = checked) -> list[E.Event]:
            nonlocal jumps
            jumps += action.player != g.to_act and isinstance(action, Play)
            events = checked.apply(action)
            reasons.update(e.reason for e in events if isinstance(e, E.CardsDrawn))
            return events

        runner = MatchRunner(g, bots_for(rng, players, 0.3), seed, apply=apply)
        runner.run(max_steps=MAX_STEPS)
        assert g.over
    assert stats.actions > 1000  # every action went through the checks
    assert reasons[NAME] > 0
    assert ("jump_in" not in house) == (jumps == 0)
