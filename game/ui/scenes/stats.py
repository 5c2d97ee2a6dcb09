"""The family's statistics: each player's face and name, matches played and won, hands
played and won and best hand, for every edition together or one at a time.

Everyone who sat at a table is listed, at 0 wins too (issue 34 item 9): in every edition
together, every player the game knows (a player is known from the deal on); in one
edition, everyone who played a hand or a match of it to its end.

Reached from the title screen. Left/Right on the edition (or a click) changes the edition;
Up/Down move along the players; each row is said aloud when it takes the focus (when the
voice is on), like the rest of the game. A page shows what fits; "More players" (or the
mouse wheel) turns it. The counts themselves are kept by :mod:`game.store.stats`: a match counts
when it ends, a hand when it is won.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.store.profiles import EditionStats, Profile
from game.ui import family, scenes, text, theme
from game.ui import intents as I
from game.ui.avatars import draw_avatar
from game.ui.backdrop import felt
from game.ui.editions import edition_names, edition_ui
from game.ui.scene import Scene
from game.ui.widgets import Button, Choice, Control, focus_ring, panel

if TYPE_CHECKING:
    from game.ui.scene import AppHost

#: The columns of figures, in order: message id of the heading, and the record's field.
COLUMNS = ((N_("Played"), "played"), (N_("Won"), "won"), (N_("Hands played"), "hands_played"),
           (N_("Hands won"), "hands_won"), (N_("Best hand"), "best"))
ROW_LINE = N_("{name}: matches played {played}, won {won}; hands played {hands_played}, won "
              "{hands}; best hand {best} points.")
EMPTY = N_("No players yet: everyone who sits down at a table is listed here.")
EMPTY_EDITION = N_("Nobody has played a hand of this edition to its end yet.")
NOTE = N_("A match or a hand counts when it ends.")
FORGET_BODY = N_("{player}'s face and statistics will be forgotten. Saved matches are kept.")
#: The same, for a player with recordings (``recordings``: "2 files, 180 KB").
FORGET_RECORDINGS = N_("{player}'s face and statistics will be forgotten and their recordings "
                       "deleted ({recordings}). Saved matches are kept.")
#: Width of each row's "Forget" button (at 1280×720).
FORGET_W = 110
#: How long the voice may take to start before a line is left unsaid (seconds).
SAY_WITHIN_S = 2.0


@dataclass
class StatsRow(Control):
    """One player's line: drawn by itself (face, name, figures); Enter says it again."""

    profile: Profile | None = None
    record: EditionStats = field(default_factory=EditionStats)
    #: The x of each column's centre (the scene's layout).
    columns: list[int] = field(default_factory=list)

    def spoken(self) -> str:
        p = self.profile
        if p is None:
            return ""
        r = self.record
        return _(ROW_LINE).format(name=p.name, played=r.played, won=r.won,
                                  hands_played=r.hands_played, hands=r.hands_won, best=r.best)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        p = self.profile
        if not self.visible or p is None:
            return
        r = self.rect
        radius = max(4, int(10 * s))
        pygame.draw.rect(surface, theme.BUTTON_HOVER if hovered else theme.BUTTON, r,
                         border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, max(1, int(s)), border_radius=radius)
        face = r.height - max(4, int(8 * s))
        draw_avatar(surface, p.avatar, (r.left + int(8 * s) + face // 2, r.centery), face)
        px = int(r.height * 0.42)
        x = r.left + int(18 * s) + face
        room = (self.columns[0] if self.columns else r.right) - x - int(60 * s)
        shown = text.draw(surface, p.name, text.fit(p.name, px, max(20, room)),
                          (x, r.centery), theme.TEXT, "midleft")
        if p.ai:
            text.draw(surface, _("AI"), int(px * 0.7), (shown.right + int(8 * s), r.centery),
                      theme.TEXT_DIM, "midleft")
        values = [getattr(self.record, key) for _m, key in COLUMNS]
        for cx, value in zip(self.columns, values):
            colour = theme.ACCENT if value else theme.TEXT_DIM
            text.draw(surface, str(value), px, (cx, r.centery), colour, "center")
        if focused:
            focus_ring(surface, r, s, radius)


class StatsScene(Scene):
    name = "stats"
    opaque = True

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.edition: str | None = None
        self.page = 0
        self.per_page = 6
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.columns: list[int] = []
        self.header_y = 0
        self._said: str | None = None  # the id of the control last said aloud
        self._saying: tuple[str, float] | None = None  # words waiting for the voice

    # ------------------------------------------------------------------ data
    def players(self) -> list[tuple[Profile, EditionStats]]:
        """Everyone who played: in every edition together, every player the game knows
        (each sat at a table); in one edition, everyone who played a hand or a match of it
        to its end, winner or not."""
        out = []
        for p in family.profiles(self.app).book.ordered():
            record = p.total(self.edition)
            if self.edition is None or record.anything():
                out.append((p, record))
        if self.edition is not None:
            out.sort(key=lambda pr: (-pr[1].played, -pr[1].won, -pr[1].hands_won,
                                     -pr[1].hands_played, pr[0].name))
        return out

    def page_players(self) -> list[tuple[Profile, EditionStats]]:
        """The players on the page shown."""
        return self.players()[self.page * self.per_page:(self.page + 1) * self.per_page]

    def pages(self) -> int:
        return max(1, (len(self.players()) - 1) // self.per_page + 1)

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        super().enter()
        if self.app.settings.narration != "off":
            self.app.sound.start_voice([])  # the voice may not have started yet
        self._said = None

    def _set_edition(self, value: str | None) -> None:
        self.edition = value
        self.page = 0
        self.relayout()
        self._said = None  # say the edition chosen again

    # ------------------------------------------------------------------ layout
    def arrange(self) -> None:
        focus = self.focused()
        fid = focus.id if focus is not None else None
        s = self.s
        w, h = self.size
        self.panel = pygame.Rect(0, 0, min(w - int(30 * s), int(1000 * s)),
                                 min(h - int(20 * s), int(690 * s)))
        self.panel.center = (w // 2, h // 2)
        pad = int(26 * s)
        editions: list[tuple[Any, str]] = [(None, N_("All editions"))]
        editions += [(e, edition_ui(e).title) for e in edition_names()]
        choice = Choice.make("edition", N_("Edition"), editions, self.edition,
                             self._set_edition)
        choice.rect = pygame.Rect(0, 0, min(self.panel.width - 2 * pad, int(560 * s)),
                                  int(44 * s))
        choice.rect.midtop = (self.panel.centerx, self.panel.top + int(70 * s))
        self.header_y = choice.rect.bottom + int(16 * s)
        row_h, gap = int(50 * s), int(8 * s)
        rows_top = self.header_y + int(28 * s)
        button_h = int(50 * s)
        room = self.panel.bottom - pad - button_h - int(16 * s) - rows_top
        self.per_page = max(1, min(8, (room + gap) // (row_h + gap)))
        self.page = min(self.page, self.pages() - 1)
        inner = pygame.Rect(self.panel.left + pad, 0, self.panel.width - 2 * pad, 0)
        forget_w = int(FORGET_W * s)  # each row's "Forget" button, at its right
        inner.width -= forget_w + gap
        col_w = int(104 * s)
        self.columns = [inner.right - int(col_w * (len(COLUMNS) - k - 0.5))
                        for k in range(len(COLUMNS))]
        controls: list[Control] = [choice]
        shown = self.page_players()
        for k, (profile, record) in enumerate(shown):
            row = StatsRow(id=f"row{k}", intent=I.Press(f"row{k}"), profile=profile,
                           record=record, columns=self.columns)
            row.rect = pygame.Rect(inner.left, rows_top + k * (row_h + gap), inner.width, row_h)
            forget = Button.make(f"forget{k}", N_("Forget"), style="quiet")
            forget.rect = pygame.Rect(inner.right + gap, row.rect.top, forget_w, row_h)
            controls += [row, forget]
        back = Button.make("back", N_("Back"), style="primary" if not shown else "normal")
        back.rect = pygame.Rect(0, 0, int(180 * s), button_h)
        back.rect.bottomleft = (self.panel.left + pad, self.panel.bottom - pad)
        controls.append(back)
        if self.pages() > 1:
            more = Button.make("more", N_("More players"))
            more.rect = pygame.Rect(0, 0, int(240 * s), button_h)
            more.rect.bottomright = (self.panel.right - pad, self.panel.bottom - pad)
            controls.append(more)
        self.controls = controls
        if fid is not None and any(c.id == fid for c in controls):
            self.focus_id(fid)
        else:
            self.focus_id("row0" if shown else "back")

    # ------------------------------------------------------------------ input
    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Press):
            if intent.control == "back":
                self.app.pop()
            elif intent.control == "more":
                self.turn(1)
            elif intent.control.startswith("row"):
                self._said = None  # Enter on a row: say it again
            elif intent.control.startswith("forget"):
                self.ask_to_forget(int(intent.control[6:]))
            return
        if isinstance(intent, I.Scroll):
            self.turn(1 if intent.dy < 0 else -1)
            return
        super().handle(intent)

    def move_focus(self, dx: int, dy: int) -> None:
        """Right from a player's row goes to its "Forget", Left comes back (the edition
        above is nearer to the row's middle than the button at its end)."""
        c = self.focused()
        if c is not None and dx > 0 and not dy and c.id.startswith("row"):
            self.focus_id(f"forget{c.id[3:]}")
        elif c is not None and dx < 0 and not dy and c.id.startswith("forget"):
            self.focus_id(f"row{c.id[6:]}")
        else:
            super().move_focus(dx, dy)

    def ask_to_forget(self, k: int) -> None:
        """The row's "Forget": asked first, "No" focused (the face and figures are lost)."""
        shown = self.page_players()
        if not 0 <= k < len(shown):
            return
        profile = shown[k][0]
        count, size = family.recordings(profile.id)  # they go too: say how many, how large
        self.app.open(scenes.CONFIRM, N_("Forget {player}?"),
                      FORGET_RECORDINGS if count else FORGET_BODY,
                      on_yes=lambda: family.forget(self.app, profile.id),
                      yes=N_("Yes, forget them"), no=N_("No, keep them"), player=profile.name,
                      recordings=family.recordings_text(count, size))

    def turn(self, pages: int) -> None:
        self.page = (self.page + pages) % self.pages()
        self.relayout()
        self.focus_id("row0")

    def back(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ the voice
    def focus_words(self) -> str:
        """What is said when the focus lands on the focused control."""
        c = self.focused()
        if isinstance(c, StatsRow):
            return c.spoken()
        if isinstance(c, Choice):
            return f"{_(c.label)}: {c.value_text()}"
        if isinstance(c, Button) and c.id.startswith("forget"):
            row = next((x for x in self.controls if x.id == f"row{c.id[6:]}"), None)
            if isinstance(row, StatsRow) and row.profile is not None:
                return _("Forget {name}").format(name=row.profile.name)
        if isinstance(c, Button):
            return c.caption()
        return ""

    def update(self, dt: float) -> bool:
        c = self.focused()
        fid = None if c is None else f"{c.id}:{self.page}:{self.edition}"
        if fid != self._said and self.app.top is self:
            self._said = fid
            words = self.focus_words()
            if not self.players() and c is not None and c.id in ("back", "edition"):
                empty = _(EMPTY) if self.edition is None else _(EMPTY_EDITION)
                words = f"{words}. {empty}"
            self._saying = (words, 0.0) if words else None
        if self._saying is not None and self.app.settings.narration != "off":
            words, waited = self._saying
            if self.app.sound.say(words) or waited > SAY_WITHIN_S:
                self._saying = None
            else:
                self._saying = (words, waited + dt)
        return False

    def wakeup(self) -> float | None:
        return 0.1 if self._saying is not None and self.app.settings.narration != "off" \
            else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        surface.blit(felt(self.size), (0, 0))
        panel(surface, self.panel, s)
        title = _("Family statistics")
        text.draw(surface, title, text.fit(title, int(34 * s), self.panel.width - 40),
                  (self.panel.centerx, self.panel.top + int(18 * s)), theme.ACCENT, "midtop")
        px = int(17 * s)
        rows = [c for c in self.controls if isinstance(c, StatsRow)]
        if rows:
            for (msgid, _key), cx in zip(COLUMNS, self.columns):
                label = _(msgid)
                text.draw(surface, label, text.fit(label, px, int(100 * s)),
                          (cx, self.header_y), theme.TEXT_DIM, "midtop")
            text.draw(surface, _("Player"), px, (rows[0].rect.left + int(8 * s),
                      self.header_y), theme.TEXT_DIM)
        else:
            box = pygame.Rect(self.panel.left + int(60 * s), self.header_y + int(60 * s),
                              self.panel.width - int(120 * s), int(120 * s))
            empty = _(EMPTY) if self.edition is None else _(EMPTY_EDITION)
            text.draw_wrapped(surface, empty, int(22 * s), box, theme.TEXT, "center")
        footer = _(NOTE)
        if self.pages() > 1:
            footer = _("Page {page} of {pages}.").format(page=self.page + 1,
                                                        pages=self.pages()) + " " + footer
        back = next(c.rect for c in self.controls if c.id == "back")
        more = next((c.rect for c in self.controls if c.id == "more"), None)
        left = back.right + int(20 * s)
        right = (more.left if more is not None else self.panel.right) - int(20 * s)
        px = int(19 * s)
        lines = len(text.wrap(footer, px, max(40, right - left)))
        top = back.centery - int(lines * px * 1.25) // 2
        text.draw_wrapped(surface, footer, px, pygame.Rect(
            left, top, max(40, right - left), back.bottom - top), theme.TEXT_DIM, "center")
        super().draw(surface)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("back")

    def test_state(self) -> dict[str, Any]:
        return {"edition": self.edition, "page": self.page, "pages": self.pages(),
                "rows": [[c.profile.name, *(getattr(c.record, k) for _m, k in COLUMNS)]
                         for c in self.controls if isinstance(c, StatsRow)
                         and c.profile is not None]}
