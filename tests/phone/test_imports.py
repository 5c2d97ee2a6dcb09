"""The phone package takes its words and choices from :mod:`game.play` (no pygame there),
never from the table's own package."""

from __future__ import annotations

import ast
from pathlib import Path

PHONE = Path(__file__).resolve().parents[2] / "game" / "phone"


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in its body (absolute imports: the phone
    package uses no relative ones)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path.name}: relative import"
            out.add(node.module)
    return out


def test_no_phone_module_imports_the_table() -> None:
    bad = sorted(f"{p.name}: {m}" for p in PHONE.glob("*.py") for m in imported_modules(p)
                 if m == "game.ui.table" or m.startswith("game.ui.table."))
    assert not bad, bad


def test_the_scan_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from game.ui.table.controls import X\n", encoding="utf-8")
    assert imported_modules(source) == {"game.ui.table.controls"}


def test_the_phone_server_loads_neither_pygame_nor_the_window_s_package() -> None:
    """Only the pictures (game.phone.art) draw with the table's code, and only when asked:
    importing the hub, the server and the race loads no pygame and no game.ui."""
    import subprocess
    import sys

    code = ("import sys, game.phone, game.phone.server, game.phone.race, game.phone.headless; "
            "print(sorted(m for m in sys.modules if m == 'pygame' or m.startswith('game.ui')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=PHONE.parents[1])
    assert out.stdout.strip() == "[]", out.stdout


def test_only_the_pictures_use_the_window_s_package_even_inside_a_function() -> None:
    bad = sorted(f"{p.name}: {m}" for p in PHONE.glob("*.py") if p.name != "art.py"
                 for m in imported_modules(p) if m == "game.ui" or m.startswith("game.ui."))
    assert not bad, bad
