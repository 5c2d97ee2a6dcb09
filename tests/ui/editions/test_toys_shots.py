"""End-to-end pictures of the toys' moments (issue 14), at a real table on the dummy
driver: Roboto's expressions, a race showing its instruction, the Attack launcher winding
up and erupting, a Triple Play tray overload show and a Sonic Victory Lap. Each test also
checks the moment is on screen (from the device's state). Screenshots go to
``test-output/<test name>/``."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.app import App
from game.ui.editions.roboto.figure import EXPRESSIONS, RobotoFigure
from tests.ui.conftest import fresh_table, pump, shot


def test_roboto_s_expressions(app: App, outdir: Path) -> None:
    table = fresh_table(app, "roboto", "HAA")
    pump(app, until=lambda: table.my_turn(), timeout=15)
    fig = next(d for d in table.devices if isinstance(d, RobotoFigure))
    strip = pygame.Surface((len(EXPRESSIONS) * 200, 260))
    strip.fill((24, 70, 44))
    for k, face in enumerate(EXPRESSIONS):
        fig.speak(face, 0.0)
        if face == "sleepy":
            fig.idle = 61.0
        else:
            fig.feel(face, 10.0)
        pump(app, 0.05)
        assert fig.face() == face
        screen = shot(app, outdir, f"face_{face}")
        area = fig.footprint().clip(screen.get_rect())
        part = screen.subsurface(area.inflate(0, 0).clip(screen.get_rect()))
        strip.blit(pygame.transform.smoothscale(part, (190, int(190 * area.h / area.w))
                                                if area.w else (1, 1)), (k * 200 + 5, 5))
    fig.wake()
    fig.drum_roll(5.0)
    pump(app, 0.1)
    shot(app, outdir, "drum_roll")
    pygame.image.save(strip, str(outdir / "expressions.png"))
