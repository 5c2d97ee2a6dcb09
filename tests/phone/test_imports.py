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
