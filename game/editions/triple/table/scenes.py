"""Triple Play's dialogs over the trays: which lit tray (:class:`TrayPickScene`, the options
of a choice that name a tray) and the Wild Clear's hold until green (:class:`HoldScene`).
Both keep the turn timer running and draw the unit of their
:class:`~game.editions.triple.table.TrayUnit` with the trays on offer lit up; the pick goes
back to the table as the choice's option.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.editions.triple.table.draw import LIGHT_RGB, TRAYS
from game.i18n import N_, _
from game.play.choices import Choice, Option
from game.rules.cards import Card
from game.ui import intents as I
from game.ui import scenes, text, theme
from game.ui.scene import Scene
from game.ui.widgets import Button, Control, focus_ring, panel

if TYPE_CHECKING:
    from game.ui.table.host import TableHost


class TrayUnit(Protocol):
    """What the tray dialogs use of the unit on the table (it keeps drawing and timing)."""

    table: TableHost
    clock: float
    picking: tuple[int, ...]
    unit: pygame.Rect
    trays: list[pygame.Rect]
    lights: list[str]

    def tick_timer(self, dt: float) -> None: ...
    def draw_unit(self, surface: pygame.Surface, highlight: tuple[int, ...] = ()) -> None: ...
    def draw_timer(self, surface: pygame.Surface) -> None: ...


def tray_of(option: Option) -> int | None:
    """The tray an option names (its ``tray``: a card's play on a tray, the press of a lit
    one), ``None`` for an option that names none (drawing, keeping, a Discard Two's pair)."""
    tray = option.params.get("tray")
    return tray if isinstance(tray, int) else None


def draw_prompt(surface: pygame.Surface, unit: pygame.Rect, msg: str, s: float,
                screen_w: int) -> pygame.Rect:
    """What the tray dialogs ask, in a panel just above the unit; returns the panel."""
    px = int(20 * s)
    w = min(unit.width, screen_w - int(40 * s))
    lines = text.wrap(msg, px, w - int(24 * s))
    box = pygame.Rect(0, 0, w, int(len(lines) * px * 1.3 + 18 * s))
    box.midbottom = (unit.centerx, unit.top - int(10 * s))
    panel(surface, box, s, 235)
    y = box.top + int(9 * s)
    for line in lines:
        text.draw(surface, line, px, (box.centerx, y), theme.ACCENT, "midtop")
        y += int(px * 1.3)
    return box


class TrayPickScene(Scene):
    """Over the table: which lit tray? The ``options`` of ``choice`` that name a tray: a
    card that fits several, or the press after drawing. Click a tray or press its number
    (1-3); ``cancellable`` (a card the person picked up): Esc puts it back."""

    name = "tray_pick"
    keys = "chooser"  # 1-9 → Press("choiceN"): tray N+1
    opaque = False
    dim = 0

    def __init__(self, app: Any, unit: TrayUnit, choice: Choice, options: Sequence[Option],
                 cancellable: bool = False) -> None:
        super().__init__(app)
        self.unit = unit
        self.table = unit.table
        self.choice = choice
        self.choices: dict[int, Option] = {}
        for option in options:
            tray = tray_of(option)
            if tray is not None:
                self.choices[tray] = option
        card = next((c for o in options if isinstance(c := o.params.get("card"), str)), None)
        self.card: Card | None = Card.parse(card) if card is not None else None
        self.cancellable = cancellable
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        self.unit.picking = tuple(sorted(self.choices))
        super().enter()
        self.table.input.prompt(self.choice, [self.choices[t] for t in sorted(self.choices)])

    def exit(self) -> None:
        self.unit.picking = ()

    def arrange(self) -> None:
        out: list[Control] = []
        for t in range(TRAYS):
            out.append(Control(f"choice{t}", I.Press(f"choice{t}"),
                               self.unit.trays[t].inflate(int(12 * self.s), int(12 * self.s)),
                               enabled=t in self.choices, visible=t in self.choices))
        if self.cancellable:
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
            from game.voice.narrate import card_name

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
            option = self.choices.get(t)
            if option is None:
                return
            self.app.pop()
            self.table.input.take(self.choice, option)
            self.table.refresh()
            return
        if isinstance(intent, I.Back):
            if self.cancellable:
                self.app.pop()
                return
            self.app.open(scenes.PAUSE, self.table)
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.unit
        s = self.s
        u.draw_unit(surface, highlight=tuple(self.choices))
        self.prompt_rect = draw_prompt(surface, u.unit, self.prompt(), s, self.size[0])
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

    def __init__(self, app: Any, unit: TrayUnit, choice: Choice, play: Option) -> None:
        super().__init__(app)
        self.unit = unit
        self.table = unit.table
        self.choice = choice
        self.option = play
        self.tray = tray_of(play) or 0
        self.progress = 0.0
        self.force_held = False  # tests: the button is held down

    def held(self) -> bool:
        if self.force_held:
            return True
        return self.app.input.confirm_held()

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
            self.table.input.choose(self.choice, self.option)  # held: no more to confirm
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
        draw_prompt(surface, u.unit, _("Hold the tray until its light turns green: keep the "
                                        "mouse button, Space or Enter pressed."),
                    s, self.size[0])
        u.draw_timer(surface)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("done")
