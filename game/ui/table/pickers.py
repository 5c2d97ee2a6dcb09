"""The table's dialogs for a choice, one per widget kind, for every edition.

A person's decision that is not answered from the hand (:attr:`Choice.hand`) opens one
of these over the table, rendering the choice description (:mod:`game.play.choices`):
its label as the title, its options as controls. :class:`ChoiceScene` is what they share —
the prompt said when it opens, the option in focus said as the focus moves, a device
layer dressing it (the launcher turning to the player in focus), the pick handed back to
the table. Which one renders a choice is :func:`game.ui.table.offer.dialog_for`'s call:

- :class:`PlayerPickScene`: pick a player (a victim, a swap partner …), each with their
  face and card count, the fewest in focus first;
- :class:`CardChoiceScene`: cards of the hand to add or put down, each with its face;
- :class:`SharesScene`: share penalty cards among the others;
- :class:`~game.ui.table.chooser.ChooserScene`: anything else, one button per option.

Nothing here names an edition's decisions: a new kind of choice is rendered by the widget
kinds of its options.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _, ngettext
from game.play.choices import UNO, Choice, Option
from game.play.labels import REFUSALS
from game.rules import events as E
from game.rules.cards import Card
from game.ui import cardart, family, scenes, text, theme
from game.ui import intents as I
from game.ui.avatars import draw_avatar
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control
from game.ui.widgets import Choice as Stepper
from game.voice.narrate import counted

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost

#: Options a dialog lists at most (keys 1-9 pick them).
MAX_CHOICES = 9


class ChoiceScene(PanelScene):
    """A dialog rendering ``options`` of ``choice`` (all of them by default; the choice the
    person at the screen owes when ``choice`` is ``None``). ``cancellable``: Esc closes it
    (the person asked for it with an intent that fitted several options); otherwise Esc
    pauses the table, since the game waits for the answer."""

    name = "choice"
    keys = "chooser"
    width = 640
    row_h = 46
    gap = 8

    def __init__(self, app: AppHost, table: TableHost, choice: Choice | None = None,
                 options: Sequence[Option] | None = None, cancellable: bool = False,
                 **params: Any) -> None:
        super().__init__(app, **params)
        self.table = table
        if choice is None:
            choice = table.input.choices().main()
            if choice is None:
                raise ValueError("the person at the screen owes no decision now")
        self.choice: Choice = choice
        self.options: list[Option] = list(choice.options if options is None else options)
        del self.options[MAX_CHOICES:]
        self.cancellable = cancellable
        self.title = self.title or choice.label
        self._said: str | None = None
        self._opened = False

    # ------------------------------------------------------------------ words
    def title_text(self) -> str:
        if self.title != self.choice.label:
            return super().title_text()
        return self.table.input.labels().choice(self.choice)

    def words(self, option: Option) -> str:
        """What the option says, shown on its control and said when it takes the focus."""
        return self.table.input.labels().option(option)

    def option_of(self, control_id: str) -> Option | None:
        """The option a control stands for (``None``: none, e.g. Cancel)."""
        if not control_id.startswith("choice") or not control_id[6:].isdigit():
            return None
        i = int(control_id[6:])
        return self.options[i] if i < len(self.options) else None

    def focused_option(self) -> Option | None:
        c = self.focused()
        return None if c is None else self.option_of(c.id)

    # ------------------------------------------------------------------ lifecycle
    def first_focus(self) -> int:
        """The option in focus when the dialog opens."""
        return 0

    def enter(self) -> None:
        super().enter()
        if self.options:
            self.focus_id(f"choice{self.first_focus()}")
        self._said = self.focused_id()
        self.table.input.prompt(self.choice, self.prompted())
        self._pointing()

    def prompted(self) -> list[Option]:
        """The options the prompt reads out when the dialog opens."""
        return self.options

    def arrange(self) -> None:
        super().arrange()
        for dev in self.table.devices:
            dev.dress(self)

    def focused_id(self) -> str | None:
        c = self.focused()
        return c.id if c is not None else None

    # ------------------------------------------------------------------ input
    def build(self) -> list[Control]:
        out: list[Control] = [Button.make(f"choice{i}", "{text}",
                                          params={"text": self.words(o)}, hint=str(i + 1))
                              for i, o in enumerate(self.options)]
        if self.cancellable:
            out.append(Button.make("cancel", N_("Cancel"), hint="Esc"))
        return out

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Back):
            self.back()
            return
        super().handle(intent)
        now = self.focused_id()
        if now != self._said:
            self._said = now
            option = self.focused_option()
            if option is not None:
                self.app.sound.say(self.words(option))
            self._pointing()

    def _pointing(self) -> None:
        for dev in self.table.devices:  # a device follows the focus (the launcher's aim)
            dev.dress(self)

    def on_press(self, control: str) -> None:
        if control == "cancel":
            self.app.pop()
            return
        option = self.option_of(control)
        if option is not None:
            self.pick(option)

    def pick(self, option: Option) -> None:
        self.app.pop()
        self.table.input.take(self.choice, option)

    def back(self) -> None:
        if self.cancellable:
            self.app.pop()
            return
        self.app.open(scenes.PAUSE, self.table)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        """The devices that were moving go on moving under the dialog (the launcher
        breathes and turns, Roboto finishes his sentence). On the first frame, a key that
        answered this decision while it was announced, before the dialog opened, is
        applied (:meth:`game.ui.table.input.TableInput.early_answer`)."""
        if not self._opened:
            self._opened = True
            early = self.table.input.early_answer(self.choice, self.keys)
            if early is not None:
                self.handle(early)
                return True
        changed = False
        for dev in self.table.devices:
            if dev.animating():
                changed = dev.update(dt) or changed
        return changed

    def wakeup(self) -> float | None:
        if not self._opened or any(dev.animating() for dev in self.table.devices):
            return 0.0
        return None

    # ------------------------------------------------------------------ drawing & tests
    def draw(self, surface: pygame.Surface) -> None:
        for dev in self.table.devices:
            dev.draw_dialog(surface, self)
        super().draw(surface)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press(f"choice{self.first_focus()}") if self.options else None

    def test_state(self) -> dict[str, object]:
        return {"choice": self.choice.id, "kind": self.choice.kind,
                "options": [o.id for o in self.options]}


class PlayerButton(Button):
    """A player to pick: their face at the left, their name and card count."""

    face: Any = None

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        super().draw(surface, focused, hovered, s)
        if self.face is None:
            return
        size = self.rect.height - int(8 * s)
        draw_avatar(surface, self.face, (self.rect.left + int(8 * s) + size // 2,
                                         self.rect.centery), size)


class PlayerPickScene(ChoiceScene):
    """Pick a player, for whatever the choice is (a victim, whose hand to take …): each
    one with their face and how many cards they hold (arrows and Enter, 1-9, or a click).
    The focus starts on the fewest cards; the voice reads the choices, then each one the
    focus lands on."""

    name = "pick_player"
    width = 560
    row_h = 52

    def target(self, option: Option) -> int:
        player = option.params.get("player")
        return player if isinstance(player, int) else -1

    def words(self, option: Option) -> str:
        p = self.target(option)
        if p < 0:
            return super().words(option)
        return counted(self.table.session.names[p], self.table.session.hand_size(p))

    def first_focus(self) -> int:
        sizes = [self.table.session.hand_size(self.target(o)) if self.target(o) >= 0 else 99
                 for o in self.options]
        return sizes.index(min(sizes)) if sizes else 0

    def build(self) -> list[Control]:
        out = super().build()
        faces = family.faces(self.app, self.table.session.player_ids)
        for i, option in enumerate(self.options):
            p = self.target(option)
            b = PlayerButton(id=f"choice{i}", intent=I.Press(f"choice{i}"), label="{text}",
                             params={"text": self.words(option)}, hint=str(i + 1))
            b.face = faces[p] if 0 <= p < len(faces) else None
            out[i] = b
        return out

    def test_state(self) -> dict[str, object]:
        return {**super().test_state(), "targets": [self.target(o) for o in self.options],
                "fewest": self.first_focus(),
                "faces": [getattr(c, "face", None) is not None for c in self.controls
                          if c.id.startswith("choice")]}


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


class CardChoiceScene(ChoiceScene):
    """Cards of the hand to pick (add one to a Discard Two, put one down), each with its
    face, and the choice's other options as plain buttons (play it alone)."""

    name = "pick_card"
    width = 560
    row_h = 58

    def build(self) -> list[Control]:
        out = super().build()
        marks = self.table.settings.colour_blind_marks
        for i, option in enumerate(self.options):
            card = option.params.get("card")
            if isinstance(card, str):
                b = CardButton(id=f"choice{i}", intent=I.Press(f"choice{i}"), label="{text}",
                               params={"text": self.words(option)}, hint=str(i + 1))
                b.card, b.marks = int(Card.parse(card)), marks
                out[i] = b
            else:
                out[i] = Button.make(f"choice{i}", "{text}", params={"text": self.words(option)},
                                     hint=str(i + 1), style="primary")
        return out


class SharesScene(ChoiceScene):
    """Share penalty cards among the other players: how many each one gets, then the
    share that matches (every allowed share is an option of the choice)."""

    name = "shares"
    keys = "menu"
    width = 600
    row_h = 50
    gap = 12

    def __init__(self, app: AppHost, table: TableHost, choice: Choice | None = None,
                 options: Sequence[Option] | None = None, cancellable: bool = False) -> None:
        super().__init__(app, table, choice, options, cancellable)
        self.options = list(self.choice.options if options is None else options)  # all
        shares = [self.shares_of(o) for o in self.options]
        self.total = sum(n for _p, n in shares[0]) if shares else 0
        me = table.viewer
        seen = {p for share in shares for p, _n in share}
        self.opponents = [p for p in table.session.seating if p != me] or sorted(seen)
        self.counts = {p: 0 for p in self.opponents}
        for k in range(self.total):  # a fair first proposal: one each, in turn
            if self.opponents:
                self.counts[self.opponents[k % len(self.opponents)]] += 1

    @staticmethod
    def shares_of(option: Option) -> tuple[tuple[int, int], ...]:
        value = option.params.get("shares", ())
        if not isinstance(value, tuple):
            return ()
        return tuple((int(p), int(n)) for p, n in (x for x in value if isinstance(x, tuple)))

    def body_text(self) -> str:
        return ngettext("Share {count} penalty card among the other players.",
                        "Share {count} penalty cards among the other players.",
                        self.total).format(count=self.total)

    def left(self) -> int:
        return self.total - sum(self.counts.values())

    def build(self) -> list[Control]:
        names = self.table.session.names
        out: list[Control] = []
        for p in self.opponents:
            values = [(n, str(n)) for n in range(self.total + 1)]
            out.append(Stepper.make(f"share{p}", names[p], values, self.counts[p],
                                    on_change=self._setter(p)))
        out.append(Button.make("give", N_("Give the cards"), style="primary",
                               enabled=self.action() is not None, hint="Enter"))
        return out

    def enter(self) -> None:
        super().enter()
        self.focus = 0

    def prompted(self) -> list[Option]:
        return []  # every possible share: too many to read out; the dialog says the total

    def _setter(self, p: int) -> Callable[[Any], None]:
        return lambda value: self._set(p, value)

    def _set(self, p: int, value: int) -> None:
        self.counts[p] = int(value)
        self.relayout()

    def action(self) -> Option | None:
        """The option that shares the cards as set now (``None``: no allowed share)."""
        want = tuple((p, n) for p, n in self.counts.items() if n)
        return next((o for o in self.options if self.shares_of(o) == want), None)

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
                if c.id == intent.control and isinstance(c, Stepper):
                    c.step(intent.step)
            return
        super().handle(intent)

    def on_press(self, control: str) -> None:
        if control == "give":
            option = self.action()
            if option is not None:
                self.pick(option)
            return
        super().on_press(control)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("give")

    def test_state(self) -> dict[str, object]:
        return {**super().test_state(), "counts": dict(self.counts), "left": self.left()}


class StackScene(CardChoiceScene):
    """H-1: a stack coming to you, asked in a dialog of its own: who stacked it (their
    faces in order, each with the total their card made, then yours), what is coming, your
    cards that stack on it (each with its face) and taking it all. Rendered from the stack
    choice's options like every other choice; the table shows the same (the glowing card,
    *Take N*) under it."""

    name = "stack"
    keys = "stack"
    width = 600
    #: The faces' size (at 1280×720).
    FACE = 58

    def stackers(self) -> list[tuple[int, int]]:
        """(player, total so far) of each card of the stack coming now, first to last."""
        out: list[tuple[int, int]] = []
        for e in reversed(self.table.session.recent_events()):
            if isinstance(e, E.Stacked):
                if out and e.total >= out[-1][1]:
                    break  # an earlier stack
                out.append((e.player, e.total))
        return out[::-1]

    def body_text(self) -> str:
        from game.ui.table.panels import house_prompt

        return house_prompt(self.table) or super().body_text()

    def words(self, option: Option) -> str:
        if "card" not in option.params:
            return _("Take {count}").format(count=self.table.session.stack_total())
        return super().words(option)

    def extra_height(self) -> int:
        return self.FACE + 34

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        faces = family.faces(self.app, self.table.session.player_ids)
        me = self.table.viewer
        chain: list[tuple[int, str]] = [(p, f"+{n}") for p, n in self.stackers()]
        if me is not None:
            chain.append((me, _("you")))
        if not chain:
            return
        size = int(self.FACE * s)
        step = size + int(54 * s)
        x = self.panel_rect.centerx - step * (len(chain) - 1) // 2
        y = self.content_top + size // 2 + int(2 * s)
        for k, (p, words) in enumerate(chain):
            if 0 <= p < len(faces):
                draw_avatar(surface, faces[p], (x, y), size)
            text.draw(surface, words, int(18 * s), (x, y + size // 2 + int(2 * s)),
                      theme.ACCENT if k < len(chain) - 1 else theme.TEXT, "midtop")
            if k < len(chain) - 1:  # the stack passes on
                a, b = x + size // 2 + int(8 * s), x + step - size // 2 - int(8 * s)
                pygame.draw.line(surface, theme.DANGER, (a, y), (b, y), max(2, int(4 * s)))
                pygame.draw.polygon(surface, theme.DANGER, [(b + int(6 * s), y),
                                                            (b - int(6 * s), y - int(8 * s)),
                                                            (b - int(6 * s), y + int(8 * s))])
            x += step

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.DrawCard):  # D, as at the table: take them all
            take = next((o for o in self.options if "card" not in o.params), None)
            if take is not None:
                self.pick(take)
            return
        if isinstance(intent, I.CallUno):  # U, as at the table: before the next-to-last card
            me = self.table.viewer
            uno = None if me is None else self.table.input.choices(me).choice(UNO)
            if uno is not None:
                self.table.input.choose(uno, uno.options[0])
            else:
                self.table.say(REFUSALS["C-12"])
            return
        super().handle(intent)

    def test_state(self) -> dict[str, object]:
        return {**super().test_state(), "stackers": [p for p, _n in self.stackers()],
                "total": self.table.session.stack_total()}
