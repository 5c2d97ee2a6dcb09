"""The game's icon: drawn in code, committed as assets/icon.png, given to the window, and
packed for Windows (.ico) and macOS (.icns) executables."""

from __future__ import annotations

import io
import os
import struct
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.rules.cards import Colour
from game.store.settings import Settings
from game.ui import icon as icon_module
from game.ui import theme
from game.ui.app import App, name_the_window
from game.ui.icon import (
    APP_ID,
    ICNS_TYPES,
    ICO_SIZES,
    PNG_SIZE,
    icns_bytes,
    ico_bytes,
    icon,
    window_icon,
    window_icon_size,
)

ROOT = Path(__file__).resolve().parents[2]


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _decode_png(data: bytes) -> pygame.Surface:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return pygame.image.load(io.BytesIO(data), "icon.png")


def test_committed_icon_png_is_what_the_code_draws() -> None:
    """assets/icon.png must follow the drawing (regenerate: python -m game.ui.icon assets --png).
    Compared pixel by pixel with a small tolerance, so another pygame's rounding passes but a
    changed drawing does not."""
    committed = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    assert committed.get_size() == (PNG_SIZE, PNG_SIZE)
    drawn = icon(PNG_SIZE)
    a, b = _pixels(committed), _pixels(drawn)
    diff = sum(abs(x - y) for x, y in zip(a, b)) / len(a)
    assert diff < 2.0, f"assets/icon.png differs from the drawing (mean {diff:.2f}/255)"


def test_icon_has_a_transparent_background_and_the_four_colours() -> None:
    surf = icon(256)
    assert surf.get_flags() & pygame.SRCALPHA
    for corner in ((0, 0), (255, 0), (0, 255), (255, 255)):
        assert surf.get_at(corner).a == 0, corner
    found = {tuple(surf.get_at((x, y)))[:3] for x in range(0, 256, 2) for y in range(0, 256, 2)
             if surf.get_at((x, y)).a >= 250}  # opaque (smooth scaling rounds 255 down a little)
    for colour in Colour:
        want = theme.CARD_RGB[colour]
        assert any(all(abs(p - q) <= 6 for p, q in zip(px, want)) for px in found), colour.name


@pytest.mark.parametrize("size", [16, 32, 48, 64, 256, 600])
def test_icon_is_square_at_any_size_and_not_empty(size: int) -> None:
    surf = icon(size)
    assert surf.get_size() == (size, size)
    assert surf.get_bounding_rect(min_alpha=128).width >= size * 0.8


@pytest.mark.parametrize("bad", [0, -5, 5000])
def test_icon_refuses_silly_sizes(bad: int) -> None:
    with pytest.raises(ValueError):
        icon(bad)


def test_window_icon_size_by_platform() -> None:
    assert window_icon_size("darwin") == 256  # the Dock icon
    assert window_icon_size("win32") == window_icon_size("linux") == 64


@pytest.fixture
def spied_icon(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[pygame.Surface]]:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    given: list[pygame.Surface] = []
    real = pygame.display.set_icon

    def spy(surface: pygame.Surface) -> None:
        given.append(surface.copy())
        real(surface)

    monkeypatch.setattr(pygame.display, "set_icon", spy)
    yield given
    pygame.display.quit()


@pytest.mark.parametrize(("lang", "title"), [("en", "UNO for the family"),
                                             ("fr", "UNO en famille")])
def test_window_gets_the_game_icon_and_title(spied_icon: list[pygame.Surface], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch, lang: str,
                                             title: str) -> None:
    monkeypatch.setenv("UNO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("UNO_DATA_DIR", str(tmp_path / "data"))
    i18n.set_language(lang)
    app = App(Settings(narration="off", animation_speed=0.0), size=(1280, 720),
              settings_path=tmp_path / "config" / "settings.toml")
    try:
        assert len(spied_icon) == 1, "the window icon is set once, before the window opens"
        given = spied_icon[0]
        assert given.get_size() == (window_icon_size(),) * 2
        assert _pixels(given) == _pixels(window_icon())
        assert pygame.display.get_caption()[0] == title
    finally:
        app.close()
        i18n.set_language("en")


def test_window_class_names_the_desktop_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    # The app sets these before SDL's display starts, unless the user chose otherwise.
    monkeypatch.delenv("SDL_VIDEO_X11_WMCLASS", raising=False)
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    app = App(Settings(), size=(640, 400))
    try:
        assert os.environ.get("SDL_VIDEO_X11_WMCLASS") == APP_ID
        assert os.environ.get("SDL_VIDEO_WAYLAND_WMCLASS") == APP_ID
    finally:
        app.close()


def test_a_window_class_the_user_chose_is_kept() -> None:
    environ = {"SDL_VIDEO_X11_WMCLASS": "mine"}
    name_the_window(environ)
    assert environ == {"SDL_VIDEO_X11_WMCLASS": "mine", "SDL_VIDEO_WAYLAND_WMCLASS": APP_ID}


def test_ico_holds_every_size_as_a_png() -> None:
    data = ico_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, len(ICO_SIZES))
    for i, size in enumerate(ICO_SIZES):
        w, h, colours, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i)
        assert (w or 256, h or 256) == (size, size)
        assert (colours, planes, bits) == (0, 1, 32)
        assert offset + length <= len(data)
        assert _decode_png(data[offset:offset + length]).get_size() == (size, size)


def test_ico_refuses_sizes_it_cannot_hold() -> None:
    with pytest.raises(ValueError):
        ico_bytes([512])
    with pytest.raises(ValueError):
        ico_bytes([])


def test_icns_holds_every_size_as_a_png() -> None:
    data = icns_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    pos, seen = 8, []
    while pos < len(data):
        ostype, length = data[pos:pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
        assert length > 8 and pos + length <= len(data)
        seen.append((_decode_png(data[pos + 8:pos + length]).get_width(), ostype))
        pos += length
    assert pos == len(data)
    assert seen == list(ICNS_TYPES)


def test_write_icons_writes_the_three_files(tmp_path: Path) -> None:
    paths = icon_module.write_icons(tmp_path / "icons")
    assert sorted(paths) == ["icns", "ico", "png"]
    assert paths["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert paths["ico"].read_bytes()[:4] == b"\0\0\1\0"
    assert paths["icns"].read_bytes()[:4] == b"icns"
    before = {k: p.stat().st_mtime_ns for k, p in paths.items()}
    icon_module.write_icons(tmp_path / "icons")  # unchanged: nothing rewritten
    assert {k: p.stat().st_mtime_ns for k, p in paths.items()} == before
