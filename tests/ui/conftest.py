"""Fixtures for the front end: a real App on SDL's dummy driver (no window), in temporary
config and data folders, with animations off (speed 0) and the voice silent.

Screenshots go to ``test-output/<test name>/``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.play.session import Session
from game.rules.engine import Game
from game.store.saves import SeatInfo
from game.store.settings import Settings
from game.ui.app import App
from game.ui.launch import start
from game.ui.table.pickers import ChoiceScene
from game.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test-output"


@pytest.fixture(autouse=True)
def headless(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """SDL's dummy video and audio drivers for these tests only (other packages' tests in
    the same session keep the real devices), and nothing of pygame left open after."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    pygame.display.quit()


@pytest.fixture
def dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("UNO_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def settings() -> Settings:
    return Settings(narration="off", animation_speed=0.0)


@pytest.fixture
def app(dirs: Path, settings: Settings) -> Iterator[App]:
    i18n.set_language("en")
    a = App(settings, size=(1280, 720), settings_path=dirs / "config" / "settings.toml")
    yield a
    a.close()
    i18n.set_language("en")


@pytest.fixture
def outdir(request: pytest.FixtureRequest) -> Path:
    path = OUT / request.node.name.replace("/", "_")
    path.mkdir(parents=True, exist_ok=True)
    for old in path.iterdir():  # what a test shows is its latest run's, nothing older
        if old.is_file():
            old.unlink()
    return path


def pump(app: App, seconds: float = 0.0, until: Callable[[], bool] | None = None,
         timeout: float = 10.0, dt: float = 1 / 60) -> None:
    """Run frames of ``dt`` for ``seconds`` of game time, or until ``until()`` holds (the
    bot worker runs in real time, so this also sleeps a little between frames)."""
    played = 0.0
    deadline = time.monotonic() + timeout
    while True:
        app.frame(dt)
        played += dt
        if until is not None:
            if until():
                return
            if time.monotonic() > deadline:
                raise AssertionError("condition not reached in time")
            time.sleep(0.001)
        elif played >= seconds:
            return


def shot(app: App, outdir: Path, name: str) -> pygame.Surface:
    """Draw the app and save ``<outdir>/<name>.png``; returns the screen."""
    app.draw()
    pygame.image.save(app.screen, str(outdir / f"{name}.png"))
    return app.screen


def seats(kinds: str, level: str = "heuristic") -> list[SeatInfo]:
    """``"HAAA"`` → a person and three AI players."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
    return [SeatInfo(names[i], k == "H", level) for i, k in enumerate(kinds)]


def table_for(app: App, game: Game, kinds: str, resumed: bool = True) -> TableScene:
    """Show ``game`` at the table with seats of ``kinds`` (no autosave)."""
    session = Session(game, seats(kinds))
    table = TableScene(app, session, resumed=resumed)
    app.reset(table)
    return table


def fresh_table(app: App, edition: str = "official", kinds: str = "HAAA",
                seed: int = 3) -> TableScene:
    from game.rules.editions import new_game
    from game.rules.ruleset import edition as ruleset

    return table_for(app, new_game(ruleset(edition), len(kinds), seed), kinds, resumed=False)


def choose(table: TableScene, option_id: str, choice_id: str | None = None) -> bool:
    """Take option ``option_id`` of the person at the screen's choice description (of
    ``choice_id``, or whichever choice holds it), as a click on it would."""
    described = table.input.choices()
    for choice in described.choices:
        option = choice.option(option_id) if choice_id in (None, choice.id) else None
        if option is not None:
            return table.input.take(choice, option)
    raise AssertionError(f"{option_id} is not open now: {described.to_json()}")


def asks(app: App, kind: str) -> bool:
    """Is the dialog on top the table's one rendering a choice of ``kind``?"""
    top = app.top
    return isinstance(top, ChoiceScene) and top.choice.kind == kind


def colour_share(surface: pygame.Surface, rect: Sequence[int],
                 rgb: tuple[int, int, int], tol: int = 40) -> float:
    """The share of pixels of ``rect`` within ``tol`` of ``rgb`` (sampled every 2 px)."""
    r = pygame.Rect(rect).clip(surface.get_rect())
    hits = total = 0
    for x in range(r.left, r.right, 2):
        for y in range(r.top, r.bottom, 2):
            c = surface.get_at((x, y))
            total += 1
            if abs(c.r - rgb[0]) + abs(c.g - rgb[1]) + abs(c.b - rgb[2]) <= tol:
                hits += 1
    return hits / max(1, total)


def started_app(app: App) -> App:
    start(app)
    app.frame(0.016)
    return app
