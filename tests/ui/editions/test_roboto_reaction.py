"""Roboto's reaction race (R-10, reaction mode): a lamp flashes after a random delay, the
first to press after it wins, a press before it is a false start and loses; the AI racers
press after a reaction time; the order becomes the engine's RaceFinished. Screenshots go to
``test-output/<test name>/``."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.editions.roboto.rules import Interrupt
from game.editions.roboto.table.races import FLASH_DELAY, RaceScene, ReactionRaceScene
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.scene import TableScene
from tests.ui.conftest import pump, shot
from tests.ui.editions.test_roboto_ui import C, key, roboto_table


def duel(app: App, kinds: str = "HAA") -> tuple[TableScene, ReactionRaceScene]:
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], kinds, draw_top="R1 R2")
    table.session.race_mode = "reaction"
    table.session.game.unit.script = [Interrupt("duel", (0, 2), None, 1)]  # Ann against Cid
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("B5"))))
    pump(app, until=lambda: isinstance(app.top, RaceScene), timeout=15)
    race = app.top
    assert isinstance(race, ReactionRaceScene) and race.racers == (0, 2)
    assert FLASH_DELAY[0] <= race.flash_at <= FLASH_DELAY[1]
    return table, race


def test_the_first_press_after_the_flash_wins(app: App, outdir: Path) -> None:
    table, race = duel(app)
    game = table.session.game
    pump(app, 0.5)
    assert not race.flashed
    assert race.autoplay_intent() is None  # the test hooks wait for the flash too
    shot(app, outdir, "waiting")
    pump(app, until=lambda: race.flashed)
    shot(app, outdir, "flash")
    key(app, pygame.K_1)  # Ann at once: faster than any AI
    assert race.done == [0]
    pump(app, 0.1)
    shot(app, outdir, "ann_first")
    pump(app, until=lambda: app.top is not race, timeout=15)
    pump(app, until=lambda: table.presenter.idle, timeout=15)
    assert len(game.hands[2]) == 5  # Cid lost: he drew two
    assert len(game.hands[0]) == 2


def test_a_false_start_loses(app: App, outdir: Path) -> None:
    table, race = duel(app)
    game = table.session.game
    pump(app, 0.3)
    key(app, pygame.K_1)  # Ann jumps the gun
    assert race.false_starts == [0] and race.done == []
    shot(app, outdir, "false_start")
    key(app, pygame.K_1)  # pressing again changes nothing
    assert race.false_starts == [0]
    pump(app, until=lambda: app.top is not race, timeout=15)
    pump(app, until=lambda: table.presenter.idle, timeout=15)
    assert len(game.hands[0]) == 4  # Ann lost: two cards left plus two
    assert len(game.hands[2]) == 3


def test_ai_racers_finish_by_reaction_time(app: App) -> None:
    _table, race = duel(app, "HAA")
    assert race.ai_time[2] > race.flash_at
    race.false_starts.append(0)  # Ann out: Cid alone decides
    pump(app, until=lambda: app.top is not race, timeout=15)
    assert race.order() == (2, 0)
