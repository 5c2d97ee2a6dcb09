"""Autosave after every action and resume from the title screen; settings persisted;
language switched live; full screen and resizing."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.rules.position import dump
from game.store.saves import autosave_path, read_autosave
from game.ui import intents as I
from game.ui.app import App
from game.ui.scenes.notice import NoticeScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene
from tests.ui.conftest import pump, shot, started_app


def test_new_game_autosaves_and_the_title_offers_to_resume(app: App, outdir: Path) -> None:
    started_app(app)
    app.dispatch(I.Press("new"))
    app.dispatch(I.Press("start"))
    table = app.top
    assert isinstance(table, TableScene)
    pump(app, until=lambda: table.my_turn() or table.session.over)
    if not table.session.over:
        app.dispatch(I.DrawCard())
        pump(app, until=lambda: table.presenter.idle)
    assert table.session.saver is not None and table.session.saver.flush()
    saved, problem = read_autosave()
    assert problem is None and saved is not None
    assert dump(saved.replay()) == dump(table.session.game)
    before = dump(table.session.game)
    app.reset(TitleScene(app))  # leave (or crash) and come back
    app.frame(0.016)
    assert app.top.controls[0].id == "resume"
    shot(app, outdir, "title_with_resume")
    app.dispatch(I.Press("resume"))
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.resumed
    assert dump(resumed.session.game) == before
    assert resumed.model.hand == resumed.model.ordered(resumed.session.game.hands[0])


def test_a_corrupt_autosave_is_reported_on_the_title_screen(app: App, outdir: Path) -> None:
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "uno-save", "version": 1, "record": 3}', "utf-8")
    started_app(app)
    assert isinstance(app.top, NoticeScene)
    shot(app, outdir, "corrupt_save")
    assert not path.exists() and list(path.parent.glob("autosave.corrupt-*.json"))
    app.dispatch(I.Activate())
    assert isinstance(app.top, TitleScene) and app.top.controls[0].id == "new"


def test_settings_are_saved_as_toml(app: App, dirs: Path) -> None:
    app.push(SettingsScene(app))
    app.top.focus_id("animation_speed")
    app.dispatch(I.Navigate(1, 0))  # Right: the next speed
    app.top.focus_id("reduced_motion")
    app.dispatch(I.Activate())
    data = tomllib.loads((dirs / "config" / "settings.toml").read_text("utf-8"))
    assert data["animation_speed"] == 0.5 and data["reduced_motion"] is True


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tiny compiled French catalogue, so the live switch is seen on screen."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    cat = Catalog(locale="fr", domain="uno")
    cat.add("New game", "Nouvelle partie")
    cat.add("Settings", "Réglages")
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "uno.mo", "wb") as fh:
        write_mo(fh, cat)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    i18n._cache.pop("fr", None)
    yield
    i18n._cache.pop("fr", None)


def test_language_switches_live_everywhere(app: App, outdir: Path, french: None) -> None:
    started_app(app)
    app.dispatch(I.Press("new"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.focus_id("language")
    app.dispatch(I.Navigate(1, 0))  # English → Français
    assert i18n.current_language() == "fr" and app.settings.language == "fr"
    app.dispatch(I.Press("back"))
    title = app.top
    captions = [c.caption() for c in title.controls]  # type: ignore[attr-defined]
    assert "Nouvelle partie" in captions and "Réglages" in captions
    assert title.controls[0].label == "New game"  # the widget keeps the message id
    shot(app, outdir, "title_fr")


def test_fullscreen_toggle_and_resize_relayout(app: App) -> None:
    started_app(app)
    app.dispatch(I.ToggleFullscreen())
    assert app.fullscreen and app.settings.fullscreen
    app.dispatch(I.ToggleFullscreen())
    assert not app.fullscreen
    app.screen = pygame.display.set_mode((1024, 600), pygame.RESIZABLE)
    app.on_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 600), w=1024, h=600))
    assert app.top.size == (1024, 600)
    assert all(app.screen.get_rect().contains(c.rect) for c in app.top.controls)


def test_escape_pauses_the_table_and_the_game_waits(app: App) -> None:
    started_app(app)
    app.dispatch(I.Press("new"))
    app.top.seats[0]["human"] = False  # watch four AI
    app.dispatch(I.Press("start"))
    table = app.top
    pump(app, 0.5)
    app.dispatch(I.Back())
    assert app.top.name == "pause"
    version = table.session.version
    pump(app, 2.0)
    assert table.session.version == version
    app.dispatch(I.Press("resume"))
    pump(app, until=lambda: table.session.version > version)


def test_command_line_fills_in_the_set_up(dirs: Path, settings: object) -> None:
    from game.cli import parser, start_options
    from game.rules.ruleset import MatchKind

    args = parser().parse_args(["--edition", "sonic", "--players", "6", "--bots", "random",
                                "--match", "standard", "--target", "200", "--seed", "9"])
    app = App(settings, options=start_options(args), size=(1280, 720))  # type: ignore[arg-type]
    try:
        setup = SetupScene(app)
        app.push(setup)
        assert (setup.edition, setup.players, setup.match, setup.target, setup.seed) == (
            "sonic", 6, MatchKind.STANDARD, 200, 9)
        assert all(s["level"] == "random" for s in setup.seats[1:6])
    finally:
        app.close()


def test_R10_a_resumed_roboto_match_keeps_its_race_mode_and_house_rule(
        app: App, tmp_path: Path) -> None:
    from game.rules.ruleset import edition
    from game.store.saves import SeatInfo
    from game.ui.table.start import start_match

    started_app(app)
    seats = [SeatInfo("Ann", True), SeatInfo("Bob", False, "medium"),
             SeatInfo("Cid", False, "medium")]
    start_match(app, edition("roboto"), seats, seed=5, race_mode="reaction")
    table = app.top
    assert isinstance(table, TableScene)
    from game.store.saves import data_dir

    clip = data_dir() / "clips" / seats[0].player_id / "house_rule.wav"  # where it is kept
    clip.parent.mkdir(parents=True)
    clip.write_bytes(b"RIFF")  # stands for the recording (only its path is saved)
    table.session.house_rule_text = ""
    table.session.house_rule_clip = clip
    table.session.save()
    assert table.session.saver is not None and table.session.saver.flush()
    saved, _problem = read_autosave()  # named inside the data folder, not by an absolute path
    assert saved is not None
    assert saved.table["house_rule_clip"] == f"clips/{seats[0].player_id}/house_rule.wav"
    app.reset(TitleScene(app))
    app.frame(0.016)
    app.dispatch(I.Press("resume"))
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.resumed
    assert resumed.session.race_mode == "reaction"
    assert resumed.session.house_rule_clip == clip
    clip.unlink()  # a recording deleted since: resumed without it
    app.reset(TitleScene(app))
    app.frame(0.016)
    app.dispatch(I.Press("resume"))
    assert app.top.session.race_mode == "reaction"  # type: ignore[attr-defined]
    assert app.top.session.house_rule_clip is None  # type: ignore[attr-defined]
