"""The pause menu over the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_
from game.ui import scenes
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost


class PauseScene(PanelScene):
    """Esc at the table: the game waits (AI included) until you resume."""

    name = "pause"
    title = N_("Paused")
    body = N_("The match is saved after every move: you can leave and resume it later.")

    def __init__(self, app: AppHost, table: TableHost) -> None:
        super().__init__(app)
        self.table = table

    def build(self) -> list[Control]:
        phones = getattr(self.table, "phone_table", None)
        return [Button.make("resume", N_("Resume"), style="primary"),
                *([Button.make("phones", N_("The phones' codes"))]
                  if phones is not None and phones.seats() else []),
                Button.make("settings", N_("Settings")),
                Button.make("help", N_("Rules and keys")),
                Button.make("leave", N_("Leave to the title screen")),
                Button.make("quit", N_("Quit the game"))]

    def on_press(self, control: str) -> None:
        if control == "resume":
            self.app.pop()
        elif control == "phones":  # issue 33: a phone that must join again
            self.app.pop()
            self.table.phone_table.show_codes()  # type: ignore[attr-defined]
        elif control == "settings":
            self.app.open(scenes.SETTINGS)
        elif control == "help":
            self.app.open(scenes.HELP, self.table.session.edition)
        elif control == "leave":
            self.app.reset(self.app.make(scenes.TITLE))
        elif control == "quit":
            self.app.quit()
