"""The "Try me" demo (R-12), opened from the title screen like the toy's try-me switch.

Roboto (the table's own :class:`~game.editions.roboto.table.puppet.RobotoPuppet`) introduces himself
at a small table of three players (the first one is the person's own name from the last
set-up), calls a turn, a surprise command whose red cards go on the pile one at a time
(R-7), names who continues (R-8), runs a duel with a flashing lamp (R-10) whose loser draws
two, shows his friends of the other editions and says goodbye. He speaks through the voice
when it is on; without it he is still animated, with his speech bubbles.

The whole scene is a function of one clock, its script in
:mod:`~game.ui.scenes.demo_script`: ``draw`` changes nothing, ``update`` only moves the
clock, starts each line and plays the sounds on their cues. Any key, a click or Esc
returns to the title, and so does the end of the script.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.editions.attack.table.draw import head_image
from game.editions.roboto.table.puppet import RobotoPuppet
from game.editions.roboto.table.races import draw_lamp
from game.i18n import N_, _
from game.rules.cards import Card
from game.setup.names import clean_name, is_player_id
from game.ui import cardart, text, theme
from game.ui import intents as I
from game.ui.backdrop import felt
from game.ui.editions import edition_ui
from game.ui.scene import Scene
from game.ui.scenes.demo_script import (
    CUES,
    END_S,
    FLIGHTS,
    FRIENDS,
    FRIENDS_HIDE,
    FRIENDS_SHOW,
    HANDS,
    RACE_DONE,
    RACE_FLASH,
    RACE_HIDE,
    RACE_SHOW,
    SCRIPT,
    Flight,
    hand_at,
    top_at,
    turn_at,
)
from game.ui.widgets import Button, Control
from game.voice.narrate import AI_NAMES

if TYPE_CHECKING:
    from game.ui.scene import AppHost


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


class TryMeScene(Scene):
    """See the module docstring."""

    name = "demo"
    opaque = True

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        remembered = app.settings.player_names[:1]
        me = clean_name(remembered[0]) if remembered and isinstance(remembered[0], str) else ""
        self.names = [me or AI_NAMES[0], AI_NAMES[1], AI_NAMES[2]]
        ids = app.settings.player_ids[:1]  # the person's recorded name, if any, is used
        self.ids = [ids[0]] if me and ids and is_player_id(ids[0]) else []
        self.clock = 0.0
        self.line = -1  # the line being said
        self.voiced = -1  # the last line handed to the voice
        self.cue = 0
        self.robot = RobotoPuppet()
        self.seats: list[pygame.Rect] = []
        self.pile = pygame.Rect(0, 0, 0, 0)
        self.draw_pile = pygame.Rect(0, 0, 0, 0)
        self.stage = pygame.Rect(0, 0, 0, 0)
        self.cw = 60
        self.done = False

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        super().enter()
        self.app.sound.start_voice(self.names, ids=self.ids)

    def exit(self) -> None:
        self.app.sound.hush()

    def build(self) -> list[Control]:
        return [Button.make("back", N_("Back to the title"), style="primary", hint="Esc")]

    def arrange(self) -> None:
        self.controls = self.build()
        s = self.s
        w, h = self.size
        self.controls[0].rect = pygame.Rect(0, 0, int(250 * s), int(50 * s))
        self.controls[0].rect.bottomright = (w - int(24 * s), h - int(22 * s))
        self.focus = 0
        big = s * 1.7
        self.robot.s = big
        self.robot.screen_w = w
        self.robot.bubble_frac = 0.42
        self.robot.text_s = s * 1.25
        self.robot.body = pygame.Rect(0, 0, int(118 * big), int(168 * big))
        self.robot.body.midbottom = (int(w * 0.25), int(h * 0.8))
        self.stage = pygame.Rect(int(w * 0.47), int(h * 0.14), int(w * 0.5), int(h * 0.66))
        self.cw = int(62 * s)
        st = self.stage
        plate = (int(st.width * 0.44), int(self.cw * 2.1))
        self.seats = [pygame.Rect((0, 0), plate) for _ in HANDS]
        self.seats[0].midbottom = (st.centerx, st.bottom)
        self.seats[1].topleft = st.topleft
        self.seats[2].topright = st.topright
        ch = cardart.card_size(self.cw)[1]
        self.pile = pygame.Rect(0, 0, self.cw, ch)
        self.pile.center = (st.centerx + int(self.cw * 0.7), st.centery + int(12 * s))
        self.draw_pile = self.pile.move(-int(self.cw * 1.5), 0)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        if self.done:
            return False
        self.clock += dt
        self.robot.tick(dt, self.app.clock.now)
        while self.line + 1 < len(SCRIPT) and self.clock >= SCRIPT[self.line + 1].at:
            self.line += 1
            words = self.words(self.line)
            self.robot.speak(words, min(3.4, 0.9 + 0.055 * len(words)))
        if self.line > self.voiced and self.line >= 0:  # the voice may still be starting
            if self.app.sound.say(self.words(self.line)):
                self.voiced = self.line
            elif self.clock - SCRIPT[self.line].at > 1.0:
                self.voiced = self.line  # too late for this line: the bubble says it
        while self.cue < len(CUES) and self.clock >= CUES[self.cue][0]:
            self.app.sound.play(CUES[self.cue][1])
            self.cue += 1
        if self.clock >= END_S:
            self.finish()
        return True

    def wakeup(self) -> float | None:
        return None if self.done else 0.0

    def words(self, i: int) -> str:
        line = SCRIPT[i]
        params = {}
        if line.seat >= 0:
            params["player"] = self.names[line.seat]
        if line.other >= 0:
            params["other"] = self.names[line.other]
        return _(line.msgid).format(**params)

    def finish(self) -> None:
        if not self.done:
            self.done = True
            self.app.pop()

    # ------------------------------------------------------------------ input
    def raw_event(self, event: pygame.event.Event) -> bool:
        """Any key (but the window's own: F1, F11, modifiers) or any click ends the demo."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.finish()
            return True
        if event.type == pygame.KEYDOWN and event.key not in (
                pygame.K_F1, pygame.K_F11, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL,
                pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR):
            self.finish()
            return True
        return False

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, (I.Press, I.Back, I.Activate)):
            self.finish()
            return
        super().handle(intent)

    # ------------------------------------------------------------------ what is on the table
    def card_pos(self, seat: int, i: int, n: int) -> tuple[int, int]:
        r = self.seats[seat]
        step = min(self.cw * 0.62, (r.width - self.cw * 1.2) / max(1, n - 1))
        x0 = r.centerx - step * (n - 1) / 2
        return int(x0 + i * step), r.top + int(r.height * 0.6)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        t = self.clock
        surface.blit(felt(self.size), (0, 0))
        w, h = self.size
        text.draw(surface, _("Try me!"), int(40 * s), (int(w * 0.25), int(28 * s)),
                  theme.ACCENT, "midtop", shadow=True)
        text.draw(surface, _("Roboto shows you how he runs a game."), int(19 * s),
                  (int(w * 0.25), int(80 * s)), theme.TEXT, "midtop", shadow=True)
        if t < FRIENDS_SHOW - 0.3 or t >= FRIENDS_HIDE:
            self.draw_table(surface, t)
        else:
            self.draw_friends(surface, t)
        self.robot.draw_robot(surface)
        if self.robot.bubble > 0 and self.robot.words:
            self.robot.draw_bubble(surface)
        if RACE_SHOW <= t < RACE_HIDE:
            self.draw_race(surface, t)
        self.draw_progress(surface)
        hint = _("Any key or a click returns to the title.")
        text.draw(surface, hint, int(16 * s), (int(24 * s), h - int(46 * s)), theme.TEXT_DIM,
                  "midleft")
        super().draw(surface)

    def draw_table(self, surface: pygame.Surface, t: float) -> None:
        s = self.s
        fade = min(1.0, t / 0.8)
        turn = turn_at(t)
        for seat, r in enumerate(self.seats):
            plate = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (*theme.PANEL, int(200 * fade)), plate.get_rect(),
                             border_radius=int(12 * s))
            surface.blit(plate, r.topleft)
            edge = theme.ACCENT if seat == turn else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, r, max(2, int((4 if seat == turn else 2) * s)),
                             border_radius=int(12 * s))
            text.draw(surface, self.names[seat], int(18 * s), (r.centerx, r.top + int(6 * s)),
                      theme.ACCENT if seat == turn else theme.TEXT, "midtop")
            hand = hand_at(seat, t)
            for i, code in enumerate(hand):
                img = cardart.face(Card.parse(code), self.cw)
                surface.blit(img, img.get_rect(center=self.card_pos(seat, i, len(hand))))
        back = cardart.back(self.cw)
        for k in range(3, -1, -1):
            surface.blit(back, self.draw_pile.move(k * 2, k * 2))
        top = cardart.face(Card.parse(top_at(t)), self.cw)
        surface.blit(top, self.pile)
        for f in FLIGHTS:
            if f.at <= t < f.at + f.seconds:
                self.draw_flight(surface, f, t)

    def draw_flight(self, surface: pygame.Surface, f: Flight, t: float) -> None:
        u = _ease((t - f.at) / f.seconds)
        if f.src >= 0:
            hand = list(HANDS[f.src])
            start = self.card_pos(f.src, hand.index(f.card), len(hand))
        else:
            start = self.draw_pile.center
        if f.dst >= 0:
            n = len(hand_at(f.dst, f.at + f.seconds))
            end = self.card_pos(f.dst, n - 1, n)
        else:
            end = self.pile.center
        calm = self.app.settings.reduced_motion  # straight, without a spin
        lift = 0.0 if calm else math.sin(u * math.pi) * self.cw * 0.6
        x = start[0] + (end[0] - start[0]) * u
        y = start[1] + (end[1] - start[1]) * u - lift
        img = cardart.face(Card.parse(f.card), self.cw)
        if not calm:
            img = pygame.transform.rotozoom(img, (1 - u) * 25,
                                            1.0 + 0.15 * math.sin(u * math.pi))
        surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def draw_race(self, surface: pygame.Surface, t: float) -> None:
        """R-10: the duel's lamp (dark, then flashing) and each racer's state."""
        s = self.s
        box = pygame.Rect(0, 0, int(330 * s), int(200 * s))
        box.center = self.stage.center
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*theme.PANEL, 248), shade.get_rect(), border_radius=int(16 * s))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, max(1, int(2 * s)),
                         border_radius=int(16 * s))
        c = (box.centerx, box.top + int(62 * s))
        r = int(40 * s)
        flashed = t >= RACE_FLASH
        lit = self.app.settings.reduced_motion or int((t - RACE_FLASH) * 8) % 2 == 0
        draw_lamp(surface, c, r, s, flashed, lit,
                  lambda label: text.fit(label, int(24 * s), 2 * r - int(12 * s)))
        y = box.top + int(122 * s)
        order = sorted(RACE_DONE, key=lambda p: RACE_DONE[p])
        for seat in order:
            done = t >= RACE_DONE[seat]
            if done:
                msg = _("{player}: done, number {place}").format(
                    player=self.names[seat], place=order.index(seat) + 1)
            else:
                msg = _("{player}: press on the flash!").format(player=self.names[seat])
            last = done and seat == order[-1]
            text.draw(surface, msg, int(18 * s), (box.centerx, y),
                      theme.DANGER if last else theme.ACCENT if done else theme.TEXT, "midtop")
            y += int(30 * s)

    def draw_friends(self, surface: pygame.Surface, t: float) -> None:
        """A glimpse of the other editions: their titles, gadget and special cards."""
        s = self.s
        st = self.stage
        gap = int(14 * s)
        pw = (st.width - 2 * gap) // 3
        for k, (ed, cards) in enumerate(FRIENDS):
            appear = _ease((t - FRIENDS_SHOW - 0.35 * k) / 0.5)
            if appear <= 0:
                continue
            r = pygame.Rect(st.left + k * (pw + gap), st.top + int((1 - appear) * 40 * s),
                            pw, st.height)
            shade = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (*theme.PANEL, int(215 * appear)), shade.get_rect(),
                             border_radius=int(14 * s))
            surface.blit(shade, r.topleft)
            pygame.draw.rect(surface, theme.PANEL_EDGE, r, max(1, int(2 * s)),
                             border_radius=int(14 * s))
            title = _(edition_ui(ed).title)
            text.draw(surface, title, text.fit(title, int(20 * s), pw - gap),
                      (r.centerx, r.top + int(12 * s)), theme.ACCENT, "midtop")
            y = r.top + int(50 * s)
            if ed == "attack":
                jaw = int((t * 3) % 4)
                head = head_image(int(pw * 0.55), jaw)
                surface.blit(head, head.get_rect(midtop=(r.centerx, y)))
                y += head.get_height() + gap
            elif ed == "triple":
                y = self.draw_trays(surface, r, y, t)
            cw = int(min(self.cw * 1.05, (pw - 3 * gap) / max(1, len(cards))))
            ch = cardart.card_size(cw)[1]
            y = max(y, (y + r.bottom - int(100 * s) - ch) // 2)  # centred in the room left
            x0 = r.centerx - (len(cards) * (cw + gap) - gap) // 2
            for i, code in enumerate(cards):
                img = cardart.face(Card.parse(code), cw)
                surface.blit(img, (x0 + i * (cw + gap), y))
            blurb = _(edition_ui(ed).blurb)
            text.draw_wrapped(surface, blurb, int(14 * s), pygame.Rect(
                r.left + gap, r.bottom - int(96 * s), pw - 2 * gap, int(90 * s)),
                theme.TEXT_DIM)

    def draw_trays(self, surface: pygame.Surface, r: pygame.Rect, y: int, t: float) -> int:
        """Three tray wells with their capacity lights, the middle one blinking."""
        s = self.s
        ww = (r.width - int(40 * s)) // 3
        lights = ((60, 210, 90), (250, 210, 40), (235, 50, 45))
        for i in range(3):
            well = pygame.Rect(r.left + int(14 * s) + i * (ww + int(6 * s)), y, ww,
                               int(ww * 1.2))
            pygame.draw.rect(surface, (18, 20, 26), well, border_radius=int(8 * s))
            pygame.draw.rect(surface, theme.PANEL_EDGE, well, max(1, int(2 * s)),
                             border_radius=int(8 * s))
            face = cardart.face(Card.parse(("R3", "G5", "B7")[i]), int(ww * 0.62))
            surface.blit(face, face.get_rect(center=(well.centerx, well.centery - int(6 * s))))
            lit = i != 1 or int(t * 4) % 2 == 0
            pygame.draw.circle(surface, lights[i] if lit else (40, 40, 40),
                               (well.centerx, well.bottom - int(10 * s)), int(6 * s))
        return y + int(ww * 1.2) + int(10 * s)  # (a well: a bit taller than its card)

    def draw_progress(self, surface: pygame.Surface) -> None:
        s = self.s
        w, h = self.size
        bar = pygame.Rect(int(24 * s), h - int(14 * s), w - int(48 * s), max(2, int(4 * s)))
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, bar, border_radius=bar.height)
        done = bar.copy()
        done.width = int(bar.width * min(1.0, self.clock / END_S))
        if done.width > 0:
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=bar.height)

    def autoplay_intent(self) -> I.Intent | None:
        return None

    def test_state(self) -> dict[str, Any]:
        return {"clock": round(self.clock, 2), "line": self.line,
                "words": self.robot.words if self.robot.bubble > 0 else "",
                "talking": self.robot.talk > 0, "voiced": self.voiced, "turn": turn_at(
                    self.clock), "top": top_at(self.clock), "done": self.done,
                "race": RACE_SHOW <= self.clock < RACE_HIDE, "names": list(self.names),
                "robot": [*self.robot.body]}
