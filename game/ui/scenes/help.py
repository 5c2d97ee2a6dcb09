"""Rules and keys: one tab per edition (its rules, base edition first), one for the house
rules (RULES.md H-1 … H-7, from :mod:`game.setup.house_rules`) and one for the keys.

Up/Down or the mouse wheel scroll; Left/Right or Tab move between the tabs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.setup.house_rules import house_rules
from game.ui import intents as I
from game.ui import text, theme
from game.ui.backdrop import felt
from game.ui.editions import edition_names, edition_ui, rules_pages
from game.ui.intents import KEY_HELP
from game.ui.scene import Scene
from game.ui.widgets import Button, panel

if TYPE_CHECKING:
    from game.ui.scene import AppHost

KEYS_TAB = "keys"
HOUSE_TAB = "house"


class HelpScene(Scene):
    name = "help"
    opaque = False

    def __init__(self, app: AppHost, edition: str | None = None) -> None:
        super().__init__(app)
        known = [*edition_names(), HOUSE_TAB, KEYS_TAB]
        self.tab = edition if edition in known else edition_names()[0]
        self.scroll = 0
        self.content_h = 0

    def tabs(self) -> list[tuple[str, str]]:
        return [(e, edition_ui(e).title) for e in edition_names()] + [
            (HOUSE_TAB, N_("House rules")), (KEYS_TAB, N_("Keys"))]

    def arrange(self) -> None:
        s = self.s
        w, h = self.size
        self.panel = pygame.Rect(0, 0, min(w - int(30 * s), int(1000 * s)), h - int(30 * s))
        self.panel.center = (w // 2, h // 2)
        pad = int(24 * s)
        tabs = self.tabs()
        room = self.panel.width - 2 * pad - (len(tabs) - 1) * int(8 * s)
        # Each tab as wide as its title wants (a long edition name stays legible), all
        # shrunk alike to fit the row.
        wants = [text.size(_(title), int(19 * s))[0] + int(24 * s) for _key, title in tabs]
        k = room / max(1, sum(wants))
        self.controls = []
        x = self.panel.left + pad
        for (key, title), want in zip(tabs, wants):
            tw = int(want * k)
            b = Button.make(f"tab:{key}", title, style="primary" if key == self.tab else "normal")
            b.rect = pygame.Rect(x, self.panel.top + pad, tw, int(42 * s))
            self.controls.append(b)
            x += tw + int(8 * s)
        close = Button.make("close", N_("Close"), hint="Esc")
        close.rect = pygame.Rect(0, 0, int(180 * s), int(44 * s))
        close.rect.bottomright = (self.panel.right - pad, self.panel.bottom - pad)
        self.controls.append(close)
        self.body = pygame.Rect(self.panel.left + pad, self.panel.top + pad + int(58 * s),
                                self.panel.width - 2 * pad,
                                self.panel.height - 2 * pad - int(58 * s) - int(56 * s))
        self.focus_id(f"tab:{self.tab}")
        self.content_h = self._measure()

    def _measure(self) -> int:
        """Height of the current tab's text at this size (for scrolling)."""
        s = self.s
        hp, bp = int(24 * s), int(19 * s)
        y = 0
        for _heading, body in self.blocks():
            y += int(hp * 1.5) + len(text.wrap(body, bp, self.body.width)) * int(bp * 1.4)
            y += int(bp * 0.9)
        return y

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Press):
            if intent.control == "close":
                self.app.pop()
            elif intent.control.startswith("tab:"):
                self.tab = intent.control[4:]
                self.scroll = 0
                self.relayout()
            return
        if isinstance(intent, I.Navigate) and intent.dy:
            self._scroll(intent.dy * 40)
            return
        if isinstance(intent, I.Scroll):
            self._scroll(intent.dy * 40)
            return
        if isinstance(intent, I.Help):
            self.app.pop()
            return
        super().handle(intent)

    def _scroll(self, dy: int) -> None:
        limit = max(0, self.content_h - self.body.height)
        self.scroll = max(0, min(limit, self.scroll + int(dy * self.s)))

    def blocks(self) -> list[tuple[str, str]]:
        """(heading, text) already translated, for the current tab."""
        if self.tab == KEYS_TAB:
            out = []
            for heading, keys in KEY_HELP:
                lines = [f"{_(k)} — {_(what)}" for k, what in keys]
                out.append((_(heading), "\n".join(lines)))
            return out
        if self.tab == HOUSE_TAB:
            intro = _("Rules many families add, all off unless chosen on the New game screen. "
                      "The ones on tonight are shown at the top of the table.")
            return [(_("House rules"), intro)] + [
                (f"{f.clause} · {_(f.name)}", _(f.help)) for f in house_rules()]
        return [(_(h), _(b)) for h, b in rules_pages(self.tab)]

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        if self.app.stack.scenes and self.app.stack.scenes[0] is self:
            surface.blit(felt(self.size), (0, 0))
        panel(surface, self.panel, s, 245)
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.body.top - self.scroll
        hp, bp = int(24 * s), int(19 * s)
        for heading, body in self.blocks():
            text.draw(surface, heading, hp, (self.body.left, y), theme.ACCENT)
            y += int(hp * 1.5)
            for line in text.wrap(body, bp, self.body.width):
                if self.body.top - bp < y < self.body.bottom:
                    text.draw(surface, line, bp, (self.body.left, y), theme.TEXT)
                y += int(bp * 1.4)
            y += int(bp * 0.9)
        surface.set_clip(clip)
        if self.content_h > self.body.height:
            frac = self.body.height / self.content_h
            bar_h = max(int(30 * s), int(self.body.height * frac))
            top = self.body.top + int((self.body.height - bar_h) * self.scroll /
                                      max(1, self.content_h - self.body.height))
            pygame.draw.rect(surface, theme.PANEL_EDGE, (self.body.right + int(6 * s), top,
                                                         int(6 * s), bar_h), border_radius=3)
            hint = _("Up / Down or the mouse wheel: scroll")
            text.draw(surface, hint, int(15 * s), (self.body.left,
                      self.panel.bottom - int(36 * s)), theme.TEXT_DIM)
        super().draw(surface)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Back()
