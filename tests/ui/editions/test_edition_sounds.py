"""The editions' effects generated in code: Attack's launcher growl (A-2) and Triple Play's
tray overload (T-6); every effect is listed with its licence in assets/SOUNDS.md."""

from __future__ import annotations

import numpy as np

from game.ui.sound import EFFECTS, RATE, synth
from tests.ui.conftest import ROOT


def dominant_hz(wave: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(wave))
    return float(np.fft.rfftfreq(len(wave), 1 / RATE)[int(np.argmax(spectrum[1:])) + 1])


def test_the_growl_is_low_and_the_overload_is_music() -> None:
    assert {"growl", "overload"} <= set(EFFECTS)
    growl, overload = synth("growl"), synth("overload")
    assert dominant_hz(growl) < 200
    assert dominant_hz(overload) > 300
    for wave in (growl, overload):
        assert 0.3 < len(wave) / RATE < 2.0
        assert np.isfinite(wave).all() and 0.2 < np.abs(wave).max() <= 1.0


def test_every_effect_is_listed_with_its_licence() -> None:
    listing = (ROOT / "assets" / "SOUNDS.md").read_text(encoding="utf-8")
    for name in EFFECTS:
        row = next((line for line in listing.splitlines() if line.startswith(f"| `{name}` |")),
                   None)
        assert row is not None, name
        assert "generated in code" in row


#: Each edition's device sounds (issue 14), by the edition whose table package makes them.
DEVICE_SOUNDS = {
    "roboto": ("roboto_drumroll", "roboto_jingle"),
    "attack": ("launcher_rumble", "launcher_fire", "launcher_puff"),
    "triple": ("tray_alarm", "timer_tick"),
    "sonic": ("lap_ring", "lap_whoosh"),
}


def editions_device_sounds() -> tuple[str, ...]:
    """The device sounds the editions' table layers put on the board (not the core's
    stand-ins), once the front end has loaded every edition."""
    from game import audio
    from game.audio.registry import Bus
    from game.ui.editions import edition_ui

    edition_ui("official")  # loads every edition's table layer
    return tuple(n for n in audio.names(Bus.DEVICE)
                 if (spec := audio.lookup(n)) is not None and not spec.default)


def test_each_editions_device_sounds_are_made_in_its_own_package() -> None:
    from game import audio

    on_board = editions_device_sounds()
    for edition, names in DEVICE_SOUNDS.items():
        for name in names:
            assert name in on_board, name
            spec = audio.lookup(name)
            assert spec is not None
            assert spec.synth.__module__.startswith(f"game.editions.{edition}.table"), \
                (name, spec.synth.__module__)


def test_every_device_sound_is_on_the_board_and_listed() -> None:
    from game import audio
    from game.audio.registry import Bus

    listing = (ROOT / "assets" / "SOUNDS.md").read_text(encoding="utf-8")
    for name in editions_device_sounds():
        spec = audio.lookup(name)  # played through the one board, with its volume settings
        assert spec is not None and spec.bus is Bus.DEVICE
        wave = synth(name)
        assert 0.05 < len(wave) / RATE < 2.5, name
        assert np.isfinite(wave).all() and 0.1 < np.abs(wave).max() <= 1.0, name
        row = next((line for line in listing.splitlines() if line.startswith(f"| `{name}` |")),
                   None)
        assert row is not None and "generated in code" in row, name
    assert dominant_hz(synth("launcher_rumble")) < 150  # a rumble is low
    assert dominant_hz(synth("lap_ring")) > 1000  # a ring is high
