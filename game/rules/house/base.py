"""A house rule is one object (RULES.md section H): its name, its clause, the editions it
does not fit, its hooks into the turn flow and its pending state.

The registered object is the rule's prototype: each game plays with its own copy of every
rule on (:meth:`HouseRule.copy`), which holds that game's pending state (a stack's total,
the card a player may jump in with …), is copied with the game for search and written in
the position text (:meth:`HouseRule.text`). The engine calls the hooks of the rules on at
its seams and names no rule; a rule with no hooks (``HouseRule("toy", "H-8")``) plays as
the official rules do.

A ruleset carries the chosen rules as one text, names joined by ``+`` in the order the
rules were registered (``"stacking+seven_o"``), so it fits every place an option goes
(JSON settings, the position text, the command line).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final, cast

import game.rules.events as E
import game.rules.house.names as by_name
from game.rules.actions import Action
from game.rules.cards import Card
from game.rules.decisions import Decision
from game.rules.errors import IllegalAction
from game.rules.house.names import SEP, fitting, house_text, parse_house
from game.rules.native import mypyc_attr

if TYPE_CHECKING:
    from game.rules.engine import Game, Handler

#: ``(edition, why)`` pairs: the editions a rule does not fit, and why (a sentence the
#: front end translates: a message id).
Unfit = tuple[tuple[str, str], ...]


# Compiled with the engine, and open to interpreted subclasses: a plug-in's rule.
@mypyc_attr(allow_interpreted_subclasses=True)
class HouseRule:
    """One house rule; see the module docstring. A subclass with pending state keeps it in
    its own attributes and overrides :meth:`reset`, :meth:`copy`, :meth:`text` and
    :meth:`load`; the hooks it needs are the rest."""

    #: The decisions the rule adds (a position may be waiting for them).
    decisions: ClassVar[tuple[Decision, ...]] = ()
    #: Of those, the ones answered from the hand: the player may call UNO first (C-12).
    hand_decisions: ClassVar[tuple[Decision, ...]] = ()
    #: Of those, the ones a player holding no card may owe.
    empty_handed: ClassVar[tuple[Decision, ...]] = ()
    #: The ranks whose delivery the rule may take over (:meth:`deliver` is asked).
    ranks: ClassVar[frozenset[int]] = frozenset()
    #: The action types the rule answers (:meth:`handle`); its own, or the engine's.
    handles: ClassVar[tuple[type, ...]] = ()
    #: The names of the rule's parts of the position's ``house`` field (its pending state).
    parts: ClassVar[tuple[str, ...]] = ()

    def __init__(self, name: str, clause: str, unfit: Unfit = ()) -> None:
        self.name = name  # as typed on a command line: ``jump_in``
        self.clause = clause  # RULES.md: ``H-3``
        self.unfit = unfit
        #: Is :meth:`turn_begins` to be asked at the next turn? The engine asks a rule only
        #: while it is due, so a rule with nothing pending costs a turn nothing (every turn
        #: of every simulated game passes here). A rule that keeps it True, as this base
        #: class does, is asked at every turn; one that manages it sets it True whenever it
        #: comes to have something for the next turn, and its copies and loads keep it so.
        self.due = True

    def fits(self, edition: str) -> bool:
        return all(e != edition for e, _ in self.unfit)

    def why_unfit(self, edition: str) -> str:
        """Why the rule does not fit ``edition`` ("" when it does)."""
        return next((why for e, why in self.unfit if e == edition), "")

    # ------------------------------------------------------------------ its state
    def copy(self) -> HouseRule:
        """A rule in this one's state, independent of it (a new game's, a copy's). A
        subclass with state or arguments of its own overrides it."""
        return HouseRule(self.name, self.clause, self.unfit)

    def reset(self) -> None:
        """Nothing pending (a new hand)."""

    def text(self) -> tuple[str, ...]:
        """The pending state as the position's parts (one per name of :attr:`parts`)."""
        return ()

    def load(self, g: Game, parts: Sequence[str], on: bool) -> None:
        """Set the pending state from :meth:`text`'s parts, checked against ``g``;
        ``ValueError`` says what is wrong. ``on`` False: the rule is off in ``g``, and
        its parts must say nothing is pending."""

    # ------------------------------------------------------------------ the engine's seams
    def deliver(self, g: Game, p: int, c: Card, target: int, ev: list[E.Event]) -> bool:
        """``p``'s ``c`` (of one of :attr:`ranks`) reaches ``target``: True when the rule
        took over what the card owes (a decision is pending)."""
        return False

    def turn_begins(self, g: Game, ev: list[E.Event]) -> bool:
        """A turn is about to begin (``Game.begin_turn``), and the rule is :attr:`due`:
        True when the rule holds the game's out-of-turn window for it (:meth:`out_of_turn`
        then says who may play)."""
        return False

    def card_played(self, g: Game, p: int, c: Card, tray: int) -> None:
        """``p`` played ``c`` onto pile ``tray`` (before it is placed)."""

    def going_out(self, g: Game, p: int, ev: list[E.Event]) -> None:
        """``p`` played their last card; the hand is about to end."""

    def answers(self, g: Game, p: int) -> list[Action]:
        """``p``'s answers to the pending decision that the rule adds (all of them, for a
        decision of its own)."""
        return []

    def may_play(self, g: Game, p: int, c: Card) -> bool:
        """May ``p``, to act on a decision other than a turn, play ``c`` from the hand?"""
        return False

    def wd4_total(self, g: Game, n: int) -> int:
        """The cards a Wild Draw Four's answer costs, ``n`` without the rule (H-1: the
        stack's total); the answer is being given."""
        return n

    def handle(self, g: Game, a: Action, ev: list[E.Event], official: Handler | None) -> None:
        """Carry out ``a`` (of one of :attr:`handles`); ``official`` is the game's own
        handler of its type, if it has one."""
        raise self.refused(g, a)

    def refused(self, g: Game, a: Action) -> IllegalAction:
        """The refusal of the rule's own action ``a`` when nothing of its kind is pending
        (in a game the rule is off in, too)."""
        return g.refuse(a.player, "do that", own=self.clause)

    # ------------------------------------------------------------------ out of turn
    def out_of_turn(self, g: Game, p: int) -> Sequence[Action]:
        """While the rule holds the game's out-of-turn window (``Game.window``): what
        ``p``, not to act, may play now (asked of every other player after each card
        played: a shared empty tuple for none spares making a list each time)."""
        return ()

    def jumpers(self, g: Game) -> list[tuple[int, Sequence[Action]]]:
        """Every player who may act out of turn now, in turn order from the player to
        act, with what :meth:`out_of_turn` offers them: the bots' driver asks once after
        a card is played, where asking each player would cost a call each. A rule may
        answer faster (H-3 looks for the card in each hand)."""
        seats = g.seats
        n = len(seats)
        start = g.pos[g.to_act]
        found: list[tuple[int, Sequence[Action]]] = []
        for i in range(1, n):
            q = seats[(start + i) % n]
            options = self.out_of_turn(g, q)
            if options:
                found.append((q, options))
        return found

    def check_out_of_turn(self, g: Game, p: int, c: Card, tray: int) -> None:
        """Raise unless ``p`` (not to act) may play ``c`` onto ``tray`` now."""
        raise g.refuse(p, f"play {c}")

    def play_out_of_turn(self, g: Game, p: int, c: Card, ev: list[E.Event]) -> None:
        """``p``'s out-of-turn play of ``c`` begins (checked): it is their turn now."""

    def close(self, g: Game) -> None:
        """The player to act acted: the out-of-turn window closes."""


#: Every registered house rule by name, in the order they were registered (the
#: canonical order of a ruleset's ``house`` text): the names' registry itself, one dict
#: (a test may put a rule in it directly).
HOUSE_RULES: Final = cast("dict[str, HouseRule]", by_name.HOUSE_RULES)
#: The rules whose parts make the position text's ``house`` field as UNO1 first wrote it,
#: in its order, whether they are on or not; any other rule on adds its parts after them.
CORE_FIELD: Final[list[str]] = []
#: Each house rule's own action type, and its rule (refused by it when the rule is off).
RULE_ACTIONS: Final[dict[type, HouseRule]] = {}


def register(rule: HouseRule) -> HouseRule:
    """Add (or replace) a house rule, last in the canonical order."""
    HOUSE_RULES[rule.name] = rule
    _SETUPS.clear()
    return rule


def core_field(*names: str) -> None:
    """The rules whose parts make UNO1's ``house`` field, in its order (see
    :data:`CORE_FIELD`)."""
    CORE_FIELD[:] = names


def unregister(name: str) -> None:
    """Forget house rule ``name`` (a plug-in switched off, a test's own rule)."""
    rule = HOUSE_RULES.pop(name, None)
    for kind in [k for k, r in RULE_ACTIONS.items() if r is rule]:
        del RULE_ACTIONS[kind]
    _SETUPS.clear()


def own_actions(rule: HouseRule, *kinds: type) -> None:
    """``kinds`` are ``rule``'s own actions: refused by it (:meth:`HouseRule.handle`) in
    a game it is off in."""
    for kind in kinds:
        RULE_ACTIONS[kind] = rule


# ---------------------------------------------------------------------- a game's rules
class Setup:
    """What the engine needs of one ``house`` text, worked out once (every game of a
    simulation starts with the same): the prototypes of the rules on; per rank, the ones
    that may take over its delivery; the ones whose hooks on every play and every turn do
    something (a hook a rule does not override is not called); the decisions on which UNO
    may be called; and, per game class, the action handlers with the rules' own."""

    def __init__(self, rules: tuple[HouseRule, ...]) -> None:
        self.rules = rules
        self.interceptors = tuple(tuple(i for i, rule in enumerate(rules) if r in rule.ranks)
                                  for r in range(32))
        self.play_rules = tuple(i for i, rule in enumerate(rules)
                             if type(rule).card_played is not HouseRule.card_played)
        self.turn_rules = tuple(i for i, rule in enumerate(rules)
                             if type(rule).turn_begins is not HouseRule.turn_begins)
        self.uno_decisions = tuple(d for rule in rules for d in rule.hand_decisions)
        self.handlers: dict[type, dict[type, Handler]] = {}

    def handlers_for(self, cls: type) -> dict[type, Handler]:
        """``cls.HANDLERS`` with the rules' own: a rule handles its action types, given
        the game's own handler of the type."""
        found = self.handlers.get(cls)
        if found is None:
            found = dict(getattr(cls, "HANDLERS", {}))
            for i, rule in enumerate(self.rules):
                for kind in rule.handles:
                    found[kind] = _rule_handler(i, found.get(kind))
            self.handlers[cls] = found
        return found


def _rule_handler(i: int, official: Handler | None) -> Handler:
    """The handler that passes an action to the game's rule ``i`` (its own copy)."""

    def handler(g: Game, a: Action, ev: list[E.Event]) -> None:
        g.house_rules[i].handle(g, a, ev, official)

    return handler


_SETUPS: dict[str, Setup] = {}
#: No house rule on.
NONE: Final = Setup(())


def setup(g: Game) -> None:
    """Give ``g`` its own copy of each house rule its ruleset has on; nothing pending."""
    house = g.ruleset.house
    found = NONE if not house else _SETUPS.get(house)
    if found is None or not _current(found):
        found = _SETUPS[house] = Setup(tuple([HOUSE_RULES[n] for n in house.split(SEP)]))
    g.house_on = bool(found.rules)
    g.interceptors = found.interceptors
    g.play_rules = found.play_rules
    g.turn_rules = found.turn_rules
    g.uno_decisions = found.uno_decisions
    g.handlers = found.handlers_for(type(g))
    _own(g, tuple([rule.copy() for rule in found.rules]))
    g.window = None


def copy_rules(g: Game, into: Game) -> None:
    """Give ``into`` (a copy of ``g``) its own copies of ``g``'s rules, in their state;
    the out-of-turn window open on the same rule."""
    if not g.house_on:
        into.house_rules, into.turn_hooks, into.play_hooks = (), (), ()
        into.window = None
        return
    _own(into, tuple([rule.copy() for rule in g.house_rules]))
    window = g.window
    into.window = None if window is None else into.house_rules[g.house_rules.index(window)]


def _own(g: Game, rules: tuple[HouseRule, ...]) -> None:
    """``rules`` are ``g``'s own copies, in its rules' order."""
    g.house_rules = rules
    g.turn_hooks = tuple([rules[i] for i in g.turn_rules])
    g.play_hooks = tuple([rules[i] for i in g.play_rules])


def _current(found: Setup) -> bool:
    """Are ``found``'s rules still the registered ones (a test may replace one)?"""
    return all(HOUSE_RULES.get(rule.name) is rule for rule in found.rules)


def refusal(g: Game, a: Action) -> IllegalAction | None:
    """The refusal of ``a``, the own action of a house rule that is off in ``g`` (None
    when ``a`` is no rule's own action)."""
    rule = RULE_ACTIONS.get(type(a))
    return None if rule is None else rule.refused(g, a)


__all__ = ["CORE_FIELD", "HOUSE_RULES", "RULE_ACTIONS", "SEP", "HouseRule", "core_field",
           "fitting", "house_text", "own_actions", "parse_house", "refusal", "register",
           "setup", "unregister"]
