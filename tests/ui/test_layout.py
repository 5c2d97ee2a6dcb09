"""The table's layout: everything on screen and nothing overlapping, 2-10 players,
1024×600 to 4K."""

from __future__ import annotations

import itertools

import pytest

from game.ui.table.layout import table_layout

SIZES = [(1024, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 11))
def test_everything_fits_without_overlap(size: tuple[int, int], players: int) -> None:
    lay = table_layout(size, list(range(players)), 0)
    screen = (0, 0, *size)
    import pygame

    window = pygame.Rect(screen)
    plates = [s.plate for s in lay.seats.values()]
    fixed = [lay.draw_pile, lay.discard, lay.uno, lay.log, lay.hand_area, lay.menu]
    for r in plates + fixed:
        assert window.contains(r), (r, size)
    for a, b in itertools.combinations(plates, 2):
        assert not a.colliderect(b), (players, size)
    for plate in plates:
        for r in (lay.draw_pile, lay.discard, lay.hand_area, lay.uno, lay.log):
            assert not plate.colliderect(r), (plate, r, players, size)
    assert not lay.hand_area.colliderect(lay.log) and not lay.hand_area.colliderect(lay.uno)


def test_the_next_player_sits_on_your_left() -> None:
    lay = table_layout((1280, 720), [2, 3, 0, 1], 2)
    xs = [lay.seats[p].plate.centerx for p in (3, 0, 1)]
    assert xs == sorted(xs)


@pytest.mark.parametrize("count", [1, 7, 15, 30])
def test_a_big_hand_stays_inside_its_area(count: int) -> None:
    lay = table_layout((1280, 720), [0, 1], 0)
    rects = lay.hand_rects(count)
    assert len(rects) == count
    assert all(lay.hand_area.left <= r.left and r.right <= lay.hand_area.right + 1 for r in rects)
    assert [r.left for r in rects] == sorted(r.left for r in rects)


@pytest.mark.parametrize("size", [(1, 2), (320, 240), (1280, 720)])
def test_three_overlapping_cards_with_the_middle_one_focused(size: tuple[int, int]) -> None:
    """Both gaps around the middle card widen and no other gap is left to narrow (the guided
    hand's three cards in a small window divided by zero here)."""
    lay = table_layout(size, [0, 1], 0)
    rects = lay.hand_rects(3, focus=1)
    assert len(rects) == 3
    if size[0] >= 320:  # a window dragged to a few pixels has no order left to keep
        assert rects[0].left < rects[1].left < rects[2].left
