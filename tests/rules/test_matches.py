"""Matches, RULES.md section M: how hands are scored and add up to a winner."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from game.bots.driver import MatchRunner
from game.bots.heuristic import HeuristicBot
from game.rules import events as E
from game.rules.actions import Draw, Play
from game.rules.cards import Card
from game.rules.engine import Decision, Game
from game.rules.match import ROTATING_SEATS, MatchState, settle
from game.rules.ruleset import MatchKind, edition

from .helpers import assert_deck_intact, build, kinds

C = Card.parse
OFFICIAL = edition("official")


def go_out(g: Game, player: int = 0, card: str = "R7") -> list[E.Event]:
    return g.apply(Play(player, C(card)))


# ---------------------------------------------------------------------------- M-1


def test_M1_winner_scores_opponents_hands_and_match_goes_on_below_target() -> None:
    g = build(["R7", "R5 R6", "GS"], "R5", scores=[100, 50, 0])
    ev = go_out(g)
    assert ev[1] == E.HandEnded(0, 31, (131, 50, 0))
    assert kinds(ev, E.HandStarted) == [E.HandStarted(2, 0, (0, 1, 2))]
    assert not kinds(ev, E.MatchEnded) and not g.over
    assert g.match.scores == [131, 50, 0]
    assert_deck_intact(g)


def test_M1_first_to_the_target_wins() -> None:
    g = build(["R7", "R5 R6", "GS"], "R5", scores=[470, 499, 0])
    ev = go_out(g)
    assert ev[1:] == [E.HandEnded(0, 31, (501, 499, 0)), E.MatchEnded((0,))]
    assert g.over and g.decision is Decision.OVER


def test_M1_target_is_a_setting() -> None:
    g = build(["R7", "R5 R6", "GS"], "R5", rules={"target": 30})
    assert go_out(g)[-1] == E.MatchEnded((0,))


def test_M1_default_is_standard_to_500() -> None:
    assert (OFFICIAL.match, OFFICIAL.target) == (MatchKind.STANDARD, 500)


# ---------------------------------------------------------------------------- M-2

RUNNING = {"match": "running_total"}


def test_M2_every_total_grows_by_what_is_held() -> None:
    g = build(["R7", "R5 R6", "GS"], "R5", scores=[10, 20, 30], rules=RUNNING)
    ev = go_out(g)
    assert ev[1] == E.HandEnded(0, 31, (10, 31, 50))
    assert not g.over and g.match.hand_no == 2


def test_M2_when_someone_reaches_the_target_the_lowest_total_wins() -> None:
    g = build(["R7", "R5 R6", "R1 R4"], "R5", scores=[100, 490, 30], rules=RUNNING)
    ev = go_out(g)
    assert ev[1:] == [E.HandEnded(0, 16, (100, 501, 35)), E.MatchEnded((2,))]


def test_M2_players_tied_on_the_lowest_total_share_the_win() -> None:
    g = build(["R7", "R5 R6", "R1 R9"], "R5", scores=[40, 490, 30], rules=RUNNING)
    ev = go_out(g)
    assert ev[1:] == [E.HandEnded(0, 21, (40, 501, 40)), E.MatchEnded((0, 2))]


# ---------------------------------------------------------------------------- M-3

PARTNERS = {"match": "partners"}


def test_M3_partners_sit_opposite_and_score_both_opposing_hands() -> None:
    g = build(["R7", "R5 R6", "W", "GS"], "R5", rules=PARTNERS)
    ev = go_out(g)
    assert ev[1] == E.HandEnded(0, 31, (31, 0, 31, 0))  # the partner's W is not scored


def test_M3_partners_reaching_the_target_win_together() -> None:
    g = build(["R4 Y1", "R7", "W", "R1"], "R5", turn=1, rules=PARTNERS, scores=[0, 490, 0, 490])
    ev = g.apply(Play(1, C("R7")))
    assert ev[1:] == [E.HandEnded(1, 55, (0, 545, 0, 545)), E.MatchEnded((1, 3))]


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_M3_partners_need_four_players(players: int) -> None:
    with pytest.raises(ValueError, match="4"):
        Game(replace(OFFICIAL, match=MatchKind.PARTNERS), players, 1)


def test_M3_rotating_each_player_partners_each_other_once_over_three_rounds_of_four() -> None:
    rs = replace(OFFICIAL, match=MatchKind.PARTNERS_ROTATING, target=100)
    g = Game(rs, 4, 11)
    seen: list[E.Event] = []
    MatchRunner(g, [HeuristicBot() for _ in range(4)], 11).run(sink=seen.extend)
    starts = kinds(seen, E.HandStarted)
    ends = kinds(seen, E.HandEnded)
    assert len(starts) == len(ends) == 12  # three rounds of four hands, whatever the target
    pairs = []
    for rnd in range(3):
        seat_orders = {s.seats for s in starts[4 * rnd : 4 * rnd + 4]}
        assert len(seat_orders) == 1
        (seats,) = seat_orders
        pairs += [frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))]
    assert sorted(map(sorted, pairs)) == sorted(map(list, combinations(range(4), 2)))
    final = ends[-1].scores
    assert seen[-1] == E.MatchEnded(tuple(p for p in range(4) if final[p] == max(final)))


def test_M3_rotating_partners_follow_the_round_seating() -> None:
    # Hand 5 is in round two: partners are 0 & 1 and 2 & 3.
    seats = list(ROTATING_SEATS[1])
    g = build(
        ["R7", "W", "R5 R6", "GS"],
        "R5",
        seats=seats,
        hand_no=5,
        rules={"match": "partners_rotating"},
    )
    ev = go_out(g)
    assert ev[1] == E.HandEnded(0, 31, (31, 31, 0, 0))


def test_M3_rotating_highest_individual_total_wins_after_twelve_hands() -> None:
    seats = list(ROTATING_SEATS[2])  # round three: partners 0 & 3 and 1 & 2
    g = build(
        ["R7", "R5", "R6", "W"],
        "R5",
        seats=seats,
        hand_no=12,
        scores=[100, 250, 200, 90],
        rules={"match": "partners_rotating"},
    )
    ev = go_out(g)
    assert ev[1:] == [E.HandEnded(0, 11, (111, 250, 200, 101)), E.MatchEnded((1,))]


# ---------------------------------------------------------------------------- M-4


@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_M4_teams_seated_alternately_score_all_opposing_hands(players: int) -> None:
    hands = [f"R{p % 9 + 1} Y{p % 9 + 1}" for p in range(players)]
    hands[1] = "R7"
    g = build(hands, "R5", turn=1, rules={"match": "teams", "target": 10_000})
    ev = g.apply(Play(1, C("R7")))
    opposing = sum(2 * (p % 9 + 1) for p in range(0, players, 2))
    expected = tuple(opposing if p % 2 else 0 for p in range(players))
    assert ev[1] == E.HandEnded(1, opposing, expected)
    assert not g.over


@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_M4_first_team_to_the_target_wins(players: int) -> None:
    hands = [f"G{p % 9 + 1} Y{p % 9 + 1}" for p in range(players)]
    hands[2] = "R7"
    g = build(hands, "R5", turn=2, rules={"match": "teams", "target": 10})
    ev = g.apply(Play(2, C("R7")))
    assert ev[-1] == E.MatchEnded(tuple(range(0, players, 2)))


@pytest.mark.parametrize("players", [2, 3, 5, 7, 9])
def test_M4_teams_need_an_even_number_from_four_to_ten(players: int) -> None:
    with pytest.raises(ValueError, match="M-4"):
        Game(replace(OFFICIAL, match=MatchKind.TEAMS), players, 1)


# ---------------------------------------------------------------------------- M-5

CHALLENGE = {"match": "challenge", "target": 100}


def test_M5_several_players_may_be_eliminated_in_one_hand() -> None:
    g = build(["R7", "RS", "R5", "R4"], "R5", scores=[0, 90, 95, 10], dealer=1, rules=CHALLENGE)
    ev = go_out(g)
    assert ev[1] == E.HandEnded(0, 29, (0, 110, 100, 14))
    assert ev[2:4] == [E.PlayerEliminated(1), E.PlayerEliminated(2)]
    assert kinds(ev, E.DealerChosen)  # the dealer was eliminated: a new dealer draw
    (start,) = kinds(ev, E.HandStarted)
    assert start.seats == (0, 3)
    assert g.hands[1] == g.hands[2] == []
    assert len(g.hands[0]) == len(g.hands[3]) == 7
    assert not g.over
    assert_deck_intact(g)


def test_M5_head_to_head_plays_with_two_player_rules() -> None:
    g = build(
        ["RR Y1", "", "B1 B2"], "R5", seats=[0, 2], out=[1], scores=[0, 120, 50], rules=CHALLENGE
    )
    ev = g.apply(Play(0, C("RR")))
    assert ev[-2:] == [E.TurnSkipped(2), E.TurnStarted(0)]  # C-14: Reverse acts as Skip


def test_M5_head_to_head_ends_when_one_reaches_the_target_the_other_wins() -> None:
    g = build(["R7", "", "RS"], "R5", seats=[0, 2], out=[1], scores=[95, 120, 85], rules=CHALLENGE)
    ev = go_out(g)
    assert ev[1:] == [
        E.HandEnded(0, 20, (95, 120, 105)),
        E.PlayerEliminated(2),
        E.MatchEnded((0,)),
    ]


def test_M5_hand_leaving_a_single_player_makes_them_the_winner() -> None:
    g = build(["R7", "RS", "R+2"], "R5", scores=[95, 85, 90], rules=CHALLENGE)
    ev = go_out(g)
    assert ev[1:] == [
        E.HandEnded(0, 40, (95, 105, 110)),
        E.PlayerEliminated(1),
        E.PlayerEliminated(2),
        E.MatchEnded((0,)),
    ]


def test_M5_below_the_target_nobody_is_eliminated() -> None:
    g = build(["R7", "RS", "R+2"], "R5", rules=CHALLENGE)
    ev = go_out(g)
    assert not kinds(ev, E.PlayerEliminated) and not g.over
    assert kinds(ev, E.HandStarted)[0].seats == (0, 1, 2)


def test_M5_a_hand_that_eliminates_everyone_left_still_names_a_winner() -> None:
    # Only a blocked hand (DC) could do this: the winner of a normal hand adds nothing.
    # Since a reneging player now resets the blocked-hand count, the table cannot reach
    # it in official UNO, so settle() is checked directly.
    rs = replace(OFFICIAL, match=MatchKind.CHALLENGE, target=100)
    ms = MatchState.new(3)
    ms.eliminated[2] = True
    ms.scores = [90, 60, 120]
    hands = [[Card.parse("R9"), Card.parse("B9")], [Card.parse("W")], []]
    points, gone = settle(rs, ms, [0, 1], hands, winner=0)
    assert gone == [0, 1] and points == 18 + 50
    assert ms.scores[:2] == [108, 110]
    assert ms.winners == (0,)  # the lowest total among those who went over together


def test_M5_renege_resets_the_blocked_count() -> None:
    # Player 0 holds playable cards but draws from an empty pile: not a blocked round.
    deck = OFFICIAL.cards()
    p1 = " ".join(str(c) for c in deck if not c.is_wild and c.colour != 0 and c.rank != 5)
    g = build(["", p1], "R5", rest=0, turn=1, rules=CHALLENGE)
    g.apply(Draw(1))
    g.apply(Draw(0))
    ev = g.apply(Draw(1))
    assert not kinds(ev, E.HandEnded)
    assert g.to_act == 0 and g.dead_turns == 1


# ---------------------------------------------------------------------------- M-6


def test_M6_single_hand_match_ends_after_one_hand() -> None:
    g = build(["R7", "R5 R6", "GS"], "R5", rules={"match": "single_hand"})
    ev = go_out(g)
    assert ev[1:] == [E.HandEnded(0, 31, (31, 0, 0)), E.MatchEnded((0,))]
    assert g.match.hand_no == 1


def test_M6_single_hand_is_the_sonic_default() -> None:
    assert edition("sonic").match is MatchKind.SINGLE_HAND


def test_M6_single_hand_runs_to_exactly_one_hand() -> None:
    rs = replace(OFFICIAL, match=MatchKind.SINGLE_HAND)
    for seed in range(5):
        g = Game(rs, 3, seed)
        seen: list[E.Event] = []
        MatchRunner(g, [HeuristicBot() for _ in range(3)], seed).run(sink=seen.extend)
        (end,) = kinds(seen, E.HandEnded)
        assert seen[-1] == E.MatchEnded((end.winner,))
        assert end.scores[end.winner] == end.points
