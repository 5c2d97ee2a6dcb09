"""Official UNO, the deck and the start of a hand: RULES.md C-1 … C-4."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache

import pytest

from game.rules import events as E
from game.rules.actions import ChooseColour, Play
from game.rules.cards import COLOURS, Card, Colour, Rank, card
from game.rules.engine import Decision, Game
from game.rules.ruleset import edition

from .helpers import assert_deck_intact, build, kinds

OFFICIAL = edition("official")


def dealer_value(c: Card) -> int:
    """C-2: a number counts its face, an action card (wilds included) counts 0."""
    return int(c.rank) if c.is_number else 0


@cache
def first_card_game(rank: Rank, players: int = 4) -> tuple[int, Game]:
    """The first seed whose first discard (after C-4's put-backs) has ``rank``."""
    for seed in range(5000):
        g = Game(OFFICIAL, players, seed)
        if kinds(g.initial_events, E.FirstCard)[0].card.rank == rank:
            return seed, g
    raise AssertionError(f"no seed starts with {rank.name}")


def fresh(rank: Rank, players: int = 4) -> Game:
    seed, _ = first_card_game(rank, players)
    return Game(OFFICIAL, players, seed)


# ---------------------------------------------------------------------------- C-1


def test_C1_deck_has_108_cards_per_colour_and_wilds() -> None:
    deck = Counter(OFFICIAL.cards())
    assert sum(deck.values()) == 108
    for colour in COLOURS:
        assert deck[card(colour, Rank.ZERO)] == 1
        for n in range(1, 10):
            assert deck[card(colour, Rank(n))] == 2
        for r in (Rank.DRAW_TWO, Rank.REVERSE, Rank.SKIP):
            assert deck[card(colour, r)] == 2
    assert deck[Card.parse("W")] == 4
    assert deck[Card.parse("W+4")] == 4
    assert len(deck) == 4 * 13 + 2  # nothing else in the deck


@pytest.mark.parametrize("players", range(2, 11))
def test_C1_two_to_ten_players_deal_the_whole_deck(players: int) -> None:
    g = Game(OFFICIAL, players, 3)
    assert_deck_intact(g)
    assert sorted(g.seats) == list(range(players))


@pytest.mark.parametrize("players", [0, 1, 11])
def test_C1_fewer_than_two_or_more_than_ten_players_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        Game(OFFICIAL, players, 1)


# ---------------------------------------------------------------------------- C-2


def check_dealer_draw(g: Game) -> E.DealerChosen:
    chosen = kinds(g.initial_events, E.DealerChosen)
    assert len(chosen) == 1
    dc = chosen[0]
    drawing = sorted(g.seats)
    for rnd in dc.draws:
        assert sorted(p for p, _ in rnd) == drawing  # exactly the tied players redraw
        best = max(dealer_value(c) for _, c in rnd)
        drawing = sorted(p for p, c in rnd if dealer_value(c) == best)
    assert drawing == [dc.dealer]  # the last round has one highest number
    assert len(dc.draws) >= 1
    assert kinds(g.initial_events, E.HandStarted)[0].dealer == dc.dealer == g.match.dealer
    return dc


def test_C2_highest_number_deals_over_many_seeds() -> None:
    multi_round = 0
    for seed in range(400):
        g = Game(OFFICIAL, 2 + seed % 9, seed)
        dc = check_dealer_draw(g)
        multi_round += len(dc.draws) > 1
    assert multi_round > 20  # ties are common enough that the redraw path was exercised


def test_C2_ties_redraw_among_the_tied_only() -> None:
    for seed in range(2000):
        g = Game(OFFICIAL, 6, seed)
        dc = kinds(g.initial_events, E.DealerChosen)[0]
        first = dc.draws[0]
        best = max(dealer_value(c) for _, c in first)
        tied = sorted(p for p, c in first if dealer_value(c) == best)
        if 1 < len(tied) < 6:
            break
    else:
        raise AssertionError("no seed with a partial tie")
    assert sorted(p for p, _ in dc.draws[1]) == tied
    assert dc.dealer in tied
    check_dealer_draw(g)


def test_C2_action_cards_count_zero() -> None:
    """Two players who drew action cards of different ranks (or an action card and a 0)
    are tied at 0 and redraw; a 1 beats any action card."""
    tie_seed = beat_seed = None
    for seed in range(3000):
        g = Game(OFFICIAL, 2, seed)
        first = kinds(g.initial_events, E.DealerChosen)[0].draws[0]
        (_, a), (_, b) = first
        if tie_seed is None and a.rank != b.rank and a.is_action and dealer_value(b) == 0:
            tie_seed = seed
        if beat_seed is None and a.is_action and b.is_number and b.rank >= 1:
            beat_seed = seed
        if tie_seed is not None and beat_seed is not None:
            break
    assert tie_seed is not None and beat_seed is not None
    dc = check_dealer_draw(Game(OFFICIAL, 2, tie_seed))
    assert len(dc.draws) >= 2  # tied at 0 although the ranks differ
    dc = check_dealer_draw(Game(OFFICIAL, 2, beat_seed))
    (_, _), (pb, _) = dc.draws[0]
    assert len(dc.draws) == 1 and dc.dealer == pb  # the number beats the action card


def test_C2_random_dealer_setting_has_no_draw() -> None:
    rs = replace(OFFICIAL, dealer_draw=False)
    dealers = set()
    for seed in range(40):
        g = Game(rs, 4, seed)
        (dc,) = kinds(g.initial_events, E.DealerChosen)
        assert dc.draws == ()
        assert dc.dealer == g.match.dealer
        dealers.add(dc.dealer)
    assert dealers == {0, 1, 2, 3}


# ---------------------------------------------------------------------------- C-3


@pytest.mark.parametrize("players", [2, 4, 7, 10])
def test_C3_deal_seven_each_rest_is_draw_pile_left_of_dealer_starts(players: int) -> None:
    _, g = first_card_game(Rank.FIVE, players)
    assert [len(g.hands[p]) for p in range(players)] == [7] * players
    assert len(g.discard) == 1 and g.top.rank == Rank.FIVE
    assert len(g.draw_pile) == 108 - 7 * players - 1
    dealer = g.match.dealer
    first = g.seats[(g.seats.index(dealer) + 1) % players]
    assert g.direction == 1
    assert (g.to_act, g.decision) == (first, Decision.TURN)
    evs = g.initial_events
    assert [type(e) for e in evs] == [
        E.MatchStarted,
        E.DealerChosen,
        E.HandStarted,
        E.FirstCard,
        E.TurnStarted,
    ]
    assert evs[-1] == E.TurnStarted(first)
    assert evs[2] == E.HandStarted(1, dealer, tuple(range(players)))
    assert g.colour == g.top.colour


def test_C3_play_goes_clockwise() -> None:
    g = build(["R1 R2 G9", "R3 R4 G9", "R5 R6 Y9", "R7 R8 Y9"], "R0", turn=0)
    assert g.match.dealer == 3
    for p, c in [(0, "R1"), (1, "R3"), (2, "R5"), (3, "R7"), (0, "R2")]:
        assert g.to_act == p
        ev = g.apply(Play(p, Card.parse(c)))
        assert ev == [E.CardPlayed(p, Card.parse(c)), E.TurnStarted((p + 1) % 4)]


# ---------------------------------------------------------------------------- C-4


def test_C4_first_card_wd4_is_put_back_and_another_turned() -> None:
    for seed in range(3000):
        g = Game(OFFICIAL, 4, seed)
        fc = kinds(g.initial_events, E.FirstCard)[0]
        if fc.returned:
            break
    else:
        raise AssertionError("no seed turns a Wild Draw Four first")
    assert all(c == Card.parse("W+4") for c in fc.returned)
    assert fc.card.rank != Rank.WILD_DRAW_FOUR
    assert g.discard == [fc.card]  # the WD4 went back into the draw pile
    assert Card.parse("W+4") not in g.discard
    assert len(g.draw_pile) == 108 - 28 - 1
    assert_deck_intact(g)


def test_C4_first_card_wild_first_player_names_colour_then_plays() -> None:
    g = fresh(Rank.WILD)
    first = g.next_player(g.match.dealer)
    assert (g.to_act, g.decision) == (first, Decision.COLOUR)
    assert not kinds(g.initial_events, E.TurnStarted)
    assert g.legal_actions() == [ChooseColour(first, c) for c in Colour]
    ev = g.apply(ChooseColour(first, Colour.BLUE))
    assert ev == [E.ColourChosen(first, Colour.BLUE), E.TurnStarted(first)]
    assert (g.to_act, g.decision, g.colour) == (first, Decision.TURN, Colour.BLUE)
    plays = {a.card for a in g.legal_actions(first) if isinstance(a, Play)}
    assert plays == {c for c in g.hands[first] if c.colour == Colour.BLUE or c.is_wild}


def test_C4_first_card_draw_two_first_player_draws_two_and_is_skipped() -> None:
    g = fresh(Rank.DRAW_TWO)
    dealer = g.match.dealer
    first, second = g.next_player(dealer), g.next_player(dealer, 2)
    evs = list(g.initial_events)
    drawn = kinds(evs, E.CardsDrawn)
    assert len(drawn) == 1 and drawn[0].player == first and drawn[0].count == 2
    assert drawn[0].reason == "first_card"
    assert evs[-2:] == [E.TurnSkipped(first), E.TurnStarted(second)]
    assert len(g.hands[first]) == 9 and set(drawn[0].cards) <= set(g.hands[first])
    assert (g.to_act, g.decision) == (second, Decision.TURN)
    assert len(g.draw_pile) == 108 - 28 - 1 - 2


def test_C4_first_card_reverse_dealer_plays_first_counter_clockwise() -> None:
    g = fresh(Rank.REVERSE)
    dealer = g.match.dealer
    assert g.direction == -1
    assert kinds(g.initial_events, E.DirectionChanged) == [E.DirectionChanged(False)]
    assert g.initial_events[-1] == E.TurnStarted(dealer)
    assert g.to_act == dealer
    # The next player is the one on the dealer's right.
    assert g.next_player(dealer) == (dealer - 1) % 4


def test_C4_first_card_skip_first_player_is_skipped() -> None:
    g = fresh(Rank.SKIP)
    dealer = g.match.dealer
    first, second = g.next_player(dealer), g.next_player(dealer, 2)
    assert g.initial_events[-2:] == (E.TurnSkipped(first), E.TurnStarted(second))
    assert g.to_act == second and g.direction == 1
    assert len(g.hands[first]) == 7


@pytest.mark.parametrize("rank", [Rank.ZERO, Rank.SEVEN])
def test_C4_first_card_number_has_no_effect(rank: Rank) -> None:
    g = fresh(rank)
    assert g.to_act == g.next_player(g.match.dealer)
    assert not kinds(g.initial_events, E.TurnSkipped)
    assert all(len(g.hands[p]) == 7 for p in range(4))
