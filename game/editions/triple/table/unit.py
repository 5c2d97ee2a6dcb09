"""UNO Triple Play on screen (RULES.md section T): title and rules for the help, and the
unit with its three trays as a device layer.

:class:`TrayUnit` keeps the trays' state from the player's view (``piles`` and the public
``unit`` text) and the events, animates the plays onto the trays, the presses and the
overloads (the number shown, the tray flashing), renders the options of a choice that name
a tray on the trays themselves (which tray for a card that fits several lit ones, which
tray to press: :mod:`.scenes`) and has a Wild Clear's tray held until green before it is
played, and runs the clock of the choice the person owes — the timer mode's 7-second ring
— on the app's clock (the clock's action when it runs out). The Discard Two's pairing and
the Give Away's sharing are the table's own dialogs for cards and shares. Its drawing is
:class:`~.draw.TrayDrawing`. Nothing here names the edition's decisions or actions: it
reads the choice description (:mod:`game.play.choices`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.editions.triple.table.draw import (
    FLASH_S,
    SHAKE_S,
    STILL_S,
    TICK_FROM,
    TRAYS,
    TrayDrawing,
)
from game.editions.triple.table.scenes import HoldScene, TrayPickScene, tray_of
from game.i18n import N_
from game.play.choices import Choice, Option, clock
from game.rules import events as E
from game.rules.cards import RANK_OF, Card, Rank
from game.rules.units import TraysView
from game.ui import theme
from game.ui.anim import FlyingCard, fly
from game.ui.editions.common import device_sound
from game.ui.scene import Scene
from game.ui.table.devices import DeviceLayer

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.ui.table.host import TableHost
    from game.ui.table.presenter import Presenter

__all__ = ["HoldScene", "TrayPickScene", "TrayUnit"]


class TrayUnit(TrayDrawing, DeviceLayer):
    """The three trays, their lights, the overload flash and the turn timer."""

    replaces = frozenset({"discard"})

    def __init__(self, table: TableHost) -> None:
        super().__init__(table)
        self.tops: list[list[Card]] = [[] for _ in range(TRAYS)]
        self.lit: tuple[int, ...] = ()
        self.lights = ["green"] * TRAYS
        self.flash = [0.0] * TRAYS  # seconds of overload flash left
        self.shown = [0] * TRAYS  # the overload number on show
        self.bump = [0.0] * TRAYS  # a press's little dip
        self.shake = [0.0] * TRAYS  # seconds of an overloaded tray's shaking left
        self.pour: list[FlyingCard] = []  # an overload's penalty cards on their way
        #: Reduced motion: the overload's still frame says what happened in words.
        self.caption: tuple[str, dict[str, Any]] | None = None
        self.last_tray = 0
        self.clock = 0.0
        self.overloads = 0
        self.picking: tuple[int, ...] = ()  # trays offered by an open pick dialog
        self.timer_left: float | None = None
        self.ticks = 0  # the timer's last-second ticks heard
        self.timeups = 0
        self._seen = -1
        self.unit = pygame.Rect(0, 0, 0, 0)
        self.trays = [pygame.Rect(0, 0, 0, 0) for _ in range(TRAYS)]
        self.ring_at = (0, 0)

    # ------------------------------------------------------------------ layout
    def relayout(self) -> None:
        lay = self.table.layout
        s, cw, ch = lay.s, lay.card_w, lay.card_h
        cx, cy = lay.centre
        slot_w = int(cw * 1.24)
        gap = int(10 * s)
        pad = int(12 * s)
        band = int(24 * s)
        unit_w = 3 * slot_w + 2 * gap + 2 * pad
        unit_h = ch + 2 * band + 2 * pad
        between = int(cw * 0.3)
        left = int(cx - (cw + between + unit_w) / 2)
        lay.draw_pile.midleft = (left, int(cy))
        self.unit = pygame.Rect(left + cw + between, 0, unit_w, unit_h)
        self.unit.centery = int(cy)
        for t in range(TRAYS):
            r = pygame.Rect(0, 0, cw, ch)
            r.center = (self.unit.left + pad + slot_w // 2 + t * (slot_w + gap),
                        self.unit.centery)
            self.trays[t] = r
        lay.discard = self.trays[1].copy()
        ha = lay.hand_area
        self.ring_at = (int(ha.right + 52 * s), int(ha.centery + 10 * s))

    # ------------------------------------------------------------------ state
    def sync(self) -> None:
        """Copy the player's view: the trays' cards and the public lights."""
        view = self.table.view()
        if view.piles:
            self.tops = [list(p[-3:]) for p in view.piles]
        unit = view.unit
        if isinstance(unit, TraysView):
            self.lit, self.lights = unit.lit, list(unit.lights)

    def present(self, event: E.Event, presenter: Presenter) -> bool:
        lay, m = self.table.layout, self.table.model
        marks = self.table.settings.colour_blind_marks
        if isinstance(event, E.HandStarted):
            self.tops = [[] for _ in range(TRAYS)]
            self.lit = ()
            self.lights = ["green"] * TRAYS
            return False
        if isinstance(event, E.TurnStarted):
            self.timer_left = None  # a new turn: a fresh 7 seconds
            return False
        if isinstance(event, E.FirstCard):
            t, card = event.tray % TRAYS, event.card

            def land_first() -> None:
                self._land(t, card)
                m.draw_size = max(0, m.draw_size - 1 - len(event.returned))

            presenter.add(fly(card, lay.draw_pile.center, self.trays[t].center,
                              (lay.card_w, lay.card_w), presenter.d(0.4), on_done=land_first,
                              spin=90, still=presenter.still, marks=marks))
            presenter.hold = presenter.d(0.45)
            return True
        if isinstance(event, E.CardPlayed):
            self.last_tray = t = event.tray % TRAYS
            self._fly_from_hand(event.player, event.card, t, presenter)
            presenter.host.sfx("card")
            presenter.hold = presenter.d(0.42)
            return True
        if isinstance(event, E.CardsDiscarded) and event.reason == "pair":
            for c in event.cards:
                self._fly_from_hand(event.player, c, self.last_tray, presenter)
            presenter.host.sfx("card")
            presenter.hold = presenter.d(0.42)
            return True
        if isinstance(event, E.TraysLit):
            self.lit = tuple(event.lit)
            presenter.hold = presenter.d(0.15)
            return True
        if isinstance(event, E.TrayPressed):
            t = event.tray % TRAYS
            self.lights[t] = event.light
            self.bump[t] = 0.25
            if event.cleared:
                presenter.banner(N_("Tray cleared!"), self._label_at(t), 26, 1.0,
                                 colour=theme.TEXT, back=(40, 140, 70))
                presenter.hold = presenter.d(0.4)
            elif event.overload:
                self._overload(event, presenter)
            else:
                presenter.hold = presenter.d(0.2)
            return True
        if isinstance(event, E.CardsDrawn) and event.reason == "overload" and event.count:
            self._pour(event, presenter)
            return True
        if isinstance(event, E.PenaltyShared):
            presenter.banner(N_("{player} shares the penalty!"), lay.banner, 32, 1.4,
                             player=m.names[event.player])
            presenter.hold = presenter.d(0.6)
            return True
        if isinstance(event, E.TimeRanOut):
            presenter.banner(N_("Time is up!"), presenter.seat_label(event.player), 32, 1.4,
                             colour=theme.TEXT, back=theme.DANGER)
            presenter.host.sfx("error")
            presenter.hold = presenter.d(0.6)
            return True
        return False

    def _overload(self, e: E.TrayPressed, presenter: Presenter) -> None:
        """T-6 as a show: the lights flash red, the tray shakes, the number to draw is
        shown big on it and the alarm sounds; the penalty then pours into the hand
        (:meth:`_pour`) while it still flashes. Reduced motion: one still frame — the
        unit ringed in red, every light red, the number — and a caption saying it."""
        t = e.tray % TRAYS
        self.overloads += 1
        self.shown[t] = e.overload
        on = presenter.speed() > 0
        if presenter.still:
            self.flash[t] = STILL_S if on else 0.0
            self.caption = (N_("Tray {tray} overloads: {player} draws {count}."),
                            {"tray": t + 1, "player": self.table.model.names[e.player],
                             "count": e.overload})
            presenter.hold = presenter.d(1.0)
        else:
            self.flash[t] = FLASH_S if on else 0.0
            self.shake[t] = SHAKE_S if on else 0.0
            presenter.banner(N_("Overload! Draw {count}."), self.table.layout.banner, 40, 1.6,
                             colour=theme.TEXT, back=theme.DANGER, count=e.overload)
            presenter.hold = presenter.d(0.7)
        device_sound(self.table, "tray_alarm", self._label_at(t))
        presenter.host.sfx("overload")

    def _pour(self, e: E.CardsDrawn, presenter: Presenter) -> None:
        """An overload's penalty pours into the player's hand: a quick stream of cards
        tumbling off the draw pile (yours turn face up on the way and land in their
        places). Reduced motion: they appear in the hand."""
        lay, m = self.table.layout, self.table.model
        cards: list[Card | None] = list(e.cards) if e.cards else [None] * e.count
        stagger = presenter.d(0.09)
        player = e.player
        for k, card in enumerate(cards):
            mine = player == m.viewer and card is not None
            sprite = fly(card if mine else None, lay.draw_pile.center, lay.seat_point(player),
                         presenter.hand_widths(player), presenter.d(0.5), k * stagger,
                         on_done=lambda c=card: m.receive(player, c), flip=mine,
                         spin=(-1) ** k * (200 + 40 * (k % 3)), still=presenter.still,
                         marks=self.table.settings.colour_blind_marks)
            if mine:
                def aim(sprite: FlyingCard = sprite, card: Card | None = card) -> None:
                    slots = lay.hand_rects(len(m.hand) + 1)  # the free slot as it leaves
                    sprite.end = slots[m.insert_index(card)].center  # type: ignore[arg-type]

                sprite.tween.on_start = aim
            presenter.add(sprite)
            self.pour.append(sprite)
        presenter.host.sfx("draw")
        presenter.host.sfx("penalty")
        presenter.hold = presenter.d(0.55) + stagger * max(0, e.count - 1)

    def _label_at(self, t: int) -> tuple[float, float]:
        r = self.trays[t]
        return (r.centerx, r.top - 30 * self.table.layout.s)

    def _land(self, t: int, card: Card) -> None:
        self.tops[t].append(card)
        del self.tops[t][:-3]

    def _fly_from_hand(self, player: int, card: Card, t: int, presenter: Presenter) -> None:
        lay, m = self.table.layout, self.table.model
        rects = lay.hand_rects(len(m.hand))
        i = m.lose(player, card)
        start = rects[i].center if 0 <= i < len(rects) else lay.seat_point(player)
        presenter.add(fly(card, start, self.trays[t].center, (lay.card_w, lay.card_w),
                          presenter.d(0.38), spin=-40 if i < 0 else 20,
                          on_done=lambda: self._land(t, card), still=presenter.still,
                          marks=self.table.settings.colour_blind_marks))

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        self.clock += dt
        moving = any(f > 0 for f in self.flash) or any(b > 0 for b in self.bump) or \
            any(k > 0 for k in self.shake)
        self.flash = [max(0.0, f - dt) for f in self.flash]
        self.bump = [max(0.0, b - dt) for b in self.bump]
        self.shake = [max(0.0, k - dt) for k in self.shake]
        self.pour = [sp for sp in self.pour if not sp.finished]
        if self.caption is not None and not any(f > 0 for f in self.flash):
            self.caption = None
        t = self.table
        if t.presenter.idle and t.session.version != self._seen:
            self._seen = t.session.version
            self.sync()
            moving = True
        self.tick_timer(dt)
        return moving or bool(self.lit) or self.timer_left is not None

    def animating(self) -> bool:
        return any(f > 0 for f in self.flash) or any(b > 0 for b in self.bump) or \
            any(k > 0 for k in self.shake) or self.timer_left is not None

    def timed(self) -> tuple[str, float] | None:
        """(choice id, seconds) of the clock that runs now: on the choice the person at the
        screen owes, while nothing moves (``None``: none runs)."""
        t = self.table
        s = t.session
        if s.over or t.viewer is None:
            return None
        if s.to_act != t.viewer or not s.is_human(t.viewer) or not t.presenter.idle:
            return None
        top: object = t.app.top
        if top is not t and not isinstance(top, TrayPickScene | HoldScene):
            return None  # paused, passing the device, a dialog of another kind
        return clock(t.view())

    def tick_timer(self, dt: float) -> None:
        timed = self.timed()
        if timed is None:
            if self.table.session.to_act != self.table.viewer:
                self.timer_left = None
            return
        choice_id, seconds = timed
        if self.timer_left is None:
            self.timer_left = seconds
            return
        before = math.ceil(self.timer_left)
        self.timer_left -= dt
        if self.timer_left > 0:
            if math.ceil(self.timer_left) < before <= TICK_FROM + 1:  # the last seconds tick
                self.ticks += 1
                above = (self.ring_at[0], self.ring_at[1] - 50 * self.table.layout.s)
                device_sound(self.table, "timer_tick", above, 0.6)
            return
        self.timer_left = None
        self.timeups += 1
        t = self.table
        if isinstance(t.app.top, TrayPickScene | HoldScene):
            t.app.pop()
        t.input.expire(choice_id)
        t.refresh()

    # ------------------------------------------------------------------ choices on the trays
    def offer(self, choice: Choice, options: Sequence[Option]) -> Scene | None:
        """Options that name a tray (a card fitting several lit trays, the press after
        drawing) are picked on the trays themselves."""
        if not options or any(tray_of(o) is None for o in options):
            return None
        cancellable = any("card" in o.params for o in options)
        return TrayPickScene(self.table.app, self, choice, options, cancellable)

    def confirm(self, choice: Choice, option: Option) -> Scene | None:
        """T-9: a Wild Clear is played only once its tray is held until green."""
        card = option.params.get("card")
        if isinstance(card, str) and RANK_OF[Card.parse(card)] == Rank.WILD_CLEAR:
            return HoldScene(self.table.app, self, choice, option)
        return None

    def test_state(self) -> dict[str, Any]:
        return {
            "lit": list(self.lit),
            "lights": list(self.lights),
            "tops": [str(p[-1]) if p else None for p in self.tops],
            "tray_rects": [[*r] for r in self.trays],
            "overloads": self.overloads,
            "flashing": [t for t in range(TRAYS) if self.flash[t] > 0],
            "shake": [list(self.shake_offset(t)) for t in range(TRAYS)],
            "pouring": sum(1 for sp in self.pour if sp.tween.started and not sp.tween.done),
            "caption": self.caption_text(),
            "timer": self.timer_left, "ticks": self.ticks,
            "timeups": self.timeups,
            "picking": list(self.picking),
        }
