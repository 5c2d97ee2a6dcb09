"""The title screen: resume the newest saved match (or choose among them all), start a new
one, settings, rules, quit, and Roboto's "Try me" demo (R-12) in the corner, with the little
robot beside its button."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.editions.roboto.table.puppet import RobotoPuppet
from game.i18n import N_, _
from game.rules.cards import Card
from game.store.saves import SavedSlot, list_matches
from game.ui import cardart, family, scenes, text, theme
from game.ui import intents as I
from game.ui.scenes.base import PanelScene
from game.ui.scenes.matches import describe_match, resume_match
from game.ui.scenes.notice import save_notice
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost

LOGO_CARDS = ("R7", "Y+2", "W", "GS", "BR")


class TitleScene(PanelScene):
    name = "title"
    opaque = True
    width = 460
    row_h = 52

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.slots: list[SavedSlot] = []
        self.checked = False
        self.robot = RobotoPuppet()
        self.robot.clock = 1.0  # eyes open (not mid-blink)

    @property
    def saved(self) -> SavedSlot | None:
        """The newest saved match, offered first."""
        return self.slots[0] if self.slots else None

    def enter(self) -> None:
        self.slots, problems = list_matches()
        super().enter()
        for problem in problems:
            title, body, params = save_notice(problem)
            self.app.open(scenes.NOTICE, title, body, **params)
        family.tell_problem(self.app)  # a damaged profiles file, told once

    def resume(self) -> None:  # back from the saved matches: one may have been deleted
        self.slots, _problems = list_matches()
        super().resume()

    def build(self) -> list[Control]:
        out: list[Control] = []
        if self.saved is not None:
            out.append(Button.make("resume", N_("Resume the match"), style="primary"))
        if len(self.slots) > 1:
            out.append(Button.make("matches", _("Saved matches ({count})").format(
                count=len(self.slots))))
        out += [Button.make("new", N_("New game"), style="normal" if self.saved else "primary"),
                Button.make("learn", N_("Learn to play")),
                Button.make("settings", N_("Settings")),
                Button.make("stats", N_("Family statistics")),
                Button.make("help", N_("Rules and keys")),
                Button.make("quit", N_("Quit")),
                Button.make("try", N_("Try me!"))]  # placed in the corner, see place()
        # With a saved match and the saved-matches list the column has eight rows: tighter
        # rows keep it under the logo instead of over it.
        tight = len(out) > 7
        self.row_h, self.gap = (42, 6) if tight else (TitleScene.row_h, PanelScene.gap)
        return out

    def rows(self) -> list[float]:
        return [0.0 if c.id == "try" else 1.0 for c in self.controls]

    def place(self, controls: list[Control]) -> None:
        """The "Try me" button sits in the bottom right corner, Roboto standing on it."""
        s = self.s
        w, h = self.size
        for c in controls:
            if c.id == "try":
                c.rect = pygame.Rect(0, 0, int(190 * s), int(48 * s))
                c.rect.bottomright = (w - int(24 * s), h - int(20 * s))
                self.robot.s = s * 0.62
                self.robot.screen_w = w
                self.robot.body = pygame.Rect(0, 0, int(118 * self.robot.s),
                                              int(168 * self.robot.s))
                self.robot.body.midbottom = (c.rect.centerx, c.rect.top - int(4 * s))

    def extra_height(self) -> int:
        return 24 if self.saved is not None else 0

    def arrange(self) -> None:
        """The column sits under the logo (lower than centred)."""
        super().arrange()
        self.panel_rect.height -= int(self.gap * self.s)  # the corner button's row
        h = self.size[1]
        dy = max(0, int(h * 0.36) - self.panel_rect.top)
        dy = min(dy, max(0, h - int(10 * self.s) - self.panel_rect.bottom))
        self.panel_rect.move_ip(0, dy)
        self.content_top += dy
        for c in self.controls:
            if c.id != "try":
                c.rect.move_ip(0, dy)

    def resume_text(self) -> str:
        return describe_match(self.saved) if self.saved is not None else ""

    def on_press(self, control: str) -> None:
        if control == "resume" and self.saved is not None:
            resume_match(self.app, self.saved)
        elif control == "matches":
            self.app.open(scenes.MATCHES)
        elif control == "new":
            self.app.open(scenes.SETUP)
        elif control == "learn":
            self.app.reset(self.app.make(scenes.GUIDE))
        elif control == "settings":
            self.app.open(scenes.SETTINGS)
        elif control == "stats":
            self.app.open(scenes.STATS)
        elif control == "help":
            self.app.open(scenes.HELP)
        elif control == "quit":
            self.app.quit()
        elif control == "try":
            self.app.open(scenes.DEMO)

    def back(self) -> None:
        """Escape on the title screen does nothing (Quit is a button)."""

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        s = self.s
        w, h = self.size
        cw = int(88 * s)
        cx, cy = w // 2, int(h * 0.17)
        for i, code in enumerate(LOGO_CARDS):
            angle = (i - 2) * 16
            img = pygame.transform.rotate(cardart.face(Card.parse(code), cw), -angle)
            x = cx + (i - 2) * int(74 * s)
            y = cy - int(52 * s) + abs(i - 2) * int(16 * s)
            surface.blit(img, img.get_rect(center=(x, y)))
        oval = pygame.Rect(0, 0, int(320 * s), int(108 * s))
        oval.center = (cx, cy + int(26 * s))
        pygame.draw.ellipse(surface, theme.SHADOW, oval.move(int(5 * s), int(7 * s)))
        pygame.draw.ellipse(surface, theme.CARD_RGB[0], oval)
        pygame.draw.ellipse(surface, theme.ACCENT, oval, max(3, int(6 * s)))
        text.draw(surface, "UNO", int(96 * s), oval.center, theme.ACCENT, "center", shadow=True)
        sub = _("for the whole family")
        text.draw(surface, sub, int(24 * s), (cx, oval.bottom + int(10 * s)), theme.TEXT,
                  "midtop", shadow=True)

    def draw_extra(self, surface: pygame.Surface) -> None:
        self.robot.draw_robot(surface)
        if self.saved is not None:
            line = self.resume_text()
            width = self.panel_rect.width - int(40 * self.s)
            text.draw(surface, line, text.fit(line, int(17 * self.s), width),
                      (self.panel_rect.centerx, self.content_top), theme.TEXT_DIM, "midtop")

    def autoplay_intent(self) -> I.Intent | None:
        return None
