"""Dialogs the table pushes for the official decisions: name a colour (any edition's
colour choice), answer a Wild Draw Four, and see the hand a challenge revealed (to the
challenger only). Each renders the choice description (:mod:`game.play.choices`) of the
person at the screen. Picking a player, a card or a share is :mod:`game.ui.table.pickers`;
passing the device between people is :mod:`game.ui.table.hotseat`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.play.choices import Choice, Option
from game.play.labels import COLOUR_NAMES, LETTERS
from game.rules import events as E
from game.rules.cards import COLOUR_OF, COLOURS, RANK_OF, Colour, Rank
from game.ui import cardart, text, theme
from game.ui import intents as I
from game.ui.scenes.base import PanelScene
from game.ui.table.pickers import ChoiceScene
from game.ui.tween import Tween
from game.ui.widgets import Button, Control, focus_ring

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost


class ColourButton(Control):
    """One big colour swatch with its name and colour-blind shape."""

    colour: int = 0
    marks: bool = True

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        r = self.rect
        rgb = theme.CARD_RGB[self.colour]
        if hovered:
            rgb = theme.mix(rgb, (255, 255, 255), 0.15)
        pygame.draw.rect(surface, theme.SHADOW, r.move(0, int(4 * s)), border_radius=int(14 * s))
        pygame.draw.rect(surface, rgb, r, border_radius=int(14 * s))
        ink = theme.readable_on(rgb)
        label = _(COLOUR_NAMES[Colour(self.colour)])
        text.draw(surface, label, int(r.height * 0.22), (r.centerx, r.bottom - r.height * 0.12),
                  ink, "midbottom")
        if self.marks:
            mark = cardart.shape_mark(self.colour, int(r.height * 0.34))
            surface.blit(mark, mark.get_rect(center=(r.centerx, r.top + r.height * 0.38)))
        text.draw(surface, "RYGB"[self.colour], int(r.height * 0.16),
                  (r.left + 8 * s, r.top + 6 * s), ink)
        if focused:
            focus_ring(surface, r, s, int(14 * s))


class ColourScene(ChoiceScene):
    """Name the colour (keys R Y G B or 1-4, arrows and Enter, or a click): the options of a
    choice whose widget is a colour, whichever edition asks."""

    name = "colour"
    keys = "colour"
    title = N_("Name a colour")
    width = 640

    def __init__(self, app: AppHost, table: TableHost, choice: Choice | None = None,
                 options: Sequence[Option] | None = None, cancellable: bool = False) -> None:
        super().__init__(app, table, choice, options, cancellable)

    @staticmethod
    def colour_of(option: Option) -> int:
        letter = option.params.get("colour")
        return LETTERS.index(letter) if isinstance(letter, str) and letter in LETTERS else -1

    def build(self) -> list[Control]:
        out: list[Control] = []
        for option in self.options:
            c = self.colour_of(option)
            if c < 0:
                continue
            b = ColourButton(f"colour_{LETTERS[c]}", I.ChooseColour(COLOURS[c]),
                             label=COLOUR_NAMES[COLOURS[c]])
            b.colour = c
            b.marks = self.app.settings.colour_blind_marks
            out.append(b)
        return out

    def option_of(self, control_id: str) -> Option | None:
        return next((o for o in self.options
                     if f"colour_{LETTERS[max(0, self.colour_of(o))]}" == control_id), None)

    def rows(self) -> list[float]:
        return [2.6] + [0.0] * (len(self.controls) - 1)

    def place(self, controls: list[Control]) -> None:
        if not controls:
            return
        row = controls[0].rect
        gap = int(12 * self.s)
        n = len(controls)
        w = (row.width - (n - 1) * gap) // n
        for i, c in enumerate(controls):
            c.rect = pygame.Rect(row.left + i * (w + gap), row.top, w, row.height)

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.ChooseColour):
            option = next((o for o in self.options if self.colour_of(o) == int(intent.colour)),
                          None)
            if option is not None:
                self.pick(option)
            return
        super().handle(intent)

    def autoplay_intent(self) -> I.Intent | None:
        counts = [0, 0, 0, 0]
        for c in self.table.model.hand:
            if COLOUR_OF[c] < 4:
                counts[COLOUR_OF[c]] += 1
        return I.ChooseColour(COLOURS[max(range(4), key=lambda i: counts[i])])


class ChallengeScene(ChoiceScene):
    """C-8: challenge the Wild Draw Four just played on you, or accept it (H-1: or stack
    your own on it, when the choice offers that card)."""

    name = "challenge"
    keys = "challenge"
    title = N_("Wild Draw Four!")
    body = N_("{player} played a Wild Draw Four on you and named {colour}. If you think "
              "{player} held a card of the colour that was in force, challenge: {player}'s "
              "hand is shown to you alone. Bluffing, {player} draws 4; if not, you draw 6. "
              "Or accept and draw 4.")
    width = 640

    def __init__(self, app: AppHost, table: TableHost, choice: Choice | None = None,
                 options: Sequence[Option] | None = None, cancellable: bool = False) -> None:
        me = table.viewer if table.viewer is not None else table.session.to_act
        view = table.session.view(me, with_events=True)
        culprit = next((e.player for e in reversed(view.events) if isinstance(e, E.CardPlayed)
                        and RANK_OF[e.card] == Rank.WILD_DRAW_FOUR), view.next_player(me, -1))
        colour = _(COLOUR_NAMES[Colour(view.colour)]) if view.colour < 4 else "?"
        super().__init__(app, table, choice, options, cancellable,
                         player=table.session.names[culprit], colour=colour)

    def answer(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)

    def stacking(self) -> Option | None:
        """H-1: the Wild Draw Four the person may stack on it (``None``: none)."""
        return next((o for o in self.options if "card" in o.params), None)

    def body_text(self) -> str:
        total = self.table.session.stack_total()
        if total <= 4:
            return super().body_text()
        return _("The Wild Draw Fours are stacked: {total} cards are coming to you. Stack "
                 "your own Wild Draw Four to pass them all on, challenge the last one "
                 "({player}'s), or take them.").format(total=total, **self.params)

    def build(self) -> list[Control]:
        total = max(4, self.table.session.stack_total())
        out: list[Control] = [
               Button.make("challenge", N_("Challenge"), I.ChallengeWD4(), hint="C"),
               Button.make("accept", N_("Accept and draw {count}"), I.AcceptWD4(),
                           style="primary", hint="A", params={"count": total})]
        if self.stacking() is not None:
            out.append(Button.make("stack", N_("Stack your Wild Draw Four (+{count})"),
                                   hint="S", params={"count": total + 4}))
        return out

    def option_of(self, control_id: str) -> Option | None:
        return self.stacking() if control_id == "stack" else self.answer(control_id)

    def on_press(self, control: str) -> None:
        option = self.stacking() if control == "stack" else None
        if option is not None:
            self.pick(option)

    def enter(self) -> None:
        super().enter()
        self.focus_id("accept")  # the safe answer under a reflex Enter: a challenge can cost 6
        self._said = self.focused_id()

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.ChallengeWD4 | I.AcceptWD4):
            option = self.answer("challenge" if isinstance(intent, I.ChallengeWD4)
                                 else "accept")
            if option is not None:
                self.pick(option)
            return
        super().handle(intent)

    def autoplay_intent(self) -> I.Intent | None:
        return I.AcceptWD4()


class RevealScene(PanelScene):
    """The challenged hand, turned face up one card at a time, for the challenger alone."""

    name = "reveal"
    width = 760

    def __init__(self, app: AppHost, table: TableHost, event: E.ChallengeResolved) -> None:
        names = table.session.names
        super().__init__(app, player=names[event.challenged])
        self.table = table
        self.event = event
        self.title = N_("Bluff! {player} draws 4") if event.guilty else \
            N_("No bluff: you draw 6")
        self.body = N_("{player}'s hand, shown to you alone:")
        speed = app.settings.animation_speed
        step = 0.0 if speed <= 0 else 0.12 / speed
        self.flips = [Tween(0.0 if speed <= 0 else 0.25 / speed, delay=i * step)
                      for i in range(len(event.hand))]

    def extra_height(self) -> int:
        return 150

    def build(self) -> list[Control]:
        return [Button.make("ok", N_("Continue"), style="primary")]

    def on_press(self, control: str) -> None:
        self.app.pop()

    def exit(self) -> None:
        self.table.presenter.resume()

    def update(self, dt: float) -> bool:
        moving = any(not t.done for t in self.flips)
        for t in self.flips:
            t.update(dt)
        return moving

    def wakeup(self) -> float | None:
        return 0.0 if any(not t.done for t in self.flips) else None

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        cards = self.event.hand
        if not cards:
            return
        area = pygame.Rect(self.panel_rect.left + int(28 * s), self.content_top,
                           self.panel_rect.width - int(56 * s), int(140 * s))
        w = min(int(84 * s), int(area.height / cardart.RATIO))
        step = min(w + int(6 * s), (area.width - w) // max(1, len(cards) - 1)) if \
            len(cards) > 1 else 0
        x = area.centerx - (w + step * (len(cards) - 1)) // 2
        marks = self.app.settings.colour_blind_marks
        for card, flip in zip(cards, self.flips):
            t = flip.t if flip.started else 0.0
            img = cardart.face(card, w, marks) if t >= 0.5 else cardart.back(w)
            squash = abs(1 - 2 * t) if not flip.done else 1.0
            if squash < 0.999:
                img = pygame.transform.scale(img, (max(1, int(w * squash)), img.get_height()))
            surface.blit(img, img.get_rect(midtop=(x + w // 2, area.top)))
            x += step

    def autoplay_intent(self) -> I.Intent | None:
        return I.Activate()
