"""The player is told when the game or the settings cannot be saved (a full disk, a read-only
folder) and when saving works again: a banner over whatever scene is showing, spoken too when
the voice is on. The notices come from :data:`game.store.userfiles.WATCH` (the autosave reports
to it from its thread, the settings from the app), each failure once.

The banner blocks nothing (no focus, no input), goes away by itself, and is translated when
drawn, so a language change re-renders it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.store.userfiles import OK, WATCH, WriteNotice, WriteWatch
from game.ui import text, theme
from game.ui.widgets import panel

if TYPE_CHECKING:
    from game.ui.scene import AppHost as App

#: How long a failure stays on screen (seconds); "saved again" is shorter.
NOTICE_S = 12.0
BACK_S = 5.0


def size_text(size: int) -> str:
    """A size on disk as a family reads it: "12 bytes", "340 KB", "2.5 MB" (translated, with
    the language's decimal mark; rounded up, so a small file is never "0 KB")."""
    if size < 1000:
        return ngettext("{n} byte", "{n} bytes", size).format(n=size)
    if size < 1_000_000:
        return _("{n} KB").format(n=-(-size // 1000))
    whole, tenths = divmod(-(-size // 100_000), 10)
    if whole >= 100:
        return _("{n} MB").format(n=whole)
    return _("{whole}.{tenths} MB").format(whole=whole, tenths=tenths)  # French: 2,5 Mo


class FileNotices:
    """See the module docstring. The app calls :meth:`update`, :meth:`wakeup`, :meth:`draw`."""

    def __init__(self, app: App, watch: WriteWatch | None = None) -> None:
        self.app = app
        self.watch = WATCH if watch is None else watch
        self.shown: WriteNotice | None = None
        self.left = 0.0
        self._unspoken = False

    def update(self, dt: float) -> bool:
        """Take new notices (the newest wins the banner); ``True`` when the screen changed."""
        changed = False
        for notice in self.watch.take():
            self.shown, self._unspoken, changed = notice, True, True
            self.left = BACK_S if notice.trouble == OK else NOTICE_S
        if self.shown is None:
            return changed
        if self._unspoken and self.app.sound.voice_on:  # the voice may start a little later
            self._unspoken = not self.app.sound.say(self.shown.text())
        if not changed:
            self.left -= dt
            if self.left <= 0:
                self.shown, changed = None, True
        return changed

    def wakeup(self) -> float | None:
        return None if self.shown is None else max(0.0, self.left)

    def text(self) -> str:
        return "" if self.shown is None else self.shown.text()

    def draw(self, surface: pygame.Surface) -> None:
        msg = self.text()
        if not msg:
            return
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        px = max(15, int(18 * s))
        width = max(120, int(w * 0.55))
        lines = text.wrap(msg, px, width)
        box = pygame.Rect(0, 0, width + int(30 * s), int(len(lines) * px * 1.3 + 18 * s))
        box.midtop = (w // 2, int(6 * s))  # above the seats, clear of the hand
        colour = theme.OK if self.shown is not None and self.shown.trouble == OK \
            else theme.DANGER
        pygame.draw.rect(surface, colour, box.inflate(4, 4), border_radius=int(12 * s))
        panel(surface, box, s, 245)
        y = box.top + int(9 * s)
        for line in lines:
            text.draw(surface, line, px, (box.centerx, y), theme.TEXT, "midtop")
            y += int(px * 1.3)
