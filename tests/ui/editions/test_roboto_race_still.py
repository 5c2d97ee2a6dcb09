"""Issue 34, reduced motion: Roboto's reaction race keeps its lamp lit and still once it
flashes (its "GO!" is the caption) instead of blinking, and the race still works."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from tests.ui.conftest import pump, shot
from tests.ui.editions.test_roboto_reaction import duel
from tests.ui.editions.test_roboto_ui import key


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_keeps_the_reaction_lamp_still(app: App, outdir: Path,
                                                      reduced: bool) -> None:
    app.settings.reduced_motion = reduced
    _table, race = duel(app)
    pump(app, until=lambda: race.flashed)
    key(app, pygame.K_1)  # Ann at once, then the lamp watched while Cid still races
    assert race.done == [0]
    lit: set[bool] = set()
    for _ in range(10):  # a sixth of a second: over a whole blink
        lit.add(race.lamp_lit())
        race.clock += 1 / 60  # (its own clock only: Cid's press waits)
    if reduced:
        assert lit == {True}
        shot(app, outdir, "lamp_still")
    else:
        assert lit == {True, False}  # it blinks
