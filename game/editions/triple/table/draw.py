"""Triple Play's unit drawn on the table: the three trays with their top cards, the white
"open" lights, the green / yellow / red capacity lights, the overload show and the timer
ring. :class:`TrayDrawing` is the drawing half of :class:`~game.editions.triple.table.TrayUnit`,
which keeps the state read here (and the dialogs of :mod:`.triple_scenes` draw with it).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game.editions.triple.rules import TripleOptions
from game.i18n import _
from game.rules.cards import Card
from game.ui import cardart, text, theme
from game.ui.table.draw import rotated_face
from game.ui.widgets import panel

if TYPE_CHECKING:
    from game.ui.table.host import TableHost

TRAYS = 3
LIGHT_RGB = {"green": (60, 210, 90), "yellow": (250, 210, 40), "red": (235, 50, 45)}
OPEN_RGB = (255, 255, 240)
UNIT_RGB = (34, 38, 46)
WELL_RGB = (18, 20, 26)
FLASH_RGB = (120, 20, 20)  # a well while its tray's overload flashes
KEY_RGB = (255, 0, 255)  # the colour key of the cached case (a colour it never shows)
FLASH_S = 2.2
#: How long an overloaded tray shakes, dying away.
SHAKE_S = 0.9
#: Reduced motion: how long the overload's still frame and caption stay.
STILL_S = 1.4
#: The timer's last seconds tick (audibly and visibly).
TICK_FROM = 3


@lru_cache(maxsize=64)
def _soft(size: tuple[int, int], rgba: tuple[int, int, int, int], ellipse: bool) -> pygame.Surface:
    """A translucent rounded bar (or disc) of ``size`` (cached: alphas come in steps)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    if ellipse:
        pygame.draw.ellipse(surf, rgba, surf.get_rect())
    else:
        pygame.draw.rect(surf, rgba, surf.get_rect(), border_radius=min(size) // 2)
    return surf


@lru_cache(maxsize=8)
def _case(size: tuple[int, int], wells: tuple[tuple[int, int, int, int], ...],
          s: float) -> pygame.Surface:
    """The unit's case drawn once per layout: its shadow, body and edge, and its empty
    (dark) wells at ``wells`` (relative to the case). Opaque with a colour key, so that a
    frame blits it as fast as a fill instead of drawing six rounded rectangles."""
    dx, dy, radius = int(4 * s), int(6 * s), int(22 * s)
    surf = pygame.Surface((size[0] + dx, size[1] + dy))
    surf.fill(KEY_RGB)
    body = pygame.Rect((0, 0), size)
    pygame.draw.rect(surf, theme.SHADOW, body.move(dx, dy), border_radius=radius)
    pygame.draw.rect(surf, UNIT_RGB, body, border_radius=radius)
    pygame.draw.rect(surf, theme.PANEL_EDGE, body, max(2, int(3 * s)), border_radius=radius)
    for well in wells:
        pygame.draw.rect(surf, WELL_RGB, well, border_radius=int(12 * s))
    surf.set_colorkey(KEY_RGB, pygame.RLEACCEL)
    return surf


class TrayDrawing:
    """Draws the unit from the state :class:`~game.editions.triple.table.TrayUnit` keeps."""

    table: TableHost
    unit: pygame.Rect
    trays: list[pygame.Rect]
    tops: list[list[Card]]
    lit: tuple[int, ...]
    lights: list[str]
    flash: list[float]  # seconds of overload flash left, per tray
    shown: list[int]  # the overload number on show
    bump: list[float]  # a press's little dip
    shake: list[float]  # seconds of an overloaded tray's shaking left
    caption: tuple[str, dict[str, Any]] | None  # reduced motion: the overload in words
    clock: float
    timer_left: float | None
    ring_at: tuple[int, int]

    def draw(self, surface: pygame.Surface, layer: str) -> None:
        if layer == "piles":
            self.draw_unit(surface)
        elif layer == "over":
            self.draw_timer(surface)
            for t in range(TRAYS):
                if self.flash[t] > 0:
                    self._overload_show(surface, t)
            self._caption(surface)

    def shake_offset(self, t: int) -> tuple[int, int]:
        """How far tray ``t`` is shaken off its place now (pixels; (0, 0) at rest)."""
        left = self.shake[t]
        if left <= 0:
            return (0, 0)
        k = left / SHAKE_S  # 1 → 0: it dies away
        phase = (SHAKE_S - left) * math.tau * 13
        amp = 10 * self.table.layout.s * k
        return (round(amp * math.sin(phase)), round(amp * 0.4 * math.cos(phase * 1.3)))

    def caption_text(self) -> str | None:
        """The overload's caption on show (reduced motion), translated."""
        if self.caption is None:
            return None
        msgid, params = self.caption
        return _(msgid).format(**params)

    def _caption(self, surface: pygame.Surface) -> None:
        """Reduced motion: the overload said in words on a plate under the unit."""
        words = self.caption_text()
        if not words:
            return
        s = self.table.layout.s
        px = int(24 * s)
        img = text.render(words, px, theme.TEXT)
        box = img.get_rect().inflate(int(36 * s), int(18 * s))
        box.midtop = (self.unit.centerx, self.unit.bottom + int(10 * s))
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.DANGER, box.inflate(6, 6), border_radius=int(14 * s))
        panel(surface, box, s, 245)
        surface.blit(img, img.get_rect(center=box.center))

    def draw_unit(self, surface: pygame.Surface, highlight: tuple[int, ...] = ()) -> None:
        lay = self.table.layout
        s = lay.s
        marks = self.table.settings.colour_blind_marks
        u = self.unit
        wells = [r.inflate(int(12 * s), int(12 * s)) for r in self.trays]
        surface.blit(_case(u.size, tuple((w.x - u.x, w.y - u.y, *w.size) for w in wells), s),
                     u.topleft)
        for t in range(TRAYS):
            dx, dy = self.shake_offset(t)  # an overloaded tray shakes
            r = self.trays[t].move(dx, dy)
            lit = t in self.lit
            well = wells[t].move(dx, dy)
            if self.flash[t] > 0 and int(self.flash[t] * 8) % 2 == 0:  # flashing
                pygame.draw.rect(surface, FLASH_RGB, well, border_radius=int(12 * s))
            if lit:
                pygame.draw.rect(surface, theme.mix(OPEN_RGB, UNIT_RGB, 0.35), well,
                                 max(2, int(3 * s)), border_radius=int(12 * s))
            dip = int(6 * s * math.sin(math.pi * self.bump[t] / 0.25)) \
                if self.bump[t] and not self.table.settings.reduced_motion else 0
            shown = self.tops[t]
            for k, c in enumerate(shown):
                angle = ((int(c) * 37 + k * 53) % 17) - 8 if k < len(shown) - 1 else 0
                img = rotated_face(c, lay.card_w, angle, marks) if angle else \
                    cardart.face(c, lay.card_w, marks)
                surface.blit(img, img.get_rect(center=(r.centerx, r.centery + dip)))
            if not lit:  # a closed tray is dimmed
                surface.blit(_soft(well.size, (10, 12, 18, 120), False), well)
            self._open_light(surface, t, lit, (dx, dy))
            self._capacity_light(surface, t, (dx, dy))
            if t in highlight:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
                ring = well.inflate(int((2 + 4 * pulse) * s), int((2 + 4 * pulse) * s))
                pygame.draw.rect(surface, theme.ACCENT, ring, max(3, int(4 * s)),
                                 border_radius=int(14 * s))
                badge = (well.right - int(2 * s), well.top + int(2 * s))
                rad = int(13 * s)
                pygame.draw.circle(surface, theme.SHADOW, (badge[0] + 2, badge[1] + 3), rad)
                pygame.draw.circle(surface, theme.ACCENT, badge, rad)
                text.draw(surface, str(t + 1), int(22 * s), badge, theme.TEXT_DARK, "center")
        text.draw(surface, str(self.table.model.draw_size), int(18 * s),
                  (lay.draw_pile.centerx, lay.draw_pile.bottom + 6 * s), theme.TEXT_DIM, "midtop")

    def _open_light(self, surface: pygame.Surface, t: int, lit: bool,
                    shaken: tuple[int, int] = (0, 0)) -> None:
        s = self.table.layout.s
        r = self.trays[t].move(shaken)
        bar = pygame.Rect(0, 0, int(r.width * 0.7), int(9 * s))
        bar.midbottom = (r.centerx, r.top - int(12 * s))
        if lit:
            pulse = 1.0 if self.table.settings.reduced_motion else \
                0.75 + 0.25 * math.sin(self.clock * 3 + t)
            glow = _soft(bar.inflate(int(16 * s), int(14 * s)).size,
                         (*OPEN_RGB, int(90 * pulse) // 8 * 8), False)
            surface.blit(glow, glow.get_rect(center=bar.center))
            pygame.draw.rect(surface, OPEN_RGB, bar, border_radius=bar.height // 2)
        else:
            pygame.draw.rect(surface, (70, 74, 82), bar, border_radius=bar.height // 2)
        text.draw(surface, str(t + 1), int(14 * s), (bar.left - 4 * s, bar.centery),
                  theme.TEXT if lit else theme.TEXT_DIM, "midright")

    def _capacity_light(self, surface: pygame.Surface, t: int,
                        shaken: tuple[int, int] = (0, 0)) -> None:
        s = self.table.layout.s
        r = self.trays[t].move(shaken)
        light = self.lights[t] if self.lights[t] in LIGHT_RGB else "green"
        show = max(self.flash)
        rgb = LIGHT_RGB[light]
        if show > 0:  # an overload: every light flashes red (steady red, reduced motion)
            still = self.table.settings.reduced_motion
            rgb = LIGHT_RGB["red"] if still or int(show * 10) % 2 == 0 else (70, 12, 12)
        elif light == "red" and int(self.clock * 3) % 2:
            rgb = theme.mix(rgb, (60, 10, 10), 0.5)
        c = (r.centerx, r.bottom + int(16 * s))
        rad = int(8 * s)
        halo = _soft((rad * 4, rad * 4), (*rgb, 80), True)
        surface.blit(halo, halo.get_rect(center=c))
        pygame.draw.circle(surface, rgb, c, rad)
        pygame.draw.circle(surface, theme.SHADOW, c, rad, max(1, int(2 * s)))

    def _overload_show(self, surface: pygame.Surface, t: int) -> None:
        """T-6 as the toy does it: the case strobes red, rays burst from the tray, and the
        number to draw is shown big in the middle of the table."""
        lay = self.table.layout
        s = lay.s
        still = self.table.settings.reduced_motion
        k = self.flash[t] / FLASH_S  # 1 → 0
        on = still or int(self.flash[t] * 10) % 2 == 0
        u = self.unit.inflate(int(24 * s), int(24 * s))
        if on:  # the strobe round the whole unit
            pygame.draw.rect(surface, theme.DANGER, u, max(4, int(8 * s)),
                             border_radius=int(18 * s))
        r = self.trays[t].move(self.shake_offset(t))
        if not still:  # rays from the overloaded tray, turning
            for i in range(12):
                a = i * math.pi / 6 + self.clock * 2.5
                inner = r.width * 0.7
                outer = r.width * (1.1 + 0.5 * (1 - k))
                p0 = (r.centerx + math.cos(a) * inner, r.centery + math.sin(a) * inner)
                p1 = (r.centerx + math.cos(a) * outer, r.centery + math.sin(a) * outer)
                pygame.draw.line(surface, (255, 210, 60) if i % 2 else theme.DANGER, p0, p1,
                                 max(2, int(5 * s)))
        # the number, big, on the tray that overloaded (one number: a second, smaller badge
        # on the tray beside it read as two penalties)
        grow = 1.0 if still else 0.8 + 0.2 * math.sin(math.pi * min(1.0, (1 - k) * 4))
        px = int(150 * s * grow)
        rad = int(px * 0.62)
        c = (max(rad, min(lay.size[0] - rad, r.centerx)), max(rad, r.centery))
        pygame.draw.circle(surface, theme.SHADOW, (c[0] + int(5 * s), c[1] + int(7 * s)), rad)
        pygame.draw.circle(surface, theme.DANGER if on else (150, 20, 20), c, rad)
        pygame.draw.circle(surface, (255, 210, 60), c, rad, max(4, int(8 * s)))
        text.draw(surface, _("+{count}").format(count=self.shown[t]), px, c, theme.TEXT,
                  "center", shadow=True)

    def draw_timer(self, surface: pygame.Surface) -> None:
        if self.timer_left is None:
            return
        s = self.table.layout.s
        total = max(1, self.table.session.ruleset.opt(TripleOptions).timer_seconds)
        k = max(0.0, min(1.0, self.timer_left / total))
        c = self.ring_at
        rad = int(34 * s)
        rgb = LIGHT_RGB["green"] if k > 0.43 else LIGHT_RGB["yellow"] if k > 0.15 else \
            LIGHT_RGB["red"]
        pygame.draw.circle(surface, theme.PANEL, c, rad + int(4 * s))
        pygame.draw.circle(surface, (60, 66, 74), c, rad, max(3, int(7 * s)))
        box = pygame.Rect(0, 0, 2 * rad, 2 * rad)
        box.center = c
        if k > 0:
            pygame.draw.arc(surface, rgb, box, math.pi / 2, math.pi / 2 + 2 * math.pi * k,
                            max(3, int(7 * s)))
        left = math.ceil(self.timer_left)
        if left <= TICK_FROM:  # the last seconds: each one pulses, big and red
            beat = self.timer_left - math.floor(self.timer_left)  # 1 → 0 within the second
            still = self.table.settings.reduced_motion
            grow = 1.0 if still else 1.0 + 0.45 * beat ** 2
            halo = _soft((int(rad * 3.2), int(rad * 3.2)),
                         (*LIGHT_RGB["red"], int(60 + 120 * beat) // 8 * 8), True)
            surface.blit(halo, halo.get_rect(center=c))
            text.draw(surface, str(left), int(40 * s * grow), c, LIGHT_RGB["red"], "center",
                      shadow=True)
            return
        text.draw(surface, str(left), int(28 * s), c, theme.TEXT, "center")
