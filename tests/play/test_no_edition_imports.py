"""Issue 32: the table, the narration and the front-end package render the choice
description; none of them works out an edition's decisions for itself.

Checked from the syntax trees of ``game/ui/**``, the editions' table layers
(``game/editions/*/table``), ``game/voice/narrate.py`` and ``game/play/**``:
no module there imports an action class that is not the official game's (C-5 … C-12:
play, draw, keep, name a colour, challenge, accept, call UNO, catch), nor names a member
of :class:`~game.rules.decisions.Decision` other than the official TURN, COLOUR,
CHALLENGE, DRAWN and OVER — whether by ``from … import``, through a module alias
(``A.PickTray``) or through the enum (``Decision.PRESS_TRAY``). Events (what already
happened) are free to animate.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from game.rules import actions
from game.rules.decisions import Decision

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"

OFFICIAL_ACTIONS = frozenset({"Play", "Draw", "Pass", "ChooseColour", "Challenge", "Accept",
                              "CallUno", "Catch"})
OFFICIAL_DECISIONS = frozenset({"TURN", "COLOUR", "CHALLENGE", "DRAWN", "OVER"})
#: The edition's and the house rules' action classes, and their decisions.
EDITION_ACTIONS = frozenset(cls.__name__ for cls in actions.ACTION_TYPES) - OFFICIAL_ACTIONS
EDITION_DECISIONS = frozenset(d.name for d in Decision) - OFFICIAL_DECISIONS
#: Module-level aliases of decisions in game.rules.decisions (``CHALLENGE_D`` …) that name
#: an edition's decision would be caught as imports of those names.
EDITION_NAMES = EDITION_ACTIONS | EDITION_DECISIONS


def scanned() -> Iterator[Path]:
    yield from sorted((GAME / "ui").rglob("*.py"))
    # The editions' table layers render the description too (their voice.py declares it).
    yield from sorted(GAME.glob("editions/*/table.py"))
    yield from sorted(GAME.glob("editions/*/table/**/*.py"))
    yield GAME / "voice" / "narrate.py"
    yield from sorted((GAME / "play").rglob("*.py"))


def findings(source: str) -> list[str]:
    """Where ``source`` names an edition's decision or action class (empty: nowhere)."""
    tree = ast.parse(source)
    rules_aliases: set[str] = set()  # names bound to a game.rules module (``A``)
    decision_names: set[str] = set()  # names bound to the Decision enum
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.rules"):
            for alias in node.names:
                bound = alias.asname or alias.name
                if alias.name in EDITION_NAMES:
                    out.append(f"line {node.lineno}: imports {alias.name}")
                elif alias.name == "Decision":
                    decision_names.add(bound)
                elif (node.module or "") == "game.rules" or alias.name == "*":
                    rules_aliases.add(bound)
                    if alias.name == "*":
                        out.append(f"line {node.lineno}: imports * from {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("game.rules"):
                    rules_aliases.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        owner = ast.unparse(node.value)
        if owner in decision_names or owner.endswith(".Decision"):
            if node.attr in EDITION_DECISIONS:
                out.append(f"line {node.lineno}: {owner}.{node.attr}")
        elif (owner in rules_aliases or owner.startswith("game.rules")) \
                and node.attr in EDITION_NAMES:
            out.append(f"line {node.lineno}: {owner}.{node.attr}")
    return out


def test_the_table_the_narration_and_game_play_name_no_edition_decision_or_action() -> None:
    found = {str(p.relative_to(ROOT)): f for p in scanned()
             if (f := findings(p.read_text(encoding="utf-8")))}
    assert not found, f"edition decisions or actions named: {found}"


def test_the_check_finds_each_way_of_naming_one() -> None:
    """The check above can fail: each way of naming an edition's decision is found."""
    assert findings("from game.rules.actions import PickTray\n")
    assert findings("from game.rules.actions import Play, SwapWith as S\n")
    assert findings("from game.rules import actions as A\nA.PressLauncher(0)\n")
    assert findings("import game.rules.actions\ngame.rules.actions.TimeUp(0)\n")
    assert findings("from game.rules.engine import Decision\nx = Decision.PRESS_TRAY\n")
    assert findings("from game.rules.decisions import Decision as D\nD.STACK\n")
    assert findings("from game.rules.decisions import PICK_PLAYER\n")
    # the official game's are allowed, and events are free to animate
    assert not findings("from game.rules import actions as A\nA.Play(0, 1)\nA.CallUno(0)\n")
    assert not findings("from game.rules.engine import Decision\nDecision.COLOUR\n")
    assert not findings("from game.rules import events as E\nE.TrayPressed\n")


def test_every_module_of_the_front_end_is_scanned() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in scanned()}
    assert "game/ui/table/input.py" in names and "game/voice/narrate.py" in names
    assert "game/play/choices.py" in names and "game/editions/triple/table/unit.py" in names
    assert len(names) > 60
