"""The bot protocol: bots see a player's view, never the game.

``choose`` answers the decision a player owes; ``react`` is offered the out-of-turn
actions (call UNO, catch) after every move and may return ``None`` to let it pass.
Each bot is given its own seeded ``random.Random``.

A bot whose choices never look at the view (the random baselines) says so with
``reads_view = False`` and implements :class:`BlindBot`: the driver then builds no view
for it and passes ``None``, which is most of a random-play turn's cost saved.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from game.rules.actions import Action, CallUno, Play
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
