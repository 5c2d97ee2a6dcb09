"""What the front end knows about each edition, keyed by the engine's edition name.

Each edition module in this package calls :func:`register` with an :class:`EditionUI`: its
title, a one-line description for the set-up screen, its rules for the help screen and the
device layers it puts on the table (:mod:`game.ui.table.devices`). The list of editions itself
comes from the engine (:data:`game.rules.ruleset.EDITIONS`); an edition without a module
here still plays, with its name as the title and the official rules' help.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass

from game.rules.ruleset import EDITIONS
from game.ui.scenes.setup_sections import SetupSection
from game.ui.table.devices import DeviceFactory

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class EditionUI:
    """The front end's data for one edition (message ids, translated when shown)."""

    key: str
    title: str
    blurb: str = ""
    #: (heading, body) message ids for the rules help, in order.
    rules: tuple[tuple[str, str], ...] = ()
    devices: tuple[DeviceFactory, ...] = ()
    #: The edition's own options on the New game screen.
    setup: tuple[SetupSection, ...] = ()
    #: Rules of another edition shown first (Sonic builds on the official rules).
    based_on: str | None = None


_REGISTRY: dict[str, EditionUI] = {}
_LOADED = False


def register(ui: EditionUI) -> EditionUI:
    """Add (or replace) an edition's front-end data."""
    _REGISTRY[ui.key] = ui
    return ui


def _load() -> None:
    """Import ``game.editions.<name>.table`` for every engine edition (each registers itself,
    and its device sounds on the one sound board)."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for name in EDITIONS:
        module = f"game.editions.{name}.table"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name not in (module, f"game.editions.{name}", "game.editions"):
                raise
            _log.info("no front-end module for edition %r", name)


def edition_names() -> list[str]:
    """Every edition the engine plays, in its order."""
    return list(EDITIONS)


def edition_ui(key: str) -> EditionUI:
    """The front-end data of ``key`` (a plain default when the edition has no module)."""
    _load()
    ui = _REGISTRY.get(key)
    if ui is None:
        ui = EditionUI(key, key.replace("_", " ").title(), based_on="official")
    return ui


def rules_pages(key: str) -> list[tuple[str, str]]:
    """The help's (heading, body) message ids for ``key``, base edition first."""
    ui = edition_ui(key)
    pages: list[tuple[str, str]] = []
    if ui.based_on and ui.based_on != key:
        pages += list(edition_ui(ui.based_on).rules)
    return pages + list(ui.rules)
