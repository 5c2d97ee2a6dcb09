"""Card counting and inference from the view (game.bots.beliefs)."""

from __future__ import annotations

from game.bots.beliefs import Tracker
from game.bots.opponent import RANK_KEY, WILD_KEY, p_holds
from game.rules.actions import Accept, Challenge, ChooseColour, Draw, Pass, Play
from game.rules.cards import Card, Colour
from game.rules.engine import Game
from game.rules.view import view
from tests.bots.helpers import build

C = Card.parse


def tracker(g: Game, p: int) -> Tracker:
    """A tracker that has seen the position before the moves of the test."""
    return Tracker().update(view(g, p))


def test_C9_a_player_who_drew_and_could_not_play_is_believed_void_in_the_colour() -> None:
    g = build(["R5 G7 B2", "Y3 Y4 G1"], "R1", turn=1, draw_top="B9")
    tr = tracker(g, 0)
    g.apply(Draw(1))  # B9 does not fit R1: the turn passes
    tr.update(view(g, 0))
    o = tr.opp[1]
    assert o.soft[0] == 0 and o.soft[RANK_KEY + 1] == 0 and o.soft[WILD_KEY] == 0
    assert o.soft[3] > 1000  # blue is unbounded
    assert tr.void_prob(1, 0) > 0.5
    assert tr.void_prob(1, 1) == 0.0


def test_C10_playing_a_colour_believed_void_drops_the_belief_and_marks_reneging() -> None:
    g = build(["R5 G7 B2 B3", "R3 Y4 G1"], "R1", turn=1, draw_top="B9")
    tr = tracker(g, 0)
    before = tr.stats[1].erratic
    g.apply(Draw(1))  # reneged: R3 was playable
    g.apply(Play(0, C("R5")))
    g.apply(Play(1, C("R3")))
    tr.update(view(g, 0))
    assert tr.opp[1].soft[0] > 1000
    assert tr.stats[1].erratic > before


def test_C9_a_kept_playable_drawn_card_counts_against_the_void() -> None:
    g = build(["R5 G7 B2", "Y3 Y4 G1"], "R1", turn=1, draw_top="R9")
    tr = tracker(g, 0)
    before = tr.stats[1].p_erratic
    g.apply(Draw(1))
    g.apply(Pass(1))  # kept a red card
    tr.update(view(g, 0))
    assert tr.opp[1].soft[0] == 1  # at most the one kept
    assert tr.stats[1].p_erratic > 2 * before  # careless-looking


def test_unseen_cards_add_up_to_the_hidden_places() -> None:
    g = build(["R5 G7 B2", "Y3 Y4 G1", "B5 B6"], "R1 R2", turn=0)
    v = view(g, 0)
    pool = Tracker().update(v).unseen(v)
    assert sum(pool.values()) == v.draw_pile_size + 3 + 2
    assert pool[C("R5")] == 1 and pool[C("R2")] == 1  # one R5 held, one R2 discarded


def test_C8_a_hand_shown_by_a_challenge_is_known_until_played() -> None:
    g = build(["R5 G7 B2 W+4", "Y3 Y4 G1"], "R1", turn=0)
    tr = tracker(g, 1)
    g.apply(Play(0, C("W+4")))  # a bluff: R5 is held
    g.apply(ChooseColour(0, Colour.BLUE))
    g.apply(Challenge(1))
    tr.update(view(g, 1))
    known = tr.known(0)
    assert known[C("R5")] == 1 and known[C("G7")] == 1 and known[C("B2")] == 1
    pool = tr.unseen(view(g, 1))
    assert pool[C("G7")] == 1  # the other G7 is still unseen


def test_C8_an_innocent_verdict_is_a_fact_for_everyone() -> None:
    g = build(["G7 B2 W+4", "Y3 Y4 G1", "R2 R3"], "R1", turn=0)
    tr = tracker(g, 2)
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.BLUE))
    g.apply(Challenge(1))
    tr.update(view(g, 2))  # a third player: hand not shown
    assert tr.opp[0].hard[0] == 0


def test_wd4_faced_and_challenges_are_counted() -> None:
    g = build(["G7 B2 W+4", "Y3 Y4 G1"], "R1", turn=0)
    tr = tracker(g, 0)
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.BLUE))
    g.apply(Accept(1))
    tr.update(view(g, 0))
    assert tr.stats[1].wd4_faced == 1 and tr.stats[1].challenges == 0


def test_hypergeometric_chance_to_hold() -> None:
    assert p_holds(10, 0, 3) == 0.0
    assert p_holds(10, 10, 1) == 1.0
    assert abs(p_holds(4, 1, 2) - 0.5) < 1e-9


def test_a_switch_that_leaves_one_card_says_nothing_of_its_colour() -> None:
    # Switching colours by number leans the hand to the new colour (a careful player
    # switches into a longer colour), but not when it leaves one card: in two-player
    # medium play the last card was then of the colour in force no more often than chance.
    g = build(["R5 G7 B2 Y9 G3", "R1 Y4"], "B1", turn=1)
    tr = tracker(g, 0)
    tr.stats[1].erratic = -20.0  # careful: any lean counts in full
    g.apply(Play(1, C("R1")))
    tr.update(view(g, 0))
    assert tr.lean(1) == [1.0, 1.0, 1.0, 1.0]
    g = build(["R5 G7 B2 Y9 G3", "R1 Y4 G8"], "B1", turn=1)
    tr = tracker(g, 0)
    tr.stats[1].erratic = -20.0
    g.apply(Play(1, C("R1")))
    tr.update(view(g, 0))
    assert tr.lean(1)[Colour.RED] > 1.2


def test_hand_sizes_follow_the_events_between_views_in_every_edition() -> None:
    # The tracker reads a player's hand size when they name or switch a colour, from the
    # events alone (a bot sees a view only on its own decisions): fed nothing but the
    # events, it must end with the sizes the view shows.
    from tests.bots.helpers import positions

    for ed, house in (("official", "stacking,seven_o,jump_in"), ("roboto", ""),
                      ("attack", "seven_o"), ("triple", ""), ("sonic", "stacking")):
        for players in (2, 4):
            for seed in range(2):
                tr: Tracker | None = None
                seen = 0
                for g in positions(ed, players, range(seed, seed + 1), every=7, house=house):
                    v = view(g, 0)
                    if tr is None:
                        tr, seen = Tracker().update(v), len(v.events)
                        continue
                    for e in v.events[seen:]:
                        tr._event(e)
                    seen = len(v.events)
                    assert tr.sizes == list(v.hand_sizes), (ed, house, players, seed)
