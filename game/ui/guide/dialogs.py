"""The guide's dialogs: the Wild's colour choice with the guide's words and halos, leaving
the guide (asked first), and the offer of the guide at the very first launch."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import N_
from game.rules.cards import COLOUR_OF
from game.ui import intents as I
from game.ui import scenes
from game.ui.guide import overlay
from game.ui.guide import steps as S
from game.ui.scenes.base import PanelScene
from game.ui.table.dialogs import ColourButton, ColourScene
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.play.choices import Choice, Option
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost

LEAVE_TITLE = N_("Leave the guided hand?")
LEAVE_BODY = N_("The guided hand is not saved. You can start it again from the title screen "
                "with “Learn to play”.")
OFFER_TITLE = N_("New to UNO?")
OFFER_BODY = N_("Learn to play with a short guided hand against the computer: the game shows "
                "you what to do, step by step. You can also start it later from the title "
                "screen.")


class Guide(Protocol):
    """What the colour dialog uses of the guide (:class:`game.ui.guide.layer.GuideLayer`,
    which opens it): put its step on screen and say it, in words."""

    def show(self, step: str | None) -> bool: ...
    def header(self, step: str) -> str: ...
    def body(self, step: str) -> str: ...


class GuideColourScene(ColourScene):
    """The colour dialog during the guide: the guide's words as its text, and a halo on
    the colours the person holds (the ones worth naming)."""

    def __init__(self, app: AppHost, table: TableHost, guide: Guide, choice: Choice,
                 options: Sequence[Option]) -> None:
        super().__init__(app, table, choice, options)
        self.guide = guide

    def enter(self) -> None:
        self.guide.show(S.COLOUR)
        super().enter()
        self.focus_id(self.worth()[0].id)  # the keyboard starts on a colour worth naming

    def body_text(self) -> str:
        return self.guide.header(S.COLOUR) + "\n" + self.guide.body(S.COLOUR)

    def worth(self) -> list[ColourButton]:
        """The swatches of the colours in the person's hand (all four if none)."""
        held = {COLOUR_OF[c] for c in self.table.model.hand}
        mine = [c for c in self.controls if isinstance(c, ColourButton) and c.colour in held]
        return mine or [c for c in self.controls if isinstance(c, ColourButton)]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for c in self.worth():
            overlay.halo(surface, c.rect, self.s)

    def back(self) -> None:
        self.app.open(scenes.GUIDE_LEAVE)

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Back):
            self.back()
            return
        super().handle(intent)

    def test_state(self) -> dict[str, object]:
        return {"worth": [[*c.rect] for c in self.worth()], "text": self.body_text()}


class LeaveGuideScene(PanelScene):
    """Esc during the guided hand: leave it (to the title) or keep going. "Keep going" has
    the focus, so a reflex Enter or Esc loses nothing."""

    name = "guide.leave"
    title = LEAVE_TITLE
    body = LEAVE_BODY

    def build(self) -> list[Control]:
        return [Button.make("stay", N_("Keep learning"), style="primary"),
                Button.make("leave", N_("Leave to the title screen"))]

    def on_press(self, control: str) -> None:
        if control == "leave":
            self.app.reset(self.app.make(scenes.TITLE))
        else:
            self.app.pop()

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("stay")


class GuideOfferScene(PanelScene):
    """At the very first launch, over the title: the guided hand, or not now. Offered once:
    the settings remember it."""

    name = "guide.offer"
    title = OFFER_TITLE
    body = OFFER_BODY

    def enter(self) -> None:
        self.app.settings.guide_offered = True
        super().enter()

    def exit(self) -> None:
        """Remembered when answered (or the game closed on it): written now rather than
        before the first frame, which the offer is part of."""
        self.app.save_settings()

    def build(self) -> list[Control]:
        return [Button.make("learn", N_("Learn to play"), style="primary"),
                Button.make("later", N_("Not now"))]

    def on_press(self, control: str) -> None:
        if control == "learn":
            self.app.reset(self.app.make(scenes.GUIDE))
        else:
            self.app.pop()

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("later")

