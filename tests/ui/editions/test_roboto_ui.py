"""UNO Roboto on screen: the robot speaking in his bubble (eyes, mouth and light moving),
sleepy after a minute, and the family race dialog (R-10) where each person presses their
own key and the AI racers finish after a reaction time. Screenshots go to
``test-output/<test name>/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pygame

from game.editions.roboto.rules import Interrupt
from game.editions.roboto.table.figure import RobotoFigure, racers_of, spoken
from game.editions.roboto.table.nickname import NicknameScene
from game.editions.roboto.table.puppet import SLEEPY_S
from game.editions.roboto.table.races import RaceScene
from game.rules.cards import Card, Colour
from game.rules.units import RobotoView
from game.ui import intents as I
from game.ui.app import App
from game.ui.sound import EFFECTS, RATE, synth
from game.ui.table.scene import TableScene
from tests.editions.helpers import build
from tests.ui.conftest import pump, shot, table_for
from tests.ui.editions.helpers import play_match

C = Card.parse


def roboto_table(app: App, hands: list[str], kinds: str, **kw: Any) -> TableScene:
    return table_for(app, build("roboto", hands, kw.pop("pile", "B9"), **kw), kinds)


def figure(table: TableScene) -> RobotoFigure:
    dev = table.devices[0]
    assert isinstance(dev, RobotoFigure)
    return dev


def state(table: TableScene) -> dict[str, Any]:
    return table.test_state()["devices"]["RobotoFigure"]


def key(app: App, k: int) -> None:
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_spoken_words_and_racers() -> None:
    assert spoken("Roboto: “Duel! Ann against Bob!”") == "Duel! Ann against Bob!"
    assert spoken("Roboto : « Duel ! »") == "Duel !"
    assert spoken("Bob plays first.") == "Bob plays first."
    assert racers_of(RobotoView(0, "duel", (1, 2))) == (1, 2)
    assert racers_of(RobotoView(3)) == () and racers_of(None) == ()


def test_roboto_speaks_a_duel_then_the_family_race(app: App, outdir: Path) -> None:
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "HHAA",
                         draw_top="R1 R2")
    game = table.session.game
    game.unit.script = [Interrupt("duel", (0, 2), None, 3)]  # Ann against Cid (AI)
    pump(app, until=lambda: app.top is not table)
    app.dispatch(I.Activate())  # the pass screen: Ann takes the device
    pump(app, until=lambda: table.my_turn())
    app.settings.animation_speed = 1.0
    app.dispatch(I.PlayCard(table.model.hand.index(C("B5"))))
    pump(app, until=lambda: state(table)["talking"], timeout=15)
    assert state(table)["words"] == "…"  # a drum roll first: the surprise is not told yet
    pump(app, until=lambda: "Duel" in state(table)["words"], timeout=15)
    pump(app, 0.3)
    shot(app, outdir, "duel_called")
    assert "Duel" in state(table)["words"] and state(table)["face"] == "mischievous"
    pump(app, until=lambda: isinstance(app.top, RaceScene), timeout=15)
    race = app.top
    assert isinstance(race, RaceScene) and race.racers == (0, 2)
    pump(app, 0.2)
    shot(app, outdir, "race")
    key(app, pygame.K_1)  # Ann is done first; Cid (AI) finishes after his reaction time
    assert race.done == [0]
    pump(app, until=lambda: app.top is not race, timeout=15)
    pump(app, until=lambda: table.presenter.idle, timeout=15)
    assert len(game.hands[2]) == 5  # Cid was last: he drew two
    assert any("Race order" in line for line in table.log_lines())


def test_roboto_gets_sleepy_after_a_minute(app: App, outdir: Path) -> None:
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "HAA")
    pump(app, until=lambda: table.my_turn())
    assert not state(table)["sleepy"]
    figure(table).idle = 61.0
    pump(app, 0.1)
    assert state(table)["sleepy"]
    shot(app, outdir, "sleepy")


def test_a_whole_roboto_match(app: App, outdir: Path) -> None:
    table = play_match(app, "roboto", "HAA", 6, outdir)
    assert table.session.winners and state(table)["said"] >= 1


def test_a_discard_colour_command_is_spoken_and_the_cards_fly(app: App, outdir: Path) -> None:
    table = roboto_table(app, ["R1 R2 B3 G4", "B5 G5", "Y1 Y2 Y3"], "HAA", pile="R9")
    table.session.game.unit.script = [Interrupt("discard_colour", (0,), Colour.RED, 1)]
    pump(app, until=lambda: table.my_turn())
    app.settings.animation_speed = 1.0
    app.dispatch(I.PlayCard(table.model.hand.index(C("R1"))))
    pump(app, until=lambda: state(table)["words"] not in ("", "…"), timeout=15)
    assert "red" in state(table)["words"].lower()
    for _ in range(2):  # the chooser: which card goes down first
        if app.top is table:
            pump(app, until=lambda: app.top is not table or table.session.to_act != 0,
                 timeout=15)
        if app.top is not table:
            pump(app, 0.3)
            shot(app, outdir, "put_down")
            app.dispatch(I.Press("choice0"))
    pump(app, until=lambda: table.presenter.idle and table.session.to_act != 0, timeout=15)
    assert sorted(str(c) for c in table.model.hand) == ["B3", "G4"]


def test_a_typed_nickname_is_used_by_roboto(app: App, outdir: Path) -> None:
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "HAA")
    table.session.game.unit.script = [Interrupt("nickname", (0, 1), None, 1)]
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("B5"))))
    pump(app, until=lambda: isinstance(app.top, NicknameScene))
    nick = app.top
    assert isinstance(nick, NicknameScene)
    nick.focus_id("nick")
    app.dispatch(I.TextInput("Zippy"))
    shot(app, outdir, "nickname")
    app.dispatch(I.Press("ok"))
    pump(app, until=lambda: table.presenter.idle and app.top is table)
    assert figure(table).nicknames == {1: "Zippy"}
    assert "Zippy" in figure(table).words  # "Zippy, your turn!"


def test_the_repeat_button_says_it_again(app: App) -> None:
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "HAA")
    table.session.game.unit.script = [Interrupt("duel", (1, 2), None, 1)]
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("B5"))))
    pump(app, until=lambda: state(table)["said"] >= 1)
    pump(app, until=lambda: table.presenter.idle and table.my_turn(), timeout=20)
    said = state(table)["said"]
    fig = figure(table)
    fig.bubble = 0.0
    table.handle(table.intent_at(fig.repeat.center))  # type: ignore[arg-type]
    assert state(table)["said"] == said + 1 and state(table)["words"]


def test_R12_the_volume_button_steps_the_voice_like_the_v_key(app: App,
                                                              monkeypatch: Any) -> None:
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "HAA")
    pump(app, until=lambda: table.my_turn())
    fig = figure(table)
    button = next(c for c in table.controls if c.id == "roboto_volume")
    assert button.rect == fig.volume and not button.rect.colliderect(fig.repeat)
    assert not button.rect.colliderect(table.hand_rects()[0])
    sound = table.app.sound
    levels = iter([2, 3, 0])
    monkeypatch.setattr(type(sound), "voice_on", property(lambda self: True))
    monkeypatch.setattr(sound, "cycle_volume", lambda: next(levels))
    shown = []
    for _ in range(3):
        table.handle(table.intent_at(fig.volume.center))  # type: ignore[arg-type]
        shown.append(table.toast_text())
    assert "2" in shown[0] and "3" in shown[1] and shown[2] != shown[1]


def test_the_sleep_beep_sounds_once_per_idle_stretch(app: App,
                                                     monkeypatch: Any) -> None:
    """R-12: as he dozes off after a minute without activity, Roboto beeps once (not every
    frame); a move wakes him and the next idle minute beeps again."""
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "HAA")
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", played.append)
    pump(app, until=lambda: table.my_turn() and table.presenter.idle)
    fig = figure(table)
    fig.idle = SLEEPY_S - 6.0
    pump(app, 0.1)
    assert played.count("beep") == 0 and not state(table)["sleepy"]
    fig.idle = SLEEPY_S - 0.01
    pump(app, 0.5)  # he falls asleep: one beep, though frames go on
    assert played.count("beep") == 1 and state(table)["sleepy"]
    fig.idle = SLEEPY_S + 30
    pump(app, 0.5)
    assert played.count("beep") == 1 and state(table)["beeps"] == 1
    app.dispatch(I.PlayCard(table.model.hand.index(C("B5"))))  # activity: he wakes up
    for _ in range(5):  # back to the person's turn (answering a dialog on the way)
        pump(app, until=lambda: app.top is not table or (
            table.presenter.idle and table.my_turn()), timeout=20)
        if app.top is table:
            break
        app.dispatch(app.top.autoplay_intent())  # type: ignore[union-attr]
    assert app.top is table
    assert not state(table)["sleepy"] and fig.idle < SLEEPY_S
    fig.bubble = fig.talk = 0.0  # (he may still be saying whose turn it is)
    fig.idle = SLEEPY_S - 0.01
    pump(app, 1.0)  # a new idle stretch: one more beep
    assert played.count("beep") == 2 and state(table)["beeps"] == 2


def test_a_key_at_the_table_wakes_him_for_a_new_beep(app: App, monkeypatch: Any) -> None:
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "HAA")
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", played.append)
    pump(app, until=lambda: table.my_turn() and table.presenter.idle)
    fig = figure(table)
    fig.bubble = fig.talk = 0.0
    fig.idle = SLEEPY_S - 0.01
    pump(app, 0.3)
    assert state(table)["sleepy"] and played.count("beep") == 1
    app.dispatch(I.Navigate(1, 0))  # the person looks through their cards
    assert not state(table)["sleepy"] and not fig.beeped
    fig.idle = SLEEPY_S - 0.01
    pump(app, 0.3)
    assert played.count("beep") == 2


def test_the_beep_is_a_short_generated_two_note_sound() -> None:
    wave = synth("beep")
    assert "beep" in EFFECTS and 0.2 < len(wave) / RATE < 0.8
    assert np.isfinite(wave).all() and 0.2 < np.abs(wave).max() <= 1.0


class _WaitingMicrophone:
    """A recorder whose microphone is still being looked for."""

    state = type("State", (), {"value": "starting"})()

    def open(self, wait: bool = True) -> None:
        pass

    def close(self) -> None:
        pass


def test_typing_the_names_by_choice_does_not_claim_there_is_no_microphone(
        app: App, tmp_path: Path) -> None:
    """R-2: "Type the names instead" while the microphone is being looked for closes it;
    the house-rule step then offers the examples without saying the microphone is
    missing."""

    from game.editions.roboto.table.setup import RobotoRecordScene
    from game.rules.ruleset import edition
    from game.voice.clips import ClipStore
    from tests.ui.conftest import seats

    scene = RobotoRecordScene(app, edition("roboto").with_options(house_rule=True), seats("HA"),
                              seed=4, recorder=_WaitingMicrophone(),
                              store=ClipStore(tmp_path / "clips"))
    app.reset(scene)
    assert scene.phase == "opening"
    app.dispatch(I.Press("typed"))
    app.dispatch(I.Press("next"))
    assert scene.phase == "rule"
    assert scene.hint() == "Type your own rule, pick an example, or play without a house rule."
    assert "microphone" not in scene.hint()


def test_R10_a_house_rule_race_shows_the_rule_and_keeps_roboto_in_sight(app: App,
                                                                          outdir: Path) -> None:
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3", "B1 B2 B3"], "HAAA",
                         draw_top="R1 R2")
    table.session.house_rule_text = "Touch your nose!"
    table.session.game.unit.script = [Interrupt("house_rule", (0, 1, 2, 3), None, 1)]
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("B5"))))
    pump(app, until=lambda: isinstance(app.top, RaceScene), timeout=15)
    race = app.top
    assert isinstance(race, RaceScene)
    pump(app, 0.2)
    shot(app, outdir, "race_instruction")
    st = race.test_state()
    assert st["kind"] == "house_rule" and st["instruction"] == "Touch your nose!"
    assert not pygame.Rect(st["panel"]).colliderect(pygame.Rect(st["roboto"]))
    assert state(table)["words"] == "Touch your nose!"  # his bubble says it all race long
    pump(app, 1.5)
    assert state(table)["words"] == "Touch your nose!"
    app.dispatch(I.Press("replay"))
    assert race.test_state()["replays"] == 1


def test_R6c_a_duel_names_its_task_in_french(app: App, outdir: Path) -> None:
    from game import i18n

    i18n.set_language("fr")
    table = roboto_table(app, ["B5 B6 B7", "G4 G5 G6", "Y1 Y2 Y3"], "HAA", draw_top="R1 R2")
    table.session.game.unit.script = [Interrupt("duel", (0, 1), None, 1)]
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("B5"))))
    pump(app, until=lambda: isinstance(app.top, RaceScene), timeout=15)
    race = app.top
    assert isinstance(race, RaceScene) and race.kind == "duel"
    from game.editions.roboto.voice import DUEL_TASKS

    assert race.instruction in {i18n._(t) for t in DUEL_TASKS}
    assert race.instruction not in DUEL_TASKS  # translated
    shot(app, outdir, "duel_fr")
