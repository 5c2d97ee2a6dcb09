"""Roboto's nickname command at the table (RULES.md R-6b): the dialog in which a person
types the nickname he asks them to give another player. Opened by
:meth:`game.editions.roboto.table.figure.RobotoFigure.offer`.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.editions.roboto.table.dialog import RobotoFigure, keep_clear
from game.i18n import N_
from game.play.choices import Choice, Option
from game.setup.names import clean_name
from game.ui import intents as I
from game.ui import scenes
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control, TextField


class NicknameScene(PanelScene):
    """R-6b, typed: the named player gives another a nickname, which Roboto uses for the
    rest of the game."""

    name = "nickname"
    title = N_("A nickname for {player}")
    body = N_("Type a nickname for {player}. Roboto will call them by it for the rest of "
              "the game.")

    def __init__(self, app: Any, roboto: RobotoFigure, other: int, choice: Choice,
                 given: Option) -> None:
        """``given``: the option of ``choice`` that tells the game the nickname is given."""
        self.roboto = roboto
        self.table = roboto.table
        self.other = other
        self.choice, self.given = choice, given
        self.value = ""
        super().__init__(app, player=self.table.session.names[other])

    def build(self) -> list[Control]:
        field = TextField.make("nick", N_("Nickname"), self.value, self._typed)
        return [field, Button.make("ok", N_("Give the nickname"), style="primary",
                                   enabled=bool(clean_name(self.value)))]

    def arrange(self) -> None:
        super().arrange()
        keep_clear(self, self.roboto)

    def update(self, dt: float) -> bool:
        self.roboto.update(dt)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.roboto.draw_robot(surface)  # he stays in sight while the nickname is typed
        if self.roboto.bubble > 0:
            self.roboto.draw_bubble(surface)

    def _typed(self, value: str) -> None:
        self.value = value
        for c in self.controls:
            if c.id == "ok":
                c.enabled = bool(clean_name(value))

    def on_press(self, control: str) -> None:
        nick = clean_name(self.value)  # a nickname is a name (game.setup.names)
        if not nick or self.table.viewer is None:
            return
        self.roboto.nickname_given(self.other, nick)
        self.app.pop()
        self.table.input.take(self.choice, self.given)

    def back(self) -> None:
        self.app.open(scenes.PAUSE, self.table)

    def autoplay_intent(self) -> I.Intent | None:
        if not self.value:
            self.focus_id("nick")
            return I.TextInput("Rex")
        return I.Press("ok")
