"""Shout UNO: threshold calibration and the detector, on level sequences (no hardware)."""

from __future__ import annotations

import pytest

from game.voice.shout import CalibrationError, ShoutDetector, calibrate

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
