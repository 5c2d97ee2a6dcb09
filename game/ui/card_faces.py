"""What each action card looks like and says: its printed name, a picture drawn in code,
and a caption that tells what it does — registered once per rank, in one place.

:mod:`game.ui.cardart` draws a registered card's icon in its oval and corners and prints its
name under the icon (so "DA" on an Attack card becomes a fan of cards and "Discard all");
the table shows the caption when the card has the focus or the pointer. An edition or a
house rule that adds a card registers its face here with :func:`register` (and its rank in
the engine); a rank left unregistered falls back to its short code, so nothing is blank.

Names and captions are message ids (translated when drawn); icons draw with plain pygame
shapes into a square of half-side ``r`` around ``c``, in ``ink`` (the card's colour, or
white on a wild), outlined in the theme's shadow so they read on any background.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import N_
from game.rules.cards import Rank
from game.ui import theme

RGB = tuple[int, int, int]
Point = tuple[int, int]
#: An icon: (surface, centre, half-size, ink).
Icon = Callable[[pygame.Surface, Point, int, RGB], None]


@dataclass(frozen=True)
class CardFace:
    """A rank's face: ``name`` printed on the card (``""``: none, the symbol says it all),
    ``caption`` saying what it does, and ``icon`` (``None``: cardart's own symbol)."""

    name: str
    caption: str
    icon: Icon | None = None


FACES: dict[int, CardFace] = {}


def register(rank: int, name: str, caption: str, icon: Icon | None = None) -> None:
    """Give ``rank`` its face (a later registration replaces an earlier one)."""
    FACES[int(rank)] = CardFace(name, caption, icon)


def face_of(rank: int) -> CardFace | None:
    return FACES.get(int(rank))


#: (rank, edition) → the caption of a card that does something else in that edition.
EDITION_CAPTIONS: dict[tuple[int, str], str] = {}


def register_caption(rank: int, edition: str, caption: str) -> None:
    """What a card of ``rank`` does in ``edition`` when it differs from its face's caption
    (Triple Play's wilds name no colour, T-7)."""
    EDITION_CAPTIONS[(int(rank), edition)] = caption


def caption_of(rank: int, edition: str = "") -> str:
    """The message id of what a card of ``rank`` does (in ``edition``, if given; "" for a
    number card)."""
    special = EDITION_CAPTIONS.get((int(rank), edition))
    if special is not None:
        return special
    face = FACES.get(int(rank))
    return face.caption if face is not None else ""


# --------------------------------------------------------------------------- icons

def _outline(width: int) -> int:
    return max(2, width // 3)


def mini_card(surf: pygame.Surface, face: pygame.Rect, ink: RGB, border: int, shadow: int,
              radii: tuple[int, int, int]) -> None:
    """A small card drawn on a face: its ``face`` in ``ink``, a white border adding
    ``border`` pixels to its width and height, and a shadow ``shadow`` pixels wider again;
    ``radii`` round the shadow's, the border's and the face's corners."""
    white = face.inflate(border, border)
    pygame.draw.rect(surf, theme.SHADOW, white.inflate(shadow, shadow), border_radius=radii[0])
    pygame.draw.rect(surf, theme.CARD_WHITE, white, border_radius=radii[1])
    pygame.draw.rect(surf, ink, face, border_radius=radii[2])


def press_button(times: int) -> Icon:
    """The launcher's button with the number of presses on it, and a finger's chevrons."""

    def draw(surf: pygame.Surface, c: Point, r: int, ink: RGB) -> None:
        rad = int(r * 0.62)
        cy = c[1] + int(r * 0.22)
        pygame.draw.circle(surf, theme.SHADOW, (c[0], cy), rad + max(3, r // 10))
        pygame.draw.circle(surf, ink, (c[0], cy), rad)
        pygame.draw.circle(surf, theme.CARD_WHITE, (c[0], cy), int(rad * 0.72))
        font = theme.font(int(rad * 1.25))
        digit = font.render(str(times), True, theme.SHADOW)
        surf.blit(digit, digit.get_rect(center=(c[0], cy)))
        w = max(3, r // 8)
        for k in range(2):  # two chevrons pressing down
            y = c[1] - int(r * 0.95) + k * int(r * 0.28)
            pts = [(c[0] - int(r * 0.32), y), (c[0], y + int(r * 0.2)), (c[0] + int(r * 0.32), y)]
            pygame.draw.lines(surf, theme.SHADOW, False, pts, w + _outline(w))
            pygame.draw.lines(surf, ink, False, pts, w)

    return draw


def fan_down(count: int) -> Icon:
    """``count`` cards fanned out, going down onto the pile (an arrow under them)."""

    def draw(surf: pygame.Surface, c: Point, r: int, ink: RGB) -> None:
        cw, ch = int(r * 0.52), int(r * 0.78)
        spread = 28 if count > 2 else 22
        for k in range(count):
            angle = (k - (count - 1) / 2) * spread
            card = pygame.Surface((cw + 8, ch + 8), pygame.SRCALPHA)
            inset = -(-cw // 4)  # a quarter of the width, rounded up
            face = pygame.Rect(4, 4, cw, ch).inflate(-inset, -inset)
            mini_card(card, face, ink, inset, 6, (cw // 6, cw // 7, cw // 9))
            turned = pygame.transform.rotate(card, -angle)
            dx = int(math.sin(math.radians(angle)) * r * 0.35)
            surf.blit(turned, turned.get_rect(center=(c[0] + dx, c[1] - int(r * 0.2))))
        tip = (c[0], c[1] + int(r * 0.98))
        w = max(3, r // 7)
        for colour, grow in ((theme.SHADOW, _outline(w)), (ink, 0)):
            pygame.draw.line(surf, colour, (c[0], c[1] + int(r * 0.42)),
                             (c[0], tip[1] - int(r * 0.2)), w + grow)
            head = [(tip[0] - int(r * 0.24) - grow // 2, tip[1] - int(r * 0.26) - grow // 2),
                    (tip[0] + int(r * 0.24) + grow // 2, tip[1] - int(r * 0.26) - grow // 2),
                    (tip[0], tip[1] + grow // 2)]
            pygame.draw.polygon(surf, colour, head)

    return draw


def target(surf: pygame.Surface, c: Point, r: int, ink: RGB) -> None:
    """A target with crosshairs: aimed at the one player you choose (Attack-Attack)."""
    w = max(3, r // 8)
    for rad in (r * 0.85, r * 0.52):
        pygame.draw.circle(surf, theme.SHADOW, c, int(rad) + w // 2 + 2, w + 4)
        pygame.draw.circle(surf, ink, c, int(rad), w)
    pygame.draw.circle(surf, theme.SHADOW, c, int(r * 0.2) + 2)
    pygame.draw.circle(surf, theme.DANGER, c, int(r * 0.2))
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        a = (c[0] + dx * int(r * 0.3), c[1] + dy * int(r * 0.3))
        b = (c[0] + dx * int(r * 1.05), c[1] + dy * int(r * 1.05))
        pygame.draw.line(surf, theme.SHADOW, a, b, w + 4)
        pygame.draw.line(surf, ink, a, b, w)


def gear(surf: pygame.Surface, c: Point, r: int, ink: RGB) -> None:
    """A gear: the rule you chose before the game (Customizable)."""
    teeth = 8
    pts = []
    for k in range(teeth * 2):
        a = k * math.pi / teeth
        rad = r * (0.92 if k % 2 == 0 else 0.7)
        for da in (-0.16, 0.16):
            pts.append((c[0] + rad * math.cos(a + da), c[1] + rad * math.sin(a + da)))
    pygame.draw.polygon(surf, theme.SHADOW, [(x + 3, y + 3) for x, y in pts])
    pygame.draw.polygon(surf, ink, pts)
    pygame.draw.circle(surf, theme.SHADOW, c, int(r * 0.34) + 3)
    pygame.draw.circle(surf, theme.CARD_WHITE, c, int(r * 0.34))


def tick_light(surf: pygame.Surface, c: Point, r: int, ink: RGB) -> None:
    """The tray's light back to green with a tick: the count starts again (Clear)."""
    rad = int(r * 0.8)
    pygame.draw.circle(surf, theme.SHADOW, c, rad + max(3, r // 10))
    pygame.draw.circle(surf, theme.OK, c, rad)
    w = max(4, r // 6)
    pts = [(c[0] - int(r * 0.42), c[1]), (c[0] - int(r * 0.1), c[1] + int(r * 0.32)),
           (c[0] + int(r * 0.45), c[1] - int(r * 0.34))]
    pygame.draw.lines(surf, theme.SHADOW, False, pts, w + 4)
    pygame.draw.lines(surf, theme.CARD_WHITE, False, pts, w)


def gift(surf: pygame.Surface, c: Point, r: int, ink: RGB) -> None:
    """A gift box: the penalty cards you give away (Give Away)."""
    box = pygame.Rect(0, 0, int(r * 1.5), int(r * 1.1))
    box.midtop = (c[0], c[1] - int(r * 0.2))
    lid = pygame.Rect(0, 0, int(r * 1.7), int(r * 0.38))
    lid.midbottom = (c[0], box.top + 2)
    for part in (box, lid):
        pygame.draw.rect(surf, theme.SHADOW, part.inflate(8, 8), border_radius=max(2, r // 10))
        pygame.draw.rect(surf, ink, part, border_radius=max(2, r // 12))
    band = max(4, r // 5)
    pygame.draw.rect(surf, theme.DANGER, (c[0] - band // 2, lid.top, band, box.bottom - lid.top))
    for side in (-1, 1):  # the bow
        loop = pygame.Rect(0, 0, int(r * 0.5), int(r * 0.36))
        loop.midbottom = (c[0] + side * int(r * 0.26), lid.top + 2)
        pygame.draw.ellipse(surf, theme.SHADOW, loop.inflate(6, 6))
        pygame.draw.ellipse(surf, theme.DANGER, loop, max(3, r // 9))


def lap(surf: pygame.Surface, c: Point, r: int, ink: RGB) -> None:
    """A gold ring with a running arrow: once round the table (Victory Lap)."""
    rad = int(r * 0.8)
    w = max(3, r // 4)
    pygame.draw.circle(surf, theme.SHADOW, c, rad + 3, w + 6)
    pygame.draw.circle(surf, theme.ACCENT, c, rad, w)
    head = (c[0] + rad, c[1])
    pygame.draw.polygon(surf, theme.SHADOW, [
        (head[0] - w * 1.9, head[1] - w * 0.6), (head[0] + w * 1.9, head[1] - w * 0.6),
        (head[0], head[1] + w * 2.1)])
    pygame.draw.polygon(surf, theme.CARD_WHITE, [
        (head[0] - w * 1.6, head[1] - w * 0.4), (head[0] + w * 1.6, head[1] - w * 0.4),
        (head[0], head[1] + w * 1.8)])


# --------------------------------------------------------------------------- the registry

register(Rank.SKIP, "", N_("Skip: the next player loses their turn."))
register(Rank.REVERSE, "", N_("Reverse: play changes direction."))
register(Rank.DRAW_TWO, "", N_("Draw Two: the next player draws 2 cards and loses their turn."))
register(Rank.WILD, "", N_("Wild: play it on anything and name the colour."))
register_caption(Rank.WILD, "triple", N_(
    "Wild: play it on any open tray; it names no colour, so any card may follow it there."))
register(Rank.WILD_DRAW_FOUR, "", N_(
    "Wild Draw Four: name the colour; the next player draws 4 and loses their turn. Only "
    "when you hold no card of the colour in play (they may challenge)."))
register(Rank.HIT_TWO, N_("Hit 2"), N_(
    "Hit 2: the next player presses the launcher twice and loses their turn."),
    press_button(2))
register(Rank.WILD_HIT_FOUR, N_("Hit 4"), N_(
    "Wild Hit 4: name the colour; the next player presses the launcher 4 times and loses "
    "their turn."), press_button(4))
register(Rank.DISCARD_ALL, N_("Discard all"), N_(
    "Discard All: play it with every card of its colour in your hand."), fan_down(3))
register(Rank.DISCARD_TWO, N_("Discard 2"), N_(
    "Discard Two: put a second card of the same colour on top of it, for one press."),
    fan_down(2))
register(Rank.WILD_ATTACK_ATTACK, N_("Attack!"), N_(
    "Wild Attack-Attack: name the colour and any player; the launcher is pressed twice for "
    "them."), target)
register(Rank.WILD_CUSTOMIZABLE, N_("Your rule"), N_(
    "Wild Customizable: name the colour; the rule chosen before the game happens."), gear)
register(Rank.WILD_CLEAR, N_("Clear"), N_(
    "Wild Clear: the tray's count starts again (its light back to green); it never "
    "overloads."), tick_light)
register(Rank.WILD_GIVE_AWAY, N_("Give away"), N_(
    "Wild Give Away: if its tray overloads, you share the penalty cards among the others."),
    gift)
register(Rank.WILD_VICTORY_LAP, N_("Victory lap"), N_(
    "Wild Victory Lap: name the colour; every other player draws 1 card."), lap)
