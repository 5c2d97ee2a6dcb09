"""The house rules on the New game screen (RULES.md H-1 … H-7, issue 16 item 3).

One row on the set-up form, "House rules ‹ Stacking, Seven-O ›", opens a panel listing every
house rule of :mod:`game.setup.house_rules` as an on/off toggle with its one-line explanation. A
rule that does not fit the chosen edition is shown locked, with why. Everything works with
the keyboard alone (arrows or Tab move, Space, Enter, Left or Right toggle, Escape closes)
and with the mouse alone (a click toggles); each rule is said as it takes the focus or
changes: "Stacking, on: answer a Draw Two with a Draw Two …".

The rules chosen are remembered in the settings with the last table, and travel in the
ruleset (so a saved match resumes with them). Nothing here names a rule: they all come
from the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.rules.ruleset import Ruleset
from game.setup.house_rules import HouseRuleFace, house_rules, rules_on
from game.ui import intents as I
from game.ui import text, theme
from game.ui.scenes.base import PanelScene
from game.ui.scenes.setup_sections import SetupForm, SetupSection, register
from game.ui.widgets import Button, Choice, Control

if TYPE_CHECKING:
    from game.store.settings import Settings
    from game.ui.scene import AppHost

#: The form's option (and control) id: the ids of the house rules on, in clause order.
KEY = "house_rules"
OFF, ON = N_("Off"), N_("On")
LOCKED = N_("Not with this edition")
#: What is said when a rule takes the focus: "Stacking, on: answer a Draw Two …".
FOCUS_LINE = N_("{rule}, {state}: {line}")
#: A rule that does not fit the edition: "Stacking, not with this edition: Triple Play …".
LOCKED_LINE = N_("{rule}, not with this edition: {why}")


def summary(on: tuple[str, ...], edition: str) -> str:
    """The set-up row's value: the short names of the rules on that fit ``edition``."""
    names = [_(f.label) for f in house_rules() if f.id in on and f.fits(edition)]
    return ", ".join(names) if names else _("None")


@dataclass
class Opener(Choice):
    """The set-up row: looks like a setting, and any press on it (Enter, Space, an arrow,
    a click) opens the house rules' panel."""

    open: Callable[[], None] | None = None
    summary: Callable[[], str] | None = None

    def step(self, delta: int) -> None:
        if self.enabled and self.open is not None:
            self.open()

    def value_text(self) -> str:
        return self.summary() if self.summary is not None else ""


@dataclass
class Toggle(Choice):
    """One house rule, off or on (a :class:`Choice` of two values). A ``locked`` rule (it
    does not fit the edition) keeps the focus, so that it can be heard, but never turns on."""

    rule: HouseRuleFace | None = None
    locked: str = ""  # why, as a message id

    def step(self, delta: int) -> None:
        if not self.locked:
            super().step(delta)

    def value_text(self) -> str:
        return _(LOCKED) if self.locked else super().value_text()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        if not self.locked:
            super().draw(surface, focused, hovered, s)
            return
        self.enabled = False  # drawn greyed out, yet it keeps the focus (to be heard)
        try:
            super().draw(surface, focused, hovered, s)
        finally:
            self.enabled = True


class HouseRulesSection(SetupSection):
    """The set-up form's house-rules row (shown for every edition)."""

    keys = (KEY,)

    def defaults(self, base: Ruleset, given: bool) -> dict[str, Any]:
        return {KEY: tuple(f.id for f in rules_on(base))}

    def recall(self, settings: Settings, given: Ruleset | None) -> dict[str, Any]:
        """The rules of the match just played, else those on at the last table set up that
        fit its edition (an unknown rule, or one that does not fit, is quietly left off)."""
        if given is not None:
            return {KEY: tuple(f.id for f in rules_on(given))}
        last = settings.last_edition
        return {KEY: tuple(f.id for f in house_rules()
                           if f.id in settings.house_rules and (not last or f.fits(last)))}

    def remember(self, form: SetupForm, settings: Settings) -> None:
        """The rules on that fit the edition dealt (what was played)."""
        settings.house_rules = [f.id for f in house_rules()
                                if f.id in form.options[KEY] and f.fits(form.edition)]

    def controls(self, form: SetupForm) -> list[Control]:
        def open_panel() -> None:
            form.app.push(HouseRulesScene(form.app, form.edition, form.options[KEY],
                                          form.setter(KEY)))

        row = Opener(id=KEY, intent=I.Adjust(KEY, 1), label=N_("House rules"),
                     options=[(None, "")], open=open_panel,
                     summary=lambda: summary(form.options[KEY], form.edition))
        return [row]

    def apply(self, rs: Ruleset, form: SetupForm) -> Ruleset:
        on = form.options[KEY]
        for f in house_rules():
            rs = f.turned(rs, f.id in on)
        return rs


class HouseRulesScene(PanelScene):
    """The panel over the set-up form: one toggle per house rule, and Done."""

    name = "house_rules"
    title = N_("House rules")
    width = 820
    row_h = 40
    gap = 4
    #: Room under each toggle for its explanation (at 1280×720 scale).
    line_h = 28

    def __init__(self, app: AppHost, edition: str, on: tuple[str, ...],
                 changed: Callable[[tuple[str, ...]], None]) -> None:
        super().__init__(app)
        self.edition = edition
        self.on = set(on)
        self.changed = changed
        #: The last line said (what a test or a screen reader hook can read).
        self.spoken = ""
        #: A line not yet heard because the voice is still starting (said once it is up).
        self.pending = ""
        self._said_for: tuple[str, bool] | None = None

    def build(self) -> list[Control]:
        out: list[Control] = []
        for f in house_rules():
            why = f.why_unfit(self.edition)
            t = Toggle(id=f"rule:{f.id}", intent=I.Adjust(f"rule:{f.id}", 1), label=f.name,
                       options=[(False, OFF), (True, ON)], rule=f, locked=why,
                       on_change=self._setter(f.id))
            t.set_value(f.id in self.on and not why)
            out.append(t)
        out.append(Button.make("done", N_("Done"), style="primary", hint="Esc"))
        return out

    def _setter(self, rule_id: str) -> Callable[[Any], None]:
        def set_rule(value: Any) -> None:
            if value:
                self.on.add(rule_id)
            else:
                self.on.discard(rule_id)
            order = tuple(f.id for f in house_rules() if f.id in self.on)
            self.changed(order)
            self.announce(force=True)
        return set_rule

    def rows(self) -> list[float]:
        rule = (self.row_h + self.line_h) / self.row_h
        return [rule if isinstance(c, Toggle) else 1.25 for c in self.controls]

    def place(self, controls: list[Control]) -> None:
        s = self.s
        for c in controls:
            if isinstance(c, Toggle):
                c.rect.height = int(self.row_h * s)
        done = controls[-1]
        done.rect.width = int(220 * s)
        done.rect.right = self.panel_rect.right - int(28 * s)

    def extra_height(self) -> int:
        return 0

    def enter(self) -> None:
        super().enter()
        self.app.sound.start_voice([])  # the set-up may come before any table: no voice yet
        self.focus = 0
        self.announce()

    def update(self, dt: float) -> bool:
        sound = self.app.sound
        if self.pending and (sound.say(self.pending) or sound.voice_status != "starting"):
            self.pending = ""  # heard now, or there is no voice to hear it with
        return False

    def wakeup(self) -> float | None:
        return 0.1 if self.pending else None

    # ------------------------------------------------------------------ input
    def handle(self, intent: I.Intent) -> None:
        c = self.focused()
        if isinstance(intent, I.Adjust | I.Activate) and isinstance(c, Toggle) and c.locked \
                and (isinstance(intent, I.Activate) or intent.control == c.id):
            self.app.sound.play("error")  # a locked rule: say why once more
            self.announce(force=True)
            return
        super().handle(intent)
        self.announce()

    def on_press(self, control: str) -> None:
        if control == "done":
            self.app.pop()

    def announce(self, force: bool = False) -> None:
        """Say the focused rule, its state and what it does (when the focus moved or it
        changed, or ``force``)."""
        c = self.focused()
        if not isinstance(c, Toggle) or c.rule is None:
            return
        key = (c.id, bool(c.value))
        if key == self._said_for and not force:
            return
        self._said_for = key
        self.spoken = focus_line(c.rule, self.edition, bool(c.value))
        heard = self.app.sound.say(self.spoken)
        self.pending = "" if heard or self.app.settings.narration == "off" else self.spoken

    # ------------------------------------------------------------------ drawing
    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        px = int(15 * s)
        for c in self.controls:
            if not isinstance(c, Toggle) or c.rule is None:
                continue
            line = _(c.locked) if c.locked else _(c.rule.line)
            colour = theme.mix(theme.DANGER, theme.TEXT, 0.45) if c.locked else theme.TEXT_DIM
            fitted = text.fit(line, px, c.rect.width - int(8 * s))
            text.draw(surface, line, fitted, (c.rect.left + int(6 * s),
                                              c.rect.bottom + int(9 * s)), colour)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("done")

    def test_state(self) -> dict[str, Any]:
        return {"edition": self.edition, "on": sorted(self.on), "spoken": self.spoken,
                "locked": [c.id[5:] for c in self.controls
                           if isinstance(c, Toggle) and c.locked]}


def focus_line(rule: HouseRuleFace, edition: str, on: bool) -> str:
    """What is said as ``rule`` takes the focus (translated)."""
    why = rule.why_unfit(edition)
    if why:
        return _(LOCKED_LINE).format(rule=_(rule.name), why=_(why))
    return _(FOCUS_LINE).format(rule=_(rule.name), state=_(ON if on else OFF).lower(),
                                line=_(rule.line))


register(HouseRulesSection())
