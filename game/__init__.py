"""The UNO family game.

Importing ``game`` chooses the engine build, once, before any of ``game.rules`` loads:

- ``pure``: the Python source, always available;
- ``native``: the same source compiled by mypyc into ``build/native`` (``make native``,
  see tools/build_native.py), used only while its manifest matches every source file
  of the engine (:func:`engine_sources`: game/rules, game/bots and each edition's engine
  modules), so an edited source is never shadowed by an old build.

``UNO_ENGINE=auto`` (the default) takes the native build when it is there and fresh,
``native`` insists on it (an ``ImportError`` says why it cannot), ``pure`` never uses
it. :data:`ENGINE` says which one is in use and :data:`ENGINE_NOTE` why the native one
is not. In the one-file bundle the native modules ship beside the program (``make dist``
builds them) and the manifest was checked when it was built.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from types import ModuleType

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_FROZEN = bool(getattr(sys, "frozen", False))
ENGINE_CHOICES = ("auto", "native", "pure")


#: The engine's packages: every .py and .pyi file in them is the engine's source.
ENGINE_PACKAGES = ("game/rules", "game/bots")
#: An edition's package (``game/editions/<name>/``) holds its front-end layers beside its
#: engine part: every module directly in it but these is engine code (``rules.py``, and a
#: module of its own beside it such as Triple Play's ``trays.py``), pure and compiled.
EDITION_LAYERS = ("__init__.py", "voice.py", "table.py")


def engine_sources(root: str = _ROOT) -> list[str]:
    """Every source file of the engine, "/"-separated and relative to ``root``, sorted: the
    engine's packages and each edition's engine modules."""
    found: list[str] = []
    for package in ENGINE_PACKAGES:
        for folder, _dirs, files in os.walk(os.path.join(root, package)):
            found += [os.path.join(folder, n) for n in files if n.endswith((".py", ".pyi"))]
    editions = os.path.join(root, "game", "editions")
    for edition in sorted(os.listdir(editions)) if os.path.isdir(editions) else []:
        folder = os.path.join(editions, edition)
        if os.path.isdir(folder):
            found += [os.path.join(folder, n) for n in os.listdir(folder)
                      if n.endswith(".py") and n not in EDITION_LAYERS]
    return sorted(os.path.relpath(p, root).replace(os.sep, "/") for p in found)


def native_dir() -> str:
    """Where the native build lives: build/native in a source tree, ``native`` in the
    bundle."""
    if _FROZEN:
        return os.path.join(getattr(sys, "_MEIPASS", _ROOT), "native")
    return os.path.join(_ROOT, "build", "native")


def _manifest(out: str) -> dict[str, object] | None:
    try:
        with open(os.path.join(out, "manifest.json"), encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return None
    return data if isinstance(data, dict) else {}


def native_state(out: str | None = None) -> tuple[str, str]:
    """(``"fresh"`` | ``"stale"`` | ``"missing"``, the reason when not fresh) of the
    native build in ``out``."""
    out = native_dir() if out is None else str(out)
    try:
        manifest = _manifest(out)
    except (OSError, ValueError) as exc:
        return "stale", f"unreadable manifest: {exc}"
    if manifest is None:
        return "missing", "not built (make native)"
    modules = manifest.get("modules")
    if manifest.get("python") != sys.implementation.cache_tag or not isinstance(modules, dict):
        return "stale", f"built for {manifest.get('python')}, not {sys.implementation.cache_tag}"
    for rel in modules.values():
        if not os.path.isfile(os.path.join(out, str(rel))):
            return "stale", f"{rel} is missing"
    if _FROZEN:
        return "fresh", ""
    recorded = manifest.get("sources")
    if not isinstance(recorded, dict):
        return "stale", "the manifest lists no sources"
    current: dict[str, str] = {}
    for rel in engine_sources():
        with open(os.path.join(_ROOT, rel), "rb") as f:
            current[rel] = hashlib.sha256(f.read()).hexdigest()
    if current != recorded:
        changed = sorted(k for k in current.keys() | recorded.keys()
                         if current.get(k) != recorded.get(k))
        return "stale", f"sources changed since the build: {', '.join(changed[:3])}"
    return "fresh", ""


class _NativeFinder:
    """Serves the compiled modules listed in the manifest, ahead of the source."""

    def __init__(self, out: str, modules: dict[str, str]) -> None:
        self.out = out
        self.modules = modules

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        rel = self.modules.get(fullname)
        if rel is None:
            return None
        location = os.path.join(self.out, rel)
        return ModuleSpec(fullname, ExtensionFileLoader(fullname, location), origin=location)


def _choose() -> tuple[str, str]:
    wanted = os.environ.get("UNO_ENGINE", "auto").strip().lower() or "auto"
    if wanted not in ENGINE_CHOICES:
        raise ImportError(f"UNO_ENGINE={wanted!r}: choose one of {', '.join(ENGINE_CHOICES)}")
    if wanted == "pure":
        return "pure", "UNO_ENGINE=pure"
    out = native_dir()
    state, why = native_state(out)
    if state != "fresh":
        if wanted == "native":
            raise ImportError(
                f"UNO_ENGINE=native, but the native build is {state}: {why}"
                " (run `make native`, or set UNO_ENGINE=pure)"
            )
        return "pure", f"native build {state}: {why}"
    manifest = _manifest(out) or {}
    modules = manifest.get("modules")
    assert isinstance(modules, dict)
    if not any(rel.endswith(tuple(EXTENSION_SUFFIXES)) for rel in map(str, modules.values())):
        return "pure", "the native build holds no extension module for this interpreter"
    sys.meta_path.insert(0, _NativeFinder(out, {str(k): str(v) for k, v in modules.items()}))
    return "native", ""


#: ``"native"`` or ``"pure"``: the engine build this process runs.
ENGINE: str
#: Why the native build is not in use ("" when it is).
ENGINE_NOTE: str
ENGINE, ENGINE_NOTE = _choose()
