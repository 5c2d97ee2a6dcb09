"""The sound and music settings (issue 17): the music's own volume and a mute switch on the
settings screen, worked with the keyboard alone and with the mouse alone, in English and
French, saved, and applied at once by the sound board; their values in the settings file are
checked like every other value."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n
from game.audio import Bus
from game.store.settings import Settings, load_settings, save_settings
from game.ui.app import App
from game.ui.scenes.settings_scene import SettingsScene
from tests.ui.conftest import pump, shot


def key(app: App, k: int) -> None:
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def click(app: App, pos: tuple[int, int]) -> None:
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def settings_page(app: App) -> SettingsScene:
    page = SettingsScene(app)
    app.push(page)
    pump(app, 0.1)
    return page


def control(page: SettingsScene, cid: str):  # type: ignore[no-untyped-def]
    return next(c for c in page.controls if c.id == cid)


# ---------------------------------------------------------------------- the file
def test_music_volume_and_mute_are_saved_and_loaded(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    assert Settings().music_volume == 40 and Settings().mute is False
    save_settings(Settings(music_volume=70, mute=True), path)
    loaded, problem = load_settings(path)
    assert problem is None and loaded.music_volume == 70 and loaded.mute is True


@pytest.mark.parametrize(("text", "volume", "mute"), [
    ("music_volume = 400\n", 100, False), ("music_volume = -1\n", 0, False),
    ('music_volume = "loud"\n', 40, False), ('mute = "yes"\n', 40, False),
    ("mute = 1\n", 40, False)])
def test_a_bad_music_volume_or_mute_is_reported_and_the_file_kept_aside(
        tmp_path: Path, text: str, volume: int, mute: bool) -> None:
    """One bad value costs only itself: brought within its range (or back to its default),
    reported, and the file as it was kept aside; every other setting stays."""
    path = tmp_path / "settings.toml"
    path.write_text('narration = "off"\n' + text, "utf-8")
    loaded, problem = load_settings(path)
    assert problem is not None and problem.kept_as is not None
    assert problem.kept_as.read_text("utf-8") == 'narration = "off"\n' + text  # kept, not lost
    assert loaded.music_volume == volume and loaded.mute is mute
    assert loaded.narration == "off"  # the good value beside it is kept


def test_a_music_volume_out_of_range_is_never_written(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="music_volume"):
        save_settings(Settings(music_volume=101), tmp_path / "settings.toml")
    assert not (tmp_path / "settings.toml").exists()


# ---------------------------------------------------------------------- the screen
def test_the_music_volume_with_the_keyboard_alone(app: App) -> None:
    page = settings_page(app)
    for _ in range(len(page.controls)):
        focused = page.focused()
        if focused is not None and focused.id == "music_volume":
            break
        key(app, pygame.K_DOWN)
    assert page.focused() is not None and page.focused().id == "music_volume"  # type: ignore[union-attr]
    key(app, pygame.K_LEFT)
    assert app.settings.music_volume == 30
    assert load_settings(app.settings_path)[0].music_volume == 30  # saved at once
    assert app.sound.board.gain(Bus.MUSIC) == pytest.approx(0.8 * 0.3)  # heard at once
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert app.settings.music_volume == 50


def test_mute_with_the_mouse_alone_silences_everything_and_comes_back(app: App) -> None:
    page = settings_page(app)
    mute = control(page, "mute")
    click(app, mute.rect.center)
    assert app.settings.mute is True and mute.value_text() == "Muted"
    assert load_settings(app.settings_path)[0].mute is True
    board = app.sound.board
    assert all(board.gain(b) == 0 for b in Bus)
    assert app.sound._voice_level() == 0  # the voice too
    click(app, mute.rect.center)
    assert app.settings.mute is False and board.gain(Bus.EFFECTS) > 0
    # The volumes were kept while muted.
    assert app.settings.master_volume == 80 and app.settings.music_volume == 40


def test_the_music_volume_with_the_mouse(app: App) -> None:
    page = settings_page(app)
    click(app, control(page, "music_volume").rect.center)
    assert app.settings.music_volume != 40


def test_the_sound_rows_fit_and_read_well_in_both_languages(app: App, outdir: Path) -> None:
    page = settings_page(app)
    volume, mute = control(page, "master_volume"), control(page, "mute")
    assert volume.rect.top == mute.rect.top and volume.rect.right < mute.rect.left
    ids = [c.id for c in page.controls]
    assert ids.index("master_volume") < ids.index("effects_volume") < \
        ids.index("music_volume") < ids.index("voice_volume")
    for c in page.controls:
        assert page.panel_rect.contains(c.rect), c.id
    rects = [c.rect for c in page.controls]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert control(page, "music_volume").value_text() == "40 %"
    page.focus_id("music_volume")
    shot(app, outdir, "sound-settings-en")
    i18n.set_language("fr")
    try:
        page.relayout()
        assert i18n._(control(page, "music_volume").label) == "Musique"
        assert control(page, "mute").value_text() == "Son activé"
        control(page, "mute").step(1)
        assert control(page, "mute").value_text() == "Muet"
        shot(app, outdir, "sound-settings-fr-muted")
    finally:
        i18n.set_language("en")
