"""Card faces and backs drawn in code: crisp at any size, cached per size.

Each card is drawn at twice its final size with plain pygame shapes and text, then
smooth-scaled down, which antialiases every edge; the result is cached per (card, size,
marks). Colour-blind players get the shape printed decks use for each colour (red circle,
blue square, green triangle, yellow star) in two corners. Action cards take their icon and
printed name from :mod:`game.ui.card_faces` (one registration per rank); a card without one
falls back to its short code, so a new edition shows something sensible at once.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from game import i18n
from game.i18n import _
from game.rules.cards import COLOUR_OF, RANK_CODES, RANK_OF, WILD, Card, Colour, Rank
from game.ui import theme
from game.ui.card_faces import Icon, face_of, mini_card

RATIO = 1.5  # height / width, as printed cards
NAME_INK = (24, 24, 28)  # an action card's printed name on its white oval
SUPER = 2  # supersampling factor

_CACHE: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_CACHE_SIZE = 400


def card_size(width: int) -> tuple[int, int]:
    return int(width), round(width * RATIO)


def face(card: Card, width: int, marks: bool = True) -> pygame.Surface:
    """The face of ``card`` ``width`` pixels wide (cached)."""
    return _cached(_face_key(card, width, marks), lambda: _draw_face(card, int(width), marks))


def _face_key(card: Card, width: int, marks: bool) -> tuple[object, ...]:
    """A face's cache key; a card with its name printed on it is drawn per language."""
    registered = face_of(RANK_OF[card])
    if registered is not None and registered.name:
        return ("face", int(card), int(width), marks, i18n.current_language())
    return ("face", int(card), int(width), marks)


def back(width: int) -> pygame.Surface:
    """The back of every card, ``width`` pixels wide (cached)."""
    return _cached(("back", int(width)), lambda: _draw_back(int(width)))


def shape_mark(colour: int, size: int) -> pygame.Surface:
    """The colour-blind shape of ``colour`` (white with a dark outline), ``size`` square."""
    return _cached(("mark", colour, size), lambda: _smooth(_mark_big(colour, size * SUPER), size))


def clear_cache() -> None:
    _CACHE.clear()


def _cached(key: tuple[object, ...], make: object) -> pygame.Surface:
    surf = _CACHE.get(key)
    if surf is None:
        surf = make()  # type: ignore[operator]
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _CACHE[key] = surf
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return surf


def _smooth(big: pygame.Surface, width: int) -> pygame.Surface:
    h = round(big.get_height() * width / big.get_width())
    return pygame.transform.smoothscale(big, (max(1, width), max(1, h)))


# --------------------------------------------------------------------------- faces

def _frame(width: int, rgb: tuple[int, int, int]) -> tuple[pygame.Surface, pygame.Rect, int]:
    """A card's blank at ``width`` (already supersampled): a grey edge, the white border and
    the inner panel in ``rgb``; with the panel's rectangle and the border's width."""
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, w // 10)
    pygame.draw.rect(surf, (120, 120, 120), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, theme.CARD_WHITE, surf.get_rect().inflate(-2 * SUPER, -2 * SUPER),
                     border_radius=radius)
    inset = max(2, int(w * 0.07))
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surf, rgb, inner, border_radius=max(2, radius - inset // 2))
    return surf, inner, inset


def _draw_face(card: Card, width: int, marks: bool) -> pygame.Surface:
    colour = COLOUR_OF[card]
    rgb = theme.WILD_RGB if colour == WILD else theme.CARD_RGB[colour]
    surf, inner, _inset = _frame(width * SUPER, rgb)
    _oval(surf, inner, card)
    _centre_symbol(surf, inner, card, rgb)
    _corners(surf, inner, card, int(width), marks and colour != WILD)
    return _smooth(surf, width)


def _oval(surf: pygame.Surface, inner: pygame.Rect, card: Card) -> None:
    """The tilted white oval of a coloured card, or the four-colour oval of a wild."""
    ow, oh = int(inner.width * 0.86), int(inner.height * 0.62)
    oval = pygame.Surface((ow, oh), pygame.SRCALPHA)
    if COLOUR_OF[card] == WILD:
        quads = [theme.CARD_RGB[c] for c in (Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.GREEN)]
        mask = pygame.Surface((ow, oh), pygame.SRCALPHA)
        pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
        hw, hh = ow // 2, oh // 2
        for i, rgb in enumerate(quads):
            pygame.draw.rect(oval, rgb, (hw * (i % 2), hh * (i // 2), ow - hw * (i % 2), oh))
        oval.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.ellipse(oval, theme.CARD_WHITE, oval.get_rect(), max(2, ow // 40))
    else:
        pygame.draw.ellipse(oval, theme.CARD_WHITE, oval.get_rect())
    rotated = pygame.transform.rotate(oval, 28)
    surf.blit(rotated, rotated.get_rect(center=inner.center))


def _glyph(card: Card) -> str:
    """The text printed for ranks drawn as text (numbers, +2, +4, edition codes)."""
    rank = RANK_OF[card]
    if rank <= 9:
        return str(rank)
    if rank == Rank.DRAW_TWO:
        return "+2"
    if rank == Rank.WILD_DRAW_FOUR:
        return "+4"
    return RANK_CODES[Rank(rank)]


def _outlined(text: str, px: int, fill: tuple[int, int, int],
              edge: tuple[int, int, int]) -> pygame.Surface:
    f = theme.font(px)
    main = f.render(text, True, fill)
    outline = f.render(text, True, edge)
    o = max(1, px // 14)
    out = pygame.Surface((main.get_width() + 2 * o, main.get_height() + 2 * o), pygame.SRCALPHA)
    for dx in (-o, 0, o):
        for dy in (-o, 0, o):
            if dx or dy:
                out.blit(outline, (o + dx, o + dy))
    out.blit(main, (o, o))
    return out


def _centre_symbol(surf: pygame.Surface, inner: pygame.Rect, card: Card,
                   rgb: tuple[int, int, int]) -> None:
    rank = RANK_OF[card]
    cx, cy = inner.center
    size = inner.width
    fill = rgb if COLOUR_OF[card] != WILD else theme.CARD_WHITE
    registered = face_of(rank)
    if registered is not None and registered.name:
        _named(surf, inner, card, registered.name, registered.icon, fill)
        return
    if rank == Rank.SKIP:
        _skip(surf, (cx, cy), int(size * 0.30), fill)
    elif rank == Rank.REVERSE:
        _reverse(surf, (cx, cy), int(size * 0.34), fill)
    elif rank == Rank.WILD:
        return
    elif rank == Rank.WILD_DRAW_FOUR:
        _mini_cards(surf, (cx, cy), size)
    elif rank == Rank.DRAW_TWO:
        for i, dx in enumerate((-0.08, 0.08)):
            r = pygame.Rect(0, 0, int(size * 0.26), int(size * 0.38))
            r.center = (int(cx + dx * size), int(cy + (0.05 - 0.1 * i) * size))
            mini_card(surf, r, rgb, 6, 4, (size // 20, size // 24, size // 30))
    else:
        px = int(size * (0.78 if rank <= 9 else 0.42))
        glyph = _outlined(_glyph(card), px, fill, theme.SHADOW)
        surf.blit(glyph, glyph.get_rect(center=(cx, cy)))
        if rank in (6, 9):  # underline tells 6 from 9
            g = glyph.get_rect(center=(cx, cy))
            pygame.draw.rect(surf, fill, (g.left + g.width // 4, g.bottom - px // 10,
                                          g.width // 2, max(2, px // 14)))


def _named(surf: pygame.Surface, inner: pygame.Rect, card: Card, name: str,
           icon: Icon | None, fill: tuple[int, int, int]) -> None:
    """A registered action card: its icon in the oval and its name under it, in words a
    child can read (see :mod:`game.ui.card_faces`)."""
    cx, cy = inner.center
    size = inner.width
    centre = (cx, cy - int(size * 0.12))
    if icon is not None:
        icon(surf, centre, int(size * 0.27), fill)
    words = _(name)
    px = int(size * 0.21)
    if COLOUR_OF[card] == WILD:  # white on the four colours, dark on a coloured card's white oval
        label = _outlined(words, px, theme.CARD_WHITE, theme.SHADOW)
    else:
        label = _outlined(words, px, NAME_INK, theme.CARD_WHITE)
    room = int(size * 0.98)
    if label.get_width() > room:  # a long name in some language: narrower, same height
        label = pygame.transform.smoothscale(label, (room, label.get_height()))
    surf.blit(label, label.get_rect(center=(cx, cy + int(size * 0.36))))


def index_height(width: int) -> int:
    """How tall a card ``width`` pixels wide prints its corner index (final pixels): a
    quarter of its width, and never under 18 pixels on a card big enough for a hand (a
    full hand overlaps, and the corner is all that shows of most cards: issue 34)."""
    return max(round(0.24 * width), min(22, int(0.3 * width)))


def _corner_boxes(width: int, marks: bool) -> tuple[pygame.Rect, pygame.Rect | None]:
    """The top-left index box and the colour-blind mark's box under it, in the
    supersampled card's coordinates (the bottom-right ones are these turned over)."""
    w, h = card_size(width * SUPER)
    inset = max(2, int(w * 0.07))
    inner = pygame.Rect(0, 0, w, h).inflate(-2 * inset, -2 * inset)
    pad = max(2, int(inner.width * 0.04))
    hs = index_height(width) * SUPER
    box = pygame.Rect(inner.left + pad, inner.top + pad, round(hs * 1.1), hs)
    if not marks:
        return box, None
    m = round(hs * 0.75)
    return box, pygame.Rect(box.left, box.bottom + max(2, hs // 8), m, m)


def corner_boxes(width: int, marks: bool = True) -> tuple[pygame.Rect, pygame.Rect | None]:
    """Where a card ``width`` pixels wide prints its top-left corner index (the box every
    rank's index fits in: as tall as :func:`index_height`, and as wide as the widest) and,
    with ``marks``, the colour-blind shape under it: card coordinates, final pixels. All of
    a card's corner shows whenever this much of it does (the hand's layout keeps it so)."""
    def down(r: pygame.Rect) -> pygame.Rect:
        left, top = r.left // SUPER, r.top // SUPER
        return pygame.Rect(left, top, -(-r.right // SUPER) - left, -(-r.bottom // SUPER) - top)

    box, mark = _corner_boxes(width, marks)
    return down(box), None if mark is None else down(mark)


def _index_mark(card: Card, hs: int, most: int) -> pygame.Surface:
    """The corner index of ``card``: ``hs`` pixels tall (supersampled), at most ``most``
    wide (a two-character index is narrowed, never lowered)."""
    rank = RANK_OF[card]
    registered = face_of(rank)
    if registered is not None and registered.icon is not None:
        mark = pygame.Surface((hs, hs), pygame.SRCALPHA)
        registered.icon(mark, (hs // 2, hs // 2), int(hs * 0.42), theme.CARD_WHITE)
        return mark
    if rank == Rank.SKIP:
        mark = pygame.Surface((hs, hs), pygame.SRCALPHA)
        _skip(mark, (hs // 2, hs // 2), int(hs * 0.42), theme.CARD_WHITE)
        return mark
    if rank == Rank.REVERSE:
        mark = pygame.Surface((hs, hs), pygame.SRCALPHA)
        _reverse(mark, (hs // 2, hs // 2), int(hs * 0.46), theme.CARD_WHITE)
        return mark
    if rank == Rank.WILD:
        mark = pygame.Surface((hs, hs), pygame.SRCALPHA)
        for i, c in enumerate((Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.GREEN)):
            pygame.draw.rect(mark, theme.CARD_RGB[c], ((i % 2) * hs // 2, (i // 2) * hs // 2,
                                                       hs // 2, hs // 2))
        pygame.draw.rect(mark, theme.CARD_WHITE, mark.get_rect(), max(1, hs // 14))
        return mark
    glyph = _outlined(_glyph(card), int(hs * 1.6), theme.CARD_WHITE, theme.SHADOW)
    ink = glyph.subsurface(glyph.get_bounding_rect())
    width = min(most, round(ink.get_width() * hs / max(1, ink.get_height())))
    mark = pygame.transform.smoothscale(ink, (max(1, width), hs))
    if rank in (6, 9):  # underlined, as on the face, to tell 6 from 9
        mw, mh = mark.get_size()
        pygame.draw.rect(mark, theme.SHADOW, (mw // 5, mh - max(3, mh // 7), mw * 3 // 5,
                                              max(3, mh // 7)))
        pygame.draw.rect(mark, theme.CARD_WHITE, (mw // 5 + 1, mh - max(3, mh // 7) + 1,
                                                  mw * 3 // 5 - 2, max(1, mh // 7 - 2)))
    return mark


def _corners(surf: pygame.Surface, inner: pygame.Rect, card: Card, width: int,
             marks: bool) -> None:
    """The index in the top-left corner with the colour-blind shape under it, and both
    turned over in the bottom-right corner (:func:`corner_boxes` says where)."""
    box, mark_box = _corner_boxes(width, marks)
    index = _index_mark(card, box.height, box.width)
    surf.blit(index, box.topleft)
    w, h = surf.get_size()
    flipped = pygame.transform.rotate(index, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=(w - box.left, h - box.top)))
    if mark_box is not None:
        shape = _mark_big(COLOUR_OF[card], mark_box.width)
        surf.blit(shape, mark_box.topleft)
        turned = pygame.transform.rotate(shape, 180)  # beside the lower index (above it, it
        gap = mark_box.top - box.bottom  # would cover an action card's printed name)
        surf.blit(turned, turned.get_rect(bottomright=(flipped.get_rect(
            bottomright=(w - box.left, h - box.top)).left - gap, h - box.top)))


def _skip(surf: pygame.Surface, c: tuple[int, int], r: int, rgb: tuple[int, int, int]) -> None:
    w = max(2, r // 3)
    pygame.draw.circle(surf, theme.SHADOW, c, r + 2, w + 4)
    pygame.draw.circle(surf, rgb, c, r, w)
    d = int(r * 0.7)
    pygame.draw.line(surf, rgb, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), w)


def _arrow(surf: pygame.Surface, tail: tuple[float, float], head: tuple[float, float],
           width: int, rgb: tuple[int, int, int]) -> None:
    ang = math.atan2(head[1] - tail[1], head[0] - tail[0])
    hl = width * 2.2
    base = (head[0] - hl * math.cos(ang), head[1] - hl * math.sin(ang))
    pygame.draw.line(surf, rgb, tail, base, width)
    left = (base[0] + hl * 0.7 * math.sin(ang), base[1] - hl * 0.7 * math.cos(ang))
    right = (base[0] - hl * 0.7 * math.sin(ang), base[1] + hl * 0.7 * math.cos(ang))
    pygame.draw.polygon(surf, rgb, [head, left, right])


def _reverse(surf: pygame.Surface, c: tuple[int, int], r: int, rgb: tuple[int, int, int]) -> None:
    """Two parallel arrows pointing opposite ways along the card's diagonal."""
    w = max(2, r // 4)
    d = (math.sqrt(0.5), -math.sqrt(0.5))  # up-right
    n = (math.sqrt(0.5), math.sqrt(0.5))  # across the diagonal
    off, length = r * 0.32, r * 0.85
    for sign in (1, -1):
        mid = (c[0] - sign * n[0] * off, c[1] - sign * n[1] * off)
        tail = (mid[0] - sign * d[0] * length, mid[1] - sign * d[1] * length)
        head = (mid[0] + sign * d[0] * length, mid[1] + sign * d[1] * length)
        sh = max(1, w // 3)
        _arrow(surf, (tail[0] + sh, tail[1] + sh), (head[0] + sh, head[1] + sh), w + 2,
               theme.SHADOW)
        _arrow(surf, tail, head, w, rgb)


def _mini_cards(surf: pygame.Surface, c: tuple[int, int], size: int) -> None:
    cw, ch = int(size * 0.2), int(size * 0.3)
    spots = ((-0.17, 0.06, Colour.BLUE), (-0.05, -0.1, Colour.GREEN),
             (0.06, 0.1, Colour.RED), (0.17, -0.06, Colour.YELLOW))
    for dx, dy, colour in spots:
        r = pygame.Rect(0, 0, cw, ch)
        r.center = (int(c[0] + dx * size), int(c[1] + dy * size))
        mini_card(surf, r, theme.CARD_RGB[colour], 6, 4, (size // 26, size // 30, size // 36))


def _mark_big(colour: int, m: int) -> pygame.Surface:
    """A shape ``m`` pixels square: circle (red), square (blue), triangle (green), star (yellow)."""
    s = pygame.Surface((m, m), pygame.SRCALPHA)
    edge = max(1, m // 9)
    box = pygame.Rect(edge, edge, m - 2 * edge, m - 2 * edge)
    if colour == Colour.RED:
        pygame.draw.ellipse(s, theme.SHADOW, s.get_rect())
        pygame.draw.ellipse(s, theme.CARD_WHITE, box)
    elif colour == Colour.BLUE:
        pygame.draw.rect(s, theme.SHADOW, s.get_rect().inflate(-m // 8, -m // 8))
        pygame.draw.rect(s, theme.CARD_WHITE, box.inflate(-m // 8, -m // 8))
    elif colour == Colour.GREEN:
        pygame.draw.polygon(s, theme.SHADOW, [(m / 2, 0), (m, m - 1), (0, m - 1)])
        pygame.draw.polygon(s, theme.CARD_WHITE, [(m / 2, edge * 2.2),
                                                   (m - edge * 1.8, m - edge - 1),
                                                   (edge * 1.8, m - edge - 1)])
    else:
        pygame.draw.polygon(s, theme.SHADOW, _star(m / 2, m / 2, m / 2))
        inner = _star(m / 2, m / 2 + edge * 0.2, m / 2 - edge * 1.6)
        pygame.draw.polygon(s, theme.CARD_WHITE, inner)
    return s


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


# --------------------------------------------------------------------------- back

def _draw_back(width: int) -> pygame.Surface:
    surf, inner, _inset = _frame(width * SUPER, theme.WILD_RGB)
    ow, oh = int(inner.width * 0.9), int(inner.height * 0.6)
    oval = pygame.Surface((ow, oh), pygame.SRCALPHA)
    pygame.draw.ellipse(oval, theme.CARD_RGB[Colour.RED], oval.get_rect())
    logo = _outlined("UNO", int(ow * 0.42), theme.ACCENT, theme.SHADOW)
    oval.blit(logo, logo.get_rect(center=(ow // 2, oh // 2)))
    rotated = pygame.transform.rotate(oval, 28)
    surf.blit(rotated, rotated.get_rect(center=inner.center))
    return _smooth(surf, width)


class Warmer:
    """Renders card images ahead of need, a few milliseconds per frame, so that no frame
    ever waits for a card face drawn for the first time (the frame budget is 8 ms)."""

    def __init__(self) -> None:
        self._todo: list[tuple[Card | None, int, bool]] = []

    def plan(self, cards: list[Card], width: int, marks: bool, back_widths: list[int]) -> None:
        """Queue ``cards`` at ``width`` (first listed, first drawn) and backs at each width."""
        seen: set[tuple[object, ...]] = set()
        todo: list[tuple[Card | None, int, bool]] = []
        for w in back_widths:
            todo.append((None, w, marks))
        for c in cards:
            key = (int(c), width, marks)
            if key not in seen:
                seen.add(key)
                todo.append((c, width, marks))
        self._todo = [t for t in todo if not _is_cached(*t)]

    def step(self, budget_s: float) -> bool:
        """Draw queued images until ``budget_s`` is spent; ``True`` while work remains."""
        import time

        end = time.perf_counter() + budget_s
        while self._todo and time.perf_counter() < end:
            c, w, marks = self._todo.pop(0)
            if c is None:
                back(w)
            else:
                face(c, w, marks)
        return bool(self._todo)

    def pending(self) -> int:
        return len(self._todo)


def _is_cached(c: Card | None, width: int, marks: bool) -> bool:
    key = ("back", int(width)) if c is None else _face_key(c, width, marks)
    return key in _CACHE
