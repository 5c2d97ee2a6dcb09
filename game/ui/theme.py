"""The table's look: colours, fonts and the one scale factor everything is sized by.

Sizes are written for a 1280×720 window and scaled with :func:`scale_for`, so the layout
holds from 1024×600 up to 4K. The font is pygame's own (FreeSans Bold, shipped inside
pygame-ce, with full Latin-1 and French punctuation coverage), loaded once per pixel size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.rules.cards import Colour

BASE_W, BASE_H = 1280, 720

# Table and panels
FELT = (22, 96, 62)
FELT_DARK = (10, 52, 34)
FELT_LIGHT = (38, 128, 84)
PANEL = (16, 28, 36)
PANEL_EDGE = (70, 96, 110)
SHADOW = (0, 0, 0)
TEXT = (240, 244, 240)
TEXT_DIM = (170, 184, 178)
TEXT_DARK = (24, 24, 28)
ACCENT = (255, 205, 60)
FOCUS = (90, 200, 255)
DANGER = (220, 50, 50)
OK = (80, 200, 110)
BUTTON = (40, 62, 78)
BUTTON_HOVER = (56, 86, 106)
BUTTON_DISABLED = (44, 50, 56)
BUTTON_PRIMARY = (196, 48, 44)

#: Card colours (printed-deck hues, kept apart in luminance for colour-blind players too).
CARD_RGB: dict[int, tuple[int, int, int]] = {
    Colour.RED: (214, 38, 44),
    Colour.YELLOW: (246, 200, 30),
    Colour.GREEN: (48, 160, 72),
    Colour.BLUE: (20, 102, 196),
}
WILD_RGB = (24, 24, 28)
CARD_WHITE = (250, 250, 246)


def scale_for(size: tuple[int, int]) -> float:
    """The factor from the 1280×720 design size to ``size`` (the smaller of the two axes)."""
    w, h = size
    return max(0.4, min(w / BASE_W, h / BASE_H))


#: The sizes the screens use (a title at full screen included); :func:`warm_fonts` loads
#: them all at start, so that no frame loads one (a dialog fitting its names to their
#: boxes may try several sizes in its first frame).
FONT_SIZES = range(8, 81)


def font(px: float) -> pygame.font.Font:
    """pygame's bundled font at ``px`` pixels (cached by the whole size: loading one costs
    about a millisecond; 18.0 and 18.5 are the same font)."""
    return _font(max(8, int(px)))


@lru_cache(maxsize=len(FONT_SIZES) + 16)
def _font(px: int) -> pygame.font.Font:
    return pygame.font.Font(None, px)


def forget_fonts() -> None:
    """Drop the loaded fonts (they belong to the display that is being replaced)."""
    _font.cache_clear()


def warm_fonts() -> None:
    """Load every size of :data:`FONT_SIZES` now (at start)."""
    for px in FONT_SIZES:
        _font(px)


def mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    """Linear blend of two colours (``t`` = 0 gives ``a``)."""
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


def readable_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark or light text, whichever reads better on ``rgb``."""
    r, g, b = rgb
    return TEXT_DARK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else TEXT
