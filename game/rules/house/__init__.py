"""House rules (RULES.md section H): what each one is called, its clause, and where it fits.

The rules H-1 … H-3 change the turn flow; their mechanics are in
:mod:`game.rules.house.play`, called from the engine's seams. H-4 … H-7 are plain
ruleset options (``draw_to_match``, ``forced_play``, ``no_bluffing``, ``uno_penalty``).

A ruleset carries the chosen rules as one text, names joined by ``+`` in the order of
:data:`HOUSE_RULES` (``"stacking+seven_o"``), so it fits every place an option goes
(JSON settings, the position text, the command line).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One house rule: its name (as typed on a command line), its clause, and the
    editions it does not fit (with why)."""

    name: str
    clause: str
    unfit: tuple[tuple[str, str], ...] = ()

    def fits(self, edition: str) -> bool:
        return all(e != edition for e, _ in self.unfit)

    def why_unfit(self, edition: str) -> str:
        return next((why for e, why in self.unfit if e == edition), "")


#: Every house rule that changes the turn flow, in their canonical order.
HOUSE_RULES: Final[dict[str, HouseRule]] = {
    "stacking": HouseRule("stacking", "H-1", (("triple", "Triple Play has nothing to stack"),)),
    "seven_o": HouseRule("seven_o", "H-2"),
    "jump_in": HouseRule("jump_in", "H-3"),
}

SEP: Final = "+"


def parse_house(text: str, edition: str | None = None) -> tuple[str, ...]:
    """The house rules named in ``text`` (``"stacking,seven_o"`` or ``"stacking+seven_o"``;
    empty or ``"-"``/``"none"`` for none), canonical order, no repeats. ``ValueError``
    names an unknown rule, or one that does not fit ``edition``."""
    raw = text.replace(",", SEP).strip()
    if raw in ("", "-", "none"):
        return ()
    names: set[str] = set()
    for item in raw.split(SEP):
        name = item.strip().lower().replace("-", "_")
        if name not in HOUSE_RULES:
            known = ", ".join(HOUSE_RULES)
            raise ValueError(f"unknown house rule {item.strip()!r} (known: {known})")
        rule = HOUSE_RULES[name]
        if edition is not None and not rule.fits(edition):
            raise ValueError(f"house rule {name} ({rule.clause}) does not fit {edition}: "
                             f"{rule.why_unfit(edition)}")
        names.add(name)
    return tuple(n for n in HOUSE_RULES if n in names)


def house_text(names: tuple[str, ...]) -> str:
    """Inverse of :func:`parse_house` (``""`` for none)."""
    return SEP.join(names)


def fitting(edition: str) -> tuple[str, ...]:
    """The house rules that fit ``edition`` (all of them together)."""
    return tuple(n for n, r in HOUSE_RULES.items() if r.fits(edition))
