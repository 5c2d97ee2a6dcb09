"""A scene with a centred panel: a title, a few lines of text and a column of controls.

Menus (title, pause), dialogs (notice, colour, challenge) and forms (settings) share it:
subclasses list their controls in :meth:`build` and answer presses in :meth:`on_press`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.ui import intents as I
from game.ui import text, theme
from game.ui.backdrop import felt
from game.ui.scene import Scene
from game.ui.widgets import Control, panel

if TYPE_CHECKING:
    from game.ui.scene import AppHost


class PanelScene(Scene):
    """See the module docstring. ``title``/``body`` are message ids (``params`` fill them)."""

    title = ""
    body = ""
    opaque = False
    width = 560  # panel width at 1280×720
    row_h = 50
    gap = 12

    def __init__(self, app: AppHost, **params: Any) -> None:
        super().__init__(app)
        self.params = params
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._body_lines: list[str] = []

    def build(self) -> list[Control]:
        return []

    def on_press(self, control: str) -> None:
        """A button was pressed."""

    def title_text(self) -> str:
        return _(self.title).format(**self.params) if self.title else ""

    def body_text(self) -> str:
        return _(self.body).format(**self.params) if self.body else ""

    def extra_height(self) -> int:
        """Room (at 1280×720 scale) a subclass draws into between body and controls."""
        return 0

    def arrange(self) -> None:
        s = self.s
        w, h = self.size
        pw = min(int(self.width * s), w - int(40 * s))
        focus = self.focused()
        focus_id = focus.id if focus is not None else None
        self.controls = self.build()
        pad = int(28 * s)
        self._body_lines = text.wrap(self.body_text(), int(20 * s), pw - 2 * pad) \
            if self.body_text() else []
        title_h = int(44 * s) if self.title else 0
        body_h = int(len(self._body_lines) * 20 * s * 1.35)
        extra = int(self.extra_height() * s)
        rows = self.rows()
        ctrl_h = sum(int(self.row_h * s * k) + int(self.gap * s) for k in rows)
        ph = pad + title_h + body_h + (int(12 * s) if body_h else 0) + extra + ctrl_h + pad
        ph = min(ph, h - int(20 * s))
        self.panel_rect = pygame.Rect(0, 0, pw, ph)
        self.panel_rect.center = (w // 2, h // 2)
        self.content_top = self.panel_rect.top + pad + title_h + body_h + \
            (int(12 * s) if body_h else 0)
        y = self.content_top + extra
        for c, k in zip(self.controls, rows):
            rh = int(self.row_h * s * k)
            c.rect = pygame.Rect(self.panel_rect.left + pad, y, pw - 2 * pad, rh)
            y += rh + int(self.gap * s)
        self.place(self.controls)
        if focus_id is not None:
            self.focus_id(focus_id)

    def rows(self) -> list[float]:
        """Height of each control's row, in rows."""
        return [1.0] * len(self.controls)

    def place(self, controls: list[Control]) -> None:
        """Adjust control rects after the column layout (subclasses)."""

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Press):
            self.on_press(intent.control)
            return
        super().handle(intent)

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.opaque:
            surface.blit(felt(self.size), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        s = self.s
        panel(surface, self.panel_rect, s)
        pad = int(28 * s)
        y = self.panel_rect.top + pad
        if self.title:
            title = self.title_text()
            px = text.fit(title, int(32 * s), self.panel_rect.width - 2 * pad)
            text.draw(surface, title, px, (self.panel_rect.centerx, y), theme.ACCENT, "midtop")
            y += int(44 * s)
        for line in self._body_lines:
            text.draw(surface, line, int(20 * s), (self.panel_rect.left + pad, y), theme.TEXT)
            y += int(20 * s * 1.35)
        self.draw_extra(surface)
        super().draw(surface)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Draw into the room reserved by :meth:`extra_height` (subclasses)."""
