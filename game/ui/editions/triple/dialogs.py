"""Triple Play's own dialogs: the Discard Two pairing (T-8) and the Give Away sharing (T-10).

Both read the person's legal actions and send one of them, so nothing here can break a
rule: the pairing lists the cards of the Discard Two's colour (or "play it alone"); the
sharing dialog sets how many cards each opponent gets and sends the matching share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _, ngettext
from game.narrate import card_name
from game.rules import actions as A
from game.rules.cards import Card
from game.ui import cardart, text, theme
from game.ui import intents as I
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Choice, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost


class CardButton(Button):
    """A button with the card's face at its left."""

    card: int = -1
    marks: bool = True

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        super().draw(surface, focused, hovered, s)
        if self.card < 0:
            return
        h = self.rect.height - int(8 * s)
        img = cardart.face(Card(self.card), max(8, int(h / cardart.RATIO)), self.marks)
        surface.blit(img, img.get_rect(midleft=(self.rect.left + int(10 * s),
                                                self.rect.centery)))


class PairScene(PanelScene):
    """T-8: add a card of the Discard Two's colour, or play the Discard Two alone."""

    name = "pair"
    keys = "chooser"
    title = N_("Discard Two")
    body = N_("Put a second card of the same colour on top of your Discard Two, or play it "
              "alone.")
    width = 560
    row_h = 58

    def __init__(self, app: AppHost, table: TableHost) -> None:
        super().__init__(app)
        self.table = table
        legal = table.session.legal(table.viewer)  # type: ignore[arg-type]
        self.actions: list[A.Action] = [a for a in legal if isinstance(a, A.Pair)]
        del self.actions[8:]
        self.actions += [a for a in legal if isinstance(a, A.Pass)]

    def build(self) -> list[Control]:
        marks = self.table.settings.colour_blind_marks
        out: list[Control] = []
        for i, a in enumerate(self.actions):
            b: Button
            if isinstance(a, A.Pair):
                b = CardButton(id=f"choice{i}", intent=I.Press(f"choice{i}"), label="{text}",
                               params={"text": _("Add {card}").format(card=card_name(a.card))},
                               hint=str(i + 1))
                b.card, b.marks = int(a.card), marks
            else:
                b = Button.make(f"choice{i}", N_("Play the Discard Two alone"), hint=str(i + 1),
                                style="primary")
            out.append(b)
        return out

    def on_press(self, control: str) -> None:
        i = int(control[len("choice"):])
        if not 0 <= i < len(self.actions):
            return
        self.app.pop()
        self.table.act(self.actions[i])

    def back(self) -> None:
        self.app.open("pause", self.table)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("choice0") if self.actions else None


class GiveScene(PanelScene):
    """T-10: share the overload's penalty cards among the opponents."""

    name = "give"
    title = N_("Wild Give Away")
    width = 600

    def __init__(self, app: AppHost, table: TableHost) -> None:
        self.table = table
        me = table.viewer
        legal = table.session.legal(me) if me is not None else []
        self.shares = [a for a in legal if isinstance(a, A.GiveAway)]
        self.total = sum(n for _q, n in self.shares[0].shares) if self.shares else 0
        view = table.session.view(me) if me is not None else None
        self.opponents = [q for q in (view.seats if view else ()) if q != me]
        self.counts = {q: 0 for q in self.opponents}
        for k in range(self.total):  # a fair first proposal: one each, in turn
            if self.opponents:
                self.counts[self.opponents[k % len(self.opponents)]] += 1
        super().__init__(app, count=self.total)

    def body_text(self) -> str:
        return ngettext("Share {count} penalty card among the other players.",
                        "Share {count} penalty cards among the other players.",
                        self.total).format(count=self.total)

    def left(self) -> int:
        return self.total - sum(self.counts.values())

    def build(self) -> list[Control]:
        names = self.table.session.names
        out: list[Control] = []
        for q in self.opponents:
            options = [(n, str(n)) for n in range(self.total + 1)]
            out.append(Choice.make(f"share{q}", names[q], options, self.counts[q],
                                   on_change=self._setter(q)))
        ok = self.action() is not None
        out.append(Button.make("give", N_("Give the cards"), style="primary", enabled=ok,
                               hint="Enter"))
        return out

    def _setter(self, q: int) -> Callable[[Any], None]:
        return lambda value: self._set(q, value)

    def _set(self, q: int, value: int) -> None:
        self.counts[q] = int(value)
        self.relayout()

    def action(self) -> A.Action | None:
        want = tuple((q, n) for q, n in self.counts.items() if n)
        for a in self.shares:
            if isinstance(a, A.GiveAway) and tuple(a.shares) == want:
                return a
        return None

    def extra_height(self) -> int:
        return 34

    def draw_extra(self, surface: pygame.Surface) -> None:
        left = self.left()
        msg = _("All the cards are shared.") if left == 0 else ngettext(
            "{count} card still to share.", "{count} cards still to share.",
            abs(left)).format(count=abs(left)) if left > 0 else _(
            "That is more cards than the penalty.")
        colour = theme.OK if left == 0 else theme.ACCENT if left > 0 else theme.DANGER
        text.draw(surface, msg, int(20 * self.s), (self.panel_rect.centerx,
                  self.content_top + int(4 * self.s)), colour, "midtop")

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Adjust):
            for c in self.controls:
                if c.id == intent.control and isinstance(c, Choice):
                    c.step(intent.step)
            return
        super().handle(intent)

    def on_press(self, control: str) -> None:
        if control != "give":
            return
        a = self.action()
        if a is None:
            return
        self.app.pop()
        self.table.act(a)

    def back(self) -> None:
        self.app.open("pause", self.table)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("give")

    def test_state(self) -> dict[str, Any]:
        return {"counts": dict(self.counts), "left": self.left()}
