"""The bots and the match runner: legal choices only, determinism, matches that finish,
and a heuristic that clearly beats random play."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from game.bots import BOTS, make_bot
from game.bots.base import Bot
from game.bots.driver import MatchRunner, seat_rng
from game.bots.heuristic import HeuristicBot
from game.bots.random_bot import RandomBot
from game.rules import events as E
from game.rules.actions import Accept, Action, CallUno, Catch, ChooseColour, Draw, Play
from game.rules.cards import Card, Colour
from game.rules.engine import Decision, Game
from game.rules.position import dump
from game.rules.ruleset import MatchKind, edition
from game.rules.view import PlayerView, view
from tests.rules.helpers import build

try:
    from game.rules.editions import new_game
except ImportError:  # pragma: no cover

    def new_game(ruleset, players, seed):  # type: ignore[no-untyped-def]
        return Game(ruleset, players, seed)


C = Card.parse
OFFICIAL = edition("official")
SINGLE = replace(OFFICIAL, match=MatchKind.SINGLE_HAND)


def _position(hands: list[str], top: str) -> Game:
    """A position of the official edition with these hands and discard pile; every other
    card goes under the draw pile (the tests' one builder, the dealer as a new game has
    it)."""
    return build(hands, top, keep=("dealer",))


# ---------------------------------------------------------------------------- legality


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bot_only_returns_legal_actions_over_many_positions(kind: str) -> None:
    """Every decision of many mixed matches is offered to the bot under test (its
    answer must be legal) and to everyone's ``react`` (an offered option or None)."""
    bot, rng = make_bot(kind), random.Random(5)
    driver = [HeuristicBot(), RandomBot()]
    asked = reacted = 0
    for seed in range(60):
        players = 2 + seed % 9
        rs = replace(OFFICIAL, match=list(MatchKind)[seed % 7], target=100)
        if rs.match in (MatchKind.PARTNERS, MatchKind.PARTNERS_ROTATING):
            players = 4
        elif rs.match is MatchKind.TEAMS:
            players = 4 + 2 * (seed % 4)
        g = new_game(rs, players, seed)
        steps = 0
        while not g.over and steps < 400:
            p = g.to_act
            legal = g.legal_actions(p)
            v = view(g, p, legal=legal, with_events=steps % 10 == 0)
            choice = bot.choose(v, legal, rng)
            assert choice in legal
            asked += 1
            for q in g.seats:
                options = g.out_of_turn_actions(q)
                if options:
                    answer = bot.react(view(g, q, legal=options, with_events=False), options, rng)
                    assert answer is None or answer in options
                    reacted += 1
            actor = driver[steps % 2]
            g.apply(actor.choose(v, legal, rng))
            steps += 1
    assert asked > 5000 and reacted > 50


def test_bots_are_registered_by_name() -> None:
    assert set(BOTS) >= {"random", "heuristic"}
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    with pytest.raises(ValueError, match="random"):
        make_bot("grandmaster")
    for name, factory in BOTS.items():
        bot: Bot = factory()
        assert bot.name == name and isinstance(bot.wants_history, bool)


# ---------------------------------------------------------------------------- determinism


def run(seed: int, players: int, kinds: list[str], rs=SINGLE) -> Game:  # type: ignore[no-untyped-def]
    g = new_game(rs, players, seed)
    MatchRunner(g, [make_bot(k) for k in kinds], seed).run()
    return g


@pytest.mark.parametrize("kinds", [["random"] * 3, ["heuristic"] * 3, ["random", "heuristic"] * 2])
def test_same_seed_same_match(kinds: list[str]) -> None:
    rs = replace(OFFICIAL, target=150)
    a, b = run(17, len(kinds), kinds, rs), run(17, len(kinds), kinds, rs)
    assert a.actions == b.actions
    assert dump(a) == dump(b)


def test_random_bot_is_deterministic_for_a_fixed_rng() -> None:
    g = new_game(OFFICIAL, 4, 3)
    legal = g.legal_actions()
    v = view(g, g.to_act, legal=legal)
    bot = RandomBot()
    first = [bot.choose(v, legal, random.Random(9)) for _ in range(5)]
    assert len(set(first)) == 1
    r1, r2 = random.Random(1), random.Random(1)
    seq1 = [bot.choose(v, legal, r1) for _ in range(30)]
    seq2 = [bot.choose(v, legal, r2) for _ in range(30)]
    assert seq1 == seq2 and len(set(seq1)) > 1


def test_different_seeds_give_different_matches() -> None:
    outcomes = {tuple(run(s, 3, ["random"] * 3).actions) for s in range(5)}
    assert len(outcomes) == 5


def test_each_seat_has_its_own_rng() -> None:
    draws = [seat_rng(7, seat).random() for seat in range(10)]
    assert len(set(draws)) == 10
    assert seat_rng(7, 3).random() == seat_rng(7, 3).random()
    assert seat_rng(7, 3).random() != seat_rng(8, 3).random()


def test_random_bot_is_roughly_uniform() -> None:
    g = _position(["R1 R2 R3 R4 G5 Y6", "B1 B2 B3", "G1 G2 G3"], "R9")
    legal = g.legal_actions(0)
    assert len(legal) == 5  # four red cards and the draw
    rng = random.Random(2)
    counts = Counter(RandomBot().choose(view(g, 0, legal=legal), legal, rng) for _ in range(5000))
    assert set(counts) == set(legal)
    assert all(800 < n < 1200 for n in counts.values()), counts
    react = Counter(RandomBot().react(view(g, 1), [Catch(1, 0)], rng) for _ in range(2000))
    assert 800 < react[None] < 1200  # "do nothing" is one of the uniform choices


# ---------------------------------------------------------------------------- the runner


@pytest.mark.parametrize("kind", list(MatchKind), ids=[k.value for k in MatchKind])
def test_runner_finishes_matches_of_every_kind(kind: MatchKind) -> None:
    rs = replace(OFFICIAL, match=kind, target=120)
    players = {MatchKind.PARTNERS: 4, MatchKind.PARTNERS_ROTATING: 4, MatchKind.TEAMS: 6}
    n = players.get(kind, 5)
    seen: list[E.Event] = []
    g = new_game(rs, n, 21)
    runner = MatchRunner(g, [HeuristicBot() if p % 2 else RandomBot() for p in range(n)], 21)
    assert runner.run(sink=seen.extend) is g
    assert g.over and g.decision is Decision.OVER
    assert seen[: len(g.initial_events)] == list(g.initial_events)
    assert isinstance(seen[-1], E.MatchEnded) and seen[-1].winners == g.match.winners
    assert runner.steps > 0


def test_runner_refuses_wrong_number_of_bots() -> None:
    with pytest.raises(ValueError, match="3 players need 3 bots"):
        MatchRunner(new_game(OFFICIAL, 3, 1), [RandomBot()] * 2, 1)


def test_runner_stops_a_match_that_runs_too_long() -> None:
    g = new_game(OFFICIAL, 4, 1)
    with pytest.raises(RuntimeError, match="10 decisions"):
        MatchRunner(g, [RandomBot() for _ in range(4)], 1).run(max_steps=10)


def test_runner_offers_catches_after_a_forgotten_uno() -> None:
    """A random bot forgets UNO sometimes; heuristic opponents always catch it."""
    caught = 0
    for seed in range(40):
        g = new_game(SINGLE, 3, seed)
        seen: list[E.Event] = []
        MatchRunner(g, [RandomBot(), HeuristicBot(), HeuristicBot()], seed).run(sink=seen.extend)
        caught += sum(isinstance(e, E.UnoCaught) and e.target == 0 for e in seen)
    assert caught > 0


# ---------------------------------------------------------------------------- heuristic


def test_heuristic_beats_random_clearly_head_to_head() -> None:
    games, wins = 300, 0
    for seed in range(games):
        heuristic_seat = seed % 2  # both seats, so the dealer draw cannot bias it
        bots: list[Bot] = [RandomBot(), RandomBot()]
        bots[heuristic_seat] = HeuristicBot()
        g = new_game(SINGLE, 2, 1000 + seed)
        MatchRunner(g, bots, 1000 + seed).run()
        wins += g.match.winners == (heuristic_seat,)
    assert wins / games > 0.75, wins


def test_heuristic_beats_three_random_players() -> None:
    games, wins = 120, 0
    for seed in range(games):
        seat = seed % 4
        bots: list[Bot] = [RandomBot() for _ in range(4)]
        bots[seat] = HeuristicBot()
        g = new_game(SINGLE, 4, 5000 + seed)
        MatchRunner(g, bots, 5000 + seed).run()
        wins += g.match.winners == (seat,)
    assert wins / games > 0.5, wins  # a random seat would win a quarter


def _choose(g: Game, p: int = 0) -> Action:
    legal = g.legal_actions(p)
    return HeuristicBot().choose(view(g, p, legal=legal), legal, random.Random(0))


def test_heuristic_calls_uno_before_playing_its_next_to_last_card() -> None:
    g = _position(["R1 G7", "B1 B2 B3", "G1 G2 G3"], "R9")
    assert _choose(g) == CallUno(0)
    g.apply(CallUno(0))
    assert _choose(g) == Play(0, C("R1"))


def test_heuristic_catches_and_calls_when_reacting() -> None:
    g = _position(["R1 G7", "B1 B2 R3", "G1 G2 G3"], "R9")
    g.apply(Play(0, C("R1")))  # forgot to call
    bot, rng = HeuristicBot(), random.Random(0)
    assert bot.react(view(g, 0), g.out_of_turn_actions(0), rng) == CallUno(0)
    assert bot.react(view(g, 1), g.out_of_turn_actions(1), rng) == Catch(1, 0)
    assert bot.react(view(g, 2), [], rng) is None


def test_heuristic_plays_rather_than_draws_and_keeps_wilds() -> None:
    g = _position(["W R1 Y5 Y6", "B1 B2 B3", "G1 G2 G3"], "R9")
    assert _choose(g) == Play(0, C("R1"))
    g = _position(["W B1 Y5 Y6", "B1 B2 B3", "G1 G2 G3"], "R9")
    assert _choose(g) == Play(0, C("W"))  # nothing else fits
    g = _position(["B5 Y5 Y6", "B1 B2 B3", "G1 G2 G3"], "R9")
    assert _choose(g) == Draw(0)


def test_heuristic_names_the_colour_it_holds_most_of_and_accepts_wd4() -> None:
    g = _position(["W B1 Y5 Y6 G2", "B2 B3 B4", "G1 G3 G4"], "R9")
    g.apply(Play(0, C("W")))
    assert _choose(g) == ChooseColour(0, Colour.YELLOW)
    g = _position(["W+4 B1 Y5 Y6", "B2 B3 B4", "G1 G3 G4"], "R9")
    g.apply(Play(0, C("W+4")))
    g.apply(ChooseColour(0, Colour.YELLOW))
    assert _choose(g, 1) == Accept(1)


def test_bots_receive_views_that_hide_other_hands() -> None:
    seen: list[PlayerView] = []

    class Spy(HeuristicBot):
        wants_history = True

        def choose(self, v, legal, rng):  # type: ignore[no-untyped-def]
            seen.append(v)
            return super().choose(v, legal, rng)

    g = new_game(SINGLE, 3, 4)
    MatchRunner(g, [Spy(), Spy(), Spy()], 4).run()
    assert len(seen) > 20
    for v in seen:
        assert isinstance(v, PlayerView)
        for e in v.events:
            if isinstance(e, E.CardsDrawn) and e.player != v.me:
                assert e.cards == ()
