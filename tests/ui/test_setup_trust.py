"""Issue 13 item 8: the set-up screen's "‹" steps back, offers no random-playing AI, and
remembers the last table (edition, people and AI, levels) for the next visit."""

from __future__ import annotations

import pygame

from game.ui import intents as I
from game.ui import scenes
from game.ui.app import App
from game.ui.scenes.setup import SetupScene
from game.ui.widgets import Choice
from tests.ui.conftest import started_app


def open_setup(app: App) -> SetupScene:
    started_app(app)
    app.dispatch(I.Press("new"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    return setup


def click(app: App, pos: tuple[int, int]) -> None:
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def choice(setup: SetupScene, cid: str) -> Choice:
    c = next(c for c in setup.controls if c.id == cid)
    assert isinstance(c, Choice)
    return c


def test_the_back_arrow_of_a_choice_steps_back(app: App) -> None:
    setup = open_setup(app)
    players = choice(setup, "players")
    before = setup.players
    r = players.rect
    value_left = r.left + r.width // 2
    click(app, (value_left + 8, r.centery))  # on "‹"
    assert setup.players == before - 1
    click(app, (r.right - 8, choice(setup, "players").rect.centery))  # on "›"
    assert setup.players == before


def test_the_levels_offered_are_no_random_player(app: App) -> None:
    setup = open_setup(app)
    offered = [v for v, _m in choice(setup, "level1").options]
    assert "random" not in offered and "random-play" not in offered
    assert {"easy", "medium", "hard"} <= set(offered)


def test_the_last_table_is_offered_again(app: App) -> None:
    setup = open_setup(app)
    choice(setup, "edition").set_value("sonic")
    setup._set("edition", "sonic")
    setup._seat(1, "level", "hard")
    setup._seat(2, "level", "easy")
    setup._seat(3, "human", True)
    app.dispatch(I.Press("start"))
    assert app.top is not None and app.top.name == "table"
    app.reset(app.make(scenes.TITLE))
    again = open_setup(app)
    assert again.edition == "sonic"
    assert [again.seats[i]["level"] for i in (1, 2)] == ["hard", "easy"]
    assert [again.seats[i]["human"] for i in range(4)] == [True, False, False, True]
    assert app.settings.last_edition == "sonic"
