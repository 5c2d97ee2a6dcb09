"""Scenes, the scene stack, and what a scene may ask of the application.

Scenes, dialogs and the table's pieces are written against :class:`AppHost`, the narrow
face of :class:`game.ui.app.App`, never against the ``App`` class itself, so nothing below
the app imports it. Scenes open one another by a typed key (:class:`game.ui.scenes.SceneKey`)
through :meth:`AppHost.open` / :meth:`AppHost.make`, not by importing each other's modules.

A scene has a clear lifecycle: ``enter`` when pushed, ``exit`` when popped, ``resume`` when
the scene above it goes away; ``handle(intent)`` for input, ``update(dt)`` to advance time
(returns whether anything visible changed) and ``draw(surface)``, which changes nothing.
Dialogs (colour picker, challenge, pause) are scenes pushed on top of the table; a scene
that is not ``opaque`` lets the one below show through, dimmed.

The base class also owns keyboard focus over its controls: arrows move the focus to the
nearest control in that direction, Tab cycles, Enter activates, Left/Right adjust a
setting-like control, and a click both focuses and activates.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui import theme
from game.ui.intents import (
    Activate,
    Adjust,
    Back,
    EditKey,
    Intent,
    Navigate,
    Pointer,
    Tab,
    TextInput,
)
from game.ui.widgets import Choice, Control, TextField

if TYPE_CHECKING:
    from game.store.settings import Settings
    from game.ui.botrunner import BotRunner
    from game.ui.clock import Clock
    from game.ui.intents import InputState
    from game.ui.options import StartOptions
    from game.ui.scenes import SceneKey
    from game.ui.sound import Sound


class AppHost(Protocol):
    """The application as the scenes see it."""

    settings: Settings
    sound: Sound
    stack: SceneStack
    options: StartOptions
    clock: Clock
    input: InputState
    frames: int

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def top(self) -> Scene | None: ...

    @property
    def fullscreen(self) -> bool: ...

    # the scene stack
    def push(self, scene: Scene) -> None: ...
    def pop(self) -> Scene | None: ...
    def replace(self, scene: Scene) -> None: ...
    def reset(self, scene: Scene) -> None: ...
    def make(self, key: SceneKey, *args: Any, **kwargs: Any) -> Scene: ...
    def open(self, key: SceneKey, *args: Any, **kwargs: Any) -> Scene: ...

    # the app's services
    def dispatch(self, intent: Intent | None) -> None: ...
    def save_settings(self) -> None: ...
    def set_language(self, code: str) -> None: ...
    def set_fullscreen(self, on: bool) -> None: ...
    def bot_runner(self, levels: Mapping[int, str], seed: int) -> BotRunner: ...
    def release_runner(self, runner: BotRunner) -> None: ...
    def quit(self) -> None: ...


class Scene:
    """Base scene: focus handling over :attr:`controls`; subclasses add the rest."""

    name = "scene"
    keys = "menu"  # key context (see intents)
    opaque = True
    dim = 150  # alpha of the veil over the scene below, when not opaque

    def __init__(self, app: AppHost) -> None:
        self.app = app
        self.controls: list[Control] = []
        self.focus = 0
        self.hover: int | None = None
        self.size = app.size
        self.s = theme.scale_for(app.size)

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.relayout()

    def exit(self) -> None:
        """Called when popped."""

    def resume(self) -> None:
        """Called when the scene above was popped."""
        self.relayout()

    def relayout(self) -> None:
        """Recompute every rect for the current window size (and language: widths change)
        by calling :meth:`arrange`."""
        self.size = self.app.size
        self.s = theme.scale_for(self.size)
        self.arrange()
        self._fix_focus()

    def arrange(self) -> None:
        """Place the controls (subclasses)."""

    def update(self, dt: float) -> bool:
        return False

    def wakeup(self) -> float | None:
        """Seconds until this scene needs ``update`` again without input (0: animating),
        or ``None`` when it waits for input only."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for i, c in enumerate(self.controls):
            c.draw(surface, i == self.focus and self.shows_focus(), i == self.hover, self.s)

    def shows_focus(self) -> bool:
        """The focus ring is drawn only on the scene that has the keyboard."""
        return self.app.top is self

    # ------------------------------------------------------------------ input
    def text_focus(self) -> bool:
        c = self.focused()
        return isinstance(c, TextField) and c.enabled

    def focused(self) -> Control | None:
        live = self.controls
        if 0 <= self.focus < len(live):
            return live[self.focus]
        return None

    def focus_id(self, control_id: str) -> None:
        for i, c in enumerate(self.controls):
            if c.id == control_id:
                self.focus = i

    def intent_at(self, pos: tuple[int, int]) -> Intent | None:
        """The intent of the topmost usable control under ``pos`` (it also takes the focus)."""
        for i in range(len(self.controls) - 1, -1, -1):
            c = self.controls[i]
            if c.visible and c.enabled and c.rect.collidepoint(pos):
                self.focus = i
                return c.intent_at(pos) if isinstance(c, Choice) else c.intent
        return None

    def handle(self, intent: Intent) -> None:
        """Focus movement and activation; subclasses handle their own intents first and
        call this for the rest."""
        c = self.focused()
        if isinstance(intent, Navigate):
            if intent.dy == 0 and c is not None and c.adjustable:
                self.handle(Adjust(c.id, intent.dx))
            else:
                self.move_focus(intent.dx, intent.dy)
        elif isinstance(intent, Tab):
            self.cycle_focus(-1 if intent.back else 1)
        elif isinstance(intent, Activate):
            if c is not None and c.enabled and c.visible:
                self.handle(c.intent)
        elif isinstance(intent, Adjust):
            target = next((x for x in self.controls if x.id == intent.control), None)
            if isinstance(target, Choice):
                target.step(intent.step)
        elif isinstance(intent, TextInput) and isinstance(c, TextField):
            c.type(intent.text)
        elif isinstance(intent, EditKey) and isinstance(c, TextField):
            c.edit(intent.key)
        elif isinstance(intent, Pointer):
            self.hover = next((i for i in range(len(self.controls) - 1, -1, -1)
                               if self.controls[i].visible and self.controls[i].enabled
                               and self.controls[i].rect.collidepoint(intent.pos)), None)
        elif isinstance(intent, Back):
            self.back()

    def back(self) -> None:
        """Escape: by default close this scene if it is not the only one."""
        if len(self.app.stack) > 1:
            self.app.pop()

    def _usable(self) -> list[int]:
        return [i for i, c in enumerate(self.controls) if c.visible and c.enabled]

    def _fix_focus(self) -> None:
        usable = self._usable()
        if usable and self.focus not in usable:
            self.focus = usable[0]

    def cycle_focus(self, step: int) -> None:
        usable = self._usable()
        if not usable:
            return
        if self.focus not in usable:
            self.focus = usable[0]
            return
        self.focus = usable[(usable.index(self.focus) + step) % len(usable)]

    def move_focus(self, dx: int, dy: int) -> None:
        """Focus the nearest usable control in direction (dx, dy)."""
        cur = self.focused()
        usable = self._usable()
        if cur is None or not usable:
            self._fix_focus()
            return
        cx, cy = cur.rect.center
        best, best_score = None, float("inf")
        for i in usable:
            if i == self.focus:
                continue
            x, y = self.controls[i].rect.center
            ddx, ddy = x - cx, y - cy
            along = ddx * dx + ddy * dy
            if along <= 0:
                continue
            across = abs(ddx * dy) + abs(ddy * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = i, score
        if best is not None:
            self.focus = best
        elif dy:
            self.cycle_focus(1 if dy > 0 else -1)


class SceneStack:
    """Scenes, bottom first; the top one gets the input."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            if scene is self.top:
                self.pop()
            else:
                self.scenes.remove(scene)
                scene.exit()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def find(self, name: str) -> Scene | None:
        return next((s for s in reversed(self.scenes) if s.name == name), None)
