"""Small deterministic arenas with conservative bounds (the full figures come from
``python -m game.tools.arena`` with thousands of games; see the README)."""

from __future__ import annotations

from dataclasses import replace

from game.rules.ruleset import MatchKind, edition
from game.tools.arena import play_games
from game.tools.arena_tally import wilson

OFFICIAL = replace(edition("official"), match=MatchKind.SINGLE_HAND)


def win_rate(bots: list[str], games: int, seed: int = 1) -> tuple[float, float]:
    """The first kind's win rate per seat, and the lower end of its Wilson interval."""
    tally = play_games(OFFICIAL, bots, seed, 0, games)
    assert not tally.errors
    k = tally.kinds[bots[0]]
    return k.wins / k.seats, wilson(k.wins, k.seats)[0]


def test_medium_beats_random_two_players() -> None:
    rate, low = win_rate(["medium", "random"], 400)
    assert rate > 0.85 and low > 0.65  # measured about 0.98


def test_easy_beats_random_two_players() -> None:
    rate, _ = win_rate(["easy", "random"], 200)
    assert rate > 0.8  # it plays whenever it can; random reneges a third of the time


def test_medium_beats_easy_two_players() -> None:
    rate, _ = win_rate(["medium", "easy"], 600)
    assert rate > 0.52  # measured about 0.57


def test_hard_beats_random_in_four_player_games() -> None:
    rate, _ = win_rate(["hard:budget=600:time_limit=none", "random", "random", "random"], 24)
    assert rate > 0.6  # one seat in four; measured about 0.95


def test_hard_beats_random_two_players() -> None:
    rate, _ = win_rate(["hard:budget=600:time_limit=none", "random"], 30)
    assert rate > 0.75
