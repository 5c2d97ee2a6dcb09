"""UNO Sonic the Hedgehog (RULES.md section S): the deck, the Wild Victory Lap, the S-3
reading of Wild Draw Four legality (both settings, and the official edition's), the S-4
start (also as an option of the official deck), challenges and values."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from game.rules import events as E
from game.rules import new_game
from game.rules.actions import Accept, Challenge, ChooseColour, Play
from game.rules.cards import Colour, Rank
from game.rules.engine import Decision, Game
from game.rules.ruleset import FirstCard, MatchKind

from .helpers import (
    C,
    assert_deck_intact,
    assert_illegal,
    build,
    drawn_by,
    kinds,
    only,
    ruleset,
    seed_where,
)

R, Y, G, B = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE
SONIC = ruleset("sonic")


def sonic(hands: list[str], pile: str, **kw: object) -> Game:
    return build("sonic", hands, pile, **kw)


def test_S1_deck_is_the_official_108_plus_four_victory_laps() -> None:
    deck = Counter(SONIC.cards())
    assert sum(deck.values()) == 112
    assert deck - Counter(ruleset("official").cards()) == Counter({C("WVL"): 4})


# ---------------------------------------------------------------------- S-2


def test_S2_victory_lap_names_a_colour_every_other_player_draws_one_then_next_plays(
) -> None:
    g = sonic(["WVL R1 R2", "G1 G2", "Y1 Y2", "B5 B6"], "R9", draw_top="B1 B2 B3")
    # A wild: playable even while holding the colour in force.
    assert Play(0, C("WVL")) in g.legal_actions(0)
    assert g.apply(Play(0, C("WVL"))) == [E.CardPlayed(0, C("WVL"))]
    assert g.decision is Decision.COLOUR
    ev = g.apply(ChooseColour(0, Y))
    assert ev == [
        E.ColourChosen(0, Y),
        E.CardsDrawn(1, (C("B1"),), "victory_lap", 1),
        E.CardsDrawn(2, (C("B2"),), "victory_lap", 1),
        E.CardsDrawn(3, (C("B3"),), "victory_lap", 1),
        E.TurnStarted(1),
    ]
    assert [len(h) for h in g.hands] == [2, 3, 3, 3]
    assert g.colour == Y and g.to_act == 1 and g.decision is Decision.TURN  # not skipped
    assert_deck_intact(g)


def test_S2_victory_lap_cannot_be_challenged() -> None:
    g = sonic(["WVL R1 R2", "G1 G2", "Y1 Y2"], "R9")
    g.apply(Play(0, C("WVL")))
    g.apply(ChooseColour(0, G))
    assert g.decision is Decision.TURN
    assert all(not isinstance(a, Challenge) for a in g.legal_actions(1))
    assert_illegal(g, Challenge(1), None)


def test_S2_victory_lap_counter_clockwise_draws_in_turn_order() -> None:
    g = sonic(["WVL R1 R2", "G1 G2", "Y1 Y2", "B5 B6"], "R9", clockwise=False)
    g.apply(Play(0, C("WVL")))
    ev = g.apply(ChooseColour(0, G))
    assert [e.player for e in kinds(ev, E.CardsDrawn)] == [3, 2, 1]
    assert ev[-1] == E.TurnStarted(3)


def test_S2_two_players_victory_lap_opponent_draws_one_and_plays() -> None:
    g = sonic(["WVL R1 R2", "G1 G2"], "R9")
    g.apply(Play(0, C("WVL")))
    ev = g.apply(ChooseColour(0, G))
    assert [(e.player, e.count) for e in kinds(ev, E.CardsDrawn)] == [(1, 1)]
    assert ev[-1] == E.TurnStarted(1)


def test_S2_victory_lap_as_a_last_card_the_others_still_draw_and_it_counts() -> None:
    g = sonic(["WVL", "G1 G2", "Y1 Y2", "B5 B6"], "R9", draw_top="R7 R8 R9")
    ev = g.apply(Play(0, C("WVL")))
    assert not kinds(ev, E.ColourChosen)  # C-13: no colour is named
    assert [(e.player, e.reason) for e in kinds(ev, E.CardsDrawn)] == [
        (1, "victory_lap"), (2, "victory_lap"), (3, "victory_lap")
    ]
    ended = only(ev, E.HandEnded)
    assert ended.winner == 0
    assert ended.points == (1 + 2 + 7) + (1 + 2 + 8) + (5 + 6 + 9)
    assert g.over and ev[-1] == E.MatchEnded((0,))


# ---------------------------------------------------------------------- S-3


@pytest.mark.parametrize(
    ("held", "guilty_sonic", "guilty_official_reading"),
    [("W", True, False), ("WVL", True, False), ("W+4", True, False),
     ("G5", False, False), ("R1", True, True)],
)
def test_S3_held_wilds_count_as_the_colour_unless_the_setting_is_official(
    held: str, guilty_sonic: bool, guilty_official_reading: bool,
) -> None:
    for counts, guilty in ((True, guilty_sonic), (False, guilty_official_reading)):
        g = sonic([f"W+4 {held} Y1", "B1 B2 B3", "G1 G2 G3"], "R5",
                  rules={"wd4_counts_wilds": counts})
        assert g.ruleset.wd4_counts_wilds is counts
        g.apply(Play(0, C("W+4")))
        g.apply(ChooseColour(0, G))
        ev = g.apply(Challenge(1))
        resolved = only(ev, E.ChallengeResolved)
        assert resolved.guilty is guilty, (held, counts)
        assert resolved.hand == tuple(C(x) for x in (held, "Y1"))
        loser = 0 if guilty else 1
        assert drawn_by(ev, loser)[0].count == (4 if guilty else 6)
        assert g.colour == G  # the named colour stands either way


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
        g = build(ed, [f"W+4 {held} Y1", "B1 B2 B3", "G1 G2 G3"], "R5")
        g.apply(Play(0, C("W+4")))
        g.apply(ChooseColour(0, Colour.GREEN))
        ev = g.apply(Challenge(1))
        assert kinds(ev, E.ChallengeResolved)[0].guilty is guilty, ed


def test_S3_setting_switches_to_the_official_reading() -> None:
    g = sonic(["W+4 W Y1", "B1 B2 B3", "G1 G2 G3"], "R5", rules={"wd4_counts_wilds": False})
    assert not g.ruleset.wd4_counts_wilds
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.GREEN))
    assert kinds(g.apply(Challenge(1)), E.ChallengeResolved)[0].guilty is False


def test_S3_sonic_default_reading_counts_wilds() -> None:
    assert SONIC.wd4_counts_wilds is True
    assert ruleset("official").wd4_counts_wilds is False


def test_S3_with_no_bluffing_a_held_wild_forbids_the_wd4_in_sonic() -> None:
    g = sonic(["W+4 W Y1", "B1 B2 B3", "G1 G2 G3"], "R5", rules={"no_bluffing": True})
    assert Play(0, C("W+4")) not in g.legal_actions(0)
    g = sonic(["W+4 W Y1", "B1 B2 B3", "G1 G2 G3"], "R5",
              rules={"no_bluffing": True, "wd4_counts_wilds": False})
    assert Play(0, C("W+4")) in g.legal_actions(0)


# ---------------------------------------------------------------------- S-4


def test_S4_an_action_first_card_is_ignored_and_another_turned_onto_it() -> None:
    _, g = seed_where("sonic", 4, lambda g: any(
        c.is_wild for c in only(g.initial_events, E.FirstCard).returned))
    fc = only(g.initial_events, E.FirstCard)
    assert fc.card.is_number
    assert g.discard == [*fc.returned, fc.card]  # left under the new card
    assert g.to_act == g.next_player(g.match.dealer) and g.direction == 1
    assert g.decision is Decision.TURN  # even a wild turned first names no colour
    assert not kinds(g.initial_events, E.TurnSkipped | E.CardsDrawn | E.DirectionChanged)
    assert all(len(h) == 7 for h in g.hands)
    assert_deck_intact(g)


@pytest.mark.parametrize("rank", [Rank.DRAW_TWO, Rank.SKIP, Rank.REVERSE, Rank.WILD,
                                  Rank.WILD_DRAW_FOUR, Rank.WILD_VICTORY_LAP])
def test_S4_every_action_card_is_covered(rank: Rank) -> None:
    assert SONIC.first_card is FirstCard.COVER_ACTIONS
    _, g = seed_where("sonic", 3, lambda g: any(
        c.rank == rank for c in only(g.initial_events, E.FirstCard).returned))
    assert g.top.is_number and g.to_act == g.next_player(g.match.dealer)
    assert [len(h) for h in g.hands] == [7, 7, 7]


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
    rs = replace(ruleset("official"), first_card=FirstCard.COVER_ACTIONS)
    for seed in range(100):
        g = new_game(rs, 3, seed)
        (fc,) = kinds(g.initial_events, E.FirstCard)
        assert fc.card.rank <= Rank.NINE
        assert g.discard[-1] == fc.card


# ---------------------------------------------------------------------- S-5


def test_S5_the_next_player_draws_four_and_loses_the_turn_or_challenges() -> None:
    g = sonic(["W+4 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5", draw_top="R1 R2 R3 R4")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, B))
    assert set(g.legal_actions(1)) == {Challenge(1), Accept(1)}
    ev = g.apply(Accept(1))
    assert ev == [
        E.CardsDrawn(1, tuple(C(f"R{i}") for i in range(1, 5)), "wild_draw_four", 4),
        E.TurnSkipped(1),
        E.TurnStarted(2),
    ]


def test_S5_innocent_the_challenger_draws_six_and_loses_the_turn() -> None:
    g = sonic(["W+4 Y1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, B))
    ev = g.apply(Challenge(1))
    assert only(ev, E.ChallengeResolved).guilty is False
    assert drawn_by(ev, 1)[0].count == 6 and ev[-2:] == [E.TurnSkipped(1), E.TurnStarted(2)]


def test_S5_guilty_the_wd4_player_draws_four_and_the_challenger_plays() -> None:
    g = sonic(["W+4 R1 Y2", "B1 B2 B3", "G1 G2 G3"], "R5")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, B))
    ev = g.apply(Challenge(1))
    assert only(ev, E.ChallengeResolved).guilty is True
    assert drawn_by(ev, 0)[0].count == 4 and ev[-1] == E.TurnStarted(1)
    assert g.colour == B


# ---------------------------------------------------------------------- S-6


def test_S6_victory_lap_is_worth_fifty_and_single_hand_is_the_default() -> None:
    assert SONIC.value(C("WVL")) == 50
    assert SONIC.match is MatchKind.SINGLE_HAND


def test_S6_values_single_hand_default_standard_match_optional() -> None:
    assert SONIC.value(C("WVL")) == 50 and SONIC.value(C("W+4")) == 50
    assert SONIC.value(C("R+2")) == 20 and SONIC.value(C("R7")) == 7
    assert SONIC.match is MatchKind.SINGLE_HAND
    g = sonic(["R5", "G1 G2", "Y1 WVL"], "R9", rules={"match": MatchKind.STANDARD})
    ev = g.apply(Play(0, C("R5")))
    assert only(ev, E.HandEnded).points == 3 + 51
    assert not g.over and kinds(ev, E.HandStarted)  # M-1: the match goes on to 500
    assert new_game(ruleset("sonic", {"match": MatchKind.STANDARD}), 3, 1).ruleset.target == 500
