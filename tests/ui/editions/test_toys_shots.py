"""End-to-end pictures of the toys' moments (issue 14), at a real table on the dummy
driver: Roboto's expressions, a race showing its instruction, the Attack launcher winding
up and erupting, a Triple Play tray overload show and a Sonic Victory Lap. Each test also
checks the moment is on screen (from the device's state). Screenshots go to
``test-output/<test name>/``."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from game.editions.roboto.table.figure import RobotoFigure
from game.editions.roboto.table.puppet import EXPRESSIONS
from game.ui.app import App
from tests.ui.conftest import fresh_table, pump, shot


def test_roboto_s_expressions(app: App, outdir: Path) -> None:
    table = fresh_table(app, "roboto", "HAA")
    pump(app, until=lambda: table.my_turn(), timeout=15)
    fig = next(d for d in table.devices if isinstance(d, RobotoFigure))
    strip = pygame.Surface((len(EXPRESSIONS) * 200, 260))
    strip.fill((24, 70, 44))
    for k, face in enumerate(EXPRESSIONS):
        fig.speak(face, 0.0)
        if face == "sleepy":
            fig.idle = 61.0
        else:
            fig.feel(face, 10.0)
        pump(app, 0.05)
        assert fig.face() == face
        screen = shot(app, outdir, f"face_{face}")
        area = fig.footprint().clip(screen.get_rect())
        part = screen.subsurface(area.inflate(0, 0).clip(screen.get_rect()))
        strip.blit(pygame.transform.smoothscale(part, (190, int(190 * area.h / area.w))
                                                if area.w else (1, 1)), (k * 200 + 5, 5))
    fig.wake()
    fig.drum_roll(5.0)
    pump(app, 0.1)
    shot(app, outdir, "drum_roll")
    pygame.image.save(strip, str(outdir / "expressions.png"))


class Longest(random.Random):
    """A suspense stream whose every draw is the top of its range."""

    def uniform(self, a: float, b: float) -> float:
        return max(a, b)


def test_A2_a_press_winds_up_then_erupts_and_a_run_of_presses_stays_short(
        app: App, outdir: Path) -> None:
    from game.editions.attack.table.launcher import DinoLauncher
    from game.rules import events as E
    from tests.editions.helpers import build
    from tests.ui.conftest import table_for

    table = table_for(app, build("attack", ["Y5 B1", "G1 G2", "Y1 Y2", "B7 B8"], "R9",
                                 draw_top="G7 G8 G9 G3"), "HAAA")
    table.session.game.launcher.script = [4]
    pump(app, until=lambda: table.my_turn())
    dino = next(d for d in table.devices if isinstance(d, DinoLauncher))
    st = lambda: table.test_state()["devices"]["DinoLauncher"]  # noqa: E731
    app.settings.animation_speed = 1.0
    app.dispatch(table.intent_at(dino.body.center))  # the press
    pump(app, until=lambda: st()["winding"])
    assert 1.0 <= st()["wind_total"] <= 1.8  # one to two seconds of suspense
    pump(app, 0.5)
    assert st()["winding"] and st()["eruptions"] == 0  # nothing is given away yet:
    assert not any("fires" in line for line in table.log_lines())  # not even in the log
    shot(app, outdir, "launcher_wind_up")
    pump(app, until=lambda: st()["eruptions"] == 1, timeout=15)
    pump(app, 0.12)
    shot(app, outdir, "launcher_eruption")
    assert any("fires" in line for line in table.log_lines())
    pump(app, until=lambda: table.presenter.idle, timeout=15)
    assert len(table.model.hand) == 6
    # Wild Hit 4 on an opponent: four presses share one build-up, then go quickly. The
    # suspense is random; each draw here takes the top of its range, the longest wait a
    # family can meet, so the bound holds for every draw, not only for most.
    dino.since_press = 99.0
    dino.suspense = Longest()
    presses = [E.LauncherPressed(1, (), 0, 1, "wild_hit_four"),
               E.LauncherPressed(1, (), 0, 2, "wild_hit_four"),
               E.LauncherPressed(1, (), 2, 0, "wild_hit_four"),
               E.LauncherPressed(1, (), 0, 1, "wild_hit_four")]
    table.presenter.push(presses)
    played = 0.0

    def resolved() -> bool:  # the fourth press has fired or puffed
        return len(dino.winds) == 5 and dino.wind_t <= 0 and dino.reveal is None

    while not resolved():
        app.frame(1 / 60)
        played += 1 / 60
        assert played < 10
    assert played <= 4.5, (played, dino.winds)  # a whole penalty in a few seconds (CHAINED_WIND_S)
    assert dino.winds[1] >= 1.0 and max(dino.winds[2:]) <= 0.4  # one build-up, then quick
    assert st()["eruptions"] == 2


def test_T6_an_overload_is_a_light_and_sound_show(app: App, outdir: Path) -> None:
    from game.editions.triple.table.unit import TrayUnit
    from game.rules.cards import Card
    from tests.ui.editions.test_triple_ui import triple_table

    table = triple_table(app, ["Y1 R1 R2", "G1 G2", "Y7 Y8"], lit=(2,), counts=(0, 0, 8),
                         caps=(9, 9, 9))
    table.session.game.bank.script_overload = [3]
    played: list[str] = []
    table.sfx = played.append  # type: ignore[method-assign]
    pump(app, until=lambda: table.my_turn())
    app.settings.animation_speed = 1.0
    app.dispatch(__import__("game.ui.intents", fromlist=["PlayCard"]).PlayCard(
        table.model.hand.index(Card.parse("Y1"))))
    unit = next(d for d in table.devices if isinstance(d, TrayUnit))
    pump(app, until=lambda: unit.flash[2] > 0, timeout=10)
    assert "tray_alarm" in played  # the alarm sounds with the show
    lights = set()
    for _k in range(8):  # the capacity lights chase through their colours
        pump(app, 0.09)
        screen = shot(app, outdir, "overload_show")
        lights.add(tuple(screen.get_at(unit.trays[0].midbottom)[:3]))
    assert unit.shown[2] == 3 and len(lights) >= 2
    # the number is shown big in the middle of the table
    cx, cy = table.layout.centre
    assert screen.get_at((int(cx), int(cy - 40 * table.layout.s) + 60))[:3] != (0, 0, 0)


def test_T12_the_timer_s_last_seconds_tick(app: App, outdir: Path) -> None:
    from game.editions.triple.table.unit import TrayUnit
    from tests.ui.editions.test_triple_ui import triple_table

    table = triple_table(app, ["R1 R2", "G1 G2", "Y1 Y2"], lit=(0,), rules={"timer": True})
    played: list[str] = []
    table.sfx = played.append  # type: ignore[method-assign]
    pump(app, until=lambda: table.my_turn())
    unit = next(d for d in table.devices if isinstance(d, TrayUnit))
    pump(app, 3.8)
    assert played.count("timer_tick") == 0  # quiet until the last seconds
    pump(app, 0.5)
    assert played.count("timer_tick") == 1  # "3"
    shot(app, outdir, "timer_last_seconds")
    pump(app, 2.2)
    assert played.count("timer_tick") == 3 and unit.ticks == 3  # 3, 2, 1


def test_S2_a_victory_lap_races_past_each_opponent_with_a_ring(app: App,
                                                                 outdir: Path) -> None:
    from game.editions.sonic.table import VictoryLap
    from game.rules.cards import Card
    from game.ui import intents as I
    from tests.editions.helpers import build
    from tests.ui.conftest import table_for

    table = table_for(app, build("sonic", ["WVL R5", "R1 R2", "B1 B2", "Y1 Y2"], "R9"),
                      "HAAA")
    played: list[str] = []
    table.sfx = played.append  # type: ignore[method-assign]
    pump(app, until=lambda: table.my_turn())
    app.settings.animation_speed = 1.0
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("WVL"))))
    pump(app, until=lambda: app.top is not table)  # the colour
    app.dispatch(I.ChooseColour(0))
    lap = next(d for d in table.devices if isinstance(d, VictoryLap))
    pump(app, until=lambda: lap.rings == 2, timeout=15)
    pump(app, 0.15)
    shot(app, outdir, "victory_lap")
    assert lap.running and len(lap.trail) > 3
    pump(app, until=lambda: not lap.running and table.presenter.idle, timeout=15)
    assert lap.rings == 3 and played.count("lap_ring") == 3 and "lap_whoosh" in played
    assert [len(table.session.game.hands[p]) for p in (1, 2, 3)] == [3, 3, 3]


def test_device_sounds_are_captioned_when_the_effects_are_muted(app: App) -> None:
    from game.ui.anim import Banner
    from game.ui.editions.common import CAPTIONS, device_sound
    from tests.ui.conftest import fresh_table

    table = fresh_table(app, "attack", "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=15)
    app.settings.animation_speed = 1.0
    device_sound(table, "launcher_fire", (600.0, 300.0))
    assert not any(isinstance(sp, Banner) for sp in table.presenter.sprites)  # heard
    app.settings.effects_volume = 0
    device_sound(table, "launcher_fire", (600.0, 300.0))
    shown = [sp for sp in table.presenter.sprites if isinstance(sp, Banner)]
    assert [sp.msgid for sp in shown] == [CAPTIONS["launcher_fire"]]
