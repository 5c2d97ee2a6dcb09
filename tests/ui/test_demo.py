"""Roboto's "Try me" demo (R-12) from the title screen: it opens with the keyboard alone or
the mouse alone, Roboto is drawn and speaks every line of the script in his bubble (and
through the voice when it is on), a turn, a surprise command whose red cards reach the
pile, a duel with its lamp; it returns to the title at the end or on any key, a click or
Esc. Screenshots go to ``test-output/<test name>/``."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n
from game.editions.roboto.table.look import EYE, METAL
from game.ui.app import App
from game.ui.scenes.demo import TryMeScene
from game.ui.scenes.demo_script import END_S, RACE_FLASH, SCRIPT
from game.ui.scenes.title import TitleScene
from tests.ui.conftest import colour_share, pump, shot, started_app

BUBBLE = (250, 250, 244)


def key(app: App, k: int, unicode: str = "") -> None:
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode,
                                    scancode=0))


def click(app: App, pos: tuple[int, int]) -> None:
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def open_with_keys(app: App) -> TryMeScene:
    started_app(app)
    assert isinstance(app.top, TitleScene) and "try" in [c.id for c in app.top.controls]
    # Tab from New game down the menu (its other lines change with the game) to Try me, last
    for _ in range(len(app.top.controls)):
        focused = app.top.focused()
        if focused is not None and focused.id == "try":
            break
        key(app, pygame.K_TAB, "\t")
    focused = app.top.focused()
    assert focused is not None and focused.id == "try"
    key(app, pygame.K_RETURN, "\r")
    assert isinstance(app.top, TryMeScene)
    return app.top


def robot_and_bubble(screen: pygame.Surface, demo: TryMeScene) -> None:
    body = demo.robot.body
    assert colour_share(screen, body, METAL, tol=30) > 0.1
    assert colour_share(screen, body, EYE, tol=30) > 0.005
    above = pygame.Rect(body.left, body.top - int(60 * demo.s), body.width, int(40 * demo.s))
    assert colour_share(screen, above, BUBBLE, tol=12) > 0.3


def test_the_whole_demo_plays_and_returns_to_the_title(app: App, outdir: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    spoken: list[str] = []
    played: list[str] = []
    monkeypatch.setattr(app.sound, "say", lambda words: spoken.append(words) or True)
    monkeypatch.setattr(app.sound, "play", played.append)
    app.settings.player_names = ["Zoé"]
    demo = open_with_keys(app)
    shot(app, outdir, "title_then_demo")
    words: list[str] = []
    shots = {2.0: "hello", 10.3: "surprise_command", 18.6: "duel", 25.5: "friends"}
    while app.top is demo:
        before = demo.clock
        pump(app, 0.05, dt=0.05)
        state = demo.test_state()
        if state["words"] and state["words"] not in words:
            words.append(state["words"])
        for at, name in shots.items():
            if before < at <= demo.clock:
                screen = shot(app, outdir, name)
                robot_and_bubble(screen, demo)
        if RACE_FLASH <= demo.clock < RACE_FLASH + 0.1:
            assert state["race"]
    assert isinstance(app.top, TitleScene) and demo.done and demo.clock >= END_S
    assert len(words) == len(SCRIPT) and words == spoken  # each line shown, and said once
    assert words[1] == "Zoé, your turn!"
    assert "red cards" in words[2]
    assert {"card", "uno", "draw"} <= set(played)
    shot(app, outdir, "back_at_the_title")


def test_silent_without_a_voice_but_still_animated(app: App,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.sound, "say", lambda words: False)  # no speech engine
    demo = open_with_keys(app)
    pump(app, 6.0, dt=0.05)
    state = demo.test_state()
    assert state["line"] == 1 and state["words"] and state["top"] == "R5"
    assert demo.robot.clock > 5.0  # he moves all the same


def test_any_key_ends_it(app: App) -> None:
    demo = open_with_keys(app)
    pump(app, 1.0, dt=0.05)
    key(app, pygame.K_F11)  # the window's own keys do not end it …
    assert app.top is demo or app.top.name == "demo"  # type: ignore[union-attr]
    key(app, pygame.K_a, "a")  # … any other key does
    assert isinstance(app.top, TitleScene) and demo.done


def test_esc_ends_it(app: App) -> None:
    demo = open_with_keys(app)
    pump(app, 0.5, dt=0.05)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene) and demo.done


def test_mouse_only_opens_and_ends_it(app: App, outdir: Path) -> None:
    started_app(app)
    title = app.top
    assert isinstance(title, TitleScene)
    rect = next(c.rect for c in title.controls if c.id == "try")
    assert app.screen.get_rect().contains(rect)
    shot(app, outdir, "title")
    click(app, rect.center)
    demo = app.top
    assert isinstance(demo, TryMeScene)
    pump(app, 3.0, dt=0.05)
    click(app, (10, 10))  # a click anywhere
    assert isinstance(app.top, TitleScene) and demo.done


def test_in_french(app: App, outdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.sound, "say", lambda words: True)
    i18n.set_language("fr")
    app.settings.player_names = ["Zoé"]
    demo = open_with_keys(app)
    pump(app, 8.6, dt=0.05)
    assert demo.test_state()["words"].startswith("Commande surprise")
    robot_and_bubble(shot(app, outdir, "surprise_command_fr"), demo)


def test_the_sound_says_nothing_without_a_voice_and_never_raises() -> None:
    from game.store.settings import Settings
    from game.ui.sound import Sound

    sound = Sound(Settings(narration="off"))
    assert sound.say("Hello!") is False  # no speaker: the demo shows its bubbles only
    sound.hush()
    sound.close()
