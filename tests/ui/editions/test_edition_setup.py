"""The New game screen's edition options: Attack's Wild Customizable cards (A-8), Triple
Play's youngest player and timer (T-2, T-12), Roboto's chattiness, house rule and race mode
(R-2, R-5, R-10), each reaching the Ruleset; tidy at 1024×600. Screenshots go to
``test-output/<test name>/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.editions.attack.rules import CUSTOM_EFFECTS
from game.editions.attack.table.options import EFFECT_LABELS
from game.rules.cards import Rank, card
from game.store.settings import Settings
from game.ui import intents as I
from game.ui.app import App
from game.ui.scenes.setup import SetupScene
from game.ui.table.scene import TableScene
from game.ui.widgets import Choice
from tests.ui.conftest import shot, started_app


@pytest.fixture
def small_app(dirs: Path, settings: Settings) -> Iterator[App]:
    i18n.set_language("en")
    a = App(settings, size=(1024, 600), settings_path=dirs / "config" / "settings.toml")
    yield a
    a.close()


def new_game(app: App, edition: str, players: int = 4) -> SetupScene:
    started_app(app)
    app.dispatch(I.Press("new"))
    app.frame(0.016)
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.edition, setup.players = edition, players
    setup.relayout()
    return setup


def choice(setup: SetupScene, cid: str) -> Choice:
    c = next(c for c in setup.controls if c.id == cid)
    assert isinstance(c, Choice)
    return c


def tidy(app: App, setup: SetupScene) -> None:
    """Every control on screen, none overlapping another."""
    rects = [c.rect for c in setup.controls if c.visible]
    assert all(app.screen.get_rect().contains(r) for r in rects)
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_attack_custom_cards_count_and_effect(small_app: App, outdir: Path) -> None:
    setup = new_game(small_app, "attack")
    assert setup.test_state()["options"] == {"custom_count": 3,
                                             "custom_effect": "everyone_presses"}
    assert [v for v, _m in choice(setup, "custom_count").options] == [0, 1, 2, 3]
    effect = choice(setup, "custom_effect")
    assert [v for v, _m in effect.options] == list(CUSTOM_EFFECTS)
    assert set(EFFECT_LABELS) == set(CUSTOM_EFFECTS)
    shot(small_app, outdir, "attack")
    tidy(small_app, setup)
    small_app.dispatch(I.Adjust("custom_count", -1))
    small_app.dispatch(I.Adjust("custom_effect", 1))
    small_app.dispatch(I.Adjust("custom_effect", 1))
    rs = setup.ruleset()
    assert rs.custom_count == 2 and rs.custom_effect == "chosen_presses_twice"
    custom = card(None, Rank.WILD_CUSTOMIZABLE)
    assert rs.cards().count(custom) == 2
    shot(small_app, outdir, "attack_changed")
    setup.options["custom_count"] = 0
    assert setup.ruleset().cards().count(custom) == 0


def test_triple_youngest_and_timer(small_app: App, outdir: Path) -> None:
    setup = new_game(small_app, "triple", players=6)
    youngest = choice(setup, "youngest")
    assert [v for v, _m in youngest.options] == [-1, 0, 1, 2, 3, 4, 5]
    small_app.dispatch(I.Adjust("youngest", 1))
    small_app.dispatch(I.Adjust("youngest", 1))
    small_app.dispatch(I.Adjust("timer", 1))
    rs = setup.ruleset()
    assert rs.starting_player == 1 and rs.timer
    shot(small_app, outdir, "triple")
    tidy(small_app, setup)
    setup.options["youngest"] = 5
    setup.players = 2  # the youngest left the table: nobody is asked
    setup.relayout()
    assert setup.ruleset().starting_player == -1


def test_roboto_chattiness_house_rule_race_mode(small_app: App, outdir: Path) -> None:
    setup = new_game(small_app, "roboto", players=10)
    assert setup.test_state()["options"] == {"chattiness": "normal", "house_rule": True,
                                             "race_mode": "family"}
    small_app.dispatch(I.Adjust("chattiness", 1))
    small_app.dispatch(I.Adjust("house_rule", 1))
    small_app.dispatch(I.Adjust("race_mode", 1))
    rs = setup.ruleset()
    assert rs.chattiness == "high" and not rs.house_rule
    assert setup.options["race_mode"] == "reaction"
    shot(small_app, outdir, "roboto")
    tidy(small_app, setup)


def test_other_editions_show_no_options(small_app: App, outdir: Path) -> None:
    for ed in ("official", "sonic"):
        setup = new_game(small_app, ed)
        assert setup.test_state()["options"] == {}
        tidy(small_app, setup)
    shot(small_app, outdir, "sonic")


def test_all_ai_roboto_deals_at_once_with_the_race_mode(app: App) -> None:
    setup = new_game(app, "roboto")
    for i in range(setup.players):
        setup.seats[i]["human"] = False
    setup.options["race_mode"] = "reaction"
    setup.start()
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.race_mode == "reaction"
    assert table.session.ruleset.house_rule
