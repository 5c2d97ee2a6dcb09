"""What the compiled build of the engine (mypyc; see tools/build_native.py) needs.

``mypyc_attr`` is mypy_extensions' decorator when mypy or mypyc reads the code (the
stub ``native.pyi`` says so) and the no-op below when the code runs, so the engine
imports only the standard library and runs where mypy is not installed. :func:`blank`
makes an object to copy into whether its class is interpreted or compiled,
:func:`compiled_attributes` lists a compiled class's attributes (the copies' test reads it),
and :func:`pickle_by_fields` makes a module's dataclasses pickle and copy on both engines.

This module itself is never compiled.
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from typing import TypeVar

T = TypeVar("T")


def mypyc_attr(*_args: object, **_kwargs: object) -> Callable[[T], T]:
    """No-op at run time; mypyc reads mypy_extensions' (see native.pyi)."""
    return lambda cls: cls


def blank(cls: type[T], *init_args: object) -> T:
    """An object of ``cls`` whose attributes the caller is about to set, all of them.

    In plain Python it is made without ``__init__``. A compiled (mypyc native) class has
    no such object (its ``__new__`` runs ``__init__``), so there it is made by
    ``cls(*init_args, blank=True)``: ``Game.__init__`` then stops before the deal.
    """
    if hasattr(cls, "__mypyc_attrs__"):
        return cls(*init_args, blank=True)
    return cls.__new__(cls)


def compiled_attributes(cls: type) -> tuple[str, ...]:
    """The attributes a compiled class and its bases keep outside ``__dict__``."""
    names: dict[str, None] = {}
    for klass in cls.__mro__:
        for name in getattr(klass, "__mypyc_attrs__", ()):
            if name != "__dict__":
                names[name] = None
    return tuple(names)


def pickle_by_fields(namespace: Mapping[str, object], module: str) -> tuple[type, ...]:
    """Make every dataclass defined in ``module`` pickle and copy as a call of its class
    with its fields, in order; a module calls ``pickle_by_fields(globals(), __name__)``
    after its classes. Returns the classes, in the order they were defined.

    A compiled (mypyc native) class cannot be rebuilt the default way: pickle and ``copy``
    make a bare object with ``cls.__new__``, which runs ``__init__`` without arguments
    (``TypeError: __init__() missing required argument``), then set its attributes, which a
    frozen one refuses. So the events, actions and views that cross to the bots' process
    (game/ui/botrunner.py) take this way on both engines, and a new class of such a module
    is covered as soon as it is written. Its ``__init__`` must take its fields in order
    (tests/rules/test_events.py checks the events' written ones); a field left out of
    ``__init__`` cannot be rebuilt, so such a class is refused here with ``TypeError``.
    """
    found = []
    for obj in list(namespace.values()):
        if not (isinstance(obj, type) and is_dataclass(obj) and obj.__module__ == module):
            continue
        own = fields(obj)
        left_out = [f.name for f in own if not f.init]
        if left_out:
            raise TypeError(f"{obj.__name__} cannot be rebuilt from its fields: "
                            f"{', '.join(left_out)} not taken by __init__")
        copyreg.pickle(obj, _rebuilt_from(tuple(f.name for f in own)))
        found.append(obj)
    return tuple(found)


def _rebuilt_from(names: tuple[str, ...]) -> Callable[[object], tuple[type, tuple[object, ...]]]:
    """The reducer of a class with fields ``names``: its class and their values."""

    def rebuilt(obj: object) -> tuple[type, tuple[object, ...]]:
        return type(obj), tuple([getattr(obj, name) for name in names])

    return rebuilt
