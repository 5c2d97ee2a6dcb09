"""The saved matches: every match in progress, newest first, to resume or delete.

Each match keeps its own file (:mod:`game.store.saves`), so a new game never replaces one. A row
names the match by edition, players and date; Enter (or a click) resumes it, the row's
"Delete" button asks first. The list shows a page at a time (the "More matches" button or
the mouse wheel turn the page), so a family with many matches reaches every one of them.

A match nobody went back to keeps its file for ever: "Clear old matches…" asks how old
(last played more than a week, a month, three months or a year ago), says how many files
that is and how much space they take, and deletes them only on "Yes" ("No" has the focus);
the matches played since stay (:class:`ClearMatchesScene`).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _, ngettext
from game.play.session import Session
from game.store.autosave import AutoSaver
from game.store.profiles import Avatar
from game.store.saves import SavedSlot, SaveError, delete_match, list_matches
from game.store.userfiles import WATCH
from game.ui import family, scenes, text, theme
from game.ui import intents as I
from game.ui.avatars import draw_avatar
from game.ui.editions import edition_ui
from game.ui.file_notices import size_text
from game.ui.scenes.base import PanelScene
from game.ui.scenes.notice import save_notice
from game.ui.widgets import Button, Choice, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost

PAGE = 5
#: Faces drawn left of a saved match's row (more players: "+N"), and their size at 1280×720.
FACES, FACE = 4, 36
#: How long ago a match must have been last played for "Clear old matches…" to delete it:
#: (days, the phrase), and the age offered first.
AGES = ((7, N_("more than a week ago")), (30, N_("more than a month ago")),
        (91, N_("more than three months ago")), (365, N_("more than a year ago")))
DEFAULT_AGE = 30
DAY_S = 86400.0
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
          N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def when(saved_at: float, now: float | None = None) -> str:
    """A save's date as a family reads it: "today, 16:40", "yesterday, 09:05", "3 Dec, 18:20"
    (and "date unknown" for a time this platform cannot show; loading refuses those)."""
    try:
        t = time.localtime(saved_at)
        today = time.localtime(time.time() if now is None else now)
    except (OverflowError, OSError, ValueError):
        return _("date unknown")
    hour = f"{t.tm_hour:02d}:{t.tm_min:02d}"
    days = (time.mktime((*today[:3], 0, 0, 0, 0, 0, -1)) -
            time.mktime((*t[:3], 0, 0, 0, 0, 0, -1))) / 86400
    if round(days) == 0:
        return _("today, {hour}").format(hour=hour)
    if round(days) == 1:
        return _("yesterday, {hour}").format(hour=hour)
    return _("{day} {month}, {hour}").format(day=t.tm_mday, month=_(MONTHS[t.tm_mon - 1]),
                                             hour=hour)


def describe_match(slot: SavedSlot, now: float | None = None) -> str:
    """One line naming a saved match: edition, players, date."""
    m = slot.match
    title = _(edition_ui(m.record.ruleset.edition).title)
    names = ", ".join(seat.name for seat in m.seats)
    return _("{edition} · {players} · {when}").format(edition=title, players=names,
                                                       when=when(m.saved_at, now))


def resume_match(app: AppHost, slot: SavedSlot) -> None:
    """Sit down at the table of a saved match (it keeps saving into its own file)."""
    try:
        game = slot.match.replay()
    except SaveError as exc:
        app.open(scenes.NOTICE, N_("The saved match could not be resumed"), "{reason}",
                 reason=str(exc))
        return
    session = Session(game, slot.match.seats, AutoSaver(slot.path))
    session.restore_table_options(slot.match.table)
    session.restore_story()
    app.reset(app.make(scenes.TABLE, session, resumed=True))


class SavedMatchesScene(PanelScene):
    name = "matches"
    title = N_("Saved matches")
    opaque = True
    width = 860
    row_h = 46

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.slots: list[SavedSlot] = []
        self.page = 0
        self.row_faces: dict[int, list[Avatar]] = {}

    def enter(self) -> None:
        self.reload()
        super().enter()

    def resume(self) -> None:  # back from the delete question: the list may have changed
        self.reload()
        super().resume()

    def reload(self) -> None:
        self.slots, problems = list_matches()
        self.page = min(self.page, max(0, (len(self.slots) - 1) // PAGE))
        for problem in problems:
            title, body, params = save_notice(problem)
            self.app.open(scenes.NOTICE, title, body, **params)
        if not self.slots and self.app.top is self:
            self.app.pop()

    def shown(self) -> list[tuple[int, SavedSlot]]:
        first = self.page * PAGE
        return list(enumerate(self.slots))[first:first + PAGE]

    def body_text(self) -> str:
        if not self.slots:
            return _("No saved match.")
        pages = (len(self.slots) - 1) // PAGE + 1
        if pages == 1:
            return _("Choose a match to go on with it.")
        return _("Choose a match to go on with it. Page {page} of {pages}.").format(
            page=self.page + 1, pages=pages)

    def build(self) -> list[Control]:
        out: list[Control] = []
        # Each row's faces, found once per layout: family.faces caches one table's seats,
        # so asking it row by row in every frame would look them all up again each time.
        self.row_faces = {i: family.faces(self.app, [seat.player_id for seat in slot.match.seats])
                          for i, slot in self.shown()}
        for i, slot in self.shown():
            out.append(Button.make(f"slot{i}", describe_match(slot),
                                   style="primary" if i == 0 else "normal"))
            out.append(Button.make(f"delete{i}", N_("Delete"), style="quiet"))
        if len(self.slots) > PAGE:
            out.append(Button.make("more", N_("More matches")))
        out.append(Button.make("clear", N_("Clear old matches…")))
        out.append(Button.make("back", N_("Back")))
        return out

    def rows(self) -> list[float]:
        return [0.0 if c.id.startswith("delete") else 1.0 for c in self.controls]

    def place(self, controls: list[Control]) -> None:
        """Each row: the match (wide) and its Delete button at its right."""
        s = self.s
        by_id = {c.id: c for c in controls}
        for c in controls:
            if c.id.startswith("slot"):
                delete = by_id[f"delete{c.id[4:]}"]
                dw = int(130 * s)
                delete.rect = c.rect.copy()
                delete.rect.width = dw
                delete.rect.right = c.rect.right
                c.rect.width -= dw + int(10 * s)
                strip = self.faces_width()  # the players' faces, left of the row
                c.rect.left += strip
                c.rect.width -= strip

    def faces_width(self) -> int:
        s = self.s
        return int((FACE + (FACES - 1) * FACE * 0.62 + 10) * s)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Each saved match's players, by their faces (overlapping, the first on top)."""
        s = self.s
        size = int(FACE * s)
        step = int(FACE * 0.62 * s)
        by_id = {c.id: c for c in self.controls}
        for i, slot in self.shown():
            row = by_id.get(f"slot{i}")
            if row is None:
                continue
            seats = slot.match.seats
            faces = self.row_faces.get(i, [])[:FACES]
            left = row.rect.left - self.faces_width()
            for k in reversed(range(len(faces))):
                centre = (left + size // 2 + k * step, row.rect.centery)
                draw_avatar(surface, faces[k], centre, size)
            if len(seats) > FACES:
                text.draw(surface, f"+{len(seats) - FACES}", int(13 * s),
                          (left + size + (FACES - 1) * step, row.rect.bottom),
                          theme.TEXT, "bottomright")

    def on_press(self, control: str) -> None:
        if control.startswith("slot"):
            resume_match(self.app, self.slots[int(control[4:])])
        elif control.startswith("delete"):
            slot = self.slots[int(control[6:])]
            self.app.open(scenes.CONFIRM, N_("Delete this saved match?"), "{match}",
                          on_yes=lambda: delete_match(slot.path), match=describe_match(slot))
        elif control == "more":
            self.turn(1)
        elif control == "clear":
            self.app.push(ClearMatchesScene(self.app, self.slots))
        elif control == "back":
            self.app.pop()

    def turn(self, pages: int) -> None:
        count = (len(self.slots) - 1) // PAGE + 1
        self.page = (self.page + pages) % max(1, count)
        self.relayout()
        self.focus_id(f"slot{self.page * PAGE}")

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Scroll):
            self.turn(1 if intent.dy > 0 else -1)
            return
        super().handle(intent)

    def back(self) -> None:
        self.app.pop()

    def test_state(self) -> dict[str, Any]:
        return {"slots": [str(slot.path.name) for slot in self.slots], "page": self.page}


def old_matches(slots: Sequence[SavedSlot], days: int,
                now: float | None = None) -> list[SavedSlot]:
    """The saved matches last played more than ``days`` days before ``now``."""
    limit = (time.time() if now is None else now) - days * DAY_S
    return [slot for slot in slots if slot.match.saved_at < limit]


def files_size(slots: Sequence[SavedSlot]) -> int:
    """The bytes the saved matches' files take on disk."""
    size = 0
    for slot in slots:
        with contextlib.suppress(OSError):
            size += os.lstat(slot.path).st_size
    return size


class ClearMatchesScene(PanelScene):
    """The question before clearing old saved matches: how old (Left/Right on "Last
    played"), then how many files and how much space go; "No" has the focus, so a reflex
    Enter (or Escape) deletes nothing. Only the matches last played before the chosen age go:
    one played since stays, to be resumed."""

    name = "matches.clear"
    title = N_("Clear old saved matches?")
    width = 720
    row_h = 46

    def __init__(self, app: AppHost, slots: Sequence[SavedSlot],
                 now: float | None = None) -> None:
        super().__init__(app)
        self.slots = list(slots)
        self.now = now
        self.days = DEFAULT_AGE

    def enter(self) -> None:
        super().enter()
        self.focus_id("no")

    def chosen(self) -> list[SavedSlot]:
        """The matches "Yes" deletes, for the age chosen now."""
        return old_matches(self.slots, self.days, self.now)

    def body_text(self) -> str:
        old = self.chosen()
        age = _(dict(AGES)[self.days])
        if not old:
            return _("No saved match was last played {age}. Choose another age, or keep "
                     "them all.").format(age=age)
        return ngettext(
            "{count} saved match was last played {age}. Its file takes {size}. Delete it? "
            "The matches played since then stay.",
            "{count} saved matches were last played {age}. Their {count} files take {size}. "
            "Delete them? The matches played since then stay.",
            len(old)).format(count=len(old), age=age, size=size_text(files_size(old)))

    def build(self) -> list[Control]:
        count = len(self.chosen())
        yes = ngettext("Yes, delete {count} match", "Yes, delete {count} matches", count)
        return [Choice.make("age", N_("Last played"), AGES, self.days, self.set_age),
                Button.make("no", N_("No, keep them"), style="primary"),
                Button.make("yes", yes.format(count=count), enabled=count > 0)]

    def set_age(self, days: int) -> None:
        self.days = days
        self.relayout()  # the question says the new count and size

    def on_press(self, control: str) -> None:
        if control == "yes":
            self.clear()
        self.app.pop()  # the list below resumes, and sees what changed

    def clear(self) -> None:
        """Delete the chosen matches' files; one that cannot go is told (once), the others
        go all the same."""
        failed = False
        for slot in self.chosen():
            try:
                delete_match(slot.path)
            except OSError as exc:
                if not failed:
                    WATCH.could_not("matches", slot.path, exc)
                failed = True

    def back(self) -> None:
        self.app.pop()

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("no")

    def test_state(self) -> dict[str, Any]:
        return {"days": self.days, "chosen": [slot.path.name for slot in self.chosen()]}
