"""Shout UNO in the settings: the setting (off by default; says so without a microphone) and
the calibration page with its live level meter, measured on the virtual microphone."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.store.settings import DEFAULT_SHOUT_THRESHOLD_DB, Settings, load_settings
from game.ui import intents as I
from game.ui.app import App
from game.ui.scenes import calibrate as C
from game.ui.scenes.calibrate import CalibrateScene
from game.ui.scenes.settings_scene import SettingsScene
from game.voice.shout import DEFAULT_THRESHOLD_DB
from tests.ui.conftest import pump, shot, started_app
from tests.voice.conftest import VirtualAudio

from .conftest import feed_while_pumping, tone_wav


def test_the_setting_is_off_by_default_and_old_files_still_load(tmp_path: Path) -> None:
    assert Settings().shout_uno is False
    assert DEFAULT_SHOUT_THRESHOLD_DB == DEFAULT_THRESHOLD_DB
    old = tmp_path / "settings.toml"
    old.write_text('master_volume = 50\nnarration = "full"\n')
    settings, problem = load_settings(old)
    assert problem is None and settings.shout_uno is False
    assert settings.shout_threshold_db == DEFAULT_SHOUT_THRESHOLD_DB
    with pytest.raises(ValueError):
        Settings(shout_threshold_db=12.0).validate()
    bad = tmp_path / "bad.toml"
    bad.write_text('shout_uno = "yes"\n')
    assert load_settings(bad)[1] is not None  # a wrong type is reported, never used


def settings_page(app: App) -> SettingsScene:
    started_app(app)
    page = SettingsScene(app)
    app.push(page)
    return page


@pytest.mark.usefixtures("no_microphone")
def test_without_a_microphone_the_setting_says_so_and_does_nothing(app: App,
                                                                   outdir: Path) -> None:
    page = settings_page(app)
    pump(app, until=lambda: app.sound.microphone is False, timeout=20)
    pump(app, 0.1)
    shout = next(c for c in page.controls if c.id == "shout_uno")
    assert shout.value_text() == "No microphone found" and not shout.enabled
    shout.step(1)
    assert app.settings.shout_uno is False
    calibrate = next(c for c in page.controls if c.id == "calibrate")
    assert not calibrate.enabled
    assert not app.sound.notice_pending  # the settings page only looks; the table tells
    shot(app, outdir, "settings-no-mic")


@pytest.mark.usefixtures("no_microphone")
def test_the_calibration_page_without_a_microphone(app: App, outdir: Path) -> None:
    started_app(app)
    page = CalibrateScene(app)
    app.push(page)
    pump(app, until=lambda: page.status[0] == C.NO_MICROPHONE, timeout=20)
    assert not page.measure("room")
    assert not next(c for c in page.controls if c.id == "room").enabled
    shot(app, outdir, "calibrate-no-mic")
    app.dispatch(I.Press("back"))
    assert app.top is not page


def test_the_settings_page_has_the_shout_row(app: App, outdir: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from game.voice import audio_env
    from game.voice.audio_env import InputDevice

    monkeypatch.setattr(audio_env, "find_input",
                        lambda device=None: InputDevice(0, "mic", 1, 44100))
    page = settings_page(app)
    pump(app, until=lambda: app.sound.microphone is True, timeout=20)
    pump(app, 0.1)
    shout = next(c for c in page.controls if c.id == "shout_uno")
    calibrate = next(c for c in page.controls if c.id == "calibrate")
    assert shout.enabled and shout.value_text() == "Off"
    assert shout.rect.top == calibrate.rect.top and shout.rect.right < calibrate.rect.left
    assert all(c.rect.bottom <= page.panel_rect.bottom for c in page.controls)
    shout.step(1)
    assert app.settings.shout_uno is True
    assert load_settings(app.settings_path)[0].shout_uno is True  # saved
    shot(app, outdir, "settings")
    page.focus_id("calibrate")
    app.dispatch(I.Activate())
    assert isinstance(app.top, CalibrateScene)
    app.dispatch(I.Press("back"))


@pytest.mark.audio
def test_calibration_measures_the_room_and_a_shout(app: App, outdir: Path, tmp_path: Path,
                                                   virtual_audio: VirtualAudio,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CalibrateScene, "MEASURE_S", 1.0)
    started_app(app)
    page = CalibrateScene(app)
    app.push(page)
    pump(app, until=lambda: page.listening and page.status[0] == C.READY, timeout=20)
    page.focus_id("room")
    app.dispatch(I.Activate())
    assert page.phase == "room"
    feed_while_pumping(app, virtual_audio, tone_wav(tmp_path / "room.wav", 0.003, 1.0),
                       until=lambda: not page.phase, timeout=10)
    assert page.status[0] == C.ROOM_DONE
    assert page.measure("shout")
    pump(app, 0.2, dt=0.02)
    feed_while_pumping(app, virtual_audio, tone_wav(tmp_path / "shout.wav", 0.5, 1.0))
    shot(app, outdir, "calibrate-shouting")  # the meter is up, past the threshold mark
    pump(app, until=lambda: not page.phase, timeout=10)
    assert page.status[0] == C.SAVED, page.test_state()
    threshold = app.settings.shout_threshold_db
    assert -45.0 < threshold < -12.0 and threshold != DEFAULT_SHOUT_THRESHOLD_DB
    assert load_settings(app.settings_path)[0].shout_threshold_db == threshold
    shot(app, outdir, "calibrate-saved")
    app.dispatch(I.Press("back"))
    pump(app, until=lambda: page._recorder is None, timeout=5)
