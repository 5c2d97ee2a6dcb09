"""game/rules, game/bots and the editions' engine modules (``game/editions/<name>/rules.py``
and any engine module beside it, :func:`game.engine_sources`) are pure: standard library and
each other only; no pygame, gettext, audio, numpy; no file I/O; no clock (DESIGN.md, "Time is
an input"). The editions' packages' ``__init__`` files are held to the same bar (they import
nothing, so loading an edition's rules loads none of its other layers).

Checked twice: statically, by parsing every module (imports and calls to ``open`` and
friends), and dynamically, by importing the packages in a fresh interpreter and looking
at what ``sys.modules`` gained.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import engine_sources

ROOT = Path(__file__).resolve().parents[1]
PURE = ("game/rules", "game/bots")
ALLOWED_FIRST_PARTY = ("game.rules", "game.bots")
#: An edition's package, or the editions' (``from`` it, a name is a module of it).
EDITION_PACKAGE = re.compile(r"game\.editions(\.\w+)?")
#: The editions' engine modules and their packages, which hold them.
EDITION_FILES = sorted(
    {ROOT / rel for rel in engine_sources(str(ROOT)) if rel.startswith("game/editions/")
     and rel.endswith(".py")}
    | set((ROOT / "game" / "editions").glob("*/__init__.py"))
    | {ROOT / "game" / "editions" / "__init__.py"})

#: Modules that must never be imported by the pure layers (third-party or impure stdlib).
FORBIDDEN = {
    # front end, voice, settings
    "pygame",
    "pygame_gui",
    "gettext",
    "locale",
    "pyttsx3",
    "sounddevice",
    "soundfile",
    "numpy",
    "platformdirs",
    "tomli_w",
    "tomllib",
    "babel",
    # files and the outside world
    "io",
    "os",
    "pathlib",
    "shutil",
    "tempfile",
    "glob",
    "fileinput",
    "pickle",
    "shelve",
    "sqlite3",
    "subprocess",
    "socket",
    "threading",
    "multiprocessing",
    "asyncio",
    "importlib",
    # the clock
    "time",
    "datetime",
    "calendar",
    "sched",
}
FORBIDDEN_CALLS = {"open", "__import__", "eval", "exec", "input", "breakpoint", "compile"}

#: The clock is forbidden in the engine only: time reaches the rules as actions
#: (``TimeUp``, ``RaceFinished``). A bot may read it for a thinking budget (issue 6: "within
#: a time budget"); the hard bot also takes a budget in iterations for deterministic tests.
CLOCK = {"time", "datetime", "calendar", "sched"}
CLOCK_ALLOWED_IN = ("game/bots/",)


def modules() -> list[Path]:
    found = sorted({p for d in PURE for p in (ROOT / d).rglob("*.py")} | set(EDITION_FILES))
    assert len(found) >= 10, found
    assert ROOT / "game" / "editions" / "official" / "rules.py" in found, found
    return found


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in the module, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package.pop()
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
                if node.module is None:  # from . import x: x may be a submodule
                    out += [(node.lineno, f"{name}.{a.name}") for a in node.names]
                    continue
            else:
                name = node.module or ""
                if EDITION_PACKAGE.fullmatch(name):  # from game.editions.x import rules
                    out += [(node.lineno, f"{name}.{a.name}") for a in node.names]
                    continue
            out.append((node.lineno, name))
    return out


def first_party_allowed(name: str) -> bool:
    """``game.rules``, ``game.bots`` or one of the editions' pure modules (not their
    front-end layers)."""
    return name == "game" or name.startswith(ALLOWED_FIRST_PARTY) or name in EDITION_MODULES


def problems(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    rel = path.relative_to(root)
    for line, name in imported(path, root):
        top = name.split(".")[0]
        where = f"{rel}:{line}"
        if top == "game":
            if not first_party_allowed(name):
                found.append(f"{where} imports {name} (only game.rules / game.bots / an "
                             "edition's rules)")
        elif top in CLOCK and str(rel).startswith(CLOCK_ALLOWED_IN):
            continue
        elif top in FORBIDDEN or name in FORBIDDEN:
            found.append(f"{where} imports {name}")
        elif top not in sys.stdlib_module_names and top != "__future__":
            found.append(f"{where} imports non-standard {name}")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name):
                called = f.id
            elif isinstance(f, ast.Attribute) and f.attr != "compile":  # re.compile is fine
                called = f.attr
            else:
                continue
            if called in FORBIDDEN_CALLS:
                found.append(f"{rel}:{node.lineno} calls {called}()")
    return found


EDITION_MODULES = frozenset(module_name(p) for p in EDITION_FILES)
PATHS = modules()


@pytest.mark.parametrize("path", PATHS, ids=[str(p.relative_to(ROOT)) for p in PATHS])
def test_pure_module_imports_only_stdlib_and_pure_layers(path: Path) -> None:
    assert problems(path) == []


def test_the_static_check_catches_violations(tmp_path: Path) -> None:
    """The checker itself: each kind of violation is reported."""
    source = (
        "import pygame\nimport time as t\nfrom pathlib import Path\nfrom game.ui import x\n"
        "from datetime import datetime\nimport numpy.linalg\nfrom .. import voice\n"
        "data = open('f').read()\nimport re\nre.compile('x')\n"
        "import game.editions.roboto.table\nfrom game.editions.roboto import voice\n"
    )
    probe = tmp_path / "game" / "rules" / "_purity_probe_.py"
    probe.parent.mkdir(parents=True)
    probe.write_text(source)
    joined = "\n".join(problems(probe, tmp_path))
    for needle in (
        "pygame",
        "time",
        "pathlib",
        "game.ui",
        "datetime",
        "numpy",
        "game.voice",
        "open()",
        "game.editions.roboto.table",
        "game.editions.roboto.voice",
    ):
        assert needle in joined, needle
    assert "compile" not in joined and " re" not in joined


SUBPROCESS = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import importlib
names = json.loads(sys.argv[2])
after_importlib = set(sys.modules)
for name in names:
    importlib.import_module(name)
new = sorted(set(sys.modules) - after_importlib)
print(json.dumps(new))
"""


def modules_loaded_by(names: list[str]) -> list[str]:
    """The modules a fresh interpreter gains by importing ``names``."""
    proc = subprocess.run(
        [sys.executable, "-I", "-c", SUBPROCESS, str(ROOT), json.dumps(names)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return list(json.loads(proc.stdout.strip().splitlines()[-1]))


def impure(loaded: list[str]) -> list[str]:
    bad = []
    for name in loaded:
        top = name.split(".")[0]
        if top == "game":
            if not first_party_allowed(name):
                bad.append(name)
        elif top in FORBIDDEN - {"importlib"} or top not in sys.stdlib_module_names:
            bad.append(name)
    return bad


def test_importing_the_pure_layers_loads_no_forbidden_module() -> None:
    loaded = modules_loaded_by([module_name(p) for p in PATHS])
    assert "game.rules.engine" in loaded and "game.bots.driver" in loaded
    assert "game.editions.triple.trays" in loaded
    assert impure(loaded) == [], f"importing game.rules / game.bots loaded {impure(loaded)}"


def test_the_import_check_sees_a_forbidden_module() -> None:
    loaded = modules_loaded_by(["game.rules", "gettext", "fractions"])
    assert "gettext" in impure(loaded)
    assert "fractions" in loaded and "fractions" not in impure(loaded)
