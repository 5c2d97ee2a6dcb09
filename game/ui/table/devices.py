"""Device layers: how an edition adds its props, animations and dialogs to the table.

The table core knows the official game only. An edition with a gadget (Roboto, the
launcher, the trays, the timer) or special cards registers one or more
:class:`DeviceLayer` factories in :mod:`game.ui.editions`; the table creates them for a
match of that edition and calls them at fixed points:

- ``present(event, presenter)``: animate an event (return ``True`` to replace the core's
  animation; the event is logged either way),
- ``update(dt)`` / ``draw(surface, layer)``: their own animation ("under" the cards or
  "over" them),
- ``controls()``: extra focusable controls (a launcher to press); their intents come back
  through ``handle(intent)``,
- ``decision_scene(decision)``: a dialog for a decision the core does not know (pick a
  victim, share cards),
- ``test_state()``: what the end-to-end tests should know about the device.

A layer that draws a pile itself (Triple Play's trays instead of the discard pile, the
Attack launcher instead of the draw pile) names it in ``replaces`` ("discard", "draw"):
the table then skips drawing it and calls ``draw(surface, "piles")`` in its place.

Nothing in the table changes when an edition is added.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import events as E
from game.rules.engine import Decision
from game.ui.intents import Intent
from game.ui.widgets import Control

if TYPE_CHECKING:
    from game.ui.scene import Scene
    from game.ui.table.host import TableHost
    from game.ui.table.presenter import Presenter


class DeviceLayer:
    """Base class: every hook does nothing, so a layer overrides only what it needs."""

    #: The core piles this layer draws itself ("discard", "draw"); see the module docstring.
    replaces: frozenset[str] = frozenset()

    def __init__(self, table: TableHost) -> None:
        self.table = table

    def relayout(self) -> None:
        """The window size changed: recompute positions from ``self.table.layout``."""

    def present(self, event: E.Event, presenter: Presenter) -> bool:
        return False

    def update(self, dt: float) -> bool:
        """Advance; ``True`` while something moves."""
        return False

    def animating(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface, layer: str) -> None:
        """Draw on ``layer``: "under" (before the cards) or "over" (after them); "piles"
        (in place of the piles named in ``replaces``) only for layers that replace one."""

    def controls(self) -> list[Control]:
        return []

    def handle(self, intent: Intent) -> bool:
        """``True`` if the intent was the layer's."""
        return False

    def decision_scene(self, decision: Decision) -> Scene | None:
        return None

    def test_state(self) -> dict[str, Any]:
        return {}


DeviceFactory = Callable[["TableHost"], DeviceLayer]
