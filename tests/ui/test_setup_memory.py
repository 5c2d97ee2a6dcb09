"""Issue 34 item 4: the set-up opens as it was last dealt: the edition, the seats (people,
names, faces, AI levels), the match kind and target, each edition's own options (Roboto's
chattiness …) and the house rules, kept in settings.toml from one launch to the next. The
command line's defaults no longer put it back on Official with 4 players, and a remembered
value that no longer fits (an option this version lacks, a house rule that does not fit the
edition) quietly gives way to the default."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.cli import parser, start_options
from game.editions.attack.rules import AttackOptions as AttackRules
from game.editions.roboto.rules import RobotoOptions as RobotoRules
from game.rules.ruleset import MatchKind
from game.store.profiles import Avatar
from game.store.settings import Settings, load_settings, save_settings
from game.ui import intents as I
from game.ui.app import App
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from tests.ui.conftest import shot, started_app


def open_setup(app: App) -> SetupScene:
    if app.top is None:
        started_app(app)
    else:
        app.reset(TitleScene(app))
    app.dispatch(I.Press("new"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    return setup


def restarted(dirs: Path, **kw: object) -> App:
    """The game started again: the settings as the last run left them in the file."""
    loaded, problem = load_settings(dirs / "config" / "settings.toml")
    assert problem is None
    i18n.set_language("en")
    return App(loaded, size=(1280, 720), settings_path=dirs / "config" / "settings.toml",
               **kw)  # type: ignore[arg-type]


def seats_of(setup: SetupScene) -> list[tuple[str, bool, str]]:
    return [(str(s["name"]), bool(s["human"]), str(s["level"]))
            for s in setup.seats[:setup.players]]


def test_the_set_up_reopens_on_the_roboto_table_it_dealt_after_a_restart(
        app: App, dirs: Path, outdir: Path) -> None:
    setup = open_setup(app)
    setup._set("edition", "roboto")
    setup._set("players", 3)
    setup._seat(0, "name", "Ana")
    setup._seat(1, "level", "hard")
    setup._seat(2, "human", True)
    setup._seat(2, "name", "Léo")
    setup.seats[2]["avatar"] = Avatar.of("frog")
    for key, value in (("chattiness", "high"), ("race_mode", "reaction"),
                       ("house_rule", False)):
        setup.setter(key)(value)
    before = seats_of(setup)
    app.dispatch(I.Press("start"))
    assert app.top is not None and app.top.name == "roboto_record"  # people record first
    app.close()
    again = restarted(dirs)
    try:
        setup = open_setup(again)
        assert (setup.edition, setup.players) == ("roboto", 3)
        assert seats_of(setup) == before == [("Ana", True, "medium"), ("Bruno", False, "hard"),
                                             ("Léo", True, "medium")]
        assert setup.seats[2]["avatar"].kind == "frog"
        state = setup.test_state()["options"]
        assert state == {"chattiness": "high", "house_rule": False, "race_mode": "reaction"}
        assert setup.ruleset().opt(RobotoRules).chattiness == "high"
        shot(again, outdir, "setup_remembered_roboto")
    finally:
        again.close()


def test_the_match_the_target_and_each_editions_options_are_remembered(app: App) -> None:
    setup = open_setup(app)
    setup._set("edition", "attack")
    setup._set("match", MatchKind.RUNNING_TOTAL)
    setup._set("target", 200)
    setup.setter("custom_count")(3)
    setup.setter("custom_effect")("swap_hands")
    app.dispatch(I.Press("start"))
    setup = open_setup(app)
    assert (setup.edition, setup.match, setup.target) == ("attack", MatchKind.RUNNING_TOTAL, 200)
    assert setup.test_state()["options"] == {"custom_count": 3, "custom_effect": "swap_hands"}
    setup._set("edition", "triple")  # then a Triple Play match, timer on
    setup._set("match", None)
    setup.setter("timer")(True)
    setup.setter("youngest")(2)
    app.dispatch(I.Press("start"))
    setup = open_setup(app)
    assert (setup.edition, setup.match) == ("triple", None)
    assert setup.test_state()["options"] == {"youngest": 2, "timer": True}
    setup._set("edition", "attack")  # Attack's options were kept meanwhile
    assert setup.test_state()["options"] == {"custom_count": 3, "custom_effect": "swap_hands"}
    rules = setup.ruleset().opt(AttackRules)
    assert (rules.custom_count, rules.custom_effect) == (3, "swap_hands")


def test_the_command_lines_defaults_leave_the_set_up_on_the_last_table(
        app: App, dirs: Path) -> None:
    setup = open_setup(app)
    setup._set("edition", "sonic")
    setup._set("players", 3)
    app.dispatch(I.Press("start"))
    app.close()
    again = restarted(dirs, options=start_options(parser().parse_args([])))  # `python -m game`
    try:
        setup = open_setup(again)
        assert (setup.edition, setup.players) == ("sonic", 3)
    finally:
        again.close()
    asked = restarted(dirs, options=start_options(parser().parse_args(
        ["--edition", "attack", "--players", "5"])))
    try:
        setup = open_setup(asked)  # what is asked for on the command line still wins
        assert (setup.edition, setup.players) == ("attack", 5)
    finally:
        asked.close()


def test_remembered_values_that_no_longer_fit_quietly_take_the_default(
        dirs: Path, outdir: Path) -> None:
    path = dirs / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    save_settings(Settings(
        narration="off", animation_speed=0.0, last_edition="triple", last_match="knockout",
        last_target=-20, player_humans=[True, False, True],
        player_levels=["medium", "genius", "hard"],
        house_rules=["stacking", "jump_in", "no_such_rule"],  # stacking does not fit Triple
        last_options={"timer": 1, "youngest": 7, "chattiness": "shouty", "custom_count": 99,
                      "custom_effect": "plain", "race_mode": "reaction", "future": "x"}), path)
    app = restarted(dirs)
    try:
        setup = open_setup(app)
        assert app.top is setup  # nothing to tell: no notice
        assert (setup.edition, setup.players, setup.match, setup.target) == (
            "triple", 3, None, 500)
        assert [s["level"] for s in setup.seats[:3]] == ["medium", "medium", "hard"]
        assert setup.test_state()["options"] == {"timer": False, "youngest": -1}  # 1 is no True
        assert setup.options["house_rules"] == ("jump_in",)
        assert (setup.options["chattiness"], setup.options["race_mode"]) == ("normal",
                                                                              "reaction")
        assert (setup.options["custom_count"], setup.options["custom_effect"]) != (99, None)
        assert setup.options["custom_effect"] == "plain"
        shot(app, outdir, "setup_defaults_for_what_no_longer_fits")
        app.dispatch(I.Press("start"))
        assert app.settings.house_rules == ["jump_in"]
        assert app.settings.last_options["future"] == "x"  # not this version's: kept
    finally:
        app.close()


def test_new_game_after_a_match_keeps_what_the_match_carried(app: App) -> None:
    setup = open_setup(app)
    setup._set("edition", "roboto")
    setup.setter("race_mode")("reaction")  # kept by the table, not by the rules
    setup.setter("chattiness")("low")  # in the rules
    for i in range(4):
        setup._seat(i, "human", False)
    app.dispatch(I.Press("start"))
    table = app.top
    assert table is not None and table.name == "table"
    session = table.session  # type: ignore[attr-defined]
    assert session.ruleset.opt(RobotoRules).chattiness == "low"
    app.reset(TitleScene(app))
    again = SetupScene(app, seats=list(session.seats), ruleset=session.ruleset)
    app.push(again)
    assert again.edition == "roboto"
    assert (again.options["race_mode"], again.options["chattiness"]) == ("reaction", "low")


@pytest.mark.parametrize("bad", ['[1, 2]', '1979-05-27', '{ deep = 1 }', 'nan'])
def test_one_bad_remembered_option_in_the_file_costs_only_itself(
        tmp_path: Path, bad: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('master_volume = 30\nfrom_a_newer_version = "kept"\nlast_match = "standard"\n'
                    f'[last_options]\nchattiness = "high"\nbroken = {bad}\ntimer = true\n',
                    "utf-8")
    loaded, problem = load_settings(path)
    assert loaded.last_options == {"chattiness": "high", "timer": True}
    assert (loaded.master_volume, loaded.last_match) == (30, "standard")
    assert loaded.extra == {"from_a_newer_version": "kept"}
    assert problem is not None and len(problem.repairs) == 1
    assert "last_options.broken" in problem.repairs[0].english()
    assert problem.kept_as is not None and "broken" in problem.kept_as.read_text("utf-8")
    again, trouble = load_settings(path)  # written back repaired: nothing more to tell
    assert trouble is None and again.last_options == loaded.last_options
    assert again.extra == {"from_a_newer_version": "kept"}
