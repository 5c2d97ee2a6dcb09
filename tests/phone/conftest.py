"""Shared set-up of the phone tests: compiled catalogues, SDL's dummy drivers for the card
art, one set of card images for the session, and hubs on 127.0.0.1 stopped afterwards."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from game import i18n
from game.phone.art import Art
from game.phone.hub import Limits, PhoneHub
from game.rules.ruleset import EDITIONS, edition
from tests.i18n.conftest import compile_if_stale


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues() -> None:
    compile_if_stale()


def _dummy_drivers(mp: pytest.MonkeyPatch) -> None:
    mp.setenv("SDL_VIDEODRIVER", "dummy")
    mp.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def dummy_sdl(monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL's dummy drivers for each phone test only: a worker of ``make test`` runs other
    files after these, with a real display or sound server (and games they start inherit the
    environment)."""
    _dummy_drivers(monkeypatch)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture(scope="session")
def art() -> Iterator[Art]:
    """Every edition's cards, drawn once for the whole session (about a second)."""
    mp = pytest.MonkeyPatch()
    _dummy_drivers(mp)
    try:
        a = Art()
        cards = {c for name in EDITIONS for c in edition(name).cards()}
        a.plan(sorted(cards, key=int))
        a.prepare()
    finally:
        mp.undo()
    yield a


@pytest.fixture
def make_hub(art: Art) -> Iterator[object]:
    """``make_hub(**limits)``: a started hub on 127.0.0.1 (stopped after the test)."""
    hubs: list[PhoneHub] = []

    def make(**limits: object) -> PhoneHub:
        hub = PhoneHub(art, Limits(**limits))  # type: ignore[arg-type]
        hub.start("127.0.0.1")
        hubs.append(hub)
        return hub

    yield make
    for hub in hubs:
        hub.stop()


@pytest.fixture
def server_errors(caplog: pytest.LogCaptureFixture) -> Iterator[list[logging.LogRecord]]:
    """The ERROR records the phone server logged (a traceback is one): the test asserts
    there are none."""
    caplog.set_level(logging.WARNING, logger="game.phone")
    errors: list[logging.LogRecord] = []
    yield errors
    errors += [r for r in caplog.records
               if r.name.startswith("game.phone") and r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
