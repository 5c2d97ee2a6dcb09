"""The bot protocol: bots see a player's view, never the game.

``choose`` answers the decision a player owes; ``react`` is offered the out-of-turn
actions (call UNO, catch) after every move and may return ``None`` to let it pass.
Each bot is given its own seeded ``random.Random``.

A bot whose choices never look at the view (the random baselines) says so with
``reads_view = False`` and implements :class:`BlindBot`: the driver then builds no view
for it and passes ``None``, which is most of a random-play turn's cost saved.

The AI levels (heuristic, easy, medium, hard) extend :class:`BaseBot`, which has what they
share: catching first, calling UNO honestly (:class:`UnoPlan`) and the out-of-turn answers,
each at the level's own chances; a level says how it decides its move (``decide``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Protocol

from game.rules.actions import Action, CallUno, Catch, Play
from game.rules.cards import COLOUR_OF, Card
from game.rules.native import mypyc_attr
from game.rules.view import PlayerView


class Bot(Protocol):
    """An AI player. ``name`` is the kind shown in tables and the arena;
    ``wants_history`` asks for the hand's (redacted) events in every view."""

    name: str
    wants_history: bool

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal`` for the decision ``view.me`` owes."""
        ...

    def react(
        self, view: PlayerView, options: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """One of ``options`` (UNO calls and catches), or ``None``."""
        ...


def colour_counts(hand: Sequence[Card]) -> list[int]:
    """Cards of each colour held (wilds not counted): the levels' "colour held most"."""
    counts = [0, 0, 0, 0, 0]  # the fifth counts wilds
    for c in hand:
        counts[COLOUR_OF[c]] += 1
    return counts[:4]


def uno_worth_calling(view: PlayerView, legal: Sequence[Action]) -> bool:
    """C-12: calling UNO means something only when it protects a last card — the player
    owes the call already, or holds two cards and can play one of them now. Calling with
    two cards and then drawing says nothing true to the table (issue 13 item 6)."""
    return view.me in view.uno_open or any(isinstance(a, Play) for a in legal)


class UnoPlan:
    """C-12 done honestly (issue 13 item 6): a bot decides its move first, and calls UNO
    only when that move is a play with the call on offer (two cards in hand: the play
    leaves one). The call comes first, then the planned play on the next ask — never a
    call followed by a draw, a kept card or a taken stack."""

    def __init__(self) -> None:
        self.planned: Action | None = None

    def resume(self, legal: Sequence[Action]) -> Action | None:
        """The play planned when the bot called UNO, if it is still legal (once)."""
        planned, self.planned = self.planned, None
        return planned if planned is not None and planned in legal else None

    def call_before(self, action: Action, legal: Sequence[Action]) -> Action:
        """``action``, or the UNO call it deserves first (``action`` is then planned)."""
        if isinstance(action, Play):
            for a in legal:
                if isinstance(a, CallUno):
                    self.planned = action
                    return a
        return action


class BlindBot(Protocol):
    """A bot that never reads its view (``reads_view = False``): ``choose`` and
    ``react`` are called with ``None`` instead of a view, so none is built."""

    name: str
    wants_history: bool
    reads_view: bool  # False

    def choose(
        self, view: PlayerView | None, legal: Sequence[Action], rng: random.Random
    ) -> Action: ...

    def react(
        self, view: PlayerView | None, options: Sequence[Action], rng: random.Random
    ) -> Action | None: ...


# Compiled with the engine (the heuristic bot extends it), open to the interpreted levels.
@mypyc_attr(allow_interpreted_subclasses=True)
class BaseBot:
    """What the AI levels share (see the module docstring). A coin is tossed only for a
    chance below 1, from the bot's own RNG, so a level that always does it draws none."""

    name = "base"
    wants_history = False
    # Class variables, which a level sets in its class body (and the compiled code of
    # this class reads from the level's class, not from a default of its own).
    #: The chance to catch a player who forgot UNO, in turn (before playing: playing
    #: closes the window) and out of turn.
    catch_chance: ClassVar[float] = 1.0
    #: The chance to call UNO before playing the next-to-last card.
    remember_uno: ClassVar[float] = 1.0
    #: The chance to call UNO afterwards, each time the bot may, if it forgot.
    late_uno: ClassVar[float] = 1.0

    def __init__(self) -> None:
        self.uno = UnoPlan()

    def observe(self, view: PlayerView) -> None:
        """Take in ``view`` before choosing or reacting (a level that keeps beliefs)."""

    def decide(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The move for the decision ``view.me`` owes: neither a catch nor a UNO call."""
        raise NotImplementedError(f"{type(self).__name__} decides nothing")

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        self.observe(view)
        catch = self._catch(legal, rng)
        if catch is not None:
            return catch
        planned = self.uno.resume(legal)
        if planned is not None:
            return planned  # the play this bot called UNO for
        action = self.decide(view, legal, rng)
        if self.remember_uno < 1.0 and not (
                any(isinstance(a, CallUno) for a in legal) and rng.random() < self.remember_uno):
            return action  # forgot (and may remember later: ``late_uno``)
        return self.uno.call_before(action, legal)

    def react(
        self, view: PlayerView, options: Sequence[Action], rng: random.Random
    ) -> Action | None:
        self.observe(view)
        for a in options:
            if isinstance(a, CallUno) and (self.late_uno >= 1.0 or rng.random() < self.late_uno):
                return a
        return self._catch(options, rng)

    def _catch(self, actions: Sequence[Action], rng: random.Random) -> Action | None:
        """The first catch among ``actions``, if the bot catches this time."""
        for a in actions:
            if isinstance(a, Catch):
                if self.catch_chance >= 1.0 or rng.random() < self.catch_chance:
                    return a
                return None
        return None
