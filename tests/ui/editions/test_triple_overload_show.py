"""A Triple Play overload is a show (issue 34; RULES.md T-6): the lights flash red, the
tray shakes and the penalty pours into the hand while it still flashes; with reduced
motion it is one still frame with a caption. Read from the device layer's state frame by
frame on a real table (dummy driver); screenshots under ``test-output/<test name>/``."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from game.editions.triple.table.draw import LIGHT_RGB
from game.editions.triple.table.unit import TrayUnit
from game.rules.cards import Card
from game.ui import intents as I
from game.ui import theme
from game.ui.app import App
from game.ui.table.scene import TableScene
from game.ui.tween import lerp2
from tests.ui.conftest import pump, shot
from tests.ui.editions.test_triple_ui import triple_table

C = Card.parse
TRAY = 2  # the tray that overloads


def overloading(app: App) -> tuple[TableScene, TrayUnit]:
    """Ann plays Y1 on the third tray, whose next press overloads it: she draws 3."""
    table = triple_table(app, ["Y1 R1 R2", "G1 G2", "Y7 Y8"], lit=(TRAY,),
                         counts=(0, 0, 8), caps=(9, 9, 9), draw_top="B1 B2 B3")
    table.session.game.bank.script_overload = [3]
    pump(app, until=table.my_turn)
    app.settings.animation_speed = 1.0
    app.dispatch(I.PlayCard(table.model.hand.index(C("Y1"))))
    unit = next(d for d in table.devices if isinstance(d, TrayUnit))
    pump(app, until=lambda: unit.flash[TRAY] > 0, timeout=10)
    return table, unit


def pixel(screen: pygame.Surface, at: tuple[int, int]) -> tuple[int, int, int]:
    c = screen.get_at(at)
    return (c[0], c[1], c[2])


def test_T6_an_overload_flashes_red_shakes_the_tray_and_pours_into_the_hand(
        app: App, outdir: Path) -> None:
    table, unit = overloading(app)
    assert unit.shown[TRAY] == 3 and unit.caption is None
    hand = table.layout.hand_area
    lights: set[tuple[int, int, int]] = set()
    shakes: set[tuple[int, int]] = set()
    borders: set[tuple[int, int, int]] = set()
    edge = unit.unit.inflate(int(24 * table.layout.s), int(24 * table.layout.s))
    poured: dict[int, list[float]] = {}  # each penalty card's distance to where it lands
    pouring_while_flashing = False
    mid = None
    for _frame in range(200):
        app.frame(1 / 60)
        app.draw()
        screen = app.screen
        lights.add(pixel(screen, unit.trays[0].move(0, int(16 * table.layout.s)).midbottom))
        borders.add(pixel(screen, (edge.centerx, edge.top + 2)))
        shakes.add(unit.shake_offset(TRAY))
        for sp in unit.pour:
            if sp.tween.started and not sp.tween.done:
                pos = lerp2(sp.start, sp.end, sp.tween.t)
                poured.setdefault(id(sp), []).append(math.dist(pos, sp.end))
                assert hand.collidepoint(sp.end)  # bound for Ann's hand
                pouring_while_flashing |= unit.flash[TRAY] > 0
                if mid is None and 0.4 < sp.tween.t < 0.7 and len(poured) >= 2 \
                        and int(unit.flash[TRAY] * 10) % 2 == 0:  # the strobe on, mid-way
                    mid = shot(app, outdir, "overload_mid_pour")
        if table.presenter.idle and not unit.flash[TRAY]:
            break
    # the lights flash red: bright red and dark in turn, every light
    assert LIGHT_RGB["red"] in lights and any(c[0] < 120 and c[1] < 40 for c in lights)
    assert theme.DANGER in borders  # the unit's red strobe
    # the tray shakes, then comes to rest
    assert len([s for s in shakes if s != (0, 0)]) >= 5 and unit.shake_offset(TRAY) == (0, 0)
    assert max(abs(dx) for dx, _dy in shakes) >= 4
    # three cards pour in, each closing on its place in the hand, while the tray flashes
    assert len(poured) == 3 and pouring_while_flashing and mid is not None
    for track in poured.values():
        assert len(track) >= 3 and track[-1] < track[0] and track == sorted(track, reverse=True)
    assert len(table.session.game.hands[0]) == 5 and len(table.model.hand) == 5
    shot(app, outdir, "after_overload")


def test_T6_with_reduced_motion_an_overload_is_a_still_frame_with_a_caption(
        app: App, outdir: Path) -> None:
    app.settings.reduced_motion = True
    table, unit = overloading(app)
    assert unit.caption_text() == "Tray 3 overloads: Ann draws 3."
    state = table.test_state()["devices"]["TrayUnit"]
    assert state["caption"] == "Tray 3 overloads: Ann draws 3."
    frames = []
    area = unit.unit.inflate(int(60 * table.layout.s), int(120 * table.layout.s))
    area = area.clip(app.screen.get_rect())
    for _k in range(4):
        pump(app, 0.15)
        app.draw()
        assert unit.shake_offset(TRAY) == (0, 0) and unit.flash[TRAY] > 0
        frames.append(pygame.image.tobytes(app.screen.subsurface(area), "RGB"))
        for sp in unit.pour:  # the cards do not travel: they appear where they land
            assert sp.still
    assert len(set(frames)) == 1  # one still frame
    screen = shot(app, outdir, "overload_reduced_motion")
    below = pygame.Rect(unit.unit.left, unit.unit.bottom, unit.unit.width,
                        int(70 * table.layout.s))
    assert any(pixel(screen, (x, y)) == theme.DANGER for x in range(below.left, below.right, 2)
               for y in range(below.top, below.bottom))  # the caption's red plate
    assert all(pixel(screen, (unit.trays[t].centerx, unit.trays[t].bottom
                              + int(16 * table.layout.s))) == LIGHT_RGB["red"]
               for t in (0, 1))  # every light steady red (the third under the number)
    pump(app, until=lambda: table.presenter.idle and not unit.flash[TRAY], timeout=10)
    assert unit.caption is None and len(table.model.hand) == 5
