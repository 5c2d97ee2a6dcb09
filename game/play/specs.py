"""How decisions and actions read as choices: the registry :mod:`game.play.choices` reads.

Each layer that brings a decision or an action registers how it reads here: the official
game's in :mod:`game.play.choices`, each edition's in its ``voice`` module
(``game/editions/<name>/voice.py``), the house rules' in :mod:`game.voice.choices_house`.
This module names none of them and imports no edition, so an edition's declarations import
it without importing the choice description that loads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from game.rules.actions import Action
from game.rules.decisions import Decision
from game.rules.view import PlayerView

#: A label parameter: a seat (``player``, ``target``), a card's text (``card``), a colour's
#: letter (``colour``), a tray (``tray``, counted from 0, shown from 1), a number
#: (``count``), seats in order (``order``), or (seat, cards) pairs (``shares``).
#: :data:`PARAM_TYPES` says which is which (:mod:`game.play.labels` renders them).
Param = int | str | tuple[int, ...] | tuple[tuple[int, int], ...]

#: How a front end renders a label parameter, by its name.
PARAM_TYPES: Final[Mapping[str, str]] = {
    "player": "seat", "target": "seat", "card": "card", "colour": "colour",
    "tray": "tray", "count": "number", "order": "seats", "shares": "shares",
}

#: Widget kinds of an option: how a front end offers it. One widget per kind serves every
#: edition (a player picker with faces, a colour picker, a tray picker …).
WIDGETS: Final = frozenset({"card", "colour", "player", "tray", "button", "order", "shares"})


@dataclass(frozen=True)
class DecisionSpec:
    """How a decision a seat owes reads as a choice."""

    kind: str
    label: str
    clause: str
    params: Callable[[PlayerView], Mapping[str, Param]] | None = None
    #: Option labels that read otherwise in this decision, by option id (taking a stack
    #: is not accepting a Wild Draw Four).
    relabel: Mapping[str, str] = field(default_factory=dict)
    #: Answered from the hand and the draw pile (see :attr:`Choice.hand`).
    hand: bool = False
    #: The label, when it depends on the moment (whom the launcher turns to): from the
    #: seat's view, in place of ``label``.
    label_of: Callable[[PlayerView], str] | None = None


@dataclass(frozen=True)
class ActionSpec:
    """How one kind of action reads as an option.

    ``ident`` gives the option's id (stable for the same action), ``params`` its label's
    parameters; ``group`` puts every such action in a choice of its own (calling UNO,
    catching), while ``None`` puts it in the choice of the decision the seat owes — or in
    the jump-in choice when it is not the seat's turn. ``shown``, where the seat's view
    changes how the option reads (a card played on one of several trays names its tray),
    gives its label and parameters from the action and the view, in place of ``label`` and
    ``params``.
    """

    widget: str
    label: str
    ident: Callable[[Any], str]
    params: Callable[[Any], Mapping[str, Param]] = lambda a: {}
    group: str | None = None
    shown: Callable[[Any, PlayerView], tuple[str, Mapping[str, Param]]] | None = None


@dataclass(frozen=True)
class ClockSpec:
    """A clock on a decision (T-12's turn timer): the seconds it gives, from the seat's
    view (``None``: no clock this game), and the clock's own action for the seat when it
    runs out. Time is an input: the front end keeps the clock, the engine gets the action."""

    seconds: Callable[[PlayerView], float | None]
    expire: Callable[[int], Action]


@dataclass(frozen=True)
class GroupSpec:
    """A choice of its own, open out of turn too (calling UNO, catching, jumping in)."""

    kind: str
    label: str
    clause: str
    shared: bool = True
    order: int = 0


DECISIONS: dict[str, DecisionSpec] = {}
ACTIONS: dict[type, ActionSpec] = {}
GROUPS: dict[str, GroupSpec] = {}
CLOCKS: dict[str, ClockSpec] = {}

#: What the racers of a race must do (R-10), by the race's kind (a unit's ``interruption``):
#: a label (message id) and its parameters, picked from the game's seed and the moment (the
#: session's version), so the table and a phone show the same task at the same moment.
TaskPicker = Callable[[int, int], tuple[str, Mapping[str, str]]]
TASKS: dict[str, TaskPicker] = {}


def register_decision(decision: Decision | str, spec: DecisionSpec) -> None:
    """Say how ``decision`` (a :class:`Decision`, or the value of one) reads as a choice."""
    DECISIONS[decision if isinstance(decision, str) else decision.value] = spec


def register_action(cls: type, spec: ActionSpec) -> None:
    """Say how actions of class ``cls`` read as options."""
    if spec.widget not in WIDGETS:
        raise ValueError(f"unknown widget {spec.widget!r}; one of {sorted(WIDGETS)}")
    ACTIONS[cls] = spec


def register_group(name: str, spec: GroupSpec) -> None:
    """A choice of its own that actions may name as their ``group``."""
    GROUPS[name] = spec


def register_clock(decision: Decision | str, spec: ClockSpec) -> None:
    """Put a clock on ``decision`` (see :class:`ClockSpec`)."""
    CLOCKS[decision if isinstance(decision, str) else decision.value] = spec


def register_task(kind: str, pick: TaskPicker) -> None:
    """Say what the racers of a ``kind`` race must do (see :data:`TASKS`)."""
    TASKS[kind] = pick


def race_task(kind: str, seed: int, version: int) -> tuple[str, dict[str, str]]:
    """The task of a ``kind`` race at this moment of the game: its label (a message id) and
    parameters. ``KeyError`` when no edition registered a task for ``kind``."""
    pick = TASKS.get(kind)
    if pick is None:
        raise KeyError(f"no task registered for a {kind!r} race")
    label, params = pick(seed, version)
    return label, dict(params)


def unregister(*keys: object) -> None:
    """Forget registrations (a test's own decision, action or group)."""
    for key in keys:
        if isinstance(key, type):
            ACTIONS.pop(key, None)
        elif isinstance(key, Decision):
            DECISIONS.pop(key.value, None)
            CLOCKS.pop(key.value, None)
        elif isinstance(key, str):
            DECISIONS.pop(key, None)
            GROUPS.pop(key, None)
            CLOCKS.pop(key, None)
            TASKS.pop(key, None)
