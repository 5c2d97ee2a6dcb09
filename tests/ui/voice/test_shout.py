"""Shout UNO: the threshold's calibration and the detector, on level sequences (no hardware);
then at the table, end to end on the virtual microphone: a loud sound while a person owes UNO
is their CallUno; a quiet room calls nothing; the stream is closed when not needed."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules import actions as A
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.shout_listener import owing
from game.voice.shout import CalibrationError, ShoutDetector, calibrate
from tests.rules.helpers import build
from tests.ui.conftest import pump, shot, table_for
from tests.voice.conftest import VirtualAudio

from .conftest import feed_while_pumping, tone_wav

# ------------------------------------------------------------- the detector, no hardware

BLOCK = 1024 / 44100  # seconds per level, as the recorder delivers them


def feed(detector: ShoutDetector, levels: list[float]) -> list[int]:
    return [i for i, db in enumerate(levels) if detector.feed(db, BLOCK)]


def test_calibration_sits_between_the_room_and_the_shout() -> None:
    room = [-52.0, -50.0, -48.0, -47.0, -55.0] * 20
    shout = [-50.0, -12.0, -10.0, -8.0, -11.0, -45.0, -9.0] * 5
    threshold = calibrate(room, shout)
    assert -40.0 < threshold < -15.0
    assert threshold >= -47.0 + 8.0


def test_calibration_refuses_a_shout_no_louder_than_the_room() -> None:
    with pytest.raises(CalibrationError):
        calibrate([-30.0] * 50, [-28.0] * 50)
    with pytest.raises(CalibrationError):
        calibrate([], [-10.0])


def test_a_sustained_loud_sound_while_armed_is_one_call() -> None:
    detector = ShoutDetector(-20.0, min_seconds=0.1)
    detector.arm()
    levels = [-50.0] * 5 + [-10.0] * 20 + [-50.0] * 5
    assert feed(detector, levels) == [5 + 4]  # 5 blocks of 23 ms ≥ 0.1 s


def test_a_click_is_not_a_shout() -> None:
    detector = ShoutDetector(-20.0, min_seconds=0.1)
    detector.arm()
    assert feed(detector, [-50.0, -5.0, -50.0, -5.0, -50.0] * 4) == []


def test_nothing_counts_unless_armed() -> None:
    detector = ShoutDetector(-20.0, min_seconds=0.1)
    assert feed(detector, [-10.0] * 20) == []
    detector.disarm()
    assert feed(detector, [-50.0] + [-10.0] * 10) == []


def test_a_shout_begun_as_the_card_lands_counts() -> None:
    """The player shouts while clicking their next-to-last card, just before the detector is
    armed: the shout still going on when it is armed is the call."""
    detector = ShoutDetector(-20.0, min_seconds=0.1)
    assert feed(detector, [-10.0] * 3) == []
    detector.arm()
    assert feed(detector, [-10.0] * 5) == [1]


def test_hysteresis_keeps_one_wavering_shout_one_call() -> None:
    detector = ShoutDetector(-20.0, min_seconds=0.1, hysteresis_db=6.0)
    detector.arm()
    levels = [-10.0] * 6 + [-22.0, -18.0, -23.0] * 3 + [-10.0] * 6
    assert len(feed(detector, levels)) == 1


# ------------------------------------------------------------- at the table

#: Ann (a person) holds two cards on her turn: she must call UNO as she plays one (C-12).
PRE_CALL = ["B1 B2", "R1 R2 R3", "G1 G2 G3", "Y1 Y2 Y3"]


def listening_table(app: App, hands: list[str]) -> object:
    app.settings.shout_uno = True
    app.settings.shout_threshold_db = -30.0
    table = table_for(app, build(hands, "B9", turn=0), "HAAA")
    pump(app, until=lambda: table.voice.shout.listening and table.voice.shout.armed,
         timeout=20)
    return table


@pytest.mark.audio
def test_a_shout_while_owing_uno_is_the_call(app: App, outdir: Path, tmp_path: Path,
                                             virtual_audio: VirtualAudio) -> None:
    table = listening_table(app, PRE_CALL)
    assert owing(table) == [0]
    feed_while_pumping(app, virtual_audio, tone_wav(tmp_path / "shout.wav", 0.5),
                       until=lambda: table.voice.shout.calls > 0)
    assert A.CallUno(0) in table.session.game.actions
    assert table.session.game.uno_declared == 0
    assert table.toast_text() == "Ann shouted UNO!"
    shot(app, outdir, "heard")
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(0))
    pump(app, until=lambda: len(table.session.game.hands[0]) == 1)
    assert 0 not in table.session.game.uno_open  # called in time: nobody can catch her


@pytest.mark.audio
def test_a_quiet_room_calls_nothing(app: App, tmp_path: Path,
                                    virtual_audio: VirtualAudio) -> None:
    table = listening_table(app, PRE_CALL)
    feed_while_pumping(app, virtual_audio, tone_wav(tmp_path / "quiet.wav", 0.003))
    pump(app, 0.3, dt=0.05)
    assert table.voice.shout.calls == 0
    assert not any(isinstance(a, A.CallUno) for a in table.session.game.actions)


@pytest.mark.audio
def test_the_microphone_is_closed_when_not_needed(app: App,
                                                  virtual_audio: VirtualAudio) -> None:
    app.settings.shout_uno = True
    table = table_for(app, build(["R1 B2 G3 Y4 R5", "B1 B5", "B3 B4", "Y1 Y2"], "B9", turn=0),
                      "HAAA")
    pump(app, until=lambda: app.sound.microphone is not None, timeout=20)
    assert app.sound.microphone is True
    pump(app, 0.5, dt=0.05)
    assert not table.voice.shout.listening  # nobody is near UNO: no stream
    table = listening_table(app, PRE_CALL)  # a person near UNO: the stream runs, armed
    app.settings.shout_uno = False  # switched off in the settings (pause menu)
    pump(app, 0.1, dt=0.05)
    assert not table.voice.shout.listening and not table.voice.shout.armed
    table = listening_table(app, PRE_CALL)
    table_for(app, build(PRE_CALL, "B9", turn=0), "HAAA")  # leaving the table closes it too
    assert not table.voice.shout.listening


def test_shouting_off_never_opens_the_microphone(app: App) -> None:
    table = table_for(app, build(PRE_CALL, "B9", turn=0), "HAAA")
    pump(app, 0.3, dt=0.05)
    assert owing(table) == [0]
    assert not table.voice.shout.listening and app.sound.microphone is None


@pytest.mark.usefixtures("no_microphone")
def test_no_microphone_shouting_does_nothing_and_never_crashes(app: App) -> None:
    app.settings.shout_uno = True
    table = table_for(app, build(PRE_CALL, "B9", turn=0), "HAAA")
    pump(app, until=lambda: table.voice.notice is not None, timeout=20)
    pump(app, 0.3, dt=0.05)
    assert not table.voice.shout.listening and table.voice.shout.calls == 0
    app.dispatch(I.CallUno())  # the button
    assert A.CallUno(0) in table.session.game.actions
