"""The game's icon, drawn in code: a fan of three coloured cards with a Wild in front.

One drawing serves everywhere, so the window, the Linux menu entry and the packaged
executables show the same picture:

- :func:`icon` gives a surface of any size (the window icon, see :func:`window_icon`);
- ``assets/icon.png`` is this drawing at :data:`PNG_SIZE`, committed so the bundle and anyone
  browsing the repository have the file (``python -m game.ui.icon assets --png`` rewrites it;
  a test checks it still matches the code);
- :func:`ico_bytes` and :func:`icns_bytes` pack it for Windows and macOS executables
  (PNG-compressed entries, which Windows Vista+ and macOS 10.7+ read), written at build
  time by ``python -m game.ui.icon <folder>`` (``pyinstaller.spec`` does it).

Only pygame is needed (no display): the drawing is made at :data:`MASTER` pixels with plain
shapes and smooth-scaled down, which antialiases every edge.
"""

from __future__ import annotations

import argparse
import io
import struct
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import pygame

from game.rules.cards import Colour
from game.ui import theme

__all__ = [
    "APP_ID",
    "ICNS_TYPES",
    "ICO_SIZES",
    "PNG_SIZE",
    "icns_bytes",
    "ico_bytes",
    "icon",
    "png_bytes",
    "window_icon",
    "write_icons",
]

#: The application's id: the icon's and the desktop entry's name, and the X11 window class.
APP_ID = "uno-family"
#: Side of the committed ``assets/icon.png``.
PNG_SIZE = 256
#: Side of the drawing every size is scaled from.
MASTER = 512
#: Sizes packed into the Windows ``.ico`` (256 is the largest the format holds).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: macOS ``.icns`` element types holding PNG data, by pixel size.
ICNS_TYPES = ((16, b"icp4"), (32, b"icp5"), (64, b"icp6"), (128, b"ic07"), (256, b"ic08"),
              (512, b"ic09"))

_SHADOW = (0, 0, 0, 70)


def _card(colour: tuple[int, int, int] | None, width: int, height: int) -> pygame.Surface:
    """One upright card: white border, coloured body, the tilted white oval. ``None`` is a
    Wild: a black body whose oval holds the four colours."""
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 8
    pygame.draw.rect(card, theme.CARD_WHITE, card.get_rect(), border_radius=radius)
    inset = max(2, width // 14)
    body = card.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(card, colour or theme.WILD_RGB, body, border_radius=radius - inset // 2)

    oval = pygame.Surface((body.width, body.height), pygame.SRCALPHA)
    o = oval.get_rect().inflate(-body.width // 9, -body.height // 3)
    pygame.draw.ellipse(oval, theme.CARD_WHITE, o)
    if colour is None:  # the Wild's four colours inside a slightly smaller oval
        inner = o.inflate(-o.width // 7, -o.width // 7)
        quarters = pygame.Surface(inner.size, pygame.SRCALPHA)
        half_w, half_h = inner.width // 2, inner.height // 2
        order = (Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.GREEN)
        for i, c in enumerate(order):
            x, y = (i % 2) * half_w, (i // 2) * half_h
            quarters.fill(theme.CARD_RGB[c], pygame.Rect(x, y, inner.width - half_w if i % 2
                                                         else half_w,
                                                         inner.height - half_h if i // 2
                                                         else half_h))
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
        quarters.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        oval.blit(quarters, inner.topleft)
    tilted = pygame.transform.rotozoom(oval, -28, 1.0)
    card.blit(tilted, tilted.get_rect(center=(width // 2, height // 2)))
    return card


@lru_cache(maxsize=1)
def _master() -> pygame.Surface:
    size = MASTER
    canvas = pygame.Surface((2 * size, 2 * size), pygame.SRCALPHA)  # room for the whole fan
    width, height = round(size * 0.44), round(size * 0.64)
    pivot = pygame.Vector2(size, size * 1.55)  # the fan turns around a point below the cards
    reach = size * 0.62
    fan = ((theme.CARD_RGB[Colour.BLUE], 27), (theme.CARD_RGB[Colour.YELLOW], 9),
           (theme.CARD_RGB[Colour.RED], -9), (None, -27))
    for colour, angle in fan:
        card = pygame.transform.rotozoom(_card(colour, width, height), angle, 1.0)
        centre = pivot + pygame.Vector2(0, -reach).rotate(-angle)
        shadow = card.copy()
        shadow.fill(_SHADOW, special_flags=pygame.BLEND_RGBA_MIN)
        shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
        offset = pygame.Vector2(size * 0.012, size * 0.02)
        canvas.blit(shadow, shadow.get_rect(center=(centre + offset)))
        canvas.blit(card, card.get_rect(center=centre))
    # Trim to the drawing and centre it in the square, so small sizes lose no pixels.
    bounds = canvas.get_bounding_rect(min_alpha=8)
    side = max(bounds.width, bounds.height) + size // 32
    square = pygame.Surface((side, side), pygame.SRCALPHA)
    square.blit(canvas, ((side - bounds.width) // 2 - bounds.x,
                         (side - bounds.height) // 2 - bounds.y))
    return pygame.transform.smoothscale(square, (size, size))


def icon(size: int) -> pygame.Surface:
    """The icon, ``size`` pixels square, with an alpha channel (a new surface each call)."""
    if not 1 <= size <= 4096:
        raise ValueError(f"icon size must be between 1 and 4096 pixels, not {size}")
    master = _master()
    if size == MASTER:
        return master.copy()
    if size > MASTER:
        return pygame.transform.smoothscale(master, (size, size))
    out = master
    while out.get_width() // 2 >= size:  # halve step by step: every source pixel counts
        out = pygame.transform.smoothscale(out, (out.get_width() // 2,) * 2)
    return pygame.transform.smoothscale(out, (size, size))


def window_icon_size(platform: str = sys.platform) -> int:
    """The window icon's side: macOS shows it as the Dock icon (large); Windows and X11 show
    it in title bars and task switchers."""
    return 256 if platform == "darwin" else 64


def window_icon() -> pygame.Surface:
    """The surface to give ``pygame.display.set_icon``."""
    return icon(window_icon_size())


def png_bytes(size: int) -> bytes:
    """The icon at ``size`` as a PNG file's bytes."""
    out = io.BytesIO()
    pygame.image.save(icon(size), out, "icon.png")
    return out.getvalue()


def ico_bytes(sizes: Sequence[int] = ICO_SIZES) -> bytes:
    """A Windows ``.ico`` holding the icon at each of ``sizes`` (PNG entries, at most 256)."""
    if not sizes or any(not 1 <= s <= 256 for s in sizes):
        raise ValueError(f"ico sizes must be 1..256, got {list(sizes)}")
    images = [png_bytes(s) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for size, image in zip(sizes, images):
        side = 0 if size == 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(image), offset)
        offset += len(image)
        data += image
    return header + entries + data


def icns_bytes(types: Sequence[tuple[int, bytes]] = ICNS_TYPES) -> bytes:
    """A macOS ``.icns`` holding the icon as PNG elements of ``types`` ((size, OSType))."""
    body = b""
    for size, ostype in types:
        image = png_bytes(size)
        body += ostype + struct.pack(">I", 8 + len(image)) + image
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(folder: Path) -> dict[str, Path]:
    """Write ``icon.png`` (:data:`PNG_SIZE`), ``icon.ico`` and ``icon.icns`` into ``folder``;
    returns their paths by suffix. Files are replaced only when their bytes change."""
    folder.mkdir(parents=True, exist_ok=True)
    made = {"png": png_bytes(PNG_SIZE), "ico": ico_bytes(), "icns": icns_bytes()}
    paths: dict[str, Path] = {}
    for suffix, data in made.items():
        path = folder / f"icon.{suffix}"
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        paths[suffix] = path
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m game.ui.icon",
        description="Write icon.png, icon.ico and icon.icns (the game's icon) into a folder.")
    ap.add_argument("folder", type=Path)
    ap.add_argument("--png", action="store_true",
                    help=f"write only icon.png ({PNG_SIZE} px), as committed in assets/")
    args = ap.parse_args(argv)
    if args.png:
        args.folder.mkdir(parents=True, exist_ok=True)
        path = args.folder / "icon.png"
        path.write_bytes(png_bytes(PNG_SIZE))
        print(path)
        return 0
    for path in write_icons(args.folder).values():
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
