"""Text on surfaces: rendered once per (text, size, colour) and reused, wrapped to a width.

Rendering a line costs far more than blitting it, and the same strings are drawn every
frame, so an LRU cache keeps the frame budget. The cache is keyed by the *translated*
string, so a language change simply renders new entries.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from game.ui import theme

_CACHE: OrderedDict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = OrderedDict()
_CACHE_SIZE = 600

Anchor = str  # any pygame.Rect point attribute: "topleft", "center", "midright" …


def render(text: str, px: int, colour: tuple[int, int, int] = theme.TEXT) -> pygame.Surface:
    """``text`` rendered antialiased in the game font (cached)."""
    key = (text, int(px), colour)
    surf = _CACHE.get(key)
    if surf is not None:
        _CACHE.move_to_end(key)
        return surf
    surf = theme.font(px).render(text, True, colour)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    _CACHE[key] = surf
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return surf


def clear_cache() -> None:
    _CACHE.clear()
    _wrap.cache_clear()
    _fit.cache_clear()


def draw(
    surface: pygame.Surface,
    text: str,
    px: int,
    pos: tuple[float, float],
    colour: tuple[int, int, int] = theme.TEXT,
    anchor: Anchor = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Blit ``text`` with its ``anchor`` point at ``pos``; returns the rect drawn."""
    surf = render(text, px, colour)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if shadow:
        dark = render(text, px, theme.SHADOW)
        off = max(1, px // 16)
        surface.blit(dark, rect.move(off, off))
    surface.blit(surf, rect)
    return rect


def size(text: str, px: int) -> tuple[int, int]:
    return theme.font(px).size(text)


@lru_cache(maxsize=1024)
def _wrap(text: str, px: int, width: int) -> tuple[str, ...]:
    return tuple(_wrap_lines(text, px, width))


def wrap(text: str, px: int, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (explicit newlines kept; cached)."""
    return list(_wrap(text, int(px), int(width)))


def _pieces(word: str, f: pygame.font.Font, width: int) -> list[str]:
    """``word`` cut so each piece fits ``width`` (long paths break after a ``/``)."""
    if f.size(word)[0] <= width:
        return [word]
    out, piece = [], ""
    for ch in word:
        if piece and f.size(piece + ch)[0] > width:
            cut = piece.rfind("/") + 1
            if 0 < cut < len(piece):
                out.append(piece[:cut])
                piece = piece[cut:]
            else:
                out.append(piece)
                piece = ""
        piece += ch
    return [*out, piece] if piece else out


def _wrap_lines(text: str, px: int, width: int) -> list[str]:
    f = theme.font(px)
    lines: list[str] = []
    for para in text.split("\n"):
        words = [p for word in para.split(" ") for p in _pieces(word, f, width)]
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(text: str, px: int, width: int, min_px: int = 10) -> int:
    """The largest size ≤ ``px`` at which ``text`` fits in ``width`` on one line (cached)."""
    return _fit(text, int(px), int(width), int(min_px))


@lru_cache(maxsize=1024)
def _fit(text: str, px: int, width: int, min_px: int) -> int:
    # A text's width grows about in proportion to the size, so the size that fits is first
    # guessed from the width at ``px``, then stepped: two or three sizes measured (each a
    # font to load the first time, about a millisecond), not every size down to it.
    if px <= min_px:
        return px
    w = size(text, px)[0]
    if w <= width:
        return px
    guess = max(min_px, min(px - 1, px * width // max(1, w)))
    while guess < px - 1 and size(text, guess + 1)[0] <= width:
        guess += 1
    while guess > min_px and size(text, guess)[0] > width:
        guess -= 1
    return guess


def draw_wrapped(
    surface: pygame.Surface,
    text: str,
    px: int,
    rect: pygame.Rect,
    colour: tuple[int, int, int] = theme.TEXT,
    align: str = "left",
    line_gap: float = 1.25,
) -> int:
    """Draw ``text`` wrapped inside ``rect`` (top-aligned); returns the height used."""
    y = rect.top
    step = int(px * line_gap)
    for line in wrap(text, px, rect.width):
        if y + px > rect.bottom:
            break
        if align == "center":
            draw(surface, line, px, (rect.centerx, y), colour, "midtop")
        else:
            draw(surface, line, px, (rect.left, y), colour)
        y += step
    return y - rect.top
