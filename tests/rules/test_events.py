"""The events' written ``__init__`` (see game/rules/events.py: a frozen dataclass's generated
one cost half a hand's time in the compiled engine) must stay in step with the fields a
dataclass compares, hashes, prints and replaces: a field added to one and not the other
would make events that look alike but differ, or crash on ``repr``."""

from __future__ import annotations

import ast
import dataclasses
import typing
from pathlib import Path

import pytest

import game.rules.events as E
import game.rules.events_editions as EE
from game.rules.cards import CARDS, Colour

MODULES = (E, EE)
EVENTS = [c for m in MODULES for c in vars(m).values()
          if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == m.__name__]


def test_every_event_is_in_the_union() -> None:
    assert set(EVENTS) == set(typing.get_args(E.Event))


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_each_init_takes_exactly_its_fields_in_order_with_their_defaults(cls: type) -> None:
    """By calling it (the compiled ``__init__`` has no signature to read): the fields in
    order by position, by name, the defaulted ones left out, and nothing else."""
    fields = dataclasses.fields(cls)
    values = [sample(text(cls, f), 2 * i + 1) for i, f in enumerate(fields)]
    by_position = cls(*values)
    assert [getattr(by_position, f.name) for f in fields] == values
    assert cls(**{f.name: v for f, v in zip(fields, values, strict=True)}) == by_position
    required = [f for f in fields if f.default is dataclasses.MISSING]
    assert fields[: len(required)] == tuple(required)  # defaults come last
    bare = cls(*values[: len(required)])
    for f in fields[len(required):]:
        assert getattr(bare, f.name) == f.default, f"{cls.__name__}.{f.name}"
    with pytest.raises(TypeError):
        cls(*values, **{"surprise": 1})


#: Each event's fields' types as written in the source (the compiled build keeps only
#: rough run-time types: ``Colour | None`` becomes ``type``).
WRITTEN = {
    node.name: {f.target.id: ast.unparse(f.annotation) for f in node.body
                if isinstance(f, ast.AnnAssign) and isinstance(f.target, ast.Name)}
    for m in MODULES
    for node in ast.parse(
        (Path(__file__).parents[2] / "game" / "rules" / f"{m.__name__.split('.')[-1]}.py")
        .read_text("utf-8")).body
    if isinstance(node, ast.ClassDef)
}


def text(cls: type, f: dataclasses.Field[object]) -> str:
    return WRITTEN[cls.__name__][f.name]


def sample(annotation: str, i: int) -> object:
    """A value of the field's type (the compiled build checks them), distinct for each
    ``i``."""
    kind = annotation.split("[")[0].split(" |")[0].strip()
    if kind == "int":
        return i
    if kind == "bool":
        return i % 2 == 1
    if kind == "str":
        return f"s{i}"
    if kind == "Card":
        return CARDS[i % 64]
    if kind == "Colour":
        return Colour(i % 4)
    if kind == "tuple":
        return ((i,),) if "tuple[tuple" in annotation else (CARDS[i % 64],) \
            if "Card" in annotation else (i,)
    raise AssertionError(f"no sample for {annotation}: add one")


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_each_init_sets_every_field_and_equality_follows_them(cls: type) -> None:
    """Every field reads back what was given; an event equals and hashes like its copy,
    and differs from one with any one field changed."""
    fields = dataclasses.fields(cls)
    values = {f.name: sample(text(cls, f), 2 * i + 1) for i, f in enumerate(fields)}
    event = cls(**values)
    for name, v in values.items():
        assert getattr(event, name) == v
    again = cls(**values)
    assert event == again and hash(event) == hash(again)
    assert repr(event).startswith(f"{cls.__name__}(")
    for i, f in enumerate(fields):
        assert dataclasses.replace(event, **{f.name: sample(text(cls, f), 2 * i + 2)}) != event


#: The events ``redact`` hides cards of, and the field it empties.
HIDDEN = {"CardsDrawn": "cards", "LauncherPressed": "fired", "ChallengeResolved": "hand"}


@pytest.mark.parametrize("cls", [c for c in EVENTS if c.__name__ in HIDDEN],
                         ids=lambda c: c.__name__)
def test_a_redacted_copy_empties_only_the_hidden_cards(cls: type) -> None:
    """``redact`` builds its copy field by field (for speed): it must equal the copy with
    only the hidden field emptied, for whoever may not see it, and be the event itself for
    whoever may."""
    fields = dataclasses.fields(cls)
    event = cls(**{f.name: sample(text(cls, f), 2 * i + 1) for i, f in enumerate(fields)})
    hidden = dataclasses.replace(event, **{HIDDEN[cls.__name__]: ()})
    owners = {getattr(event, name) for name in ("player", "challenger", "challenged")
              if hasattr(event, name)}
    stranger = max(owners) + 1
    assert E.redact(event, stranger) == hidden and type(E.redact(event, stranger)) is cls
    for owner in owners:
        assert E.redact(event, owner) is event
