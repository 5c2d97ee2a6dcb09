"""A big hand stays readable (issue 34, item 8): from 1 to 30 cards, at 1280×720 and at the
smallest window the game opens (1024×600), every card's corner index and colour-blind
shape stay in sight — no card, glow or focus ring drawn after a card covers them,
whichever card is focused or lifted — and the index is at least 18 pixels tall; a real
table with 25 cards reads, plays by keys, by click and by drag (screenshot under
``test-output/<test name>/``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest

from game.rules import actions as A
from game.rules.cards import Card, Colour
from game.ui import cardart, theme
from game.ui import intents as I
from game.ui.app import MIN_SIZE, App
from game.ui.table import draw as table_draw
from game.ui.table.layout import TableLayout, table_layout
from tests.rules.helpers import build
from tests.ui.conftest import pump, shot, table_for

Poly = list[tuple[float, float]]
SIZES = [(1280, 720), MIN_SIZE]
C = Card.parse
#: 25 cards of one hand (a person's, after a few penalties), sorted as the table sorts them.
BIG = ("R0 R1 R2 R3 R5 R7 R+2 RS Y1 Y4 Y6 Y9 YR G2 G3 G6 G8 G+2 B1 B4 B5 B9 BS W W+4")


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.display.init()
    pygame.font.init()


def quad(rect: pygame.Rect, box: pygame.Rect, angle: float) -> Poly:
    """``box`` (card coordinates) on screen, for a card drawn at ``rect`` turned by
    ``angle`` degrees round its centre, as pygame turns it (counter-clockwise)."""
    a = math.radians(angle)
    cx, cy = rect.w / 2, rect.h / 2
    pts = []
    for x, y in ((box.left, box.top), (box.right, box.top), (box.right, box.bottom),
                 (box.left, box.bottom)):
        dx, dy = x - cx, y - cy
        pts.append((rect.centerx + dx * math.cos(a) + dy * math.sin(a),
                    rect.centery - dx * math.sin(a) + dy * math.cos(a)))
    return pts


def overlap(p: Poly, q: Poly, tol: float = 0.5) -> bool:
    """Do two convex polygons overlap by more than ``tol`` pixels (separating axes)?"""
    for poly in (p, q):
        for k in range(len(poly)):
            x0, y0 = poly[k]
            x1, y1 = poly[(k + 1) % len(poly)]
            nx, ny = y0 - y1, x1 - x0
            norm = math.hypot(nx, ny) or 1.0
            a = [(x * nx + y * ny) / norm for x, y in p]
            b = [(x * nx + y * ny) / norm for x, y in q]
            if max(a) <= min(b) + tol or max(b) <= min(a) + tol:
                return False
    return True


def painted(lay: TableLayout, count: int, focus: int | None,
            glowing: set[int]) -> tuple[list[tuple[int, str, Poly]], dict[int, list[Poly]]]:
    """What the table paints of a hand, in the order :func:`game.ui.table.draw._my_side`
    paints it (each tier's glows, then its cards, the focused one with its ring), and each
    card's corner (index and shape) on screen."""
    rects = lay.hand_rects(count, focus)
    lift = lay.hand_lift(count)
    for i, r in enumerate(rects):  # as the table lifts them (queries.hand_cards)
        r.move_ip(0, -lift if i == focus else -(lift // 2) if i in glowing else 0)
    index, mark = cardart.corner_boxes(lay.card_w, True)
    assert mark is not None
    w, h = cardart.card_size(lay.card_w)
    card_box = pygame.Rect(0, 0, w, h)
    ops: list[tuple[int, str, Poly]] = []
    corners: dict[int, list[Poly]] = {}
    order = lay.hand_order(count)
    assert sorted(order) == list(range(count))
    for tier in (0, 1):
        cards = [i for i in order if lay.hand_tier(i, count) == tier]
        for i in cards:
            if i in glowing:
                angle = 0 if i == focus else lay.hand_angle(i, count)
                g = lay.glow
                ops.append((i, "glow", quad(rects[i], card_box.inflate(2 * g, 2 * g), angle)))
        for i in cards:
            angle = 0 if i == focus else lay.hand_angle(i, count)
            ops.append((i, "card", quad(rects[i], card_box, angle)))
            corners[i] = [quad(rects[i], index, angle), quad(rects[i], mark, angle)]
            if i == focus:
                reach = lay.ring_reach
                ops.append((i, "ring", quad(rects[i], card_box.inflate(2 * reach, 2 * reach),
                                            0)))
    return ops, corners


def covered(ops: Sequence[tuple[int, str, Poly]], corners: dict[int, list[Poly]]) -> list[str]:
    """Every card corner something painted after that card covers."""
    bad = []
    for k, (i, kind, _poly) in enumerate(ops):
        if kind != "card":
            continue
        for j, what, poly in ops[k + 1:]:
            if j != i and any(overlap(c, poly) for c in corners[i]):
                bad.append(f"card {i}'s corner under card {j}'s {what}")
    return bad


@pytest.mark.parametrize("size", SIZES)
def test_every_card_s_corner_shows_from_1_to_30_cards(size: tuple[int, int]) -> None:
    for count in range(1, 31):
        lay = table_layout(size, [0, 1, 2, 3], 0)
        focuses: list[int | None] = [None, *sorted({0, count // 3, count // 2, count - 1})]
        for focus in focuses:
            for glowing in (set(), set(range(count)) - {focus}, set(range(0, count, 3))):
                ops, corners = painted(lay, count, focus, glowing)
                bad = covered(ops, corners)
                assert not bad, (size, count, focus, len(glowing), bad[:3])
        index, _mark = cardart.corner_boxes(lay.card_w, True)
        assert index.height >= 18, (size, lay.card_w, index)


@pytest.mark.parametrize("size", SIZES)
def test_a_big_hand_keeps_clear_of_the_table(size: tuple[int, int]) -> None:
    """The two tiers take more room above the hand: your name and the drawn card's buttons
    move up with it, and still keep off the piles, the log and the UNO button."""
    lay = table_layout(size, [0, 1, 2, 3], 0)
    window = pygame.Rect((0, 0), size)
    for count in (7, 13, 14, 20, 25, 30):
        lay.fit_hand(count)
        rects = lay.hand_rects(count, count // 2)
        assert lay.hand_area.top <= min(r.top for r in rects) - lay.hand_lift(count)
        top = [lay.my_plate, *lay.drawn_buttons, lay.hand_area]
        for r in top:
            assert window.contains(r), (count, r)
            for other in (lay.draw_pile, lay.discard, lay.log, lay.uno):
                assert not r.colliderect(other), (size, count, r, other)
        for r in rects:
            assert lay.hand_area.left <= r.left and r.right <= lay.hand_area.right + 1
    lay.fit_hand(7)
    assert lay.hand_tiers(7) == 1 and lay.hand_tiers(13) == 1  # one fan while it opens whole


def test_the_corner_index_is_printed_at_least_18_px_tall() -> None:
    """Measured on the card drawn at the hand's size: the ink of the top-left index."""
    for size in SIZES:
        width = table_layout(size, [0, 1], 0).card_w
        for code in ("R7", "B+2", "G1", "Y8"):
            card = C(code)
            img = cardart.face(card, width, True)
            index, _mark = cardart.corner_boxes(width, True)
            rgb = theme.CARD_RGB[Colour("RYGB".index(code[0]))]
            area = index.inflate(6, 6).clip(img.get_rect())
            ys = [y for y in range(area.top, area.bottom) for x in range(area.left, area.right)
                  if sum(abs(a - b) for a, b in zip(img.get_at((x, y))[:3], rgb)) > 150]
            assert ys and max(ys) - min(ys) + 1 >= 18, (size, code, width)


def big_table(app: App) -> object:
    game = build([BIG, "B7 B8", "G7 G9", "Y7 Y8"], "R9", turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    return table


def test_a_25_card_hand_at_1280x720_reads_and_plays(app: App, outdir: Path) -> None:
    from game.ui.table.scene import TableScene

    app.settings.highlight_playable = True
    table = big_table(app)
    assert isinstance(table, TableScene)
    hand = table.model.hand
    assert len(hand) == 25 and table.layout.hand_tiers(25) == 2
    screen = shot(app, outdir, "hand_25_cards")
    # every card's corner, as drawn, is where the layout says and shows its index ink
    cards = table_draw.queries.hand_cards(table)
    index, _mark = cardart.corner_boxes(table.layout.card_w, True)
    for i, r in enumerate(cards):
        box = index.move(r.topleft)
        assert screen.get_rect().contains(box)
        ink = pygame.Surface(box.size)
        ink.blit(screen, (0, 0), box)
        bright = sum(1 for x in range(box.w) for y in range(box.h)
                     if min(ink.get_at((x, y))[:3]) > 225)  # the index's white figure
        assert bright >= 8, (i, str(hand[i]))
    # the keys walk along the hand, left to right across both tiers
    table.focus_id("card4")
    app.dispatch(I.Navigate(1, 0))
    assert table.focused_id() == "card5"
    app.dispatch(I.Navigate(-1, 0))
    assert table.focused_id() == "card4"
    app.dispatch(I.Navigate(0, 1))  # down: to the front tier under it
    assert table.focused_id() in ("card3", "card5")
    shot(app, outdir, "hand_25_cards_focused")
    # the pointer takes the card drawn on top: a back card by its corner, a front one below
    back, front = 10, 11
    corner = table_draw.queries.hand_cards(table)[back].move(6, 6).topleft
    mouse(app, 0, corner, buttons=(0, 0, 0))
    assert table.focused_id() == f"card{back}"
    low = table.hand_rects()[front]
    mouse(app, 0, (low.left + 5, low.bottom - 10), buttons=(0, 0, 0))
    assert table.focused_id() == f"card{front}"
    # a click plays the card clicked, by its corner: R+2 on the red 9
    i = hand.index(C("R+2"))
    target = table.hand_rects()[i]
    at = (target.left + 4, target.top + 4)
    mouse(app, pygame.MOUSEBUTTONDOWN, at)
    mouse(app, pygame.MOUSEBUTTONUP, at)
    assert table.session.game.actions[-1] == A.Play(0, C("R+2"))


def mouse(app: App, kind: int, pos: tuple[int, int],
          buttons: tuple[int, int, int] = (1, 0, 0)) -> None:
    if kind == 0:
        app.on_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                        buttons=buttons))
    else:
        app.on_event(pygame.event.Event(kind, pos=pos, button=1))


def test_a_card_of_the_back_tier_is_dragged_onto_the_table(app: App) -> None:
    from game.ui.table.scene import TableScene

    table = big_table(app)
    assert isinstance(table, TableScene)
    i = table.model.hand.index(C("R5"))
    assert table.layout.hand_tier(i, 25) == 0  # a back card
    r = table.hand_rects()[i]
    grab = (r.left + 5, r.top + 5)
    mouse(app, pygame.MOUSEBUTTONDOWN, grab)
    mouse(app, 0, (grab[0] + 5, grab[1] - 40))
    mouse(app, 0, table.layout.discard.center)
    assert table.drag is not None and table.drag.moved and table.drag.index == i
    mouse(app, pygame.MOUSEBUTTONUP, table.layout.discard.center)
    assert table.session.game.actions[-1] == A.Play(0, C("R5"))


def test_drawing_a_25_card_hand_costs_blits_only(app: App) -> None:
    """Cached: the second frame of a steady 25-card hand renders no card face again."""
    big_table(app)
    app.draw()
    before = len(cardart._CACHE)
    calls = 0
    real = cardart._draw_face

    def counting(*args: object) -> pygame.Surface:
        nonlocal calls
        calls += 1
        return real(*args)  # type: ignore[arg-type]

    cardart._draw_face = counting  # type: ignore[assignment]
    try:
        app.draw()
        app.draw()
    finally:
        cardart._draw_face = real  # type: ignore[assignment]
    assert calls == 0 and len(cardart._CACHE) == before
