"""Passing the device between people at one screen: the pass screen that hides every
hand until the next person is ready (and offers H-3's "Jump in!" to the others), and
H-3's jump-in itself, which hands the device to someone out of turn. What each person may
do (call UNO, jump in) is read from their own choice description.

Only the people who share the keyboard pass it (issue 33): a person on a phone plays from
the phone, so the pass screen never names them, offers them no UNO! button and never asks
them to jump in here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.play.choices import JUMP_IN, UNO, Choice
from game.ui import cardart, family, scenes
from game.ui import intents as I
from game.ui.avatars import draw_avatar
from game.ui.scenes.base import PanelScene
from game.ui.table.phones import keyboard_people
from game.ui.widgets import Button, Control
from game.voice.narrate import card_name

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableFace


PASS_GUARD_S = 0.6


class PassDeviceScene(PanelScene):
    """Between two people's turns: every hand is hidden until the next person is ready.

    The person who just played their next-to-last card may still call UNO until the next
    player begins (C-12): while the device changes hands, a button (or U) lets them."""

    name = "pass"
    keys = "pass"
    opaque = True
    title = N_("Pass the device to {player}")
    body = N_("{player}, it is your turn. Make sure nobody else can see the screen, then "
              "press Enter or the button below to see your cards.")

    def __init__(self, app: AppHost, table: TableFace, player: int) -> None:
        super().__init__(app, player=table.session.names[player])
        self.table = table
        self.player = player
        table.passes_shown.append(player)
        self._owed: tuple[int, ...] = ()
        speed = app.settings.animation_speed
        #: Seconds during which Enter or a click is not taken as the next person's "ready":
        #: the person before may still be pressing keys meant for their own turn.
        self.guard = 0.0 if speed <= 0 else PASS_GUARD_S

    #: The next person's face, across (at 1280×720): whose turn it is, for a child who
    #: cannot read the name yet.
    FACE = 84

    def extra_height(self) -> int:
        return self.FACE + 14

    def draw_extra(self, surface: pygame.Surface) -> None:
        size = int(self.FACE * self.s)
        avatar = family.faces(self.app, self.table.session.player_ids)[self.player]
        draw_avatar(surface, avatar, (self.panel_rect.centerx, self.content_top + size // 2),
                    size)

    def owing(self) -> tuple[int, ...]:
        """The other people at the keyboard who may call UNO now (a phone calls its own)."""
        from game.ui.table.shout_listener import owing

        people = keyboard_people(self.table.session)
        return tuple(p for p in owing(self.table) if p != self.player and p in people
                     and self.table.input.choices(p).choice(UNO))

    def build(self) -> list[Control]:
        self._owed = self.owing()
        names = self.table.session.names
        out: list[Control] = [
            Button.make("ready", N_("I am {player}: show my cards"), style="primary",
                        params=self.params),
            *(Button.make(f"uno{p}", N_("{player}: UNO!"), params={"player": names[p]})
              for p in self._owed)]
        if self.jump_open():  # H-3: someone else may still jump in before this turn
            card = self.table.session.jump_card()
            out.append(Button.make("jump", N_("Jump in on {card}"), I.JumpIn(), hint="J",
                                   params={"card": card_name(card) if card is not None
                                           else ""}))
        return out

    def jump_open(self) -> bool:
        s = self.table.session
        return "jump_in" in s.house() and s.jump_card() is not None and \
            any(p != s.to_act for p in keyboard_people(s))

    def claim_jump(self) -> None:
        """H-3: someone other than the next player jumps in: the device goes to them."""
        if not self.jump_open():
            return
        self.app.pop()
        self.table.passing_to = None
        self.app.push(JumpInScene(self.app, self.table))

    def on_press(self, control: str) -> None:
        if control == "jump":
            self.claim_jump()
            return
        if control.startswith("uno"):
            self.call_uno(int(control[3:]))
            return
        self.table.passing_to = None
        self.table.set_viewer(self.player)
        self.app.pop()

    def handle(self, intent: I.Intent) -> None:
        if self.guard > 0 and isinstance(intent, I.Activate | I.Press | I.PlayCard |
                                         I.DrawCard | I.PlayDrawn | I.KeepDrawn):
            return  # still the person before's keys (a double Enter): not a hand-over
        if isinstance(intent, I.CallUno):
            if self._owed:
                self.call_uno(self._owed[0])
            return
        if isinstance(intent, I.JumpIn):
            self.claim_jump()
            return
        super().handle(intent)

    def call_uno(self, player: int) -> None:
        uno = self.table.input.choices(player).choice(UNO) if player in self._owed else None
        if uno is not None:
            self.table.input.choose(uno, uno.options[0], seat=player)
        self.relayout()
        self.focus_id("ready")

    def update(self, dt: float) -> bool:
        self.guard = max(0.0, self.guard - dt)
        if self.owing() != self._owed or \
                self.jump_open() != any(c.id == "jump" for c in self.controls):
            # the window closed meanwhile
            self.relayout()
            return True
        return False

    def wakeup(self) -> float | None:
        return self.guard if self.guard > 0 else None

    def back(self) -> None:
        self.app.open(scenes.PAUSE, self.table)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Activate() if self.guard <= 0 else None

    def test_state(self) -> dict[str, Any]:
        """Test hook: whom the device is passed to."""
        return {"player": self.player}


class JumpInScene(PanelScene):
    """H-3 at a hot-seat table. Hands are hidden, so a jump-in cannot be a click on a card:
    anyone presses "Jump in!" (or J), says who they are, and — once the device is theirs
    and nobody else looks — sees only their card identical to the one just played, and
    plays it (or learns they have none; nothing else of their hand is shown). The table
    waits meanwhile: the first to claim is the first who counts (H-3)."""

    name = "jump_in"
    keys = "chooser"
    opaque = True
    width = 600

    def __init__(self, app: AppHost, table: TableFace) -> None:
        super().__init__(app)
        self.table = table
        s = table.session
        self.card = s.jump_card()
        self.who = [p for p in keyboard_people(s) if p != s.to_act]  # (phones: their own)
        self.jumper: int | None = None if len(self.who) > 1 else self.who[0]
        self.stage = "who" if self.jumper is None else "pass"
        self.guard = 0.0

    def title_text(self) -> str:
        names = self.table.session.names
        if self.stage == "who":
            return _("Who jumps in?")
        assert self.jumper is not None
        if self.stage == "pass":
            return _("Pass the device to {player}").format(player=names[self.jumper])
        return _("{player}, jump in?").format(player=names[self.jumper])

    def body_text(self) -> str:
        card = card_name(self.card) if self.card is not None else ""
        if self.stage == "who":
            return _("Only a card identical to {card} may jump in.").format(card=card)
        if self.stage == "pass":
            return _("Make sure nobody else can see the screen.")
        if self.jumps():
            return _("You hold {card}: play it now, out of turn.").format(card=card)
        return _("You do not hold {card}. Nothing else of your hand is shown.").format(
            card=card)

    def jumps(self) -> Choice | None:
        """The jumper's jump-in choice (their identical card), once they hold the device."""
        if self.jumper is None:
            return None
        return self.table.input.choices(self.jumper).choice(JUMP_IN)

    def extra_height(self) -> int:
        return 160 if self.stage == "show" and self.jumps() else 0

    def build(self) -> list[Control]:
        names = self.table.session.names
        if self.stage == "who":
            return [*(Button.make(f"choice{i}", "{text}", params={"text": names[p]},
                                  hint=str(i + 1)) for i, p in enumerate(self.who)),
                    Button.make("cancel", N_("Cancel"), hint="Esc")]
        if self.stage == "pass":
            assert self.jumper is not None
            return [Button.make("ready", N_("I am {player}: show my card"), style="primary",
                                params={"player": names[self.jumper]}),
                    Button.make("cancel", N_("Cancel"), hint="Esc")]
        if self.jumps():
            return [Button.make("play", N_("Jump in!"), style="primary"),
                    Button.make("cancel", N_("Cancel"), hint="Esc")]
        return [Button.make("cancel", N_("Back to the game"), style="primary")]

    def draw_extra(self, surface: pygame.Surface) -> None:
        if self.stage != "show" or not self.jumps() or self.card is None:
            return
        s = self.s
        w = int(96 * s)
        img = cardart.face(self.card, w, self.app.settings.colour_blind_marks)
        surface.blit(img, img.get_rect(midtop=(self.panel_rect.centerx,
                                                self.content_top + int(4 * s))))

    def on_press(self, control: str) -> None:
        if control == "cancel":
            self.finish(None)
        elif control.startswith("choice"):
            self.jumper = self.who[int(control[6:])]
            self.stage = "pass"
            self.relayout()
        elif control == "ready":
            self.stage = "show"
            self.relayout()
        elif control == "play":
            self.finish(self.jumps())

    def finish(self, jump: Choice | None) -> None:
        """Back to the table: the jumper holds the device after a jump-in; else it goes
        back to whoever had it (through the pass screen, if someone else saw their card)."""
        self.app.pop()
        t = self.table
        if jump is None or self.jumper is None or t.session.jump_card() is None:
            if self.stage == "show" and self.jumper is not None and t.viewer != self.jumper:
                back = t.viewer if t.viewer is not None else t.session.to_act
                self.app.push(PassDeviceScene(self.app, t, back))
            return
        t.set_viewer(self.jumper)
        t.input.take(jump, jump.options[0])

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Back):
            self.finish(None)
            return
        super().handle(intent)

    def update(self, dt: float) -> bool:
        if self.table.session.jump_card() != self.card and self.stage != "show":
            self.app.pop()  # the window closed meanwhile (the game moved on)
            return True
        return False

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("cancel")
