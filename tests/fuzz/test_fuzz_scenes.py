"""Issue 12, "Keep it that way": key, text, click, wheel and resize storms on every scene
(SDL's dummy drivers) never raise (a fixed-seed slice; the long run is ``bench/fuzz.py``)."""

from __future__ import annotations

import pygame
from hypothesis import example, given

from tests.fuzz import slice_of
from tests.fuzz.scenes import ROOTS, Storm, run_storm, storms


@slice_of(max_examples=20)
@given(storms(resize=False, max_steps=40, play=120))
@example(Storm("table-official", (("key", pygame.K_RIGHT, 0), ("key", pygame.K_RETURN, 0),
                                  ("auto", 12), ("text", "\x00\ud800"), ("frames", 60))))
def test_event_storms_on_every_scene_never_raise(storm: Storm) -> None:
    run_storm(storm)


@slice_of(max_examples=15)
@given(storms(ROOTS, resize=True, max_steps=30, play=60))
@example(Storm("title", (("resize", 300, 200), ("key", pygame.K_F11, 0), ("frames", 2),
                         ("key", pygame.K_F11, 0), ("frames", 2))))
@example(Storm("help", (("resize", 1, 1), ("frames", 2))))  # found by bench/fuzz.py
@example(Storm("setup", (("resize", 2, 1), ("key", pygame.K_TAB, 0), ("frames", 2))))
@example(Storm("stats", (("key", pygame.K_DOWN, 0), ("wheel", -1), ("resize", 320, 240),
                         ("click", (640, 110), 1), ("key", pygame.K_RIGHT, 0),
                         ("resize", 3, 2), ("key", pygame.K_TAB, 0), ("wheel", 1),
                         ("frames", 2))))
def test_storms_with_window_resizes_never_raise(storm: Storm) -> None:
    run_storm(storm)
