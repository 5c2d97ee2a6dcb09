"""Saved matches poised one move before a moment a player must see (the scoring count-up,
Roboto's race, the launcher's eruption, an overload, a Victory Lap …), for the end-to-end
tests: AI players play seeded matches in the engine until seat 0 — the person at the
screen — has a move whose events show the moment; the match up to that move is written as
a save slot, so the real game resumes it from the title and the person makes the move with
real keys or the mouse. The engine is deterministic from the record (its RNG included),
so the move brings the same moment every time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.bots import BOTS
from game.bots.driver import MatchRunner
from game.rules import actions as A
from game.rules import events as E
from game.rules.editions import new_game
from game.rules.engine import Decision, Game
from game.rules.ruleset import edition
from game.store.saves import SavedMatch, SeatInfo, write_save

NAMES = ("Zoé", "Bruno", "Chloé", "Dev")
#: What makes a move the one we want: (the game before it, the move, its events).
Wanted = Callable[[Game, A.Action, Sequence[E.Event]], bool]


@dataclass(frozen=True)
class Poised:
    """A match one move before its moment: the save to resume, and the move."""

    saved: SavedMatch
    move: A.Action
    hand: tuple[str, ...]
    events: tuple[E.Event, ...]

    def write(self, home: Path) -> Path:
        """The save as the match's own slot in ``home``'s data folder."""
        folder = home / "data" / "matches"
        folder.mkdir(parents=True, exist_ok=True)
        return write_save(self.saved, folder / "match-20261201-120000-e2e000.json")


def find(ed: str, wanted: Wanted, *, seeds: range = range(1, 400), tweak: dict[str, Any]
         | None = None, table: dict[str, Any] | None = None,
         hand_at_least: int = 0, decisions: tuple[Decision, ...] = (Decision.TURN,)) -> Poised:
    """The first match (by seed) where seat 0 has a move that ``wanted`` accepts, at a
    decision of ``decisions``, holding at least ``hand_at_least`` cards."""
    rules = edition(ed).with_options(**(tweak or {}))
    bot = BOTS["heuristic"]()
    for seed in seeds:
        game = new_game(rules, 4, seed)
        runner = MatchRunner(game, [bot] * 4, seed)
        for _ in range(2000):
            if game.over:
                break
            if (game.to_act == 0 and game.decision in decisions
                    and len(game.hands[0]) >= hand_at_least):
                for move in game.legal_actions(0):
                    trial = game.clone()
                    events = trial.apply(move)
                    if wanted(game, move, events):
                        seats = (SeatInfo(NAMES[0], True),
                                 *(SeatInfo(n, False, "heuristic") for n in NAMES[1:]))
                        saved = SavedMatch.of(game, seats, table)
                        return Poised(saved, move, tuple(str(c) for c in game.hands[0]),
                                      tuple(events))
            runner.step()
    raise AssertionError(f"no {ed} position found")


def has(kind: type, test: Callable[[Any], bool] = lambda e: True) -> Wanted:
    """A move whose events include a ``kind`` event that passes ``test``."""
    return lambda _g, _m, events: any(isinstance(e, kind) and test(e) for e in events)
