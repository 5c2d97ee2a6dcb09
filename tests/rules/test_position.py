"""The position text form: dump/load round-trips, and malformed text fails loudly."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.driver import MatchRunner
from game.bots.heuristic import HeuristicBot
from game.bots.random_bot import RandomBot
from game.rules.position import PositionError, dump, load
from game.rules.ruleset import MatchKind, edition

from .helpers import assert_deck_intact, build, new_game

KINDS = list(MatchKind)


def positions(ed: str, kind: MatchKind, players: int, seed: int, every: int = 1) -> list[str]:
    """The position text after every ``every``-th step of a bot match."""
    rs = replace(edition(ed), match=kind, target=150)
    g = new_game(rs, players, seed)
    bots = [RandomBot() if p % 2 else HeuristicBot() for p in range(players)]
    runner = MatchRunner(g, bots, seed)
    out = [dump(g)]
    while not g.over and runner.steps < 3000:
        runner.step()
        if runner.steps % every == 0 or g.over:
            out.append(dump(g))
    return out


def players_for(kind: MatchKind, n: int) -> int:
    if kind in (MatchKind.PARTNERS, MatchKind.PARTNERS_ROTATING):
        return 4
    if kind is MatchKind.TEAMS:
        return 4 + 2 * (n % 4)
    return 2 + n % 9


@pytest.mark.parametrize("kind", KINDS, ids=[k.value for k in KINDS])
@pytest.mark.parametrize("ed", ["official", "sonic"])
def test_dump_load_round_trips_at_every_step(ed: str, kind: MatchKind) -> None:
    for i, seed in enumerate((3, 4)):
        players = players_for(kind, seed + i)
        for text in positions(ed, kind, players, seed, every=3):
            g = load(text)
            assert dump(g) == text
            assert_deck_intact(g)


@settings(max_examples=40, derandomize=True, database=None, deadline=None)
@given(
    st.sampled_from(["official", "sonic"]),
    st.sampled_from(KINDS),
    st.integers(0, 8),
    st.integers(0, 10_000),
    st.integers(0, 400),
)
def test_loaded_position_acts_like_the_original(
    ed: str, kind: MatchKind, n: int, seed: int, step: int
) -> None:
    rs = replace(edition(ed), match=kind, target=150)
    players = players_for(kind, n)
    g = new_game(rs, players, seed)
    runner = MatchRunner(g, [HeuristicBot() for _ in range(players)], seed)
    while not g.over and runner.steps < step:
        runner.step()
    copy = load(dump(g))
    for attr in ("to_act", "decision", "seats", "direction", "colour", "drawn", "uno_open"):
        assert getattr(copy, attr) == getattr(g, attr), attr
    for p in range(players):
        assert copy.legal_actions(p) == g.legal_actions(p)
        assert copy.hands[p] == g.hands[p]
    # The loaded game plays on to the end.
    MatchRunner(copy, [HeuristicBot() for _ in range(players)], seed).run(max_steps=20_000)
    assert copy.over
    assert_deck_intact(copy)


def test_documented_example_fields_are_all_present() -> None:
    text = dump(new_game(edition("official"), 4, 7))
    keys = [part.split("=")[0] for part in text.split()[1:]]
    for key in (
        "edition",
        "players",
        "seed",
        "hands",
        "draw",
        "discard",
        "turn",
        "decision",
        "colour",
        "dir",
        "uno",
        "declared",
        "wd4",
        "drawn",
        "scores",
    ):
        assert key in keys
    assert text.startswith("UNO1 ")


BASE = build(["R7 G2 Y1", "B3 B4 B5", "Y2 Y3 Y4"], "R5")
BASE_TEXT = dump(BASE)


def with_field(key: str, value: str) -> str:
    text, n = re.subn(rf"(?<= ){key}=\S*", f"{key}={value}", BASE_TEXT)
    assert n == 1
    return text


def without_field(key: str) -> str:
    return re.sub(rf" {key}=\S*", "", BASE_TEXT)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "UNO1"),
        ("UNO2" + BASE_TEXT[4:], "UNO1"),
        (BASE_TEXT.replace(" turn=", " turn=0 turn="), "unexpected field"),
        (BASE_TEXT + " bogus=1", "unexpected field"),
        (BASE_TEXT + " hands", "unexpected field"),
        (without_field("turn"), "missing fields: turn"),
        (with_field("edition", "nope"), "nope"),
        (with_field("rules", "bogus:1"), "bogus"),
        (with_field("rules", "target:abc"), "abc"),
        (with_field("players", "x"), "players"),
        (with_field("players", "11"), "players"),
        (with_field("seed", "abc"), "seed"),
        (with_field("scores", "a,b,c"), "scores"),
        (with_field("scores", "0,0"), "3 entries"),
        (with_field("hand", "x"), "hand"),
        (with_field("seats", "0,1,1"), "seats"),
        (with_field("seats", "0,1,5"), "seats"),
        (with_field("turn", "x"), "turn"),
        (with_field("turn", "7"), "turn"),
        (with_field("colour", "X"), "colour"),
        (with_field("drawn", "Q5"), "drawn"),
        (with_field("decision", "drawn"), "drawn"),
        (with_field("decision", "challenge"), "wd4"),
        (with_field("wd4", "0:1"), "wd4"),
        (with_field("wd4", "0:1:R5"), "wd4"),
        (with_field("hands", "R7.G2.Y1/B3.B4.B5"), "3 entries"),
        (with_field("hands", "R7.G2.Y1/B3.B4.Q5/Y2.Y3.Y4"), "hands"),
        (with_field("hands", "R7.G2.Y1.R5/B3.B4.B5/Y2.Y3.Y4"), "extra R5"),
        (with_field("hands", "R7.G2/B3.B4.B5/Y2.Y3.Y4"), "missing Y1"),
        (with_field("discard", "-"), "discard"),
        (with_field("draw", "R0"), "missing"),
    ],
)
def test_malformed_position_raises_position_error(text: str, message: str) -> None:
    with pytest.raises(PositionError) as info:
        load(text)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "text",
    [with_field("dir", "x"), with_field("dealer", "9"), with_field("out", "1")],
    ids=["dir", "dealer", "out"],
)
def test_position_load_rejects_inconsistent_fields(text: str) -> None:
    with pytest.raises(PositionError):
        load(text)


@pytest.mark.parametrize(
    ("key", "value"),
    [("turns", "x"), ("decision", "nope"), ("rules", "target:abc")],
)
def test_position_error_names_the_field(key: str, value: str) -> None:
    with pytest.raises(PositionError, match=f"^{key}"):
        load(with_field(key, value))


def test_clone_is_independent_and_continues_identically() -> None:
    rs = replace(edition("official"), match=MatchKind.STANDARD, target=150)
    g = new_game(rs, 4, 8)
    runner = MatchRunner(g, [HeuristicBot() for _ in range(4)], 8)
    for _ in range(40):
        runner.step()
    before = dump(g)
    copy = g.clone()
    assert dump(copy) == before
    MatchRunner(copy, [RandomBot() for _ in range(4)], 99).run()
    assert copy.over and dump(g) == before  # playing the copy leaves the original alone
    twin_a, twin_b = g.clone(), g.clone()
    MatchRunner(twin_a, [HeuristicBot() for _ in range(4)], 5).run()
    MatchRunner(twin_b, [HeuristicBot() for _ in range(4)], 5).run()
    assert dump(twin_a) == dump(twin_b)  # same state and RNG: same future
