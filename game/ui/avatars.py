"""The players' faces, drawn in code: twelve friendly animals, a robot and shapes.

Each :class:`~game.store.profiles.Avatar` is a round badge: a cream disc ringed with the avatar's
colour and the figure in that colour with dark features. Every kind has a silhouette of its
own (ears, beak, petals, a crescent ...), so the faces are told apart without colour too, and
each kind has a colour of its own (:data:`RGB`), kept apart in hue and in lightness.

Figures are drawn on a 100 × 100 grid at four times the asked size and scaled down smoothly
(soft edges at seat size), then cached per (kind, colour, size): a frame only blits them.
:class:`AvatarChoice` is the set-up's control: Left/Right or Enter cycle the faces, a click
takes the next one.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pygame

from game.i18n import N_, _
from game.store.profiles import AVATAR_KINDS, AVATAR_LABELS, Avatar
from game.ui import theme
from game.ui.intents import Adjust, Intent
from game.ui.widgets import Choice, focus_ring

__all__ = ["LABELS", "RGB", "AvatarChoice", "avatar_image", "clear_cache", "draw_avatar"]

#: The avatars' colours (see :data:`game.store.profiles.AVATAR_COLOURS`).
RGB: dict[str, tuple[int, int, int]] = {
    "orange": (242, 138, 36),
    "brown": (146, 92, 52),
    "green": (62, 168, 70),
    "purple": (142, 84, 196),
    "pink": (238, 120, 178),
    "grey": (128, 140, 152),
    "teal": (24, 168, 168),
    "yellow": (246, 200, 36),
    "red": (218, 46, 48),
    "indigo": (78, 78, 196),
    "blue": (36, 118, 222),
    "lime": (156, 206, 40),
}
#: What each avatar is called (spoken by the set-up and shown under the face).
LABELS: dict[str, str] = AVATAR_LABELS
FACE_HINT = N_("Face: {name} — Left or Right changes it")
CREAM = (252, 246, 232)
INK = (34, 30, 40)
WHITE = (255, 255, 255)
SUPER = 4

_CACHE: OrderedDict[tuple[str, str, int], pygame.Surface] = OrderedDict()


def clear_cache() -> None:
    """Forget the drawn faces (their surfaces belong to a closed display)."""
    _CACHE.clear()


class _Pen:
    """Draws on the 100 × 100 grid of a face at any size."""

    def __init__(self, surface: pygame.Surface, rgb: tuple[int, int, int]) -> None:
        self.surface = surface
        self.k = surface.get_width() / 100.0
        self.rgb = rgb
        self.light = theme.mix(rgb, WHITE, 0.55)
        self.dark = theme.mix(rgb, INK, 0.45)

    def p(self, x: float, y: float) -> tuple[int, int]:
        return round(x * self.k), round(y * self.k)

    def w(self, width: float) -> int:
        return max(1, round(width * self.k))

    def circle(self, x: float, y: float, r: float, rgb: tuple[int, int, int],
               outline: float = 2.6) -> None:
        pygame.draw.circle(self.surface, rgb, self.p(x, y), round(r * self.k))
        if outline:
            pygame.draw.circle(self.surface, INK, self.p(x, y), round(r * self.k), self.w(outline))

    def ellipse(self, x: float, y: float, w: float, h: float, rgb: tuple[int, int, int],
                outline: float = 2.6) -> None:
        rect = pygame.Rect(0, 0, round(w * self.k), round(h * self.k))
        rect.center = self.p(x, y)
        pygame.draw.ellipse(self.surface, rgb, rect)
        if outline:
            pygame.draw.ellipse(self.surface, INK, rect, self.w(outline))

    def poly(self, pts: Iterable[tuple[float, float]], rgb: tuple[int, int, int],
             outline: float = 2.6) -> None:
        points = [self.p(x, y) for x, y in pts]
        pygame.draw.polygon(self.surface, rgb, points)
        if outline:
            pygame.draw.polygon(self.surface, INK, points, self.w(outline))

    def rect(self, x: float, y: float, w: float, h: float, rgb: tuple[int, int, int],
             radius: float = 0, outline: float = 2.6) -> None:
        r = pygame.Rect(*self.p(x, y), round(w * self.k), round(h * self.k))
        pygame.draw.rect(self.surface, rgb, r, border_radius=round(radius * self.k))
        if outline:
            pygame.draw.rect(self.surface, INK, r, self.w(outline),
                             border_radius=round(radius * self.k))

    def line(self, a: tuple[float, float], b: tuple[float, float], width: float = 2.4,
             rgb: tuple[int, int, int] = INK) -> None:
        pygame.draw.line(self.surface, rgb, self.p(*a), self.p(*b), self.w(width))

    def smile(self, x: float, y: float, w: float, h: float, width: float = 2.6) -> None:
        rect = pygame.Rect(0, 0, round(w * self.k), round(h * self.k))
        rect.center = self.p(x, y)
        pygame.draw.arc(self.surface, INK, rect, math.pi * 1.1, math.pi * 1.9, self.w(width))

    def arc(self, x: float, y: float, w: float, h: float, start: float, stop: float,
            width: float = 2.4) -> None:
        """An arc of the ellipse ``w`` × ``h`` at (x, y), from ``start`` to ``stop`` (in
        half-turns, counter-clockwise from the right)."""
        rect = pygame.Rect(0, 0, round(w * self.k), round(h * self.k))
        rect.center = self.p(x, y)
        pygame.draw.arc(self.surface, INK, rect, math.pi * start, math.pi * stop,
                        self.w(width))

    def eyes(self, y: float, dx: float, r: float = 3.6, x: float = 50) -> None:
        for ex in (x - dx, x + dx):
            self.circle(ex, y, r, INK, 0)
            self.circle(ex + r * 0.35, y - r * 0.35, r * 0.35, WHITE, 0)


def _cat(pen: _Pen) -> None:
    for s in (-1, 1):
        pen.poly([(50 + s * 27, 50), (50 + s * 24, 14), (50 + s * 6, 34)], pen.rgb)
        pen.poly([(50 + s * 22, 40), (50 + s * 22, 24), (50 + s * 12, 33)], pen.light, 0)
    pen.circle(50, 58, 28, pen.rgb)
    pen.eyes(54, 11)
    pen.poly([(46, 62), (54, 62), (50, 67)], (236, 110, 140), 1.6)
    pen.smile(46, 66, 8, 8, 2)
    pen.smile(54, 66, 8, 8, 2)
    for s in (-1, 1):
        pen.line((50 + s * 14, 64), (50 + s * 33, 60), 1.8)
        pen.line((50 + s * 14, 68), (50 + s * 33, 70), 1.8)


def _bear(pen: _Pen) -> None:
    for s in (-1, 1):
        pen.circle(50 + s * 22, 32, 11, pen.rgb)
        pen.circle(50 + s * 22, 32, 5.5, pen.light, 0)
    pen.circle(50, 57, 29, pen.rgb)
    pen.ellipse(50, 67, 26, 18, pen.light, 2)
    pen.ellipse(50, 62, 11, 7.5, INK, 0)
    pen.eyes(50, 11)
    pen.smile(50, 68, 12, 9, 2)


def _frog(pen: _Pen) -> None:
    for s in (-1, 1):
        pen.circle(50 + s * 17, 36, 13, pen.rgb)
    pen.ellipse(50, 62, 76, 46, pen.rgb)
    for s in (-1, 1):
        pen.circle(50 + s * 17, 36, 8.5, WHITE, 2)
        pen.circle(50 + s * 17, 37, 4.2, INK, 0)
    pen.smile(50, 60, 46, 26, 3)
    for s in (-1, 1):
        pen.circle(50 + s * 25, 70, 4, pen.light, 0)


def _owl(pen: _Pen) -> None:
    pen.poly([(25, 34), (30, 12), (44, 28)], pen.rgb)
    pen.poly([(75, 34), (70, 12), (56, 28)], pen.rgb)
    pen.ellipse(50, 56, 58, 66, pen.rgb)
    pen.ellipse(50, 70, 32, 30, pen.light, 0)
    for s in (-1, 1):
        pen.circle(50 + s * 12.5, 45, 12, WHITE, 2.4)
        pen.circle(50 + s * 12.5, 46, 5.5, INK, 0)
        pen.circle(50 + s * 12.5 + 2, 44, 1.8, WHITE, 0)
    pen.poly([(45, 55), (55, 55), (50, 65)], (246, 176, 40), 2)


def _bunny(pen: _Pen) -> None:
    for s in (-1, 1):
        pen.ellipse(50 + s * 12, 26, 15, 42, pen.rgb)
        pen.ellipse(50 + s * 12, 28, 6, 28, (250, 196, 214), 0)
    pen.circle(50, 63, 25, pen.rgb)
    pen.eyes(59, 9.5)
    pen.poly([(46, 66), (54, 66), (50, 70)], (200, 60, 110), 1.6)
    pen.rect(46.5, 71, 7, 6, WHITE, 1, 1.6)
    for s in (-1, 1):
        pen.circle(50 + s * 16, 68, 3.6, pen.light, 0)


def _robot(pen: _Pen) -> None:
    pen.line((50, 28), (50, 16), 3)
    pen.circle(50, 14, 5.5, (230, 60, 60))
    for s in (-1, 1):
        pen.rect(50 + s * 30 - 4, 46, 8, 16, pen.dark, 2, 2)
    pen.rect(25, 28, 50, 48, pen.rgb, 9)
    for s in (-1, 1):
        pen.circle(50 + s * 11, 46, 7.5, WHITE, 2.2)
        pen.circle(50 + s * 11, 46, 3.4, (40, 170, 230), 0)
    pen.rect(36, 60, 28, 9, WHITE, 2, 2)
    for k in range(1, 4):
        pen.line((36 + k * 7, 60), (36 + k * 7, 69), 1.6)


def _fish(pen: _Pen) -> None:
    pen.poly([(66, 52), (88, 34), (84, 52), (88, 70)], pen.rgb)
    pen.poly([(40, 34), (52, 22), (60, 36)], pen.dark)
    pen.ellipse(44, 53, 60, 40, pen.rgb)
    pen.circle(30, 48, 7, WHITE, 2)
    pen.circle(29, 48, 3.4, INK, 0)
    pen.smile(24, 58, 10, 8, 2)
    for dx in (44, 54):
        pen.arc(dx, 53, 10, 22, -0.4, 0.4, 1.8)


def _star(pen: _Pen) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        r = 42 if k % 2 == 0 else 19
        pts.append((50 + r * math.cos(a), 55 + r * math.sin(a)))
    pen.poly(pts, pen.rgb, 2.8)
    pen.eyes(53, 7.5, 3.3)
    pen.smile(50, 60, 12, 9, 2.2)


def _flower(pen: _Pen) -> None:
    for k in range(6):
        a = k * math.pi / 3 + math.pi / 6
        pen.circle(50 + 23 * math.cos(a), 52 + 23 * math.sin(a), 14, pen.rgb)
    pen.circle(50, 52, 17, (250, 214, 70), 2.6)
    pen.eyes(49, 6.5, 2.8)
    pen.smile(50, 55, 12, 9, 2)


def _moon(pen: _Pen) -> None:
    crescent = pygame.Surface(pen.surface.get_size(), pygame.SRCALPHA)
    inner = _Pen(crescent, pen.rgb)
    inner.circle(46, 52, 36, pen.rgb, 2.8)
    clear = (0, 0, 0, 0)
    pygame.draw.circle(crescent, INK, inner.p(66, 40), round(31.4 * inner.k))
    pygame.draw.circle(crescent, clear, inner.p(66, 40), round(28.6 * inner.k))
    mask = pygame.Surface(crescent.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), inner.p(46, 52), round(36 * inner.k))
    crescent.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pen.surface.blit(crescent, (0, 0))
    # a sleepy face on the crescent's belly: a closed eye, a smile, a rosy cheek
    pen.smile(27, 55, 10, 7, 2.4)
    pen.smile(33, 71, 14, 10, 2.4)
    pen.circle(22, 65, 3.2, pen.light, 0)


def _penguin(pen: _Pen) -> None:
    for s in (-1, 1):
        pen.ellipse(50 + s * 26, 62, 12, 30, pen.dark)
    pen.ellipse(50, 56, 52, 68, pen.rgb)
    pen.ellipse(50, 62, 36, 50, WHITE, 0)
    pen.eyes(48, 8, 3.4)
    pen.poly([(44, 55), (56, 55), (50, 63)], (246, 160, 30), 1.8)
    for s in (-1, 1):
        pen.circle(50 + s * 14, 58, 3.4, (250, 180, 196), 0)


def _monster(pen: _Pen) -> None:
    for s in (-1, 1):
        pen.poly([(50 + s * 14, 28), (50 + s * 26, 12), (50 + s * 26, 32)], pen.light)
    pen.rect(22, 26, 56, 56, pen.rgb, 24)
    pen.circle(50, 46, 13, WHITE, 2.4)
    pen.circle(50, 47, 6, INK, 0)
    pen.circle(52, 45, 2, WHITE, 0)
    pen.rect(34, 63, 32, 10, INK, 4, 0)
    for x in (39, 47, 55):
        pen.poly([(x, 63), (x + 6, 63), (x + 3, 68)], WHITE, 0)
    for x, y in ((30, 36), (70, 68), (30, 72)):
        pen.circle(x, y, 2.8, pen.dark, 0)


FIGURES: dict[str, Callable[[_Pen], None]] = {
    "cat": _cat, "bear": _bear, "frog": _frog, "owl": _owl, "bunny": _bunny,
    "robot": _robot, "fish": _fish, "star": _star, "flower": _flower, "moon": _moon,
    "penguin": _penguin, "monster": _monster,
}
assert set(FIGURES) == set(AVATAR_KINDS), "every avatar kind has a figure"


def avatar_image(avatar: Avatar, size: int) -> pygame.Surface:
    """The round badge of ``avatar``, ``size`` pixels across (cached)."""
    size = max(8, int(size))
    key = (avatar.kind, avatar.colour, size)
    surf = _CACHE.get(key)
    if surf is not None:
        _CACHE.move_to_end(key)
        return surf
    big = pygame.Surface((size * SUPER, size * SUPER), pygame.SRCALPHA)
    rgb = RGB.get(avatar.colour, RGB["grey"])
    pen = _Pen(big, rgb)
    pen.circle(50, 50, 49, INK, 0)
    pen.circle(50, 50, 46.5, rgb, 0)
    pen.circle(50, 50, 41, CREAM, 0)
    figure = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    FIGURES[avatar.kind](_Pen(figure, rgb))
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), pen.p(50, 50), round(46.5 * pen.k))
    figure.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(figure, (0, 0))
    surf = pygame.transform.smoothscale(big, (size, size))
    _CACHE[key] = surf
    if len(_CACHE) > 96:
        _CACHE.popitem(last=False)
    return surf


def draw_avatar(surface: pygame.Surface, avatar: Avatar, center: tuple[int, int],
                size: int) -> pygame.Rect:
    """Blit ``avatar``'s badge centred on ``center``; returns where it went."""
    img = avatar_image(avatar, size)
    return surface.blit(img, img.get_rect(center=center))


@dataclass
class AvatarChoice(Choice):
    """A seat's face at the set-up: Left/Right or Enter take the previous or next face not
    worn by another seat; a click takes the next one. Drawn as the face itself."""

    taken: set[str] = field(default_factory=set)

    @staticmethod
    def for_seat(id: str, avatar: Avatar, taken: Iterable[str],
                 on_change: Callable[[Avatar], None]) -> AvatarChoice:
        options = [(Avatar.of(k), LABELS[k]) for k in AVATAR_KINDS]
        kinds = list(AVATAR_KINDS)
        index = kinds.index(avatar.kind)
        options[index] = (avatar, LABELS[avatar.kind])  # (its own colour, if it has one)
        choice = AvatarChoice(id=id, intent=Adjust(id, 1), label=N_("Face"), options=options,
                              index=index, on_change=on_change)
        choice.taken = set(taken) - {avatar.kind}
        return choice

    def step(self, delta: int) -> None:
        if not self.enabled or not self.options:
            return
        n = len(self.options)
        for _k in range(n):
            self.index = (self.index + (1 if delta >= 0 else -1)) % n
            if self.options[self.index][0].kind not in self.taken:
                break
        if self.on_change is not None:
            self.on_change(self.value)

    def intent_at(self, pos: tuple[int, int]) -> Intent:
        return self.intent

    def value_text(self) -> str:
        return _(LABELS[self.value.kind]) if self.options else ""

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, int(8 * s))
        bg = theme.BUTTON_HOVER if hovered else theme.BUTTON
        pygame.draw.rect(surface, bg, r, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, max(1, int(s)), border_radius=radius)
        size = min(r.width, r.height) - max(4, int(6 * s))
        draw_avatar(surface, self.value, r.center, size)
        if focused:
            focus_ring(surface, r, s, radius)

    def hint(self) -> str:
        """What the focused face is and how to change it (the set-up shows it)."""
        return _(FACE_HINT).format(name=self.value_text())

