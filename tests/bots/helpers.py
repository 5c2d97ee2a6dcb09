"""Shared helpers for the AI tests: positions reached by real play, hidden-card shuffles
and quick bot factories (the hard bot with a small deterministic budget)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace

from game.bots import make_bot
from game.bots.base import Bot
from game.bots.driver import MatchRunner
from game.bots.hard import HardBot
from game.rules.editions import new_game
from game.rules.engine import Decision, Game
from game.rules.ruleset import MatchKind, edition


def quick_hard() -> HardBot:
    """A hard bot that searches a little, without a clock (deterministic)."""
    return HardBot(budget=300, time_limit=None, min_worlds=3)


FACTORIES: dict[str, Callable[[], Bot]] = {
    "easy": lambda: make_bot("easy"),
    "medium": lambda: make_bot("medium"),
    "hard": quick_hard,
    "heuristic": lambda: make_bot("heuristic"),
}


#: Decisions every position walk stops at: too rare to meet by sampling.
RARE = (Decision.CHALLENGE, Decision.STACK, Decision.SWAP)


def single_hand(ed: str) -> object:
    return replace(edition(ed), match=MatchKind.SINGLE_HAND)


def positions(
    ed: str, players: int, seeds: range, every: int = 3, driver: str = "medium",
    house: str = "",
) -> Iterator[Game]:
    """Games paused at decisions with a real choice, reached by ``driver`` bots playing
    single hands of ``ed`` (with the ``house`` rules); one position every ``every`` steps,
    and every Wild Draw Four challenge, stack and Seven-O swap."""
    rs = replace(edition(ed), match=MatchKind.SINGLE_HAND, house=house)
    for seed in seeds:
        game = new_game(rs, players, seed)
        runner = MatchRunner(game, [make_bot(driver) for _ in range(players)], seed)
        step = 0
        while not game.over and step < 400:
            legal = game.legal_actions()
            if (step % every == 0 and len(legal) > 1) or game.decision in RARE:
                yield game
            runner.step()
            step += 1


def permute_hidden(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` where the cards ``player`` cannot see (other hands and the draw
    pile) are shuffled among those places, each keeping its number of cards."""
    g = game.clone()
    others = [q for q in g.seats if q != player]
    hidden = [c for q in others for c in g.hands[q]] + list(g.draw_pile)
    rng.shuffle(hidden)
    i = 0
    for q in others:
        n = len(g.hands[q])
        g.hands[q] = hidden[i : i + n]
        i += n
    g.draw_pile = hidden[i:]
    if g.wd4 is not None and g.wd4[0] != player:  # the pending WD4's hand moved too
        culprit = g.wd4[0]
        g.wd4 = (culprit, g.wd4[1], tuple(g.hands[culprit]))
    return g


def build(
    hands: list[str],
    discard: str,
    *,
    turn: int = 0,
    decision: str = "turn",
    colour: str | None = None,
    wd4: str = "-",
    ed: str = "official",
    seed: int = 1,
    draw_top: str = "",
) -> Game:
    """A single hand's position with these hands and discard pile (text card lists);
    ``draw_top`` are the next cards drawn, first drawn first; every other card of the deck
    goes under them, in a fixed order (the tests' one builder,
    :func:`tests.rules.helpers.position_text`; the turn's counters as a new game has
    them)."""
    from game.rules.position import load
    from tests.rules.helpers import position_text

    return load(position_text(
        hands, discard, ed=ed, rules={"match": "single_hand"}, turn=turn, decision=decision,
        colour=colour, wd4=wd4, seed=seed, draw_top=draw_top,
        keep=("uno", "declared", "drawn", "firstwild", "dead", "turns")))
