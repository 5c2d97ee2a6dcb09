"""A finished game is freed the moment its last reference goes: nothing in it refers back
to itself. A game that held bound methods of itself (its delivery table once did) waited
for the cycle collector with its whole log of events, which cost about a fifth of a
simulation's time and every bot's play-outs.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest

from game.bots.driver import MatchRunner
from game.bots.random_bot import RandomPlayBot
from game.rules.editions import new_game
from game.rules.house import HOUSE_RULES
from game.rules.ruleset import MatchKind, Ruleset
from game.tools.sim import edition


@contextmanager
def cycles_found() -> Iterator[list[object]]:
    """The objects the cycle collector finds unreachable once the block's work is dropped."""
    found: list[object] = []
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield found
        gc.collect()
        found.extend(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def fitting(rs: Ruleset) -> str:
    """Every house rule that goes with ``rs``'s edition, comma-separated."""
    fits = []
    for rule in HOUSE_RULES:
        try:
            replace(rs, house=rule).check_players(4)
        except ValueError:
            continue
        fits.append(rule)
    return ",".join(fits)


@pytest.mark.parametrize("house", [False, True])
@pytest.mark.parametrize("name", ["official", "roboto", "attack", "triple", "sonic"])
def test_a_played_game_leaves_no_reference_cycle(name: str, house: bool) -> None:
    rs = replace(edition(name), match=MatchKind.SINGLE_HAND)
    if house:
        rs = replace(rs, house=fitting(rs))
        assert rs.house
    with cycles_found() as found:
        for seed in range(5):
            game = new_game(rs, 4, seed)
            MatchRunner(game, [RandomPlayBot() for _ in range(4)], seed).run()
            assert game.over
            del game
    kinds = sorted({type(o).__name__ for o in found})
    assert not found, f"{len(found)} objects in reference cycles: {kinds[:12]}"
