"""UNO Triple Play on screen (RULES.md section T): title and rules for the help, and the
unit with its three trays as a device layer.

:class:`TrayUnit` draws the three trays in place of the discard pile (each tray's top
cards, its white "open" light and its green / yellow / red capacity light), animates the
plays onto the trays, the presses and the overloads (the number shown, the tray flashing),
asks which tray when a card fits several lit ones (:class:`TrayPickScene`: click the tray or
press 1-3), has a Wild Clear's tray held until green (:class:`HoldScene`), pairs a Discard
Two and shares a Give Away penalty (:mod:`.triple_dialogs`), and runs the timer mode's
7-second ring on the app's clock (a ``TimeUp`` action when it runs out). It reads only the player's
view (``piles`` and the public ``unit`` text) and the events.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.rules import actions as A
from game.rules import events as E
from game.rules.cards import Card, Rank
from game.rules.engine import Decision
from game.ui import cardart, text, theme
from game.ui import intents as I
from game.ui.anim import fly
from game.ui.devices import DeviceLayer
from game.ui.editions import EditionUI, register
from game.ui.scene import Scene
from game.ui.table_draw import rotated_face
from game.ui.widgets import Button, Control, focus_ring, panel

if TYPE_CHECKING:
    from game.ui.presenter import Presenter
    from game.ui.scenes.table import TableScene

TRAYS = 3
LIGHT_RGB = {"green": (60, 210, 90), "yellow": (250, 210, 40), "red": (235, 50, 45)}
OPEN_RGB = (255, 255, 240)
UNIT_RGB = (34, 38, 46)
FLASH_S = 1.6
TIMED = (Decision.TURN, Decision.DRAWN, Decision.PRESS_TRAY)


@lru_cache(maxsize=64)
def _soft(size: tuple[int, int], rgba: tuple[int, int, int, int], ellipse: bool) -> pygame.Surface:
    """A translucent rounded bar (or disc) of ``size`` (cached: alphas come in steps)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    if ellipse:
        pygame.draw.ellipse(surf, rgba, surf.get_rect())
    else:
        pygame.draw.rect(surf, rgba, surf.get_rect(), border_radius=min(size) // 2)
    return surf


def parse_unit(unit: str) -> tuple[tuple[int, ...], list[str]] | None:
    """The public unit text ``trays:02:green,yellow,red`` → (lit trays, capacity lights)."""
    parts = unit.split(":")
    if len(parts) != 3 or parts[0] != "trays":
        return None
    lit = () if parts[1] == "-" else tuple(int(x) for x in parts[1])
    lights = parts[2].split(",")
    if len(lights) != TRAYS:
        return None
    return lit, lights


class TrayUnit(DeviceLayer):
    """The three trays, their lights, the overload flash and the turn timer."""

    replaces = frozenset({"discard"})

    def __init__(self, table: TableScene) -> None:
        super().__init__(table)
        self.tops: list[list[Card]] = [[] for _ in range(TRAYS)]
        self.lit: tuple[int, ...] = ()
        self.lights = ["green"] * TRAYS
        self.flash = [0.0] * TRAYS  # seconds of overload flash left
        self.shown = [0] * TRAYS  # the overload number on show
        self.bump = [0.0] * TRAYS  # a press's little dip
        self.last_tray = 0
        self.clock = 0.0
        self.overloads = 0
        self.picking: tuple[int, ...] = ()  # trays offered by an open pick dialog
        self.timer_left: float | None = None
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
        view = self.table._view()
        if view.piles:
            self.tops = [list(p[-3:]) for p in view.piles]
        parsed = parse_unit(view.unit)
        if parsed is not None:
            self.lit, self.lights = parsed[0], list(parsed[1])

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
                self.overloads += 1
                self.flash[t] = FLASH_S if presenter.speed() > 0 else 0.0
                self.shown[t] = event.overload
                presenter.banner(N_("Overload! Draw {count}."), lay.banner, 40, 1.6,
                                 colour=theme.TEXT, back=theme.DANGER, count=event.overload)
                presenter.host.sfx("overload")
                presenter.hold = presenter.d(1.1)
            else:
                presenter.hold = presenter.d(0.2)
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
        moving = any(f > 0 for f in self.flash) or any(b > 0 for b in self.bump)
        self.flash = [max(0.0, f - dt) for f in self.flash]
        self.bump = [max(0.0, b - dt) for b in self.bump]
        t = self.table
        if t.presenter.idle and t.session.version != self._seen:
            self._seen = t.session.version
            self.sync()
            moving = True
        self.tick_timer(dt)
        return moving or bool(self.lit) or self.timer_left is not None

    def animating(self) -> bool:
        return any(f > 0 for f in self.flash) or any(b > 0 for b in self.bump) or \
            self.timer_left is not None

    def timed(self) -> bool:
        """The timer runs: timer mode, the person at the screen to act, nothing moving."""
        t = self.table
        s = t.session
        if not s.ruleset.timer or s.over or t.viewer is None:
            return False
        if s.to_act != t.viewer or not s.is_human(t.viewer) or not t.presenter.idle:
            return False
        top = t.app.top
        if top is not t and not isinstance(top, TrayPickScene | HoldScene):
            return False  # paused, passing the device, a dialog of another kind
        return t.model.decision in TIMED

    def tick_timer(self, dt: float) -> None:
        if not self.timed():
            if self.table.session.to_act != self.table.viewer:
                self.timer_left = None
            return
        if self.timer_left is None:
            self.timer_left = float(self.table.session.ruleset.timer_seconds)
            return
        self.timer_left -= dt
        if self.timer_left > 0:
            return
        self.timer_left = None
        self.timeups += 1
        t = self.table
        if isinstance(t.app.top, TrayPickScene | HoldScene):
            t.app.pop()
        t.act(A.TimeUp(t.viewer))  # type: ignore[arg-type]
        t.refresh()

    # ------------------------------------------------------------------ input & dialogs
    def handle(self, intent: I.Intent) -> bool:
        t = self.table
        if not isinstance(intent, I.PlayCard | I.PlayDrawn) or not t.my_turn():
            return False
        if isinstance(intent, I.PlayCard):
            if not 0 <= intent.index < len(t.model.hand):
                return False
            card = t.model.hand[intent.index]
            plays = [a for a in t.legal_now() if isinstance(a, A.Play) and a.card == card]
        else:
            plays = [a for a in t.legal_now() if isinstance(a, A.Play)]
        if len(plays) == 1 and plays[0].card & 31 == Rank.WILD_CLEAR:
            t.app.push(HoldScene(t.app, self, plays[0]))
            return True
        if len(plays) < 2:
            return False
        t.app.push(TrayPickScene(t.app, self, plays=plays))
        return True

    def play(self, action: A.Action) -> None:
        """Send a chosen play; a Wild Clear first needs its tray held until green (T-9)."""
        t = self.table
        if isinstance(action, A.Play) and action.card & 31 == Rank.WILD_CLEAR:
            t.app.push(HoldScene(t.app, self, action))
            return
        t.act(action)
        t.refresh()

    def decision_scene(self, decision: Decision) -> Scene | None:
        t = self.table
        if decision is Decision.PRESS_TRAY:
            presses = [a for a in t.session.legal(t.viewer)  # type: ignore[arg-type]
                       if isinstance(a, A.PickTray)]
            return TrayPickScene(t.app, self, presses=presses) if presses else None
        if decision is Decision.PAIR:
            from game.ui.editions.triple_dialogs import PairScene

            return PairScene(t.app, t)
        if decision is Decision.GIVE:
            from game.ui.editions.triple_dialogs import GiveScene

            return GiveScene(t.app, t)
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, layer: str) -> None:
        if layer == "piles":
            self.draw_unit(surface)
        elif layer == "over":
            self.draw_timer(surface)
            for t in range(TRAYS):
                if self.flash[t] > 0:
                    self._overload_badge(surface, t)

    def draw_unit(self, surface: pygame.Surface, highlight: tuple[int, ...] = ()) -> None:
        lay = self.table.layout
        s = lay.s
        marks = self.table.settings.colour_blind_marks
        u = self.unit
        pygame.draw.rect(surface, theme.SHADOW, u.move(int(4 * s), int(6 * s)),
                         border_radius=int(22 * s))
        pygame.draw.rect(surface, UNIT_RGB, u, border_radius=int(22 * s))
        pygame.draw.rect(surface, theme.PANEL_EDGE, u, max(2, int(3 * s)),
                         border_radius=int(22 * s))
        for t in range(TRAYS):
            r = self.trays[t]
            lit = t in self.lit
            well = r.inflate(int(12 * s), int(12 * s))
            flashing = self.flash[t] > 0 and int(self.flash[t] * 8) % 2 == 0
            pygame.draw.rect(surface, (120, 20, 20) if flashing else (18, 20, 26), well,
                             border_radius=int(12 * s))
            if lit:
                pygame.draw.rect(surface, theme.mix(OPEN_RGB, UNIT_RGB, 0.35), well,
                                 max(2, int(3 * s)), border_radius=int(12 * s))
            dip = int(6 * s * math.sin(math.pi * self.bump[t] / 0.25)) if self.bump[t] else 0
            shown = self.tops[t]
            for k, c in enumerate(shown):
                angle = ((int(c) * 37 + k * 53) % 17) - 8 if k < len(shown) - 1 else 0
                img = rotated_face(c, lay.card_w, angle, marks) if angle else \
                    cardart.face(c, lay.card_w, marks)
                surface.blit(img, img.get_rect(center=(r.centerx, r.centery + dip)))
            if not lit:  # a closed tray is dimmed
                surface.blit(_soft(well.size, (10, 12, 18, 120), False), well)
            self._open_light(surface, t, lit)
            self._capacity_light(surface, t)
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

    def _open_light(self, surface: pygame.Surface, t: int, lit: bool) -> None:
        s = self.table.layout.s
        r = self.trays[t]
        bar = pygame.Rect(0, 0, int(r.width * 0.7), int(9 * s))
        bar.midbottom = (r.centerx, r.top - int(12 * s))
        if lit:
            pulse = 0.75 + 0.25 * math.sin(self.clock * 3 + t)
            glow = _soft(bar.inflate(int(16 * s), int(14 * s)).size,
                         (*OPEN_RGB, int(90 * pulse) // 8 * 8), False)
            surface.blit(glow, glow.get_rect(center=bar.center))
            pygame.draw.rect(surface, OPEN_RGB, bar, border_radius=bar.height // 2)
        else:
            pygame.draw.rect(surface, (70, 74, 82), bar, border_radius=bar.height // 2)
        text.draw(surface, str(t + 1), int(14 * s), (bar.left - 4 * s, bar.centery),
                  theme.TEXT if lit else theme.TEXT_DIM, "midright")

    def _capacity_light(self, surface: pygame.Surface, t: int) -> None:
        s = self.table.layout.s
        r = self.trays[t]
        light = self.lights[t] if self.lights[t] in LIGHT_RGB else "green"
        rgb = LIGHT_RGB[light]
        if light == "red" and int(self.clock * 3) % 2:
            rgb = theme.mix(rgb, (60, 10, 10), 0.5)
        c = (r.centerx, r.bottom + int(16 * s))
        rad = int(8 * s)
        halo = _soft((rad * 4, rad * 4), (*rgb, 80), True)
        surface.blit(halo, halo.get_rect(center=c))
        pygame.draw.circle(surface, rgb, c, rad)
        pygame.draw.circle(surface, theme.SHADOW, c, rad, max(1, int(2 * s)))

    def _overload_badge(self, surface: pygame.Surface, t: int) -> None:
        s = self.table.layout.s
        r = self.trays[t]
        k = self.flash[t] / FLASH_S
        rad = int((30 + 14 * math.sin(math.pi * min(1.0, (1 - k) * 3))) * s)
        c = (r.centerx, r.centery)
        pygame.draw.circle(surface, theme.SHADOW, (c[0] + 3, c[1] + 4), rad)
        pygame.draw.circle(surface, theme.DANGER, c, rad)
        pygame.draw.circle(surface, theme.ACCENT, c, rad, max(2, int(4 * s)))
        text.draw(surface, _("+{count}").format(count=self.shown[t]), int(rad * 1.0), c,
                  theme.TEXT, "center",
                  shadow=True)

    def draw_timer(self, surface: pygame.Surface) -> None:
        if self.timer_left is None:
            return
        s = self.table.layout.s
        total = max(1, self.table.session.ruleset.timer_seconds)
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
        text.draw(surface, str(math.ceil(self.timer_left)), int(28 * s), c, theme.TEXT,
                  "center")

    def test_state(self) -> dict[str, Any]:
        return {
            "lit": list(self.lit),
            "lights": list(self.lights),
            "tops": [str(p[-1]) if p else None for p in self.tops],
            "tray_rects": [[*r] for r in self.trays],
            "overloads": self.overloads,
            "flashing": [t for t in range(TRAYS) if self.flash[t] > 0],
            "timer": self.timer_left,
            "timeups": self.timeups,
            "picking": list(self.picking),
        }


class TrayPickScene(Scene):
    """Over the table: which lit tray? For a card that fits several (``plays``) or the
    press after drawing (``presses``). Click a tray or press its number (1-3)."""

    name = "tray_pick"
    keys = "chooser"  # 1-9 → Press("choiceN"): tray N+1
    opaque = False
    dim = 0

    def __init__(self, app: Any, unit: TrayUnit, *, plays: Sequence[A.Play] = (),
                 presses: Sequence[A.PickTray] = ()) -> None:
        super().__init__(app)
        self.unit = unit
        self.table = unit.table
        self.choices: dict[int, A.Action] = {}
        for play in plays:
            self.choices[play.tray] = play
        for press in presses:
            self.choices[press.tray] = press
        self.card: Card | None = plays[0].card if plays else None
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        self.unit.picking = tuple(sorted(self.choices))
        super().enter()

    def exit(self) -> None:
        self.unit.picking = ()

    def arrange(self) -> None:
        out: list[Control] = []
        for t in range(TRAYS):
            out.append(Control(f"choice{t}", I.Press(f"choice{t}"),
                               self.unit.trays[t].inflate(int(12 * self.s), int(12 * self.s)),
                               enabled=t in self.choices, visible=t in self.choices))
        if self.card is not None:
            b = Button.make("cancel", N_("Cancel"), I.Press("cancel"), hint="Esc")
            b.rect = pygame.Rect(0, 0, int(140 * self.s), int(40 * self.s))
            b.rect.midtop = (self.unit.unit.centerx, self.unit.unit.bottom + int(12 * self.s))
            out.append(b)
        self.controls = out
        focused = self.focused()
        if focused is None or not focused.enabled:
            self.focus_id(f"choice{min(self.choices)}" if self.choices else "cancel")

    def prompt(self) -> str:
        if self.card is not None:
            from game.narrate import card_name

            return _("Which tray for {card}? Click a lit tray or press its number.").format(
                card=card_name(self.card))
        return _("Press a lit tray: click it or press its number.")

    def update(self, dt: float) -> bool:
        self.unit.clock += dt
        self.unit.tick_timer(dt)
        return True

    def wakeup(self) -> float | None:
        return 0.0

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Press):
            if intent.control == "cancel":
                self.app.pop()
                return
            t = int(intent.control[len("choice"):])
            action = self.choices.get(t)
            if action is None:
                return
            self.app.pop()
            self.unit.play(action)
            return
        if isinstance(intent, I.Back):
            if self.card is not None:
                self.app.pop()
                return
            from game.ui.scenes.menus import PauseScene

            self.app.push(PauseScene(self.app, self.table))
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.unit
        s = self.s
        u.draw_unit(surface, highlight=tuple(self.choices))
        msg = self.prompt()
        px = int(20 * s)
        w = min(u.unit.width, self.size[0] - int(40 * s))
        lines = text.wrap(msg, px, w - int(24 * s))
        box = pygame.Rect(0, 0, w, int(len(lines) * px * 1.3 + 18 * s))
        box.midbottom = (u.unit.centerx, u.unit.top - int(10 * s))
        panel(surface, box, s, 235)
        y = box.top + int(9 * s)
        for line in lines:
            text.draw(surface, line, px, (box.centerx, y), theme.ACCENT, "midtop")
            y += int(px * 1.3)
        self.prompt_rect = box
        u.draw_timer(surface)
        for i, c in enumerate(self.controls):
            if c.id == "cancel":
                c.draw(surface, i == self.focus, i == self.hover, s)
            elif i == self.focus and c.visible:
                focus_ring(surface, c.rect, s, int(14 * s))

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press(f"choice{min(self.choices)}") if self.choices else None


class HoldScene(Scene):
    """T-9: a Wild Clear resets its tray, and the real unit needs the tray held down until
    its light turns green: hold the mouse button, Space or Enter for about two seconds
    (letting go early starts again); Esc puts the card back."""

    name = "hold_tray"
    opaque = False
    dim = 0
    HOLD_S = 2.0

    def __init__(self, app: Any, unit: TrayUnit, play: A.Play) -> None:
        super().__init__(app)
        self.unit = unit
        self.table = unit.table
        self.action = play
        self.tray = play.tray
        self.progress = 0.0
        self.force_held = False  # tests: the button is held down

    def held(self) -> bool:
        if self.force_held:
            return True
        keys = pygame.key.get_pressed()
        return bool(pygame.mouse.get_pressed()[0] or keys[pygame.K_SPACE]
                    or keys[pygame.K_RETURN])

    def update(self, dt: float) -> bool:
        self.unit.clock += dt
        if self.held():
            self.progress += dt
        else:
            self.progress = max(0.0, self.progress - 2 * dt)
        if self.progress >= self.HOLD_S:
            self.done()
            return True
        self.unit.tick_timer(dt)
        return True

    def wakeup(self) -> float | None:
        return 0.0

    def done(self) -> None:
        if self.app.top is self:
            self.app.pop()
            self.table.act(self.action)
            self.table.refresh()

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Back):
            self.app.pop()
        elif intent == I.Press("done"):  # the test hooks' autoplay
            self.done()

    def draw(self, surface: pygame.Surface) -> None:
        u, s = self.unit, self.s
        u.draw_unit(surface, highlight=(self.tray,))
        k = min(1.0, self.progress / self.HOLD_S)
        r = u.trays[self.tray]
        c = (r.centerx, r.bottom + int(16 * s))
        rgb = theme.mix(LIGHT_RGB[u.lights[self.tray]] if u.lights[self.tray] in LIGHT_RGB
                        else LIGHT_RGB["red"], LIGHT_RGB["green"], k)
        rad = int(12 * s)
        pygame.draw.circle(surface, rgb, c, rad)
        box = pygame.Rect(0, 0, 4 * rad, 4 * rad)
        box.center = c
        pygame.draw.circle(surface, theme.PANEL, c, 2 * rad, max(3, int(5 * s)))
        if k > 0:
            pygame.draw.arc(surface, LIGHT_RGB["green"], box, math.pi / 2,
                            math.pi / 2 + 2 * math.pi * k, max(3, int(5 * s)))
        msg = _("Hold the tray until its light turns green: keep the mouse button, Space or "
                "Enter pressed.")
        px = int(20 * s)
        w = min(u.unit.width, self.size[0] - int(40 * s))
        lines = text.wrap(msg, px, w - int(24 * s))
        prompt = pygame.Rect(0, 0, w, int(len(lines) * px * 1.3 + 18 * s))
        prompt.midbottom = (u.unit.centerx, u.unit.top - int(10 * s))
        panel(surface, prompt, s, 235)
        y = prompt.top + int(9 * s)
        for line in lines:
            text.draw(surface, line, px, (prompt.centerx, y), theme.ACCENT, "midtop")
            y += int(px * 1.3)
        u.draw_timer(surface)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("done")


UI = register(EditionUI(
    key="triple",
    title=N_("UNO Triple Play"),
    blurb=N_("Three discard trays that light up, fill up and overload: 2 to 6 players."),
    based_on="official",
    rules=(
        (N_("Triple Play: the trays"), N_(
            "Each turn the unit lights one, two or three trays. Play one card on a lit tray "
            "whose top card it matches; that tray is pressed. If you cannot play, draw one: "
            "play it on a lit tray if it fits, or press any lit tray.")),
        (N_("Triple Play: overload"), N_(
            "Each tray holds a hidden number of presses; its light turns yellow, then red. The "
            "press that reaches it overloads the tray: music plays and the presser draws 1 to 4 "
            "cards. A last card that overloads a tray does not win.")),
        (N_("Triple Play: special cards"), N_(
            "Discard Two: play a second card of its colour on top. Wild Clear: resets its tray. "
            "Wild Give Away: if its press overloads the tray, you share the penalty cards among "
            "the others. After any wild, the next card on that tray may be any colour.")),
    ),
    devices=(TrayUnit,),
))
