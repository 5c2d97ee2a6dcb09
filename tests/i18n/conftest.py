"""Shared set-up for the catalogue tests: compiled catalogues, and English restored afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface

from game import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"


def compile_if_stale() -> None:
    """What `make locale` does, when a .mo is missing or older than its .po (plain `pytest`)."""
    for po in LOCALE.glob("*/LC_MESSAGES/uno.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            CommandLineInterface().run(  # type: ignore[no-untyped-call]
                ["pybabel", "-q", "compile", "-i", str(po), "-o", str(mo)])


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues() -> None:
    compile_if_stale()


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")
