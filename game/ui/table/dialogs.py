"""Dialogs the table pushes for a person's decision: name a colour, answer a Wild Draw
Four, see the hand a challenge revealed (to the challenger only), and H-2's whose hand to
take. Passing the device between people is :mod:`game.ui.table.hotseat`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.narrate import COLOUR_NAMES
from game.rules import actions as A
from game.rules import events as E
from game.rules.cards import COLOUR_OF, COLOURS, RANK_OF, Colour, Rank
from game.ui import cardart, text, theme
from game.ui import intents as I
from game.ui.scenes.base import PanelScene
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


class ColourScene(PanelScene):
    """Name the colour after a Wild (keys R Y G B or 1-4, arrows and Enter, or a click)."""

    name = "colour"
    keys = "colour"
    title = N_("Name a colour")
    width = 640

    def __init__(self, app: AppHost, table: TableHost) -> None:
        super().__init__(app)
        self.table = table

    def build(self) -> list[Control]:
        out: list[Control] = []
        for c in COLOURS:
            b = ColourButton(f"colour_{'RYGB'[c]}", I.ChooseColour(c), label=COLOUR_NAMES[c])
            b.colour = int(c)
            b.marks = self.app.settings.colour_blind_marks
            out.append(b)
        return out

    def rows(self) -> list[float]:
        return [2.6] + [0.0] * 3

    def place(self, controls: list[Control]) -> None:
        row = controls[0].rect
        gap = int(12 * self.s)
        w = (row.width - 3 * gap) // 4
        for i, c in enumerate(controls):
            c.rect = pygame.Rect(row.left + i * (w + gap), row.top, w, row.height)

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.ChooseColour):
            me = self.table.viewer
            if me is not None:
                self.app.pop()
                self.table.act(A.ChooseColour(me, intent.colour))
            return
        if isinstance(intent, I.Back):
            self.app.open("pause", self.table)
            return
        super().handle(intent)

    def autoplay_intent(self) -> I.Intent | None:
        counts = [0, 0, 0, 0]
        for c in self.table.model.hand:
            if COLOUR_OF[c] < 4:
                counts[COLOUR_OF[c]] += 1
        return I.ChooseColour(COLOURS[max(range(4), key=lambda i: counts[i])])


class ChallengeScene(PanelScene):
    """C-8: challenge the Wild Draw Four just played on you, or accept it."""

    name = "challenge"
    keys = "challenge"
    title = N_("Wild Draw Four!")
    body = N_("{player} played a Wild Draw Four on you and named {colour}. If you think "
              "{player} held a card of the colour that was in force, challenge: {player}'s "
              "hand is shown to you alone. Bluffing, {player} draws 4; if not, you draw 6. "
              "Or accept and draw 4.")
    width = 640

    def __init__(self, app: AppHost, table: TableHost) -> None:
        me = table.viewer if table.viewer is not None else table.session.to_act
        view = table.session.view(me, with_events=True)
        culprit = next((e.player for e in reversed(view.events) if isinstance(e, E.CardPlayed)
                        and RANK_OF[e.card] == Rank.WILD_DRAW_FOUR), view.next_player(me, -1))
        colour = _(COLOUR_NAMES[Colour(view.colour)]) if view.colour < 4 else "?"
        super().__init__(app, player=table.session.names[culprit], colour=colour)
        self.table = table

    def stacking(self) -> list[A.Action]:
        """H-1: the Wild Draw Four the person may stack on it (empty: none)."""
        me = self.table.viewer
        if me is None:
            return []
        return [a for a in self.table.session.legal(me) if isinstance(a, A.Play)]

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
        if self.stacking():
            out.append(Button.make("stack", N_("Stack your Wild Draw Four (+{count})"),
                                   hint="S", params={"count": total + 4}))
        return out

    def on_press(self, control: str) -> None:
        plays = self.stacking()
        if control == "stack" and plays:
            self.app.pop()
            self.table.act(plays[0])

    def enter(self) -> None:
        super().enter()
        self.focus_id("accept")  # the safe answer under a reflex Enter: a challenge can cost 6

    def handle(self, intent: I.Intent) -> None:
        me = self.table.viewer
        if isinstance(intent, I.ChallengeWD4 | I.AcceptWD4) and me is not None:
            self.app.pop()
            action = A.Challenge(me) if isinstance(intent, I.ChallengeWD4) else A.Accept(me)
            self.table.act(action)
            return
        if isinstance(intent, I.Back):
            self.app.open("pause", self.table)
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


class SwapScene(PanelScene):
    """H-2: a 7 was played: whose hand does the person take? Every opponent with their
    card count (arrows and Enter, 1-9, or a click); the focus starts on the fewest cards,
    and the voice reads the choices and then each one the focus lands on."""

    name = "swap"
    keys = "chooser"
    title = N_("Seven! Swap hands with…")
    body = N_("You take their hand, they take yours.")
    width = 560

    def __init__(self, app: AppHost, table: TableHost) -> None:
        super().__init__(app)
        self.table = table
        me = table.viewer if table.viewer is not None else table.session.to_act
        self.me = me
        self.swaps = [a for a in table.session.legal(me) if isinstance(a, A.SwapWith)]
        self._said: str | None = None

    def counted(self, target: int) -> str:
        n = self.table.session.hand_size(target)
        return ngettext("{player} — {count} card", "{player} — {count} cards", n).format(
            player=self.table.session.names[target], count=n)

    def build(self) -> list[Control]:
        return [Button.make(f"choice{i}", "{text}", params={"text": self.counted(a.target)},
                            hint=str(i + 1)) for i, a in enumerate(self.swaps)]

    def fewest(self) -> int:
        sizes = [self.table.session.hand_size(a.target) for a in self.swaps]
        return sizes.index(min(sizes)) if sizes else 0

    def enter(self) -> None:
        super().enter()
        self.focus_id(f"choice{self.fewest()}")
        self._said = self.focused_id()
        choices = "; ".join(self.counted(a.target) for a in self.swaps)
        self.app.sound.say(_("Swap hands with whom? {choices}.").format(choices=choices))

    def focused_id(self) -> str | None:
        c = self.focused()
        return c.id if c is not None else None

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Back):
            self.app.open("pause", self.table)
            return
        super().handle(intent)
        now = self.focused_id()
        if now != self._said and now is not None and now.startswith("choice"):
            self._said = now
            self.app.sound.say(self.counted(self.swaps[int(now[6:])].target))

    def on_press(self, control: str) -> None:
        if not control.startswith("choice"):
            return
        action = self.swaps[int(control[6:])]
        self.app.pop()
        self.table.act(action)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press(f"choice{self.fewest()}") if self.swaps else None

    def test_state(self) -> dict[str, object]:
        return {"targets": [a.target for a in self.swaps], "fewest": self.fewest()}
