"""Copies of a game for search (``Game.clone``, ``Game.with_hidden``): every attribute of
every registered edition arrives, the copy is independent, and it plays on exactly as the
original does. Run on both engines: compiled, the copy is written out attribute by
attribute (``Table.copy_state_to``), so an attribute an edition adds and forgets to copy
shows here."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from game.rules import registry
from game.rules.actions import CallUno, Catch
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.native import compiled_attributes
from game.rules.position import dump
from game.rules.ruleset import edition

EDITIONS = registry.names()


def attributes(obj: object) -> list[str]:
    """Every attribute ``obj`` holds: its ``__dict__`` (interpreted) or the slots of its
    compiled class and bases."""
    if hasattr(type(obj), "__mypyc_attrs__"):
        return [n for n in compiled_attributes(type(obj)) if hasattr(obj, n)]
    return list(vars(obj))


def state(value: Any) -> Any:
    """A comparable snapshot: devices (objects with a ``copy`` method) by their attributes,
    the RNG by its state."""
    if isinstance(value, random.Random):
        return value.getstate()
    if isinstance(value, list | tuple):
        return type(value)(state(v) for v in value)
    if callable(getattr(value, "copy", None)) and not isinstance(value, dict | set):
        return {n: state(getattr(value, n)) for n in attributes(value)}
    return value


def played(name: str, seed: int, steps: int, house: str = "") -> Game:
    rs = edition(name)
    if house:
        rs = replace(rs, house=house)
    g = new_game(rs, 4 if name != "official" else 3, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        acts = [a for a in g.legal_actions() if not isinstance(a, CallUno | Catch)]
        g.apply(acts[rng.randrange(len(acts))])
    return g


def play_both(a: Game, b: Game, steps: int, seed: int) -> None:
    """The same actions on both games give the same events and the same position."""
    rng = random.Random(seed)
    for _ in range(steps):
        if a.over:
            break
        acts = a.legal_actions()
        assert acts == b.legal_actions()
        act = acts[rng.randrange(len(acts))]
        assert a.apply(act) == b.apply(act)
        assert dump(a) == dump(b)


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_clone_has_every_attribute(name: str, seed: int) -> None:
    g = played(name, seed, 25)
    c = g.clone()
    names = attributes(g)
    assert names and sorted(attributes(c)) == sorted(names)
    for n in names:
        assert state(getattr(c, n)) == state(getattr(g, n)), n


@pytest.mark.parametrize("name", EDITIONS)
def test_copy_state_to_moves_every_attribute(name: str) -> None:
    """Every plain value set apart from what a blank game starts with (so that one the
    copy forgot cannot pass by being the default), every object shared, not copied."""
    g = played(name, 6, 10)
    new = type(g).blank(g.ruleset, g.players, g.seed)
    names = attributes(g)
    for i, n in enumerate(names):
        v = getattr(g, n)
        if type(v) is bool:
            setattr(g, n, not v)
        elif type(v) is int:
            setattr(g, n, v + 1000 + i)
        elif type(v) is str:
            setattr(g, n, f"{v}-{i}")
    g.copy_state_to(new)
    for n in names:
        v = getattr(g, n)
        assert getattr(new, n) == v if type(v) in (bool, int, str) else getattr(new, n) is v, n


@pytest.mark.parametrize("name", EDITIONS)
def test_clone_is_independent_and_plays_alike(name: str) -> None:
    g = played(name, 5, 30)
    before = dump(g)
    c = g.clone()
    play_both(g.clone(), c, 200, 9)
    assert dump(g) == before  # the clone's play left the original as it was
    play_both(g, g.clone(), 200, 9)


@pytest.mark.parametrize("house", ["stacking", "seven_o", "jump_in"])
def test_clone_with_house_rules(house: str) -> None:
    g = played("official", 4, 20, house)
    play_both(g, g.clone(), 200, 3)


@pytest.mark.parametrize("name", EDITIONS)
def test_world_draws_as_its_seed(name: str) -> None:
    """A world's RNG is seeded when first used, with the numbers of ``Random(seed)``."""
    g = played(name, 7, 15)
    w = g.with_hidden([list(h) for h in g.hands], list(g.draw_pile), 1234)
    fresh = random.Random(1234)
    assert [w.rng.random() for _ in range(5)] == [fresh.random() for _ in range(5)]
    assert w.hands == g.hands and w.hands[0] is not g.hands[0]
    assert w.actions == [] and w.hand_events == []


def test_worlds_alike_play_alike() -> None:
    """Two worlds from one seed are the same game: common random numbers for search."""
    g = played("attack", 8, 12)  # the launcher draws from the RNG at every press
    hands, draw = [list(h) for h in g.hands], list(g.draw_pile)
    play_both(g.with_hidden(hands, draw, 99), g.with_hidden(hands, draw, 99), 200, 4)


def test_lazy_rng_is_the_seeded_one() -> None:
    """A new game deals from ``Random(seed)``, as before the RNG became lazy: the same
    seed gives the same deal as a game whose RNG was set by hand."""
    a = new_game(edition("official"), 4, 42)
    b = Game.blank(edition("official"), 4, 42)
    b.rng = random.Random(42)
    b.start_hand([])
    assert a.hands == b.hands and a.draw_pile == b.draw_pile and a.discard == b.discard


@pytest.mark.parametrize("name", EDITIONS)
def test_a_world_made_over_a_spent_one_is_a_fresh_world(name: str) -> None:
    """Search makes each world over the last one played out (``with_hidden(into=…)``):
    whatever that play-out changed (its devices, the match it ended, its RNG), the world
    made over it has every attribute a new world has, and plays on alike."""
    g = played(name, 11, 20)
    hands, draw = [list(h) for h in g.hands], list(g.draw_pile)
    spent = g.with_hidden(hands, draw, 5)
    rng = random.Random(3)
    spent.rng.random()  # its RNG seeded and moved on
    while not spent.over:
        acts = [a for a in spent.legal_actions() if not isinstance(a, CallUno | Catch)]
        spent.apply(acts[rng.randrange(len(acts))])
    made = g.with_hidden(hands, draw, 77, "same", spent)
    fresh = g.with_hidden(hands, draw, 77)
    assert made is spent
    names = attributes(fresh)
    assert sorted(attributes(made)) == sorted(names)
    for n in names:
        assert state(getattr(made, n)) == state(getattr(fresh, n)), n
    play_both(made, fresh, 200, 12)
