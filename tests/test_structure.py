"""The code's shape, checked from its syntax trees (DESIGN.md, "Growing without touching
everything"; issue 11):

- no import circle in ``game/`` larger than 2 modules, every import counted (top-level,
  function-local and ``TYPE_CHECKING`` alike; ``from pkg import mod`` counts ``pkg`` too);
- no front-end code reads the engine behind the session (``session.game``, ``game.hands``)
  or a private member of an object from another module;
- the keyboard and mouse are read in one place (the input translation), and game time in
  one place (the app's clock).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
UI = GAME / "ui"


def modules(root: Path = GAME) -> dict[str, Path]:
    out = {}
    for p in root.rglob("*.py"):
        rel = p.relative_to(ROOT).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        out[".".join(parts)] = p
    return out


def imports_of(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """Every module of ``mods`` that ``name`` imports, anywhere in its body."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")
                parts = parts if path.name == "__init__.py" else parts[:-1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in mods:
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (iterative Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_no_import_circle_in_game_is_larger_than_two_modules() -> None:
    mods = modules()
    graph = {m: imports_of(m, p, mods) for m, p in mods.items()}
    big = [c for c in circles(graph) if len(c) > 2]
    assert not big, big


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert circles(graph) == [["a", "b", "c"]]


def ui_trees() -> Iterator[tuple[Path, ast.Module]]:
    for p in sorted(UI.rglob("*.py")):
        yield p, ast.parse(p.read_text(encoding="utf-8"))


def test_no_ui_code_reads_the_engine_behind_the_session() -> None:
    """The session answers what the table asks; only the session holds the engine."""
    bad = []
    for path, tree in ui_trees():
        if path.name == "session.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("game", "hands") \
                    and isinstance(node.ctx, ast.Load):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
    assert not bad, bad


def test_no_ui_code_reads_a_private_member_of_another_module() -> None:
    bad = []
    for path, tree in ui_trees():
        own = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute):
                continue
            attr = node.attr
            if not attr.startswith("_") or attr.startswith("__"):
                continue
            base = node.value
            if isinstance(base, ast.Name) and (base.id in ("self", "cls") or base.id in own):
                continue
            bad.append(f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}")
    assert not bad, bad


def calls(tree: ast.Module) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield node.lineno, ast.unparse(node.func)


def test_keys_and_buttons_are_read_only_by_the_input_translation() -> None:
    polling = ("pygame.key.get_pressed", "pygame.mouse.get_pressed", "pygame.key.get_mods")
    bad = [f"{p.relative_to(ROOT)}:{line} {f}" for p, tree in ui_trees()
           if p.name != "intents.py" for line, f in calls(tree) if f in polling]
    assert not bad, bad


def test_game_time_comes_from_the_app_clock() -> None:
    """``clock.py`` reads the real time once a frame. Allowed besides: the card-art warmer's
    CPU budget (a measure of work, not of game time), the calendar date shown beside a
    saved match, and the test hooks' wall-clock timestamps for the test that launched the
    game."""
    clocks = ("time.monotonic", "time.perf_counter", "time.time", "pygame.time.get_ticks")
    allowed = {"clock.py": clocks, "cardart.py": ("time.perf_counter",),
               "matches.py": ("time.time",), "testhooks.py": ("time.time",)}
    bad = [f"{p.relative_to(ROOT)}:{line} {f}" for p, tree in ui_trees()
           for line, f in calls(tree) if f in clocks and f not in allowed.get(p.name, ())]
    assert not bad, bad


#: Modules that may sit loose at the top of ``game/`` (issue 35): the package's front door and
#: what every layer shares. Everything else lives in the package of its layer (rules, bots,
#: play, setup, store, voice, audio, ui, phone, tools), so the folder list reads as the layers.
MAX_LOOSE_MODULES = 10


def test_the_layers_can_be_read_from_game_s_folder_list() -> None:
    loose = sorted(p.name for p in GAME.glob("*.py"))
    assert len(loose) <= MAX_LOOSE_MODULES, loose
    packages = sorted(p.name for p in GAME.iterdir() if (p / "__init__.py").is_file())
    for package in packages:
        doc = ast.get_docstring(ast.parse((GAME / package / "__init__.py").read_text("utf-8")))
        assert doc, f"game/{package}/__init__.py says nothing of what the package holds"
