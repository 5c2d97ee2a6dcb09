"""The game's voice: say a phrase, stop, repeat the last one, three volume levels and mute.

``say()`` only renders the phrase's text (microseconds) and queues it; a background thread has it
synthesized by the :class:`~game.voice.synth.SpeechRenderer` (a separate process) and hands the
result to the mixer, so the frame loop never waits for speech. The queue is ordered by
:class:`~game.voice.utterance.Priority`: an urgent phrase ("UNO!") cuts into whatever is being
said, and play-by-play narration that fell too far behind is dropped.

Without a speech engine or a sound output the speaker stays silent; :attr:`Speaker.status` says
why (see :mod:`game.voice.notices` for the one notice shown to the player). It never raises into
the game.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from game.voice.clips import PlayerVoice
from game.voice.phrases import Narration, phrase_for
from game.voice.playback import MixerOutput, Output, OutputUnavailable
from game.voice.synth import EngineState, Rendered, SpeechRenderer
from game.voice.tts import SynthError
from game.voice.utterance import Clip, Phrase, Priority, Utterance, render

__all__ = ["VOLUME_LEVELS", "Speaker", "SpeakerStatus"]

_log = logging.getLogger(__name__)

#: Channel volume of each level; level 0 is mute (Roboto's Volume button cycles 1-2-3).
VOLUME_LEVELS = (0.0, 0.35, 0.65, 1.0)


class SpeakerStatus(Enum):
    """Whether the speaker can be heard."""

    STARTING = "starting"
    READY = "ready"
    NO_ENGINE = "no_engine"
    NO_OUTPUT = "no_output"
    CLOSED = "closed"


@dataclass(order=True)
class _Request:
    sort_key: tuple[int, int]
    utterance: Utterance = field(compare=False)
    created: float = field(compare=False)


class _Auto(Enum):
    MIXER = "mixer"


_AUTO = _Auto.MIXER


class Speaker:
    """Speaks phrases through the mixer without ever blocking the caller.

    ``output``: a :class:`~game.voice.playback.Output`, ``None`` for a silent speaker, or left out
    to open ``pygame.mixer``. ``renderer``: a shared :class:`SpeechRenderer` (left open by
    :meth:`close`), or left out for one of its own. ``cast`` maps seats to :class:`PlayerVoice`
    (typed and recorded names); it may be replaced at any time.
    """

    def __init__(self, *, output: Output | _Auto | None = _AUTO,
                 renderer: SpeechRenderer | None = None,
                 cast: Mapping[int, PlayerVoice] | None = None,
                 narration: Narration = Narration.ANNOUNCEMENTS, volume_level: int = 2,
                 narration_max_delay_s: float = 6.0, cache_size: int = 64) -> None:
        self.cast: Mapping[int, PlayerVoice] = dict(cast or {})
        #: The game's house rule (R-2): ``name`` its typed text, ``name_clip`` its recording.
        self.house_rule: PlayerVoice | None = None
        self.narration = narration
        #: Called on the speaker's thread with (utterance, its audio, time.perf_counter()) when
        #: the audio is handed to the output (captions, Roboto's lights, latency measurements).
        self.on_audio_start: Callable[[Utterance, Rendered, float], None] | None = None
        #: Scale applied on top of the level: the settings' voice × master volume (0..1).
        self._gain = 1.0
        self._level = min(3, max(1, volume_level))
        self._muted = volume_level == 0
        self._max_delay = narration_max_delay_s
        self._cache: OrderedDict[tuple[object, ...], Rendered] = OrderedDict()
        self._cache_size = cache_size
        self._cond = threading.Condition()
        self._queue: list[_Request] = []
        self._seq = itertools.count()
        self._generation = 0
        self._playing: Utterance | None = None
        self._in_flight = False  # a request is being synthesized
        #: The request being synthesized was cancelled (:meth:`cancel`): it will not start.
        self._cancelled: Utterance | None = None
        self._ends_at = 0.0  # when the playing utterance should be over (time.monotonic)
        self._last: Utterance | None = None
        self._closed = False
        self._output: Output | None
        if isinstance(output, _Auto):
            try:
                self._output = MixerOutput()
            except OutputUnavailable as exc:
                _log.warning("no sound output (%s); the speaker is silent", exc)
                self._output = None
        else:
            self._output = output
        self._owns_renderer = renderer is None
        self._renderer = renderer if renderer is not None else SpeechRenderer()
        self._status = (SpeakerStatus.STARTING if self._output is not None
                        else SpeakerStatus.NO_OUTPUT)
        self._thread: threading.Thread | None = None
        if self._output is not None:
            self._thread = threading.Thread(target=self._run, name="uno-speaker", daemon=True)
            self._thread.start()

    # ------------------------------------------------------------------ status

    @property
    def status(self) -> SpeakerStatus:
        return self._status

    @property
    def engine(self) -> str | None:
        """The speech engine in use (``None`` while starting, or when there is none)."""
        return self._renderer.engine

    def wait_ready(self, timeout: float = 30.0) -> SpeakerStatus:
        """Block until the status is settled (tests, benchmarks, a splash screen)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._status is SpeakerStatus.STARTING and time.monotonic() < deadline:
                self._cond.wait(0.05)
        return self._status

    # ------------------------------------------------------------------ the buttons

    def say(self, item: Phrase | str, priority: Priority | None = None) -> Utterance:
        """Queue ``item`` (a phrase, or text already in the current language) and return what it
        renders to (its caption is useful even when the speaker is silent)."""
        utterance = render(item, self.cast, priority, house_rule=self.house_rule)
        with self._cond:
            if self._status in (SpeakerStatus.READY, SpeakerStatus.STARTING):
                key = (-int(utterance.priority), next(self._seq))
                heapq.heappush(self._queue, _Request(key, utterance, time.monotonic()))
                self._cond.notify_all()
            else:
                self._last = utterance
        return utterance

    def narrate(self, events: Iterable[object]) -> None:
        """Say what the current narration setting voices of ``events``."""
        for event in events:
            phrase = phrase_for(event, self.narration)
            if phrase is not None:
                self.say(phrase)

    def cancel(self, utterance: Utterance) -> None:
        """Forget ``utterance`` (what :meth:`say` returned): taken from the queue, or cut
        if it is being said. A question is moot once it is answered: the rest of it would
        hold back the words that say the answer, until they fell behind and were dropped."""
        with self._cond:
            queued = [r for r in self._queue if r.utterance is not utterance]
            if len(queued) != len(self._queue):
                self._queue = queued
                heapq.heapify(self._queue)
            elif self._playing is utterance and self._output is not None:
                self._output.stop()
                self._playing = None
            elif self._in_flight:
                self._cancelled = utterance  # being synthesized: it will not start
            self._cond.notify_all()

    def stop(self) -> None:
        """Silence now and forget everything queued."""
        with self._cond:
            self._queue.clear()
            self._generation += 1
            self._playing = None
            if self._output is not None:
                self._output.stop()
            self._cond.notify_all()

    def repeat_last(self) -> Utterance | None:
        """Say the last phrase again (Roboto's Repeat button), in the current language."""
        last = self._last
        if last is None:
            return None
        return self.say(last.source, max(last.priority, Priority.ANNOUNCEMENT))

    @property
    def last(self) -> Utterance | None:
        """The last utterance started (or, when silent, asked for)."""
        return self._last

    @property
    def volume_level(self) -> int:
        """0 when muted, else 1, 2 or 3."""
        return 0 if self._muted else self._level

    @volume_level.setter
    def volume_level(self, level: int) -> None:
        if level == 0:
            self._muted = True
        else:
            self._level, self._muted = min(3, max(1, level)), False
        self._apply_volume()

    def cycle_volume(self) -> int:
        """Roboto's Volume button: 1 → 2 → 3 → 1 (unmutes). Returns the new level."""
        self.volume_level = 1 if self._muted else self._level % 3 + 1
        return self._level

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = value
        self._apply_volume()

    @property
    def gain(self) -> float:
        """The settings' volume for the voice (0..1), applied on top of the level."""
        return self._gain

    @gain.setter
    def gain(self, value: float) -> None:
        self._gain = min(1.0, max(0.0, value))
        self._apply_volume()

    def _volume(self) -> float:
        return VOLUME_LEVELS[self.volume_level] * self._gain

    def _apply_volume(self) -> None:
        if self._output is not None:
            self._output.set_volume(self._volume())

    def busy(self) -> bool:
        """Something is queued or being said."""
        with self._cond:
            return bool(self._queue) or self._in_flight or self._playing is not None

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Block until everything queued has been said; ``False`` on timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.busy() or self._status is not SpeakerStatus.READY:
                return True
            time.sleep(0.01)
        return False

    def close(self) -> None:
        """Stop speaking, end the thread (and the speech worker, if this speaker started it)."""
        with self._cond:
            self._closed = True
            self._queue.clear()
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(5.0)
        if self._output is not None:
            self._output.stop()
        if self._owns_renderer:
            self._renderer.close()
        self._status = SpeakerStatus.CLOSED

    # ------------------------------------------------------------------ the thread

    def _run(self) -> None:
        state = self._renderer.wait_ready()
        with self._cond:
            if state is EngineState.NONE:
                self._status = SpeakerStatus.NO_ENGINE
                self._queue.clear()
            elif not self._closed:
                self._status = SpeakerStatus.READY
            self._cond.notify_all()
        while self._status is SpeakerStatus.READY:
            taken = self._next_request()
            if taken is None:
                return
            request, generation = taken
            try:
                rendered = self._rendered(request.utterance)
                self._start(request, rendered, generation)
            except SynthError as exc:
                _log.warning("could not synthesize %r: %s", request.utterance.caption, exc)
            except Exception:  # the thread must survive anything (a device gone, a bug)
                _log.exception("speaking %r failed", request.utterance.caption)
            finally:
                with self._cond:
                    self._in_flight = False

    def _next_request(self) -> tuple[_Request, int] | None:
        """Wait for the next request the output is free for (or that cuts in); ``None`` when
        closed. Stale narration is dropped here."""
        assert self._output is not None
        with self._cond:
            while not self._closed:
                self._drop_stale()
                if self._playing is not None and not self._output.busy():
                    self._playing = None
                if self._queue:
                    top = self._queue[0].utterance.priority
                    if self._playing is not None and top is Priority.URGENT \
                            and self._playing.priority < Priority.URGENT:
                        self._output.stop()
                        self._playing = None
                    if self._playing is None:
                        self._in_flight = True
                        return heapq.heappop(self._queue), self._generation
                # Sleep until the current utterance should end (say() wakes us for a cut-in),
                # then poll the channel briefly while the device's buffers drain.
                playing = self._playing is not None
                self._cond.wait(max(0.01, self._ends_at - time.monotonic()) if playing else None)
        return None

    def _drop_stale(self) -> None:
        now = time.monotonic()
        fresh = [r for r in self._queue if r.utterance.priority is not Priority.NARRATION
                 or now - r.created <= self._max_delay]
        if len(fresh) != len(self._queue):
            self._queue = fresh
            heapq.heapify(self._queue)

    def _rendered(self, utterance: Utterance) -> Rendered:
        assert self._output is not None
        rate, channels = self._output.rate, self._output.channels
        key = (utterance.segments, utterance.language, rate, channels,
               tuple(_mtime(s) for s in utterance.segments if isinstance(s, Clip)))
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        rendered = self._renderer.render(utterance.segments, utterance.language, rate, channels)
        if self._cache_size > 0:
            self._cache[key] = rendered
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return rendered

    def _start(self, request: _Request, rendered: Rendered, generation: int) -> None:
        assert self._output is not None
        utterance = request.utterance
        with self._cond:
            if self._closed or generation != self._generation:
                return  # stop() was pressed while this was being synthesized
            if self._cancelled is utterance:
                self._cancelled = None
                return  # cancelled while it was being synthesized
            if self._queue and self._queue[0].sort_key < request.sort_key \
                    and self._queue[0].utterance.priority is Priority.URGENT:
                heapq.heappush(self._queue, request)  # an urgent phrase came meanwhile: after it
                return
            self._output.play(rendered.pcm, self._volume())
            started = time.perf_counter()
            self._ends_at = time.monotonic() + rendered.frames / rendered.rate
            self._playing = self._last = utterance
        if self.on_audio_start is not None:
            self.on_audio_start(utterance, rendered, started)


def _mtime(clip: Clip) -> int:
    try:
        return clip.path.stat().st_mtime_ns
    except OSError:
        return 0
