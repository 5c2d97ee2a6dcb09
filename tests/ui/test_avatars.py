"""The faces drawn in code (issue 17): twelve of them, each told apart from every other
without colour (in grey, at the size a seat shows it) and by its colour alone."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame

from game.store.profiles import AVATAR_KINDS, Avatar
from game.ui.app import App
from game.ui.avatars import INK, RGB, avatar_image

SEAT = 44  # about the size of a face on a seat at 1280x720


def outline(surface: pygame.Surface) -> set[tuple[int, int]]:
    """The pixels drawn in ink (outlines and features): the face's shape, whatever its
    colour."""
    w, h = surface.get_size()
    out = set()
    for y in range(h):
        for x in range(w):
            c = surface.get_at((x, y))
            if c.a > 200 and abs(c.r - INK[0]) + abs(c.g - INK[1]) + abs(c.b - INK[2]) < 90:
                out.add((x, y))
    return out


def apart(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> float:
    """0 for the same drawing, 1 for drawings that share no ink."""
    return 1 - len(a & b) / max(1, len(a | b))


def test_the_twelve_faces_differ_in_shape_not_only_in_colour(app: App, outdir: Path) -> None:
    sheet = pygame.Surface((len(AVATAR_KINDS) * (SEAT + 4), SEAT * 2 + 8))
    sheet.fill((16, 28, 36))
    for i, k in enumerate(AVATAR_KINDS):
        img = avatar_image(Avatar.of(k), SEAT)
        sheet.blit(img, (i * (SEAT + 4), 0))
        sheet.blit(pygame.transform.grayscale(img), (i * (SEAT + 4), SEAT + 8))
    pygame.image.save(sheet, str(outdir / "faces_colour_and_grey.png"))
    shapes = {k: outline(avatar_image(Avatar.of(k), SEAT)) for k in AVATAR_KINDS}
    for a, b in itertools.combinations(AVATAR_KINDS, 2):
        assert apart(shapes[a], shapes[b]) > 0.5, f"{a} and {b} are drawn alike"
    # the measure sees shapes, not colours: one face in two colours is the same drawing
    for k in ("cat", "moon", "penguin"):
        for colour in ("brown", "yellow", "indigo"):
            assert apart(shapes[k], outline(avatar_image(Avatar(k, colour), SEAT))) < 0.45


def test_each_face_has_a_colour_of_its_own(app: App) -> None:
    rings = {}
    for k in AVATAR_KINDS:
        avatar = Avatar.of(k)
        img = avatar_image(avatar, 100)
        ring = img.get_at((50, 6))[:3]  # the ring of the badge, in the avatar's colour
        assert sum(abs(a - b) for a, b in zip(ring, RGB[avatar.colour])) < 40, k
        rings[k] = ring
    for a, b in itertools.combinations(AVATAR_KINDS, 2):
        assert sum(abs(x - y) for x, y in zip(rings[a], rings[b])) > 60, (a, b)


def test_a_face_is_drawn_once_per_size_and_its_colour_can_change(app: App) -> None:
    first = avatar_image(Avatar.of("owl"), SEAT)
    assert avatar_image(Avatar.of("owl"), SEAT) is first  # cached: a frame only blits it
    pink = avatar_image(Avatar("owl", "pink"), SEAT)
    assert pink is not first and pink.get_size() == (SEAT, SEAT)
    corner = first.get_at((0, 0))
    assert corner.a == 0  # round: the corners show the table
