"""A-6 at the table (issue 34, item 2): the player who plays a Wild Attack-Attack turns the
launcher to the victim and presses it twice *for* them. It is shown that way (the launcher
swings from the attacker to the victim, the attacker's face rides on the nose, each press
with a person's own suspense) and said that way, in the log and the voice, in English and
French — never as if the victim had pressed. Headless; screenshots under ``test-output/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.editions.attack.table.draw import WIND_S
from game.editions.attack.table.launcher import DinoLauncher
from game.editions.attack.voice import PressedFor
from game.rules import events as E
from game.rules.cards import Card
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.dialogs import ColourScene
from game.voice.clips import PlayerVoice
from game.voice.narrate import Narrator
from game.voice.phrases import Narration, phrase_for
from game.voice.utterance import render
from tests.editions.helpers import build
from tests.ui.conftest import asks, pump, shot, table_for

C = Card.parse


def test_A6_the_attacker_turns_the_launcher_and_presses_twice_for_the_victim(
        app: App, outdir: Path) -> None:
    table = table_for(app, build("attack", ["WAA R1 R2", "G1 G2", "Y1 Y2", "B5 B6"], "R9",
                                 draw_top="G7 G8 G9"), "HAAA")
    table.session.game.launcher.script = [0, 2]  # a dud, then two cards
    told: list[object] = []
    app.sound.narrate = lambda events: told.extend(events)  # type: ignore[method-assign]
    dino = next(d for d in table.devices if isinstance(d, DinoLauncher))
    pump(app, until=lambda: table.my_turn())
    app.settings.animation_speed = 1.0
    app.dispatch(I.PlayCard(table.model.hand.index(C("WAA"))))
    pump(app, until=lambda: isinstance(app.top, ColourScene), timeout=15)
    app.dispatch(I.ChooseColour(0))
    pump(app, until=lambda: asks(app, "pick_player"), timeout=15)
    app.dispatch(I.Press("choice1"))  # Cid
    pump(app, until=lambda: dino.pressing_for is not None, timeout=15)
    assert dino.pressing_for == (0, 2) and dino.turned == 1
    pump(app, 0.3)
    shot(app, outdir, "ann_turns_the_launcher_to_cid")
    pump(app, until=lambda: dino.wind_t > 0, timeout=15)
    pump(app, 0.5)
    shot(app, outdir, "ann_presses_for_cid")
    assert dino.target == 2  # it aims at the victim, who keeps what fires
    pump(app, until=lambda: table.presenter.idle and app.top is table
         and len(dino.winds) >= 2, timeout=20)
    assert dino.pressing_for is None  # the moment ends with the next turn
    # each press had a person's own suspense: no quick second press of a run
    assert all(WIND_S[0] - 0.01 <= w <= WIND_S[1] + 0.01 for w in dino.winds[-2:]), dino.winds
    lines = table.log_lines()
    assert "Ann presses the launcher for Cid… nothing." in lines
    assert "Ann presses the launcher for Cid: it fires 2 cards!" in lines
    assert not any(line.startswith("Cid presses") for line in lines)
    presses = [e for e in told if isinstance(e, PressedFor)]
    assert [(e.presser, e.press.player, e.press.count) for e in presses] == [(0, 2, 0),
                                                                               (0, 2, 2)]
    assert len(table.session.game.hands[2]) == 4


def test_A6_an_ai_attacker_presses_for_a_person_too(app: App) -> None:
    table = table_for(app, build("attack", ["R1 R2", "WAA G1 G2", "Y1 Y2", "B5 B6"], "R9",
                                 draw_top="G7 G8 G9", turn=1), "HAAA")
    table.session.game.launcher.script = [1, 0]
    told: list[object] = []
    app.sound.narrate = lambda events: told.extend(events)  # type: ignore[method-assign]
    pump(app, until=lambda: any(isinstance(e, PressedFor) for e in told)
         and table.presenter.idle, timeout=30)
    picked = next(e for e in table.session.recent_events() if isinstance(e, E.PlayerPicked))
    presses = [e for e in told if isinstance(e, PressedFor)]
    assert {e.presser for e in presses} == {1} and {e.press.player for e in presses} == \
        {picked.target}


SPOKEN = [("en", 0, "Alice presses the launcher for Chloé: nothing."),
          ("en", 2, "Alice presses the launcher for Chloé: it fires 2 cards!"),
          ("fr", 0, "Alice appuie sur le lanceur pour Chloé : rien ne sort."),
          ("fr", 2, "Alice appuie sur le lanceur pour Chloé : il crache 2 cartes !")]


@pytest.mark.parametrize(("lang", "count", "words"), SPOKEN)
def test_A6_the_voice_names_who_presses_and_for_whom(lang: str, count: int,
                                                     words: str) -> None:
    i18n.set_language(lang)
    try:
        press = E.LauncherPressed(2, (), count, 0, "attack_attack")
        phrase = phrase_for(PressedFor(0, press), Narration.FULL)
        assert phrase is not None
        cast = {i: PlayerVoice(n) for i, n in enumerate(["Alice", "Bob", "Chloé", "Dev"])}
        said = render(phrase, cast).caption.replace("\u00a0", " ")
        assert said == words
    finally:
        i18n.set_language("en")


def test_A6_the_log_names_the_attacker_from_the_engine_s_events_too() -> None:
    """The headless play-by-play sees the engine's events alone: the pick, then the two
    presses for the victim."""
    lines = Narrator(["Alice", "Bob", "Chloé", "Dev"]).lines([
        E.PlayerPicked(0, 2),
        E.LauncherPressed(2, (), 0, 1, "attack_attack"),
        E.LauncherPressed(2, (C("G7"),), 1, 0, "attack_attack"),
        E.LauncherPressed(1, (), 0, 1, "turn"),
    ])
    assert lines[1:] == ["Alice presses the launcher for Chloé… nothing.",
                         "Alice presses the launcher for Chloé: it fires a green 7!",
                         "Bob presses the launcher… nothing."]
