"""The sprites of the moments people remember (issue 34): the winner's last card dropped on
the pile with weight, and the points that fly to the winner at the hand's end. Each is
cheap to draw: cached card faces at a few quantised sizes, one small scale for a few frames,
a cached label."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.cards import Card
from game.ui import cardart, text, theme
from game.ui.anim import Point, Sprite, quantise, shadow
from game.ui.tween import Tween, ease_in_out, lerp, lerp2

#: How much larger the last card is at the top of its fall (it is held up, then slammed).
LIFT_SCALE = 1.35


def ease_in_quad(t: float) -> float:
    """Accelerating, like something falling."""
    return t * t


@dataclass
class Drop(Sprite):
    """The last card falls from above the pile onto it: it shrinks from :data:`LIFT_SCALE`
    times its size while it drops, faster and faster (its tween eases in), its shadow
    closing in under it."""

    card: Card
    start: Point
    end: Point
    width: int
    tween: Tween
    marks: bool = True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started or self.tween.done:
            return
        t = self.tween.t
        big = int(self.width * LIFT_SCALE)
        w = quantise(lerp(big, self.width, t), self.width, big)
        img = cardart.face(self.card, w, self.marks)
        pos = lerp2(self.start, self.end, t)
        gap = int((1 - t) * self.width * 0.35)  # the shadow stays on the felt
        shade = shadow(w, 0)
        surface.blit(shade, shade.get_rect(center=(int(self.end[0]) + 4 + gap,
                                                   int(self.end[1]) + 6 + gap)))
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))


@dataclass
class Squash(Sprite):
    """The card has hit the pile: squashed wide and flat for an instant, then back, with
    a few strokes of impact round it."""

    card: Card
    pos: Point
    width: int
    tween: Tween
    marks: bool = True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.tween.started or self.tween.done:
            return
        raw = self.tween.raw
        k = (1 - raw) ** 2  # the blow, fading
        img = cardart.face(self.card, self.width, self.marks)
        w, h = img.get_size()
        img = pygame.transform.scale(img, (int(w * (1 + 0.12 * k)), int(h * (1 - 0.08 * k))))
        cx, cy = int(self.pos[0]), int(self.pos[1])
        surface.blit(img, img.get_rect(center=(cx, cy + int(h * 0.04 * k))))
        if raw < 0.6:  # impact strokes out from the card's sides
            reach = int(self.width * (0.25 + 0.5 * raw))
            thick = max(2, self.width // 28)
            for sx in (-1, 1):
                x0 = cx + sx * (w // 2 + self.width // 10)
                for dy in (-h // 4, 0, h // 4):
                    y0 = cy + dy
                    pygame.draw.line(surface, theme.ACCENT, (x0, y0),
                                     (x0 + sx * reach, y0 + dy // 3), thick)


def draw_token(surface: pygame.Surface, label: str, centre: tuple[int, int], px: int) -> None:
    """A card's points (``+20``) on a gold coin, on its way to a score: a cached label on
    two circles."""
    img = text.render(label, px, theme.TEXT_DARK)
    r = max(img.get_width(), img.get_height()) // 2 + px // 3
    pygame.draw.circle(surface, theme.SHADOW, (centre[0] + 2, centre[1] + 3), r)
    pygame.draw.circle(surface, theme.ACCENT, centre, r)
    surface.blit(img, img.get_rect(center=centre))


def token_at(start: Point, end: Point, raw: float, px: int) -> tuple[int, int]:
    """Where a token is at ``raw`` (0-1) of its flight: eased along the line, on a small
    arc."""
    x, y = lerp2(start, end, ease_in_out(raw))
    lift = -4 * raw * (1 - raw) * px * 1.6
    return int(x), int(y + lift)
