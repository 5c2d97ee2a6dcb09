"""Driving a whole match through the real table: the test hooks' autoplay presses for the
people (as keys and clicks would), the AI seats play through the bot runner."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.rules.editions import new_game
from game.rules.ruleset import MatchKind
from game.rules.ruleset import edition as ruleset_of
from game.ui.app import App
from game.ui.table.match_end import MatchEndScene
from game.ui.table.scene import TableScene
from game.ui.testhooks import TestHooks
from tests.ui.conftest import table_for


def play_match(app: App, ed: str, kinds: str, seed: int, outdir: Path,
               timeout: float = 25.0, shots: int = 4, **rules: object) -> TableScene:
    """Play a single-hand match of ``ed`` to its end; a few screenshots on the way."""
    rs = ruleset_of(ed).with_options(match=MatchKind.SINGLE_HAND, **rules)
    table = table_for(app, new_game(rs, len(kinds), seed), kinds, resumed=False)
    app.hooks = TestHooks(autoplay=True)
    deadline = time.monotonic() + timeout
    frames, saved = 0, 0
    while not isinstance(app.top, MatchEndScene):
        app.frame(1 / 60)
        frames += 1
        if frames in (20, 60, 140, 300)[:shots] and app.top is table:
            app.draw()
            pygame.image.save(app.screen, str(outdir / f"match_{saved}.png"))
            saved += 1
        if time.monotonic() > deadline:
            raise AssertionError(f"the match did not end (top: {app.top.name})")  # type: ignore[union-attr]
        time.sleep(0.0005)
    app.draw()
    pygame.image.save(app.screen, str(outdir / "match_end.png"))
    assert table.session.over
    return table
