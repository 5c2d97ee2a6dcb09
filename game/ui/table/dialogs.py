"""Dialogs the table pushes for a person's decision: pass the device, name a colour,
answer a Wild Draw Four, and see the hand a challenge revealed (to the challenger only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.narrate import COLOUR_NAMES, card_name
from game.rules import actions as A
from game.rules import events as E
from game.rules.cards import COLOUR_OF, COLOURS, RANK_OF, Colour, Rank
from game.ui import cardart, family, text, theme
from game.ui import intents as I
from game.ui.avatars import draw_avatar
from game.ui.scenes.base import PanelScene
from game.ui.tween import Tween
from game.ui.widgets import Button, Control, focus_ring

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost


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

    def __init__(self, app: AppHost, table: TableHost, player: int) -> None:
        super().__init__(app, player=table.session.names[player])
        self.table = table
        self.player = player
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
        """The other people who may call UNO now."""
        from game.ui.table.shout_listener import owing

        s = self.table.session
        return tuple(p for p in owing(self.table)
                     if p != self.player and A.CallUno(p) in s.legal(p))

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
            any(p != s.to_act for p in s.humans)

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
        if player in self._owed:
            self.table.act(A.CallUno(player))
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
        self.app.open("pause", self.table)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Activate() if self.guard <= 0 else None


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

    def __init__(self, app: AppHost, table: TableHost) -> None:
        super().__init__(app)
        self.table = table
        s = table.session
        self.card = s.jump_card()
        self.who = [p for p in s.humans if p != s.to_act]
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

    def jumps(self) -> list[A.Action]:
        if self.jumper is None:
            return []
        return self.table.session.jump_ins(self.jumper)

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
            jumps = self.jumps()
            self.finish(jumps[0] if jumps else None)

    def finish(self, action: A.Action | None) -> None:
        """Back to the table: the jumper holds the device after a jump-in; else it goes
        back to whoever had it (through the pass screen, if someone else saw their card)."""
        self.app.pop()
        t = self.table
        if action is None or self.jumper is None or t.session.jump_card() is None:
            if self.stage == "show" and self.jumper is not None and t.viewer != self.jumper:
                back = t.viewer if t.viewer is not None else t.session.to_act
                self.app.push(PassDeviceScene(self.app, t, back))
            return
        t.set_viewer(self.jumper)
        t.act(action)

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
