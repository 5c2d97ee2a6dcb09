"""UNO Attack on screen (RULES.md section A): title and rules for the help, and the card
launcher as a device layer.

:class:`DinoLauncher` stands in place of the draw pile (drawn by
:class:`~.draw.LauncherDrawing`: a dinosaur that breathes, builds up and dips its
nose when pressed); it growls and throws the fired cards in arcs into the presser's hand —
or coughs a grey puff on a dud — and turns its head toward the player it aims at. A click
on it (or D) is the press (the table's draw: the option besides the cards of the choice
the person owes). The Wild Attack-Attack victim, and the chosen player of a customizable
card, are picked in the table's player picker (any choice of players): the launcher shows
itself over its veil and turns to the player in focus, and the picker's panel sits low,
so the launcher stays in view. Only the player's view (the public ``unit`` text), the
events and the choice description are read.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from game.editions.attack.table.draw import (
    CHAIN_S,
    CHAINED_WIND_S,
    PRESS_S,
    PUFF_S,
    RELIEF_S,
    WIND_S,
    FanCard,
    LauncherDrawing,
    Puff,
)
from game.editions.attack.voice import PressedFor
from game.i18n import N_
from game.rules import events as E
from game.rules.cards import Card
from game.rules.units import LauncherView
from game.ui import family, text, theme
from game.ui.avatars import draw_avatar
from game.ui.editions.common import device_sound, fly_discarded
from game.ui.table.devices import DeviceLayer
from game.ui.tween import Tween, ease_in_out

if TYPE_CHECKING:
    from game.ui.table.host import ChoiceDialog, TableHost
    from game.ui.table.presenter import Presenter

#: A-6: the reason of the presses made for the victim of a Wild Attack-Attack.
ATTACK = "attack_attack"
#: A-6: how long the attacker takes to turn the launcher to the victim (speed 1).
TURN_S = 0.8


class DinoLauncher(LauncherDrawing, DeviceLayer):
    """The launcher: see the module docstring."""

    replaces = frozenset({"draw"})

    def __init__(self, table: TableHost) -> None:
        super().__init__(table)
        self.clock = 0.0
        self.presses = 0
        self.press_t = 0.0  # the nose press
        self.jaw_t = 0.0  # the mouth open after a fire
        self.fires = self.duds = 0
        self.aim = 0.0  # the head's angle (radians, screen; 0 = right)
        self.want = -0.4
        self.target: int | None = None
        self.body = pygame.Rect(0, 0, 0, 0)
        self._seen = -1
        # the suspense: its own random stream, never the launcher's (what the animation
        # shows must not tell what is coming)
        self.suspense = random.Random()
        self.wind_t = self.wind_total = 0.0
        self.hesitation = (0.0, 0.0)
        self.reveal: tuple[str, float, float] | None = None
        self.last_presser = -1
        self.since_press = 99.0
        self.relief_t = 0.0
        self.eruptions = 0
        self.winds: list[float] = []  # each press's wind-up (tests)
        #: The press not told yet, and how it is told (A-6: as pressed for the victim).
        self.held_back: tuple[E.LauncherPressed, object] | None = None
        self.still = False
        self.nose_at = (0, 0)
        #: A-6: (attacker, victim) while the attacker turns the launcher to the victim and
        #: presses it twice for them; ``None`` otherwise.
        self.pressing_for: tuple[int, int] | None = None
        self.turned = 0  # A-6 turns shown (tests)

    # ------------------------------------------------------------------ layout
    def relayout(self) -> None:
        lay = self.table.layout
        cw, ch = lay.card_w, lay.card_h
        r = pygame.Rect(0, 0, int(cw * 1.9), int(ch * 1.15))
        r.midright = (lay.draw_pile.right, lay.draw_pile.centery + int(ch * 0.05))
        lay.draw_pile = r
        self.body = r

    def aim_at(self, player: int | None) -> None:
        self.target = player
        if player is None:
            self.want = -0.4
            return
        tx, ty = self.table.layout.seat_point(player)
        nx, ny = self.neck()
        self.want = math.atan2(ty - ny, tx - nx)

    # ------------------------------------------------------------------ events
    def present(self, event: E.Event, presenter: Presenter) -> bool:
        if isinstance(event, E.TurnStarted):
            self.pressing_for = None
            self.aim_at(event.player)
            return False
        if isinstance(event, E.PlayerPicked):
            if any(isinstance(q, E.LauncherPressed) and q.reason == ATTACK
                   and q.player == event.target for q, _dealt in presenter.queue):
                self.turn_to_victim(event, presenter)
            else:
                self.aim_at(event.target)
            return False
        if isinstance(event, E.CardsDiscarded):  # the rest of the colour goes first
            fly_discarded(self.table, presenter, event)
            return True
        if not isinstance(event, E.LauncherPressed):
            return False
        lay, m = self.table.layout, self.table.model
        self.aim_at(event.player)
        self.aim = self.want
        self.presses = event.presses
        self.press_t = PRESS_S
        fired: list[Card | None] = list(event.fired) if event.fired else [None] * event.count
        # the suspense (A-2 on screen): a wind-up of rising tension with a random
        # hesitation, the same whatever comes out; a run of presses by the same player
        # (Hit 2, Wild Hit 4, a stacked total) shares one build-up and then goes quickly
        # the attacker presses for the victim, each press with a person's own suspense
        attack = self.pressing_for is not None and event.reason == ATTACK and \
            event.player == self.pressing_for[1]
        chained = event.player == self.last_presser and self.since_press < CHAIN_S and \
            not attack
        self.last_presser = event.player
        wind = presenter.d(self.suspense.uniform(*CHAINED_WIND_S) if chained
                           else self.suspense.uniform(*WIND_S))
        self.start_wind(wind, chained, presenter.still)
        self.hold_back(event, attack)
        delay = wind + presenter.d(0.05)
        if not fired:
            self.duds += 1
            presenter.add(Puff(self.mouth(), self._head_size() * 0.8,
                               Tween(presenter.d(PUFF_S), delay)))
            self.reveal = ("launcher_puff", wind, 0.0)
            presenter.hold = delay + presenter.d(0.3 if chained else 0.6)
            return True
        self.fires += 1
        self.reveal = ("launcher_fire", wind, presenter.d(0.5 + 0.08 * len(fired)))
        stagger = presenter.d(0.08 if len(fired) <= 4 else 0.05)
        player = event.player
        mine = player == m.viewer
        n = len(fired)
        for k, card in enumerate(fired):
            known = card if mine else None
            end = lay.seat_point(player)
            if mine and known is not None:
                slots = lay.hand_rects(len(m.hand) + 1)
                end = slots[min(m.insert_index(known), len(slots) - 1)].center
            width = (lay.card_w, lay.card_w if player not in lay.seats else lay.small_w)

            def land(player: int = player, card: Card | None = known) -> None:
                m.receive(player, card)

            fan = (k - (n - 1) / 2) / max(1, n - 1) if n > 1 else 0.0
            presenter.add(FanCard(known, self.muzzle(0.6), end,
                                  Tween(presenter.d(0.55), delay + k * stagger, ease_in_out,
                                        on_done=land), width, spin=300 if k % 2 else -300,
                                  still=presenter.still,
                                  marks=self.table.settings.colour_blind_marks,
                                  height=lay.card_h * 0.35, bend=fan * lay.card_h * 1.6))
        presenter.hold = delay + presenter.d(0.45 if chained else 0.55) + stagger * (n - 1)
        return True

    def turn_to_victim(self, event: E.PlayerPicked, presenter: Presenter) -> None:
        """A-6 as a moment: the launcher faces the one who played the Wild Attack-Attack,
        who turns it to the victim (the head swings round), then presses it twice for
        them; their face rides on the nose meanwhile."""
        names = self.table.session.names
        self.pressing_for = (event.player, event.target)
        self.turned += 1
        self.aim_at(event.player)
        self.aim = self.want
        self.aim_at(event.target)
        presenter.banner(N_("{player} turns the launcher to {target}!"),
                         self.table.layout.banner, 30, 1.5, colour=theme.TEXT,
                         back=theme.DANGER, player=names[event.player],
                         target=names[event.target])
        presenter.hold = max(presenter.hold, presenter.d(TURN_S))

    def hold_back(self, event: E.LauncherPressed, attack: bool = False) -> None:
        """Keep what the press gave out of the log and the voice until the reveal (they
        would tell it during the wind-up); ``attack``: pressed for the victim by the one
        who played the Wild Attack-Attack (A-6), and told so. A press still held back (a
        run shown all at once, animations off) is told first."""
        if self.held_back is not None:
            self.tell()
        log = self.table.model.log
        if log and log[-1] is event:
            log.pop()
        self.table.app.sound.hush()
        told: object = event
        if attack and self.pressing_for is not None:
            told = PressedFor(self.pressing_for[0], event)
        self.held_back = (event, told)

    def tell(self) -> None:
        """The reveal: the log line, the voice and, for a big burst, the banner."""
        held, self.held_back = self.held_back, None
        if held is None:
            return
        event, told = held
        self.table.model.log.append(told)  # type: ignore[arg-type]
        self.table.app.sound.narrate([told])
        if event.count >= 3:
            self.table.presenter.banner(N_("The launcher fires {count} cards!"),
                                        self.table.layout.banner, 32, 1.3, colour=theme.TEXT,
                                        back=theme.DANGER, count=event.count)

    def start_wind(self, seconds: float, chained: bool, still: bool) -> None:
        """Begin the wind-up: ``seconds`` of rising tension, with a hesitation (the rumble
        stops dead for a moment) somewhere in the middle unless it is a quick chained
        press."""
        self.wind_t = self.wind_total = seconds
        self.winds.append(round(seconds, 2))
        self.still = still
        self.hesitation = (0.0, 0.0)
        if not chained and seconds > 0.6:
            at = self.suspense.uniform(0.3, 0.65) * seconds
            self.hesitation = (at, at + self.suspense.uniform(0.18, 0.35) * seconds)
        if seconds > 0:
            device_sound(self.table, "launcher_rumble" if not chained else "click",
                         self.body.midbottom)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        self.clock += dt
        self.since_press += dt
        self.press_t = max(0.0, self.press_t - dt)
        self.jaw_t = max(0.0, self.jaw_t - dt)
        self.relief_t = max(0.0, self.relief_t - dt)
        if self.wind_t > 0:
            self.wind_t = max(0.0, self.wind_t - dt)
            self.since_press = 0.0
        if self.reveal is not None and self.wind_t <= 0:  # the moment of truth
            sound, _wind, jaw = self.reveal
            self.reveal = None
            self.since_press = 0.0
            self.tell()
            device_sound(self.table, sound, self.body.midbottom)
            if sound == "launcher_fire":
                self.table.sfx("growl")
                self.jaw_t = max(jaw, 0.35)
                self.eruptions += 1
            else:
                self.relief_t = RELIEF_S
        diff = (self.want - self.aim + math.pi) % (2 * math.pi) - math.pi
        self.aim += diff * min(1.0, dt * 6)
        t = self.table
        if t.presenter.idle and t.session.version != self._seen:
            self._seen = t.session.version
            view = t.view()
            unit = view.unit
            self.presses = unit.presses if isinstance(unit, LauncherView) else 0
            if not t.session.over:
                self.aim_at(view.to_act)
        return True  # it breathes

    def animating(self) -> bool:
        return True  # it breathes, and pulses with the build-up

    def draw(self, surface: pygame.Surface, layer: str) -> None:
        LauncherDrawing.draw(self, surface, layer)
        if layer == "piles" and self.pressing_for is not None:
            self.draw_presser(surface, self.pressing_for[0])
            spot = self.table.layout.seats.get(self.pressing_for[1])
            if spot is not None:  # the victim the launcher is turned to
                w = max(3, int(4 * self.table.layout.s))
                pygame.draw.rect(surface, theme.DANGER, spot.plate.inflate(3 * w, 3 * w), w,
                                 border_radius=int(18 * self.table.layout.s))

    def draw_presser(self, surface: pygame.Surface, player: int) -> None:
        """A-6: the attacker's face on the nose, pressing it for the victim (it dips with
        each press), their name over it."""
        s = self.table.layout.s
        faces = family.faces(self.table.app, self.table.session.player_ids)
        if not 0 <= player < len(faces):
            return
        size = int(46 * s)
        dip = int(math.sin(math.pi * self.press_t / PRESS_S) * 8 * s) if self.press_t else 0
        x, y = self.nose_at[0], self.nose_at[1] - size // 2 - int(4 * s) + dip
        badge = draw_avatar(surface, faces[player], (x, y), size)
        text.draw(surface, self.table.session.names[player], int(16 * s),
                  (badge.centerx, badge.top - int(2 * s)), theme.ACCENT, "midbottom",
                  shadow=True)

    # ------------------------------------------------------------------ a player to pick
    @staticmethod
    def picks_player(dialog: ChoiceDialog) -> bool:
        return bool(dialog.options) and all(o.widget == "player" for o in dialog.options)

    def dress(self, dialog: ChoiceDialog) -> None:
        """A player is being picked (A-6, A-8): the launcher turns to the one in focus,
        and the dialog's panel sits low, so the launcher stays in view."""
        if not self.picks_player(dialog):
            return
        option = dialog.focused_option()
        player = option.params.get("player") if option is not None else None
        if isinstance(player, int):
            self.aim_at(player)
        lay, r = self.table.layout, dialog.panel_rect
        dy = max(0, lay.draw_pile.bottom + int(10 * dialog.s) - r.top)
        dy = min(dy, lay.size[1] - r.bottom - int(10 * dialog.s))
        if dy > 0:
            r.move_ip(0, dy)
            dialog.content_top += dy
            for c in dialog.controls:
                c.rect.move_ip(0, dy)

    def draw_dialog(self, surface: pygame.Surface, dialog: ChoiceDialog) -> None:
        if not self.picks_player(dialog):
            return
        self.draw(surface, "piles")
        spot = self.table.layout.seats.get(self.target if self.target is not None else -1)
        if spot is not None:  # the player the launcher turns to
            w = max(3, int(4 * dialog.s))
            pygame.draw.rect(surface, theme.DANGER, spot.plate.inflate(3 * w, 3 * w), w,
                             border_radius=int(18 * dialog.s))

    def test_state(self) -> dict[str, Any]:
        return {"presses": self.presses, "fires": self.fires, "duds": self.duds,
                "winding": self.wind_t > 0, "wind_total": round(self.wind_total, 2),
                "eruptions": self.eruptions,
                "pressing_for": list(self.pressing_for) if self.pressing_for else None,
                "turned": self.turned,
                "target": self.target, "aim": round(self.aim, 2),
                "launcher_rect": [*self.body]}
