"""Members added to an enum after its class was made: an edition's own card rank
(:class:`~game.rules.cards.Rank`) or decision (:class:`~game.rules.decisions.Decision`).

The engine's own members stay declared in their class (typed code reads ``Rank.SKIP``); a
plug-in's are added while it is registered and taken out again when it is not, and the
enum then behaves as if they had been declared: ``Rank(24)``, ``Rank.BELL``,
``Rank["BELL"]``, ``len(Rank)``, iteration, ``.name``, ``.value``, pickling. An enum's
class cannot be extended in Python, so this writes the tables that :class:`enum.EnumType`
reads (``_member_map_``, ``_member_names_``, ``_value2member_map_``), which every CPython
since 3.11 keeps (``tests/rules/test_open_enums.py`` checks it).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

E = TypeVar("E", bound=Enum)

#: Members taken out, by (class, name): added again, a member is the same object.
_RETIRED: dict[tuple[type, str], Any] = {}


def add_member(cls: type[E], name: str, value: Any) -> E:
    """The member ``name`` of ``value`` added to ``cls`` (the one it had if it was added
    and taken out before); ``ValueError`` if the name or the value is taken."""
    table: Any = cls
    if name in table._member_map_ or value in table._value2member_map_ or hasattr(cls, name):
        raise ValueError(f"{cls.__name__} already has {name} or the value {value!r}")
    member: Any = _RETIRED.get((cls, name))
    if member is None or member._value_ != value:
        base = table._member_type_
        member = base.__new__(cls, value) if base is not object else object.__new__(cls)
        member._name_ = name
        member._value_ = value
        member.__objclass__ = cls
    table._member_map_[name] = member
    table._member_names_.append(name)
    table._value2member_map_[value] = member
    type.__setattr__(cls, name, member)
    found: E = member
    return found


def remove_member(cls: type[E], member: E) -> None:
    """Take ``member`` (added by :func:`add_member`) out of ``cls``."""
    table: Any = cls
    name = member.name
    if table._member_map_.get(name) is not member:
        return
    del table._member_map_[name]
    table._member_names_.remove(name)
    table._value2member_map_.pop(member.value, None)
    type.__delattr__(cls, name)
    _RETIRED[(cls, name)] = member
