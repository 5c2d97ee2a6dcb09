"""UNO Triple Play (RULES.md section T): three trays, lit trays, capacity lights,
overloads, Discard Two, Wild Clear, Wild Give Away, the timer and the youngest player.

Positions set each tray's pile, press count and hidden capacity exactly; the bank's
scripts (``script_lit``, ``script_capacity``, ``script_overload``) fix what the unit
does next.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.editions.triple.rules import shares_of
from game.editions.triple.trays import TrayBank, light
from game.rules import events as E
from game.rules import new_game
from game.rules.actions import (
    CallUno,
    Catch,
    ChooseColour,
    Draw,
    GiveAway,
    Pair,
    Pass,
    PickTray,
    Play,
    TimeUp,
)
from game.rules.cards import Colour, Rank
from game.rules.engine import Decision, Game
from game.rules.position import dump, load
from game.rules.ruleset import MatchKind

from .helpers import (
    C,
    assert_deck_intact,
    assert_illegal,
    build,
    drawn_by,
    index_of,
    kinds,
    only,
    ruleset,
    seed_where,
)

TRIPLE = ruleset("triple")
PILES = ["B9", "G5", "Y5"]


def triple(hands: list[str], piles: list[str] | None = None, **kw: object) -> Game:
    return build("triple", hands, piles or PILES, **kw)


# ---------------------------------------------------------------------- T-1 deck


def test_T1_deck_has_112_cards_no_draw_two_no_wd4() -> None:
    deck = Counter(TRIPLE.cards())
    assert sum(deck.values()) == 112
    by_rank: Counter[Rank] = Counter()
    for c, n in deck.items():
        by_rank[c.rank] += n
    assert sum(by_rank[Rank(n)] for n in range(10)) == 76
    assert by_rank[Rank.REVERSE] == 8 and by_rank[Rank.SKIP] == 8
    assert by_rank[Rank.DISCARD_TWO] == 8
    assert by_rank[Rank.WILD] == 4 and by_rank[Rank.WILD_CLEAR] == 4
    assert by_rank[Rank.WILD_GIVE_AWAY] == 4
    assert by_rank[Rank.DRAW_TWO] == 0 and by_rank[Rank.WILD_DRAW_FOUR] == 0
    assert all(deck[C(col + "D2")] == 2 for col in "RYGB")


def test_T1_two_to_six_players() -> None:
    for players in range(2, 7):
        g = new_game(TRIPLE, players, players)
        assert len(g.seats) == players
        assert_deck_intact(g)
    for players in (1, 7):
        with pytest.raises(ValueError):
            new_game(TRIPLE, players, 1)


# ---------------------------------------------------------------------- T-2 set-up


def test_T2_one_card_on_each_tray_actions_go_under_the_draw_pile() -> None:
    _, g = seed_where(
        "triple", 4, lambda g: any(e.returned for e in kinds(g.initial_events, E.FirstCard))
    )
    firsts = kinds(g.initial_events, E.FirstCard)
    assert [e.tray for e in firsts] == [0, 1, 2]
    returned = [c for e in firsts for c in e.returned]
    assert all(c.is_action for c in returned)
    assert Counter(g.draw_pile[: len(returned)]) == Counter(returned)  # under the pile
    for t, e in enumerate(firsts):
        assert e.card.is_number and g.piles[t] == [e.card]
    assert all(len(h) == 7 for h in g.hands)
    assert_deck_intact(g)


def test_T2_every_tray_starts_on_a_number_card() -> None:
    for seed in range(200):
        g = new_game(TRIPLE, 3, seed)
        assert all(len(p) == 1 and p[0].is_number for p in g.piles)


def test_T2_the_youngest_player_starts_when_the_set_up_names_them() -> None:
    for youngest in range(4):
        g = new_game(ruleset("triple", {"starting_player": youngest}), 4, 11)
        assert g.to_act == youngest and g.decision is Decision.TURN
        assert only(g.initial_events, E.FirstPlayerChosen) == E.FirstPlayerChosen(youngest)
        assert g.direction == 1


def test_T2_without_a_youngest_the_player_left_of_the_dealer_starts() -> None:
    g = new_game(TRIPLE, 4, 11)
    assert g.to_act == g.next_player(g.match.dealer)


# ---------------------------------------------------------------------- T-3 lit trays


def test_T3_a_card_may_only_be_played_on_a_lit_tray() -> None:
    # B5 matches tray 0 (B9) and tray 2 (Y5); only tray 2 is lit.
    g = triple(["B5 R1 R2", "G1 G2", "Y1 Y2"], lit=(2,))
    assert set(g.legal_actions(0)) == {Play(0, C("B5"), 2), Draw(0)}
    err = assert_illegal(g, Play(0, C("B5"), 0), "T-3")
    assert "not lit" in err.message
    assert_illegal(g, Play(0, C("B5"), 3), "T-3")
    ev = g.apply(Play(0, C("B5"), 2))
    assert ev[0] == E.CardPlayed(0, C("B5"), 2) and g.piles[2][-1] == C("B5")


def test_T3_the_unit_lights_trays_at_the_start_of_each_turn() -> None:
    g = triple(["B5 R1 R2", "G1 G2", "Y1 Y2"])
    g.bank.script_lit = [(2, 0)]
    ev = g.apply(Play(0, C("B5"), 0))
    assert ev[-2:] == [E.TurnStarted(1), E.TraysLit(1, (0, 2))]
    assert g.bank.lit == (0, 2)
    assert "unit=trays:02:" in dump(g)


def test_T3_an_extra_turn_from_a_two_player_skip_lights_the_trays_again() -> None:
    g = triple(["BS R1 R2", "G1 G2"], lit=(0,))
    g.bank.script_lit = [(1,)]
    ev = g.apply(Play(0, C("BS"), 0))
    assert ev[-3:] == [E.TurnSkipped(1), E.TurnStarted(0), E.TraysLit(0, (1,))]
    assert g.bank.lit == (1,)


# ---------------------------------------------------------------------- T-4 play


def test_T4_a_card_must_match_the_top_of_its_tray_then_the_tray_is_pressed() -> None:
    g = triple(["G7 R1 R2", "G1 G2", "Y1 Y2"], counts=(0, 2, 0))
    assert_illegal(g, Play(0, C("G7"), 0), "T-4")  # B9 on tray 0
    g.bank.script_lit = [(0, 1, 2)]
    ev = g.apply(Play(0, C("G7"), 1))
    assert ev == [
        E.CardPlayed(0, C("G7"), 1),
        E.TrayPressed(0, 1, "green", 0),
        E.TurnStarted(1),
        E.TraysLit(1, (0, 1, 2)),
    ]
    assert g.bank.count == [0, 3, 0]


def test_T4_cannot_play_draw_one_and_play_it_on_a_lit_tray() -> None:
    g = triple(["R1 R2 R3", "G1 G2", "Y1 Y2"], draw_top="Y7", lit=(0, 2))
    assert g.legal_actions(0) == [Draw(0)]
    ev = g.apply(Draw(0))
    assert ev == [E.CardsDrawn(0, (C("Y7"),), "turn", 1)]
    assert g.decision is Decision.DRAWN
    assert set(g.legal_actions(0)) == {Play(0, C("Y7"), 2), Pass(0)}
    ev = g.apply(Play(0, C("Y7"), 2))
    assert ev[:2] == [E.CardPlayed(0, C("Y7"), 2), E.TrayPressed(0, 2, "green", 0)]


def test_T4_a_drawn_card_that_does_not_fit_press_any_lit_tray() -> None:
    g = triple(["R1 R2 R3", "G1 G2", "Y1 Y2"], draw_top="R7", lit=(0, 2), counts=(1, 1, 1))
    ev = g.apply(Draw(0))
    assert ev == [E.CardsDrawn(0, (C("R7"),), "turn", 1)]
    assert g.decision is Decision.PRESS_TRAY and g.to_act == 0
    assert set(g.legal_actions(0)) == {PickTray(0, 0), PickTray(0, 2)}
    assert_illegal(g, PickTray(0, 1), "T-4")
    assert_illegal(g, Play(0, C("R7"), 0), "T-4")
    g.bank.script_lit = [(1,)]
    ev = g.apply(PickTray(0, 2))
    assert ev == [E.TrayPressed(0, 2, "green", 0), E.TurnStarted(1), E.TraysLit(1, (1,))]
    assert g.bank.count == [1, 1, 2]


def test_T4_keeping_a_playable_drawn_card_still_presses_a_lit_tray() -> None:
    g = triple(["R1 R2 R3", "G1 G2", "Y1 Y2"], draw_top="B7", lit=(0,))
    g.apply(Draw(0))
    ev = g.apply(Pass(0))
    assert ev == [E.DrawnCardKept(0)]
    assert g.decision is Decision.PRESS_TRAY
    assert g.apply(PickTray(0, 0))[0] == E.TrayPressed(0, 0, "green", 0)


def test_T4_reneging_draw_instead_of_playing_then_only_the_drawn_card() -> None:
    g = triple(["B1 R2 R3", "G1 G2", "Y1 Y2"], draw_top="G8")
    assert Draw(0) in g.legal_actions(0)
    g.apply(Draw(0))
    assert_illegal(g, Play(0, C("B1"), 0), "C-10")
    assert set(g.legal_actions(0)) == {Play(0, C("G8"), 1), Pass(0)}


# ---------------------------------------------------------------------- T-5 lights


def test_T5_light_green_at_four_or_more_left_yellow_at_two_or_three_red_at_one() -> None:
    assert [light(n) for n in (9, 5, 4, 3, 2, 1)] == [
        "green", "green", "green", "yellow", "yellow", "red"
    ]


def test_T5_capacity_counts_presses_lights_then_overloads_at_capacity() -> None:
    bank = TrayBank()
    bank.script_capacity = [5, 8]
    bank.reset(1, random.Random(0))
    rng = random.Random(0)
    seen = []
    for _ in range(4):
        assert bank.press(1, rng) == 0
        seen.append(bank.light(1))
    assert seen == ["green", "yellow", "yellow", "red"]
    bank.script_overload = [3]
    assert bank.press(1, rng) == 3  # the press that reaches capacity overloads
    assert bank.count[1] == 0 and bank.capacity[1] == 8  # reset, capacity redrawn
    assert bank.light(1) == "green"


@pytest.mark.parametrize(("count", "expect"), [(0, "green"), (3, "yellow"), (4, "yellow"),
                                               (5, "red")])
def test_T5_each_press_reports_the_trays_light_in_the_game(count: int, expect: str) -> None:
    # Capacity 7: after this press 7 - (count + 1) presses remain.
    g = triple(["B5 R1 R2", "G1 G2", "Y1 Y2"], counts=(count, 0, 0), caps=(7, 9, 9))
    ev = g.apply(Play(0, C("B5"), 0))
    assert ev[1] == E.TrayPressed(0, 0, expect, 0)
    assert g.bank.count[0] == count + 1


# ---------------------------------------------------------------------- T-6 overload


def test_T6_overload_presser_draws_the_number_shown_and_the_tray_resets() -> None:
    g = triple(["B5 R1 R2", "G1 G2", "Y1 Y2"], counts=(4, 0, 0), caps=(5, 9, 9),
               draw_top="Y6 Y7 Y8 Y9")
    g.bank.script_overload = [3]
    g.bank.script_capacity = [6]
    ev = g.apply(Play(0, C("B5"), 0))
    assert ev[:3] == [
        E.CardPlayed(0, C("B5"), 0),
        E.TrayPressed(0, 0, "green", 3),
        E.CardsDrawn(0, (C("Y6"), C("Y7"), C("Y8")), "overload", 3),
    ]
    assert ev[3] == E.TurnStarted(1)
    assert g.hands[0] == [C("R1"), C("R2"), C("Y6"), C("Y7"), C("Y8")]
    assert g.bank.count[0] == 0 and g.bank.capacity[0] == 6
    assert_deck_intact(g)


def test_T6_order_the_played_cards_effect_then_the_overload() -> None:
    g = triple(["BR R1 R2", "G1 G2", "Y1 Y2"], counts=(4, 0, 0), caps=(5, 9, 9),
               draw_top="Y6 Y7")
    g.bank.script_overload = [2]
    ev = g.apply(Play(0, C("BR"), 0))
    # The state is right either way: the direction turned, the presser drew 2, the
    # player on the new left plays.
    assert g.direction == -1 and g.to_act == 2 and len(g.hands[0]) == 4
    turned = index_of(ev, lambda e: isinstance(e, E.DirectionChanged))
    drew = index_of(ev, lambda e: isinstance(e, E.CardsDrawn) and e.reason == "overload")
    assert turned < drew


def test_T6_a_last_card_that_overloads_does_not_go_out() -> None:
    g = triple(["B5", "G1 G2", "Y1 Y2"], counts=(4, 0, 0), caps=(5, 9, 9),
               draw_top="R6 R7")
    g.bank.script_overload = [2]
    ev = g.apply(Play(0, C("B5"), 0))
    assert not kinds(ev, E.HandEnded)
    assert drawn_by(ev, 0) == [E.CardsDrawn(0, (C("R6"), C("R7")), "overload", 2)]
    assert g.hands[0] == [C("R6"), C("R7")]
    assert g.to_act == 1 and g.decision is Decision.TURN and not g.over
    assert g.uno_open == []


def test_T6_a_last_card_without_overload_goes_out() -> None:
    g = triple(["B5", "G1 G2", "Y1 Y2"], counts=(3, 0, 0), caps=(5, 9, 9))
    ended = only(g.apply(Play(0, C("B5"), 0)), E.HandEnded)
    assert ended.winner == 0 and ended.points == 3 + 3


def test_T6_next_to_last_card_overloading_owes_no_uno() -> None:
    g = triple(["B5 R1", "G1 G2", "Y1 Y2"], counts=(4, 0, 0), caps=(5, 9, 9))
    g.bank.script_overload = [1]
    g.apply(Play(0, C("B5"), 0))
    assert len(g.hands[0]) == 2 and g.uno_open == []
    assert g.apply(Catch(1, 0)) == [E.CatchMissed(1, 0)]
    assert len(g.hands[0]) == 2


def test_T6_next_to_last_card_without_overload_owes_uno() -> None:
    g = triple(["B5 R1", "G1 G2", "Y1 Y2"], counts=(0, 0, 0), caps=(5, 9, 9))
    g.apply(Play(0, C("B5"), 0))
    assert g.uno_open == [0]


# ---------------------------------------------------------------------- T-7


def test_T7_after_a_wild_any_card_may_follow_on_that_tray() -> None:
    g = triple(["W R1 R2", "Y3 R4 G2", "Y1 Y2"])
    g.bank.script_lit = [(0, 1)]
    ev = g.apply(Play(0, C("W"), 0))
    assert not kinds(ev, E.ColourChosen)
    assert g.decision is Decision.TURN and g.to_act == 1  # no colour to name
    assert g.tray_colour[0] == 4
    # Every card fits tray 0; only G2 fits tray 1 (G5).
    assert set(g.legal_actions(1)) == {
        Play(1, C("Y3"), 0), Play(1, C("R4"), 0), Play(1, C("G2"), 0), Play(1, C("G2"), 1),
        Draw(1),
    }
    assert_illegal(g, ChooseColour(0, Colour.RED), "C-3")
    assert_illegal(g, ChooseColour(1, Colour.RED), None)


@pytest.mark.parametrize("wild", ["W", "WCL", "WGA"])
def test_T7_every_wild_leaves_its_tray_open_to_any_colour(wild: str) -> None:
    g = triple([f"{wild} R1 R2", "R4 G1 G2", "Y1 Y2"], counts=(0, 0, 0))
    g.bank.script_lit = [(0,)]
    g.apply(Play(0, C(wild), 0))
    assert set(g.legal_actions(1)) == {Play(1, C(x), 0) for x in ("R4", "G1", "G2")} | {Draw(1)}


# ---------------------------------------------------------------------- T-8 Discard Two


def test_T8_discard_two_takes_a_second_card_of_its_colour_one_press() -> None:
    g = triple(["GD2 G5 GS Y1 W", "R1 R2", "B1 B2"], ["B9", "G9", "Y5"])
    ev = g.apply(Play(0, C("GD2"), 1))
    assert ev == [E.CardPlayed(0, C("GD2"), 1)]
    assert g.decision is Decision.PAIR and g.to_act == 0
    assert set(g.legal_actions(0)) == {Pair(0, C("G5")), Pair(0, C("GS")), Pass(0)}
    assert_illegal(g, Pair(0, C("W")), "T-8")  # a wild has no colour
    assert_illegal(g, Pair(0, C("Y1")), "T-8")
    g.bank.script_lit = [(0, 1, 2)]
    ev = g.apply(Pair(0, C("G5")))
    assert ev == [
        E.CardsDiscarded(0, (C("G5"),), "pair"),
        E.TrayPressed(0, 1, "green", 0),
        E.TurnStarted(1),
        E.TraysLit(1, (0, 1, 2)),
    ]
    assert g.piles[1][-2:] == [C("GD2"), C("G5")]
    assert g.bank.count[1] == 1  # one press for the two cards
    assert g.tray_rank[1] == 5  # the second card is the tray's top


def test_T8_the_second_cards_action_takes_effect() -> None:
    g = triple(["GD2 GS Y1", "R1 R2", "B1 B2"], ["B9", "G9", "Y5"])
    g.apply(Play(0, C("GD2"), 1))
    ev = g.apply(Pair(0, C("GS")))
    assert [type(e) for e in ev[:2]] == [E.CardsDiscarded, E.TrayPressed]
    assert ev[2:4] == [E.TurnSkipped(1), E.TurnStarted(2)]


def test_T8_a_second_card_reverse_turns_play() -> None:
    g = triple(["GD2 GR Y1", "R1 R2", "B1 B2"], ["B9", "G9", "Y5"])
    g.apply(Play(0, C("GD2"), 1))
    ev = g.apply(Pair(0, C("GR")))
    assert E.DirectionChanged(False) in ev
    assert g.direction == -1 and g.to_act == 2


def test_T8_discard_two_may_be_played_alone() -> None:
    g = triple(["GD2 G5 Y1", "R1 R2", "B1 B2"], ["B9", "G9", "Y5"])
    g.apply(Play(0, C("GD2"), 1))
    ev = g.apply(Pass(0))
    assert ev[:2] == [E.TrayPressed(0, 1, "green", 0), E.TurnStarted(1)]
    assert g.piles[1][-1] == C("GD2") and g.hands[0] == [C("G5"), C("Y1")]


def test_T8_without_a_card_of_its_colour_discard_two_is_pressed_at_once() -> None:
    g = triple(["GD2 Y1 Y3", "R1 R2", "B1 B2"], ["B9", "G9", "Y5"])
    ev = g.apply(Play(0, C("GD2"), 1))
    assert ev[:3] == [E.CardPlayed(0, C("GD2"), 1), E.TrayPressed(0, 1, "green", 0),
                      E.TurnStarted(1)]


def test_T8_discard_two_must_itself_match_the_tray() -> None:
    g = triple(["GD2 G5 Y1", "R1 R2", "B1 B2"], ["B9", "R9", "Y5"])
    assert_illegal(g, Play(0, C("GD2"), 1), "T-4")
    g = triple(["GD2 G5 Y1", "R1 R2", "B1 B2"], ["B9", "RD2", "Y5"])
    assert Play(0, C("GD2"), 1) in g.legal_actions(0)  # same symbol


def test_T8_pairing_down_to_one_card_owes_uno() -> None:
    g = triple(["GD2 G5 Y1", "R1 R2", "B1 B2"], ["B9", "G9", "Y5"])
    g.apply(Play(0, C("GD2"), 1))
    assert g.uno_open == []  # still two cards while pairing
    g.apply(Pair(0, C("G5")))
    assert g.hands[0] == [C("Y1")] and g.uno_open == [0]


def test_T8_pairing_the_last_card_goes_out() -> None:
    g = triple(["GD2 G5", "R1 R2", "B1 B2"], ["B9", "G9", "Y5"])
    g.apply(Play(0, C("GD2"), 1))
    ended = only(g.apply(Pair(0, C("G5"))), E.HandEnded)
    assert ended.winner == 0


def test_T8_one_press_for_the_pair_can_overload() -> None:
    g = triple(["GD2 G5 Y1", "R1 R2", "B1 B2"], ["B9", "G9", "Y5"], counts=(0, 4, 0),
               caps=(9, 5, 9), draw_top="R7")
    g.bank.script_overload = [1]
    g.apply(Play(0, C("GD2"), 1))
    ev = g.apply(Pair(0, C("G5")))
    assert len(kinds(ev, E.TrayPressed)) == 1
    assert drawn_by(ev, 0) == [E.CardsDrawn(0, (C("R7"),), "overload", 1)]


# ---------------------------------------------------------------------- T-9 Wild Clear


def test_T9_wild_clear_resets_its_tray_and_never_overloads() -> None:
    # Tray 0 is one press from overloading; the Wild Clear's reset replaces the press.
    g = triple(["WCL R1 R2", "G1 G2", "Y1 Y2"], counts=(8, 0, 0), caps=(9, 9, 9))
    g.bank.script_capacity = [6]
    g.bank.script_overload = [4]  # would be used by an overload; it must stay unused
    hand = len(g.hands[0])
    ev = g.apply(Play(0, C("WCL"), 0))
    assert ev[:2] == [E.CardPlayed(0, C("WCL"), 0),
                      E.TrayPressed(0, 0, "green", 0, cleared=True)]
    assert not drawn_by(ev, 0) and len(g.hands[0]) == hand - 1
    assert g.bank.count[0] == 0 and g.bank.capacity[0] == 6
    assert g.bank.script_overload == [4]
    assert g.bank.light(0) == "green"


def test_T9_wild_clear_only_resets_its_own_tray() -> None:
    g = triple(["WCL R1 R2", "G1 G2", "Y1 Y2"], counts=(2, 3, 4), caps=(9, 9, 9))
    g.apply(Play(0, C("WCL"), 2))
    assert g.bank.count == [2, 3, 0]


# ---------------------------------------------------------------------- T-10 Give Away


def test_T10_give_away_overload_the_player_shares_the_penalty_among_opponents() -> None:
    g = triple(["WGA R1 R2", "G1 G2", "Y1 Y2"], counts=(8, 0, 0), caps=(9, 9, 9),
               draw_top="B1 B2 B3")
    g.bank.script_overload = [3]
    ev = g.apply(Play(0, C("WGA"), 0))
    assert ev == [E.CardPlayed(0, C("WGA"), 0), E.TrayPressed(0, 0, "green", 3)]
    assert g.decision is Decision.GIVE and g.to_act == 0 and g.give == 3
    assert set(g.legal_actions(0)) == {GiveAway(0, s) for s in shares_of(3, [1, 2])}
    assert len(g.legal_actions(0)) == 4
    assert_illegal(g, GiveAway(0, ((1, 1), (2, 1))), "T-10")  # 2, not 3
    assert_illegal(g, GiveAway(0, ((0, 1), (1, 2))), "T-10")  # not to oneself
    assert_illegal(g, GiveAway(0, ((1, 3), (2, 0))), "T-10")
    text = dump(g)
    assert dump(load(text)) == text
    ev = g.apply(GiveAway(0, ((1, 2), (2, 1))))
    assert ev[:3] == [
        E.PenaltyShared(0, ((1, 2), (2, 1))),
        E.CardsDrawn(1, (C("B1"), C("B2")), "give_away", 2),
        E.CardsDrawn(2, (C("B3"),), "give_away", 1),
    ]
    assert ev[3] == E.TurnStarted(1)
    assert g.hands[0] == [C("R1"), C("R2")] and len(g.hands[1]) == 4
    assert_deck_intact(g)


def test_T10_give_away_without_overload_is_a_wild() -> None:
    g = triple(["WGA R1 R2", "G1 G2", "Y1 Y2"], counts=(0, 0, 0))
    ev = g.apply(Play(0, C("WGA"), 0))
    assert ev[:3] == [E.CardPlayed(0, C("WGA"), 0), E.TrayPressed(0, 0, "green", 0),
                      E.TurnStarted(1)]
    assert not kinds(ev, E.CardsDrawn)


def test_T10_give_away_as_the_last_card_shares_then_goes_out() -> None:
    g = triple(["WGA", "G1 G2", "Y1 Y2"], counts=(8, 0, 0), caps=(9, 9, 9),
               draw_top="B1 B2", rules={"match": MatchKind.SINGLE_HAND})
    g.bank.script_overload = [2]
    ev = g.apply(Play(0, C("WGA"), 0))
    assert not kinds(ev, E.HandEnded) and g.decision is Decision.GIVE
    ev = g.apply(GiveAway(0, ((2, 2),)))
    ended = only(ev, E.HandEnded)
    assert ended.winner == 0
    assert ended.points == (1 + 2) + (1 + 2 + 1 + 2)  # the given cards count
    assert g.over


def test_T10_two_players_the_whole_penalty_goes_to_the_opponent() -> None:
    g = triple(["WGA R1 R2", "G1 G2"], counts=(8, 0, 0), caps=(9, 9, 9))
    g.bank.script_overload = [4]
    g.apply(Play(0, C("WGA"), 0))
    assert g.legal_actions(0) == [GiveAway(0, ((1, 4),))]


# ---------------------------------------------------------------------- T-11


def test_T11_skip_next_player_loses_the_turn() -> None:
    g = triple(["BS R1 R2", "G1 G2", "Y1 Y2"])
    ev = g.apply(Play(0, C("BS"), 0))
    assert ev[2:4] == [E.TurnSkipped(1), E.TurnStarted(2)]


def test_T11_reverse_turns_play() -> None:
    g = triple(["BR R1 R2", "G1 G2", "Y1 Y2"])
    ev = g.apply(Play(0, C("BR"), 0))
    assert ev[2:4] == [E.DirectionChanged(False), E.TurnStarted(2)]


@pytest.mark.parametrize("card", ["BR", "BS"])
def test_T11_two_players_reverse_is_a_skip(card: str) -> None:
    g = triple([f"{card} R1 R2", "G1 G2"])
    ev = g.apply(Play(0, C(card), 0))
    assert E.TurnSkipped(1) in ev and g.to_act == 0
    assert isinstance(ev[-1], E.TraysLit) and ev[-1].player == 0


# ---------------------------------------------------------------------- T-12 timer


def test_T12_time_up_draw_six_cannot_play_them_turn_ends_without_a_press() -> None:
    g = triple(["R1 R2 R3", "G1 G2", "Y1 Y2"], rules={"timer": True},
               draw_top="B1 B2 B3 B4 B5 B6", counts=(1, 2, 3))
    ev = g.apply(TimeUp(0))
    assert ev[:2] == [
        E.TimeRanOut(0),
        E.CardsDrawn(0, tuple(C(f"B{i}") for i in range(1, 7)), "time_up", 6),
    ]
    assert ev[2] == E.TurnStarted(1)
    assert not kinds(ev, E.TrayPressed) and g.bank.count == [1, 2, 3]
    assert g.to_act == 1 and len(g.hands[0]) == 9
    assert_illegal(g, Play(0, C("B1"), 0), "C-3")


def test_T12_time_up_after_drawing_the_drawn_card_cannot_be_played() -> None:
    g = triple(["R1 R2 R3", "G1 G2", "Y1 Y2"], rules={"timer": True}, draw_top="B7")
    g.apply(Draw(0))
    assert g.decision is Decision.DRAWN
    ev = g.apply(TimeUp(0))
    assert ev[0] == E.TimeRanOut(0) and g.to_act == 1 and g.drawn is None
    assert C("B7") in g.hands[0]


def test_T12_time_up_while_choosing_a_tray_to_press_ends_the_turn_without_the_press(
) -> None:
    g = triple(["R1 R2 R3", "G1 G2", "Y1 Y2"], rules={"timer": True}, draw_top="R7",
               counts=(1, 1, 1))
    g.apply(Draw(0))
    assert g.decision is Decision.PRESS_TRAY
    ev = g.apply(TimeUp(0))
    assert ev[0] == E.TimeRanOut(0) and drawn_by(ev, 0)[0].count == 6
    assert not kinds(ev, E.TrayPressed) and g.bank.count == [1, 1, 1]
    assert g.to_act == 1 and g.decision is Decision.TURN


def test_T12_numbers_are_settings() -> None:
    g = triple(["R1 R2 R3", "G1 G2", "Y1 Y2"],
               rules={"timer": True, "timer_penalty": 3, "timer_seconds": 10})
    assert g.ruleset.timer_seconds == 10
    ev = g.apply(TimeUp(0))
    assert drawn_by(ev, 0)[0].count == 3


def test_T12_time_up_is_refused_when_the_timer_is_off_or_not_your_turn() -> None:
    g = triple(["R1 R2 R3", "G1 G2", "Y1 Y2"])
    assert_illegal(g, TimeUp(0), "T-12")
    g = triple(["R1 R2 R3", "G1 G2", "Y1 Y2"], rules={"timer": True})
    assert_illegal(g, TimeUp(1), "C-3")
    assert TimeUp(0) not in g.legal_actions(0)  # the clock sends it; nobody chooses it


# ---------------------------------------------------------------------- T-13, T-14


def test_T13_uno_caught_draws_two() -> None:
    g = triple(["B5 R1", "G1 G2", "Y1 Y2"], draw_top="G6 G7")
    g.apply(Play(0, C("B5"), 0))
    assert g.uno_open == [0]
    ev = g.apply(Catch(2, 0))
    assert ev == [E.UnoCaught(2, 0), E.CardsDrawn(0, (C("G6"), C("G7")), "uno_penalty", 2)]


def test_T13_uno_called_before_playing_is_safe() -> None:
    g = triple(["B5 R1", "G1 G2", "Y1 Y2"])
    g.apply(CallUno(0))
    g.apply(Play(0, C("B5"), 0))
    assert g.uno_open == []


def test_T14_values_and_target_chosen_before_the_match() -> None:
    for text, value in [("R7", 7), ("R0", 0), ("RS", 20), ("RR", 20), ("RD2", 20),
                        ("W", 50), ("WCL", 50), ("WGA", 50)]:
        assert TRIPLE.value(C(text)) == value, text
    assert TRIPLE.target == 500
    assert ruleset("triple", {"target": 200}).target == 200


# ---------------------------------------------------------------------- position text


def test_T3_position_text_carries_the_trays_state() -> None:
    g = triple(["GD2 G5 Y1", "R1 R2", "B1 B2"], ["B9", "G9", "Y5"], counts=(1, 2, 3),
               caps=(5, 6, 7), lit=(1, 2))
    g.apply(Play(0, C("GD2"), 1))
    text = dump(g)
    assert "decision=pair" in text and "unit=trays:12:1,2,3:5,6,7:" in text
    assert "|" in text.split("discard=")[1]
    again = load(text)
    assert dump(again) == text
    assert again.apply(Pair(0, C("G5")))[0] == E.CardsDiscarded(0, (C("G5"),), "pair")
