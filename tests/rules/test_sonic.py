"""UNO Sonic, the parts the engine supports as options: S-1 deck, S-3 WD4 legality
(``wd4_counts_wilds``), S-4 start (``FirstCard.COVER_ACTIONS``), S-6 values.
(S-2, the Victory Lap's effect, is tested once the edition implements it.)"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from game.rules import events as E
from game.rules.actions import Challenge, ChooseColour, Play
from game.rules.cards import Card, Colour, Rank
from game.rules.ruleset import FirstCard, MatchKind, edition

from .helpers import assert_deck_intact, build, kinds, new_game

C = Card.parse
SONIC = edition("sonic")


def test_S1_deck_is_the_official_108_plus_four_victory_laps() -> None:
    deck = Counter(SONIC.cards())
    assert sum(deck.values()) == 112
    assert deck - Counter(edition("official").cards()) == Counter({C("WVL"): 4})


def test_S6_victory_lap_is_worth_fifty_and_single_hand_is_the_default() -> None:
    assert SONIC.value(C("WVL")) == 50
    assert SONIC.match is MatchKind.SINGLE_HAND


@pytest.mark.parametrize(
    ("held", "guilty_sonic", "guilty_official"),
    [
        ("W", True, False),
        ("WVL", True, False),
        ("W+4", True, False),
        ("G5", False, False),
        ("R1", True, True),
    ],
)
def test_S3_held_wilds_count_against_a_wd4(
    held: str, guilty_sonic: bool, guilty_official: bool
) -> None:
    for ed, guilty in (("sonic", guilty_sonic), ("official", guilty_official)):
        if ed == "official" and held == "WVL":
            continue
        g = build([f"W+4 {held} Y1", "B1 B2 B3", "G1 G2 G3"], "R5", ed=ed)
        g.apply(Play(0, C("W+4")))
        g.apply(ChooseColour(0, Colour.GREEN))
        ev = g.apply(Challenge(1))
        assert kinds(ev, E.ChallengeResolved)[0].guilty is guilty, ed


def test_S3_setting_switches_to_the_official_reading() -> None:
    g = build(
        ["W+4 W Y1", "B1 B2 B3", "G1 G2 G3"], "R5", ed="sonic", rules={"wd4_counts_wilds": False}
    )
    assert not g.ruleset.wd4_counts_wilds
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.GREEN))
    assert kinds(g.apply(Challenge(1)), E.ChallengeResolved)[0].guilty is False


def test_S4_action_first_card_is_covered_by_another() -> None:
    covered = 0
    for seed in range(400):
        g = new_game(SONIC, 4, seed)
        (fc,) = kinds(g.initial_events, E.FirstCard)
        assert fc.card.is_number
        assert g.discard == [*fc.returned, fc.card]  # ignored, left under the new card
        assert all(c.is_action for c in fc.returned)
        first = g.next_player(g.match.dealer)
        assert g.to_act == first and g.direction == 1
        assert not kinds(g.initial_events, E.TurnSkipped)
        assert not kinds(g.initial_events, E.CardsDrawn)
        assert all(len(g.hands[p]) == 7 for p in range(4))
        assert_deck_intact(g)
        covered += bool(fc.returned)
    assert covered > 50  # an action card first is common: the path was exercised


def test_S4_cover_rule_applies_to_the_official_deck_as_an_option() -> None:
    rs = replace(edition("official"), first_card=FirstCard.COVER_ACTIONS)
    for seed in range(100):
        g = new_game(rs, 3, seed)
        (fc,) = kinds(g.initial_events, E.FirstCard)
        assert fc.card.rank <= Rank.NINE
        assert g.discard[-1] == fc.card
