"""The app's scenes, opened by a typed key.

Each scene the app opens has a :class:`SceneKey`, declared here (:data:`TITLE`,
:data:`TABLE`, :data:`PAUSE` …), and a scene opens another with
``app.open(scenes.PAUSE, table)`` / ``app.make(scenes.TABLE, session)`` instead of
importing it. What a key opens is registered by :mod:`game.ui.scenes.catalog` (the app
loads it), each scene module loaded only when its scene is first opened. So no scene module
depends on another, this module imports none of them, and the import graph of the front
end runs one way: app → catalogue → scenes/table/editions → widgets, drawing and the engine.

A key is an object, not a string to parse: a misspelt key is a name error where it is
written, and a key opens one registered factory. A scene's plain name (``"title"``) opens
nothing: it is refused with a ``TypeError`` naming the key to use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final


@dataclass(frozen=True)
class SceneKey:
    """What the app opens a scene by; ``name`` is for people reading logs and states."""

    name: str

    def __str__(self) -> str:
        return self.name


TITLE: Final = SceneKey("title")
SETUP: Final = SceneKey("setup")
SETTINGS: Final = SceneKey("settings")
CALIBRATE: Final = SceneKey("calibrate")
HELP: Final = SceneKey("help")
NOTICE: Final = SceneKey("notice")
CONFIRM: Final = SceneKey("confirm")
MATCHES: Final = SceneKey("matches")
STATS: Final = SceneKey("stats")
DEMO: Final = SceneKey("demo")
TABLE: Final = SceneKey("table")
PAUSE: Final = SceneKey("pause")
GUIDE: Final = SceneKey("guide")
GUIDE_LEAVE: Final = SceneKey("guide.leave")
GUIDE_OFFER: Final = SceneKey("guide.offer")
HOUSE_RULES: Final = SceneKey("house_rules")

#: A factory of a scene: its class, or a function making one (the app comes first).
Factory = Callable[..., Any]

_LOADERS: dict[SceneKey, Callable[[], Factory]] = {}


def register(key: SceneKey, factory: Factory) -> None:
    """Make ``key`` open ``factory`` (a scene class, or a function returning a scene)."""
    register_loader(key, lambda: factory)


def register_loader(key: SceneKey, loader: Callable[[], Factory]) -> None:
    """Make ``key`` open what ``loader`` returns, loading it on first use."""
    if not isinstance(key, SceneKey):
        raise TypeError(f"scene key {key!r} is not a SceneKey")
    _LOADERS[key] = loader


def factory(key: SceneKey) -> Factory:
    """What ``key`` opens: ``TypeError`` for anything but a :class:`SceneKey` (a scene's
    plain name among them), ``KeyError`` for a key nobody registered."""
    if not isinstance(key, SceneKey):
        hint = f" (scenes.{key.replace('.', '_').upper()}?)" if isinstance(key, str) else ""
        raise TypeError(f"a scene is opened by its SceneKey, not by {key!r}{hint}")
    return _LOADERS[key]()
