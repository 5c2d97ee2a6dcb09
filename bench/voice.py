"""Voice latency and its cost to the frame loop, as one JSON object on stdout.

    python bench/voice.py [--trials 20] [--frames 1200]
    tools/with-virtual-audio.sh .venv/bin/python bench/voice.py   # real PulseAudio output

- ``first_audio_ms``: from an engine event (``speaker.narrate([event])``) to its first audio
  sample handed to the mixer (``Channel.play``), median over ``trials`` events whose phrase was
  never synthesized before (the cache is off); ``_p95`` and ``_max`` too. Under the virtual
  audio server, ``first_audio_at_speaker_ms`` is measured at the virtual speaker itself (its
  monitor recorded by PortAudio; includes the mixer's and PulseAudio's buffering, and the
  capture timestamps' own error of a few ms).
- ``frame_p99_speaking_ms`` / ``frame_p99_silent_ms``: a pygame frame loop (dummy video driver,
  1280×720, 40 card-sized rects with text, paced at 60 fps) timed from the start of drawing to
  the end of ``display.flip()``, while a new phrase is synthesized and played every half second,
  and while silent, in alternating blocks of 120 frames so that other load on the machine hits
  both alike (p99 of a few hundred frames is sensitive to it: run on a quiet machine).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import statistics
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

VIRTUAL_AUDIO = os.environ.get("UNO_VIRTUAL_AUDIO") == "1"

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from game.rules import events as ev  # noqa: E402
from game.rules.cards import Card, Colour, Rank, card  # noqa: E402
from game.voice.clips import PlayerVoice  # noqa: E402
from game.voice.phrases import Narration  # noqa: E402
from game.voice.speaker import Speaker, SpeakerStatus  # noqa: E402
from game.voice.synth import Rendered  # noqa: E402
from game.voice.utterance import Utterance  # noqa: E402

NAMES = ["Alice", "Bruno", "Chloé", "Dev"]


def events() -> list[object]:
    """Distinct phrases (so none is cached): every card played by every player."""
    cards: list[Card] = []
    for rank in Rank:
        for colour in (None, *Colour):
            with contextlib.suppress(ValueError):  # no such card (a coloured wild …)
                cards.append(card(colour, rank))
    return [ev.CardPlayed(i % 4, c) for i, c in enumerate(cards)]


class Starts:
    """Collects the speaker's audio-start callbacks."""

    def __init__(self) -> None:
        self.times: queue.SimpleQueue[float] = queue.SimpleQueue()

    def __call__(self, _u: Utterance, _r: Rendered, at: float) -> None:
        self.times.put(at)


class SpeakerMonitor:
    """Records the virtual speaker's monitor; finds when sound first reached it."""

    def __init__(self) -> None:
        import sounddevice as sd

        self.blocks: queue.SimpleQueue[tuple[float, Any]] = queue.SimpleQueue()
        self.rate = 44100
        self._first = threading.Event()
        self._stream = sd.InputStream(device="pulse", channels=1, samplerate=self.rate,
                                      dtype="float32", blocksize=256, callback=self._callback)
        self._stream.start()
        self._first.wait(10)

    def _callback(self, indata: Any, frames: int, ti: Any, status: Any) -> None:
        # perf_counter time of the block's first sample = now - (stream now - its ADC time)
        lag = ti.currentTime - ti.inputBufferAdcTime if ti.inputBufferAdcTime else 0.0
        self.blocks.put((time.perf_counter() - max(0.0, lag), indata[:, 0].copy()))
        self._first.set()

    def onset_after(self, since: float, timeout: float = 3.0) -> float | None:
        """perf_counter time of the first audible sample captured after ``since``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                t0, block = self.blocks.get(timeout=0.1)
            except queue.Empty:
                continue
            loud = np.flatnonzero(np.abs(block) > 0.01)
            if t0 >= since - 0.05 and loud.size:
                return t0 + int(loud[0]) / self.rate
        return None

    def drain(self) -> None:
        while not self.blocks.empty():
            self.blocks.get()

    def close(self) -> None:
        self._stream.stop()
        self._stream.close()


def first_audio(speaker: Speaker, starts: Starts, trials: int,
                monitor: SpeakerMonitor | None) -> dict[str, Any]:
    latencies, at_speaker = [], []
    for event in events()[:trials]:
        time.sleep(0.2)
        if monitor is not None:
            monitor.drain()
        t0 = time.perf_counter()
        speaker.narrate([event])
        latencies.append((starts.times.get(timeout=10) - t0) * 1000)
        if monitor is not None:
            onset = monitor.onset_after(t0)
            if onset is not None:
                at_speaker.append((onset - t0) * 1000)
        speaker.stop()
    latencies.sort()
    result: dict[str, Any] = {
        "first_audio_ms": round(statistics.median(latencies), 1),
        "first_audio_ms_p95": round(latencies[int(0.95 * (len(latencies) - 1))], 1),
        "first_audio_ms_max": round(latencies[-1], 1),
        "trials": len(latencies),
    }
    if monitor is not None:
        result["first_audio_at_speaker_ms"] = (round(statistics.median(at_speaker), 1)
                                               if at_speaker else None)
    return result


def frame_times(speaker: Speaker | None, frames: int, screen: pygame.Surface,
                font: pygame.font.Font) -> list[float]:
    """Work time of each frame (ms); with a speaker, a new phrase every 30 frames."""
    clock = pygame.time.Clock()
    rects = [pygame.Rect(20 + (i % 10) * 124, 40 + (i // 10) * 170, 100, 150) for i in range(40)]
    colours = [(220, 40, 40), (240, 200, 30), (40, 160, 60), (40, 90, 200)]
    labels = [str(i % 10) for i in range(40)]
    said = events()
    times = []
    for n in range(frames):
        if speaker is not None and n % 30 == 0:
            speaker.narrate([said[(n // 30) % len(said)]])
        t0 = time.perf_counter()
        screen.fill((10, 90, 40))
        for i, rect in enumerate(rects):
            pygame.draw.rect(screen, colours[i % 4], rect, border_radius=10)
            pygame.draw.rect(screen, (255, 255, 255), rect, width=4, border_radius=10)
            screen.blit(font.render(labels[i], True, (255, 255, 255)), rect.move(38, 50))
        screen.blit(font.render(f"Frame {n}", True, (255, 255, 255)), (20, 8))
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
        clock.tick(60)
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def p99(values: list[float]) -> float:
    return percentile(values, 0.99)


def main(argv: Sequence[str] | None = None) -> int:
    from game.setup.options import run_command

    return run_command(_main, "bench/voice.py", argv)


def _use_the_bench_devices() -> None:
    """The environment this bench measures in. Set when it runs, never on import: a test that
    loads the script must not leave its whole process recording the speaker's monitor."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if VIRTUAL_AUDIO:  # PortAudio's "pulse" device records the virtual speaker's monitor
        os.environ["PULSE_SOURCE"] = os.environ["UNO_VA_SPEAKER_MONITOR"]
    else:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _main(argv: Sequence[str] | None = None) -> int:
    from game.setup.options import ArgumentParser, int_range

    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int_range(1, 10_000), default=20)
    parser.add_argument("--frames", type=int_range(1, 1_000_000), default=1200,
                        help="per condition")
    args = parser.parse_args(argv)
    _use_the_bench_devices()

    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    font = pygame.font.Font(None, 36)
    t0 = time.perf_counter()
    speaker = Speaker(narration=Narration.FULL, cache_size=0,
                      cast={i: PlayerVoice(n) for i, n in enumerate(NAMES)})
    status = speaker.wait_ready()
    ready_ms = (time.perf_counter() - t0) * 1000
    if status is not SpeakerStatus.READY:
        print(json.dumps({"error": f"speaker {status.value}", "engine": speaker.engine}))
        sys.exit(1)
    starts = Starts()
    speaker.on_audio_start = starts
    speaker.say("Ready.")  # warm the mixer's device up, as a game's first seconds would
    speaker.wait_idle()
    starts.times.get()

    monitor = SpeakerMonitor() if VIRTUAL_AUDIO else None
    result: dict[str, Any] = {"engine": speaker.engine,
                              "output": pygame.mixer.get_driver()
                              if hasattr(pygame.mixer, "get_driver") else None,
                              "speaker_ready_ms": round(ready_ms, 1)}
    result.update(first_audio(speaker, starts, args.trials, monitor))
    if monitor is not None:
        monitor.close()

    silent: list[float] = []
    speaking: list[float] = []
    block = min(120, args.frames)
    for _ in range(max(1, args.frames // block)):
        silent += frame_times(None, block, screen, font)
        speaking += frame_times(speaker, block, screen, font)
        speaker.stop()
        time.sleep(0.05)
    result.update({
        "frame_p99_speaking_ms": round(p99(speaking), 3),
        "frame_p99_silent_ms": round(p99(silent), 3),
        "frame_p95_speaking_ms": round(percentile(speaking, 0.95), 3),
        "frame_p95_silent_ms": round(percentile(silent, 0.95), 3),
        "frame_median_speaking_ms": round(statistics.median(speaking), 3),
        "frame_median_silent_ms": round(statistics.median(silent), 3),
        "frames_per_condition": len(silent),
    })
    speaker.close()
    pygame.quit()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
