"""Playing at the table through intents, in exact positions (named after rule clauses)."""

from __future__ import annotations

from pathlib import Path

from game.rules import actions as A
from game.rules.cards import Card, Colour
from game.rules.engine import Decision
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.dialogs import ColourScene
from tests.rules.helpers import build
from tests.ui.conftest import pump, shot, table_for


def ready(app: App, table: object) -> None:
    pump(app, until=lambda: table.my_turn())  # type: ignore[attr-defined]


def test_C5_a_card_that_does_not_match_is_refused_with_a_reason(app: App, outdir: Path) -> None:
    table = table_for(app, build(["R1 G2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=0), "HAAA")
    ready(app, table)
    before = table.session.version
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("G2"))))
    assert table.session.version == before  # nothing changed
    assert "matches neither" in table.toast_text()
    shot(app, outdir, "refused")


def test_keyboard_moves_the_focus_and_plays_the_focused_card(app: App) -> None:
    table = table_for(app, build(["B1 G2 R3", "B5 B6", "B7 B8", "Y1 Y2"], "B9", turn=0), "HAAA")
    ready(app, table)
    assert [str(c) for c in table.model.hand] == ["R3", "G2", "B1"]  # sorted by colour
    assert table.focused_id() == "card2"  # the (first) playable card has the focus
    app.dispatch(I.Navigate(-99, 0))  # Home
    assert table.focused_id() == "card0"
    app.dispatch(I.Navigate(1, 0))
    app.dispatch(I.Navigate(1, 0))
    assert table.focused_id() == "card2"
    app.dispatch(I.Activate())
    assert table.session.game.actions[0] == A.Play(0, Card.parse("B1"))
    pump(app, until=lambda: table.session.to_act == 0 and table.presenter.idle, timeout=20)
    assert sorted(table.model.hand) == sorted(table.session.view(0).hand)  # screen = engine


def test_C9_draw_then_keep_or_play_the_drawn_card(app: App, outdir: Path) -> None:
    game = build(["R1 G2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=0, draw_top="B5 R7")
    table = table_for(app, game, "HAAA")
    ready(app, table)
    app.dispatch(I.DrawCard())
    pump(app, until=lambda: table.my_turn())
    assert table.model.decision is Decision.DRAWN
    visible = {c.id for c in table.controls if c.visible}
    assert {"play_drawn", "keep_drawn"} <= visible
    shot(app, outdir, "drawn")
    app.dispatch(I.DrawCard())
    assert "drawn already" in table.toast_text()
    app.dispatch(I.KeepDrawn())
    assert table.session.game.actions[-1] == A.Pass(0)


def test_C6_a_wild_asks_for_the_colour(app: App) -> None:
    table = table_for(app, build(["W R5 G6", "R1 R2", "B1 B2", "Y1 Y2"], "R9", turn=0), "HAAA")
    ready(app, table)
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("W"))))
    pump(app, until=lambda: isinstance(app.top, ColourScene))
    app.dispatch(I.ChooseColour(Colour.GREEN))
    assert app.top is table
    assert table.session.game.actions[-1] == A.ChooseColour(0, Colour.GREEN)


def test_C12_calling_uno_in_time_keeps_you_safe(app: App) -> None:
    app.settings.animation_speed = 1.0
    table = table_for(app, build(["B1 B2", "R1 R2 R3", "G1 G2 G3", "Y1 Y2 Y3"], "B9", turn=0),
                      "HAAA")
    ready(app, table)
    app.dispatch(I.PlayCard(0))  # down to one card without calling
    assert table.session.game.uno_open == [0]
    pump(app, 0.7)  # the card lands; the AI waits a person's reaction time before catching
    assert table.can_call_uno()
    app.dispatch(I.CallUno())
    pump(app, 3.0)
    assert len(table.session.game.hands[0]) == 1  # not caught


def test_C12_forgetting_uno_gets_caught_by_the_ai(app: App) -> None:
    app.settings.animation_speed = 1.0
    table = table_for(app, build(["B1 B2", "R1 R2 R3", "G1 G2 G3", "Y1 Y2 Y3"], "B9", turn=0),
                      "HAAA")
    ready(app, table)
    app.dispatch(I.PlayCard(0))
    pump(app, until=lambda: len(table.session.game.hands[0]) == 3, timeout=15)
    pump(app, until=lambda: any("catches" in line for line in table.log_lines()))


def test_C12_catch_button_appears_for_an_opponent_who_forgot(app: App, outdir: Path) -> None:
    game = build(["R1 R2 R3", "B7", "G1 G2", "Y1 Y2"], "B9", turn=2, uno=[1])
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: table.presenter.idle)
    table.conductor.reacted_version = table.session.version  # the AI do not react here
    table.refresh()
    assert table.input.catch_targets() == [1]
    catch = next(c for c in table.controls if c.id == "catch1")
    assert catch.visible and catch.enabled
    shot(app, outdir, "catch")
    app.dispatch(I.Catch(-1))  # the C key: whoever can be caught
    assert len(table.session.game.hands[1]) == 3


def test_M1_a_single_hand_match_runs_to_the_end_screen(app: App) -> None:
    from dataclasses import replace

    from game.rules.editions import new_game
    from game.rules.ruleset import MatchKind, edition

    rs = replace(edition("official"), match=MatchKind.SINGLE_HAND)
    table = table_for(app, new_game(rs, 4, 11), "AAAA", resumed=False)
    pump(app, until=lambda: app.top is not None and app.top.name == "match_end", timeout=60)
    assert table.session.over and table.model.winners


def test_the_loop_sleeps_while_a_person_thinks(app: App) -> None:
    table = table_for(app, build(["R1 G2", "B1 B2", "B3 B4", "Y1 Y2"], "B9", turn=0), "HAAA")
    ready(app, table)
    # The card art is pre-rendered a few ms per frame; on a loaded machine that takes
    # more frames, so wait for it (and any animation) to finish rather than a fixed time.
    pump(app, until=lambda: not table.warmer.pending() and not table.presenter.animating)
    pump(app, 0.1)
    assert app.next_wakeup() is None  # nothing to animate, no AI due: wait for input
    assert not app.frame(0.016)  # and nothing is redrawn
