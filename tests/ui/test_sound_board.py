"""The one sound board (issue 17): every effect, device sound, the music and the voice go through
it, at master × their bus's volume, silent when muted, the voice ducking the rest; sounds are
built off the frame loop; no audio device means silence, told once, never a crash.

Nobody here can listen, so a fake ``pygame`` records what the board hands to the mixer
(which sound, on which channel, at which volume); one test runs the real mixer on SDL's dummy
driver."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pygame
import pytest

from game import audio
from game.audio import Bus
from game.audio.board import DUCK_EFFECTS, DUCK_MUSIC, LATE_S, MUSIC_FADE_S, SoundBoard
from game.store.settings import Settings
from game.ui.sound import Sound


class FakeChannel:
    def __init__(self, index: int) -> None:
        self.index = index
        self.volume = 1.0
        self.playing: Any = None
        self.loops = 0
        self.busy = False

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self, sound: Any, loops: int = 0) -> None:
        self.playing, self.loops, self.busy = sound, loops, True

    def fadeout(self, ms: int) -> None:
        self.playing, self.busy = None, False

    def stop(self) -> None:
        self.playing, self.busy = None, False

    def get_busy(self) -> bool:
        return self.busy

    def get_volume(self) -> float:
        return self.volume


class FakeSound:
    def __init__(self, mixer: FakeMixer, frames: np.ndarray | None = None) -> None:
        self.mixer = mixer
        self.frames = frames

    def play(self) -> FakeChannel:
        ch = FakeChannel(-1)
        ch.busy = True
        self.mixer.effects.append((self, ch))
        return ch

    def fadeout(self, ms: int) -> None:
        for sound, ch in self.mixer.effects:
            if sound is self:
                ch.stop()


class FakeMixer:
    def __init__(self, works: bool = True) -> None:
        self.works = works
        self.init_args: tuple[Any, ...] | None = None
        self.channels = {i: FakeChannel(i) for i in range(16)}
        self.effects: list[tuple[FakeSound, FakeChannel]] = []
        self.reserved = 0
        self.num = 8
        self.made: list[np.ndarray] = []

    def get_init(self) -> tuple[int, int, int] | None:
        return (44100, -16, 2) if self.init_args is not None else None

    def init(self, *args: Any) -> None:
        if not self.works:
            raise pygame.error("No available audio device")
        self.init_args = args

    def quit(self) -> None:
        self.init_args = None

    def get_num_channels(self) -> int:
        return self.num

    def set_num_channels(self, n: int) -> None:
        self.num = n

    def set_reserved(self, n: int) -> None:
        self.reserved = n

    def Channel(self, i: int) -> FakeChannel:
        return self.channels[i]

    def Sound(self, buffer: bytes | None = None, array: Any = None) -> FakeSound:
        return FakeSound(self)


class FakePygame:
    def __init__(self, works: bool = True) -> None:
        self.mixer = FakeMixer(works)
        self.sndarray = self

    def make_sound(self, frames: np.ndarray) -> FakeSound:
        self.mixer.made.append(frames)
        return FakeSound(self.mixer, frames)


def tone(seconds: float = 0.05) -> np.ndarray:
    t = np.arange(int(audio.RATE * seconds)) / audio.RATE
    return 0.5 * np.sin(2 * np.pi * 440 * t)


@pytest.fixture
def sounds() -> Iterator[None]:
    audio.register("test_fx", tone, Bus.EFFECTS)
    audio.register("test_device", tone, Bus.DEVICE)
    audio.register("test_loop", lambda: np.stack([tone(0.5)] * 2, axis=1), Bus.MUSIC, loop=True)
    yield
    for n in ("test_fx", "test_device", "test_loop"):
        audio.unregister(n)


@pytest.fixture
def fake() -> FakePygame:
    return FakePygame()


def board_with(settings: Settings, fake: FakePygame) -> SoundBoard:
    board = SoundBoard(settings, mixer=fake)
    assert board.open()
    return board


def played_volumes(fake: FakePygame) -> list[float]:
    return [ch.volume for _s, ch in fake.mixer.effects]


def wait(cond: Any, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.01)
    return False


@pytest.mark.usefixtures("sounds")
def test_effects_play_at_master_times_effects_volume(fake: FakePygame) -> None:
    st = Settings(master_volume=50, effects_volume=80)
    board = board_with(st, fake)
    try:
        board.warm(("test_fx", "test_device"))
        assert board.wait_built(("test_fx", "test_device"))
        board.play("test_fx")
        board.play("test_device")  # a device's sound follows "Sound effects" too
        assert played_volumes(fake) == pytest.approx([0.4, 0.4])
        st.effects_volume = 20
        board.play("test_fx")  # read at every play
        assert played_volumes(fake)[-1] == pytest.approx(0.1)
    finally:
        board.close()


@pytest.mark.usefixtures("sounds")
def test_mute_and_zero_volume_silence_every_effect(fake: FakePygame) -> None:
    st = Settings(mute=True)
    board = board_with(st, fake)
    try:
        board.warm(("test_fx",))
        assert board.wait_built(("test_fx",))
        board.play("test_fx")
        st.mute, st.master_volume = False, 0
        board.play("test_fx")
        st.master_volume, st.effects_volume = 80, 0
        board.play("test_device")
        assert fake.mixer.effects == []
        assert board.gain(Bus.EFFECTS) == 0 == board.gain(Bus.DEVICE)
        assert board.gain(Bus.MUSIC) > 0  # the music has its own volume
    finally:
        board.close()


@pytest.mark.usefixtures("sounds")
def test_a_sound_not_yet_built_is_built_off_the_caller_and_played_if_still_timely(
        fake: FakePygame) -> None:
    calls: list[str] = []

    def slow() -> np.ndarray:
        calls.append(threading.current_thread().name)
        time.sleep(0.05)
        return tone()

    audio.register("test_slow", slow, replace=True)
    board = board_with(Settings(), fake)
    try:
        board.play("test_slow")
        assert wait(lambda: len(fake.mixer.effects) == 1)  # built on the board, then played
        assert calls == ["uno-sound-board"]  # not on the caller's (the frame loop's) thread
        board.play("test_slow")  # built once, played at once from then on
        assert len(fake.mixer.effects) == 2 and calls == ["uno-sound-board"]
    finally:
        board.close()
        audio.unregister("test_slow")


@pytest.mark.usefixtures("sounds")
def test_a_sound_ready_too_late_is_not_played(fake: FakePygame) -> None:
    def slower() -> np.ndarray:
        time.sleep(LATE_S + 0.15)
        return tone()

    audio.register("test_late", slower, replace=True)
    board = board_with(Settings(), fake)
    try:
        board.play("test_late")
        assert board.wait_built(("test_late",))
        time.sleep(0.05)
        assert fake.mixer.effects == []  # a card slap a second late would be wrong
    finally:
        board.close()
        audio.unregister("test_late")


def test_a_long_sound_played_again_makes_the_earlier_one_fade(fake: FakePygame) -> None:
    audio.register("test_fanfare", tone, exclusive=True, replace=True)
    audio.register("test_tick", lambda: tone(0.02), replace=True)
    board = board_with(Settings(), fake)
    try:
        board.warm(("test_fanfare", "test_tick"))
        assert board.wait_built(("test_fanfare", "test_tick"))
        for name in ("test_fanfare", "test_tick", "test_fanfare", "test_tick"):
            board.play(name)
        busy = [ch.busy for _s, ch in fake.mixer.effects]
        assert busy == [False, True, True, True]  # only the first fanfare made way
    finally:
        board.close()
        audio.unregister("test_fanfare")
        audio.unregister("test_tick")


def test_a_broken_synth_function_costs_only_its_own_sound(fake: FakePygame,
                                                         caplog: pytest.LogCaptureFixture
                                                         ) -> None:
    def broken() -> np.ndarray:
        raise ZeroDivisionError("oops")

    audio.register("test_broken", broken, replace=True)
    board = board_with(Settings(), fake)
    try:
        with caplog.at_level(logging.WARNING, "game.audio.board"):
            board.play("test_broken")
            assert board.wait_built(("test_broken",))
        assert "test_broken" in caplog.text and not board.built("test_broken")
        board.play("no such sound")  # unknown: silent
    finally:
        board.close()
        audio.unregister("test_broken")


def test_no_audio_device_is_silent_and_told_once(caplog: pytest.LogCaptureFixture) -> None:
    fake = FakePygame(works=False)
    board = SoundBoard(Settings(), mixer=fake)
    with caplog.at_level(logging.INFO, "game.audio.board"):
        assert not board.open()
        assert not board.open()
        board.warm()
        board.play("card")
        board.start_music()
        board.settings_changed()
        assert board.voice_output() is None
    told = [r for r in caplog.records if "no sound output" in r.getMessage()]
    assert len(told) == 1 and not board.audible and board.tried
    board.close()


@pytest.mark.usefixtures("sounds")
def test_music_loops_on_its_channel_fades_in_and_follows_its_volume(fake: FakePygame) -> None:
    st = Settings(master_volume=100, music_volume=50)
    board = board_with(st, fake)
    music = fake.mixer.channels[1]
    try:
        board.start_music("test_loop")
        assert wait(lambda: music.playing is not None)
        assert music.loops == -1 and board.music_playing == "test_loop"
        assert wait(lambda: music.volume == pytest.approx(0.5), MUSIC_FADE_S + 2)
        st.music_volume = 20
        board.settings_changed()
        assert wait(lambda: music.volume == pytest.approx(0.2))
        st.mute = True
        board.settings_changed()
        assert wait(lambda: music.playing is None)  # muted: the loop fades out
        st.mute = False
        board.settings_changed()
        assert wait(lambda: music.playing is not None)
    finally:
        board.close()


@pytest.mark.usefixtures("sounds")
def test_music_at_zero_is_never_built(fake: FakePygame) -> None:
    calls: list[int] = []

    def loop() -> np.ndarray:
        calls.append(1)
        return tone(0.3)

    audio.register("test_quiet_loop", loop, Bus.MUSIC, loop=True, replace=True)
    st = Settings(music_volume=0)
    board = board_with(st, fake)
    try:
        board.start_music("test_quiet_loop")
        time.sleep(0.2)
        assert calls == [] and fake.mixer.channels[1].playing is None
        st.music_volume = 30
        board.settings_changed()
        assert wait(lambda: fake.mixer.channels[1].playing is not None)
    finally:
        board.close()
        audio.unregister("test_quiet_loop")


@pytest.mark.usefixtures("sounds")
def test_the_voice_ducks_the_music_and_the_effects_then_lets_them_back(
        fake: FakePygame) -> None:
    st = Settings(master_volume=100, music_volume=100, effects_volume=100)
    board = board_with(st, fake)
    music, voice_ch = fake.mixer.channels[1], fake.mixer.channels[0]
    try:
        board.warm(("test_fx",))
        board.start_music("test_loop")
        assert wait(lambda: music.volume == pytest.approx(1.0), MUSIC_FADE_S + 2)
        voice = board.voice_output()
        assert voice is not None
        pcm = np.zeros(44100 * 2 * 2, np.int16).tobytes()  # 2 s of stereo speech
        voice.play(pcm, 0.65)
        assert voice_ch.playing is not None and voice_ch.volume == pytest.approx(0.65)
        assert wait(lambda: music.volume == pytest.approx(DUCK_MUSIC, abs=0.01))
        assert board.wait_built(("test_fx",))
        board.play("test_fx")
        assert played_volumes(fake)[-1] == pytest.approx(DUCK_EFFECTS)
        voice.stop()  # the phrase ends: the music comes back up
        assert wait(lambda: music.volume == pytest.approx(1.0, abs=0.01))
        board.play("test_fx")
        assert played_volumes(fake)[-1] == pytest.approx(1.0)
    finally:
        board.close()


def test_the_voice_follows_mute_on_its_own_channel(fake: FakePygame) -> None:
    st = Settings()
    board = board_with(st, fake)
    try:
        voice = board.voice_output()
        assert voice is not None
        st.mute = True
        voice.set_volume(0.65)
        assert fake.mixer.channels[0].volume == 0.0
        st.mute = False
        voice.set_volume(0.65)
        assert fake.mixer.channels[0].volume == pytest.approx(0.65)
    finally:
        board.close()


def test_sound_hands_the_voice_the_boards_channel_and_mutes_it() -> None:
    sound = Sound(Settings(mute=True, narration="off"))
    assert sound._voice_level() == 0  # muted: the voice too
    sound.settings.mute = False
    assert sound._voice_level() > 0
    sound.close()


def test_every_core_sound_plays_on_the_real_mixer_without_raising() -> None:
    """SDL's dummy driver: a real ``pygame.mixer``, heard by no one."""
    sound = Sound(Settings(narration="off"))
    sound.start_effects()
    try:
        if not sound.board.audible:
            pytest.skip("no mixer here, not even SDL's dummy driver")
        names = tuple(n for n in audio.names() if not n.startswith("test_"))
        assert sound.board.wait_built(names, timeout=30)
        for name in names:
            assert sound.board.built(name), name
            sound.play(name)
        assert wait(lambda: sound.board.music_playing == "music", 10)
        assert pygame.mixer.get_num_channels() >= 16
    finally:
        sound.close()


def test_closing_during_a_build_drops_that_sound_and_touches_no_closed_mixer(
        fake: FakePygame) -> None:
    started, release = threading.Event(), threading.Event()

    def slow() -> np.ndarray:
        started.set()
        release.wait(5)
        return tone()

    audio.register("test_closing", slow, replace=True)
    board = board_with(Settings(), fake)
    try:
        board.play("test_closing")
        assert started.wait(5)
        board.close()  # does not wait for the synthesis
        assert fake.mixer.get_init() is None
        release.set()
        time.sleep(0.1)
        assert fake.mixer.made == [] and not board.built("test_closing")
    finally:
        release.set()
        audio.unregister("test_closing")


def test_a_sound_is_synthesized_once_per_run_even_if_the_mixer_opens_again() -> None:
    calls: list[int] = []

    def counted() -> np.ndarray:
        calls.append(1)
        return tone()

    audio.register("test_once", counted, replace=True)
    try:
        for _ in range(2):
            board = board_with(Settings(), FakePygame())
            board.warm(("test_once",))
            assert board.wait_built(("test_once",))
            board.close()
        assert calls == [1]
    finally:
        audio.unregister("test_once")


NO_DEVICE = """
import json, logging
records = []
class Catch(logging.Handler):
    def emit(self, record):
        records.append(record.getMessage())
logging.getLogger("game.audio").addHandler(Catch())
logging.getLogger("game.audio").setLevel(logging.INFO)
from game import audio
from game.store.settings import Settings
from game.ui.sound import Sound
sound = Sound(Settings(narration="off"))
sound.start_effects()
for name in audio.names():
    sound.play(name)
sound.settings_changed()
sound.start_effects()
print(json.dumps({"audible": sound.board.audible, "voice": sound.board.voice_output() is None,
                  "told": sum("no sound output" in r for r in records)}))
sound.close()
"""


def test_with_a_real_pygame_and_no_audio_device_the_game_is_silent_and_told_once() -> None:
    import json
    import os
    import subprocess
    import sys

    from tests.ui.conftest import ROOT

    env = {**os.environ, "SDL_AUDIODRIVER": "no-such-driver", "SDL_VIDEODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", NO_DEVICE], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"audible": False, "voice": True, "told": 1}


def test_the_real_voice_plays_on_the_board_and_ducks_the_music() -> None:
    """The speech engine's phrase goes to the board's voice channel; the music dips under it
    and comes back (SDL's dummy driver plays in real time, heard by no one)."""
    sound = Sound(Settings(narration="announcements", music_volume=100, master_volume=100))
    try:
        sound.start_effects()
        if not sound.board.audible:
            pytest.skip("no mixer here")
        sound.start_voice(["Ann", "Bob"])
        assert wait(lambda: sound.voice_status != "starting", 30)
        if sound.voice_status != "on":
            pytest.skip("no speech engine here")
        music = pygame.mixer.Channel(1)
        assert wait(lambda: music.get_volume() == pytest.approx(1.0), 30)
        assert sound.say("Ann plays a red five, and Bob draws two cards.")
        assert wait(sound.board.voice_active, 30)
        assert wait(lambda: music.get_volume() == pytest.approx(DUCK_MUSIC, abs=0.02))
        assert wait(lambda: not sound.board.voice_active(), 30)
        assert wait(lambda: music.get_volume() == pytest.approx(1.0, abs=0.02))
    finally:
        sound.close()
