"""The house rules by name: which exist, in their canonical order, and which editions each
fits. This is what a ruleset needs to read and write its ``house`` text, kept apart from the
rules' hooks (:mod:`game.rules.house.base`), which take the game: the ruleset sits below the
game, so it must not reach the hooks' module.
"""

from __future__ import annotations

from typing import Final, Protocol


class Named(Protocol):
    """What the names need of a house rule (:class:`~game.rules.house.base.HouseRule`)."""

    name: str
    clause: str

    def fits(self, edition: str) -> bool: ...

    def why_unfit(self, edition: str) -> str: ...


#: Every registered house rule by name, in the order they were registered (the canonical
#: order of a ruleset's ``house`` text). Kept by :func:`game.rules.house.base.register`.
HOUSE_RULES: Final[dict[str, Named]] = {}

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
