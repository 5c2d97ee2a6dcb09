"""The app's scenes, opened by name.

A scene module registers its scenes here with :func:`register` (the app-wide ones are
listed in :data:`SCENES`; an edition adds its own, e.g. ``"roboto.record"``), and any scene
opens another with ``app.open(name, ...)`` / ``app.make(name, ...)`` instead of importing it.
So no scene module depends on another, and the import graph of the front end runs one way:
app → scenes/table/editions → widgets, drawing and the engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

#: name → "module:attribute" of a scene class (or a factory returning a scene).
SCENES: dict[str, str] = {
    "title": "game.ui.scenes.title:TitleScene",
    "setup": "game.ui.scenes.setup:SetupScene",
    "settings": "game.ui.scenes.settings_scene:SettingsScene",
    "calibrate": "game.ui.scenes.calibrate:CalibrateScene",
    "help": "game.ui.scenes.help:HelpScene",
    "notice": "game.ui.scenes.notice:NoticeScene",
    "confirm": "game.ui.scenes.notice:ConfirmScene",
    "matches": "game.ui.scenes.matches:SavedMatchesScene",
    "stats": "game.ui.scenes.stats:StatsScene",
    "demo": "game.ui.scenes.demo:TryMeScene",
    "table": "game.ui.table.scene:TableScene",
    "pause": "game.ui.table.pause:PauseScene",
    "guide": "game.ui.guide.start:guided_hand",
    "guide.leave": "game.ui.guide.dialogs:LeaveGuideScene",
    "guide.offer": "game.ui.guide.dialogs:GuideOfferScene",
}


def register(name: str, target: str) -> None:
    """Make the scene at ``target`` ("module:attribute") openable as ``name``."""
    if ":" not in target:
        raise ValueError(f"scene target {target!r} is not 'module:attribute'")
    SCENES[name] = target


def factory(name: str) -> Callable[..., Any]:
    """The class (or factory) registered as ``name``; ``KeyError`` for an unknown name."""
    target = SCENES[name]
    module, _sep, attr = target.partition(":")
    obj: Callable[..., Any] = getattr(importlib.import_module(module), attr)
    return obj
