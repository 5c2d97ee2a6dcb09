"""Sound is optional: effects are generated in code, the voice is used only if it works,
and nothing ever raises into the game."""

from __future__ import annotations

import time

import numpy as np
import pygame

from game.store.settings import Settings
from game.ui.sound import EFFECTS, Sound, synth


def test_every_effect_is_a_short_clean_wave() -> None:
    for name in EFFECTS:
        wave = synth(name)
        assert 0.02 < len(wave) / 44100 < 2.0
        assert np.isfinite(wave).all() and np.abs(wave).max() <= 1.0


def test_effects_play_on_a_mixer_or_stay_silent() -> None:
    sound = Sound(Settings())
    sound.start_effects()
    sound.play("card")  # no exception, heard or not
    sound.play("no such effect")
    sound.close()
    if pygame.mixer.get_init():
        pygame.mixer.quit()


def test_the_voice_starts_or_reports_why_not_without_raising() -> None:
    sound = Sound(Settings(narration="announcements"))
    sound.start_voice(["Ann", "Bob"])
    deadline = time.monotonic() + 20
    while sound.voice_status == "starting" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sound.voice_status in ("on", "unavailable")
    sound.narrate([])
    sound.settings_changed()
    sound.close()
    if pygame.mixer.get_init():
        pygame.mixer.quit()


def test_narration_off_never_starts_the_voice() -> None:
    sound = Sound(Settings(narration="off"))
    sound.start_voice(["Ann"])
    assert sound.voice_status == "off"
    sound.close()
