"""The end of a hand (who went out, what it scored, the match scores) and of the match."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.rules import events as E
from game.rules.ruleset import MatchKind
from game.saves import SeatInfo
from game.ui import intents as I
from game.ui import text, theme
from game.ui.scenes.base import PanelScene
from game.ui.table.start import start_match
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost

LOWEST_WINS = (MatchKind.RUNNING_TOTAL, MatchKind.CHALLENGE)


def score_rows(table: TableHost, scores: tuple[int, ...] | list[int]) -> list[tuple[str, int]]:
    """(name, score) of every player, best first."""
    rs = table.session.ruleset
    rows = [(table.session.names[p], scores[p]) for p in range(len(scores))]
    return sorted(rows, key=lambda r: r[1], reverse=rs.match not in LOWEST_WINS)


class ScoresPanel(PanelScene):
    """A panel with a score table drawn in the room above the buttons."""

    width = 620

    def __init__(self, app: AppHost, table: TableHost, scores: tuple[int, ...] | list[int],
                 **params: object) -> None:
        super().__init__(app, **params)
        self.table = table
        self.rows_shown = score_rows(table, scores)

    def extra_height(self) -> int:
        return 34 * len(self.rows_shown) + 14

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        left = self.panel_rect.left + int(48 * s)
        right = self.panel_rect.right - int(48 * s)
        y = self.content_top
        px = int(20 * s)
        for i, (name, score) in enumerate(self.rows_shown):
            colour = theme.ACCENT if i == 0 else theme.TEXT
            text.draw(surface, f"{i + 1}.", px, (left, y), theme.TEXT_DIM)
            text.draw(surface, name, px, (left + int(36 * s), y), colour)
            text.draw(surface, _("{points} pts").format(points=score), px, (right, y), colour,
                      "topright")
            y += int(34 * s)


class HandEndScene(ScoresPanel):
    """A hand is over: the winner, its points, and the match so far. Enter: next hand."""

    name = "hand_end"
    title = N_("{player} wins the hand!")

    def __init__(self, app: AppHost, table: TableHost, event: E.HandEnded) -> None:
        names = table.session.names
        super().__init__(app, table, event.scores, player=names[event.winner],
                         points=event.points, target=table.session.ruleset.target)
        self.event = event
        if event.blocked:
            self.title = N_("Blocked hand: {player} holds the least")

    def body_text(self) -> str:
        pts = ngettext("The hand scores {points} point.", "The hand scores {points} points.",
                       self.event.points).format(points=self.event.points)
        goal = _("Target: {target} points.").format(target=self.params["target"])
        return f"{pts} {goal}"

    def build(self) -> list[Control]:
        return [Button.make("next", N_("Next hand"), style="primary"),
                Button.make("leave", N_("Leave to the title screen"))]

    def on_press(self, control: str) -> None:
        if control == "leave":  # the match is saved: Continue on the title resumes it
            self.app.reset(self.app.make("title"))
            return
        self.app.pop()

    def back(self) -> None:
        """Escape opens the pause menu (resume, leave…); it never deals the next hand."""
        self.app.open("pause", self.table)

    def exit(self) -> None:
        self.table.presenter.resume()

    def autoplay_intent(self) -> I.Intent | None:
        return I.Activate()


class MatchEndScene(ScoresPanel):
    """The match is over: the winners and the final scores."""

    name = "match_end"

    def __init__(self, app: AppHost, table: TableHost, event: E.MatchEnded) -> None:
        names = table.session.names
        winners = ", ".join(names[p] for p in event.winners)
        super().__init__(app, table, table.session.scores, players=winners)
        self.event = event
        self.title = N_("{players} wins the match!") if len(event.winners) == 1 else \
            N_("{players} share the win!")
        app.sound.play("win")

    def body_text(self) -> str:
        rs = self.table.session.ruleset
        if rs.match is MatchKind.SINGLE_HAND:
            return _("One hand decided this match.")
        return ngettext("The match lasted {count} hand.", "The match lasted {count} hands.",
                        self.table.model.hand_no).format(count=self.table.model.hand_no)

    def build(self) -> list[Control]:
        return [Button.make("again", N_("Play again"), style="primary"),
                Button.make("setup", N_("New game")),
                Button.make("title", N_("Back to the title screen"))]

    def on_press(self, control: str) -> None:
        session = self.table.session
        if control == "again":
            start_match(self.app, session.ruleset, list(session.seats))
        elif control == "setup":
            self.app.reset(self.app.make("title"))
            self.app.open("setup", seats=list(session.seats), ruleset=session.ruleset)
        else:
            self.app.reset(self.app.make("title"))

    def back(self) -> None:
        """Escape does not leave the results by accident."""

    def autoplay_intent(self) -> I.Intent | None:
        return None


def seats_of(table: TableHost) -> list[SeatInfo]:
    return list(table.session.seats)
