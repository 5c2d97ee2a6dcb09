"""Issue 32: a new kind of decision, not used by any edition, is offered at the table and
narrated without a line of ``game/ui/`` or ``game/voice/narrate.py`` naming it.

A test-only action (ring the bell) and decision are registered through the choice
description's registries (:mod:`game.play.choices`), and a session whose person owes that
decision before their turn stands in for an edition that would add it. The table, on
SDL's dummy driver, opens the dialog that renders its options (a control per option,
the label rendered with its parameters), says the prompt, shows it as the dialog's title,
and sends the pick back as that action.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.play.choices import (
    ActionSpec,
    DecisionSpec,
    register_action,
    register_decision,
    unregister,
)
from game.play.session import Session
from game.rules import events as E
from game.rules.actions import Action
from game.rules.engine import Decision, Game
from game.rules.view import PlayerView
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.scene import TableScene
from tests.rules.helpers import build
from tests.ui.conftest import asks, pump, seats

ROOT = Path(__file__).resolve().parents[2]

#: The new kind of decision: no edition has it.
BELL = "ring_bell"


@dataclass(frozen=True)
class RingBell:
    """The test's own action: ``player`` rings the bell."""

    player: int


@dataclass(frozen=True)
class BellDecision:
    """The decision a seat owes, as a view carries it (the engine's enum is closed; the
    description reads its ``value``)."""

    value: str = BELL
    name: str = "RING_BELL"


def _bell_params(view: PlayerView) -> Mapping[str, Any]:
    return {"player": view.me}


@pytest.fixture
def bell() -> Iterator[None]:
    register_decision(BELL, DecisionSpec("ring_bell", "{player}, ring the bell before you play.",
                                         "C-5", _bell_params))
    register_action(RingBell, ActionSpec("button", "Ring the bell for {player}",
                                         lambda a: f"ring:{a.player}",
                                         lambda a: {"player": a.player}))
    yield
    unregister(BELL, RingBell)


class BellSession(Session):
    """A match in which the person at seat 0 must ring the bell before each of their turns
    (what a new edition's decision would be): their view owes the bell, the bell is their
    only legal action, and ringing it is applied here, growing the state version."""

    def __init__(self, game: Game, kinds: str) -> None:
        super().__init__(game, seats(kinds))
        self.rung: list[int] = []
        self._rung_at: set[int] = set()  # the engine's states the bell was rung in

    def owes_bell(self, player: int) -> bool:
        """Seat 0 owes the bell at the start of each of its turns, once."""
        g = self.game
        return player == 0 == g.to_act and g.decision is Decision.TURN and not g.over \
            and len(g.actions) not in self._rung_at

    @property
    def version(self) -> int:
        return super().version + len(self.rung)

    def view(self, player: int, with_events: bool = False) -> PlayerView:
        v = super().view(player, with_events)
        if self.owes_bell(player):
            return v._replace(decision=BellDecision(), legal=(RingBell(player),))  # type: ignore[arg-type]
        return v

    def legal(self, player: int) -> list[Action]:
        return list(self.view(player).legal)

    def act(self, action: Action) -> list[E.Event]:
        if isinstance(action, RingBell):
            if not self.owes_bell(action.player):
                raise AssertionError("the bell rung out of its turn")
            self.rung.append(action.player)
            self._rung_at.add(len(self.game.actions))
            return []
        return super().act(action)


def test_a_new_kind_of_decision_is_offered_and_narrated_by_the_table(app: App,
                                                                       bell: None) -> None:
    said: list[str] = []
    app.sound.say = lambda words: said.append(str(words)) or True  # type: ignore[method-assign]
    game = build(["R1 R2 G3", "B1 B2", "Y1 Y2"], "R9", turn=0)
    session = BellSession(game, "HAA")
    table = TableScene(app, session, resumed=True)
    app.reset(table)
    pump(app, until=lambda: asks(app, "ring_bell"))
    dialog = app.top
    assert dialog is not None
    # offered: a control for the option, its label rendered with its parameters
    captions = [c.caption() for c in dialog.controls]  # type: ignore[attr-defined]
    assert captions == ["Ring the bell for Ann"]
    assert dialog.title_text() == "Ann, ring the bell before you play."  # type: ignore[attr-defined]
    # narrated: the prompt is said, and kept as the table's last prompt
    prompt = "Ann, ring the bell before you play. Ring the bell for Ann."
    assert said[-1] == prompt and table.voice.prompted == prompt
    assert table.test_state()["decision"] == BELL
    app.dispatch(I.Press("choice0"))  # 1, Enter or a click on it
    assert session.rung == [0]
    pump(app, until=table.my_turn)  # then the turn goes on as usual
    assert table.input.choices().main() is not None
    assert table.input.choices().main().id == "turn"  # type: ignore[union-attr]
    assert table.playable_indices()  # R1, R2 match the R9


def test_the_new_decision_by_the_keyboard_alone(app: App, bell: None) -> None:
    game = build(["R1 R2 G3", "B1 B2", "Y1 Y2"], "R9", turn=0)
    session = BellSession(game, "HAA")
    table = TableScene(app, session, resumed=True)
    app.reset(table)
    pump(app, until=lambda: asks(app, "ring_bell"))
    app.dispatch(I.Activate())  # the option has the focus
    assert session.rung == [0] and app.top is table


def test_no_line_of_the_table_or_the_narration_names_the_new_decision() -> None:
    sources = [*sorted((ROOT / "game" / "ui").rglob("*.py")),
               ROOT / "game" / "voice" / "narrate.py"]
    assert len(sources) > 60
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert "ring_bell" not in text and "RingBell" not in text, path
