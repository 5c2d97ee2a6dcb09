"""Issue 16 item 3: the house rules (RULES.md H-1 … H-7) on the New game screen — toggled by
keyboard alone and by mouse alone, said as they take the focus, locked with why when they
do not fit the edition, remembered for the next table, and saved and resumed with the match."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n
from game.rules.position import dump
from game.setup.house_rules import house_rules
from game.store.saves import read_autosave
from game.store.settings import load_settings
from game.ui import intents as I
from game.ui.app import App
from game.ui.scenes.house_setup import HouseRulesScene, Toggle
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene
from tests.ui.conftest import pump, shot, started_app


def open_setup(app: App, edition: str = "official") -> SetupScene:
    started_app(app)
    app.dispatch(I.Press("new"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup._set("edition", edition)
    return setup


def open_house_rules(app: App, setup: SetupScene) -> HouseRulesScene:
    setup.focus_id("house_rules")
    app.dispatch(I.Activate())
    panel = app.top
    assert isinstance(panel, HouseRulesScene)
    return panel


def toggle(panel: HouseRulesScene, rule: str) -> Toggle:
    t = next(c for c in panel.controls if c.id == f"rule:{rule}")
    assert isinstance(t, Toggle)
    return t


def click(app: App, pos: tuple[int, int]) -> None:
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_H1_stacking_is_toggled_by_keyboard_alone_and_said_on_focus(app: App,
                                                                    outdir: Path) -> None:
    setup = open_setup(app)
    panel = open_house_rules(app, setup)
    assert [c.id for c in panel.controls if isinstance(c, Toggle)] == \
        [f"rule:{f.id}" for f in house_rules()]
    assert len(panel.controls) == 8  # H-1 … H-7 and Done
    assert panel.spoken.startswith("Stacking, off: Answer a Draw Two with a Draw Two")
    app.dispatch(I.Activate())  # Space or Enter on the focused rule
    assert toggle(panel, "stacking").value is True
    assert panel.spoken.startswith("Stacking, on: Answer a Draw Two")
    app.dispatch(I.Navigate(0, 1))  # the next rule takes the focus and is said
    assert panel.spoken.startswith("Seven-O, off: A 7 swaps your hand")
    app.dispatch(I.Navigate(1, 0))  # Right turns it on too
    shot(app, outdir, "house_rules_panel")
    app.dispatch(I.Back())  # Escape closes the panel
    assert app.top is setup
    rs = setup.ruleset()
    assert rs.has("stacking") and rs.has("seven_o") and not rs.has("jump_in")
    row = next(c for c in setup.controls if c.id == "house_rules")
    assert row.value_text() == "Stacking, Seven-O"  # type: ignore[attr-defined]
    assert setup.test_state()["shared_options"] == {"house_rules": ("stacking", "seven_o")}
    shot(app, outdir, "setup_with_house_rules")


def test_H5_forced_play_and_H7_are_toggled_by_mouse_alone(app: App) -> None:
    setup = open_setup(app, "sonic")
    row = next(c for c in setup.controls if c.id == "house_rules")
    click(app, row.rect.center)
    panel = app.top
    assert isinstance(panel, HouseRulesScene)
    click(app, toggle(panel, "forced_play").rect.center)
    click(app, toggle(panel, "uno_penalty").rect.center)
    assert panel.spoken.startswith("UNO penalty of 4, on: Caught without calling UNO")
    done = next(c for c in panel.controls if c.id == "done")
    click(app, done.rect.center)
    assert app.top is setup
    rs = setup.ruleset()
    assert rs.forced_play and rs.uno_penalty == 4 and not rs.draw_to_match


def test_a_rule_that_does_not_fit_the_edition_is_locked_and_says_why(app: App,
                                                                     outdir: Path) -> None:
    setup = open_setup(app, "triple")
    panel = open_house_rules(app, setup)
    stacking = toggle(panel, "stacking")
    assert stacking.locked and panel.focused() is stacking  # it keeps the focus: it is heard
    assert panel.spoken == "Stacking, not with this edition: Triple Play has nothing to stack."
    app.dispatch(I.Activate())
    app.dispatch(I.Navigate(1, 0))
    click(app, stacking.rect.center)
    assert stacking.value is False and "stacking" not in panel.on
    assert {c.id[5:] for c in panel.controls if isinstance(c, Toggle) and c.locked} == \
        {"stacking", "forced_play", "no_bluffing"}
    shot(app, outdir, "house_rules_triple")
    app.dispatch(I.Back())
    assert not setup.ruleset().has("stacking")


def test_a_rule_on_is_dropped_by_an_edition_it_does_not_fit_and_back_again(app: App) -> None:
    setup = open_setup(app)
    panel = open_house_rules(app, setup)
    app.dispatch(I.Activate())  # stacking on, in Official UNO
    app.dispatch(I.Back())
    setup._set("edition", "triple")
    assert not setup.ruleset().has("stacking")
    setup._set("edition", "attack")  # A Hit 2 stacks on a Hit 2 (H-1)
    assert setup.ruleset().has("stacking")
    del panel


def test_the_house_rules_are_remembered_for_the_next_table(app: App, dirs: Path) -> None:
    setup = open_setup(app)
    open_house_rules(app, setup)
    app.dispatch(I.Activate())  # stacking
    app.dispatch(I.Navigate(0, 1))
    app.dispatch(I.Navigate(0, 1))
    app.dispatch(I.Activate())  # jump-in
    app.dispatch(I.Back())
    app.dispatch(I.Press("start"))
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.ruleset.house == "stacking+jump_in"
    saved, problem = load_settings(dirs / "config" / "settings.toml")
    assert problem is None and saved.house_rules == ["stacking", "jump_in"]
    app.reset(TitleScene(app))
    again = open_setup(app)
    assert again.options["house_rules"] == ("stacking", "jump_in")
    assert again.ruleset().house == "stacking+jump_in"


def test_H1_a_saved_match_with_stacking_resumes_with_stacking(app: App) -> None:
    setup = open_setup(app)
    open_house_rules(app, setup)
    app.dispatch(I.Activate())  # stacking
    app.dispatch(I.Back())
    app.dispatch(I.Press("start"))
    table = app.top
    assert isinstance(table, TableScene)
    pump(app, until=lambda: table.my_turn() or table.session.over)
    assert table.session.saver is not None and table.session.saver.flush()
    saved, problem = read_autosave()
    assert problem is None and saved is not None
    assert saved.replay().ruleset.has("stacking")
    assert "house:stacking" in dump(saved.replay())  # the position text carries it too
    app.reset(TitleScene(app))
    app.frame(0.016)
    app.dispatch(I.Press("resume"))
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.resumed
    assert resumed.session.ruleset.has("stacking")


@pytest.fixture
def french() -> None:
    i18n.set_language("fr")
    if i18n._("House rules") == "House rules":
        pytest.skip("the French catalogue is not compiled (pybabel compile -d locale -D uno)")


def test_the_focused_rule_is_said_in_french(app: App, french: None) -> None:
    setup = open_setup(app, "triple")
    panel = open_house_rules(app, setup)
    assert panel.spoken.startswith("Cumul, pas avec cette édition\u00a0: ")
    app.dispatch(I.Navigate(0, 1))
    assert panel.spoken.startswith("Sept-Zéro, désactivé\u00a0: Un 7 échange ta main")


def test_the_first_rule_is_said_once_the_voice_has_started(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The set-up may come before any table, with no voice yet: the line said on opening
    the panel waits for the voice rather than being lost."""
    heard: list[str] = []
    up = False

    def say(words: object) -> bool:
        if up:
            heard.append(str(words))
        return up

    setup = open_setup(app)
    app.settings.narration = "announcements"
    monkeypatch.setattr(app.sound, "start_voice", lambda *a, **k: None)
    monkeypatch.setattr(app.sound, "say", say)
    app.sound.voice_status = "starting"
    panel = open_house_rules(app, setup)
    app.frame(0.016)
    assert heard == [] and panel.pending.startswith("Stacking, off:")
    up = True
    app.frame(0.016)
    assert heard == [panel.spoken] and panel.pending == ""
