"""The open registry of named sounds (issue 17): a module registers ``name -> synth, bus`` in
one place, the sound is built when first needed and ``table.sfx(name)`` plays it."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from game import audio
from game.audio import Bus
from game.store.settings import Settings
from game.ui.sound import Sound


@pytest.fixture
def chirp() -> Iterator[str]:
    name = "test_chirp"

    def make() -> np.ndarray:
        t = np.arange(2205) / audio.RATE
        return 0.5 * np.sin(2 * np.pi * 880 * t)

    audio.register(name, make, Bus.DEVICE, doc="a test chirp")
    yield name
    audio.unregister(name)


def test_the_core_effects_are_registered_on_their_buses() -> None:
    for name in ("card", "draw", "shuffle", "uno", "skip", "reverse", "wild", "win"):
        spec = audio.lookup(name)
        assert spec is not None and spec.bus is Bus.EFFECTS
    assert set(audio.names(Bus.EFFECTS)) <= set(audio.names())


def test_a_registered_sound_renders_as_clean_float_samples(chirp: str) -> None:
    spec = audio.lookup(chirp)
    assert spec is not None and spec.bus is Bus.DEVICE and spec.doc == "a test chirp"
    wave = audio.render(chirp)
    assert wave.dtype == np.float32 and wave.shape == (2205,)
    assert chirp in audio.names(Bus.DEVICE) and chirp not in audio.names(Bus.EFFECTS)


def test_a_name_taken_by_another_function_is_refused_and_kept(chirp: str) -> None:
    first = audio.lookup(chirp)
    with pytest.raises(ValueError, match="already registered"):
        audio.register(chirp, lambda: np.zeros(10), Bus.EFFECTS)
    assert audio.lookup(chirp) == first
    assert first is not None
    audio.register(chirp, first.synth, Bus.DEVICE)  # the same function again: harmless


@pytest.mark.parametrize("bad", [
    lambda: np.zeros((10, 3)),  # three channels
    lambda: np.array([]),  # nothing
    lambda: np.array([0.0, np.nan]),  # not a number
])
def test_a_synth_that_returns_garbage_is_refused_clearly(bad: audio.Synth) -> None:
    audio.register("test_bad", bad, replace=True)
    try:
        with pytest.raises(ValueError, match="test_bad"):
            audio.render("test_bad")
    finally:
        audio.unregister("test_bad")


def test_bad_registrations_are_refused() -> None:
    with pytest.raises(ValueError, match="non-empty"):
        audio.register(" ", lambda: np.zeros(10))
    with pytest.raises(ValueError, match="unknown bus"):
        audio.register("test_nobus", lambda: np.zeros(10), "drums")
    assert audio.lookup("test_nobus") is None
    with pytest.raises(KeyError):
        audio.render("no such sound")


def test_a_sound_registered_after_the_start_is_built_when_first_played(chirp: str) -> None:
    sound = Sound(Settings())
    sound.start_effects()
    try:
        sound.play(chirp)  # heard if there is a mixer; never raises
        if sound.board.audible:
            assert sound.board.wait_built((chirp,))
            assert sound.board.built(chirp)
    finally:
        sound.close()


def test_an_editions_own_sound_replaces_a_core_default_of_the_same_name() -> None:
    core = audio.lookup("growl")
    assert core is not None and core.default and core.bus is Bus.DEVICE

    def roar() -> np.ndarray:
        return 0.5 * np.sin(np.arange(4410) / 20.0)

    try:
        audio.register("growl", roar, Bus.DEVICE)  # no replace=True needed
        assert audio.lookup("growl") is not None and audio.lookup("growl").synth is roar  # type: ignore[union-attr]
        with pytest.raises(ValueError, match="already registered"):
            audio.register("growl", lambda: np.zeros(10), Bus.DEVICE)  # not a default now
    finally:
        audio.register("growl", core.synth, core.bus, doc=core.doc, replace=True,
                       default=True)
