"""The fallback dialog: every legal action of a decision as a button, described in words.

The table core draws the official game; an edition's own decisions (pick a victim, press a
tray, share a penalty …) get their dialogs from the edition's device layers. Until an
edition has them — or for a card that may go on several trays — this lists the choices, so
no decision can ever leave a person stuck.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.i18n import N_, _
from game.narrate import card_name
from game.rules import actions as A
from game.rules.actions import action_text
from game.ui import intents as I
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost

MAX_CHOICES = 9


def describe(action: A.Action, names: Sequence[str]) -> str:
    """A translated description of ``action`` for a button."""
    a: Any = action
    kind = type(action).__name__
    if isinstance(action, A.Play):
        if getattr(action, "tray", 0):
            return _("Play {card} on tray {tray}").format(card=card_name(action.card),
                                                         tray=a.tray)
        return _("Play {card}").format(card=card_name(action.card))
    simple: dict[str, str] = {
        "Draw": N_("Draw a card"), "Pass": N_("Keep the card you drew"),
        "Challenge": N_("Challenge"), "Accept": N_("Accept and draw 4"),
        "CallUno": N_("Call UNO!"), "PressLauncher": N_("Press the launcher"),
        "NicknameGiven": N_("The nickname is given"),
    }
    if kind in simple:
        return _(simple[kind])
    if kind in ("PickPlayer", "Catch"):
        msgid = N_("Choose {player}") if kind == "PickPlayer" else N_("Catch {player}")
        return _(msgid).format(player=names[a.target])
    if kind == "PickTray":
        return _("Press tray {tray}").format(tray=a.tray)
    if kind in ("Pair", "Discard"):
        msgid = N_("Add {card}") if kind == "Pair" else N_("Put down {card}")
        return _(msgid).format(card=card_name(a.card))
    if kind == "GiveAway":
        shares = ", ".join(f"{names[t]} {n}" for t, n in a.shares) or _("nobody")
        return _("Give: {shares}").format(shares=shares)
    if kind == "RaceFinished":
        return _("Finishing order: {order}").format(order=", ".join(names[q] for q in a.order))
    if kind == "ChooseColour":
        from game.narrate import COLOUR_NAMES

        return _("Name {colour}").format(colour=_(COLOUR_NAMES[a.colour]))
    return action_text(action)


class ChooserScene(PanelScene):
    """Choose one of ``actions``; the choice goes to ``on_choice`` (the table's ``act``)."""

    name = "chooser"
    keys = "chooser"
    title = N_("What do you do?")
    width = 640
    row_h = 46
    gap = 8

    def __init__(self, app: AppHost, table: TableHost, actions: Sequence[A.Action],
                 on_choice: Callable[[A.Action], object] | None = None,
                 cancellable: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.actions = list(actions)[:MAX_CHOICES]
        self.on_choice = on_choice or table.act
        self.cancellable = cancellable

    def build(self) -> list[Control]:
        names = self.table.session.names
        out: list[Control] = []
        for i, a in enumerate(self.actions):
            b = Button.make(f"choice{i}", "{text}", params={"text": describe(a, names)},
                            hint=str(i + 1))
            out.append(b)
        if self.cancellable:
            out.append(Button.make("cancel", N_("Cancel"), hint="Esc"))
        return out

    def on_press(self, control: str) -> None:
        if control == "cancel":
            self.app.pop()
            return
        i = int(control[len("choice"):])
        self.app.pop()
        self.on_choice(self.actions[i])

    def back(self) -> None:
        if self.cancellable:
            self.app.pop()
            return
        self.app.open("pause", self.table)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("choice0") if self.actions else None
