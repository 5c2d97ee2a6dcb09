"""The French catalogue says "tu" to the player everywhere (a family game, issue 13 item 10):
no "vous", "votre", "vos", and no imperative in -ez addressed to the player."""

from __future__ import annotations

import re
from pathlib import Path

PO = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "uno.po"
#: Words in -ez that are no verbs addressed to the player ("PARTEZ !" starts a race between
#: several players, as every French race does).
NOT_VOUS = {"nez", "chez", "assez", "partez"}


def french_strings() -> list[str]:
    out: list[str] = []
    current: list[str] | None = None
    for line in PO.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgstr"):
            current = [line.split('"', 1)[1].rsplit('"', 1)[0]]
            out.append("")
        elif line.startswith('"') and current is not None:
            current.append(line[1:-1])
        else:
            current = None
        if current is not None:
            out[-1] = "".join(current)
    return [s for s in out if s]


def test_french_says_tu_everywhere() -> None:
    strings = french_strings()
    assert len(strings) > 300
    vous = [s for s in strings if re.search(r"\b(vous|votre|vos)\b", s, re.IGNORECASE)]
    assert not vous, vous
    ez = [s for s in strings for w in re.findall(r"\b\w+ez\b", s.lower())
          if w not in NOT_VOUS]
    assert not ez, ez
