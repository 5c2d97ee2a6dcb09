"""The devices keep clear of the players' plates, the hand and the log at every window
size and player count (Triple Play up to 6 players, Attack and Roboto up to 10)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from tests.ui.conftest import fresh_table, pump, shot

CASES = [("triple", "HAAAAA", (1024, 600)), ("triple", "HAAAAA", (1280, 720)),
         ("triple", "HA", (1920, 1080)), ("attack", "HAAAAAAAAA", (1024, 600)),
         ("attack", "HAA", (1280, 720)), ("roboto", "HAAAAAAAAA", (1024, 600)),
         ("roboto", "HAAA", (1920, 1080))]


@pytest.mark.parametrize(("edition", "kinds", "size"), CASES)
def test_devices_fit_the_table(app: App, outdir: Path, edition: str, kinds: str,
                               size: tuple[int, int]) -> None:
    app.screen = pygame.display.set_mode(size)
    table = fresh_table(app, edition, kinds)
    pump(app, until=lambda: table.my_turn() or table.session.over)
    app.relayout()
    pump(app, 0.1)
    shot(app, outdir, f"{edition}_{len(kinds)}_{size[0]}x{size[1]}")
    lay = table.layout
    state = table.test_state()["devices"]
    device = next(iter(state.values()))
    rect = pygame.Rect(device.get("launcher_rect") or device.get("rect") or
                       pygame.Rect(table.devices[0].unit))  # type: ignore[attr-defined]
    window = app.screen.get_rect()
    assert window.contains(rect)
    others = [lay.log, lay.uno, *table.hand_rects(), *(s.plate for s in lay.seats.values())]
    clash = [r for r in others if r.colliderect(rect)]
    assert not clash, (rect, clash)
    for control in table.devices[0].controls():  # its buttons (Roboto's Repeat, Volume)
        assert window.contains(control.rect), control.id
        clash = [r for r in others if r.colliderect(control.rect)]
        assert not clash, (control.id, control.rect, clash)
