"""Light background music, generated in code: a gentle 16-bar loop in F major.

Soft electric-piano chords, a round bass, a mallet melody drawn from a seeded pattern (the
same tune every time), a brushed shaker and a soft kick, mixed in stereo. The loop is rendered
with its tail wrapped round to its start, so it repeats without a seam. Registered as
``music`` on the music bus; the sound board builds it on its own thread (about 0.1–0.3 s of
work) and loops it on the music channel.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

import game.audio.dsp as dsp
from game.audio.dsp import Wave, hz
from game.audio.registry import RATE, Bus, register

__all__ = ["BARS", "BPM", "CHORDS", "SEED", "loop_seconds", "music"]

BPM = 88
BEAT = 60.0 / BPM
BARS = 16
SEED = 17
#: The chords, one a bar, as MIDI notes (root first): I vi IV V / I vi ii V / IV V iii vi /
#: ii V I I in F major.
CHORDS: tuple[tuple[int, ...], ...] = (
    (53, 57, 60, 64), (50, 57, 60, 65), (46, 58, 62, 65), (48, 58, 60, 64),
    (53, 57, 60, 64), (50, 57, 60, 65), (43, 58, 62, 65), (48, 58, 60, 64),
    (46, 58, 62, 65), (48, 58, 60, 64), (45, 57, 60, 64), (50, 57, 60, 65),
    (43, 58, 62, 65), (48, 58, 60, 64), (53, 57, 60, 64), (53, 57, 60, 65),
)
#: The melody's scale: F major pentatonic (F G A C D), from F4 to D6.
SCALE = (65, 67, 69, 72, 74, 77, 79, 81, 84, 86)
#: Rhythm cells for a bar of melody: (beat, length in beats).
CELLS: tuple[tuple[tuple[float, float], ...], ...] = (
    ((0, 1.5), (1.5, 0.5), (2, 2)),
    ((0, 1), (1, 1), (2, 1.5), (3.5, 0.5)),
    ((0.5, 1), (1.5, 1), (2.5, 1.5)),
    ((0, 3), (3, 1)),
    ((0, 1), (1.5, 0.5), (2, 1), (3, 1)),
)


def loop_seconds() -> float:
    return BARS * 4 * BEAT


def _epiano(midi: int, beats: float) -> Wave:
    """A soft electric piano: a round fundamental, a little second and third harmonic, and
    the tine's short bell partial."""
    seconds = beats * BEAT + 0.6
    tone = dsp.partials(hz(midi), seconds, [1.0, 0.3, 0.08, 0.06], [1.4, 0.6, 0.3, 0.05],
                        ratios=[1.0, 2.0, 3.0, 7.1], attack=0.006, phase_seed=midi)
    return dsp.fade(tone * dsp.adsr(seconds, 0.006, 1.0, 1.0, 0.6), 0.001, 0.05)


def _bass(midi: int, beats: float) -> Wave:
    seconds = beats * BEAT
    tone = dsp.partials(hz(midi), seconds, [1.0, 0.35, 0.1], [0.9, 0.4, 0.2], attack=0.008,
                        phase_seed=midi)
    return dsp.fade(tone * dsp.adsr(seconds, 0.008, 1.0, 1.0, 0.12), 0.001, 0.03)


def _mallet(midi: int, beats: float) -> Wave:
    seconds = beats * BEAT + 0.4
    tone = dsp.partials(hz(midi), seconds, [1.0, 0.15, 0.04], [0.7, 0.12, 0.05],
                        ratios=[1.0, 3.93, 9.2], attack=0.004, phase_seed=midi)
    return dsp.fade(tone, 0.001, 0.05)


def _shaker(variant: int) -> Wave:
    hiss = dsp.highpass(dsp.noise(0.09, 300 + variant), 5000)
    return dsp.fade(hiss * dsp.adsr(0.09, 0.012, 0.03, 0.2, 0.05), 0.001, 0.01)


def _kick() -> Wave:
    t = dsp.times(0.3)
    freq = 48 + 60 * np.exp(-t / 0.03)
    body = np.sin(2 * np.pi * np.cumsum(freq) / RATE) * np.exp(-t / 0.09)
    return dsp.fade(body, 0.001, 0.03)


def _melody(rng: np.random.Generator) -> list[tuple[float, int, float, float]]:
    """(start beat, MIDI note, length in beats, velocity) for the whole loop. Bars 5-8 answer
    bars 1-4 with the same rhythm; the tune walks the pentatonic scale and lands on a chord
    tone on each bar's first beat."""
    notes: list[tuple[float, int, float, float]] = []
    cells = [int(rng.integers(len(CELLS))) for _ in range(4)]
    pos = 4
    for bar in range(BARS):
        cell = CELLS[cells[bar % 4]] if bar < 8 else CELLS[int(rng.integers(len(CELLS)))]
        if bar in (7, 15):
            cell = ((0, 2), (2, 2)) if bar == 7 else ((0, 3.5),)
        chord = {n % 12 for n in CHORDS[bar]}
        for k, (beat, length) in enumerate(cell):
            if k == 0:  # the nearest chord tone on the downbeat
                tones = [i for i, n in enumerate(SCALE) if n % 12 in chord] or [pos]
                pos = min(tones, key=lambda i: abs(i - pos))
            else:
                pos = int(np.clip(pos + rng.choice([-2, -1, -1, 1, 1, 2]), 1, len(SCALE) - 2))
            velocity = (0.9 if k == 0 else 0.7) * float(rng.uniform(0.85, 1.0))
            notes.append((bar * 4 + beat, SCALE[pos], length, velocity))
    return notes


def music() -> Wave:
    """The loop (stereo, :func:`loop_seconds` long)."""
    rng = np.random.default_rng(SEED)
    length = loop_seconds()
    tail = 3.0
    size = dsp.samples(length + tail)
    left, right = np.zeros(size, np.float32), np.zeros(size, np.float32)

    made: dict[tuple[object, ...], Wave] = {}  # each distinct note is synthesized once

    def note(make: Callable[..., Wave], *args: object) -> Wave:
        key = (make.__name__, *args)
        if key not in made:
            made[key] = make(*args)
        return made[key]

    def put(wave: Wave, beat: float, gain: float, where: float) -> None:
        angle = (where + 1) * np.pi / 4  # constant-power pan, -1 left .. 1 right
        dsp.place(left, wave, beat * BEAT, gain * float(np.cos(angle)))
        dsp.place(right, wave, beat * BEAT, gain * float(np.sin(angle)))

    for bar, chord in enumerate(CHORDS):
        root, *upper = chord
        b0 = bar * 4
        for beat, beats, vel in ((0, 1.5, 1.0), (1.5, 1.0, 0.55), (2.5, 1.5, 0.7)):
            for k, n in enumerate(upper):
                put(note(_epiano, n, beats), b0 + beat + 0.008 * k, 0.16 * vel, -0.3 + 0.15 * k)
        put(note(_bass, root - 12 if root > 47 else root, 1.8), b0, 0.42, 0.0)
        fifth = root + 7 - (12 if root + 7 > 52 else 0)
        put(note(_bass, fifth, 1.3), b0 + 2, 0.32, 0.0)
        if bar % 2 == 1:
            put(note(_bass, root - 12 if root > 47 else root, 0.45), b0 + 3.5, 0.25, 0.0)
        for eighth in range(8):
            accent = 1.0 if eighth % 2 else 0.55
            level = 0.05 * accent * float(rng.uniform(0.8, 1))
            put(note(_shaker, eighth % 3), b0 + eighth / 2, level, 0.45)
        for beat in (0, 2):
            put(note(_kick), b0 + beat, 0.22 if beat == 0 else 0.16, 0.0)
    for beat, midi, beats, vel in _melody(rng):
        put(note(_mallet, midi, beats), beat, 0.2 * vel, 0.3)
    n = dsp.samples(length)
    loop = np.empty((n, 2), np.float32)
    for c, side in enumerate((left, right)):
        side[: len(side) - n] += side[n:]  # the tail rings on into the start: a seamless loop
        loop[:, c] = side[:n]
    peak = float(np.max(np.abs(loop)))
    if peak > 0:
        loop *= np.float32(0.7 / peak)
    return loop


register("music", music, Bus.MUSIC, loop=True,
         doc="always, softly, behind the game (its own volume: Music)")
