"""Card art drawn in code: every card of every edition, exact sizes, cached per size,
colour-blind shapes."""

from __future__ import annotations

import pygame
import pytest

from game.rules.cards import Card, Colour
from game.rules.ruleset import EDITIONS, edition
from game.ui import cardart, theme
from game.ui.anim import flight_widths
from tests.ui.conftest import colour_share


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.mark.parametrize("name", list(EDITIONS))
def test_every_card_of_every_edition_draws(name: str) -> None:
    for card in sorted(set(edition(name).cards())):
        for width in (24, 92, 300):
            img = cardart.face(card, width)
            assert img.get_size() == cardart.card_size(width)


def test_faces_are_cached_per_size_and_marks() -> None:
    c = Card.parse("R7")
    assert cardart.face(c, 90) is cardart.face(c, 90)
    assert cardart.face(c, 90) is not cardart.face(c, 91)
    assert cardart.face(c, 90, True) is not cardart.face(c, 90, False)
    assert cardart.back(50) is cardart.back(50)


def test_colours_and_shapes() -> None:
    for colour in Colour:
        img = cardart.face(Card.parse("RYGB"[colour] + "5"), 120, marks=False)
        assert colour_share(img, img.get_rect(), theme.CARD_RGB[colour]) > 0.3
        mark = cardart.shape_mark(colour, 40)
        opaque = sum(mark.get_at((x, y)).a > 128 for x in range(40) for y in range(40))
        assert 300 < opaque < 1600  # circle, square, triangle, star: each a different area
    areas = {c: sum(cardart.shape_mark(c, 40).get_at((x, y)).a > 128 for x in range(40)
                    for y in range(40)) for c in Colour}
    assert len(set(areas.values())) == 4


def test_marks_change_the_face() -> None:
    c = Card.parse("G3")
    a = pygame.image.tobytes(cardart.face(c, 100, True), "RGBA")
    b = pygame.image.tobytes(cardart.face(c, 100, False), "RGBA")
    assert a != b


def test_warmer_draws_ahead_within_a_budget() -> None:
    cardart.clear_cache()
    warmer = cardart.Warmer()
    cards = sorted(set(edition("official").cards()))
    warmer.plan(cards, 77, True, flight_widths(77, 30))
    assert warmer.pending() > len(cards)
    warmer.step(0.0)  # at least nothing breaks with no budget
    while warmer.step(0.05):
        pass
    assert warmer.pending() == 0
    assert all(cardart._is_cached(c, 77, True) for c in cards)
