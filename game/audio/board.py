"""The sound board: the one mixer every sound of the game goes through.

- **Buses and volumes.** Each registered sound (:mod:`game.audio.registry`) plays at
  ``master × its bus's volume`` (effects and device sounds: "Sound effects"; music: "Music"),
  read from the settings at every play, and not at all when muted or at 0.
- **Channels.** ``pygame.mixer`` channel 0 is the voice's (the speaker plays speech through
  :meth:`SoundBoard.voice_output`, :mod:`game.audio.voice_output`), channel 1 the music's
  (looped); effects take the others.
- **Ducking.** While the voice speaks, the music falls to :data:`DUCK_MUSIC` of its level
  (ramped, so it never clicks) and effects play at :data:`DUCK_EFFECTS` of theirs.
- **Off the frame loop.** Sounds are synthesized (:mod:`game.audio.frames`) on the board's
  own thread: all of them are warmed up after the first frame, and one asked for before it
  is ready plays as soon as it is built (or not at all if that took longer than
  :data:`LATE_S`). :meth:`play` itself only hands a ready buffer to SDL (microseconds).
- **No device, no crash.** Without an audio device every call is silent; it is logged once
  (the player is told once by the voice notice, :mod:`game.voice.notices`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import game.audio.registry as registry
from game.audio.frames import sound_frames
from game.audio.registry import RATE, Bus
from game.audio.voice_output import VoiceOutput
from game.store.settings import Settings

__all__ = ["DUCK_EFFECTS", "DUCK_MUSIC", "LATE_S", "MIXER_BUFFER", "SoundBoard"]

_log = logging.getLogger(__name__)

VOICE_CHANNEL = 0
MUSIC_CHANNEL = 1
#: Channels for effects and device sounds, besides the voice's and the music's.
EFFECT_CHANNELS = 14
#: Mixer buffer (frames) when the board opens the mixer: 46 ms at 44.1 kHz; 512 underran on a
#: loaded 2-core machine (game.voice.playback uses the same).
MIXER_BUFFER = 2048
#: The music's level while the voice speaks, and the effects'.
DUCK_MUSIC = 0.3
DUCK_EFFECTS = 0.6
#: Ramp times of the duck (down when the voice starts, back up after it ends), seconds.
DUCK_DOWN_S = 0.12
DUCK_UP_S = 0.6
#: Fade-in of the music when it starts, seconds.
MUSIC_FADE_S = 2.0
#: A sound asked for before it was built still plays if it is ready within this (seconds).
LATE_S = 0.25
#: How fast an exclusive sound still playing fades when it is played again (ms).
EXCLUSIVE_FADE_MS = 80
#: The default music (registered by game.audio.music).
MUSIC = "music"


class SoundBoard:
    """See the module doc. Every public method is safe to call with no audio at all, from the
    frame loop (it never waits for synthesis) or from the voice's thread."""

    def __init__(self, settings: Settings,
                 mixer: Any = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self._pg: Any = mixer  # pygame (None until opened; tests may pass a fake module)
        self._clock = clock
        self._lock = threading.RLock()
        self._wake = threading.Condition(self._lock)
        self._sounds: dict[str, Any] = {}  # name -> pygame.mixer.Sound
        self._failed: set[str] = set()  # names whose synth failed (told once each)
        self._jobs: deque[tuple[str, str, float]] = deque()  # (kind, name, asked at)
        self._thread: threading.Thread | None = None
        self._format: tuple[int, int, int] | None = None  # (rate, format, channels)
        self._opened = False  # this board opened the mixer (so closes it)
        self._tried = False
        self._told = False
        self._closed = False
        self._music_name: str | None = None  # the music wanted (None: none)
        self._music_playing: str | None = None
        self._music_started = 0.0
        self._voice_until = 0.0  # the clock time the voice's current phrase ends
        self._voice: VoiceOutput | None = None
        self._duck = 1.0  # the current duck factor of the music (1 = not ducked)
        self._last_tick = clock()

    # ------------------------------------------------------------------ the device
    @property
    def audible(self) -> bool:
        """A mixer is open (sounds may be heard)."""
        return self._format is not None

    @property
    def tried(self) -> bool:
        """:meth:`open` was called (whether or not it found a device)."""
        return self._tried

    def open(self) -> bool:
        """Open the mixer (idempotent, thread-safe) and start the board's thread; ``False``
        when there is no audio device (logged once, never raised)."""
        with self._lock:
            if self._closed:
                return False
            if self._format is not None:
                return True
            if self._tried and self._told:
                return False
            self._tried = True
            try:
                if self._pg is None:
                    import pygame

                    self._pg = pygame
                mixer = self._pg.mixer
                if not mixer.get_init():
                    mixer.init(RATE, -16, 2, MIXER_BUFFER)
                    self._opened = True
                init = mixer.get_init()
                if not init:
                    raise RuntimeError("pygame.mixer did not initialise")
                self._format = (int(init[0]), int(init[1]), int(init[2]))
                total = MUSIC_CHANNEL + 1 + EFFECT_CHANNELS
                if mixer.get_num_channels() < total:
                    mixer.set_num_channels(total)
                mixer.set_reserved(MUSIC_CHANNEL + 1)
            except Exception as exc:  # pygame.error, a missing module …: silence
                self._format = None
                if not self._told:
                    self._told = True
                    _log.warning("no sound output (%s): the game plays silently", exc)
                return False
            self._thread = threading.Thread(target=self._run, name="uno-sound-board",
                                            daemon=True)
            self._thread.start()
            return True

    # ------------------------------------------------------------------ volumes
    def gain(self, bus: Bus | str) -> float:
        """The volume (0..1) of ``bus`` now: master × the bus's setting, 0 when muted."""
        st = self.settings
        if getattr(st, "mute", False):
            return 0.0
        bus = Bus(bus)
        if bus is Bus.MUSIC:
            own = getattr(st, "music_volume", 0)
        elif bus is Bus.VOICE:
            own = st.voice_volume
        else:
            own = st.effects_volume
        return max(0.0, min(1.0, st.master_volume * own / 10000))

    def voice_active(self) -> bool:
        """The voice is speaking (the rest is ducked)."""
        v = self._voice
        if v is not None and v.busy():
            return True
        return self._clock() < self._voice_until

    # ------------------------------------------------------------------ effects
    def warm(self, names: tuple[str, ...] | None = None) -> None:
        """Build ``names`` (default: every registered non-music sound) on the board's thread."""
        if not self.open():
            return
        wanted = names if names is not None else tuple(
            n for n in registry.names() if (s := registry.lookup(n)) is not None
            and s.bus is not Bus.MUSIC)
        with self._wake:
            for n in wanted:
                if n not in self._sounds:
                    self._jobs.append(("build", n, 0.0))
            self._wake.notify()

    def play(self, name: str) -> None:
        """Play registered sound ``name`` at its bus's volume. Never waits, never raises."""
        spec = registry.lookup(name)
        if spec is None:
            if name not in self._failed:
                self._failed.add(name)
                _log.info("no sound named %r", name)
            return
        if self._format is None or self.gain(spec.bus) <= 0:
            return
        sound = self._sounds.get(name)
        if sound is None:
            with self._wake:
                self._jobs.appendleft(("play", name, self._clock()))
                self._wake.notify()
            return
        self._start(spec, sound)

    def _start(self, spec: registry.SoundSpec, sound: Any) -> None:
        volume = self.gain(spec.bus)
        if self.voice_active():
            volume *= DUCK_EFFECTS
        if volume <= 0:
            return
        try:
            if spec.exclusive:
                sound.fadeout(EXCLUSIVE_FADE_MS)  # the one still sounding makes way
            channel = sound.play()
            if channel is not None:
                channel.set_volume(volume)
        except Exception as exc:  # the device went away: stay silent
            _log.info("sound %s not played: %s", spec.name, exc)

    def built(self, name: str) -> bool:
        return name in self._sounds

    def wait_built(self, names: tuple[str, ...], timeout: float = 10.0) -> bool:
        """Block until ``names`` are built (tests, benchmarks); ``False`` on timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(n in self._sounds or n in self._failed for n in names):
                return True
            time.sleep(0.01)
        return False

    # ------------------------------------------------------------------ music
    def start_music(self, name: str = MUSIC) -> None:
        """Play the loop ``name`` (built on the board's thread, faded in); it follows the music
        volume and mute from then on (silent at 0, back when raised)."""
        with self._wake:
            self._music_name = name
            self._wake.notify()
        self.settings_changed()

    def stop_music(self) -> None:
        with self._wake:
            self._music_name = None
            self._wake.notify()

    @property
    def music_playing(self) -> str | None:
        """The loop on the music channel now, if any."""
        return self._music_playing

    def settings_changed(self) -> None:
        """The volumes or mute changed: the music follows at once (effects at their next
        play); music asked for while silent is built now that it is heard."""
        if self._music_name is None or self._format is None:
            return
        if self.gain(Bus.MUSIC) > 0 and self._music_name not in self._sounds:
            with self._wake:
                self._jobs.append(("build", self._music_name, 0.0))
                self._wake.notify()
        with self._wake:
            self._wake.notify()  # the thread applies the level

    # ------------------------------------------------------------------ voice
    def voice_output(self) -> VoiceOutput | None:
        """The voice's output (channel 0), for :class:`game.voice.speaker.Speaker`;
        ``None`` without an audio device."""
        if not self.open():
            return None
        with self._lock:
            if self._voice is None:
                assert self._format is not None and self._pg is not None
                self._voice = VoiceOutput(self, self._pg, self._format, VOICE_CHANNEL)
            return self._voice

    def voice_started(self, seconds: float) -> None:
        """The voice started a phrase of ``seconds`` (its output tells): duck the rest."""
        with self._wake:
            self._voice_until = self._clock() + seconds
            self._wake.notify()

    def voice_stopped(self) -> None:
        """The voice was stopped: let the rest back up."""
        with self._wake:
            self._voice_until = 0.0
            self._wake.notify()

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        while True:
            with self._wake:
                if self._closed:
                    return
                job = self._jobs.popleft() if self._jobs else None
                if job is None:
                    self._wake.wait(self._tick_interval())
            if job is not None:
                self._do(job)
            self._tick()

    def _tick_interval(self) -> float:
        """How long the thread may sleep: short while the music ramps or the voice speaks."""
        if self._music_playing is None:
            return 1.0
        return 0.03 if self._ramping() or self.voice_active() else 0.25

    def _ramping(self) -> bool:
        target = DUCK_MUSIC if self.voice_active() else 1.0
        fading_in = self._clock() - self._music_started < MUSIC_FADE_S
        return abs(self._duck - target) > 1e-3 or fading_in

    def _do(self, job: tuple[str, str, float]) -> None:
        kind, name, asked = job
        sound = self._sounds.get(name) or self._build(name)
        if sound is None or kind != "play":
            return
        spec = registry.lookup(name)
        if spec is not None and self._clock() - asked <= LATE_S:
            with self._lock:  # never while close() shuts the mixer
                if not self._closed:
                    self._start(spec, sound)

    def _build(self, name: str) -> Any:
        fmt = self._format
        spec = registry.lookup(name)
        if name in self._failed or fmt is None or spec is None:
            return None
        try:
            frames = sound_frames(spec, fmt)
            with self._lock:  # never while close() shuts the mixer
                if self._closed:
                    return None
                sound = self._pg.sndarray.make_sound(frames)
        except Exception as exc:  # a broken synth function is that sound's problem only
            self._failed.add(name)
            _log.warning("sound %s could not be built: %s", name, exc)
            return None
        self._sounds[name] = sound
        return sound

    def _tick(self) -> None:
        """Start, stop, fade and duck the music (on the board's thread)."""
        now = self._clock()
        dt, self._last_tick = max(0.0, now - self._last_tick), now
        target = DUCK_MUSIC if self.voice_active() else 1.0
        ramp = DUCK_DOWN_S if target < self._duck else DUCK_UP_S
        step = dt / ramp * (1 - DUCK_MUSIC)
        self._duck = (max(target, self._duck - step) if target < self._duck
                      else min(target, self._duck + step))
        wanted = self._music_name
        gain = self.gain(Bus.MUSIC)
        sound = None
        if wanted is not None and gain > 0 and self._music_playing != wanted:
            sound = self._sounds.get(wanted) or self._build(wanted)  # outside the lock
        try:
            with self._lock:  # never while close() shuts the mixer
                if self._closed or self._format is None:
                    return
                channel = self._pg.mixer.Channel(MUSIC_CHANNEL)
                if wanted is None or gain <= 0:
                    if self._music_playing is not None:
                        channel.fadeout(300)
                        self._music_playing = None
                    return
                if self._music_playing != wanted:
                    if sound is None:
                        return
                    channel.set_volume(0.0)
                    channel.play(sound, loops=-1)
                    self._music_playing, self._music_started = wanted, now
                fade = min(1.0, (now - self._music_started) / MUSIC_FADE_S)
                channel.set_volume(gain * self._duck * fade)
        except Exception as exc:  # the device went away
            _log.info("music not played: %s", exc)
            self._music_playing = None

    # ------------------------------------------------------------------ the end
    def close(self) -> None:
        """Stop everything; release the mixer if this board opened it."""
        with self._wake:
            self._closed = True
            self._jobs.clear()
            self._wake.notify()
        thread, self._thread = self._thread, None
        if thread is not None:
            # A synthesis under way is not waited for: its sound is dropped (see _build).
            thread.join(timeout=0.05)
        with self._lock:
            self._sounds.clear()
            self._music_playing = None
            pg, fmt = self._pg, self._format
            self._format = None
            if pg is not None and fmt is not None and self._opened:
                try:
                    if pg.mixer.get_init():
                        pg.mixer.quit()
                except Exception as exc:
                    _log.info("mixer did not close cleanly: %s", exc)
            self._opened = False
