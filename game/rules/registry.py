"""The editions the engine plays: each declares itself once, from its own module.

An edition module (``game/rules/editions/<name>.py``, or a plug-in's own package) builds
one :class:`Edition` (its default ruleset, whose ``options`` value is of the edition's own
options class, its game class, and the decisions a position of it can wait for) and calls
:func:`register`. The ruleset lookup (:func:`game.rules.ruleset.edition`),
:func:`game.rules.editions.new_game`, the position text and the set-up's list of editions
all find it there; none of them names an edition. PySolFC adds a game variant the same
way, with one call.

What else an edition adds registers with the registry of its kind, from the edition's
module: a card rank (:func:`game.rules.cards.add_rank`), a decision
(:func:`game.rules.decisions.add_decision`), an action's text form
(:func:`game.rules.actions.add_action`). Its device is its game class's: state
(``setup_devices``), view (``unit_view``, a :class:`~game.rules.units.DeviceView`), text
form and checks (``unit_text``, ``load_unit``, ``check_unit``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.rules.decisions import Decision
from game.rules.engine import Game
from game.rules.ruleset import EDITIONS, Ruleset, add_edition, remove_edition

D = Decision
#: The decisions of the official rules (C), which most editions keep.
OFFICIAL_DECISIONS: Final = frozenset({D.TURN, D.COLOUR, D.CHALLENGE, D.DRAWN, D.OVER})


@dataclass(frozen=True)
class Edition:
    """One edition, as its module declares it."""

    #: The default ruleset: deck, values, start rules, every option's default (the
    #: edition's own in ``rules.options``). Its ``edition`` is the edition's name.
    rules: Ruleset
    #: The game class that plays it (hooks over the official engine).
    game: type[Game] = Game
    #: What a position of this edition can be waiting for (checked by the position
    #: codec); house rules add theirs.
    decisions: frozenset[Decision] = OFFICIAL_DECISIONS
    #: Of those, the ones a player holding no card may owe (naming a victim with the
    #: last card …).
    empty_handed: frozenset[Decision] = frozenset()

    @property
    def name(self) -> str:
        return self.rules.edition


_REGISTRY: dict[str, Edition] = {}


def register(ed: Edition) -> Edition:
    """Add (or replace) an edition. ``ValueError`` if one of its own options has the name
    of an option every edition has, or of another edition's own option (the JSON and
    the position text list options flat)."""
    own = ed.rules.options.names()
    for name in own:
        other = next((e.name for e in _REGISTRY.values()
                      if e.name != ed.name and name in e.rules.options.names()), None)
        if name in Ruleset.OPTIONS or name == "house" or other is not None:
            raise ValueError(f"{ed.name}'s option {name!r} is already {other or 'everyone'}'s")
    _REGISTRY[ed.name] = ed
    add_edition(ed.rules)
    return ed


def unregister(name: str) -> None:
    """Forget edition ``name`` (a plug-in switched off, a test's own edition)."""
    _REGISTRY.pop(name, None)
    remove_edition(name)


def edition_of(name: str) -> Edition:
    """The registered edition ``name``; ``ValueError`` lists the known ones."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown edition {name!r} (known: {', '.join(EDITIONS)})") from None


def names() -> tuple[str, ...]:
    """Every registered edition's name, in the order they were registered."""
    return tuple(_REGISTRY)
