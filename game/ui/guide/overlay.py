"""Drawing the guide: a halo around the thing to use, an arrow pointing at it, and the
caption panel. Pure drawing from rectangles the table's layout gives (never coordinates of
its own), so the pointer lands on the thing at any window size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui import text, theme
from game.ui.widgets import panel

#: The caption panel's width at the 1280×720 design size.
CAPTION_W = 400


def halo(surface: pygame.Surface, rect: pygame.Rect, s: float, round_: bool = False,
         glow: float = 1.0) -> None:
    """A bright ring around ``rect`` (a circle around a round button), with a soft glow."""
    w = max(3, int(5 * s))
    pad = int(8 * s)
    outer = rect.inflate(2 * pad, 2 * pad)
    layer = pygame.Surface(outer.inflate(8 * w, 8 * w).size, pygame.SRCALPHA)
    box = outer.move(-outer.left + 4 * w, -outer.top + 4 * w)
    for k in range(4, 0, -1):  # the glow: wider, fainter rings
        alpha = int(50 * glow / k)
        ring = box.inflate(2 * k * w, 2 * k * w)
        if round_:
            pygame.draw.ellipse(layer, (*theme.ACCENT, alpha), ring, w)
        else:
            pygame.draw.rect(layer, (*theme.ACCENT, alpha), ring, w,
                             border_radius=int(14 * s) + k * w)
    surface.blit(layer, (outer.left - 4 * w, outer.top - 4 * w))
    if round_:
        pygame.draw.ellipse(surface, theme.SHADOW, outer.inflate(2, 2), w + 2)
        pygame.draw.ellipse(surface, theme.ACCENT, outer, w)
    else:
        radius = int(12 * s)
        pygame.draw.rect(surface, theme.SHADOW, outer.inflate(2, 2), w + 2,
                         border_radius=radius + 1)
        pygame.draw.rect(surface, theme.ACCENT, outer, w, border_radius=radius)


def arrow_for(rect: pygame.Rect, bounds: pygame.Rect, s: float) -> tuple[tuple[int, int], int]:
    """Where the arrow's tip goes and which way it points (+1 down onto ``rect`` from above,
    -1 up from below): above the thing when there is room in ``bounds``, else below."""
    gap = int(14 * s)
    length = int(70 * s)
    if rect.top - gap - length >= bounds.top:
        return (rect.centerx, rect.top - gap), 1
    return (rect.centerx, rect.bottom + gap), -1


def arrow(surface: pygame.Surface, tip: tuple[int, int], way: int, s: float,
          bob: float = 0.0) -> pygame.Rect:
    """A thick arrow whose tip is at ``tip``, pointing down (``way`` 1) or up (-1); ``bob``
    moves it back along itself (pixels). Returns the rectangle it covers."""
    x, y = tip[0], tip[1] - way * int(bob)
    head_w, head_h = int(46 * s), int(30 * s)
    shaft_w, shaft_h = int(18 * s), int(40 * s)
    head = [(x, y), (x - head_w // 2, y - way * head_h), (x + head_w // 2, y - way * head_h)]
    top = y - way * head_h
    shaft = pygame.Rect(0, 0, shaft_w, shaft_h)
    shaft.centerx = x
    if way > 0:
        shaft.bottom = top + 1
    else:
        shaft.top = top - 1
    edge = max(2, int(3 * s))
    shadow = [(px + edge, py + edge) for px, py in head]
    pygame.draw.polygon(surface, theme.SHADOW, shadow)
    pygame.draw.rect(surface, theme.SHADOW, shaft.move(edge, edge))
    pygame.draw.rect(surface, theme.ACCENT, shaft)
    pygame.draw.polygon(surface, theme.ACCENT, head)
    pygame.draw.polygon(surface, theme.TEXT_DARK, head, max(1, int(2 * s)))
    covered = pygame.Rect(min(p[0] for p in head), min(y, shaft.top), head_w,
                          head_h + shaft_h)
    return covered


def bob_offset(clock: float, s: float) -> float:
    """The arrow's little bounce while a step is new (``clock``: seconds since shown)."""
    return abs(math.sin(clock * 5.0)) * 10 * s


def caption_lines(body: str, px: int, width: int) -> list[str]:
    return text.wrap(body, px, width)


def caption_rect(area: pygame.Rect, avoid: Sequence[pygame.Rect], height: int,
                 width: int) -> pygame.Rect:
    """The caption panel's place in ``area``: vertically centred, moved up or down off the
    rectangles of ``avoid`` when it can be."""
    box = pygame.Rect(0, 0, min(width, area.width), min(height, area.height))
    box.midleft = (area.left, area.centery)
    for r in avoid:
        if box.colliderect(r):
            above = pygame.Rect(box.left, r.top - box.height - 8, box.width, box.height)
            below = pygame.Rect(box.left, r.bottom + 8, box.width, box.height)
            for cand in (above, below):
                if area.contains(cand) and not any(cand.colliderect(o) for o in avoid):
                    box = cand
                    break
    return box.clamp(area)


def draw_caption(surface: pygame.Surface, box: pygame.Rect, header: str, lines: Sequence[str],
                 px: int, s: float, plain: int | None = None) -> None:
    """The caption panel: the step's header, then its text (the button is a control); the
    lines after the first ``plain`` ones (a move held back, and why) are in the accent
    colour."""
    pygame.draw.rect(surface, theme.ACCENT, box.inflate(4, 4), border_radius=int(16 * s) + 2)
    panel(surface, box, s, 245)
    pad = int(14 * s)
    y = box.top + pad
    hp = max(12, int(16 * s))
    text.draw(surface, header, hp, (box.left + pad, y), theme.ACCENT)
    y += int(hp * 1.5)
    for i, line in enumerate(lines):
        warn = plain is not None and i >= plain
        text.draw(surface, line, px, (box.left + pad, y), theme.ACCENT if warn else theme.TEXT)
        y += int(px * 1.3)
