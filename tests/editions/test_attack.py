"""UNO Attack (RULES.md section A): the launcher, Hit 2, Wild Hit 4, Attack-Attack,
Discard All, the Wild Customizable, first cards and two-player rules.

Positions are built exactly (``helpers.build``) and the launcher's next outcomes are
scripted (``launcher.script``: 0 a dud, k a burst of k), so each test knows what fires.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.editions.attack.rules import CUSTOM_EFFECTS
from game.rules import events as E
from game.rules import new_game
from game.rules.actions import (
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    PickPlayer,
    Play,
    PressLauncher,
)
from game.rules.cards import COLOUR_OF, Colour, Rank
from game.rules.engine import Decision, Game
from game.rules.position import dump, load
from game.rules.ruleset import MatchKind

from .helpers import (
    C,
    assert_deck_intact,
    assert_illegal,
    build,
    first_card,
    kinds,
    only,
    pressed_by,
    ruleset,
    seed_where,
)

R, Y, G, B = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE


def attack(hands: list[str], pile: str, **kw: object) -> Game:
    return build("attack", hands, pile, **kw)


# ---------------------------------------------------------------------- A-1 deck


def test_A1_deck_has_112_cards_of_the_jurassic_world_set() -> None:
    deck = Counter(ruleset("attack").cards())
    assert sum(deck.values()) == 112
    by_rank = Counter()
    for c, n in deck.items():
        by_rank[c.rank] += n
    assert sum(by_rank[Rank(n)] for n in range(1, 10)) == 72
    assert by_rank[Rank.ZERO] == 0
    assert by_rank[Rank.REVERSE] == 4 and by_rank[Rank.SKIP] == 8
    assert by_rank[Rank.HIT_TWO] == 8 and by_rank[Rank.DISCARD_ALL] == 8
    assert by_rank[Rank.WILD] == 4 and by_rank[Rank.WILD_ATTACK_ATTACK] == 4
    assert by_rank[Rank.WILD_CUSTOMIZABLE] == 3 and by_rank[Rank.WILD_HIT_FOUR] == 1
    assert by_rank[Rank.DRAW_TWO] == 0 and by_rank[Rank.WILD_DRAW_FOUR] == 0
    for colour in "RYGB":
        assert deck[C(colour + "R")] == 1 and deck[C(colour + "DA")] == 2


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_A8_players_choose_how_many_customizable_cards_are_in_the_deck(count: int) -> None:
    deck = Counter(ruleset("attack", {"custom_count": count}).cards())
    assert deck[C("WCU")] == count
    assert sum(deck.values()) == 109 + count


# ---------------------------------------------------------------------- A-2 launcher


def test_A2_a_press_that_fires_gives_the_burst_to_the_presser_and_ends_the_turn() -> None:
    g = attack(["Y5 B1", "G1 G2", "Y1 Y2"], "R9", draw_top="R3 R4 R7")
    g.launcher.script = [2]
    ev = g.apply(PressLauncher(0))
    assert ev == [
        E.LauncherPressed(0, (C("R3"), C("R4")), 2, 0, "turn"),
        E.TurnStarted(1),
    ]
    assert g.hands[0] == [C("Y5"), C("B1"), C("R3"), C("R4")]
    assert g.draw_pile[-1] == C("R7") and g.launcher.presses == 0
    assert_deck_intact(g)


def test_A2_cards_fired_cannot_be_played_this_turn_the_turn_ends() -> None:
    g = attack(["Y5 B1", "G1 G2", "Y1 Y2"], "R9", draw_top="R3")
    g.launcher.script = [1]
    g.apply(PressLauncher(0))
    assert C("R3") in g.hands[0] and g.to_act == 1 and g.decision is Decision.TURN
    assert g.drawn is None
    assert g.legal_actions(0) == []  # nothing to do with the fired R3 this turn
    err = assert_illegal(g, Play(0, C("R3")), "C-3")
    assert "turn" in err.message


def test_A2_what_fired_is_shown_to_the_presser_only_the_count_to_everyone() -> None:
    g = attack(["Y5 B1", "G1 G2", "Y1 Y2"], "R9", draw_top="R3 R4")
    g.launcher.script = [2]
    (pressed, _) = g.apply(PressLauncher(0))
    assert E.redact(pressed, 0) == pressed
    assert E.redact(pressed, 1) == E.LauncherPressed(0, (), 2, 0, "turn")


def test_A2_a_dud_fires_nothing_counts_the_press_and_ends_the_turn() -> None:
    g = attack(["Y5 B1", "G1 G2", "Y1 Y2"], "R9", presses=1)
    g.launcher.script = [0]
    pile = len(g.draw_pile)
    ev = g.apply(PressLauncher(0))
    assert ev == [E.LauncherPressed(0, (), 0, 2, "turn"), E.TurnStarted(1)]
    assert g.hands[0] == [C("Y5"), C("B1")] and len(g.draw_pile) == pile
    assert g.launcher.presses == 2
    assert "unit=launcher:2:" in dump(g)


def test_A2_a_fire_resets_the_press_count() -> None:
    g = attack(["Y5 B1", "G1 G2", "Y1 Y2"], "R9", presses=3, draw_top="B3")
    g.launcher.script = [1]
    (pressed, _) = g.apply(PressLauncher(0))
    assert pressed == E.LauncherPressed(0, (C("B3"),), 1, 0, "turn")
    assert g.launcher.presses == 0


def test_A2_the_fourth_press_without_a_fire_always_fires() -> None:
    """Three duds in a row: the next press fires whatever the RNG says (p = 1.0)."""
    g = attack(["Y5 B1", "G1 G2", "Y1 Y2"], "R9", presses=3)
    for seed in range(50):
        g.rng.seed(seed)
        g.launcher.presses = 3
        assert g.launcher.outcome(g.rng, 100) > 0


def test_A2_an_empty_launcher_reloads_from_the_discard_pile_keeping_its_top() -> None:
    g = attack(["Y5 B1", "G1 G2", "Y1 Y2"], "R9", rest="discard", presses=2)
    assert g.draw_pile == []
    under = len(g.discard) - 1
    g.launcher.script = [0]  # after the reload the count restarts: 0 -> 1, not 2 -> 3
    ev = g.apply(PressLauncher(0))
    assert ev == [E.Reshuffled(under), E.LauncherPressed(0, (), 0, 1, "turn"), E.TurnStarted(1)]
    assert g.discard == [C("R9")] and len(g.draw_pile) == under
    assert_deck_intact(g)


def test_A2_a_burst_is_capped_at_what_is_loaded_and_never_continues_across_a_reload() -> None:
    g = attack(["Y5 B1", "G1 G2", "Y1 Y2"], "R9", rest="discard", draw_top="G7 G8")
    assert len(g.draw_pile) == 2
    g.launcher.script = [9]
    ev = g.apply(PressLauncher(0))
    assert ev == [E.LauncherPressed(0, (C("G7"), C("G8")), 2, 0, "turn"), E.TurnStarted(1)]
    assert g.draw_pile == [] and len(g.discard) > 1  # no reload in the middle of the burst
    assert not kinds(ev, E.Reshuffled)


def test_A2_a_press_with_nothing_loaded_and_nothing_to_reload_is_a_dud() -> None:
    g = attack(["Y5 B1", "G1 G2", "Y1 Y2"], "R9", rest=2)
    g.launcher.script = [4]
    ev = g.apply(PressLauncher(0))
    assert ev == [E.LauncherPressed(0, (), 0, 1, "turn"), E.TurnStarted(1)]


# ----------------------------------------------------------------------


def test_A3_cannot_play_press_once_there_is_no_draw_action() -> None:
    g = attack(["Y5 B1 B3", "G1 G2", "Y1 Y2"], "R9")
    assert g.legal_actions(0) == [PressLauncher(0)]
    assert_illegal(g, Draw(0), "C-3")


def test_A3_reneging_a_player_may_press_instead_of_playing() -> None:
    g = attack(["R5 B1 B3", "G1 G2", "Y1 Y2"], "R9")
    assert set(g.legal_actions(0)) == {Play(0, C("R5")), PressLauncher(0)}
    g.launcher.script = [0]
    g.apply(PressLauncher(0))
    assert g.to_act == 1 and C("R5") in g.hands[0]


# ----------------------------------------------------------------------


def test_A4_hit_two_next_player_presses_twice_and_loses_the_turn() -> None:
    g = attack(["RH2 B1", "G1 G2", "Y1 Y2", "B5 B6"], "R9", draw_top="Y7 Y8 Y9")
    g.launcher.script = [0, 2]
    ev = g.apply(Play(0, C("RH2")))
    assert ev == [
        E.CardPlayed(0, C("RH2")),
        E.LauncherPressed(1, (), 0, 1, "hit_two"),
        E.LauncherPressed(1, (C("Y7"), C("Y8")), 2, 0, "hit_two"),
        E.TurnSkipped(1),
        E.TurnStarted(2),
    ]
    assert g.hands[1] == [C("G1"), C("G2"), C("Y7"), C("Y8")]
    assert g.top == C("RH2") and g.to_act == 2


def test_A4_hit_two_is_matched_by_colour_or_by_another_hit_two() -> None:
    g = attack(["GH2 B1", "G1 G2", "Y1 Y2"], "RH2")
    assert Play(0, C("GH2")) in g.legal_actions(0)
    g = attack(["GH2 B1", "G1 G2", "Y1 Y2"], "R9")
    assert_illegal(g, Play(0, C("GH2")), "C-5")


def test_A5_wild_hit_four_names_a_colour_next_presses_four_times_no_challenge() -> None:
    # Player 0 holds red (the colour in force): Wild Hit 4 has no legality restriction.
    g = attack(["WH4 R1 R2", "G1 G2", "Y1 Y2", "B5 B6"], "R9", draw_top="B1 B2 B3")
    assert Play(0, C("WH4")) in g.legal_actions(0)
    assert g.apply(Play(0, C("WH4"))) == [E.CardPlayed(0, C("WH4"))]
    assert g.decision is Decision.COLOUR and g.to_act == 0
    g.launcher.script = [1, 0, 2, 0]
    ev = g.apply(ChooseColour(0, G))
    assert ev == [
        E.ColourChosen(0, G),
        E.LauncherPressed(1, (C("B1"),), 1, 0, "wild_hit_four"),
        E.LauncherPressed(1, (), 0, 1, "wild_hit_four"),
        E.LauncherPressed(1, (C("B2"), C("B3")), 2, 0, "wild_hit_four"),
        E.LauncherPressed(1, (), 0, 1, "wild_hit_four"),
        E.TurnSkipped(1),
        E.TurnStarted(2),
    ]
    assert g.colour == G and g.to_act == 2 and g.decision is Decision.TURN
    assert Challenge(1) not in g.legal_actions(1)
    assert_illegal(g, Challenge(1), "C-3")


# ----------------------------------------------------------------------


def test_A6_attack_attack_names_colour_and_victim_who_presses_twice_play_after_victim() -> None:
    g = attack(["WAA R1 R2", "G1 G2", "Y1 Y2", "B5 B6"], "R9", draw_top="G7 G8 G9")
    g.apply(Play(0, C("WAA")))
    ev = g.apply(ChooseColour(0, Y))
    assert ev == [E.ColourChosen(0, Y)]
    assert g.decision is Decision.PICK_PLAYER and g.to_act == 0
    assert set(g.legal_actions(0)) == {PickPlayer(0, 1), PickPlayer(0, 2), PickPlayer(0, 3)}
    assert_illegal(g, PickPlayer(0, 0), "A-6")
    g.launcher.script = [3, 0]
    ev = g.apply(PickPlayer(0, 2))
    assert ev == [
        E.PlayerPicked(0, 2),
        E.LauncherPressed(2, (C("G7"), C("G8"), C("G9")), 3, 0, "attack_attack"),
        E.LauncherPressed(2, (), 0, 1, "attack_attack"),
        E.TurnStarted(3),
    ]
    assert g.hands[2] == [C("Y1"), C("Y2"), C("G7"), C("G8"), C("G9")]  # the victim keeps them
    assert g.colour == Y and g.to_act == 3


def test_A6_attack_attack_on_the_last_player_before_you_comes_back_to_you() -> None:
    g = attack(["WAA R1 R2", "G1 G2", "Y1 Y2", "B5 B6"], "R9")
    g.apply(Play(0, C("WAA")))
    g.apply(ChooseColour(0, Y))
    g.launcher.script = [0, 0]
    ev = g.apply(PickPlayer(0, 3))
    assert ev[-1] == E.TurnStarted(0)


def test_A6_attack_attack_as_a_last_card_is_still_played_victim_presses_then_out() -> None:
    g = attack(["WAA", "G1 G2", "Y1 Y2", "B5 B6"], "R9", draw_top="G7 R8",
               rules={"match": MatchKind.SINGLE_HAND})
    ev = g.apply(Play(0, C("WAA")))
    assert ev == [E.CardPlayed(0, C("WAA"))]
    assert g.decision is Decision.PICK_PLAYER and g.to_act == 0
    assert not kinds(ev, E.HandEnded)
    g.launcher.script = [2, 0]
    ev = g.apply(PickPlayer(0, 1))
    assert ev[:3] == [
        E.PlayerPicked(0, 1),
        E.LauncherPressed(1, (C("G7"), C("R8")), 2, 0, "attack_attack"),
        E.LauncherPressed(1, (), 0, 1, "attack_attack"),
    ]
    ended = only(ev, E.HandEnded)
    # The victim's fired cards count: G1 G2 G7 R8 = 18; Y1 Y2 = 3; B5 B6 = 11.
    assert ended.winner == 0 and ended.points == 18 + 3 + 11
    assert g.over


# ----------------------------------------------------------------------


def test_A7_discard_all_sheds_every_card_of_its_colour_discard_all_on_top() -> None:
    g = attack(["GDA G1 Y3 G5 GDA G9", "B1 B2", "Y1 Y2"], "G4")
    ev = g.apply(Play(0, C("GDA")))
    assert ev[0] == E.CardsDiscarded(0, (C("G1"), C("G5"), C("GDA"), C("G9")), "discard_all")
    assert ev[1] == E.CardPlayed(0, C("GDA"))
    assert ev[2:] == [E.TurnStarted(1)]
    assert g.hands[0] == [C("Y3")]
    assert g.discard[-5:] == [C("G1"), C("G5"), C("GDA"), C("G9"), C("GDA")]
    assert g.uno_open == [0]  # one card left: UNO is owed (C-12)
    assert_deck_intact(g)


def test_A7_discard_all_may_be_played_on_another_discard_all() -> None:
    g = attack(["BDA B2 Y3", "G1 G2", "Y1 Y2"], "RDA")
    assert Play(0, C("BDA")) in g.legal_actions(0)
    g.apply(Play(0, C("BDA")))
    assert g.hands[0] == [C("Y3")] and g.top == C("BDA") and g.colour == B


def test_A7_discard_all_may_take_a_player_out() -> None:
    g = attack(["RDA R1 R7", "G1 G2", "Y1 Y2"], "R9", rules={"match": MatchKind.SINGLE_HAND})
    ev = g.apply(Play(0, C("RDA")))
    assert ev[:2] == [
        E.CardsDiscarded(0, (C("R1"), C("R7")), "discard_all"),
        E.CardPlayed(0, C("RDA")),
    ]
    ended = only(ev, E.HandEnded)
    assert ended.winner == 0 and ended.points == 3 + 3
    assert g.over


# ----------------------------------------------------------------------


def custom(effect: str, hand: str = "WCU R1 R2") -> Game:
    return attack([hand, "G1 G2", "Y1 Y2", "B5 B6"], "R9", draw_top="G7 G8 G9 Y9",
                  rules={"custom_effect": effect})


def test_A8_customizable_everyone_else_presses_once_then_the_next_player_plays() -> None:
    g = custom("everyone_presses")
    g.apply(Play(0, C("WCU")))
    g.launcher.script = [1, 0, 2]
    ev = g.apply(ChooseColour(0, B))
    assert ev == [
        E.ColourChosen(0, B),
        E.CustomEffect(0, "everyone_presses"),
        E.LauncherPressed(1, (C("G7"),), 1, 0, "customizable"),
        E.LauncherPressed(2, (), 0, 1, "customizable"),
        E.LauncherPressed(3, (C("G8"), C("G9")), 2, 0, "customizable"),
        E.TurnStarted(1),
    ]
    assert g.colour == B and g.hands[0] == [C("R1"), C("R2")]


def test_A8_customizable_swap_hands_with_a_chosen_player_then_the_next_plays() -> None:
    g = custom("swap_hands")
    g.apply(Play(0, C("WCU")))
    ev = g.apply(ChooseColour(0, B))
    assert ev == [E.ColourChosen(0, B), E.CustomEffect(0, "swap_hands")]
    assert g.decision is Decision.PICK_PLAYER and g.to_act == 0
    ev = g.apply(PickPlayer(0, 2))
    assert ev == [E.PlayerPicked(0, 2), E.HandsSwapped(0, 2), E.TurnStarted(1)]
    assert g.hands[0] == [C("Y1"), C("Y2")] and g.hands[2] == [C("R1"), C("R2")]
    assert_deck_intact(g)


def test_A8_customizable_a_chosen_player_presses_twice_then_the_next_plays() -> None:
    g = custom("chosen_presses_twice")
    g.apply(Play(0, C("WCU")))
    g.apply(ChooseColour(0, B))
    g.launcher.script = [2, 1]
    ev = g.apply(PickPlayer(0, 3))
    assert ev == [
        E.PlayerPicked(0, 3),
        E.LauncherPressed(3, (C("G7"), C("G8")), 2, 0, "customizable"),
        E.LauncherPressed(3, (C("G9"),), 1, 0, "customizable"),
        E.TurnStarted(1),
    ]


def test_A8_customizable_skip_everyone_the_player_plays_again() -> None:
    g = custom("skip_everyone")
    g.apply(Play(0, C("WCU")))
    ev = g.apply(ChooseColour(0, R))
    assert ev == [E.ColourChosen(0, R), E.CustomEffect(0, "skip_everyone"), E.TurnStarted(0)]
    assert g.to_act == 0 and g.decision is Decision.TURN
    assert Play(0, C("R1")) in g.legal_actions(0)


def test_A8_customizable_plain_wild_is_only_a_wild() -> None:
    g = custom("plain")
    g.apply(Play(0, C("WCU")))
    ev = g.apply(ChooseColour(0, G))
    assert ev == [E.ColourChosen(0, G), E.CustomEffect(0, "plain"), E.TurnStarted(1)]
    assert [len(h) for h in g.hands] == [2, 2, 2, 2]


def test_A8_every_coded_effect_is_covered_here() -> None:
    assert set(CUSTOM_EFFECTS) == {
        "everyone_presses", "swap_hands", "chosen_presses_twice", "skip_everyone", "plain"
    }


def test_A8_customizable_as_last_card_others_still_press_then_the_hand_ends() -> None:
    g = custom("everyone_presses", hand="WCU")
    g.launcher.script = [1, 1, 1]
    ev = g.apply(Play(0, C("WCU")))
    assert [e.player for e in kinds(ev, E.LauncherPressed)] == [1, 2, 3]
    assert only(ev, E.HandEnded).winner == 0


# ----------------------------------------------------------------------


def test_A9_caught_without_calling_uno_press_twice() -> None:
    g = attack(["R5 B1", "R1 G2", "Y1 Y2"], "R9", draw_top="Y4 Y5 Y6")
    g.apply(Play(0, C("R5")))
    assert g.uno_open == [0]
    g.launcher.script = [2, 0]
    ev = g.apply(Catch(2, 0))
    assert ev == [
        E.UnoCaught(2, 0),
        E.LauncherPressed(0, (C("Y4"), C("Y5")), 2, 0, "uno_penalty"),
        E.LauncherPressed(0, (), 0, 1, "uno_penalty"),
    ]
    assert g.hands[0] == [C("B1"), C("Y4"), C("Y5")] and g.uno_open == []


def test_A9_a_player_who_called_uno_is_safe() -> None:
    g = attack(["R5 B1", "R1 G2", "Y1 Y2"], "R9")
    g.apply(CallUno(0))
    g.apply(Play(0, C("R5")))
    assert g.uno_open == []
    assert g.apply(Catch(2, 0)) == [E.CatchMissed(2, 0)]


# ---------------------------------------------------------------------- A-10 first card


def first_game(rank: Rank, players: int = 4, **rules: object) -> tuple[int, Game]:
    return seed_where(
        "attack", players, lambda g: first_card(g).rank == rank, rules=rules or None
    )


def test_A10_first_card_reverse_dealer_plays_first_counter_clockwise() -> None:
    _, g = first_game(Rank.REVERSE)
    assert g.direction == -1 and g.to_act == g.match.dealer
    assert kinds(g.initial_events, E.DirectionChanged) == [E.DirectionChanged(False)]
    assert g.initial_events[-1] == E.TurnStarted(g.match.dealer)


def test_A10_first_card_skip_first_player_is_skipped() -> None:
    _, g = first_game(Rank.SKIP)
    first = g.next_player(g.match.dealer)
    assert kinds(g.initial_events, E.TurnSkipped) == [E.TurnSkipped(first)]
    assert g.to_act == g.next_player(first) and g.direction == 1


@pytest.mark.parametrize("rank", [Rank.WILD, Rank.WILD_CUSTOMIZABLE])
def test_A10_first_card_wild_or_customizable_first_player_names_colour_then_plays(
    rank: Rank,
) -> None:
    _, g = first_game(rank, custom_effect="everyone_presses")
    first = g.next_player(g.match.dealer)
    assert g.to_act == first and g.decision is Decision.COLOUR
    sizes = [len(h) for h in g.hands]
    ev = g.apply(ChooseColour(first, G))
    # The customizable effect does not apply: nobody presses, no CustomEffect.
    assert ev == [E.ColourChosen(first, G), E.TurnStarted(first)]
    assert [len(h) for h in g.hands] == sizes
    assert g.to_act == first and g.decision is Decision.TURN and g.colour == G


@pytest.mark.parametrize("victim_steps", [1, 2, 3])
def test_A10_first_card_attack_attack_victim_presses_twice_player_after_first_starts(
    victim_steps: int,
) -> None:
    _, g = first_game(Rank.WILD_ATTACK_ATTACK)
    first = g.next_player(g.match.dealer)
    assert g.to_act == first and g.decision is Decision.COLOUR
    g.apply(ChooseColour(first, R))
    assert g.decision is Decision.PICK_PLAYER and g.to_act == first
    victim = g.next_player(first, victim_steps)
    g.launcher.script = [1, 1]
    ev = g.apply(PickPlayer(first, victim))
    presses = kinds(ev, E.LauncherPressed)
    assert [(e.player, e.count, e.reason) for e in presses] == [(victim, 1, "attack_attack")] * 2
    assert len(g.hands[victim]) == 9
    # Whoever the victim was, the player after the first player starts.
    assert ev[-1] == E.TurnStarted(g.next_player(first)) and g.colour == R


def test_A10_position_text_round_trips_while_the_first_player_picks_a_victim() -> None:
    _, g = first_game(Rank.WILD_ATTACK_ATTACK, players=3)
    first = g.next_player(g.match.dealer)
    g.apply(ChooseColour(first, B))
    text = dump(g)
    assert ":first_attack:" in text
    again = load(text)
    assert dump(again) == text
    again.launcher.script = [0, 0]
    victim = g.next_player(first, 2)
    assert again.apply(PickPlayer(first, victim))[-1] == E.TurnStarted(g.next_player(first))


def test_A10_first_card_discard_all_ordinary_first_turn_on_that_colour() -> None:
    _, g = first_game(Rank.DISCARD_ALL)
    top = first_card(g)
    first = g.next_player(g.match.dealer)
    assert g.to_act == first and g.decision is Decision.TURN
    assert g.colour == COLOUR_OF[top]
    assert not kinds(g.initial_events, E.TurnSkipped)
    assert all(len(h) == 7 for h in g.hands)
    # Another Discard All (any colour) may be played on it.
    other = next(c for c in g.ruleset.cards() if c.rank == Rank.DISCARD_ALL and c != top)
    assert g.fits(other)


def test_A10_first_card_hit_two_first_player_presses_twice_next_player_starts() -> None:
    _, g = first_game(Rank.HIT_TWO)
    first = g.next_player(g.match.dealer)
    presses = kinds(g.initial_events, E.LauncherPressed)
    assert [(e.player, e.reason) for e in presses] == [(first, "hit_two")] * 2
    assert len(g.hands[first]) == 7 + sum(e.count for e in presses)
    assert g.to_act == g.next_player(first) and g.decision is Decision.TURN


def test_A10_first_card_wild_hit_four_first_presses_four_next_names_colour_then_plays() -> None:
    _, g = first_game(Rank.WILD_HIT_FOUR)
    first = g.next_player(g.match.dealer)
    presses = kinds(g.initial_events, E.LauncherPressed)
    assert [(e.player, e.reason) for e in presses] == [(first, "wild_hit_four")] * 4
    nxt = g.next_player(first)
    assert g.to_act == nxt and g.decision is Decision.COLOUR
    ev = g.apply(ChooseColour(nxt, Y))
    assert ev == [E.ColourChosen(nxt, Y), E.TurnStarted(nxt)]


def test_A10_first_card_number_left_of_dealer_starts_normally() -> None:
    _, g = seed_where("attack", 3, lambda g: first_card(g).is_number)
    assert g.to_act == g.next_player(g.match.dealer) and g.direction == 1


# ---------------------------------------------------------------------- A-11 two players


@pytest.mark.parametrize("card", ["RR", "RS"])
def test_A11_two_players_reverse_and_skip_play_again(card: str) -> None:
    g = attack([f"{card} B1 B2", "G1 G2"], "R9")
    ev = g.apply(Play(0, C(card)))
    assert ev[-2:] == [E.TurnSkipped(1), E.TurnStarted(0)]
    assert g.to_act == 0


def test_A11_two_players_after_hit_two_play_comes_back() -> None:
    g = attack(["RH2 B1 B2", "G1 G2"], "R9")
    g.launcher.script = [0, 1]
    ev = g.apply(Play(0, C("RH2")))
    assert [e.player for e in kinds(ev, E.LauncherPressed)] == [1, 1]
    assert ev[-2:] == [E.TurnSkipped(1), E.TurnStarted(0)]


def test_A11_two_players_after_wild_hit_four_play_comes_back() -> None:
    g = attack(["WH4 B1 B2", "G1 G2"], "R9")
    g.apply(Play(0, C("WH4")))
    g.launcher.script = [0, 0, 1, 0]
    ev = g.apply(ChooseColour(0, B))
    assert [e.player for e in kinds(ev, E.LauncherPressed)] == [1] * 4
    assert ev[-2:] == [E.TurnSkipped(1), E.TurnStarted(0)]


def test_A11_two_players_attack_attack_victim_is_the_opponent_then_back_to_you() -> None:
    g = attack(["WAA B1 B2", "G1 G2"], "R9")
    g.apply(Play(0, C("WAA")))
    g.apply(ChooseColour(0, B))
    assert g.legal_actions(0) == [PickPlayer(0, 1)]
    g.launcher.script = [0, 0]
    assert g.apply(PickPlayer(0, 1))[-1] == E.TurnStarted(0)


# ----------------------------------------------------------------------


def test_A12_card_values_and_match_to_500() -> None:
    rs = ruleset("attack")
    assert rs.match is MatchKind.STANDARD and rs.target == 500
    for text, value in [
        ("R7", 7), ("RR", 20), ("RS", 20), ("RH2", 20), ("RDA", 30),
        ("W", 50), ("WH4", 50), ("WAA", 50), ("WCU", 50),
    ]:
        assert rs.value(C(text)) == value, text


def test_A12_the_winner_scores_the_values_left_in_opponents_hands() -> None:
    g = attack(["R5", "RDA WAA Y3", "GH2 BR"], "R9", scores=[0, 0, 0])
    ev = g.apply(Play(0, C("R5")))
    ended = only(ev, E.HandEnded)
    assert ended.points == 30 + 50 + 3 + 20 + 20
    assert ended.scores[0] == 123


# ---------------------------------------------------------------------- position text


def test_A2_position_text_round_trips_mid_attack_attack_pick() -> None:
    g = attack(["WAA", "G1 G2", "Y1 Y2"], "R9", presses=2)
    g.apply(Play(0, C("WAA")))
    text = dump(g)
    assert "unit=launcher:2:attack:0" in text
    assert dump(load(text)) == text
    h = load(text)
    h.launcher.script = [0, 0]
    assert only(h.apply(PickPlayer(0, 1)), E.HandEnded).winner == 0


def test_A2_new_games_of_every_size_hold_the_whole_deck() -> None:
    for players in range(2, 11):
        g = new_game(ruleset("attack"), players, players)
        assert_deck_intact(g)
        assert len(pressed_by(g.initial_events, 0)) <= 4


def test_A8_position_text_round_trips_a_customizable_effect() -> None:
    g = new_game(ruleset("attack", {"custom_effect": "swap_hands"}), 3, 1)
    text = dump(g)
    assert "custom_effect:swap_hands" in text
    assert load(text).ruleset.custom_effect == "swap_hands"
    assert dump(load(text)) == text
