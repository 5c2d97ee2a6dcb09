"""Issue 16 items 1 and 3: the in-game help has a "House rules" page with the RULES.md
wording of H-1 … H-7, in English and in French, reached by keyboard or mouse."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.setup.house_rules import house_rules
from game.ui import intents as I
from game.ui import scenes
from game.ui.app import App
from game.ui.scenes.help import HOUSE_TAB, HelpScene
from tests.ui.conftest import shot, started_app


def open_help(app: App) -> HelpScene:
    started_app(app)
    app.open(scenes.HELP)
    scene = app.top
    assert isinstance(scene, HelpScene)
    return scene


def test_the_house_rules_page_has_H1_to_H7(app: App, outdir: Path) -> None:
    scene = open_help(app)
    scene.focus_id(f"tab:{HOUSE_TAB}")
    app.dispatch(I.Activate())
    assert scene.tab == HOUSE_TAB
    blocks = scene.blocks()
    headings = [h for h, _body in blocks]
    assert headings[0] == "House rules"
    assert headings[1:] == ["H-1 · Stacking", "H-2 · Seven-O", "H-3 · Jump-in",
                            "H-4 · Draw to match", "H-5 · Forced play", "H-6 · No bluffing",
                            "H-7 · UNO penalty of 4"]
    body = dict(blocks)
    assert body["H-1 · Stacking"].startswith(
        "A player facing a Draw Two may answer with a Draw Two of any colour")
    assert "A 7 or 0 that is the player's last card ends the hand: nothing moves." in \
        body["H-2 · Seven-O"]
    assert "If several try, the first counts." in body["H-3 · Jump-in"]
    assert body["H-4 · Draw to match"] == "Keep drawing until a playable card comes."
    shot(app, outdir, "help_house_rules")
    app.dispatch(I.Navigate(0, 1))  # scrolls: the page is longer than the panel
    assert scene.scroll > 0
    shot(app, outdir, "help_house_rules_scrolled")


def test_every_house_rule_has_its_help_and_its_faces() -> None:
    """A rule registered without its help, line, label or spoken name would leave a hole
    on the help page, the set-up panel, the header or the announcement."""
    for f in house_rules():
        assert f.help and f.line and f.label and f.spoken and f.name, f.id
        assert f.clause.startswith("H-")


def test_the_house_rules_page_in_french(app: App, outdir: Path) -> None:
    i18n.set_language("fr")
    if i18n._("House rules") == "House rules":
        pytest.skip("the French catalogue is not compiled (pybabel compile -d locale -D uno)")
    scene = open_help(app)
    app.dispatch(I.Press(f"tab:{HOUSE_TAB}"))
    blocks = scene.blocks()
    assert [h for h, _b in blocks][:3] == ["Règles maison", "H-1 · Cumul", "H-2 · Sept-Zéro"]
    assert dict(blocks)["H-3 · Interception"].startswith(
        "Une fois que la carte qui vient d’être jouée a produit tout son effet")
    shot(app, outdir, "help_house_rules_fr")
