"""UNO Sonic the Hedgehog on screen (RULES.md section S): its rules, and a device layer
for the Wild Victory Lap — a blue blur that races round the table past each opponent as
they draw, with its two device sounds (a ring, a whoosh) on the one sound board. It is the
reference example of an edition adding to the table without touching it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from game import audio
from game.audio import dsp
from game.audio.registry import RATE
from game.i18n import N_
from game.rules import events as E
from game.rules.cards import RANK_OF, Rank
from game.ui import theme
from game.ui.editions import EditionUI, register
from game.ui.editions.common import device_sound
from game.ui.table.devices import DeviceLayer
from game.ui.tween import Tween

if TYPE_CHECKING:
    from game.ui.table.host import Stage
    from game.ui.table.presenter import Presenter


class VictoryLap(DeviceLayer):
    """S-2 as a moment: when a Wild Victory Lap is played, a blue blur streaks out of the
    discard pile and races round the table past each opponent in turn, with speed lines and
    a fading trail; as it passes each one they draw, a gold ring pops over them with a
    ring sound; then it runs back to the middle. No character artwork: a spiky blue ball.
    Under reduced motion it hops from seat to seat with no trail or speed lines."""

    LAP_S = 1.2  # kept for the render bench's reading of a lap (whole lap, speed 1)
    LEG_S = 0.32  # the dash from one opponent to the next (speed 1)
    TRAIL = 10

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self.tween: Tween | None = None  # the leg under way
        self.laps = 0
        self.rings = 0
        self.running = False
        self.pos: tuple[float, float] = (0.0, 0.0)
        self.leg: tuple[tuple[float, float], tuple[float, float]] = (self.pos, self.pos)
        self.trail: list[tuple[float, float]] = []
        self.pops: list[tuple[tuple[float, float], float]] = []  # ring pops: where, time left
        self.still = False
        self.home = False  # the leg under way ends the lap
        self.clock = 0.0
        self.waited = 0.0  # seconds the blur has stood still mid-lap
        self.passed = 0  # opponents passed in this lap

    def present(self, event: E.Event, presenter: Presenter) -> bool:
        lay = self.table.layout
        self.still = presenter.still
        if isinstance(event, E.CardPlayed) and RANK_OF[event.card] == Rank.WILD_VICTORY_LAP:
            self.laps += 1
            self.running = True
            self.home = False
            self.pos = (float(lay.discard.centerx), float(lay.discard.centery))
            self.trail = [self.pos]
            self.passed = 0
            self.leg = (self.pos, self.pos)
            self.tween = None
            presenter.banner(N_("Victory Lap!"), lay.banner, 40, 1.6, colour=theme.ACCENT,
                             back=(20, 60, 160))
            device_sound(self.table, "lap_whoosh", self.pos)
            return False  # the card still flies as usual
        if isinstance(event, E.CardsDrawn) and event.reason == "victory_lap" and self.running:
            target = lay.seat_point(event.player)
            self.dash(target, presenter)
            spot = lay.seats.get(event.player)
            top = spot.plate.top if spot is not None else target[1] - 60 * lay.s
            self.pops.append(((float(spot.plate.right if spot is not None else target[0]),
                               float(top)), 0.9))
            self.rings += 1
            self.passed += 1
            device_sound(self.table, "lap_ring", self.pops[-1][0])
            presenter.hold = max(presenter.hold, presenter.d(self.LEG_S))
            return False  # the card is drawn as usual, as the blur passes
        if self.running and self.passed and not isinstance(event, E.CardsDrawn):
            self.run_home(presenter)  # the lap is over: back to the middle
        return False

    def dash(self, target: tuple[float, float], presenter: Stage) -> None:
        self.leg = (self.pos, (float(target[0]), float(target[1])))
        self.tween = Tween(presenter.d(self.LEG_S))

    def run_home(self, presenter: Stage) -> None:
        lay = self.table.layout
        self.home = True
        self.dash((float(lay.centre[0]), float(lay.centre[1])), presenter)

    def update(self, dt: float) -> bool:
        self.clock += dt
        self.pops = [(p, t - dt) for p, t in self.pops if t - dt > 0]
        if not self.running:
            return bool(self.pops)
        self.waited = 0.0 if self.tween is not None else self.waited + dt
        if self.tween is None and self.waited > 0.5 and self.passed:  # nobody left: home
            self.run_home(self.table.presenter)
        if self.tween is not None:
            self.tween.update(dt)
            (x0, y0), (x1, y1) = self.leg
            k = self.tween.t
            # a curve that bows toward the table's middle: it races round, not across
            cx, cy = self.table.layout.centre
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            bx, by = mx + (mx - cx) * 0.35, my + (my - cy) * 0.35
            u = 1 - k
            self.pos = (u * u * x0 + 2 * u * k * bx + k * k * x1,
                        u * u * y0 + 2 * u * k * by + k * k * y1)
            if self.tween.done:
                self.tween = None
                if self.home:
                    self.running = False
                    self.home = False
        self.trail.append(self.pos)
        del self.trail[:-self.TRAIL]
        return True

    def animating(self) -> bool:
        return self.running or bool(self.pops)

    def draw(self, surface: pygame.Surface, layer: str) -> None:
        if layer != "over":
            return
        s = self.table.layout.s
        for (x, y), left in self.pops:  # a gold ring and +1 over the one who drew
            k = 1 - left / 0.9
            r = int((14 + 10 * k) * s)
            lift = 0 if self.still else int(18 * k * s)
            pygame.draw.circle(surface, (255, 214, 40), (int(x), int(y) - lift), r,
                               max(3, int(5 * s)))
            pygame.draw.circle(surface, (255, 250, 200), (int(x - r * 0.4), int(y) - lift -
                                                          int(r * 0.4)), max(2, int(3 * s)))
        if not self.running:
            return
        x, y = self.pos
        px, py = self.trail[0] if self.trail else self.pos
        dx, dy = x - px, y - py
        length = math.hypot(dx, dy)
        if not self.still and length > 1:  # speed lines and a fading blue trail
            ux, uy = dx / length, dy / length
            for k in range(5):
                off = (k - 2) * 9 * s
                sx, sy = x - uy * off, y + ux * off
                ln = (60 + 25 * (k % 2)) * s
                pygame.draw.line(surface, (235, 245, 255), (sx - ux * 24 * s, sy - uy * 24 * s),
                                 (sx - ux * (24 * s + ln), sy - uy * (24 * s + ln)),
                                 max(1, int(2 * s)))
            for k, (tx, ty) in enumerate(self.trail[:-1]):
                r = int((8 + 14 * k / len(self.trail)) * s)
                shade = theme.mix((20, 90, 220), theme.FELT, 1 - k / len(self.trail))
                pygame.draw.circle(surface, shade, (int(tx), int(ty)), r)
        self.draw_blur(surface, (int(x), int(y)), s, math.atan2(dy, dx) if length > 1 else 0.0)

    def draw_blur(self, surface: pygame.Surface, c: tuple[int, int], s: float,
                  heading: float) -> None:
        """The runner: a spiky blue ball, its spikes swept back from where it is heading."""
        r = int(24 * s)
        back = heading + math.pi
        spikes = []
        for k in range(5):
            a = back + (k - 2) * 0.45
            spikes += [(c[0] + math.cos(a - 0.2) * r * 0.7, c[1] + math.sin(a - 0.2) * r * 0.7),
                       (c[0] + math.cos(a) * r * 1.7, c[1] + math.sin(a) * r * 1.7),
                       (c[0] + math.cos(a + 0.2) * r * 0.7, c[1] + math.sin(a + 0.2) * r * 0.7)]
        for k in range(0, len(spikes), 3):
            pygame.draw.polygon(surface, (16, 70, 200), spikes[k:k + 3])
        pygame.draw.circle(surface, (30, 100, 235), c, r)
        pygame.draw.circle(surface, (120, 180, 255), c, r, max(2, int(3 * s)))
        spin = self.clock * 16 if not self.still else 0.0
        for k in range(3):  # the spin inside the ball
            a = spin + k * 2.1
            pygame.draw.arc(surface, (190, 220, 255), pygame.Rect(c[0] - r // 2, c[1] - r // 2,
                            r, r), a, a + 1.2, max(1, int(2 * s)))

    def test_state(self) -> dict[str, Any]:
        return {"victory_laps": self.laps, "lap_running": self.running, "rings": self.rings,
                "blur": [round(self.pos[0]), round(self.pos[1])]}


def ring() -> np.ndarray:
    """A Victory Lap card: a high, sparkling two-note ring."""
    a, b = dsp.grid(0.07), dsp.grid(0.35)
    first = sum(np.sin(2 * np.pi * f * a) for f in (1568.0, 3136.0)) / 2 * np.exp(-10 * a)
    second = sum(np.sin(2 * np.pi * f * b) for f in (2093.0, 4186.0)) / 2 * np.exp(-7 * b)
    return np.concatenate([first, second]) * 0.6


def whoosh() -> np.ndarray:
    """The blue blur going past: filtered noise sweeping up and away."""
    t = dsp.grid(0.6)
    width = (4 + 40 * (1 - t / 0.6)).astype(int)
    raw = dsp.uniform(0.6, 51)
    out = np.empty_like(raw)
    step = RATE // 50  # the filter opens in 50 slices a second
    for i in range(0, len(raw), step):
        k = max(1, int(width[i]))
        out[i:i + step] = np.convolve(raw[max(0, i - k):i + step], np.ones(k) / k,
                                      mode="same")[-len(raw[i:i + step]):]
    return np.clip(out * 2.5 * np.sin(np.pi * t / 0.6), -1, 1) * 0.6


#: The Victory Lap's device sounds (generated in code, listed in ``assets/SOUNDS.md``), on
#: the board's device bus so the effects volume, the master volume and muting apply.
SOUNDS = {"lap_ring": ring, "lap_whoosh": whoosh}

audio.register_device_sounds(SOUNDS)


UI = register(EditionUI(
    key="sonic",
    title=N_("UNO Sonic the Hedgehog"),
    blurb=N_("Official UNO plus four Wild Victory Lap cards; one hand decides."),
    based_on="official",
    rules=(
        (N_("Sonic: Wild Victory Lap"), N_(
            "A Wild: name the colour, then every other player draws one card and the next "
            "player plays normally. It cannot be challenged, and it still makes everyone draw "
            "when it is your last card.")),
        (N_("Sonic: Wild Draw Four"), N_(
            "In this edition, Wild cards in your hand count as cards of the colour in force: "
            "holding any Wild makes a Wild Draw Four a bluff.")),
        (N_("Sonic: start and match"), N_(
            "If the first card turned is an action card, another card is turned on top of it. "
            "A match is a single hand unless you choose a match to 500 points.")),
    ),
    devices=(VictoryLap,),
))
