"""Issue 16 item 3: the table's header shows tonight's house rules, legible at 1280×800 and
clear of every seat's plate and the menu button (screenshots under test-output/)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.rules.editions import new_game
from game.rules.ruleset import Ruleset, edition
from game.setup.house_rules import header_labels, house_rules
from game.store.settings import Settings
from game.ui.app import App
from game.ui.table.panels import draw_house_rules
from game.ui.table.scene import TableScene
from tests.ui.conftest import pump, shot, table_for


@pytest.fixture
def big_app(dirs: Path, settings: Settings) -> Iterator[App]:
    i18n.set_language("en")
    a = App(settings, size=(1280, 800), settings_path=dirs / "config" / "settings.toml")
    yield a
    a.close()
    i18n.set_language("en")


def with_rules(name: str, *ids: str) -> Ruleset:
    rs = edition(name)
    for f in house_rules():
        rs = f.turned(rs, f.id in ids)
    return rs


def header(app: App, table: TableScene) -> list[pygame.Rect]:
    pump(app, until=lambda: table.presenter.idle)
    scratch = pygame.Surface(app.size)
    info = pygame.Rect(table.layout.info, (1, int(16 * table.layout.s)))
    return draw_house_rules(scratch, table, info.bottom + int(6 * table.layout.s))


def clear_of_the_table(table: TableScene, rects: list[pygame.Rect]) -> None:
    lay = table.layout
    for r in rects:
        assert r.right <= lay.size[0] and r.bottom <= lay.size[1]
        assert not r.colliderect(lay.menu)
        for spot in lay.seats.values():
            assert not r.colliderect(spot.plate), (r, spot.player)


@pytest.mark.parametrize("players", [4, 10])
def test_the_header_shows_every_house_rule_on_and_covers_no_plate(
        big_app: App, outdir: Path, players: int) -> None:
    ids = tuple(f.id for f in house_rules())
    rs = with_rules("official", *ids)
    table = table_for(big_app, new_game(rs, players, 3), "H" + "A" * (players - 1),
                      resumed=False)
    rects = header(big_app, table)
    assert len(rects) == 1 + len(ids)  # "House rules:" and a chip for each of H-1 … H-7
    assert all(r.height >= 20 for r in rects[1:])  # 15 px text at 1280×800
    clear_of_the_table(table, rects)
    shot(big_app, outdir, f"header_{players}_players")


def test_the_header_names_only_the_rules_that_fit(big_app: App, outdir: Path) -> None:
    rs = with_rules("triple", "stacking", "seven_o", "no_bluffing", "uno_penalty")
    assert header_labels(rs) == ["Seven-O", "UNO penalty 4"]
    table = table_for(big_app, new_game(rs, 4, 3), "HAAA", resumed=False)
    rects = header(big_app, table)
    assert len(rects) == 3
    clear_of_the_table(table, rects)
    shot(big_app, outdir, "header_triple")


def test_no_house_rules_no_header_line(big_app: App) -> None:
    table = table_for(big_app, new_game(edition("official"), 4, 3), "HAAA", resumed=False)
    assert header(big_app, table) == []


def test_the_table_tells_tonight_s_house_rules_at_the_start(big_app: App,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          outdir: Path) -> None:
    """The opening line goes to the voice with the match's other lines, and into the log."""
    heard: list[object] = []
    monkeypatch.setattr(big_app.sound, "narrate", lambda events: heard.extend(events))
    rs = with_rules("official", "stacking", "seven_o")
    table = table_for(big_app, new_game(rs, 4, 3), "HAAA", resumed=False)
    pump(big_app, until=lambda: table.presenter.idle)
    names = [type(e).__name__ for e in heard]
    assert names[:2] == ["MatchStarted", "HouseRulesTonight"]
    assert "House rules tonight: stacking and Seven-O." in table.log_lines()
    shot(big_app, outdir, "announced")


def test_a_resumed_match_tells_tonight_s_house_rules_again(big_app: App,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A family coming back to a saved match hears (and reads) which house rules are on."""
    heard: list[object] = []
    monkeypatch.setattr(big_app.sound, "narrate", lambda events: heard.extend(events))
    rs = with_rules("official", "stacking", "jump_in")
    table = table_for(big_app, new_game(rs, 4, 3), "HAAA", resumed=True)
    pump(big_app, until=lambda: table.presenter.idle)
    assert [type(e).__name__ for e in heard][:1] == ["HouseRulesTonight"]
    assert "House rules tonight: stacking and jump-in." in table.log_lines()


def test_a_resumed_match_without_house_rules_tells_nothing_new(
        big_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[object] = []
    monkeypatch.setattr(big_app.sound, "narrate", lambda events: heard.extend(events))
    table = table_for(big_app, new_game(edition("official"), 4, 3), "HAAA", resumed=True)
    pump(big_app, until=lambda: table.presenter.idle)
    assert not any(type(e).__name__ == "HouseRulesTonight" for e in heard)
