"""The table as its pieces see it: narrow protocols instead of the ``TableScene`` class.

The table scene (:mod:`game.ui.table.scene`) owns one match on screen. Everything it hosts —
an edition's device layers and dialogs, the core dialogs, the controls, the drawing, the
flow, the voice, the test autoplay — is written against one of these protocols, so none of
them imports the scene (and the scene imports them freely, one way):

- :class:`TableHost`: what an edition's device layer or a dialog over the table may use —
  the session (the match, through its public questions), the layout and the model of what
  is on screen, the person at the screen, sounds, short messages, and acting.
- :class:`TableFace`: what the table's own drawing, controls and test hooks read besides.
- :class:`Device`: what the table asks of an edition's device layer
  (:class:`game.ui.table.devices.DeviceLayer` is the base class that implements it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.rules import actions as A
from game.rules import events as E
from game.rules.engine import Decision
from game.rules.view import PlayerView
from game.settings import Settings

if TYPE_CHECKING:
    from game.narrate import Narrator
    from game.ui.intents import Intent
    from game.ui.scene import AppHost, Scene
    from game.ui.session import Session
    from game.ui.table.layout import TableLayout
    from game.ui.table.model import Drag, TableModel
    from game.ui.table.presenter import Presenter
    from game.ui.widgets import Control


class Device(Protocol):
    """An edition's layer on the table (see :mod:`game.ui.table.devices`)."""

    replaces: frozenset[str]

    def relayout(self) -> None: ...
    def present(self, event: E.Event, presenter: Presenter) -> bool: ...
    def update(self, dt: float) -> bool: ...
    def animating(self) -> bool: ...
    def draw(self, surface: pygame.Surface, layer: str) -> None: ...
    def controls(self) -> list[Control]: ...
    def handle(self, intent: Intent) -> bool: ...
    def decision_scene(self, decision: Decision) -> Scene | None: ...
    def test_state(self) -> dict[str, Any]: ...


class TableHost(Protocol):
    """What a device layer or a dialog over the table may use."""

    app: AppHost
    session: Session
    settings: Settings
    model: TableModel
    presenter: Presenter
    narrator: Narrator
    #: The player at the screen (``None``: nobody's hand is shown, e.g. all AI).
    viewer: int | None

    @property
    def layout(self) -> TableLayout: ...

    def view(self) -> PlayerView:
        """What the player at the screen sees (the first seat's view when nobody sits)."""
        ...

    def my_turn(self) -> bool: ...
    def legal_now(self) -> list[A.Action]: ...
    def act(self, action: A.Action) -> bool: ...
    def refresh(self) -> None: ...
    def ring_id(self) -> str | None: ...
    def sfx(self, name: str) -> None: ...
    def say(self, msgid: str, **params: Any) -> None: ...
    def notify(self, msgid: str, **params: Any) -> None: ...
    def set_viewer(self, player: int) -> None: ...


class TableFace(TableHost, Protocol):
    """What the table's own pieces (drawing, controls, flow, voice, autoplay) read besides."""

    devices: Sequence[Device]
    controls: list[Control]
    focus: int
    hover: int | None
    #: The (version, decision) a dialog was last opened for, and who the device is being
    #: passed to (the flow keeps them on the table so a dialog is asked for once).
    asked: tuple[int, Decision] | None
    passing_to: int | None
    #: A card of the hand being dragged with the mouse (``None``: none).
    drag: Drag | None

    def hand_rects(self) -> list[pygame.Rect]: ...
    def drop_zone(self) -> pygame.Rect: ...
    def playable_indices(self) -> set[int]: ...
    def played_along(self, focus: str) -> set[int]: ...
    def can_call_uno(self) -> bool: ...
    def catch_targets(self) -> list[int]: ...
    def is_ai(self, player: int) -> bool: ...
    def shows_focus(self) -> bool: ...
    def shows_scores(self) -> bool: ...
    def info_line(self) -> str: ...
    def log_lines(self) -> list[str]: ...
    def toast_text(self) -> str: ...
    def focused_id(self) -> str | None: ...
