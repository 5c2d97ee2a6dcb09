"""Device layers: how an edition adds its props, animations and dialogs to the table.

The table core knows the official game only. An edition with a gadget (Roboto, the
launcher, the trays, the timer) or special cards registers one or more
:class:`DeviceLayer` factories in :mod:`game.ui.editions`; the table creates them for a
match of that edition and calls them at fixed points:

- ``present(event, presenter)``: animate an event (return ``True`` to replace the core's
  animation; the event is logged either way),
- ``update(dt)`` / ``draw(surface, layer)``: their own animation ("under" the cards or
  "over" them),
- ``controls()``: extra focusable controls (Roboto's Repeat button); their intents come
  back through ``handle(intent)``,
- ``offer(choice, options)``: render these options of a choice the person must answer
  (:mod:`game.play.choices`) on the device itself — the trays a card may go on, Roboto's
  race, the guided hand's colour — instead of the table's dialog for their widget kind
  (:mod:`game.ui.table.offer`); a layer recognises what to render by the description
  (widget kinds, parameters, the choice's kind), never by an edition's decision or action
  classes,
- ``confirm(choice, option)``: a step before a pick is applied (a Wild Clear's tray held
  until green),
- ``dress(dialog)`` / ``draw_dialog(surface, dialog)``: a table dialog is open over the
  device (move its panel off the device, show the device over the veil, follow its focus:
  the launcher turning to the player in focus),
- ``test_state()``: what the end-to-end tests should know about the device.

A layer that draws a pile itself (Triple Play's trays instead of the discard pile, the
Attack launcher instead of the draw pile) names it in ``replaces`` ("discard", "draw"):
the table then skips drawing it and calls ``draw(surface, "piles")`` in its place.

Nothing in the table changes when an edition is added.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import events as E
from game.ui.intents import Intent
from game.ui.widgets import Control

if TYPE_CHECKING:
    from game.play.choices import Choice, Option
    from game.ui.scene import Scene
    from game.ui.table.host import ChoiceDialog, TableHost
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

    def offer(self, choice: Choice, options: Sequence[Option]) -> Scene | None:
        """A scene of this layer's own for ``options`` of ``choice`` (``None``: the
        table's dialog for their widget kind renders them)."""
        return None

    def confirm(self, choice: Choice, option: Option) -> Scene | None:
        """A step this layer asks for before ``option`` is applied (``None``: none)."""
        return None

    def dress(self, dialog: ChoiceDialog) -> None:
        """A table dialog was laid out over the table, or its focus moved (its panel may
        be moved; the device may follow the option in focus)."""

    def draw_dialog(self, surface: pygame.Surface, dialog: ChoiceDialog) -> None:
        """Draw over the veil, under ``dialog``'s panel (what the dialog is about)."""

    def test_state(self) -> dict[str, Any]:
        return {}


DeviceFactory = Callable[["TableHost"], DeviceLayer]
