"""Everything that crosses to the bots' process pickles and copies back unchanged, on both
engines (`make test` runs tests/rules on the pure engine, then on the native one).

The table's AI thinks in a process of its own (game/ui/botrunner.py): every decision sends
a :class:`~game.rules.view.PlayerView` (its ruleset, edition options, unit view, the hand's
events, the legal actions) through a pipe and gets an action back. A compiled (mypyc) class
cannot be unpickled the default way, so a view with any event in it killed the bots'
process on the native engine (issue 31) and the game fell back to a thread.

The classes are found, not listed: every dataclass, named tuple and enum of the modules the
messages are made of, and every class met inside the views, actions and answers of real
matches of each registered edition with its house rules. Each is round-tripped from a value
built from its fields' written types (distinct per field, and off the defaults, so a field
lost or swapped on the way shows), then compared field by field, cards and enum members by
identity (the compiled engine may compare cards by identity).
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import enum
import functools
import pickle
import random
import types
import typing
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import game.rules.actions as A
import game.rules.cards as cards_module
import game.rules.decisions as decisions_module
import game.rules.events as E
import game.rules.events_editions as EE
import game.rules.ruleset as ruleset_module
import game.rules.units as units_module
import game.rules.view as view_module
from game import ENGINE
from game.bots.driver import MatchRunner
from game.bots.random_bot import RandomPlayBot
from game.rules.cards import CARDS, TEXT_OF, Card
from game.rules.editions import new_game
from game.rules.house import fitting, house_text
from game.rules.ruleset import EDITIONS, EditionOptions, MatchKind, Ruleset
from game.rules.view import PlayerView

ROOT = Path(__file__).resolve().parents[2]

#: The modules the bots' messages are made of: their classes are checked even before a
#: match meets them (a rare event, a new action).
MODULES = (E, EE, A, units_module, view_module, ruleset_module, decisions_module,
           cards_module)

#: What the pipe does with a message (multiprocessing's own pickler, with copyreg's table),
#: and the other ways a value is copied.
ROUND_TRIPS: dict[str, Callable[[Any], Any]] = {
    **{f"pickle{p}": functools.partial(lambda o, p: pickle.loads(pickle.dumps(o, p)), p=p)
       for p in range(2, pickle.HIGHEST_PROTOCOL + 1)},
    "pipe": lambda o: pickle.loads(_pipe_bytes(o)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}


def _pipe_bytes(obj: object) -> bytes:
    from multiprocessing.reduction import ForkingPickler

    return bytes(ForkingPickler.dumps(obj))


# ---------------------------------------------------------------- real matches' messages
class Recording:
    """A player that reads its view, with the hand's history, as the table's bots do (and
    plays as the random baseline), keeping every message the table would send to the bots'
    process and the answer that would come back."""

    name = "recording"
    wants_history = True
    reads_view = True
    jump_chance = 0.5

    def __init__(self, seen: list[Any]) -> None:
        self.seen = seen
        self.inner = RandomPlayBot()

    def choose(self, view: PlayerView, legal: Sequence[A.Action],
               rng: random.Random) -> A.Action:
        action = self.inner.choose(view, legal, rng)
        self.seen.append(("choose", view.me, view, list(legal), action))
        return action

    def react(self, view: PlayerView, options: Sequence[A.Action],
              rng: random.Random) -> A.Action | None:
        answer = self.inner.react(view, options, rng)
        self.seen.append(("react", [(view.me, view, list(options))], answer))
        return answer


def rulesets() -> list[Ruleset]:
    """Every registered edition's rules, alone and with every house rule that fits it."""
    out = []
    for rs in EDITIONS.values():
        out.append(dataclasses.replace(rs, match=MatchKind.SINGLE_HAND))
        house = fitting(rs.edition)
        if house:
            out.append(dataclasses.replace(rs, match=MatchKind.SINGLE_HAND,
                                           house=house_text(house)))
    return out


@functools.cache
def messages() -> tuple[Any, ...]:
    """What a whole hand of every edition (house rules on and off) would send."""
    seen: list[Any] = []
    for i, rs in enumerate(rulesets()):
        game = new_game(rs, 4, 1000 + i)
        MatchRunner(game, [Recording(seen) for _ in range(4)], 3).run()
    return tuple(seen)


def walk(obj: object) -> Iterator[object]:
    """``obj`` and everything inside it, each object once (the views of a hand share their
    history: walked again at every view, it took 7 million steps at every collection)."""
    seen: set[int] = set()
    stack = [obj]
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        yield o
        if isinstance(o, (tuple, list)):
            stack.extend(o)
        elif isinstance(o, dict):
            for k, v in o.items():
                stack.extend((k, v))
        elif dataclasses.is_dataclass(o) and not isinstance(o, type):
            stack.extend(getattr(o, f.name) for f in dataclasses.fields(o))


PLAIN = (int, str, bool, float, type(None), tuple, list, dict)


def met_in_matches() -> set[type]:
    return {type(o) for o in walk(messages()) if type(o) not in PLAIN}


def defined_in_modules() -> set[type]:
    found = set()
    for module in MODULES:
        for obj in vars(module).values():
            if (isinstance(obj, type) and obj.__module__ == module.__name__
                    and (dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum)
                         or hasattr(obj, "_fields") or obj is Card)):
                found.add(obj)
    return found


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


CLASSES = sorted(defined_in_modules() | met_in_matches(), key=_name)


# ---------------------------------------------------------------- values from the fields
@functools.cache
def written_types(cls: type) -> dict[str, Any]:
    """Each field's type as written in the source (the compiled build keeps only rough
    run-time annotations), evaluated in the class's module; a base's fields too (every
    action's ``player`` is ``Action``'s)."""
    found: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__.startswith("game.") and klass is not cls:
            found.update(written_types(klass))
    return {**found, **own_written_types(cls)}


def own_written_types(cls: type) -> dict[str, Any]:
    """The fields ``cls``'s own body declares, with their types as written."""
    module = __import__(cls.__module__, fromlist=["_"])
    path = ROOT.joinpath(*cls.__module__.split(".")).with_suffix(".py")
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return {
                f.target.id: eval(ast.unparse(f.annotation), vars(module))
                for f in node.body
                if isinstance(f, ast.AnnAssign) and isinstance(f.target, ast.Name)
                and not ast.unparse(f.annotation).startswith(("ClassVar", "typing.ClassVar"))
            }
    raise AssertionError(f"{_name(cls)} not found in {path}")


REAL_CARDS = [c for c in CARDS if TEXT_OF[c] is not None]


def real_rulesets() -> list[Ruleset]:
    """Rulesets cannot be made up field by field (the deck, the values): the editions'."""
    return [*rulesets(), *EDITIONS.values()]


def sample(tp: Any, k: int) -> Any:
    """A value of type ``tp``, different for each ``k``."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        arms = [a for a in args if a is not type(None)]
        return sample(arms[k % len(arms)], k)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (sample(args[0], k), sample(args[0], k + 7))
        return tuple(sample(a, k + i) for i, a in enumerate(args))
    if tp is bool:
        return k % 2 == 1
    if tp is int:
        return k
    if tp is str:
        return f"s{k}"
    if tp is Card:
        return REAL_CARDS[k % len(REAL_CARDS)]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        members = list(tp)
        return members[k % len(members)]
    if tp is Ruleset:
        return real_rulesets()[k % len(real_rulesets())]
    if isinstance(tp, type) and issubclass(tp, EditionOptions):
        return next(rs.options for rs in real_rulesets() if type(rs.options) is tp)
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or hasattr(tp, "_fields")):
        return built(tp, k)
    raise AssertionError(f"no sample for {tp!r}: teach sample() this type")


def built(cls: type, k: int = 1) -> Any:
    """An object of ``cls`` with every field given a value of its own, off its default."""
    hints = written_types(cls)
    if dataclasses.is_dataclass(cls):
        names = [(f.name, f.default) for f in dataclasses.fields(cls)]
    else:
        names = [(n, cls._field_defaults.get(n, dataclasses.MISSING))  # type: ignore[attr-defined]
                 for n in cls._fields]  # type: ignore[attr-defined]
    values = []
    for i, (name, default) in enumerate(names):
        j = k + 10 * i + 1
        value = sample(hints[name], j)
        if default is not dataclasses.MISSING and value == default:
            value = sample(hints[name], j + 1)  # a lost field would come back as its default
        values.append(value)
    return cls(*values)


def samples(cls: type) -> list[Any]:
    if cls is Card:
        return [REAL_CARDS[0], REAL_CARDS[-1], CARDS[Card.parse("W+4")]]
    if issubclass(cls, enum.Enum):
        return list(cls)
    if cls is Ruleset:
        return real_rulesets()
    if issubclass(cls, EditionOptions):
        return [rs.options for rs in real_rulesets() if type(rs.options) is cls]
    if cls is PlayerView:
        views = [m[2] for m in messages() if m[0] == "choose"]
        return [built(cls), *views[:: max(1, len(views) // 20)]]
    return [built(cls), built(cls, 2)]


# ---------------------------------------------------------------- field by field
def assert_same(a: object, b: object, where: str) -> None:
    """``b`` is ``a`` rebuilt: the same type, every field the same, cards and enum members
    the very same objects."""
    assert type(b) is type(a), f"{where}: {type(b).__name__}, not {type(a).__name__}"
    if isinstance(a, (Card, enum.Enum)):
        assert b is a, f"{where}: {b!r} is a new object, not the shared {a!r}"
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            assert_same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
        if hasattr(a, "__dict__"):  # what an interpreted dataclass keeps beside its fields
            assert vars(b).keys() == vars(a).keys(), where
            for name, value in vars(a).items():
                assert_same(value, vars(b)[name], f"{where}.{name}")
    elif isinstance(a, tuple) and hasattr(a, "_fields"):
        for name in a._fields:
            assert_same(getattr(a, name), getattr(b, name), f"{where}.{name}")
    elif isinstance(a, (tuple, list)):
        assert len(b) == len(a), f"{where}: {len(b)} items, not {len(a)}"  # type: ignore[arg-type]
        for i, (x, y) in enumerate(zip(a, b, strict=True)):  # type: ignore[call-overload]
            assert_same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert b.keys() == a.keys(), where  # type: ignore[attr-defined]
        for key, value in a.items():
            assert_same(value, b[key], f"{where}[{key!r}]")  # type: ignore[index]
    else:
        assert b == a, f"{where}: {b!r} != {a!r}"


def round_trip(obj: object, where: str) -> None:
    for how, again in ROUND_TRIPS.items():
        back = again(obj)
        assert_same(obj, back, f"{how} of {where}")
        assert back == obj, f"{how} of {where}"


# ---------------------------------------------------------------- the tests
def test_the_checks_run_on_the_engine_asked_for() -> None:
    """The native run of tests/rules must check the compiled classes, not the source."""
    assert ENGINE in ("pure", "native")
    compiled = hasattr(E.HandStarted, "__mypyc_attrs__")
    assert compiled == (ENGINE == "native")


def test_the_classes_are_found_in_the_modules_and_in_real_matches() -> None:
    """Discovery finds the classes a view is made of, so a new one is covered unlisted."""
    found = set(CLASSES)
    assert set(typing.get_args(E.Event)) <= found
    assert set(A.ACTION_TYPES) <= found
    assert {PlayerView, Ruleset, Card, units_module.LauncherView, units_module.TraysView,
            units_module.RobotoView, units_module.TimerView} <= found
    assert {type(rs.options) for rs in EDITIONS.values()} <= found
    # The matches send views with history in every edition: events cross in them.
    met = met_in_matches()
    assert PlayerView in met and E.HandStarted in met and E.CardPlayed in met


@pytest.mark.parametrize("cls", CLASSES, ids=_name)
def test_a_value_pickles_and_copies_back_field_by_field(cls: type) -> None:
    for i, obj in enumerate(samples(cls)):
        round_trip(obj, f"{cls.__name__} #{i}")


def test_every_message_of_real_matches_crosses_the_pipe_unchanged() -> None:
    """What the table sends the bots' process (a view with the hand's history, the legal
    actions; the reactions' asks) and what comes back (an action, or nothing)."""
    for i, message in enumerate(messages()):
        back = pickle.loads(_pipe_bytes(message))
        assert_same(message, back, f"message {i} ({message[0]})")
