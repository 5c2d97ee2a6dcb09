"""A message to read and dismiss: a corrupt file put aside, a save that failed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.store.repairs import listed
from game.store.settings import SettingsProblem
from game.ui import intents as I
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.store.saves import SaveProblem
    from game.ui.scene import AppHost


#: A second copy of the game was started (see :mod:`game.store.instance`).
ALREADY_OPEN_TITLE = N_("The game is already open")
ALREADY_OPEN = N_("UNO for the family is already running on this computer. Go to its window, "
                  "or close it before starting the game again.")


class NoticeScene(PanelScene):
    name = "notice"
    width = 700

    def __init__(self, app: AppHost, title: str, body: str, **params: Any) -> None:
        super().__init__(app, **params)
        self.title = title
        self.body = body

    def build(self) -> list[Control]:
        return [Button.make("ok", N_("OK"), style="primary")]

    def on_press(self, control: str) -> None:
        self.app.pop()

    def autoplay_intent(self) -> I.Intent | None:
        return I.Activate()


class ConfirmScene(NoticeScene):
    """A yes-or-no question before something that can't be undone; "No" has the focus, so
    a reflex Enter (or Escape) changes nothing."""

    name = "confirm"

    def __init__(self, app: AppHost, title: str, body: str, *, on_yes: Callable[[], None],
                 yes: str = N_("Yes, delete it"), no: str = N_("No, keep it"),
                 **params: Any) -> None:
        super().__init__(app, title, body, **params)
        self.on_yes = on_yes
        self.yes, self.no = yes, no

    def build(self) -> list[Control]:
        return [Button.make("no", self.no, style="primary", params=self.params),
                Button.make("yes", self.yes, params=self.params)]

    def on_press(self, control: str) -> None:
        if control == "yes":
            self.on_yes()
        self.app.pop()  # the scene below resumes, and sees what changed

    def back(self) -> None:
        self.app.pop()

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("no")


class FarewellScene(NoticeScene):
    """A notice after which the game closes (the game is already open elsewhere)."""

    name = "farewell"

    def on_press(self, control: str) -> None:
        self.app.quit()

    def back(self) -> None:
        self.app.quit()


#: A settings file of which a few values could not be used (the rest was).
REPAIRED_TITLE = N_("Some settings were repaired")
REPAIRED = N_("A few values in the settings file {path} could not be used; every other setting "
              "is kept. The file as it was is kept as {kept}.\n{repairs}")
REPAIRED_NOT_KEPT = N_("A few values in the settings file {path} could not be used; every "
                       "other setting is kept. The file could not be copied aside.\n{repairs}")


def settings_notice(problem: SettingsProblem) -> tuple[str, str, dict[str, Any]]:
    """Title, body and parameters telling the player their settings file was unreadable,
    or which of its values were repaired."""
    if problem.repairs:
        params = {"path": str(problem.path), "kept": str(problem.kept_as),
                  "repairs": listed(problem.repairs)}
        return (REPAIRED_TITLE, REPAIRED if problem.kept_as is not None else REPAIRED_NOT_KEPT,
                params)
    if problem.kept_as is None:
        return (N_("Settings could not be read"),
                N_("The settings file {path} could not be read ({reason}). The game uses the "
                   "default settings."), {"path": str(problem.path), "reason": problem.reason})
    return (N_("Settings could not be read"),
            N_("The settings file {path} was damaged ({reason}). It was kept as {kept} and the "
               "game starts with the default settings."),
            {"path": str(problem.path), "reason": problem.reason, "kept": str(problem.kept_as)})


def save_notice(problem: SaveProblem) -> tuple[str, str, dict[str, Any]]:
    """Title, body and parameters telling the player their saved match was unreadable."""
    if problem.kept_as is None:  # not even renamed: say so rather than "kept as -"
        return (N_("The saved match could not be resumed"),
                N_("The saved match {path} could not be read ({reason}), nor put aside. "
                   "You can start a new game."),
                {"path": str(problem.path), "reason": problem.reason})
    return (N_("The saved match could not be resumed"),
            N_("The saved match {path} was damaged ({reason}). It was kept as {kept}; you can "
               "start a new game."),
            {"path": str(problem.path), "reason": problem.reason, "kept": str(problem.kept_as)})
