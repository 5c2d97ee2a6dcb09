"""Issue 12 at the table: a window shrunk or grown beyond reason, and saves or settings that
cannot be written, never stop the game; the player is told once, on screen and aloud."""

from __future__ import annotations

import errno
import os
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.store import settings as settings_module
from game.store.saves import autosave_path
from game.store.settings import WINDOW_MAX, WINDOW_MIN, Settings
from game.store.userfiles import WATCH
from game.ui import intents as I
from game.ui.app import MIN_SIZE, App
from game.ui.table.scene import TableScene
from tests.ui.conftest import pump, shot, started_app


@pytest.fixture(autouse=True)
def clean_watch() -> Iterator[None]:
    WATCH.reset()
    yield
    WATCH.reset()


def shrink(app: App, size: tuple[int, int]) -> None:
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.on_event(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def test_a_window_shrunk_to_300x200_survives_f11_twice(app: App, dirs: Path) -> None:
    started_app(app)
    shrink(app, (300, 200))
    app.dispatch(I.ToggleFullscreen())
    app.dispatch(I.ToggleFullscreen())
    app.frame(0.016)
    assert not app.fullscreen
    data = tomllib.loads((dirs / "config" / "settings.toml").read_text("utf-8"))
    assert (data["window_width"], data["window_height"]) == WINDOW_MIN
    assert WATCH.take() == []  # nothing went wrong


def test_a_window_shrunk_to_300x200_can_start_a_new_game(app: App) -> None:
    started_app(app)
    shrink(app, (300, 200))
    app.dispatch(I.Press("new"))
    app.dispatch(I.Press("start"))
    assert isinstance(app.top, TableScene)
    app.frame(0.016)


def test_a_huge_window_in_the_settings_is_clamped_to_the_display(dirs: Path) -> None:
    app = App(Settings(narration="off", animation_speed=0.0, window_width=16384,
                       window_height=16384), settings_path=dirs / "config" / "settings.toml")
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        w, h = app.size
        assert w <= max(desktop[0], MIN_SIZE[0] // 2) and h <= max(desktop[1], MIN_SIZE[1] // 2)
        assert w <= WINDOW_MAX[0] and h <= WINDOW_MAX[1]
        app.save_settings()
        assert (app.settings.window_width, app.settings.window_height) == (w, h)
    finally:
        app.close()


def failing_writes(monkeypatch: pytest.MonkeyPatch, module: object, code: int) -> list[int]:
    failing = [code]
    real = module.atomic_write  # type: ignore[attr-defined]

    def write(path: Path, data: bytes) -> None:
        if failing:
            raise OSError(failing[0], os.strerror(failing[0]), str(path))
        real(path, data)

    monkeypatch.setattr(module, "atomic_write", write)
    return failing


def test_settings_in_a_read_only_folder_are_told_on_screen_once(
        app: App, monkeypatch: pytest.MonkeyPatch, outdir: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    failing = failing_writes(monkeypatch, settings_module, errno.EROFS)
    started_app(app)
    app.set_language("en")
    app.dispatch(I.ToggleFullscreen())
    app.frame(0.016)
    assert "Can't save the settings: the folder is read-only." in app.file_notices.text()
    shot(app, outdir, "settings_read_only")
    assert capsys.readouterr().err.count("read-only") == 1
    app.dispatch(I.ToggleFullscreen())
    app.frame(0.016)
    assert capsys.readouterr().err == ""  # told once
    failing.clear()
    app.save_settings()
    app.frame(0.016)
    assert app.file_notices.text() == "The settings are saved again."


def test_a_full_disk_stops_the_autosave_with_a_notice_spoken_once_and_it_resumes(
        app: App, monkeypatch: pytest.MonkeyPatch, outdir: Path) -> None:
    from game.store import autosave, saves

    spoken: list[str] = []

    def say(words: str) -> bool:
        spoken.append(words)
        return True

    monkeypatch.setattr(type(app.sound), "voice_on", property(lambda self: True))
    monkeypatch.setattr(app.sound, "say", say)
    failing = failing_writes(monkeypatch, saves, errno.ENOSPC)
    monkeypatch.setattr(autosave, "RETRY_S", 0.05)
    started_app(app)
    app.dispatch(I.Press("new"))
    app.dispatch(I.Press("start"))
    table = app.top
    assert isinstance(table, TableScene) and table.session.saver is not None
    table.session.saver.retry = 0.05
    pump(app, until=lambda: bool(app.file_notices.text()))
    assert app.file_notices.text().startswith("Can't save the game: the disk is full.")
    shot(app, outdir, "disk_full")
    pump(app, 0.5)
    # On screen and aloud, once, through the retries. (The deal is random: the table may
    # speak too meanwhile, e.g. a dialog's question when a Wild Draw Four comes at once.)
    notice = app.file_notices.text()
    assert spoken.count(notice) == 1, spoken
    assert not table.session.saver.path.exists()
    failing.clear()
    pump(app, until=lambda: app.file_notices.text() == "The game is saved again.")
    assert table.session.saver.path.exists()
    again = "The game is saved again."
    assert spoken.count(notice) == 1 and spoken.count(again) == 1, spoken
    assert spoken.index(again) > spoken.index(notice)


def test_a_save_that_cannot_even_be_put_aside_is_told_plainly(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.store import saves
    from game.ui.scenes.notice import NoticeScene

    def refuse(path: Path, label: str = "corrupt") -> Path:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(saves, "keep_aside", refuse)
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[" * 100_000, "utf-8")
    started_app(app)
    notice = app.top
    assert isinstance(notice, NoticeScene)
    body = notice.body_text()
    assert "nor put aside" in body and " -" not in body
    assert path.read_text("utf-8") == "[" * 100_000
