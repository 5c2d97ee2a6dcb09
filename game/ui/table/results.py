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
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost

LOWEST_WINS = (MatchKind.RUNNING_TOTAL, MatchKind.CHALLENGE)


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

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        left = self.panel_rect.left + int(48 * s)
        right = self.panel_rect.right - int(48 * s)
        lines = self.score_lines()
        columns = 1 if lines == len(self.rows_shown) else 2
        col_w = (right - left) // columns
        px = int(20 * s)
        avatars = faces(self.app, self.table.session.player_ids)
        face = int(30 * s)
        for i, (name, score, player) in enumerate(self.rows_shown):
            c0 = left + (i // lines) * col_w
            c1 = c0 + col_w - (int(24 * s) if columns > 1 and i < lines else 0)
            y = self.content_top + (i % lines) * int(34 * s)
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
    """A hand is over: the winner, its points, and the match so far. Each opponent's
    remaining cards are turned up one by one and their points counted into the winner's
    score (every player's own total, in the kinds where the lowest wins). Enter: the count
    at once, then the next hand."""

    name = "hand_end"
    title = N_("{player} wins the hand!")
    width = 760

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
        instant = speed <= 0 or app.settings.reduced_motion
        self.step_s = 0.0 if instant else 0.16 / speed
        self.shown = len(self.steps) if instant else 0
        self.clock = 0.0
        self.told = False  # the count said aloud (once, when it lands)
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
        return self.shown < len(self.steps)

    def counted(self) -> int:
        """The points counted so far (all of them once the count is over)."""
        return sum(v for _r, _k, v in self.steps[:self.shown])

    def live_scores(self) -> list[int]:
        scores = list(self.base)
        for r, _k, v in self.steps[:self.shown]:
            scores[self.reveal[r][0] if self.lowest else self.event.winner] += v
        return scores

    def _update_rows(self) -> None:
        self.rows_shown = score_rows(self.table, self.live_scores())

    def finish_count(self) -> None:
        self.shown = len(self.steps)
        self._update_rows()
        self.tell_count()

    def update(self, dt: float) -> bool:
        if not self.counting:
            return False
        self.clock += dt
        due = min(len(self.steps), int(self.clock / self.step_s) + 1) if self.step_s else \
            len(self.steps)
        if due > self.shown:
            self.shown = due
            self._update_rows()
            self.app.sound.play("card")
            if not self.counting:
                self.app.sound.play("uno")  # the count lands
                self.tell_count()
        return True

    def wakeup(self) -> float | None:
        return 0.0 if self.counting else None

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

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        left = self.panel_rect.left + int(48 * s)
        right = self.panel_rect.right - int(48 * s)
        y = self.content_top
        if self.reveal:
            y = self._draw_reveal(surface, left, right, y)
        saved, self.content_top = self.content_top, y
        super().draw_extra(surface)
        self.content_top = saved

    def _draw_reveal(self, surface: pygame.Surface, left: int, right: int, y: int) -> int:
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
                surface.blit(img, (x, y + (rh - img.get_height()) // 2))
                step += 1
            text.draw(surface, _("+{points}").format(points=row_points), px,
                      (right, y + rh // 2), theme.ACCENT if row_points else theme.TEXT_DIM,
                      "midright")
            y += rh
        total = ngettext("{points} point counted", "{points} points counted",
                         self.counted()).format(points=self.counted())
        text.draw(surface, total, int(22 * s), ((left + right) // 2, y + int(8 * s)),
                  theme.ACCENT, "midtop")
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
                "shown": self.shown, "counted": self.counted(), "scores": self.live_scores()}
