"""Design choices that guarantee every hand ends (neither is in the printed rules)."""

from __future__ import annotations

from dataclasses import replace

from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.rules import events as E
from game.rules.editions import new_game
from game.rules.engine import STARVED_ROUNDS
from game.rules.ruleset import MatchKind, edition

from .helpers import build


def test_DC_exhausted_deck_passing_one_reverse_around_blocks_the_hand() -> None:
    # Found by bench/million.py: nine players hold every card but two; player 0 and
    # player 8 draw the lone reshuffled Reverse, play it, and turn play back to each
    # other for ever (both bots always play a playable drawn card).
    seed = 10356051
    bots = ["heuristic", "random", "heuristic", "random", "random", "random", "random",
            "random", "heuristic"]
    rs = replace(edition("sonic"), match=MatchKind.CHALLENGE, target=100)
    game = new_game(rs, 9, seed)
    seen: list[E.Event] = []
    MatchRunner(game, [make_bot(b) for b in bots], seed).run(seen.extend, max_steps=20_000)
    assert game.over
    blocked = [e for e in seen if isinstance(e, E.HandEnded) and e.blocked]
    assert blocked, "the endless Reverse cycle must end as a blocked hand"


def test_DC_one_card_reshuffles_count_and_a_bigger_one_resets() -> None:
    from game.rules.actions import Draw

    # Draw pile empty (every other card is in player 2's hand): a draw reshuffles.
    g = build(["B1 B2", "G1 G2", ""], "R9 R5", rest=2)
    g.starved = 2
    g.apply(Draw(0))  # one card (R9) comes back
    assert g.starved == 3
    g = build(["B1 B2", "G1 G2", ""], "R9 R8 R5", rest=2)
    g.starved = 2
    g.apply(Draw(0))  # two cards come back: the deck is not exhausted
    assert g.starved == 0


def test_DC_the_blocked_count_ends_the_hand_at_the_next_turn() -> None:
    from game.rules.actions import Play
    from game.rules.cards import Card

    g = build(["R1 R2", "B1 B2 R3", "G1 G2"], "R5", rules={"match": "single_hand"})
    g.starved = STARVED_ROUNDS * 3
    ev = g.apply(Play(0, Card.parse("R1")))
    ended = [e for e in ev if isinstance(e, E.HandEnded)]
    assert ended and ended[0].blocked and ended[0].winner == 0  # R2 (2) is the least held
    assert g.over
