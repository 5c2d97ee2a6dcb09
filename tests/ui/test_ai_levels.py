"""Issue 34 item 7: the AI levels a family sees at the set-up are easy, medium and hard, the
ones the README explains, each with a one-line explanation shown on the screen and said
aloud as the level takes the focus. The plain heuristic bot ("Standard", the simulations'
baseline) is no level of a seat any more: a seat remembered or saved with it gets medium.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game import i18n
from game.bots import LEVELS
from game.store.saves import SeatInfo
from game.ui import intents as I
from game.ui import scenes
from game.ui.app import App
from game.ui.scenes.seating import LEVEL_LINES, level_line
from game.ui.scenes.setup import SetupScene
from game.ui.widgets import Choice
from tests.ui.conftest import shot, started_app


def open_setup(app: App, **kw: object) -> SetupScene:
    started_app(app)
    if kw:
        app.open(scenes.SETUP, **kw)
    else:
        app.dispatch(I.Press("new"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    return setup


def level(setup: SetupScene, seat: int) -> Choice:
    c = next(c for c in setup.controls if c.id == f"level{seat}")
    assert isinstance(c, Choice)
    return c


def key(app: App, k: int) -> None:
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.on_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def test_the_levels_offered_are_easy_medium_and_hard_each_explained(
        app: App, outdir: Path) -> None:
    setup = open_setup(app)
    offered = [v for v, _m in level(setup, 1).options]
    assert offered == list(LEVELS) == ["easy", "medium", "hard"]
    assert "heuristic" not in offered  # "Standard" follows Hard no more
    assert set(LEVEL_LINES) == set(offered)
    assert setup.test_state()["levels_offered"] == offered
    assert setup.levels_rect() is not None  # room under the seats to explain them all
    shot(app, outdir, "setup_levels_explained")


def test_each_level_is_said_with_its_explanation_as_it_takes_the_focus(
        app: App, outdir: Path) -> None:
    setup = open_setup(app)
    setup.focus_id("name1")
    key(app, pygame.K_RIGHT)  # along Bruno's name to its end …
    setup.focus_id("kind1")
    key(app, pygame.K_TAB)  # … Tab goes on to his name, then his level
    key(app, pygame.K_TAB)
    assert setup.focused() is level(setup, 1)
    assert setup.spoken == f"Bruno, AI level: Medium. {level_line('medium')}"
    key(app, pygame.K_RIGHT)
    assert level(setup, 1).value == "hard"
    assert setup.spoken.startswith("Bruno, AI level: Hard.")
    assert "challenge" in setup.spoken
    shot(app, outdir, "hard_focused")
    key(app, pygame.K_RIGHT)  # round to the first level again, not to a fourth
    assert level(setup, 1).value == "easy" and "UNO" in setup.spoken
    i18n.set_language("fr")
    try:
        key(app, pygame.K_RIGHT)
        assert setup.spoken.startswith("Bruno, niveau de l’IA\u00a0: Moyen.")
        assert setup.spoken.endswith(i18n._(LEVEL_LINES["medium"]))
        assert i18n._(LEVEL_LINES["medium"]) != LEVEL_LINES["medium"]
        shot(app, outdir, "medium_focused_fr")
    finally:
        i18n.set_language("en")


def test_a_seat_saved_with_the_standard_level_is_offered_medium(app: App) -> None:
    seats = [SeatInfo("Ann", True), SeatInfo("Bob", False, "heuristic"),
             SeatInfo("Cid", False, "hard")]
    setup = open_setup(app, seats=seats)
    assert [setup.seats[i]["level"] for i in (1, 2)] == ["medium", "hard"]
    assert [v for v, _m in level(setup, 1).options] == ["easy", "medium", "hard"]


def test_a_remembered_standard_level_is_offered_medium(app: App) -> None:
    app.settings.player_levels = ["medium", "heuristic", "random", "easy"]
    app.settings.player_humans = [True, False, False, False]
    setup = open_setup(app)
    assert [setup.seats[i]["level"] for i in (1, 2, 3)] == ["medium", "medium", "easy"]
