"""The table's moments play their sounds through the board (issue 17): a deal deals, a Draw
Two plays the draw and the penalty, and a sound an edition registers plays by name through
``table.sfx``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game import audio
from game.rules import actions as A
from game.rules.cards import Card
from game.ui import intents as I
from game.ui.app import App
from tests.rules.helpers import build
from tests.ui.conftest import fresh_table, pump, shot, table_for


@pytest.fixture
def played(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    names: list[str] = []
    monkeypatch.setattr(app.sound.board, "play", names.append)
    return names


def test_a_new_hand_is_dealt_with_the_deal_sound(app: App, played: list[str]) -> None:
    fresh_table(app)
    pump(app, 0.5)
    assert "deal" in played and "shuffle" not in played


def test_a_draw_two_plays_the_draw_and_the_penalty(app: App, played: list[str]) -> None:
    table = table_for(app, build(["R1 R+2 G3", "B1 B5", "B3 B4", "Y1 Y2"], "R9", turn=0),
                      "HAAA")
    pump(app, until=lambda: table.my_turn() and table.presenter.idle)
    played.clear()
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("R+2"))))
    assert A.Play(0, Card.parse("R+2")) in table.session.game.actions
    pump(app, until=lambda: "penalty" in played, timeout=5)
    assert played.index("card") < played.index("draw") < played.index("penalty")


def test_an_ordinary_draw_is_no_penalty(app: App, played: list[str]) -> None:
    table = table_for(app, build(["G3 G4", "B1 B5", "B3 B4", "Y1 Y2"], "R9", turn=0), "HAAA")
    pump(app, until=lambda: table.my_turn() and table.presenter.idle)
    played.clear()
    app.dispatch(I.DrawCard())
    pump(app, until=lambda: "draw" in played, timeout=5)
    assert "penalty" not in played


@pytest.fixture
def horn() -> Iterator[str]:
    audio.register("test_horn", lambda: 0.3 * np.sin(np.arange(4410) / 10.0),
                   audio.Bus.DEVICE)
    yield "test_horn"
    audio.unregister("test_horn")


def test_a_registered_sound_plays_through_table_sfx(app: App, horn: str,
                                                     played: list[str]) -> None:
    table: Any = fresh_table(app)
    table.sfx(horn)
    assert played[-1] == horn


def test_without_an_audio_device_the_table_says_once_that_the_game_is_silent(
        app: App, monkeypatch: pytest.MonkeyPatch, outdir: Path) -> None:
    """Even with the voice off (nothing else would have told): one notice, once per run."""
    from game.voice import notices

    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    assert app.settings.narration == "off" and not app.settings.shout_uno
    table = table_for(app, build(["G3 G4", "B1 B5", "B3 B4", "Y1 Y2"], "R9", turn=0), "HAAA")
    pump(app, until=lambda: table.voice.notice is not None, timeout=10)
    assert not app.sound.board.audible
    assert table.voice.notice == notices.NO_OUTPUT
    assert "plays silently" in table.voice.notice_text()
    shot(app, outdir, "no-sound-device")
    again = table_for(app, build(["G3 G4", "B1 B5", "B3 B4", "Y1 Y2"], "R9", turn=0), "HAAA")
    pump(app, 1.0, dt=0.1)
    assert again.voice.notice is None


def test_a_player_who_muted_the_game_is_not_told_it_is_silent(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    app.settings.mute = True
    table = table_for(app, build(["G3 G4", "B1 B5", "B3 B4", "Y1 Y2"], "R9", turn=0), "HAAA")
    pump(app, 1.0, dt=0.1)
    assert not app.sound.board.audible and table.voice.notice is None
