"""What the compiled build of the engine (mypyc; see tools/build_native.py) needs.

``mypyc_attr`` is mypy_extensions' decorator when mypy or mypyc reads the code (the
stub ``native.pyi`` says so) and the no-op below when the code runs, so the engine
imports only the standard library and runs where mypy is not installed. :func:`blank`
makes an object to copy into whether its class is interpreted or compiled, and
:func:`compiled_attributes` lists a compiled class's attributes (the copies' test reads it).

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


def compiled_attributes(cls: type) -> tuple[str, ...]:
    """The attributes a compiled class and its bases keep outside ``__dict__``."""
    names: dict[str, None] = {}
    for klass in cls.__mro__:
        for name in getattr(klass, "__mypyc_attrs__", ()):
            if name != "__dict__":
                names[name] = None
    return tuple(names)
