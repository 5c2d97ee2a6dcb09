"""An edition adds its props, animations and dialogs through device layers, without any
change to the table core (the registry in ``game.ui.editions``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pytest

from game.play.choices import Choice, Option
from game.rules import events as E
from game.rules.cards import Card
from game.ui import editions
from game.ui import intents as I
from game.ui.app import App
from game.ui.editions import EditionUI, edition_ui, register
from game.ui.scenes.notice import NoticeScene
from game.ui.table.devices import DeviceLayer
from game.ui.widgets import Button
from tests.rules.helpers import build
from tests.ui.conftest import pump, table_for


class Gadget(DeviceLayer):
    """A test device: counts played cards, offers a button, draws a square."""

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self.seen: list[E.Event] = []
        self.pressed = 0
        self.drawn_layers: set[str] = set()

    def present(self, event: E.Event, presenter: Any) -> bool:
        self.seen.append(event)
        return isinstance(event, E.CardPlayed)  # animate plays our own way

    def controls(self) -> list[Any]:
        b = Button.make("gadget", "Press me", I.Press("gadget"))
        b.rect = pygame.Rect(10, 300, 120, 40)
        return [b]

    def handle(self, intent: I.Intent) -> bool:
        if intent == I.Press("gadget"):
            self.pressed += 1
            return True
        return False

    def draw(self, surface: pygame.Surface, layer: str) -> None:
        self.drawn_layers.add(layer)

    def offer(self, choice: Choice, options: Sequence[Option]) -> Any:
        if {o.widget for o in options} == {"colour"}:
            return NoticeScene(self.table.app, "Gadget colour", "")
        return None


@pytest.fixture
def gadget_edition(monkeypatch: pytest.MonkeyPatch) -> None:
    original = edition_ui("official")
    monkeypatch.setitem(editions._REGISTRY, "official",
                        EditionUI("official", original.title, rules=original.rules,
                                  devices=(Gadget,)))


def test_device_layers_plug_into_the_table(app: App, gadget_edition: None) -> None:
    table = table_for(app, build(["W R5 G6", "R1 R2", "B1 B2", "Y1 Y2"], "R9", turn=0), "HAAA")
    pump(app, until=lambda: table.my_turn())
    gadget = table.devices[0]
    assert isinstance(gadget, Gadget)
    assert "gadget" in [c.id for c in table.controls]
    app.dispatch(table.intent_at((20, 310)))
    assert gadget.pressed == 1
    app.draw()
    assert gadget.drawn_layers == {"under", "over"}
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("W"))))
    pump(app, until=lambda: app.top is not table)
    assert any(isinstance(e, E.CardPlayed) for e in gadget.seen)
    assert isinstance(app.top, NoticeScene)  # the edition's own dialog, not the core's


def test_every_engine_edition_has_a_title_and_rules() -> None:
    from game.rules.ruleset import EDITIONS

    for name in EDITIONS:
        ui = edition_ui(name)
        assert ui.title and editions.rules_pages(name)


def test_register_replaces_an_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(editions._REGISTRY, "x", EditionUI("x", "X"))
    register(EditionUI("x", "Y"))
    assert edition_ui("x").title == "Y"


def test_sonic_victory_lap_device(app: App) -> None:
    game = build(["WVL R5", "R1 R2", "B1 B2", "Y1 Y2"], "R9", turn=0, ed="sonic")
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("WVL"))))
    pump(app, until=lambda: table.test_state()["devices"]["VictoryLap"]["victory_laps"] == 1)
