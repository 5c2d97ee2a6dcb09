"""UNO Attack on screen (RULES.md section A): title and rules for the help, and the card
launcher as a device layer.

:class:`DinoLauncher` stands in place of the draw pile (drawn by
:class:`~.draw.LauncherDrawing`: a dinosaur that breathes, builds up and dips its
nose when pressed); it growls and throws the fired cards in arcs into the presser's hand —
or coughs a grey puff on a dud — and turns its head toward the player it aims at. A click
on it (or D) is the press (the table's draw). The Wild Attack-Attack victim, and the chosen
player of a customizable card, are picked in :class:`VictimScene`. Only the player's view
(the public ``unit`` text) and the events are read.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, ngettext
from game.rules import actions as A
from game.rules import events as E
from game.rules.cards import Card
from game.rules.engine import Decision
from game.rules.units import LauncherView
from game.ui import intents as I
from game.ui import theme
from game.ui.editions.attack.draw import PRESS_S, PUFF_S, ArcCard, LauncherDrawing, Puff
from game.ui.editions.common import fly_discarded
from game.ui.scene import Scene
from game.ui.scenes.base import PanelScene
from game.ui.table.devices import DeviceLayer
from game.ui.tween import Tween, ease_in_out
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.table.host import TableHost
    from game.ui.table.presenter import Presenter


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
            self.aim_at(event.player)
            return False
        if isinstance(event, E.PlayerPicked):
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
        delay = presenter.d(0.2)
        if not fired:
            self.duds += 1
            presenter.add(Puff(self.mouth(), self._head_size() * 0.8,
                               Tween(presenter.d(PUFF_S), delay)))
            presenter.host.sfx("skip")
            presenter.hold = presenter.d(0.55)
            return True
        self.fires += 1
        self.jaw_t = 0.6 + 0.08 * len(fired)
        presenter.host.sfx("growl")
        stagger = presenter.d(0.1 if len(fired) <= 4 else 0.06)
        player = event.player
        mine = player == m.viewer
        for k, card in enumerate(fired):
            known = card if mine else None
            end = lay.seat_point(player)
            if mine and known is not None:
                slots = lay.hand_rects(len(m.hand) + 1)
                end = slots[min(m.insert_index(known), len(slots) - 1)].center
            width = (lay.card_w, lay.card_w if player not in lay.seats else lay.small_w)

            def land(player: int = player, card: Card | None = known) -> None:
                m.receive(player, card)

            presenter.add(ArcCard(known, self.mouth(), end,
                                  Tween(presenter.d(0.5), delay + k * stagger, ease_in_out,
                                        on_done=land), width, spin=360 if k % 2 else -360,
                                  still=presenter.still,
                                  marks=self.table.settings.colour_blind_marks,
                                  height=lay.card_h * 1.2))
        if event.count >= 3:
            presenter.banner(N_("The launcher fires {count} cards!"), lay.banner, 32, 1.3,
                             colour=theme.TEXT, back=theme.DANGER, count=event.count)
        presenter.hold = delay + presenter.d(0.5) + stagger * (len(fired) - 1)
        return True

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        self.clock += dt
        self.press_t = max(0.0, self.press_t - dt)
        self.jaw_t = max(0.0, self.jaw_t - dt)
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

    def decision_scene(self, decision: Decision) -> Scene | None:
        if decision is Decision.PICK_PLAYER:
            picks = [a for a in self.table.session.legal(self.table.viewer)  # type: ignore[arg-type]
                     if isinstance(a, A.PickPlayer)]
            if picks:
                return VictimScene(self.table.app, self, picks)
        return None

    def test_state(self) -> dict[str, Any]:
        return {"presses": self.presses, "fires": self.fires, "duds": self.duds,
                "target": self.target, "aim": round(self.aim, 2),
                "launcher_rect": [*self.body]}


class VictimScene(PanelScene):
    """A-6, A-8: name the player the launcher turns to (a victim or a swap partner)."""

    name = "victim"
    keys = "chooser"
    width = 560

    def __init__(self, app: Any, launcher: DinoLauncher, picks: list[A.PickPlayer]) -> None:
        self.launcher = launcher
        self.table = launcher.table
        self.picks = picks[:9]
        unit = self.table.view().unit
        picking = unit.picking if isinstance(unit, LauncherView) else ""
        self.title = {
            "attack": N_("Wild Attack-Attack: who gets two presses?"),
            "first_attack": N_("Wild Attack-Attack: who gets two presses?"),
            "swap_hands": N_("Swap hands with whom?"),
        }.get(picking, N_("Who presses the launcher twice?"))
        super().__init__(app)

    def build(self) -> list[Control]:
        names = self.table.session.names
        counts = self.table.model.counts
        out: list[Control] = []
        for i, a in enumerate(self.picks):
            label = ngettext("{player} ({count} card)", "{player} ({count} cards)",
                             counts[a.target]).format(player=names[a.target],
                                                      count=counts[a.target])
            out.append(Button.make(f"choice{i}", "{text}", params={"text": label},
                                   hint=str(i + 1)))
        return out

    def update(self, dt: float) -> bool:
        c = self.focused()
        if c is not None and c.id.startswith("choice"):
            self.launcher.aim_at(self.picks[int(c.id[6:])].target)
        self.launcher.update(dt)
        return True

    def wakeup(self) -> float | None:
        return 0.0

    def on_press(self, control: str) -> None:
        i = int(control[len("choice"):])
        if not 0 <= i < len(self.picks):
            return
        self.app.pop()
        self.table.act(self.picks[i])

    def arrange(self) -> None:
        super().arrange()
        # the panel sits low, so the launcher turning to the chosen player stays in view
        lay = self.table.layout
        dy = max(0, lay.draw_pile.bottom + int(10 * self.s) - self.panel_rect.top)
        dy = min(dy, self.size[1] - self.panel_rect.bottom - int(10 * self.s))
        if dy > 0:
            self.panel_rect.move_ip(0, dy)
            self.content_top += dy
            for c in self.controls:
                c.rect.move_ip(0, dy)

    def draw(self, surface: pygame.Surface) -> None:
        self.launcher.draw(surface, "piles")
        spot = self.table.layout.seats.get(self.launcher.target or -1)
        if spot is not None:  # the player the launcher turns to
            w = max(3, int(4 * self.s))
            pygame.draw.rect(surface, theme.DANGER, spot.plate.inflate(3 * w, 3 * w), w,
                             border_radius=int(18 * self.s))
        super().draw(surface)

    def back(self) -> None:
        self.app.open("pause", self.table)

    def autoplay_intent(self) -> I.Intent | None:
        return I.Press("choice0") if self.picks else None
