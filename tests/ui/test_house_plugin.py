"""Issue 16 item 5: a house rule is added in one place. Registering a new rule (its engine
entry and its face) is enough for the set-up panel, the table's header, the help page and
the opening announcement to show it: none of them names a rule."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import game.setup.house_rules as registry
from game.rules.editions import new_game
from game.rules.house import HOUSE_RULES, HouseRule
from game.rules.ruleset import edition
from game.setup.house_rules import HouseRuleFace, header_labels, tonight, tonight_line
from game.ui import intents as I
from game.ui.app import App
from game.ui.scenes.help import HOUSE_TAB, HelpScene
from game.ui.scenes.house_setup import HouseRulesScene, Toggle
from game.ui.scenes.setup import SetupScene
from game.ui.table.panels import draw_house_rules
from tests.ui.conftest import pump, shot, started_app, table_for

TOY = HouseRuleFace(
    "toy", "H-8", "Toy rule", "A toy rule for the test.", "What the toy rule does, at length.",
    "Toy", "the toy rule")


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> HouseRuleFace:
    monkeypatch.setitem(HOUSE_RULES, "toy", HouseRule("toy", "H-8", (("attack", "no"),)))
    monkeypatch.setitem(registry._REGISTRY, "toy", TOY)
    return TOY


def test_where_a_rule_fits_is_said_once_by_the_engine_rule(toy: HouseRuleFace) -> None:
    face = registry.register(HouseRuleFace("toy", "H-8", "n", "l", "h", "t", "s"))
    assert (face.fits("official"), face.fits("attack"), face.why_unfit("attack")) == (
        True, False, "no")
    with pytest.raises(ValueError, match="unfit"):  # a second list is refused
        registry.register(HouseRuleFace("toy", "H-8", "n", "l", "h", "t", "s",
                                        unfit=(("attack", "no"),)))
    with pytest.raises(ValueError, match="not a house rule of the engine"):
        registry.register(HouseRuleFace("nope", "H-9", "n", "l", "h", "t", "s"))


def test_a_registered_rule_reaches_set_up_header_help_and_voice(
        app: App, toy: HouseRuleFace, outdir: Path) -> None:
    started_app(app)
    app.dispatch(I.Press("new"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.focus_id("house_rules")
    app.dispatch(I.Activate())
    panel = app.top
    assert isinstance(panel, HouseRulesScene)
    assert [c.id for c in panel.controls if isinstance(c, Toggle)][-1] == "rule:toy"
    panel.focus_id("rule:toy")
    app.dispatch(I.Activate())
    assert panel.spoken == "Toy rule, on: A toy rule for the test."
    app.dispatch(I.Back())
    rs = setup.ruleset()
    assert rs.has("toy") and rs.house == "toy"
    setup._set("edition", "attack")
    assert not setup.ruleset().has("toy")  # unfit there, as the engine rule says
    setup._set("edition", "official")

    assert header_labels(rs) == ["Toy"]
    line = tonight(rs)
    assert line is not None and tonight_line(line) == "House rules tonight: the toy rule."
    table = table_for(app, new_game(rs, 3, 4), "HAA", resumed=False)
    pump(app, until=lambda: table.presenter.idle)
    assert "House rules tonight: the toy rule." in table.log_lines()
    assert len(draw_house_rules(pygame.Surface(app.size), table, 40)) == 2

    help_scene = HelpScene(app, HOUSE_TAB)
    assert ("H-8 · Toy rule", "What the toy rule does, at length.") in help_scene.blocks()
    shot(app, outdir, "toy_rule_table")
    assert edition("official").house == ""
