"""The end of a hand: who went out, what it scored, the match scores counted up (the
match's end, which builds on its panel, is :mod:`game.ui.table.match_end`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.rules import events as E
from game.rules.cards import Card
from game.rules.ruleset import MatchKind
from game.ui import cardart, scenes, text, theme
from game.ui import intents as I
from game.ui.avatars import draw_avatar
from game.ui.family import faces
from game.ui.scenes.base import PanelScene
from game.ui.table.moments import draw_token, token_at
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost

LOWEST_WINS = (MatchKind.RUNNING_TOTAL, MatchKind.CHALLENGE)
#: Keys that keep their meaning during the count (pause, help, full screen, modifiers).
_KEEP_KEYS = frozenset({pygame.K_ESCAPE, pygame.K_F1, pygame.K_F11, pygame.K_LSHIFT,
                        pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
                        pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI})


def score_rows(table: TableHost, scores: tuple[int, ...] | list[int]
               ) -> list[tuple[str, int, int]]:
    """(name, score, player) of every player, best first."""
    rs = table.session.ruleset
    rows = [(table.session.names[p], scores[p], p) for p in range(len(scores))]
    return sorted(rows, key=lambda r: r[1], reverse=rs.match not in LOWEST_WINS)


class ScoresPanel(PanelScene):
    """A panel with a score table drawn in the room above the buttons."""

    width = 620

    def __init__(self, app: AppHost, table: TableHost, scores: tuple[int, ...] | list[int],
                 **params: object) -> None:
        super().__init__(app, **params)
        self.table = table
        self.rows_shown = score_rows(table, scores)

    def score_lines(self) -> int:
        """Lines the score table takes (two columns past five players)."""
        n = len(self.rows_shown)
        return n if n <= 5 else (n + 1) // 2

    def extra_height(self) -> int:
        return 34 * self.score_lines() + 14

    def scores_top(self) -> int:
        """Where the score table starts (below what a subclass draws above it)."""
        return self.content_top

    def row_box(self, i: int) -> tuple[int, int, int]:
        """(left, right, top) of the ``i``-th row of the score table, on screen."""
        s = self.s
        left = self.panel_rect.left + int(48 * s)
        right = self.panel_rect.right - int(48 * s)
        lines = self.score_lines()
        columns = 1 if lines == len(self.rows_shown) else 2
        col_w = (right - left) // columns
        c0 = left + (i // lines) * col_w
        c1 = c0 + col_w - (int(24 * s) if columns > 1 and i < lines else 0)
        return c0, c1, self.scores_top() + (i % lines) * int(34 * s)

    def score_anchor(self, player: int) -> tuple[int, int]:
        """The middle of ``player``'s points on the score table (where points land)."""
        i = next((k for k, row in enumerate(self.rows_shown) if row[2] == player), 0)
        _c0, c1, y = self.row_box(i)
        return c1 - int(30 * self.s), y + int(11 * self.s)

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        px = int(20 * s)
        avatars = faces(self.app, self.table.session.player_ids)
        face = int(30 * s)
        for i, (name, score, player) in enumerate(self.rows_shown):
            c0, c1, y = self.row_box(i)
            colour = theme.ACCENT if i == 0 else theme.TEXT
            text.draw(surface, f"{i + 1}.", px, (c0, y), theme.TEXT_DIM)
            draw_avatar(surface, avatars[player], (c0 + int(36 * s) + face // 2,
                                                   y + int(px * 0.4)), face)
            label = _("{points} pts").format(points=score)
            x = c0 + int(44 * s) + face
            room = c1 - x - int(8 * s) - text.render(label, px, colour).get_width()
            text.draw(surface, name, text.fit(name, px, max(20, room)), (x, y), colour)
            text.draw(surface, label, px, (c1, y), colour, "topright")


class HandEndScene(ScoresPanel):
    """A hand is over: the winner, its points, and the match so far (issue 34's first
    moment). Each opponent's remaining cards are turned up one by one; each card's points
    fly on a coin from the card to the winner's score (every player's own total, in the
    kinds where the lowest wins), which counts up as each lands, with a tick. Phases:
    ``turning`` (cards still face down), ``flying`` (points still on their way), ``done``.
    Any key or click during the count skips to its end (Esc still pauses); then Enter
    deals the next hand. Reduced motion: the end at once, a still frame, with a caption
    saying who took how many points."""

    name = "hand_end"
    title = N_("{player} wins the hand!")
    width = 760
    #: Seconds between two cards turned up, and a card's points' flight (at speed 1).
    STEP_S = 0.16
    FLY_S = 0.34

    def __init__(self, app: AppHost, table: TableHost, event: E.HandEnded) -> None:
        names = table.session.names
        super().__init__(app, table, event.scores, player=names[event.winner],
                         points=event.points, target=table.session.ruleset.target)
        self.event = event
        if event.blocked:
            self.title = N_("Blocked hand: {player} holds the least")
        rs = table.session.ruleset
        held = table.session.revealed.get(table.model.hand_no)
        self.lowest = rs.match in LOWEST_WINS
        #: (player, cards) turned up, in order from the winner's left.
        self.reveal: list[tuple[int, tuple[Card, ...]]] = []
        if held is not None:
            n = len(held)
            order = [(event.winner + k) % n for k in range(n)]
            self.reveal = [(p, tuple(held[p])) for p in order
                           if held[p] and (self.lowest or p != event.winner)]
        #: One step per card: (row, card index, points).
        self.steps = [(r, k, rs.value(c)) for r, (_p, cards) in enumerate(self.reveal)
                      for k, c in enumerate(cards)]
        gains = [0] * len(event.scores)
        for r, _k, v in self.steps:
            gains[self.reveal[r][0] if self.lowest else event.winner] += v
        if not self.steps:
            gains = [0] * len(event.scores)
        self.base = [sc - g for sc, g in zip(event.scores, gains)]
        speed = app.settings.animation_speed
        #: No count to watch: reduced motion (a still frame and a caption), or no animation.
        self.still = speed <= 0 or app.settings.reduced_motion
        self.step_s = 0.0 if self.still else self.STEP_S / speed
        self.fly_s = 0.0 if self.still else self.FLY_S / speed
        self.shown = len(self.steps) if self.still else 0  # cards turned up
        self.landed = len(self.steps) if self.still else 0  # their points landed
        self.clock = 0.0
        self.since_landing = 1.0  # seconds since points last landed (the score's pulse)
        self.told = False  # the count said aloud (once, when it lands)
        self.skipped = False
        self._update_rows()

    def enter(self) -> None:
        super().enter()
        if not self.counting:
            self.tell_count()

    def count_words(self) -> str:
        """The count in words: each opponent's points, then the total ("Bruno: 7 points,
        Dev: 109 points. 116 points counted.")."""
        names = self.table.session.names
        parts = []
        for r, (p, _cards) in enumerate(self.reveal):
            points = sum(v for row, _k, v in self.steps if row == r)
            parts.append(ngettext("{player}: {points} point", "{player}: {points} points",
                                  points).format(player=names[p], points=points))
        total = ngettext("{points} point counted", "{points} points counted",
                         self.counted()).format(points=self.counted())
        return f"{', '.join(parts)}. {total}" if parts else total

    def tell_count(self) -> None:
        """Say the count when it lands, for a player who cannot see the cards turn up."""
        if self.told or not self.steps:
            return
        self.told = True
        if self.app.settings.narration != "off":
            self.app.sound.say(self.count_words())

    # ------------------------------------------------------------------ the count
    @property
    def counting(self) -> bool:
        return self.landed < len(self.steps)

    @property
    def phase(self) -> str:
        """``turning`` (cards still face down), ``flying`` (points on their way) or
        ``done``."""
        if self.shown < len(self.steps):
            return "turning"
        return "flying" if self.counting else "done"

    def counted(self) -> int:
        """The points landed so far (all of them once the count is over)."""
        return sum(v for _r, _k, v in self.steps[:self.landed])

    def receiver(self, row: int) -> int:
        """Who a row's points go to: the winner, or (lowest wins) the row's own player."""
        return self.reveal[row][0] if self.lowest else self.event.winner

    def live_scores(self) -> list[int]:
        scores = list(self.base)
        for r, _k, v in self.steps[:self.landed]:
            scores[self.receiver(r)] += v
        return scores

    def _update_rows(self) -> None:
        self.rows_shown = score_rows(self.table, self.live_scores())

    def finish_count(self) -> None:
        """The end of the count at once (a key, a click, Enter)."""
        if self.counting:
            self.skipped = True
        self.shown = self.landed = len(self.steps)
        self._update_rows()
        self.tell_count()

    def raw_event(self, event: pygame.event.Event) -> bool:
        """During the count any key or click skips to its end, and does nothing else
        (Esc, F1 and full screen keep their meaning)."""
        if not self.counting:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.finish_count()
            return True
        if event.type == pygame.KEYDOWN and event.key not in _KEEP_KEYS:
            self.finish_count()
            return True
        return False

    def update(self, dt: float) -> bool:
        if not self.counting:
            return False
        self.clock += dt
        self.since_landing += dt
        n = len(self.steps)
        turned = min(n, int(self.clock / self.step_s) + 1)
        landed = 0 if self.clock < self.fly_s else \
            min(n, int((self.clock - self.fly_s) / self.step_s) + 1)
        if turned > self.shown:
            if any(k == 0 for _r, k, _v in self.steps[self.shown:turned]):
                self.app.sound.play("card")  # the next hand turns over
            self.shown = turned
        if landed > self.landed:
            self.landed = landed
            self.since_landing = 0.0
            self._update_rows()
            self.app.sound.play("tally")
            if not self.counting:
                self.app.sound.play("uno")  # the count lands
                self.tell_count()
        return True

    def wakeup(self) -> float | None:
        return 0.0 if self.counting else None

    def flying(self) -> list[tuple[int, float]]:
        """(step, progress 0-1) of every card's points in flight now."""
        if self.fly_s <= 0:
            return []
        return [(i, (self.clock - i * self.step_s) / self.fly_s)
                for i in range(self.landed, self.shown)
                if 0 <= self.clock - i * self.step_s < self.fly_s]

    # ------------------------------------------------------------------ layout & drawing
    def reveal_row_h(self) -> int:
        """Height of one row of turned-up cards (at 1280x720 scale)."""
        if not self.reveal:
            return 0
        room = 430 - (34 * self.score_lines() + 14) - 40  # what the 720-high panel leaves
        return int(max(22, min(72, room / len(self.reveal))))

    def extra_height(self) -> int:
        reveal = self.reveal_row_h() * len(self.reveal) + (40 if self.reveal else 0)
        return reveal + 34 * self.score_lines() + 14

    def scores_top(self) -> int:
        if not self.reveal:
            return self.content_top
        return self.content_top + int((self.reveal_row_h() * len(self.reveal) + 40) * self.s)

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        left = self.panel_rect.left + int(48 * s)
        right = self.panel_rect.right - int(48 * s)
        centres: list[tuple[int, int]] = []
        if self.reveal:
            self._draw_reveal(surface, left, right, self.content_top, centres)
        self._draw_receiving(surface)
        super().draw_extra(surface)
        px = int(18 * s)
        for i, raw in self.flying():  # the points on their way, over everything
            r, _k, v = self.steps[i]
            end = self.score_anchor(self.receiver(r))
            draw_token(surface, _("+{points}").format(points=v), token_at(
                centres[i], end, raw, px), px)

    def _draw_receiving(self, surface: pygame.Surface) -> None:
        """The winner's row (every row, where the lowest wins) lit while points land on
        it, brighter for an instant as each lands."""
        if self.counting and not self.lowest:
            s = self.s
            i = next((k for k, row in enumerate(self.rows_shown)
                      if row[2] == self.event.winner), 0)
            c0, c1, y = self.row_box(i)
            glow = max(0.0, 1.0 - self.since_landing / 0.25)
            box = pygame.Rect(c0 - int(8 * s), y - int(5 * s), c1 - c0 + int(16 * s),
                              int(32 * s))
            pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.ACCENT, 0.25 + 0.5 * glow),
                             box, border_radius=int(8 * s))

    def caption(self) -> str:
        """The count in one line, shown when it is not watched (reduced motion): who took
        how many points."""
        points = sum(v for _r, _k, v in self.steps)
        if self.lowest:
            return ngettext("The cards left count against their holders: {points} point.",
                            "The cards left count against their holders: {points} points.",
                            points).format(points=points)
        return ngettext("{player} takes {points} point from the other hands.",
                        "{player} takes {points} points from the other hands.",
                        points).format(player=self.table.session.names[self.event.winner],
                                       points=points)

    def _draw_reveal(self, surface: pygame.Surface, left: int, right: int, y: int,
                     centres: list[tuple[int, int]]) -> int:
        """The hands turned up, row by row (each card's centre noted in ``centres``), and
        the points counted (the caption, with reduced motion)."""
        s = self.s
        rh = int(self.reveal_row_h() * s)
        cw = int(rh * 0.92 / cardart.RATIO)
        px = max(int(12 * s), int(min(20, self.reveal_row_h() * 0.5) * s))
        marks = self.app.settings.colour_blind_marks
        shown = self.shown
        step = 0
        names = self.table.session.names
        values = self.table.session.ruleset
        for p, cards in self.reveal:
            row_points = 0
            text.draw(surface, names[p], px, (left, y + rh // 2), theme.TEXT, "midleft")
            x0 = left + int(150 * s)
            room = right - int(90 * s) - x0
            gap = min(cw + int(4 * s), (room - cw) / max(1, len(cards) - 1)) if \
                len(cards) > 1 else 0
            for k, card in enumerate(cards):
                x = int(x0 + k * gap)
                if step < shown:
                    img = cardart.face(card, cw, marks)
                    row_points += values.value(card)
                else:
                    img = cardart.back(cw)
                top = y + (rh - img.get_height()) // 2
                surface.blit(img, (x, top))
                centres.append((x + img.get_width() // 2, top + img.get_height() // 2))
                step += 1
            text.draw(surface, _("+{points}").format(points=row_points), px,
                      (right, y + rh // 2), theme.ACCENT if row_points else theme.TEXT_DIM,
                      "midright")
            y += rh
        if self.still:
            line = self.caption()
            size = text.fit(line, int(22 * s), right - left)
        else:
            line = ngettext("{points} point counted", "{points} points counted",
                            self.counted()).format(points=self.counted())
            size = int(22 * s)
        text.draw(surface, line, size, ((left + right) // 2, y + int(8 * s)), theme.ACCENT,
                  "midtop")
        return y + int(40 * s)

    def body_text(self) -> str:
        pts = ngettext("The hand scores {points} point.", "The hand scores {points} points.",
                       self.event.points).format(points=self.event.points)
        goal = _("Target: {target} points.").format(target=self.params["target"])
        return f"{pts} {goal}"

    def build(self) -> list[Control]:
        return [Button.make("next", N_("Next hand"), style="primary"),
                Button.make("leave", N_("Leave to the title screen"))]

    def handle(self, intent: I.Intent) -> None:
        if self.counting and isinstance(intent, I.Activate | I.Press):
            self.finish_count()  # Enter during the count: the whole count at once
            return
        super().handle(intent)

    def on_press(self, control: str) -> None:
        if control == "leave":  # the match is saved: Continue on the title resumes it
            self.app.reset(self.app.make(scenes.TITLE))
            return
        self.app.pop()

    def back(self) -> None:
        """Escape opens the pause menu (resume, leave…); it never deals the next hand."""
        self.app.open(scenes.PAUSE, self.table)

    def exit(self) -> None:
        self.table.presenter.resume()

    def autoplay_intent(self) -> I.Intent | None:
        return I.Activate()

    def test_state(self) -> dict[str, object]:
        return {"revealed": [[p, [str(c) for c in cards]] for p, cards in self.reveal],
                "shown": self.shown, "landed": self.landed, "counted": self.counted(),
                "scores": self.live_scores(), "phase": self.phase,
                "flying": len(self.flying()), "skipped": self.skipped,
                "still": self.still, "caption": self.caption() if self.still else ""}
