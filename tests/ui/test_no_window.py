"""A display that does not answer is said, never played on invisibly.

SDL 2.30 and later fall back to their invisible offscreen driver when the display named by
``DISPLAY`` cannot be reached: without a check, the game ran (holding its lock, so that a
second start said "already open") with no window anywhere. It happened in the suite when an
X server reset itself as a game started; a person meets it with a display they may not use.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui import app as app_module
from game.ui.app import INVISIBLE_DRIVERS, NoWindow, open_display
from tests.ui.test_fullscreen_xvfb import free_display

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("lang", "said"), [("en", "could not open its window"),
                                            ("fr", "n’a pas pu ouvrir sa fenêtre")])
def test_a_display_that_does_not_answer_is_said_and_the_game_stops(
        tmp_path: Path, lang: str, said: str) -> None:
    display = f":{free_display()}"  # a display number no X server has
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SDL_", "UNO_", "WAYLAND_"))}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               UNO_CONFIG_DIR=str(tmp_path / "config"), UNO_DATA_DIR=str(tmp_path / "data"))
    for _ in range(2):  # the lock goes with the first: the second is not told "already open"
        run = subprocess.run([sys.executable, "-m", "game", "--lang", lang], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 1, run.stderr
        assert said in run.stderr and display in run.stderr, run.stderr
        assert "--headless" in run.stderr and "Traceback" not in run.stderr


def test_a_driver_asked_for_by_name_is_kept() -> None:
    """The tests and the headless tools ask for SDL's dummy driver: it is used."""
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"
    pygame.display.quit()
    open_display()
    try:
        assert pygame.display.get_driver() == "dummy"
    finally:
        pygame.display.quit()


def test_an_invisible_fallback_is_tried_again_then_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    inits: list[str] = []
    monkeypatch.setattr(app_module.pygame.display, "init", lambda: inits.append("init"))
    monkeypatch.setattr(app_module.pygame.display, "quit", lambda: None)
    monkeypatch.setattr(app_module.pygame.display, "get_driver", lambda: INVISIBLE_DRIVERS[0])
    slept: list[float] = []
    monkeypatch.setattr(app_module.time, "sleep", slept.append)
    with pytest.raises(NoWindow) as raised:
        open_display({"DISPLAY": ":5"}, tries=3, wait_s=0.25)
    assert raised.value.display == ":5"
    assert len(inits) == 3 and slept == [0.25, 0.25]


def test_a_display_that_answers_on_a_second_try_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    drivers = iter(["offscreen", "x11"])
    current: list[str] = []
    monkeypatch.setattr(app_module.pygame.display, "init", lambda: current.append(next(drivers)))
    monkeypatch.setattr(app_module.pygame.display, "quit", lambda: None)
    monkeypatch.setattr(app_module.pygame.display, "get_driver", lambda: current[-1])
    monkeypatch.setattr(app_module.time, "sleep", lambda s: None)
    open_display({"DISPLAY": ":0"})
    assert current == ["offscreen", "x11"]
