"""A drawn card's caption and the Play it / Keep it buttons (C-9) stay clear of each other
(issue 34, item 3): the words saying what a drawn Wild does were hidden behind the buttons.
Checked by geometry at 1280×720 and at the smallest window the game opens (1024×600), with
a screenshot of each under ``test-output/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.rules.decisions import Decision
from game.store.settings import Settings
from game.ui import intents as I
from game.ui.app import MIN_SIZE, App
from game.ui.table.panels import caption_box
from tests.rules.helpers import build
from tests.ui.conftest import pump, shot, table_for


@pytest.fixture(params=[(1280, 720), MIN_SIZE], ids=["1280x720", "smallest"])
def sized_app(request: pytest.FixtureRequest, dirs: Path) -> Iterator[App]:
    i18n.set_language("en")
    a = App(Settings(narration="off", animation_speed=0.0), size=request.param,
            settings_path=dirs / "config" / "settings.toml")
    yield a
    a.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_C9_a_drawn_wild_s_caption_is_not_covered_by_play_it_and_keep_it(
        sized_app: App, outdir: Path, language: str) -> None:
    app = sized_app
    i18n.set_language(language)
    # nothing to play on the R5; the card drawn is a Wild Draw Four
    table = table_for(app, build(["B1 G2 Y3", "B5 B6", "G4 Y9", "Y2 G6"], "R5", turn=0,
                                 draw_top="W+4"), "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    app.dispatch(I.DrawCard())
    pump(app, until=lambda: table.my_turn() and table.model.decision is Decision.DRAWN,
         timeout=20)
    drawn = table.model.drawn
    assert drawn is not None
    table.focus_id(f"card{table.model.hand.index(drawn)}")
    table.refresh()
    box, lines, _px = caption_box(table, table.hand_rects())
    assert lines, "the drawn Wild's caption shows"
    buttons = [c.rect for c in table.controls if c.id in ("play_drawn", "keep_drawn")]
    assert len(buttons) == 2 and all(
        c.visible for c in table.controls  # type: ignore[attr-defined]
        if c.id in ("play_drawn", "keep_drawn"))
    for rect in buttons:
        assert not box.colliderect(rect), (box, rect)
    screen = pygame.Rect((0, 0), app.size)
    assert screen.contains(box) and all(screen.contains(r) for r in buttons)
    lay = table.layout
    # nor over the piles and the colour in force under them, the seats, UNO!, the log
    colour_label = pygame.Rect(lay.discard.left - int(40 * lay.s), lay.discard.bottom,
                               lay.discard.width + int(80 * lay.s), int(40 * lay.s))
    others = [lay.discard, lay.draw_pile, colour_label, lay.uno, lay.log, lay.my_plate,
              *table.hand_rects(), *(spot.plate for spot in lay.seats.values())]
    for rect in others:
        assert not box.colliderect(rect), (box, rect)
        assert not any(b.colliderect(rect) for b in buttons), rect
    shot(app, outdir, f"drawn_wild_{app.size[0]}x{app.size[1]}_{language}")


@pytest.mark.parametrize("players", range(2, 11))
def test_C9_the_drawn_card_s_caption_clears_every_seat_at_any_table_size(
        sized_app: App, players: int) -> None:
    app = sized_app
    hands = ["B1 G2 Y3"] + [f"B{k % 10} Y{k % 10}" for k in range(4, 3 + players)]
    table = table_for(app, build(hands, "R5", turn=0, draw_top="W"), "H" + "A" * (players - 1))
    pump(app, until=lambda: table.my_turn(), timeout=20)
    app.dispatch(I.DrawCard())
    pump(app, until=lambda: table.my_turn() and table.model.decision is Decision.DRAWN,
         timeout=20)
    assert table.model.drawn is not None
    table.focus_id(f"card{table.model.hand.index(table.model.drawn)}")
    table.refresh()
    box, lines, _px = caption_box(table, table.hand_rects())
    assert lines
    lay = table.layout
    for rect in [lay.uno, *(spot.plate for spot in lay.seats.values()),
                 *(spot.catch for spot in lay.seats.values()),
                 *(c.rect for c in table.controls if c.id in ("play_drawn", "keep_drawn"))]:
        assert not box.colliderect(rect), (box, rect)
    assert pygame.Rect((0, 0), app.size).contains(box)
