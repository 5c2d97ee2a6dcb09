"""The code's shape, checked from its syntax trees (DESIGN.md, "Growing without touching
everything"; issue 11):

- no import circle in ``game/`` larger than 2 modules, every import counted (top-level,
  function-local and ``TYPE_CHECKING`` alike; ``from pkg import mod`` counts ``pkg`` too);
- no front-end code reads the engine behind the session (``session.game``, ``game.hands``)
  or a private member of an object from another module;
- the keyboard and mouse are read in one place (the input translation), and game time in
  one place (the app's clock);
- no module outside an edition's package (``game/editions/<name>/``) imports it, but the
  per-layer loaders that list the built-in editions (issue 35).
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


# --------------------------------------------------------------------------- editions
#: Issue 35: an edition is one package, game/editions/<name>/, and shared code asks the
#: registries. Only these modules import an edition's package by name: the per-layer
#: loaders, one import line per built-in edition (the front end's loads every edition's
#: table layer by its name, from the engine's list).
EDITION_LOADERS = frozenset({"game/rules/editions.py", "game/voice/editions.py",
                             "game/ui/editions/__init__.py"})
#: The official game is the base the other editions' rules build on (its deck).
BASE_EDITION = "official"
#: Shared modules that still import an edition's package, and which editions; not yet moved
#: into the edition's own package. This list may only shrink: a module fixed must leave it
#: (the test says so), and no module may join it.
NOT_YET_MOVED: dict[str, frozenset[str]] = {
    # the bots' edition knowledge (Attack's customizable card, Triple Play's red trays in
    # the rollout policy): the bots have no per-edition layer yet, and are compiled
    "game/bots/editions.py": frozenset({"attack"}),
    "game/bots/rollout.py": frozenset({"triple"}),
    # the demo and the title screen show Roboto, the launcher's head and the race lamp
    "game/ui/scenes/demo.py": frozenset({"attack", "roboto"}),
    "game/ui/scenes/title.py": frozenset({"roboto"}),
}


def editions_imported(source: str) -> set[str]:
    """The editions whose package ``source`` imports by name, however: ``import
    game.editions.x…``, ``from game.editions.x… import …``, ``from game.editions import x``,
    or ``importlib.import_module("game.editions.x…")`` (anywhere in its body)."""
    found: set[str] = set()

    def named(module: str) -> None:
        parts = module.split(".")
        if parts[:2] == ["game", "editions"] and len(parts) > 2:
            found.add(parts[2])

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                named(alias.name)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            named(node.module or "")
            if node.module == "game.editions":
                found.update(a.name for a in node.names)
        elif isinstance(node, ast.Call) and node.args \
                and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) \
                and ast.unparse(node.func).rpartition(".")[2] in ("import_module",
                                                                  "__import__"):
            named(node.args[0].value)
    return found


def edition_imports_outside_their_package() -> dict[str, set[str]]:
    """Each module of ``game/`` (loaders aside) with the editions it imports that are not its
    own (an edition's module may import the base edition too)."""
    out: dict[str, set[str]] = {}
    for path in sorted(GAME.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in EDITION_LOADERS:
            continue
        parts = rel.split("/")
        own = {parts[2], BASE_EDITION} if parts[1] == "editions" and len(parts) > 3 else set()
        if others := editions_imported(path.read_text(encoding="utf-8")) - own:
            out[rel] = others
    return out


def test_shared_code_imports_no_edition_s_package() -> None:
    found = edition_imports_outside_their_package()
    new = {m: e for m, e in found.items() if not e <= NOT_YET_MOVED.get(m, frozenset())}
    assert not new, (f"these modules import an edition's package (game/editions/<name>/): "
                     f"{new}; ask the layer's registry instead, or put the code in the "
                     f"edition's own package")
    fixed = {m: sorted(e - found.get(m, set())) for m, e in NOT_YET_MOVED.items()
             if e - found.get(m, set())}
    assert not fixed, f"no longer imported, take them off NOT_YET_MOVED: {fixed}"


def test_the_edition_import_check_finds_each_way_of_importing_one() -> None:
    assert editions_imported("import game.editions.roboto.voice\n") == {"roboto"}
    assert editions_imported("from game.editions.triple.rules import TripleGame\n") == {"triple"}
    assert editions_imported("from game.editions import attack, sonic\n") == {"attack", "sonic"}
    assert editions_imported("def f():\n    from game.editions.sonic import table\n") \
        == {"sonic"}
    assert editions_imported("import importlib\n"
                             "importlib.import_module('game.editions.attack.table')\n") \
        == {"attack"}
    assert editions_imported("__import__('game.editions.triple')\n") == {"triple"}
    # the package itself imports nothing, and registries are no edition
    assert not editions_imported("import game.editions\nfrom game.ui.editions import register\n"
                                 "from game.rules.editions import new_game\n")
    # the loaders are where the built-in editions are listed: they are found, and let be
    loader = (ROOT / "game" / "rules" / "editions.py").read_text(encoding="utf-8")
    assert {"official", "roboto", "attack", "triple", "sonic"} <= editions_imported(loader)
