"""Sprites the table animates: cards in flight, banners, colour rings.

Each sprite owns a :class:`~game.ui.tween.Tween`; ``update`` advances it and ``draw`` only
reads it. With reduced motion a card does not travel: it fades in where it lands, and
banners appear without growing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import _
from game.rules.cards import Card
from game.ui import cardart, text, theme
from game.ui.tween import Tween, ease_in_out, ease_out_back, lerp, lerp2, pulse

Point = tuple[float, float]


class Sprite:
    """Something drawn over the table for a while."""

    tween: Tween
    linger: float = 0.0  # seconds it stays drawn after its tween ends

    def update(self, dt: float) -> None:
        if self.tween.done:
            self.linger -= dt
        else:
            self.tween.update(dt)

    @property
    def finished(self) -> bool:
        return self.tween.done and self.linger <= 0

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


def quantise(width: float, w0: int, w1: int) -> int:
    """``width`` rounded to one of the few sizes a card takes between ``w0`` and ``w1``."""
    step = max(2, abs(w1 - w0) // 6)
    return max(4, round(width / step) * step)


def flight_widths(w0: int, w1: int) -> list[int]:
    """Every width :class:`FlyingCard` may draw between ``w0`` and ``w1`` (to warm caches)."""
    lo, hi = min(w0, w1), max(w0, w1)
    return sorted({quantise(w, w0, w1) for w in range(lo, hi + 1)} | {w0, w1})


@dataclass
class FlyingCard(Sprite):
    """A card (``None``: its back) moving from ``start`` to ``end`` (centres), growing or
    shrinking between two widths, turning by ``spin`` degrees; ``flip`` shows the back for
    the first half (a card drawn into your hand turns face up on the way)."""

    card: Card | None
    start: Point
    end: Point
    tween: Tween
    width: tuple[int, int]
    spin: float = 0.0
    flip: bool = False
    still: bool = False
    marks: bool = True
    linger: float = 0.0

    def surface(self) -> pygame.Surface:
        t = self.tween.t
        w0, w1 = self.width
        width = w1 if self.still else int(lerp(w0, w1, t))
        if w0 != w1:  # quantise sizes so in-between sizes are cached, not re-drawn
            width = quantise(width, w0, w1)
        show_back = self.card is None or (self.flip and self.tween.raw < 0.5)
        if show_back:
            return cardart.back(width)
        return cardart.face(self.card, width, self.marks)  # type: ignore[arg-type]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        img = self.surface()
        base_w = img.get_width()
        t = self.tween.t
        shade = shadow(base_w, 0)
        if self.still:
            pos = self.end
            img = img.copy()
            img.set_alpha(int(255 * min(1.0, self.tween.raw * 1.5 + 0.2)))
        else:
            pos = lerp2(self.start, self.end, t)
            arc = pulse(self.tween.raw) * -0.08 * abs(self.end[0] - self.start[0])
            pos = (pos[0], pos[1] + arc)
            angle = self.spin * (1 - t)
            if abs(angle) >= 1:
                turn = round(angle / 3) * 3
                img = pygame.transform.rotate(img, turn)
                shade = shadow(base_w, turn)
        rect = img.get_rect(center=(int(pos[0]), int(pos[1])))
        if not self.still:  # the shadow is the card's own shape, turned with it
            surface.blit(shade, shade.get_rect(center=rect.move(4, 6).center))
        surface.blit(img, rect)


@dataclass
class Settle(Sprite):
    """A card that has just landed on a pile presses in and settles: drawn a few pixels
    larger, then back to its size (the cached face, scaled for those few frames)."""

    card: Card
    pos: Point
    width: int
    tween: Tween
    marks: bool = True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started or self.tween.done:
            return
        raw = self.tween.raw
        grow = (1 - raw) * (1.0 if raw > 0.25 else raw / 0.25)  # up quickly, down slowly
        extra = 2 * round(grow * max(2, self.width // 18))
        img = cardart.face(self.card, self.width, self.marks)
        if extra:
            img = pygame.transform.smoothscale(img, (img.get_width() + extra,
                                                     img.get_height() + round(extra * 1.5)))
        surface.blit(img, img.get_rect(center=(int(self.pos[0]), int(self.pos[1]))))


_SHADOWS: dict[tuple[int, int], pygame.Surface] = {}


def shadow(width: int, angle: int) -> pygame.Surface:
    """A card's soft shadow, ``width`` wide, turned by ``angle`` degrees (cached): only
    the card's rounded shape is darkened, never its bounding box."""
    key = (int(width), int(angle))
    surf = _SHADOWS.get(key)
    if surf is None:
        w, h = cardart.card_size(width)
        flat = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(flat, (*theme.SHADOW, 110), flat.get_rect(),
                         border_radius=max(3, w // 10))
        surf = pygame.transform.rotate(flat, angle) if angle else flat
        if len(_SHADOWS) > 200:
            _SHADOWS.clear()
        _SHADOWS[key] = surf
    return surf


@dataclass
class Banner(Sprite):
    """A word popping up (``UNO!``, ``Skipped!``, a colour's name) over a point."""

    msgid: str
    pos: Point
    px: int
    tween: Tween
    colour: tuple[int, int, int] = theme.ACCENT
    params: dict[str, Any] = field(default_factory=dict)
    still: bool = False
    back: tuple[int, int, int] | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        raw = self.tween.raw
        alpha = 255 if raw < 0.7 else int(255 * (1 - (raw - 0.7) / 0.3))
        grow = 1.0 if self.still else min(1.0, ease_out_back(min(1.0, raw * 4)))
        img = self._words()
        box = self.box(img)
        if grow < 0.99:  # pop in: scale the finished plate, never re-render text per size
            factor = max(0.2, 0.6 + 0.4 * grow)
            plate = self._plate(img, box.size, 255)
            plate = pygame.transform.smoothscale_by(plate, factor)
            surface.blit(plate, plate.get_rect(center=box.center))
            return
        surface.blit(self._plate(img, box.size, alpha), box)

    def _words(self) -> pygame.Surface:
        words = _(self.msgid).format(**self.params) if self.params else _(self.msgid)
        return text.render(words, self.px, self.colour)

    def box(self, img: pygame.Surface | None = None) -> pygame.Rect:
        """The plate's rectangle now (it rises a little as the banner ages)."""
        img = img if img is not None else self._words()
        rise = 0 if self.still else int(self.tween.raw * self.px * 0.4)
        rect = img.get_rect(center=(int(self.pos[0]), int(self.pos[1]) - rise))
        pad = max(4, self.px // 4)
        return rect.inflate(pad * 3, pad * 2)

    def _plate(self, img: pygame.Surface, size: tuple[int, int], alpha: int) -> pygame.Surface:
        plate = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*(self.back or theme.PANEL), int(alpha * 0.85)),
                         plate.get_rect(), border_radius=size[1] // 2)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        plate.blit(img, img.get_rect(center=(size[0] // 2, size[1] // 2)))
        return plate


def _reach(b: Banner) -> pygame.Rect:
    """Every place ``b`` will be (banners rise as they age)."""
    box = b.box()
    return box.union(box.move(0, -int(b.px * 0.4)))


def clear_of(banner: Banner, shown: Sequence[Banner]) -> Banner:
    """Move ``banner`` up (down near the top edge) until it covers none of ``shown``:
    "Time is up!" and a "+6" at the same seat stack, neither hides the other."""
    others = [_reach(sp) for sp in shown]
    gap = max(2, banner.px // 6)
    start = banner.pos
    for step in (-1, 1):
        banner.pos = start
        for _round in range(len(others) + 1):
            mine = _reach(banner)
            hit = [r for r in others if r.colliderect(mine)]
            if not hit:
                break
            dy = (mine.bottom - min(r.top for r in hit) if step < 0
                  else max(r.bottom for r in hit) - mine.top)
            banner.pos = (banner.pos[0], banner.pos[1] + step * (dy + gap))
        if _reach(banner).top >= 0 and not any(r.colliderect(_reach(banner)) for r in others):
            return banner
    banner.pos = start
    return banner


@dataclass
class Ring(Sprite):
    """A ring of colour spreading from a point (a colour is named, a card lands)."""

    pos: Point
    rgb: tuple[int, int, int]
    radius: tuple[float, float]
    width: int
    tween: Tween

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started:
            return
        t = self.tween.t
        r = int(lerp(self.radius[0], self.radius[1], t))
        w = max(1, int(self.width * (1 - t)))
        if r > w:
            pygame.draw.circle(surface, self.rgb, (int(self.pos[0]), int(self.pos[1])), r, w)


def fly(card: Card | None, start: Point, end: Point, widths: tuple[int, int], duration: float,
        delay: float = 0.0, *, on_start: Callable[[], None] | None = None,
        on_done: Callable[[], None] | None = None, spin: float = 0.0, flip: bool = False,
        still: bool = False, marks: bool = True, linger: float = 0.0) -> FlyingCard:
    """A :class:`FlyingCard` with its tween (eased in and out)."""
    tw = Tween(duration, delay, ease_in_out, on_start=on_start, on_done=on_done)
    return FlyingCard(card, start, end, tw, widths, spin, flip, still, marks, linger)
