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

from game.ui import cardart, theme
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
    #: The hand's area, your name and the drawn card's buttons for a one-fan hand (see
    #: :meth:`fit_hand`); kept the first time a hand is fitted.
    _rest: tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect] | None = None

    @property
    def card_h(self) -> int:
        return round(self.card_w * RATIO)

    # ------------------------------------------------------------------ your hand
    # A hand that fits shows as one fan. A bigger one (14 cards and more at 1280×720)
    # staggers into two tiers, cards taking turns at the back and at the front: still left
    # to right in the hand's order (Left/Right walk across the screen), each tier's cards
    # twice as far apart, and the front tier low enough to leave every back card's corner
    # in sight. Each card shows its corner (index and colour-blind shape, see
    # :func:`cardart.corner_boxes`) whatever is lifted or focused, and the fan opens round
    # the focused card as far as that allows.

    @property
    def glow(self) -> int:
        """The playable glow's width round a card of your hand."""
        return int(5 * self.s)

    @property
    def ring_reach(self) -> int:
        """How far the focus ring reaches out of the card it is drawn round."""
        return 2 * max(2, int(3 * self.s)) + 1

    def corner_clearance(self) -> tuple[int, int]:
        """(width, height) of a hand card's top-left corner that must stay in sight: its
        index and the colour-blind shape under it, and a pixel more."""
        box, mark = cardart.corner_boxes(self.card_w, True)
        right, bottom = box.right, box.bottom
        if mark is not None:
            right, bottom = max(right, mark.right), max(bottom, mark.bottom)
        return right + 1, bottom + 1

    def _span(self) -> int:
        return max(0, self.hand_area.width - self.card_w)

    def hand_tiers(self, count: int) -> int:
        """1: one fan; 2: the staggered two tiers (when one fan could not open whole round
        a focused card and still show every other card's corner)."""
        if count <= 3:
            return 1
        full = self.card_w + int(self.card_w * 0.06)
        clear = self.corner_clearance()[0] + self._tilt_margin()
        return 1 if (self._span() - 2 * full) / (count - 3) >= clear else 2

    def _tilt_margin(self) -> int:
        """What the fan's tilt may take off the corner that shows (one fan only)."""
        return max(2, int(4 * self.s))

    def tier_gap(self) -> int:
        """How far the front tier sits below the back one: a back card's corner stays in
        sight over a front card lifted, glowing and ringed."""
        return (self.corner_clearance()[1] + self.hand_lift(99, tiers=2)
                + max(self.glow, self.ring_reach))

    def hand_lift(self, count: int, tiers: int | None = None) -> int:
        """How far the focused card rises (a playable one: half as far)."""
        tiers = self.hand_tiers(count) if tiers is None else tiers
        return self.lift if tiers == 1 else self.lift // 2

    def hand_top(self, count: int) -> int:
        """The top of the hand's area for ``count`` cards (a focused card's top)."""
        if self.hand_tiers(count) == 1:
            return self.hand_y - self.lift
        return self.hand_y - self.tier_gap() - self.hand_lift(count)

    def hand_order(self, count: int) -> list[int]:
        """The order the cards are drawn in: the back tier's, then the front tier's."""
        if self.hand_tiers(count) == 1:
            return list(range(count))
        return [*range(0, count, 2), *range(1, count, 2)]

    def hand_tier(self, index: int, count: int) -> int:
        """0: the back tier (or the one fan); 1: the front tier."""
        return 0 if self.hand_tiers(count) == 1 else index % 2

    def hand_angle(self, index: int, count: int) -> int:
        """The tilt of card ``index`` (the two tiers lie flat)."""
        return self.fan_angle(index, count) if self.hand_tiers(count) == 1 else 0

    def fit_hand(self, count: int) -> None:
        """Make room above a hand of ``count`` cards: the area, your name and the Play it /
        Keep it buttons move up by what the back tier takes."""
        if self._rest is None:
            self._rest = (self.hand_area.copy(), self.my_plate.copy(),
                          self.drawn_buttons[0].copy(), self.drawn_buttons[1].copy())
        area, plate, play, keep = self._rest
        up = max(0, area.top - self.hand_top(count))
        self.hand_area = pygame.Rect(area.left, area.top - up, area.width, area.height + up)
        self.my_plate = plate.move(0, -up)
        self.drawn_buttons = (play.move(0, -up), keep.move(0, -up))

    def hand_rects(self, count: int, focus: int | None = None) -> list[pygame.Rect]:
        """Resting rectangles of ``count`` cards across the hand area (overlapping when
        they do not fit): one fan on a gentle arc, or two staggered tiers
        (:meth:`hand_tiers`). When they overlap, the ``focus`` card's neighbours move
        aside so that it shows whole, as far as every other card's corner still shows."""
        if count <= 0:
            return []
        w, h = self.card_w, self.card_h
        tiers = self.hand_tiers(count)
        steps = self._steps(count, focus, tiers)
        total = w + sum(steps)
        x = self.hand_area.left + (self.hand_area.width - total) / 2
        gap = self.tier_gap() if tiers == 2 else 0
        rects = []
        for i in range(count):
            if tiers == 1:
                off = (i - (count - 1) / 2) / max(1.0, (count - 1) / 2)
                y = self.hand_y + int(abs(off) ** 2 * h * 0.06)
            else:
                y = self.hand_y - (gap if i % 2 == 0 else 0)
            rects.append(pygame.Rect(int(x + 1e-6), y, w, h))
            if i < count - 1:
                x += steps[i]
        return rects

    def _steps(self, count: int, focus: int | None, tiers: int) -> list[float]:
        """steps[i]: from card i to card i + 1. Any ``tiers`` steps in a row add up to a
        corner's width (the next card of the same tier leaves it in sight); round a focused
        card they widen as far as that allows, with room for its focus ring."""
        if count <= 1:
            return []
        w = self.card_w
        full = w + int(w * 0.06)
        span = self._span()
        plain = min(float(full), span / (count - 1))
        steps = [plain] * (count - 1)
        if focus is None or not 0 <= focus < count or count <= 2 or plain >= full:
            return steps
        wide = [i for i in (focus - 1, focus) if 0 <= i < count - 1]
        rest = count - 1 - len(wide)
        if rest == 0:  # three cards, the middle one focused: nothing to narrow
            return steps
        clear = self.corner_clearance()[0] + (self._tilt_margin() if tiers == 1 else 0)
        least = clear / tiers
        room = min(float(full), (span - rest * least) / len(wide))
        if room <= plain:
            return steps
        narrow = (span - room * len(wide)) / rest
        return [room if i in wide else narrow for i in range(count - 1)]

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
