"""Triple Play on screen: the three trays with their lights, the tray picker, the press
after drawing, the Discard Two pairing, the Give Away sharing, the overload flash and the
timer ring (RULES.md section T). Screenshots go to ``test-output/<test name>/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.editions.triple.table.scenes import HoldScene, TrayPickScene
from game.editions.triple.table.unit import TrayUnit
from game.rules.cards import Card
from game.rules.engine import Decision
from game.ui import intents as I
from game.ui import theme
from game.ui.app import App
from game.ui.table.pickers import CardChoiceScene, SharesScene
from game.ui.table.scene import TableScene
from tests.editions.helpers import build
from tests.ui.conftest import colour_share, pump, shot, table_for
from tests.ui.editions.helpers import play_match

C = Card.parse
PILES = ["B9", "G5", "Y5"]


def triple_table(app: App, hands: list[str], kinds: str = "HAA", **kw: Any) -> TableScene:
    game = build("triple", hands, kw.pop("piles", PILES), **kw)
    return table_for(app, game, kinds)


def unit_of(table: TableScene) -> TrayUnit:
    dev = table.devices[0]
    assert isinstance(dev, TrayUnit)
    return dev


def state(table: TableScene) -> dict[str, Any]:
    return table.test_state()["devices"]["TrayUnit"]


def key(app: App, k: int) -> None:
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_trays_with_open_and_capacity_lights(app: App, outdir: Path) -> None:
    table = triple_table(app, ["R1 G7 Y2 B2", "G1 G2", "Y1 Y2"], lit=(0, 2),
                         counts=(0, 4, 6), caps=(9, 7, 7))
    pump(app, until=lambda: table.my_turn())
    pump(app, 0.2)
    screen = shot(app, outdir, "trays")
    st = state(table)
    assert st["lit"] == [0, 2]
    assert st["lights"] == ["green", "yellow", "red"]
    assert st["tops"] == PILES
    unit = unit_of(table)
    for t, rgb in enumerate([(60, 210, 90), (250, 210, 40)]):
        r = unit.trays[t]
        spot = pygame.Rect(0, 0, 10, 10)
        spot.center = (r.centerx, r.bottom + int(16 * table.layout.s))
        assert colour_share(screen, spot, rgb, 60) > 0.5
    # the core's single discard pile is not drawn: the trays replace it
    assert "discard" in unit.replaces
    # the lit trays' white bars glow, the closed one is grey
    bar_y = unit.trays[0].top - int(16 * table.layout.s)
    assert sum(screen.get_at((unit.trays[0].centerx, bar_y))[:3]) > 600
    assert sum(screen.get_at((unit.trays[1].centerx, bar_y))[:3]) < 400


def test_a_card_fitting_two_lit_trays_asks_which(app: App, outdir: Path) -> None:
    table = triple_table(app, ["G9 R1 R2", "G1 G2", "Y1 Y2"], lit=(0, 1))
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("G9"))))
    assert isinstance(app.top, TrayPickScene)
    assert state(table)["picking"] == [0, 1]
    # what is said names each tray, the first one too (the options carry their tray)
    assert "Play a green 9 on tray 1; Play a green 9 on tray 2" in table.voice.prompted
    shot(app, outdir, "which_tray")
    key(app, pygame.K_3)  # tray 3 is not lit: nothing happens
    assert isinstance(app.top, TrayPickScene)
    key(app, pygame.K_2)
    pump(app, until=lambda: table.presenter.idle and app.top is table)
    assert state(table)["tops"][1] == "G9"
    assert C("G9") not in table.session.game.hands[0]


def test_the_tray_picker_by_click_and_cancel(app: App) -> None:
    table = triple_table(app, ["G9 R1 R2", "G1 G2", "Y1 Y2"], lit=(0, 1))
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("G9"))))
    app.dispatch(I.Back())
    assert app.top is table and C("G9") in table.session.game.hands[0]
    app.dispatch(I.PlayCard(table.model.hand.index(C("G9"))))
    app.dispatch(app.top.intent_at(unit_of(table).trays[0].center))
    pump(app, until=lambda: table.presenter.idle and app.top is table)
    assert state(table)["tops"][0] == "G9"


def test_press_a_lit_tray_after_drawing(app: App, outdir: Path) -> None:
    table = triple_table(app, ["R1 R2", "G1 G2", "Y1 Y2"], lit=(1, 2), draw_top="R3")
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.DrawCard())
    pump(app, until=lambda: isinstance(app.top, TrayPickScene))
    assert table.session.view(0).decision is Decision.PRESS_TRAY
    shot(app, outdir, "press_tray")
    app.dispatch(app.top.intent_at(unit_of(table).trays[2].center))
    pump(app, until=lambda: table.session.to_act != 0)
    assert table.session.game.bank.count[2] == 1


def test_overload_shows_the_number_and_flashes(app: App, outdir: Path) -> None:
    table = triple_table(app, ["Y1 R1 R2", "G1 G2", "Y7 Y8"], lit=(2,), counts=(0, 0, 8),
                         caps=(9, 9, 9))
    table.session.game.bank.script_overload = [3]
    pump(app, until=lambda: table.my_turn())
    app.settings.animation_speed = 1.0
    app.dispatch(I.PlayCard(table.model.hand.index(C("Y1"))))
    pump(app, until=lambda: state(table)["flashing"] == [2])
    pump(app, 0.3)
    screen = shot(app, outdir, "overload")
    assert state(table)["overloads"] == 1
    # one number, big, on the tray that overloaded; the middle tray stays in sight (it was
    # covered by a second "+3" at the table's centre, beside the tray's own badge)
    trays = unit_of(table).trays
    assert colour_share(screen, trays[2].inflate(-20, -20), theme.DANGER) > 0.3
    assert colour_share(screen, trays[1].inflate(-20, -20), theme.DANGER) < 0.05
    pump(app, until=lambda: len(table.session.game.hands[0]) == 5, timeout=20)


def test_discard_two_pairing(app: App, outdir: Path) -> None:
    table = triple_table(app, ["RD2 R7 R8 G1", "G1 G2", "Y1 Y2"], piles=["R9", "G5", "Y5"],
                         lit=(0,))
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("RD2"))))
    pump(app, until=lambda: isinstance(app.top, CardChoiceScene))
    assert app.top.choice.kind == "pair"  # type: ignore[attr-defined]
    shot(app, outdir, "pair")
    labels = [c.caption() for c in app.top.controls]  # type: ignore[attr-defined]
    assert labels == ["Add a red 7", "Add a red 8", "Play the Discard Two alone"]
    key(app, pygame.K_2)
    pump(app, until=lambda: table.presenter.idle and app.top is table)
    assert state(table)["tops"][0] == "R8"


def test_give_away_sharing(app: App, outdir: Path) -> None:
    table = triple_table(app, ["WGA R1 R2", "G1 G2", "Y1 Y2"], counts=(8, 0, 0),
                         caps=(9, 9, 9), lit=(0,), draw_top="B1 B2 B3")
    table.session.game.bank.script_overload = [3]
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("WGA"))))
    pump(app, until=lambda: isinstance(app.top, SharesScene))
    give = app.top
    assert isinstance(give, SharesScene) and give.choice.kind == "give"
    assert give.counts == {1: 2, 2: 1} and give.left() == 0
    app.dispatch(I.Adjust("share1", 1))  # 3 + 1: too many, the button is off
    assert give.left() == -1 and give.action() is None
    shot(app, outdir, "give_too_many")
    app.dispatch(I.Adjust("share1", 1))  # 4 + 1 → wraps to 0
    app.dispatch(I.Adjust("share2", 1))
    app.dispatch(I.Adjust("share2", 1))  # Bob 0, Cid 3
    assert give.left() == 0
    shot(app, outdir, "give")
    app.dispatch(I.Press("give"))
    pump(app, until=lambda: table.presenter.idle and app.top is table)
    assert len(table.session.game.hands[2]) == 5 and len(table.session.game.hands[1]) == 2


def test_timer_ring_then_time_up(app: App, outdir: Path) -> None:
    table = triple_table(app, ["R1 R2", "G1 G2", "Y1 Y2"], lit=(0,), rules={"timer": True})
    pump(app, until=lambda: table.my_turn())
    pump(app, 3.0)
    assert 3.0 < state(table)["timer"] < 4.5
    shot(app, outdir, "timer")
    pump(app, 4.2)
    assert state(table)["timeups"] == 1
    pump(app, until=lambda: table.presenter.idle)
    assert len(table.session.game.hands[0]) == 8
    assert any("time" in line.lower() for line in table.log_lines())


def test_timer_pauses_with_the_pause_menu(app: App) -> None:
    table = triple_table(app, ["R1 R2", "G1 G2", "Y1 Y2"], lit=(0,), rules={"timer": True})
    pump(app, until=lambda: table.my_turn())
    pump(app, 1.0)
    app.dispatch(I.Back())
    pump(app, 10.0)
    assert state(table)["timeups"] == 0


def test_a_whole_triple_play_match_with_a_person_and_two_ai(app: App, outdir: Path) -> None:
    table = play_match(app, "triple", "HAA", 11, outdir)
    st = state(table)
    assert all(st["tops"])
    assert table.session.winners


def test_a_whole_triple_play_match_hot_seat_with_the_timer(app: App, outdir: Path) -> None:
    table = play_match(app, "triple", "HHA", 5, outdir, timer=True)
    assert table.session.winners


def test_wild_clear_needs_the_tray_held_until_green(app: App, outdir: Path) -> None:
    table = triple_table(app, ["WCL R1 R2", "G1 G2", "Y1 Y2"], lit=(1,), counts=(0, 5, 0),
                         caps=(9, 6, 9))
    pump(app, until=lambda: table.my_turn())
    assert state(table)["lights"][1] == "red"
    app.dispatch(I.PlayCard(table.model.hand.index(C("WCL"))))
    hold = app.top
    assert isinstance(hold, HoldScene)
    hold.force_held = True
    pump(app, 1.0)  # half way: the light is turning green
    shot(app, outdir, "holding")
    hold.force_held = False
    pump(app, 1.0)  # let go too early: the progress runs back
    assert app.top is hold and hold.progress == 0.0
    hold.force_held = True
    pump(app, until=lambda: app.top is table, timeout=5)
    pump(app, until=lambda: table.presenter.idle)
    assert state(table)["tops"][1] == "WCL" and state(table)["lights"][1] == "green"
    assert table.session.game.bank.count[1] == 0
