"""A key that answers the decision being announced counts (issue 34, item 1), as a click
given during an animation does: the colour of a Wild Victory Lap (S-2) pressed while the
"Victory Lap!" banner still shows is the colour named, with no second key. Real key
events, through the app's own translation of keys (headless, SDL's dummy driver)."""

from __future__ import annotations

import pygame

from game.rules import actions as A
from game.rules.cards import Card, Colour
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.dialogs import ColourScene
from tests.editions.helpers import build
from tests.ui.conftest import pump, table_for


def key(app: App, k: int) -> None:
    """One real key press, as SDL gives it to the app."""
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.on_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def sonic_table(app: App):  # type: ignore[no-untyped-def]
    table = table_for(app, build("sonic", ["WVL R5", "R1 R2", "B1 B2", "Y1 Y2"], "R9"),
                      "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=15)
    app.settings.animation_speed = 1.0
    return table


def test_S2_a_colour_key_pressed_during_the_victory_lap_banner_names_the_colour(
        app: App) -> None:
    table = sonic_table(app)
    table.focus_id(f"card{table.model.hand.index(Card.parse('WVL'))}")
    key(app, pygame.K_RETURN)  # play the Wild Victory Lap with Enter
    pump(app, 0.3)
    assert app.top is table and not table.presenter.idle  # the banner still shows
    assert table.keys == "colour"  # the colour being announced takes the colour keys
    key(app, pygame.K_b)
    pump(app, until=lambda: table.session.game.actions[-1] != A.Play(0, Card.parse("WVL")),
         timeout=15)
    assert table.session.game.actions[1] == A.ChooseColour(0, Colour.BLUE)
    assert not isinstance(app.top, ColourScene)  # nothing waits for a second B
    pump(app, until=lambda: table.presenter.idle and app.top is table, timeout=15)
    assert [len(table.session.game.hands[p]) for p in (1, 2, 3)] == [3, 3, 3]  # the lap ran


def test_R_is_red_while_a_colour_is_announced_and_repeat_otherwise(app: App) -> None:
    table = sonic_table(app)
    assert table.keys == "table"  # R repeats what the voice said, on an ordinary turn
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("WVL"))))
    pump(app, 0.2)
    key(app, pygame.K_r)
    pump(app, until=lambda: len(table.session.game.actions) > 1, timeout=15)
    assert table.session.game.actions[1] == A.ChooseColour(0, Colour.RED)


def test_a_key_for_a_decision_that_is_gone_is_dropped(app: App) -> None:
    table = sonic_table(app)
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("WVL"))))
    pump(app, 0.2)
    key(app, pygame.K_g)
    table.input.early = (table.session.version - 1, *table.input.early[1:])  # type: ignore[index]
    pump(app, until=lambda: isinstance(app.top, ColourScene), timeout=15)
    pump(app, 0.1)
    assert isinstance(app.top, ColourScene)  # a key from another state is not an answer
    assert len(table.session.game.actions) == 1
