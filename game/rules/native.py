"""What the compiled build of the engine (mypyc; see tools/build_native.py) needs.

``mypyc_attr`` is mypy_extensions' decorator when mypy or mypyc reads the code (the
stub ``native.pyi`` says so) and the no-op below when the code runs, so the engine
imports only the standard library and runs where mypy is not installed.
:func:`shallow_copy` copies an object whether its class is interpreted (attributes in
``__dict__``) or compiled (attributes in slots listed by ``__mypyc_attrs__``).

This module itself is never compiled.
"""

from __future__ import annotations

from collections.abc import Callable
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


def shallow_copy(obj: T, *init_args: object) -> T:
    """A new object of ``obj``'s class whose attributes are ``obj``'s (the same values,
    not copies), made by :func:`blank` (``init_args`` are for a compiled class):
    ``copy.copy`` does not see a compiled class's attributes."""
    cls = type(obj)
    new = blank(cls, *init_args)
    state = getattr(obj, "__dict__", None)
    if state is not None:
        new.__dict__.update(state)
    names = _SLOTS.get(cls)
    if names is None:
        names = _SLOTS[cls] = _compiled_attributes(cls)
    for name in names:
        try:
            value = getattr(obj, name)
        except AttributeError:  # declared but never set
            continue
        setattr(new, name, value)
    return new


_SLOTS: dict[type, tuple[str, ...]] = {}


def _compiled_attributes(cls: type) -> tuple[str, ...]:
    """The attributes a compiled class and its bases keep outside ``__dict__``."""
    names: dict[str, None] = {}
    for klass in cls.__mro__:
        for name in getattr(klass, "__mypyc_attrs__", ()):
            if name != "__dict__":
                names[name] = None
    return tuple(names)
