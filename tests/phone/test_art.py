"""The phone's pictures are the table's: a card image served to a phone equals the table's
drawing of that card (game.ui.cardart, colour-blind marks on), pixel for pixel at the same
size; the faces are the table's badges."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

import aiohttp
import pygame
import pytest

from game.phone.art import CARD_WIDTH, card_path
from game.phone.hub import PhoneHub
from game.rules.cards import Card
from game.store.profiles import AVATAR_KINDS, Avatar
from game.ui import cardart
from game.ui.avatars import avatar_image


def _fetch(hub: PhoneHub, paths: list[str]) -> dict[str, tuple[int, bytes, str]]:
    async def go() -> dict[str, tuple[int, bytes, str]]:
        out = {}
        async with aiohttp.ClientSession() as http:
            for path in paths:
                r = await http.get(f"http://{hub.address}{path}")
                out[path] = (r.status, await r.read(), r.headers.get("Content-Type", ""))
        return out

    return asyncio.run(go())


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("text", ["R5", "Y6", "G+2", "BS", "YR", "W", "W+4", "RDA", "GH2",
                                  "WAA", "WGA", "WVL"])
def test_a_served_card_is_the_table_s_drawing_pixel_for_pixel(
        make_hub: Callable[..., PhoneHub], text: str) -> None:
    hub = make_hub()
    status, body, ctype = _fetch(hub, [card_path(text)])[card_path(text)]
    assert status == 200 and ctype == "image/png"
    served = pygame.image.load(io.BytesIO(body))
    table = cardart.face(Card.parse(text), CARD_WIDTH, marks=True)
    assert served.get_size() == table.get_size() == cardart.card_size(CARD_WIDTH)
    assert _pixels(served) == _pixels(table)
    if Card.parse(text).colour is not None:  # the colour-blind shape is drawn on it
        plain = cardart.face(Card.parse(text), CARD_WIDTH, marks=False)
        assert _pixels(served) != _pixels(plain)


def test_faces_and_the_back_are_the_table_s_and_unknown_images_are_404(
        make_hub: Callable[..., PhoneHub]) -> None:
    hub = make_hub()
    paths = [f"/face/{k}.png" for k in AVATAR_KINDS] + [
        "/card/back.png", "/card/XX.png", "/face/dragon.png", "/card/..%2Fsecret.png"]
    got = _fetch(hub, paths)
    for kind in AVATAR_KINDS:
        status, body, _ = got[f"/face/{kind}.png"]
        assert status == 200
        served = pygame.image.load(io.BytesIO(body))
        assert _pixels(served) == _pixels(avatar_image(Avatar.of(kind), hub.art.face_size))
    assert got["/card/back.png"][0] == 200
    assert _pixels(pygame.image.load(io.BytesIO(got["/card/back.png"][1]))) == _pixels(
        cardart.back(CARD_WIDTH))
    for path in ("/card/XX.png", "/face/dragon.png", "/card/..%2Fsecret.png"):
        assert got[path][0] == 404, path


def test_art_is_drawn_a_little_at_a_time_within_a_budget() -> None:
    from game.phone.art import Art

    art = Art(card_width=60, face_size=24)
    art.plan([Card.parse(t) for t in ("R1", "R2", "R3", "W")], faces=False)
    assert art.pending() == 5  # and the back
    assert art.png("card", "R1") is None
    while art.prepare(budget_s=0.0):
        pass
    assert art.pending() == 0
    assert all(art.png("card", t) for t in ("R1", "R2", "R3", "W", "back"))


def test_the_faces_are_drawn_before_the_cards() -> None:
    """Every page shows its players' faces: a phone joining while the hundreds of cards
    are still being drawn gets them from the first pictures drawn."""
    from game.phone.art import Art
    from game.store.profiles import AVATAR_KINDS

    art = Art(card_width=60, face_size=24)
    art.plan([Card.parse(t) for t in ("R1", "R2", "W")])
    for _ in AVATAR_KINDS:
        art.prepare(budget_s=0.0)  # (one picture per call at a spent budget)
    assert all(art.png("face", k) for k in AVATAR_KINDS)
    assert art.png("card", "R1") is None
