"""UNO Roboto (RULES.md section R): interruptions after plate presses, Surprise Commands,
covering, who continues, races, nicknames and going out on a command.

Roboto's next interruptions are scripted through ``unit.script`` (one entry per plate
press: an :class:`Interrupt` or ``None``). With ``since=0`` in the position, Roboto
cannot interrupt on his own for the next three plays (R-5), so unscripted plays in these
tests are plain.

Not tested here, because the engine has no behaviour for them: R-10's on-screen race
modes (family keys, reaction mini-game), R-12's unit buttons (repeat, volume, sleep beep,
"Try me"), R-13's kept names/nicknames and new house rule (set-up and UI), and the
recording of names (R-2) and nicknames (R-6b) themselves.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.bots.driver import MatchRunner
from game.bots.random_bot import RandomBot
from game.editions.roboto.rules import CHATTINESS, MIN_GAP, Interrupt, RobotoUnit
from game.rules import events as E
from game.rules import new_game
from game.rules.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Discard,
    Draw,
    NicknameGiven,
    Pass,
    Play,
    RaceFinished,
)
from game.rules.cards import Colour
from game.rules.engine import Decision, Game
from game.rules.position import dump, load
from game.rules.ruleset import FirstCard, MatchKind
from game.rules.view import PlayerView

from .helpers import (
    C,
    assert_deck_intact,
    assert_illegal,
    build,
    drawn_by,
    first_card,
    kinds,
    only,
    ruleset,
)

R, Y, G, B = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE
BOB, NICOLE, JEFF, ANN = 0, 1, 2, 3
ROBOTO = ruleset("roboto")


def roboto(hands: list[str], pile: str, **kw: object) -> Game:
    return build("roboto", hands, pile, **kw)


class ZeroRandom(random.Random):
    """An RNG whose ``random()`` is always 0.0: every eligible roll interrupts."""

    def random(self) -> float:
        return 0.0


# ---------------------------------------------------------------------- R-7 worked example


def test_R7_worked_example_nicoles_red_draw_two_covers_bobs_wd4_jeff_draws_two() -> None:
    """Source 000: Bob plays a WD4 and names blue; "Nicole, discard all your red cards!
    Jeff, your turn." Nicole's only red card is a Draw Two: it covers the WD4, so nobody
    draws 4; Jeff draws 2 and loses his turn."""
    g = roboto(["W+4 B5 B6", "R+2 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "G9",
               draw_top="Y7 Y8 Y9 B7")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    assert g.apply(Play(BOB, C("W+4"))) == [E.CardPlayed(BOB, C("W+4"))]
    ev = g.apply(ChooseColour(BOB, B))
    assert ev == [
        E.ColourChosen(BOB, B),
        E.RobotoInterrupts("discard_colour", (NICOLE,), R),
        E.CardsDiscarded(NICOLE, (C("R+2"),), "command"),
        E.RobotoNames(JEFF),
        E.CardsDrawn(JEFF, (C("Y7"), C("Y8")), "draw_two", 2),
        E.TurnSkipped(JEFF),
        E.TurnStarted(ANN),
    ]
    assert g.top == C("R+2") and g.discard[-2] == C("W+4")
    assert g.colour == R  # the Draw Two's colour is in force now
    assert [len(h) for h in g.hands] == [2, 2, 5, 3]  # nobody drew 4
    assert not [e for e in ev if isinstance(e, E.CardsDrawn) and e.count == 4]
    assert g.wd4 is None and g.decision is Decision.TURN and g.to_act == ANN
    assert_deck_intact(g)


def test_R7_wd4_left_on_top_the_named_player_may_challenge_or_accept() -> None:
    """Nicole holds no red: the WD4 stays on top and reaches Jeff, the player named to
    continue, as a C-8 decision (R-7): he may challenge it or accept it."""
    g = roboto(["W+4 B5 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "G9",
               draw_top="Y7 Y8 Y9 B7 B8")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    g.apply(Play(BOB, C("W+4")))
    ev = g.apply(ChooseColour(BOB, B))
    assert ev == [
        E.ColourChosen(BOB, B),
        E.RobotoInterrupts("discard_colour", (NICOLE,), R),
        E.RobotoNames(JEFF),
    ]
    assert g.top == C("W+4") and g.colour == B  # Bob's colour stands
    assert g.decision is Decision.CHALLENGE and g.to_act == JEFF
    assert set(g.legal_actions()) == {Challenge(JEFF), Accept(JEFF)}
    assert_illegal(g, Challenge(ANN), "C-8")  # only the named player may challenge
    assert_illegal(g, Play(JEFF, C("Y1")), "C-8")


def test_R7_wd4_left_on_top_accepted_the_named_player_draws_four_bobs_colour_stands(
) -> None:
    g = roboto(["W+4 B5 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "G9",
               draw_top="Y7 Y8 Y9 B7 B8")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    g.apply(Play(BOB, C("W+4")))
    g.apply(ChooseColour(BOB, B))
    ev = g.apply(Accept(JEFF))
    assert ev == [
        E.CardsDrawn(JEFF, (C("Y7"), C("Y8"), C("Y9"), C("B7")), "wild_draw_four", 4),
        E.TurnSkipped(JEFF),
        E.TurnStarted(ANN),
    ]
    assert g.top == C("W+4") and g.colour == B
    assert [len(h) for h in g.hands] == [2, 3, 7, 3]
    assert g.decision is Decision.TURN and g.to_act == ANN and g.wd4 is None
    assert_deck_intact(g)


def test_R7_wd4_left_on_top_challenged_guilty_the_wd4_player_draws_four() -> None:
    """Bob held a green card (the colour in force before his WD4): the challenge by
    Jeff, named to continue, finds him guilty; Bob draws 4 and Jeff plays (C-8)."""
    g = roboto(["W+4 G1 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "G9",
               draw_top="Y7 Y8 Y9 B7 B8")
    g.unit.script = [Interrupt("nickname", (ANN, NICOLE), None, JEFF)]
    g.apply(Play(BOB, C("W+4")))
    g.apply(ChooseColour(BOB, B))
    ev = g.apply(NicknameGiven(ANN))
    assert ev == [E.RobotoNames(JEFF)]
    assert g.decision is Decision.CHALLENGE and g.to_act == JEFF
    ev = g.apply(Challenge(JEFF))
    assert ev == [
        E.ChallengeResolved(JEFF, BOB, True, (C("G1"), C("B6"))),
        E.CardsDrawn(BOB, (C("Y7"), C("Y8"), C("Y9"), C("B7")), "challenge_guilty", 4),
        E.TurnStarted(JEFF),
    ]
    assert g.colour == B and g.to_act == JEFF and g.decision is Decision.TURN
    assert [len(h) for h in g.hands] == [6, 3, 3, 3]
    assert_deck_intact(g)


def test_R7_wd4_left_on_top_challenged_innocent_the_named_player_draws_six() -> None:
    g = roboto(["W+4 B5 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "G9",
               draw_top="Y7 Y8 Y9 B7 B8 B9 R1")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    g.apply(Play(BOB, C("W+4")))
    g.apply(ChooseColour(BOB, B))
    ev = g.apply(Challenge(JEFF))
    assert ev == [
        E.ChallengeResolved(JEFF, BOB, False, (C("B5"), C("B6"))),
        E.CardsDrawn(JEFF, (C("Y7"), C("Y8"), C("Y9"), C("B7"), C("B8"), C("B9")),
                     "challenge_innocent", 6),
        E.TurnSkipped(JEFF),
        E.TurnStarted(ANN),
    ]
    assert g.colour == B and g.to_act == ANN
    assert [len(h) for h in g.hands] == [2, 3, 9, 3]
    assert_deck_intact(g)


def test_R7_wd4_challenge_pending_after_an_interruption_round_trips_the_text_form() -> None:
    g = roboto(["W+4 G1 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "G9")
    g.unit.script = [Interrupt("nickname", (ANN, NICOLE), None, JEFF)]
    g.apply(Play(BOB, C("W+4")))
    g.apply(ChooseColour(BOB, B))
    g.apply(NicknameGiven(ANN))
    text = dump(g)
    assert "decision=challenge" in text
    again = load(text)
    assert dump(again) == text
    assert again.apply(Challenge(JEFF)) == g.apply(Challenge(JEFF))
    assert dump(again) == dump(g)


# ---------------------------------------------------------------------- R-1 … R-4


def test_R1_deck_is_the_official_108() -> None:
    assert Counter(ROBOTO.cards()) == Counter(ruleset("official").cards())
    assert len(ROBOTO.cards()) == 108


def test_R2_an_action_first_card_is_shuffled_back_and_another_turned() -> None:
    assert ROBOTO.first_card is FirstCard.RESHUFFLE_ACTIONS
    returned = 0
    for seed in range(300):
        g = new_game(ROBOTO, 4, seed)
        fc = only(g.initial_events, E.FirstCard)
        assert fc.card.is_number and g.discard == [fc.card]
        assert all(c.is_action for c in fc.returned)
        assert all(c in g.draw_pile for c in fc.returned)  # back in the pile
        assert_deck_intact(g)
        returned += bool(fc.returned)
    assert returned > 30  # the path was exercised


def test_R3_the_first_player_is_chosen_at_random_and_announced() -> None:
    starts: Counter[tuple[int, int]] = Counter()
    for seed in range(400):
        g = new_game(ROBOTO, 4, seed)
        first = only(g.initial_events, E.FirstPlayerChosen).player
        assert g.to_act == first and g.decision is Decision.TURN
        starts[(g.match.dealer, first)] += 1
    # Every seat starts sometimes, whoever deals (not always left of the dealer).
    firsts = Counter(first for _, first in starts.elements())
    assert set(firsts) == {0, 1, 2, 3} and min(firsts.values()) > 60
    left_of_dealer = sum(n for (d, f), n in starts.items() if f == (d + 1) % 4)
    assert left_of_dealer < 200


def test_R4_without_an_interruption_the_official_rules_apply() -> None:
    """C-7/C-8: a WD4 not interrupted is challenged as usual; Reverse turns play."""
    g = roboto(["W+4 G1 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "G9")
    g.unit.script = [None]
    g.apply(Play(BOB, C("W+4")))
    assert g.apply(ChooseColour(BOB, Y)) == [E.ColourChosen(BOB, Y)]
    assert g.decision is Decision.CHALLENGE and g.to_act == NICOLE
    ev = g.apply(Challenge(NICOLE))
    assert only(ev, E.ChallengeResolved).guilty  # Bob held G1
    assert drawn_by(ev, BOB)[0].reason == "challenge_guilty"
    g = roboto(["RR G1 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "R9")
    ev = g.apply(Play(BOB, C("RR")))
    assert ev == [E.CardPlayed(BOB, C("RR")), E.DirectionChanged(False), E.TurnStarted(ANN)]


@pytest.mark.parametrize("card", ["RR", "RS"])
def test_R4_two_players_reverse_and_skip_play_again(card: str) -> None:
    g = roboto([f"{card} G1 B6", "G4 G5 G6"], "R9")
    ev = g.apply(Play(0, C(card)))
    assert ev[-2:] == [E.TurnSkipped(1), E.TurnStarted(0)]


def test_R4_two_players_an_interrupted_draw_two_reaches_the_opponent_then_back() -> None:
    g = roboto(["R+2 G1 B6", "G4 G5 G6"], "R9", draw_top="Y1 Y2")
    g.unit.script = [Interrupt("nickname", (0, 1))]
    g.apply(Play(0, C("R+2")))
    ev = g.apply(NicknameGiven(0))
    assert ev == [E.RobotoNames(1), E.CardsDrawn(1, (C("Y1"), C("Y2")), "draw_two", 2),
                  E.TurnSkipped(1), E.TurnStarted(0)]


def test_R14_values_as_official() -> None:
    for text, value in [("R7", 7), ("RS", 20), ("RR", 20), ("R+2", 20), ("W", 50),
                        ("W+4", 50)]:
        assert ROBOTO.value(C(text)) == value
    assert ROBOTO.match is MatchKind.SINGLE_HAND


# ----------------------------------------------------------------------


def test_R5_an_interruption_comes_after_the_plate_press_before_the_effect() -> None:
    g = roboto(["R+2 G1 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "R9", draw_top="Y7 Y8")
    g.unit.script = [Interrupt("nickname", (JEFF, ANN), None, ANN)]
    ev = g.apply(Play(BOB, C("R+2")))
    assert ev == [E.CardPlayed(BOB, C("R+2")), E.RobotoInterrupts("nickname", (JEFF, ANN))]
    assert [len(h) for h in g.hands] == [2, 3, 3, 3]  # the Draw Two has reached nobody
    assert g.decision is Decision.NICKNAME and g.to_act == JEFF
    assert g.legal_actions(JEFF) == [NicknameGiven(JEFF)]
    assert_illegal(g, NicknameGiven(ANN), "C-3")
    assert_illegal(g, Draw(JEFF), None)
    ev = g.apply(NicknameGiven(JEFF))
    assert ev == [
        E.RobotoNames(ANN),
        E.CardsDrawn(ANN, (C("Y7"), C("Y8")), "draw_two", 2),
        E.TurnSkipped(ANN),
        E.TurnStarted(BOB),
    ]


def test_R5_no_interruption_after_a_draw_a_penalty_or_a_challenge() -> None:
    g = roboto(["W+4 G1 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "R9", draw_top="B9",
               turn=NICOLE, since=10)
    scripted = Interrupt("nickname", (0, 1))
    g.unit.script = [scripted]
    ev = g.apply(Draw(NICOLE))
    assert not kinds(ev, E.RobotoInterrupts)
    if g.decision is Decision.DRAWN:
        ev = g.apply(Pass(NICOLE))
        assert not kinds(ev, E.RobotoInterrupts)
    assert g.unit.script == [scripted] and g.unit.since == 10  # no plate press yet


def test_R5_a_last_card_ends_the_hand_without_an_interruption() -> None:
    g = roboto(["R5", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "R9")
    scripted = Interrupt("nickname", (1, 2))
    g.unit.script = [scripted]
    ev = g.apply(Play(BOB, C("R5")))
    assert only(ev, E.HandEnded).winner == BOB and not kinds(ev, E.RobotoInterrupts)
    assert g.unit.script == [scripted]


def test_R5_an_interrupted_wd4_after_its_colour_is_named_is_one_plate_press() -> None:
    g = roboto(["W+4 G1 B6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "R9")
    g.unit.script = [None, Interrupt("nickname", (1, 2))]
    g.apply(Play(BOB, C("W+4")))
    assert len(g.unit.script) == 2  # the press comes when the play is complete
    g.apply(ChooseColour(BOB, G))
    assert len(g.unit.script) == 1


def test_R5_at_least_three_plays_between_interruptions() -> None:
    """With an RNG that always rolls 0, Roboto interrupts as often as R-5 lets him:
    on the first plate press (no earlier interruption to wait after), then exactly every
    fourth one."""
    g = new_game(ROBOTO, 4, 3)
    unit, rng = RobotoUnit(), ZeroRandom(5)
    got = [unit.roll(rng, g, True, "normal") is not None for _ in range(4 * MIN_GAP + 4)]
    assert MIN_GAP == 3
    assert got == [True, False, False, False] * 4


def test_R5_interruption_gap_through_the_game() -> None:
    g = roboto(["R5 R6 R7 R8 G1", "R1 R2 R3 R4 G4"], "R9", since=1)
    g.rng = ZeroRandom(1)  # Roboto interrupts whenever R-5 allows it
    for p, card in [(0, "R5"), (1, "R1")]:  # since becomes 2, then 3: within the gap
        assert not kinds(g.apply(Play(p, C(card))), E.RobotoInterrupts)
    ev = g.apply(Play(0, C("R6")))  # the fourth play since the last interruption
    assert kinds(ev, E.RobotoInterrupts)
    assert g.unit.since == 0


def test_R5_chattiness_presets() -> None:
    assert CHATTINESS == {"low": (6, 3), "normal": (12, 5), "high": (20, 8)}
    assert ROBOTO.chattiness == "normal" and ROBOTO.house_rule is False


def test_R5_without_a_house_rule_roboto_never_plays_it() -> None:
    g = new_game(ROBOTO, 4, 3)
    unit, rng = RobotoUnit(), random.Random(8)
    kinds_seen = Counter()
    for _ in range(20_000):
        unit.since = MIN_GAP
        i = unit.roll(rng, g, False, "high")
        kinds_seen[i.kind if i else None] += 1
    assert kinds_seen["house_rule"] == 0 and kinds_seen["discard_colour"] > 0


def test_R5_position_text_round_trips_the_chattiness() -> None:
    g = new_game(ruleset("roboto", {"chattiness": "high"}), 3, 1)
    text = dump(g)
    assert "chattiness:high" in text
    assert load(text).ruleset.chattiness == "high"


# ---------------------------------------------------------------------- R-6 commands


def test_R6a_discard_colour_the_owner_puts_them_down_one_at_a_time_in_their_order() -> None:
    g = roboto(["B5 B6 B7", "R5 R+2 RS G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    ev = g.apply(Play(BOB, C("B5")))
    assert ev == [E.CardPlayed(BOB, C("B5")), E.RobotoInterrupts("discard_colour", (1,), R)]
    assert g.decision is Decision.DISCARD and g.to_act == NICOLE
    assert set(g.legal_actions(NICOLE)) == {Discard(1, C(x)) for x in ("R5", "R+2", "RS")}
    err = assert_illegal(g, Discard(NICOLE, C("G6")), "R-7")
    assert "G6" in err.message
    assert_illegal(g, Discard(JEFF, C("R5")), "C-3")
    assert g.apply(Discard(NICOLE, C("R+2"))) == [E.CardsDiscarded(1, (C("R+2"),), "command")]
    assert g.decision is Decision.DISCARD
    ev = g.apply(Discard(NICOLE, C("R5")))
    # The last red card goes down by itself; the Skip on top reaches Jeff.
    assert ev == [
        E.CardsDiscarded(1, (C("R5"),), "command"),
        E.CardsDiscarded(1, (C("RS"),), "command"),
        E.RobotoNames(JEFF),
        E.TurnSkipped(JEFF),
        E.TurnStarted(ANN),
    ]
    assert g.discard[-4:] == [C("B5"), C("R+2"), C("R5"), C("RS")]
    assert g.hands[NICOLE] == [C("G6")] and g.colour == R
    assert_deck_intact(g)


def test_R6a_identical_commanded_cards_go_down_without_asking() -> None:
    g = roboto(["B5 B6 B7", "R5 R5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, ANN)]
    ev = g.apply(Play(BOB, C("B5")))
    assert ev[2:] == [
        E.CardsDiscarded(1, (C("R5"),), "command"),
        E.CardsDiscarded(1, (C("R5"),), "command"),
        E.RobotoNames(ANN),
        E.TurnStarted(ANN),
    ]


def test_R6a_wilds_are_not_of_the_commanded_colour() -> None:
    g = roboto(["B5 B6 B7", "W W+4 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), G, ANN)]
    ev = g.apply(Play(BOB, C("B5")))
    assert only(ev, E.CardsDiscarded).cards == (C("G6"),)
    assert g.hands[NICOLE] == [C("W"), C("W+4")]


def test_R6a_roboto_mostly_names_a_colour_the_player_holds() -> None:
    g = roboto(["B5 B6 B7", "R5 R6 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    unit, rng = RobotoUnit(), random.Random(4)
    held = total = 0
    for _ in range(100_000):
        unit.since = MIN_GAP
        i = unit.roll(rng, g, False, "high")
        if i is not None and i.kind == "discard_colour" and i.players == (NICOLE,):
            total += 1
            held += i.colour in (R, G)
    assert total > 1000
    assert held / total >= 0.7 - 0.05  # DC: a colour they hold (at least) 70 % of the time
    assert held < total  # and sometimes one they do not


def test_R6b_nickname_one_player_records_a_nickname_for_another() -> None:
    g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("nickname", (ANN, NICOLE), None, JEFF)]
    ev = g.apply(Play(BOB, C("B5")))
    assert ev[-1] == E.RobotoInterrupts("nickname", (ANN, NICOLE))
    assert g.decision is Decision.NICKNAME and g.to_act == ANN
    assert g.apply(NicknameGiven(ANN)) == [E.RobotoNames(JEFF), E.TurnStarted(JEFF)]
    assert [len(h) for h in g.hands] == [2, 3, 3, 3]


def test_R6c_duel_two_named_players_race_the_loser_draws_two() -> None:
    g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9", draw_top="R1 R2")
    g.unit.script = [Interrupt("duel", (JEFF, NICOLE), None, ANN)]
    g.apply(Play(BOB, C("B5")))
    assert g.decision is Decision.RACE and g.to_act == JEFF
    assert set(g.legal_actions(JEFF)) == {RaceFinished(JEFF, (2, 1)), RaceFinished(JEFF, (1, 2))}
    ev = g.apply(RaceFinished(JEFF, (JEFF, NICOLE)))
    assert ev == [
        E.RaceEnded((JEFF, NICOLE), NICOLE),
        E.CardsDrawn(NICOLE, (C("R1"), C("R2")), "race", 2),
        E.RobotoNames(ANN),
        E.TurnStarted(ANN),
    ]


# ---------------------------------------------------------------------- R-7 covering


def test_R7_a_covered_draw_two_reaches_nobody_the_named_player_plays() -> None:
    g = roboto(["R+2 B6 B7", "G4 Y5 Y6", "Y1 Y2 Y3", "B1 B2 B3"], "R9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), G, JEFF)]
    ev = g.apply(Play(BOB, C("R+2")))
    assert ev[2:] == [
        E.CardsDiscarded(1, (C("G4"),), "command"),
        E.RobotoNames(JEFF),
        E.TurnStarted(JEFF),
    ]
    assert [len(h) for h in g.hands] == [2, 2, 3, 3]
    assert g.colour == G and g.to_act == JEFF


def test_R7_a_covered_skip_skips_nobody() -> None:
    g = roboto(["RS B6 B7", "G4 Y5 Y6", "Y1 Y2 Y3", "B1 B2 B3"], "R9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), G, JEFF)]
    ev = g.apply(Play(BOB, C("RS")))
    assert ev[-2:] == [E.RobotoNames(JEFF), E.TurnStarted(JEFF)]
    assert not kinds(ev, E.TurnSkipped)


def test_R7_a_commanded_skip_on_top_skips_the_named_player() -> None:
    g = roboto(["R5 B6 B7", "GS Y5 Y6", "Y1 Y2 Y3", "B1 B2 B3"], "R9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), G, JEFF)]
    ev = g.apply(Play(BOB, C("R5")))
    assert ev[-3:] == [E.RobotoNames(JEFF), E.TurnSkipped(JEFF), E.TurnStarted(ANN)]


def test_R7_a_commanded_draw_two_on_a_number_makes_the_named_player_draw() -> None:
    g = roboto(["R5 B6 B7", "G+2 Y5 Y6", "Y1 Y2 Y3", "B1 B2 B3"], "R9", draw_top="B8 B9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), G, ANN)]
    ev = g.apply(Play(BOB, C("R5")))
    assert ev[-4:] == [E.RobotoNames(ANN), E.CardsDrawn(ANN, (C("B8"), C("B9")), "draw_two", 2),
                       E.TurnSkipped(ANN), E.TurnStarted(BOB)]


def test_R7_a_covered_reverse_keeps_its_direction() -> None:
    g = roboto(["RR B6 B7", "G4 Y5 Y6", "Y1 Y2 Y3", "B1 B2 B3"], "R9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), G, JEFF)]
    ev = g.apply(Play(BOB, C("RR")))
    assert ev[:2] == [E.CardPlayed(BOB, C("RR")), E.DirectionChanged(False)]
    assert len(kinds(ev, E.DirectionChanged)) == 1
    assert g.direction == -1 and g.top == C("G4")
    assert ev[-1] == E.TurnStarted(JEFF)
    ev = g.apply(Draw(JEFF))  # Jeff cannot play on G4; play goes on counter-clockwise
    if g.decision is Decision.DRAWN:
        ev += g.apply(Pass(JEFF))
    assert ev[-1] == E.TurnStarted(NICOLE)


def test_R7_a_commanded_reverse_left_on_top_turns_play() -> None:
    g = roboto(["R5 B6 B7", "GR Y5 Y6", "Y1 Y2 Y3", "B1 B2 B3"], "R9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), G, JEFF)]
    ev = g.apply(Play(BOB, C("R5")))
    # The Reverse turns play as it goes down (C-16), before Roboto names Jeff.
    assert ev[-4:] == [
        E.CardsDiscarded(NICOLE, (C("GR"),), "command"),
        E.DirectionChanged(False),
        E.RobotoNames(JEFF),
        E.TurnStarted(JEFF),
    ]
    assert g.direction == -1


def test_R7_a_commanded_reverse_covered_by_a_later_commanded_card_still_turned_play() -> None:
    g = roboto(["B5 B6 B7", "RR R5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    g.apply(Play(BOB, C("B5")))
    g.apply(Discard(NICOLE, C("RR")))  # Nicole's order: the Reverse first, then R5
    assert g.top == C("R5") and g.to_act == JEFF
    assert g.direction == -1


def test_R7_position_text_round_trips_mid_command() -> None:
    g = roboto(["W+4 B6 B7", "R5 R+2 RS G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    g.apply(Play(BOB, C("W+4")))
    g.apply(ChooseColour(BOB, Y))
    text = dump(g)
    assert "decision=discard" in text and "unit=roboto:0:discard_colour:1:R:2:0:0" in text
    again = load(text)
    assert dump(again) == text
    again.apply(Discard(NICOLE, C("R5")))
    text2 = dump(again)
    assert "unit=roboto:0:discard_colour:1:R:2:0:1" in text2  # covered
    assert dump(load(text2)) == text2
    ev = again.apply(Discard(NICOLE, C("R+2")))
    assert ev[-4:] == [E.CardsDiscarded(1, (C("RS"),), "command"), E.RobotoNames(JEFF),
                       E.TurnSkipped(JEFF), E.TurnStarted(ANN)]
    assert again.colour == R and again.wd4 is None


# ---------------------------------------------------------------------- R-8 continue


def test_R8_roboto_never_names_the_player_who_just_played() -> None:
    g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("nickname", (1, 2), None, BOB)]  # asks for Bob: refused
    g.apply(Play(BOB, C("B5")))
    named = only(g.apply(NicknameGiven(1)), E.RobotoNames).player
    assert named != BOB and g.to_act == named


def test_R8_who_continues_is_random_among_the_others_direction_unchanged() -> None:
    named: Counter[int] = Counter()
    for seed in range(300):
        g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9", seed=seed,
                   clockwise=seed % 2 == 0, turn=JEFF)
        g.hands[JEFF], g.hands[BOB] = g.hands[BOB], g.hands[JEFF]
        g.unit.script = [Interrupt("nickname", (1, 3))]
        g.apply(Play(JEFF, C("B5")))
        direction = g.direction
        q = only(g.apply(NicknameGiven(1)), E.RobotoNames).player
        assert g.direction == direction and g.to_act == q
        named[q] += 1
    assert set(named) == {BOB, NICOLE, ANN}
    assert min(named.values()) > 60


def test_R8_what_the_top_card_owes_reaches_the_named_player_without_any_discard() -> None:
    g = roboto(["RS B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "R9")
    g.unit.script = [Interrupt("duel", (1, 2), None, ANN)]
    g.apply(Play(BOB, C("RS")))
    ev = g.apply(RaceFinished(1, (1, 2)))
    assert ev[-3:] == [E.RobotoNames(ANN), E.TurnSkipped(ANN), E.TurnStarted(BOB)]


# ---------------------------------------------------------------------- races


def test_R9_house_rule_race_all_players_the_last_draws_two_a_random_player_continues(
) -> None:
    g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9",
               rules={"house_rule": True}, draw_top="R7 R8")
    g.unit.script = [Interrupt("house_rule", (0, 1, 2, 3))]
    ev = g.apply(Play(BOB, C("B5")))
    assert ev[-1] == E.RobotoInterrupts("house_rule", (0, 1, 2, 3))
    assert g.decision is Decision.RACE and g.to_act == BOB
    assert len(g.legal_actions(BOB)) == 4  # one order per possible loser
    ev = g.apply(RaceFinished(BOB, (3, 0, 2, 1)))  # any permutation is accepted
    assert ev[:2] == [E.RaceEnded((3, 0, 2, 1), 1),
                      E.CardsDrawn(1, (C("R7"), C("R8")), "race", 2)]
    named = only(ev, E.RobotoNames).player
    assert named != BOB and ev[-1] == E.TurnStarted(named)


@pytest.mark.parametrize("order", [(1,), (1, 1), (1, 2, 3), (2, 3), (), (1, 2, 2)])
def test_R10_a_race_report_must_list_each_racer_once(order: tuple[int, ...]) -> None:
    g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("duel", (1, 2))]
    g.apply(Play(BOB, C("B5")))
    assert_illegal(g, RaceFinished(1, order), "R-10")


def test_R10_only_the_racer_asked_reports_the_race() -> None:
    g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("duel", (1, 2))]
    g.apply(Play(BOB, C("B5")))
    assert_illegal(g, RaceFinished(2, (1, 2)), "C-3")


class TimedBot(RandomBot):
    """A bot that always finishes a race after ``seconds``."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def race_time(self, view: PlayerView, rng: random.Random) -> float:
        assert view.decision is Decision.RACE
        return self.seconds


def test_R10_the_match_runner_resolves_a_race_by_reaction_times() -> None:
    g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9",
               rules={"house_rule": True}, draw_top="R7 R8")
    g.unit.script = [Interrupt("house_rule", (0, 1, 2, 3))]
    g.apply(Play(BOB, C("B5")))
    runner = MatchRunner(g, [TimedBot(t) for t in (1.0, 0.4, 2.5, 0.9)], seed=1)
    ev = runner.step()
    assert ev[0] == E.RaceEnded((1, 3, 0, 2), 2)  # the slowest (2.5 s) draws
    assert drawn_by(ev, 2)[0].count == 2


def test_R10_bots_without_a_reaction_time_still_report_a_valid_order() -> None:
    for seed in range(20):
        g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9", seed=seed)
        g.unit.script = [Interrupt("duel", (3, 1))]
        g.apply(Play(BOB, C("B5")))
        runner = MatchRunner(g, [RandomBot() for _ in range(4)], seed=seed)
        ended = only(runner.step(), E.RaceEnded)
        assert sorted(ended.order) == [1, 3] and ended.loser == ended.order[-1]


# ---------------------------------------------------------------------- R-11 going out


def test_R11_a_command_that_empties_a_hand_ends_it_one_card_at_a_time() -> None:
    g = roboto(["B5 B6 B7", "R5 R7", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    g.apply(Play(BOB, C("B5")))
    assert g.decision is Decision.DISCARD
    ev = g.apply(Discard(NICOLE, C("R7")))
    assert ev[:2] == [E.CardsDiscarded(1, (C("R7"),), "command"),
                      E.CardsDiscarded(1, (C("R5"),), "command")]
    ended = only(ev, E.HandEnded)
    assert ended.winner == NICOLE and ended.points == (6 + 7) + 6 + 6
    assert not kinds(ev, E.RobotoNames)  # nobody continues: the hand is over
    assert g.over and ev[-1] == E.MatchEnded((NICOLE,))


def test_R11_after_the_next_to_last_card_uno_is_owed() -> None:
    g = roboto(["B5 B6 B7", "R5 R7 G2", "Y1 Y2 Y3", "B1 B2 B3"], "B9", draw_top="Y8 Y9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    g.apply(Play(BOB, C("B5")))
    g.apply(Discard(NICOLE, C("R5")))
    assert g.hands[NICOLE] == [C("G2")] and g.uno_open == [NICOLE]
    ev = g.apply(Catch(ANN, NICOLE))
    assert ev == [E.UnoCaught(ANN, NICOLE),
                  E.CardsDrawn(NICOLE, (C("Y8"), C("Y9")), "uno_penalty", 2)]


def test_R11_uno_called_in_time_after_a_command_is_safe() -> None:
    g = roboto(["B5 B6 B7", "R5 R7 G2", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("discard_colour", (NICOLE,), R, JEFF)]
    g.apply(Play(BOB, C("B5")))
    g.apply(Discard(NICOLE, C("R5")))
    assert CallUno(NICOLE) in g.legal_actions(NICOLE)
    g.apply(CallUno(NICOLE))
    assert g.apply(Catch(ANN, NICOLE)) == [E.CatchMissed(ANN, NICOLE)]


def test_R11_the_player_who_just_played_may_go_out_on_a_command() -> None:
    g = roboto(["B5 R6", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    g.unit.script = [Interrupt("discard_colour", (BOB,), R, JEFF)]
    ev = g.apply(Play(BOB, C("B5")))
    assert only(ev, E.HandEnded).winner == BOB


# ---------------------------------------------------------------------- helpers' sanity


def test_R2_positions_hold_the_whole_deck_and_scripts_start_empty() -> None:
    g = roboto(["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "B9")
    assert g.unit.script == [] and g.unit.pending is None
    assert_deck_intact(g)
    assert first_card(new_game(ROBOTO, 3, 1)).is_number

