"""What one seat may do now, described once as plain data every front end renders.

A :class:`Choices` is built for one seat from that seat's own :class:`PlayerView` alone
(:func:`describe`), so it cannot carry what the seat may not see. It lists the seat's open
:class:`Choice` s — the decision it owes (play or draw, name a colour, press a tray …) and
what it may do out of turn (call UNO, catch a player, jump in) — each with its options, a
label key with the label's parameters, the rule clause it comes from and, where a clock
decides, a deadline. It serialises to JSON (:meth:`Choices.to_json`) for the phone page, and
the table, the narration and the tests read the same object.

What each decision and each action looks like as a choice is registered, not listed here:
:func:`register_decision` and :func:`register_action` (the official game's are below; an
edition's come from its own ``voice`` module, the registry is :mod:`game.play.specs`). A decision
or an action that nobody registered still gets a plain choice, named by its text form, so
no decision can leave a player stuck.

Applying a choice by its ids (:func:`resolve`) gives back the engine's action, or raises the
engine's :class:`~game.rules.errors.IllegalAction` naming the clause; nothing here changes
the game (:meth:`game.play.session.Session.choose` applies it, once).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from game.i18n import N_
from game.play.specs import (
    ACTIONS,
    CLOCKS,
    DECISIONS,
    GROUPS,
    PARAM_TYPES,
    WIDGETS,
    ActionSpec,
    ClockSpec,
    DecisionSpec,
    GroupSpec,
    Param,
    register_action,
    register_clock,
    register_decision,
    register_group,
    unregister,
)
from game.rules import actions as A
from game.rules.actions import Action, action_text
from game.rules.cards import Card, Colour
from game.rules.decisions import NEEDS, Decision
from game.rules.errors import IllegalAction
from game.rules.view import PlayerView

#: The version of the JSON form (:meth:`Choices.to_json`); the phone page checks it.
SCHEMA: Final = 1

@dataclass(frozen=True)
class Option:
    """One thing a seat may pick within a choice."""

    id: str
    widget: str
    label: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "widget": self.widget, "label": self.label,
                "params": _json_params(self.params)}


@dataclass(frozen=True)
class Choice:
    """One decision open to a seat: its options, what to say, the rule, the clock."""

    id: str
    kind: str
    label: str
    clause: str
    options: tuple[Option, ...]
    params: Mapping[str, Param] = field(default_factory=dict)
    #: Seconds left to answer when this was described, where a clock decides (the Triple
    #: Play timer, a Roboto race); ``None``: no clock.
    deadline: float | None = None
    #: Several seats may hold this choice at once (catching, jumping in): the first taken
    #: wins, the others' goes stale.
    shared: bool = False
    #: Answered from the hand (its card options play cards of the seat's hand) and the
    #: draw pile (its one other option: draw, keep, take a stack, press the launcher),
    #: rather than in a dialog of its own: the turn, the drawn card, a stack.
    hand: bool = False

    def option(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "label": self.label,
                "params": _json_params(self.params), "clause": self.clause,
                "deadline": None if self.deadline is None else round(self.deadline, 3),
                "shared": self.shared, "hand": self.hand,
                "options": [o.to_json() for o in self.options]}


@dataclass(frozen=True)
class Choices:
    """Everything ``seat`` may do at state ``version``; see the module docstring."""

    version: int
    seat: int
    choices: tuple[Choice, ...]
    #: (choice id, option id) -> the engine's action; never serialised.
    actions: Mapping[tuple[str, str], Action] = field(default_factory=dict, repr=False,
                                                      compare=False)

    def choice(self, choice_id: str) -> Choice | None:
        return next((c for c in self.choices if c.id == choice_id), None)

    def action(self, choice_id: str, option_id: str) -> Action | None:
        return self.actions.get((choice_id, option_id))

    def find(self, action: Action) -> tuple[Choice, Option] | None:
        """The choice and option that ``action`` answers (``None``: not open to this seat)."""
        for (cid, oid), a in self.actions.items():
            if a == action:
                choice = self.choice(cid)
                assert choice is not None
                option = choice.option(oid)
                assert option is not None
                return choice, option
        return None

    def all_actions(self) -> list[Action]:
        return list(self.actions.values())

    def main(self) -> Choice | None:
        """The choice of the decision this seat owes now (``None``: it owes none; what it
        may do out of turn, calling UNO, catching, jumping in, is in the others)."""
        first = self.choices[0] if self.choices else None
        return first if first is not None and first.id not in GROUPS else None

    def __bool__(self) -> bool:
        return bool(self.choices)

    def to_json(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "version": self.version, "seat": self.seat,
                "choices": [c.to_json() for c in self.choices]}


def _json_params(params: Mapping[str, Param]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in params.items():
        if isinstance(v, tuple):
            out[k] = [list(x) if isinstance(x, tuple) else x for x in v]
        else:
            out[k] = v
    return out


def decision_spec(decision: Decision | str) -> DecisionSpec:
    key = decision if isinstance(decision, str) else decision.value
    spec = DECISIONS.get(key)
    if spec is not None:
        return spec
    clause = NEEDS.get(decision, ("C-5", ""))[0] if isinstance(decision, Decision) else "C-5"
    return DecisionSpec(key, N_("What do you do?"), clause)


def action_spec(cls: type) -> ActionSpec:
    spec = ACTIONS.get(cls)
    if spec is not None:
        return spec
    # Nobody registered it: a plain button named by the action's text form.
    return ActionSpec("button", "{text}", _text_ident,
                      lambda a: {"text": _text_ident(a)})


def _text_ident(action: Any) -> str:
    try:
        text = action_text(action)
    except (KeyError, AttributeError, TypeError):
        return type(action).__name__.lower()
    return text.split(" ", 1)[1] if " " in text else text


# ---------------------------------------------------------------------------- describe
#: The choice a seat's out-of-turn card play belongs to (H-3).
JUMP_IN: Final = "jump_in"
#: The choices of calling UNO and of catching a player who did not (C-12).
UNO: Final = "uno"
CATCH: Final = "catch"


def describe(view: PlayerView, version: int,
             deadlines: Mapping[str, float] | None = None) -> Choices:
    """What ``view.me`` may do at state ``version``, from its own view alone.
    ``deadlines`` gives the seconds left for a choice a clock decides, by choice id."""
    me = view.me
    mine = view.to_act == me and view.decision is not Decision.OVER
    groups: dict[str, list[tuple[Option, Action]]] = {}
    for action in view.legal:
        spec = action_spec(type(action))
        group = spec.group or (view.decision.value if mine else JUMP_IN)
        ident = spec.ident(action)
        if spec.shown is not None:
            label, params = spec.shown(action, view)
        else:
            label, params = spec.label, spec.params(action)
        if group == view.decision.value:
            label = decision_spec(view.decision).relabel.get(ident, label)
        option = Option(ident, spec.widget, label, dict(params))
        groups.setdefault(group, []).append((option, action))
    choices: list[Choice] = []
    actions: dict[tuple[str, str], Action] = {}
    deadlines = deadlines or {}

    def order(name: str) -> tuple[int, str]:
        if mine and name == view.decision.value:
            return (-1, "")
        g = GROUPS.get(name)
        return (g.order if g else 0, name)

    for name in sorted(groups, key=order):
        options = groups[name]
        hand = False
        if name in GROUPS:
            g = GROUPS[name]
            kind, label, clause, shared, params = g.kind, g.label, g.clause, g.shared, {}
        else:
            d = decision_spec(view.decision)
            kind, clause, shared, hand = d.kind, d.clause, False, d.hand
            label = d.label_of(view) if d.label_of is not None else d.label
            params = dict(d.params(view)) if d.params else {}
        seen: set[str] = set()
        opts: list[Option] = []
        for option, action in options:
            if option.id in seen:
                raise ValueError(f"two options of {name!r} share the id {option.id!r}")
            seen.add(option.id)
            opts.append(option)
            actions[(name, option.id)] = action
        choices.append(Choice(name, kind, label, clause, tuple(opts), params,
                              deadlines.get(name), shared, hand))
    return Choices(version, me, tuple(choices), actions)


def resolve(current: Choices, version: int, choice_id: str, option_id: str) -> Action:
    """The action of ``option_id`` in ``choice_id``, picked at state ``version``.

    Raises :class:`IllegalAction` naming the clause when the choice was made for another
    state, or names nothing open now."""
    if version != current.version:
        choice = current.choice(choice_id)
        clause = choice.clause if choice is not None else _clause_now(current)
        raise IllegalAction(clause, f"player {current.seat}'s choice was made at state "
                                    f"{version}, and the game is at {current.version} now")
    action = current.action(choice_id, option_id)
    if action is None:
        choice = current.choice(choice_id)
        clause = choice.clause if choice is not None else _clause_now(current)
        raise IllegalAction(clause, f"{choice_id}/{option_id} is not open to player "
                                    f"{current.seat} now")
    return action


def clock(view: PlayerView) -> tuple[str, float] | None:
    """(choice id, seconds) of the clock on the decision ``view.me`` owes now, if one runs
    (the front end counts them down and, when they run out, applies :func:`expire`)."""
    if view.to_act != view.me or view.decision is Decision.OVER or not view.legal:
        return None
    spec = CLOCKS.get(view.decision.value)
    seconds = spec.seconds(view) if spec is not None else None
    return None if seconds is None else (view.decision.value, seconds)


def expire(current: Choices, version: int, choice_id: str) -> Action:
    """The clock's action when the clock on ``choice_id`` ran out at state ``version``;
    refused like :func:`resolve` when the choice was made for another state or has no
    clock."""
    choice = current.choice(choice_id)
    clause = choice.clause if choice is not None else _clause_now(current)
    if version != current.version:
        raise IllegalAction(clause, f"player {current.seat}'s clock ran out at state "
                                    f"{version}, and the game is at {current.version} now")
    spec = CLOCKS.get(choice_id)
    if choice is None or spec is None:
        raise IllegalAction(clause, f"no clock runs on {choice_id} for player {current.seat}")
    return spec.expire(current.seat)


def _clause_now(current: Choices) -> str:
    """The clause of the seat's main choice now, or C-3 (not your turn) when it has none."""
    return current.choices[0].clause if current.choices else "C-3"


# ---------------------------------------------------------------------------- the official game
def _card(a: Any) -> Mapping[str, Param]:
    return {"card": str(a.card)}


#: Playing a card, on the one discard pile.
PLAY: Final = N_("Play {card}")
# TRANSLATORS: Triple Play: a card played on one of the three trays, counted from 1.
PLAY_ON_TRAY: Final = N_("Play {card} on tray {tray}")


def _play_ident(a: A.Play) -> str:
    """``play:G9``; on a tray other than the first, ``play:G9@2`` (the same card on two
    trays gives two options)."""
    return f"play:{a.card}" + (f"@{a.tray}" if a.tray else "")


def _play_shown(a: A.Play, view: PlayerView) -> tuple[str, Mapping[str, Param]]:
    """Where there are several discard piles (Triple Play's trays, ``view.piles``), every
    play names its tray, the first one included, so that two plays of one card read apart."""
    if view.piles or a.tray:
        return PLAY_ON_TRAY, {"card": str(a.card), "tray": a.tray}
    return PLAY, {"card": str(a.card)}


def _drawn_params(view: PlayerView) -> Mapping[str, Param]:
    return {} if view.drawn is None else {"card": str(view.drawn)}


def _colour_ident(a: A.ChooseColour) -> str:
    return f"colour:{Colour(a.colour).letter}"


def _register_official() -> None:
    D = Decision
    register_decision(D.TURN, DecisionSpec("turn", N_("Your turn: play a card or draw."), "C-5",
                                           hand=True))
    register_decision(D.COLOUR, DecisionSpec("colour", N_("Name a colour."), "C-6"))
    register_decision(D.CHALLENGE, DecisionSpec(
        "challenge", N_("Challenge the Wild Draw Four, or accept it?"), "C-8"))
    register_decision(D.DRAWN, DecisionSpec(
        "drawn", N_("You drew {card}: play it or keep it?"), "C-9", _drawn_params, hand=True))
    register_action(A.Play, ActionSpec("card", PLAY, _play_ident, _card, shown=_play_shown))
    register_action(A.Draw, ActionSpec("button", N_("Draw a card"), lambda a: "draw"))
    register_action(A.Pass, ActionSpec("button", N_("Keep the card you drew"),
                                       lambda a: "keep"))
    register_action(A.ChooseColour, ActionSpec(
        "colour", N_("Name {colour}"), _colour_ident,
        lambda a: {"colour": Colour(a.colour).letter}))
    register_action(A.Challenge, ActionSpec("button", N_("Challenge"), lambda a: "challenge"))
    register_action(A.Accept, ActionSpec("button", N_("Accept and draw 4"), lambda a: "accept"))
    register_group(UNO, GroupSpec("uno", N_("Call UNO!"), "C-12", shared=False, order=1))
    register_group(CATCH, GroupSpec(
        "catch", N_("Catch a player who did not call UNO"), "C-12", order=2))
    register_group(JUMP_IN, GroupSpec("jump_in", N_("Jump in with the same card"), "H-3",
                                      order=3))
    register_action(A.CallUno, ActionSpec("button", N_("Call UNO!"), lambda a: "uno",
                                          group=UNO))
    register_action(A.Catch, ActionSpec(
        "player", N_("Catch {player}"), lambda a: f"catch:{a.target}",
        lambda a: {"player": a.target}, group=CATCH))


_register_official()
# The house rules' and the editions' own declarations, so that a description is complete
# wherever it is made (game/voice/editions.py imports each edition's voice module).
import game.voice.choices_house  # noqa: E402
import game.voice.editions  # noqa: E402, F401


def card_of(text: str) -> Card:
    """The card a ``card`` parameter names (its text form)."""
    return Card.parse(text)


__all__ = [
    "CATCH", "JUMP_IN", "PARAM_TYPES", "SCHEMA", "UNO", "WIDGETS", "ActionSpec", "Choice",
    "Choices", "ClockSpec", "DecisionSpec", "GroupSpec", "Option", "Param", "action_spec",
    "card_of", "clock", "decision_spec", "describe", "expire", "register_action",
    "register_clock", "register_decision", "register_group", "resolve", "unregister",
]
