"""Scenes are opened by a typed key (game.ui.scenes.SceneKey), not a "module:attr" string:
every key opens its scene, loaded only when first opened, and the import graph stays one way
(the catalogue imports the scenes; no scene imports the catalogue)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.ui import scenes
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.scenes import SceneKey

ROOT = Path(__file__).resolve().parents[2]
KEYS = [v for v in vars(scenes).values() if isinstance(v, SceneKey)]


def test_every_key_opens_its_scene() -> None:
    assert len(KEYS) >= 16
    for key in KEYS:
        made = scenes.factory(key)
        assert callable(made), key
        if isinstance(made, type):
            assert issubclass(made, Scene) and made.name == key.name, key


def test_a_key_opens_a_scene_and_a_plain_name_opens_nothing(app: App) -> None:
    title = app.open(scenes.TITLE)
    assert title.name == "title" and app.top is title
    with pytest.raises(TypeError, match=r"scenes\.HELP"):
        app.make("help")  # type: ignore[arg-type]  # a plain name: the error names the key
    with pytest.raises(TypeError):
        app.open("titel")  # type: ignore[arg-type]
    assert app.top is title  # nothing was opened
    with pytest.raises(KeyError):
        app.make(SceneKey("titel"))  # a key nobody registered
    with pytest.raises(TypeError):
        scenes.register("title", type(title))  # type: ignore[arg-type]


def test_no_scene_is_opened_by_a_plain_name() -> None:
    """Every ``open``/``make`` of a scene in the game names a key, not a string."""
    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("open", "make") and node.args \
                    and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str) \
                    and ast.unparse(node.func.value).endswith("app"):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, bad


def test_no_scene_is_named_by_a_module_and_attribute_string() -> None:
    pattern = re.compile(r"""["']game(\.\w+)+:\w+["']""")
    for path in sorted((ROOT / "game" / "ui").rglob("*.py")):
        assert not pattern.search(path.read_text(encoding="utf-8")), path


def test_only_the_app_imports_the_catalogue() -> None:
    importers = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import | ast.ImportFrom) \
                else []
            module = node.module if isinstance(node, ast.ImportFrom) else ""
            if "game.ui.scenes.catalog" in names or module == "game.ui.scenes.catalog" or (
                    module == "game.ui.scenes" and "catalog" in names):
                importers.append(path.relative_to(ROOT).as_posix())
    assert importers == ["game/ui/app.py"]
