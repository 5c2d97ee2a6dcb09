"""Controls: things on screen that can take the focus and be pressed.

A control keeps its label as an untranslated message id and translates it when drawn, so
a language change re-renders it with no bookkeeping. Every control carries the intent it
stands for: a click on it and Enter on it produce the same intent (see ``intents``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import i18n
from game.i18n import N_, _
from game.ui import text, theme
from game.ui.intents import Adjust, Intent, Press


@dataclass
class Control:
    """A focusable rectangle with the intent it produces when activated."""

    id: str
    intent: Intent
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    visible: bool = True
    #: Spoken/accessible name (a message id), e.g. for the state file and tooltips.
    label: str = ""

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        """Controls drawn by their scene (cards, seats) draw nothing themselves."""

    @property
    def adjustable(self) -> bool:
        return False


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, s: float, radius: int = 10) -> None:
    """The visible keyboard focus: a bright double outline around ``rect``."""
    w = max(2, int(3 * s))
    outer = rect.inflate(4 * w, 4 * w)
    pygame.draw.rect(surface, theme.SHADOW, outer.inflate(2, 2), w + 2, border_radius=radius + w)
    pygame.draw.rect(surface, theme.FOCUS, outer, w, border_radius=radius + w)


@dataclass
class Button(Control):
    """A labelled button. ``style``: normal, primary (red) or quiet."""

    style: str = "normal"
    params: dict[str, Any] = field(default_factory=dict)
    hint: str = ""  # a key shown at the right ("D", "U"), not translated

    @staticmethod
    def make(id: str, label: str, intent: Intent | None = None, **kw: Any) -> Button:
        return Button(id=id, intent=intent or Press(id), label=label, **kw)

    def caption(self) -> str:
        return _(self.label).format(**self.params) if self.params else _(self.label)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, int(10 * s))
        if not self.enabled:
            bg = theme.BUTTON_DISABLED
        elif self.style == "primary":
            bg = theme.mix(theme.BUTTON_PRIMARY, (255, 255, 255), 0.12 if hovered else 0.0)
        else:
            bg = theme.BUTTON_HOVER if hovered else theme.BUTTON
        pygame.draw.rect(surface, theme.SHADOW, r.move(0, max(2, int(3 * s))),
                         border_radius=radius)
        pygame.draw.rect(surface, bg, r, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, max(1, int(s)), border_radius=radius)
        px = text.fit(self.caption(), int(r.height * 0.46), r.width - int(20 * s))
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        text.draw(surface, self.caption(), px, r.center, colour, "center")
        if self.hint and self.enabled:
            hp = max(10, int(r.height * 0.3))
            text.draw(surface, self.hint, hp, (r.right - int(8 * s), r.centery), theme.TEXT_DIM,
                      "midright")
        if focused:
            focus_ring(surface, r, s, radius)


@dataclass
class Choice(Control):
    """A setting with a few values, changed with Left/Right or a click: ``Label  ‹ value ›``.

    ``options`` are (value, message id) pairs; ``on_change`` gets the new value."""

    options: Sequence[tuple[Any, str]] = ()
    index: int = 0
    on_change: Callable[[Any], None] | None = None

    @staticmethod
    def make(id: str, label: str, options: Sequence[tuple[Any, str]], value: Any,
             on_change: Callable[[Any], None] | None = None) -> Choice:
        values = [v for v, _m in options]
        index = values.index(value) if value in values else 0
        return Choice(id=id, intent=Adjust(id, 1), label=label, options=list(options),
                      index=index, on_change=on_change)

    @property
    def adjustable(self) -> bool:
        return True

    @property
    def value(self) -> Any:
        return self.options[self.index][0] if self.options else None

    def set_value(self, value: Any) -> None:
        for i, (v, _m) in enumerate(self.options):
            if v == value:
                self.index = i

    def step(self, delta: int) -> None:
        if not self.enabled or not self.options:
            return
        self.index = (self.index + delta) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)

    def value_text(self) -> str:
        return _(self.options[self.index][1]) if self.options else ""

    def intent_at(self, pos: tuple[int, int]) -> Intent:
        """A click: on the "‹" third of the value, one step back; anywhere else, forward."""
        r = self.rect
        vx0 = r.left + (int(r.width * 0.5) if self.label else 0)
        if vx0 <= pos[0] < vx0 + (r.right - vx0) // 3:
            return Adjust(self.id, -1)
        return self.intent

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, int(8 * s))
        bg = theme.BUTTON_HOVER if hovered else theme.BUTTON
        if not self.enabled:
            bg = theme.BUTTON_DISABLED
        pygame.draw.rect(surface, bg, r, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, max(1, int(s)), border_radius=radius)
        px = int(r.height * 0.44)
        pad = int(12 * s)
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        label_w = int(r.width * 0.5) if self.label else 0
        if self.label:
            lp = text.fit(_(self.label), px, label_w - pad)
            text.draw(surface, _(self.label), lp, (r.left + pad, r.centery), colour, "midleft")
        vx0 = r.left + label_w
        vw = r.right - vx0
        value = self.value_text()
        vp = text.fit(value, px, vw - 4 * pad)
        text.draw(surface, value, vp, (vx0 + vw // 2, r.centery), theme.ACCENT if self.enabled
                  else theme.TEXT_DIM, "center")
        text.draw(surface, "‹", px, (vx0 + pad, r.centery), colour, "midleft")
        text.draw(surface, "›", px, (r.right - pad, r.centery), colour, "midright")
        if focused:
            focus_ring(surface, r, s, radius)


#: The selected text's background in a text field (its letters stay dark on it).
SELECTION = (160, 205, 255)
#: What was copied when the system clipboard cannot be used (no display, no clipboard
#: support): copy and paste still work between the game's own fields.
_CLIPBOARD: list[str] = [""]


def clipboard_text() -> str:
    """The system clipboard's text (``pygame.scrap``), or what the game copied last when
    there is no system clipboard to read (never raises)."""
    try:
        if pygame.scrap.has_text():
            return str(pygame.scrap.get_text())
        return ""
    except Exception:  # no clipboard here (no video, an old SDL): the game's own copy
        return _CLIPBOARD[0]


def put_clipboard(value: str) -> None:
    """Put ``value`` on the system clipboard, and keep it for :func:`clipboard_text`."""
    _CLIPBOARD[0] = value
    with contextlib.suppress(Exception):  # no system clipboard: the game's own copy serves
        pygame.scrap.put_text(value)


def _word_left(value: str, c: int) -> int:
    """Where a word before ``c`` starts (spaces before the caret are skipped first)."""
    while c > 0 and value[c - 1].isspace():
        c -= 1
    while c > 0 and not value[c - 1].isspace():
        c -= 1
    return c


def _word_right(value: str, c: int) -> int:
    """Where the word after ``c`` ends (spaces after the caret are skipped first)."""
    n = len(value)
    while c < n and value[c].isspace():
        c += 1
    while c < n and not value[c].isspace():
        c += 1
    return c


@dataclass
class TextField(Control):
    """A one-line text entry (player names). Typing goes here while it has the focus.

    It edits as text fields usually do: a caret (Left/Right, Home/End, Ctrl+Left/Right by
    words) and a selection (Shift with a move, Ctrl+A for all) that typing replaces;
    Backspace/Delete (with Ctrl, a whole word), and Ctrl+C/X/V with the system clipboard
    (see :func:`clipboard_text`). ``anchor`` is the selection's other end (``-1``: none)."""

    value: str = ""
    max_len: int = 16
    caret: int = -1
    anchor: int = -1
    on_change: Callable[[str], None] | None = None

    @staticmethod
    def make(id: str, label: str, value: str, on_change: Callable[[str], None] | None = None,
             max_len: int = 16) -> TextField:
        return TextField(id=id, intent=Press(id), label=label, value=value, max_len=max_len,
                         caret=len(value), on_change=on_change)

    # ------------------------------------------------------------------ selection
    def selection(self) -> tuple[int, int]:
        """The selected characters as ``(start, end)``; ``start == end``: none."""
        c = self._caret()
        if self.anchor < 0:
            return c, c
        a = min(self.anchor, len(self.value))
        return min(a, c), max(a, c)

    def selected(self) -> str:
        start, end = self.selection()
        return self.value[start:end]

    def _replace(self, start: int, end: int, chars: str) -> None:
        """``value[start:end]`` becomes ``chars`` (cut to the room left); the caret after."""
        chars = "".join(ch for ch in chars if ch.isprintable())
        room = self.max_len - (len(self.value) - (end - start))
        chars = chars[:max(0, room)]
        new = self.value[:start] + chars + self.value[end:]
        self.caret, self.anchor = start + len(chars), -1
        if new != self.value:
            self.value = new
            self._changed()

    # ------------------------------------------------------------------ editing
    def type(self, chars: str) -> None:
        """Typed text: it replaces the selection, else goes in at the caret."""
        start, end = self.selection()
        printable = "".join(ch for ch in chars if ch.isprintable())
        if not printable or (start == end and len(self.value) >= self.max_len):
            return
        self._replace(start, end, printable)

    def edit(self, key: str) -> None:
        """One editing key (see :class:`game.ui.intents.EditKey`); unknown keys do nothing."""
        c = self._caret()
        start, end = self.selection()
        n = len(self.value)
        if key in ("backspace", "delete", "word_backspace", "word_delete"):
            if start != end:
                self._replace(start, end, "")
            elif key == "backspace" and c > 0:
                self._replace(c - 1, c, "")
            elif key == "delete" and c < n:
                self._replace(c, c + 1, "")
            elif key == "word_backspace" and c > 0:
                self._replace(_word_left(self.value, c), c, "")
            elif key == "word_delete" and c < n:
                self._replace(c, _word_right(self.value, c), "")
        elif key == "select_all":
            self.anchor, self.caret = 0, n
        elif key == "copy":
            if start != end:
                put_clipboard(self.selected())
        elif key == "cut":
            if start != end:
                put_clipboard(self.selected())
                self._replace(start, end, "")
        elif key == "paste":
            self._replace(start, end, " ".join(clipboard_text().split()))  # one line
        elif key.startswith("select_"):
            if self.anchor < 0:
                self.anchor = c
            self.caret = self._moved(key[len("select_"):], c)
            if self.anchor == self.caret:
                self.anchor = -1
        elif key in ("left", "right") and start != end:  # a selection: go to its end
            self.caret, self.anchor = (start if key == "left" else end), -1
        else:
            moved = self._moved(key, c)
            self.caret, self.anchor = moved, -1

    def _moved(self, move: str, c: int) -> int:
        """Where the caret goes from ``c`` for ``move`` (it stays for an unknown one)."""
        n = len(self.value)
        return {"left": max(0, c - 1), "right": min(n, c + 1), "home": 0, "end": n,
                "word_left": _word_left(self.value, c),
                "word_right": _word_right(self.value, c)}.get(move, c)

    def _caret(self) -> int:
        return len(self.value) if self.caret < 0 else min(self.caret, len(self.value))

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(3, int(6 * s))
        pygame.draw.rect(surface, (250, 250, 246) if self.enabled else theme.BUTTON_DISABLED, r,
                         border_radius=radius)
        px = int(r.height * 0.5)
        pad = int(8 * s)
        shown = self.value or _(self.label)
        colour = theme.TEXT_DARK if self.value else (150, 150, 150)
        start, end = self.selection()
        if focused and start != end:  # the selection, behind its letters
            x0 = r.left + pad + text.size(self.value[:start], px)[0]
            x1 = r.left + pad + text.size(self.value[:end], px)[0]
            pygame.draw.rect(surface, SELECTION, pygame.Rect(
                x0, r.top + r.height // 6, x1 - x0, r.height - 2 * (r.height // 6)))
        text.draw(surface, shown, px, (r.left + pad, r.centery), colour, "midleft")
        if focused:
            cx = r.left + pad + text.size(self.value[: self._caret()], px)[0]
            pygame.draw.line(surface, theme.TEXT_DARK, (cx, r.top + r.height // 5),
                             (cx, r.bottom - r.height // 5), max(1, int(2 * s)))
            focus_ring(surface, r, s, radius)


def language_choice(on_change: Callable[[str], None]) -> Choice:
    """The game's one language setting, the same control wherever it is shown (Settings,
    the New game screen): it shows the language the game speaks now, and ``on_change``
    (the app's ``set_language``) switches the whole game and saves the choice."""
    return Choice.make("language", N_("Language"), list(i18n.LANGUAGES.items()),
                       i18n.current_language(), on_change)


def panel(surface: pygame.Surface, rect: pygame.Rect, s: float, alpha: int = 235) -> None:
    """A rounded dark panel (dialogs, menus). Nothing is drawn for an empty rect (a window
    dragged down to a few pixels leaves no room for one)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    radius = max(6, int(16 * s))
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*theme.PANEL, alpha), shade.get_rect(), border_radius=radius)
    surface.blit(shade, rect.topleft)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, max(1, int(2 * s)), border_radius=radius)
