"""The pause menu over the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.table import TableScene


class PauseScene(PanelScene):
    """Esc at the table: the game waits (AI included) until you resume."""

    name = "pause"
    title = N_("Paused")
    body = N_("The match is saved after every move: you can leave and resume it later.")

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table

    def build(self) -> list[Control]:
        return [Button.make("resume", N_("Resume"), style="primary"),
                Button.make("settings", N_("Settings")),
                Button.make("help", N_("Rules and keys")),
                Button.make("leave", N_("Leave to the title screen")),
                Button.make("quit", N_("Quit the game"))]

    def on_press(self, control: str) -> None:
        if control == "resume":
            self.app.pop()
        elif control == "settings":
            from game.ui.scenes.settings_scene import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif control == "help":
            from game.ui.scenes.help import HelpScene

            self.app.push(HelpScene(self.app, self.table.session.edition))
        elif control == "leave":
            from game.ui.scenes.title import TitleScene

            self.app.reset(TitleScene(self.app))
        elif control == "quit":
            self.app.quit()
