"""Issue 34 item 5: the language is one setting, shown and changed in Settings and on the New
game screen alike. French chosen in Settings during a match is the language of the next
set-up, of its seats' default names ("Joueur 1", not a remembered "Player 1") and of the
table it deals; chosen on the set-up, it is what Settings shows."""

from __future__ import annotations

from pathlib import Path

from game import i18n
from game.store.settings import load_settings
from game.ui import intents as I
from game.ui import scenes
from game.ui.app import App
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.table.scene import TableScene
from game.ui.widgets import Choice
from tests.ui.conftest import shot, started_app


def language_shown(scene: SetupScene | SettingsScene) -> str:
    c = next(c for c in scene.controls if c.id == "language")
    assert isinstance(c, Choice)
    return str(c.value)


def new_game(app: App) -> SetupScene:
    app.reset(app.make(scenes.TITLE))
    app.dispatch(I.Press("new"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    return setup


def test_french_chosen_in_settings_during_a_match_is_the_next_set_up_and_tables(
        app: App, dirs: Path, outdir: Path) -> None:
    started_app(app)
    setup = new_game(app)
    setup._seat(2, "human", True)  # two people with the names the game gives people
    setup._seat(2, "name", "Player 3")
    setup.start()
    table = app.top
    assert isinstance(table, TableScene)
    first_ids = list(table.session.player_ids)
    assert table.session.names[0] == "Player 1"
    app.dispatch(I.Back())  # the pause menu, then Settings
    app.dispatch(I.Press("settings"))
    settings = app.top
    assert isinstance(settings, SettingsScene) and language_shown(settings) == "en"
    app.dispatch(I.Adjust("language", 1))
    assert i18n.current_language() == "fr" and language_shown(settings) == "fr"
    app.dispatch(I.Back())
    app.dispatch(I.Press("leave"))
    setup = new_game(app)
    assert language_shown(setup) == "fr" and setup.test_state()["language"] == "fr"
    names = [s["name"] for s in setup.seats[:setup.players]]
    assert (names[0], names[2]) == ("Joueur 1", "Joueur 3")  # not the English "Player 1"
    shot(app, outdir, "setup_in_french")
    setup.start()
    table = app.top
    assert isinstance(table, TableScene)
    assert i18n.current_language() == "fr"  # dealing keeps the game in French
    assert table.session.names[0] == "Joueur 1"
    assert table.session.player_ids[0] == first_ids[0]  # the same player, under its name
    assert table.session.player_ids[2] == first_ids[2]
    saved, _problem = load_settings(dirs / "config" / "settings.toml")
    assert saved.language == "fr"
    assert saved.player_names[0] == "Joueur 1"
    shot(app, outdir, "table_in_french")


def test_the_language_changed_on_the_set_up_is_the_one_settings_shows(
        app: App, dirs: Path) -> None:
    started_app(app)
    setup = new_game(app)
    setup.focus_id("language")
    app.dispatch(I.Adjust("language", 1))
    assert i18n.current_language() == "fr"
    assert setup.seats[0]["name"] == "Joueur 1"  # the default name follows at once
    assert language_shown(setup) == "fr"
    app.dispatch(I.Press("back"))
    app.dispatch(I.Press("settings"))
    settings = app.top
    assert isinstance(settings, SettingsScene) and language_shown(settings) == "fr"
    app.dispatch(I.Adjust("language", -1))  # back to English, in Settings
    assert i18n.current_language() == "en"
    app.dispatch(I.Press("back"))
    setup = new_game(app)
    assert language_shown(setup) == "en" and setup.seats[0]["name"] == "Player 1"
    saved, _problem = load_settings(dirs / "config" / "settings.toml")
    assert saved.language == "en"


def test_a_name_a_family_typed_is_never_translated(app: App) -> None:
    started_app(app)
    setup = new_game(app)
    setup._seat(0, "name", "Player One")
    setup._seat(2, "human", True)
    setup._seat(2, "name", "Joueur 12")  # a person's name, in French, typed in English
    setup.start()
    app.set_language("fr")
    setup = new_game(app)
    assert setup.seats[0]["name"] == "Player One"
    assert setup.seats[2]["name"] == "Joueur 12"
    app.set_language("en")
    setup = new_game(app)
    assert setup.seats[2]["name"] == "Player 12"  # a default name in French, in English
