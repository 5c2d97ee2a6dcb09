"""Editions build on the engine's public seams only (issue 15): their syntax trees never
reach a private member of the base game, never override one, and never set whose
decision it is by hand (``Game.ask`` does)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game import engine_sources
from game.rules.engine import Game

BASE_FILES = ("engine.py", "table.py")
ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "game" / "rules"
#: The editions' engine modules (game/editions/<name>/rules.py and any beside it).
EDITION_FILES = [ROOT / rel for rel in engine_sources(str(ROOT))
                 if rel.startswith("game/editions/")]
# The tests' plug-in edition keeps to the same seams (tests/editions/pocket).
EDITION_FILES.append(Path(__file__).parent / "pocket" / "rules.py")


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined_names(tree: ast.AST) -> set[str]:
    """Functions, classes and ``self.x = …`` attributes a module defines."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return names


def base_privates() -> set[str]:
    names = {n for n in dir(Game) if private(n)}
    for f in BASE_FILES:
        names |= {n for n in defined_names(ast.parse((RULES / f).read_text("utf-8")))
                  if private(n)}
    return names


def offences(source: str) -> list[str]:
    tree = ast.parse(source)
    own = defined_names(tree)
    base = base_privates()
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            if node.attr in base:
                out.append(f"line {node.lineno}: the base's private {node.attr}")
            elif node.attr not in own:
                out.append(f"line {node.lineno}: someone else's private {node.attr}")
        elif isinstance(node, ast.FunctionDef) and node.name in base:
            out.append(f"line {node.lineno}: overrides the base's private {node.name}")
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and (
            node.attr in ("to_act", "decision")
        ):
            out.append(f"line {node.lineno}: sets {node.attr} by hand instead of ask()")
    return out


def test_the_base_has_private_members_to_protect() -> None:
    assert {"_log", "_hand_from"} <= base_privates()


def test_the_check_catches_a_private_call_and_a_decision_set_by_hand() -> None:
    bad = (
        "class X(Game):\n"
        "    def f(self, ev):\n"
        "        self._log(ev)\n"
        "        self.to_act, self.decision = 1, TURN\n"
    )
    found = offences(bad)
    assert any("_log" in o for o in found)
    assert any("to_act" in o for o in found) and any("decision" in o for o in found)


@pytest.mark.parametrize("path", EDITION_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_edition_uses_only_the_public_seams_of_the_base(path: Path) -> None:
    assert offences(path.read_text("utf-8")) == []
