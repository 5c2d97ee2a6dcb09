"""Plays many bot games and prints one JSON object of figures.

    python -m game.tools.sim --edition official --players 4 --games 20000 --seed 1
    python -m game.tools.sim --bot heuristic --match standard --check

A "game" is one match of the chosen kind; by default a single hand (M-6), so that
``games_per_s`` and ``mean_turns`` describe hands of UNO. ``--check`` verifies after
every action that each card of the deck is in exactly one place and that every
action taken was legal (slower). Exceptions are counted in ``errors`` with the seeds
that raised them, never hidden.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game import ENGINE
from game.bots import BOTS, make_bot
from game.bots.driver import Apply, MatchRunner
from game.rules import events as E
from game.rules.actions import Action
from game.rules.cards import Card
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.house import HOUSE_RULES
from game.rules.ruleset import MatchKind, Ruleset, edition
from game.setup.options import (
    EDITION_CHOICES,
    MATCH_CHOICES,
    MAX_TARGET,
    ArgumentParser,
    games_type,
    int_range,
    name_list,
    per_seat,
    run_command,
    seed_type,
    target_type,
)

#: ``--house`` (sim, arena, headless): the house rules on, comma-separated.
HOUSE_HELP = f"house rules on, comma-separated: {', '.join(HOUSE_RULES)}"


class InvariantError(AssertionError):
    """A checked game broke a rule of the engine itself."""


def legal_only(game: Game) -> Apply:
    """``game.apply``, refusing any action ``game`` does not list as legal."""

    def apply(action: Action) -> list[E.Event]:
        if action not in game.legal_actions(action.player):
            raise InvariantError(f"illegal action taken: {action}")
        return game.apply(action)

    return apply


def checked_step(runner: MatchRunner, deck: Counter[Card]) -> None:
    """One runner step (its ``apply`` refusing illegal actions), then the deck
    invariant."""
    runner.step()
    if Counter(runner.game.card_count()) != deck:
        raise InvariantError("a card is missing or duplicated")


def play(rs: Ruleset, players: int, seed: int, bots: Sequence[str], check: bool) -> Game:
    game = new_game(rs, players, seed)
    seated = [make_bot(b) for b in bots]
    if not check:
        return MatchRunner(game, seated, seed).run(max_steps=2_000_000)
    runner = MatchRunner(game, seated, seed, apply=legal_only(game))
    deck = Counter(rs.cards())
    while not game.over:
        checked_step(runner, deck)
    return game


def simulate(
    rs: Ruleset, players: int, games: int, seed: int, bots: Sequence[str], check: bool = False
) -> dict[str, Any]:
    seeds = random.Random(seed)
    wins = [0] * players
    turns = hands = 0
    errors: list[dict[str, Any]] = []
    start = time.perf_counter()
    for _ in range(games):
        s = seeds.getrandbits(48)
        try:
            g = play(rs, players, s, bots, check)
        except Exception as exc:  # counted and reported, never hidden
            errors.append({"seed": s, "error": f"{type(exc).__name__}: {exc}"})
            continue
        for w in g.match.winners:
            wins[w] += 1
        turns += g.turns
        hands += g.match.hand_no
    elapsed = time.perf_counter() - start
    done = games - len(errors)
    return {
        "engine": ENGINE,
        "edition": rs.edition,
        "house": rs.house,
        "match": rs.match.value,
        "players": players,
        "bots": list(bots),
        "games": games,
        "hands": hands,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1) if elapsed else None,
        "mean_turns": round(turns / done, 2) if done else None,
        "turns_per_s": round(turns / elapsed) if elapsed else None,
        "wins_by_seat": wins,
        "checked": check,
        "errors": len(errors),
        "error_samples": errors[:10],
    }


def ruleset_from_args(ap: argparse.ArgumentParser, args: argparse.Namespace) -> Ruleset:
    """The ruleset of ``--edition``, ``--match``, ``--target`` and ``--house``, checked for
    ``--players`` (an argument error otherwise); shared with ``game.tools.arena``."""
    rs = replace(edition(args.edition), match=MatchKind(args.match))
    if args.target is not None:
        rs = replace(rs, target=args.target)
    try:
        rs = replace(rs, house=getattr(args, "house", "") or "")  # H-1 … H-3
        rs.check_players(args.players)
    except ValueError as exc:
        ap.error(str(exc))
    return rs


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.tools.sim``: a wrong argument is a one-line error (exit 2), Ctrl+C stops
    with one line (exit 130), a closed pipe ends it quietly (exit 141)."""
    return run_command(_main, "python -m game.tools.sim", argv)


def _main(argv: Sequence[str] | None = None) -> int:
    ap = ArgumentParser(prog="python -m game.tools.sim", description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="official", choices=EDITION_CHOICES)
    ap.add_argument("--players", type=int_range(2, 10), default=4)
    ap.add_argument("--games", type=games_type, default=1000)
    ap.add_argument("--seed", type=seed_type, default=1)
    ap.add_argument("--bot", type=name_list(BOTS), default="random",
                    help="bot kind for every seat, or one per seat, comma-separated")
    ap.add_argument("--match", default=MatchKind.SINGLE_HAND.value, choices=MATCH_CHOICES)
    ap.add_argument("--target", type=target_type, default=None,
                    help=f"match target score (1 to {MAX_TARGET})")
    ap.add_argument("--check", action="store_true", help="verify invariants after every action")
    ap.add_argument("--house", default="", help=HOUSE_HELP)
    args = ap.parse_args(argv)
    bots = per_seat(args.bot, args.players)
    if bots is None:
        ap.error(f"--bot takes one of {', '.join(BOTS)} or {args.players} of them, comma-separated")
    rs = ruleset_from_args(ap, args)
    result = simulate(rs, args.players, args.games, args.seed, bots, args.check)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
