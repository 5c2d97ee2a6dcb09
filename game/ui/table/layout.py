"""Where everything sits on the table, computed from the window size alone.

One pure function turns (window size, seat order) into rectangles and points; the
renderer, the hit-testing and the animations all read the same :class:`TableLayout`, so
they always agree. Sizes are designed at 1280×720 and scaled by the smaller axis; the
opponents sit on an arc over the top of the table in playing order from the left (the next
player clockwise sits at your left, as at a real table).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.cardart import RATIO

Point = tuple[float, float]


@dataclass
class SeatSpot:
    """One opponent's place: the plate with the name, and where their cards go."""

    player: int
    plate: pygame.Rect
    cards: Point  # centre of their small fanned backs
    catch: pygame.Rect  # the "Catch!" button under the plate


@dataclass
class TableLayout:
    size: tuple[int, int]
    s: float
    card_w: int  # cards in hand, piles, flights
    small_w: int  # opponents' backs
    hand_area: pygame.Rect
    hand_y: int  # top of a resting hand card
    lift: int  # how far a playable / focused card rises
    draw_pile: pygame.Rect
    discard: pygame.Rect
    centre: Point
    seats: dict[int, SeatSpot] = field(default_factory=dict)
    me: int | None = None
    my_plate: pygame.Rect = field(default_factory=pygame.Rect)
    uno: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    drawn_buttons: tuple[pygame.Rect, pygame.Rect] = field(
        default_factory=lambda: (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)))
    banner: Point = (0.0, 0.0)
    menu: pygame.Rect = field(default_factory=pygame.Rect)
    info: Point = (0.0, 0.0)
    plate_s: float = 1.0  # the opponents' plates' own scale (smaller with many players)

    @property
    def card_h(self) -> int:
        return round(self.card_w * RATIO)

    def hand_rects(self, count: int, focus: int | None = None) -> list[pygame.Rect]:
        """Resting rectangles of ``count`` cards fanned across the hand area (overlapping
        when they do not fit), on a gentle arc. When they overlap, the ``focus`` card's
        neighbours move aside so that it shows whole (the fan makes room for it)."""
        if count <= 0:
            return []
        w, h = self.card_w, self.card_h
        area = self.hand_area
        gap = int(w * 0.06)
        step = min(w + gap, (area.width - w) / max(1, count - 1)) if count > 1 else 0
        steps = [step] * max(0, count - 1)  # steps[i]: from card i to card i + 1
        if focus is not None and 0 <= focus < count and count > 2 and step < w + gap:
            wide = [i for i in (focus - 1, focus) if 0 <= i < count - 1]
            span = step * (count - 1)
            room = min(w + gap, span / (len(wide) + 1))
            rest = count - 1 - len(wide)  # 0: three cards, the middle one focused
            narrow = (span - room * len(wide)) / rest if rest else 0.0
            if narrow > 2:
                steps = [room if i in wide else narrow for i in range(count - 1)]
        total = w + sum(steps)
        x = area.centerx - total / 2
        rects = []
        for i in range(count):
            off = (i - (count - 1) / 2) / max(1.0, (count - 1) / 2)
            arc = int(abs(off) ** 2 * h * 0.06)
            rects.append(pygame.Rect(int(x + 1e-6), self.hand_y + arc, w, h))
            if i < count - 1:
                x += steps[i]
        return rects

    @staticmethod
    def fan_angle(index: int, count: int) -> int:
        """The tilt of card ``index`` of ``count`` in the fan (degrees, 0 in the middle)."""
        if count <= 1:
            return 0
        off = (index - (count - 1) / 2) / ((count - 1) / 2)
        return -round(off * min(8, 2 + count * 0.6))

    def seat_point(self, player: int) -> Point:
        """Where a player's cards come from and go to (their plate, or your hand)."""
        spot = self.seats.get(player)
        if spot is not None:
            return spot.cards
        return (self.hand_area.centerx, self.hand_y + self.card_h / 2)

    def small_fan(self, player: int, count: int, limit: int = 12) -> list[pygame.Rect]:
        """Rectangles of an opponent's face-down cards (at most ``limit`` drawn)."""
        spot = self.seats[player]
        shown = min(count, limit)
        if shown <= 0:
            return []
        w = self.small_w
        h = round(w * RATIO)
        step = min(w * 0.42, (spot.plate.width - w) / max(1, shown - 1)) if shown > 1 else 0
        total = w + step * (shown - 1)
        x0 = spot.cards[0] - total / 2
        y = int(spot.cards[1] - h / 2)
        return [pygame.Rect(int(x0 + i * step), y, w, h) for i in range(shown)]


def seat_angles(n: int) -> list[float]:
    """Angles (degrees, screen coordinates) of ``n`` opponents from left to right over the top."""
    return [180 + 180 * (k + 0.5) / n for k in range(n)]


def _seats(size: tuple[int, int], s: float, opponents: Sequence[int], margin: int,
           centre: Point) -> dict[int, SeatSpot]:
    """Opponents' plates on an arc over the table, at scale ``s``."""
    w, h = size
    cx, ecy = centre
    plate_w, plate_h = int(176 * s), int(108 * s)
    rx, ry = w * 0.41, h * 0.35
    bounds = pygame.Rect(margin, margin + int(34 * s), w - 2 * margin, h - 2 * margin)
    seats: dict[int, SeatSpot] = {}
    for player, ang in zip(opponents, seat_angles(len(opponents))):
        a = math.radians(ang)
        plate = pygame.Rect(0, 0, plate_w, plate_h)
        plate.center = (int(cx + rx * math.cos(a)), int(ecy + ry * math.sin(a)))
        plate.clamp_ip(bounds)
        cards_at = (plate.centerx, plate.top + plate_h * 0.53)
        catch = pygame.Rect(0, 0, int(plate_w * 0.62), int(30 * s))
        catch.midtop = (plate.centerx, plate.bottom + int(4 * s))
        seats[player] = SeatSpot(player, plate, cards_at, catch)
    return seats


def table_layout(size: tuple[int, int], order: Sequence[int], me: int | None) -> TableLayout:
    """The layout for a window of ``size``; ``order`` lists the players clockwise starting
    with the one at the bottom (``me``, or the first seat for a table of AI players)."""
    w, h = size
    s = theme.scale_for(size)
    card_w = int(92 * s)
    card_h = round(card_w * RATIO)
    small_w = int(34 * s)
    margin = int(14 * s)
    lift = int(card_h * 0.2)
    hand_y = h - card_h - margin - int(4 * s)
    hand_area = pygame.Rect(int(w * 0.22), hand_y - lift, int(w * 0.58), card_h + lift)
    cx, cy = w / 2, h * 0.45
    gap = int(card_w * 0.35)
    draw_pile = pygame.Rect(0, 0, card_w, card_h)
    draw_pile.midright = (int(cx - gap / 2), int(cy))
    discard = pygame.Rect(0, 0, card_w, card_h)
    discard.midleft = (int(cx + gap / 2), int(cy))
    lay = TableLayout(size, s, card_w, small_w, hand_area, hand_y, lift, draw_pile, discard,
                      (cx, cy), me=me)
    opponents = list(order[1:]) if order else []
    avoid = [draw_pile, discard, hand_area]
    k = 1.0
    while True:  # shrink the plates until they sit apart (many players, small windows)
        lay.seats = _seats(size, s * k, opponents, margin, (cx, h * 0.43))
        plates = [spot.plate for spot in lay.seats.values()]
        clash = any(a.colliderect(b) for i, a in enumerate(plates) for b in plates[i + 1:])
        clash = clash or any(p.colliderect(r) for p in plates for r in avoid)
        if not clash or k < 0.5:
            break
        k *= 0.92
    lay.small_w = int(small_w * min(1.0, k * 1.1))
    lay.plate_s = s * k
    lay.my_plate = pygame.Rect(0, 0, int(200 * s), int(34 * s))
    lay.my_plate.bottomleft = (hand_area.left, hand_area.top - int(6 * s))
    r = int(54 * s)
    lay.uno = pygame.Rect(0, 0, 2 * r, 2 * r)
    lay.uno.center = (int(w - margin - r - 10 * s), int(h - margin - r - 30 * s))
    lay.log = pygame.Rect(margin, int(h - 196 * s), int(w * 0.2), int(196 * s) - margin)
    bw, bh = int(150 * s), int(44 * s)
    play = pygame.Rect(0, 0, bw, bh)
    keep = pygame.Rect(0, 0, bw, bh)
    play.bottomright = (int(w / 2 - 8 * s), hand_area.top - int(10 * s))
    keep.bottomleft = (int(w / 2 + 8 * s), hand_area.top - int(10 * s))
    lay.drawn_buttons = (play, keep)
    lay.banner = (cx, cy - card_h * 0.95)
    lay.menu = pygame.Rect(0, 0, int(110 * s), int(34 * s))
    lay.menu.topright = (w - margin, margin)
    lay.info = (margin, margin)
    return lay
