"""The backdrop every screen shares: green felt under a soft light."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a soft radial light on green felt (built once per window size)."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(theme.FELT_DARK)
    steps = 28
    for i in range(steps):
        t = i / (steps - 1)
        colour = theme.mix(theme.FELT_DARK, theme.FELT_LIGHT, t ** 1.4)
        rw, rh = int(w * (1.25 - 0.85 * t)), int(h * (1.2 - 0.8 * t))
        pygame.draw.ellipse(surf, colour, pygame.Rect(w // 2 - rw // 2, int(h * 0.45) - rh // 2,
                                                      rw, rh))
    return surf.convert() if pygame.display.get_surface() is not None else surf
