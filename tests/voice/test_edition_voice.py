"""Issue 35, item 1: each edition's voice module (game/editions/<name>/voice.py) registers its
log lines, phrases and choices with the voice layer's registries, and the shared narrator,
phrase table and choice description find them without naming the edition."""

from __future__ import annotations

from game.rules import events as E
from game.rules.cards import Card, Colour
from game.rules.decisions import Decision
from game.voice.log_lines import LINES
from game.voice.narrate import Narrator
from game.voice.phrases import VOICINGS

NAMES = ["Ada", "Bruno", "Chloé"]


def test_each_edition_event_gets_its_line_from_its_edition_s_voice_module() -> None:
    n = Narrator(NAMES)
    lines = n.lines([
        E.PenaltyShared(0, ((1, 2), (2, 1))),
        E.TraysLit(1, (0, 2)),
        E.TimeRanOut(2),
        E.CustomEffect(0, "swap_hands"),
        E.RaceEnded((2, 0, 1), 1),
        E.RobotoNames(1),
        E.RobotoInterrupts("discard_colour", (0,), Colour.RED),
    ])
    assert lines[0] == "Ada shares out the penalty: Bruno 2, Chloé 1."
    assert lines[1] == "Open trays for Bruno: 1, 3."
    assert lines[2] == "Time is up for Chloé!"
    assert lines[3] == "Ada's Wild Customizable: swap hands with a player of your choice."
    assert lines[4] == "Race order: Chloé, Ada, Bruno."
    assert lines[5] == "Roboto: “Bruno, your turn!”"
    assert lines[6] == "Roboto: “Ada, discard all your red cards!”"
    for kind in (E.PenaltyShared, E.TrayPressed, E.LauncherPressed, E.RobotoInterrupts):
        assert LINES[kind].__module__.startswith("game.editions."), kind


def test_a_press_for_the_victim_names_who_picked_them() -> None:
    """A-6: the pick is remembered by the shared narrator, the press said by Attack's line."""
    n = Narrator(NAMES)
    lines = n.lines([E.PlayerPicked(0, 2),
                     E.LauncherPressed(2, (), 3, 1, "attack_attack")])
    assert lines == ["Ada picks Chloé.",
                     "Ada presses the launcher for Chloé: it fires 3 cards!"]


def test_an_edition_s_draw_and_discard_reasons_read_as_its_own() -> None:
    red5 = Card.parse("R5")
    lines = Narrator(NAMES).lines([
        E.CardsDrawn(0, (red5,), "victory_lap", 1),
        E.CardsDrawn(1, (red5,), "overload", 1),
        E.CardsDiscarded(2, (red5,), "discard_all"),
    ])
    assert lines[0].startswith("Ada draws one for the Victory Lap")
    assert lines[1].startswith("Bruno draws the overload penalty")
    assert lines[2].startswith("Chloé discards the rest of the colour")


def test_the_editions_phrases_and_choices_are_registered() -> None:
    from game.play.choices import decision_spec

    for name in ("TraysLit", "LauncherPressed", "PressedFor", "RobotoInterrupts",
                 "CardsDiscarded"):
        assert name in VOICINGS, name
    assert decision_spec(Decision.PRESS_TRAY).clause == "T-4"
    assert decision_spec(Decision.PICK_PLAYER).clause == "A-6"
    assert decision_spec(Decision.RACE).clause == "R-10"
    assert decision_spec(Decision.STACK).clause == "H-1"
