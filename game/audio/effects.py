"""The core game's sound effects, generated in code and registered by name on import.

Each effect is a model of the real thing, built from :mod:`game.audio.dsp`:

- cards (``card``, ``deal``, ``draw``, ``shuffle``): filtered noise with fast envelopes (the
  slap of paper on felt), a low thump of the table, and a few short resonant modes of the card;
- calls and moments (``uno``, ``skip``, ``reverse``, ``wild``, ``penalty``, ``catch``, ``win``):
  short tunes on struck, plucked, brass-like and whistle timbres, with their notes fixed below
  (tests check the notes' fundamentals in the spectrum);
- interface (``click``, ``error``).

The electronic editions' devices add theirs; ``growl``, ``overload`` and ``beep`` are kept
here as defaults, which an edition's own sound registered under the same name replaces.
``assets/SOUNDS.md`` lists every sound and its licence.
"""

from __future__ import annotations

import numpy as np

import game.audio.dsp as dsp
from game.audio.dsp import Wave, hz
from game.audio.registry import RATE, Bus, register

#: The core effects (editions add theirs through :func:`game.audio.registry.register`).
CORE = ("card", "deal", "draw", "shuffle", "uno", "skip", "reverse", "wild", "penalty", "win",
        "error", "click", "catch", "growl", "overload", "beep")

#: The UNO! jingle: G5 C6 E6 then a held G6 (MIDI notes), and when each starts (s).
UNO_NOTES = (79, 84, 88, 91)
UNO_STEP = 0.085
#: Skip: a knock, then "no-pe" falling a major third (E5 to C5).
SKIP_NOTES = (76, 72)
#: Wild: a rising bell arpeggio C6 E6 G6 C7.
WILD_NOTES = (84, 88, 91, 96)
#: Penalty: the "wah wah wah waaah" of a sad trombone, a semitone lower each time.
PENALTY_NOTES = (67, 66, 65, 64)
#: Win: a C-major fanfare C5 E5 G5, then the chord with C6 on top, then applause.
WIN_NOTES = (72, 76, 79)
WIN_CHORD = (72, 76, 79, 84)


# ---------------------------------------------------------------------- card sounds
def _slap(seed: int, weight: float = 1.0, seconds: float = 0.2, thump: float = 0.18) -> Wave:
    """A card landing flat: a broadband burst (1 ms attack, ~18 ms decay), the table's thump
    and three short modes of the card flexing."""
    burst = dsp.bandpass(dsp.pink(seconds, seed), 250, 10000, 1) * dsp.exp_env(seconds, 0.0008,
                                                                               0.016 * weight)
    air = dsp.highpass(dsp.noise(seconds, seed + 1), 4000) * dsp.exp_env(seconds, 0.0005, 0.006)
    body = dsp.partials(1.0, seconds, [1.0, 0.35], [0.018, 0.01], ratios=[130, 260],
                        attack=0.0015, phase_seed=seed)
    modes = dsp.partials(1.0, seconds, [0.5, 0.35, 0.25], [0.018, 0.012, 0.008],
                         ratios=[1150, 2350, 3900], attack=0.0005, phase_seed=seed + 2)
    slap: Wave = burst / 3 + 0.25 * air + thump * body * weight + 0.12 * modes
    return slap


def _slide(seconds: float, seed: int, low: float = 1200, high: float = 6000,
           attack: float = 0.04) -> Wave:
    """A card sliding on another: band-passed noise that swells and fades."""
    hiss = dsp.bandpass(dsp.noise(seconds, seed), low, high, 1)
    shaped: Wave = hiss * dsp.adsr(seconds, attack, seconds, 1.0, seconds * 0.6)
    return shaped


def card() -> Wave:
    """A card played onto the pile: one clean slap."""
    return dsp.fade(dsp.normalize(_slap(11), 0.85), 0.0003, 0.02)


def deal() -> Wave:
    """Cards dealt round the table: eight quick flick-and-land sounds, a little uneven."""
    rng = np.random.default_rng(21)
    out = dsp.buffer(0.95)
    at = 0.0
    for k in range(8):
        swish = 0.25 * _slide(0.03, 100 + k, 2000, 7000, 0.02)
        land = np.concatenate([np.zeros(dsp.samples(0.028)), _slap(200 + k, 0.55, 0.09, 0.2)])
        flick = dsp.mix(swish, land)
        dsp.place(out, flick, at, float(rng.uniform(0.7, 1.0)))
        at += 0.1 + float(rng.uniform(-0.012, 0.012))
    return dsp.fade(dsp.normalize(out, 0.8), 0.001, 0.03)


def draw() -> Wave:
    """A card drawn: it slides off the deck (the hiss rises in pitch) and taps into the hand."""
    low = _slide(0.16, 31, 700, 2500, 0.05)
    high = np.concatenate([np.zeros(dsp.samples(0.06)), _slide(0.14, 32, 2500, 8000, 0.05)])
    tap = np.concatenate([np.zeros(dsp.samples(0.19)), _slap(33, 0.35, 0.08, 0.1)])
    return dsp.fade(dsp.normalize(dsp.mix(0.6 * low, 0.5 * high, 0.55 * tap), 0.7), 0.004, 0.02)


def shuffle() -> Wave:
    """A riffle shuffle: forty-odd clicks of card edges, faster and faster, over the purr of
    the cards, then the bridge falls together and the deck is squared on the table."""
    rng = np.random.default_rng(41)
    out = dsp.buffer(1.0)
    at, gap = 0.02, 0.026
    clicks: list[float] = []
    while at < 0.62:
        clicks.append(at)
        at += gap * float(rng.uniform(0.8, 1.2))
        gap = max(0.008, gap * 0.95)
    ticks = [dsp.highpass(dsp.pink(0.012, 420 + v), 700) * dsp.exp_env(0.012, 0.0003, 0.0018)
             for v in range(8)]  # every card edge a little different
    for k, t in enumerate(clicks):
        dsp.place(out, ticks[k % len(ticks)], t, float(rng.uniform(0.5, 1.0)))
    purr = dsp.bandpass(dsp.noise(0.64, 43), 600, 5000, 1) * dsp.adsr(0.64, 0.05, 1.0, 1.0, 0.1)
    dsp.place(out, 0.05 * purr, 0.0)
    dsp.place(out, 0.12 * _slide(0.14, 44, 400, 3000, 0.03), 0.66)  # the bridge cascades
    dsp.place(out, _slap(45, 0.8, 0.12, 0.5), 0.84)  # squared on the table
    return dsp.fade(dsp.normalize(out, 0.8), 0.001, 0.02)


# ---------------------------------------------------------------------- tunes
def _mallet(midi: float, seconds: float, decay: float = 0.25, seed: int = 0) -> Wave:
    """A marimba-like bar: a strong fundamental, the bar's 3.9x and 9.2x modes dying fast."""
    return dsp.partials(hz(midi), seconds, [1.0, 0.22, 0.06], [decay, decay / 5, decay / 12],
                        ratios=[1.0, 3.93, 9.2], attack=0.002, phase_seed=seed)


def _bell(midi: float, seconds: float, seed: int = 0) -> Wave:
    return dsp.partials(hz(midi), seconds, [1.0, 0.35, 0.18, 0.1], [0.5, 0.25, 0.12, 0.06],
                        ratios=[1.0, 2.76, 5.40, 8.93], attack=0.001, phase_seed=seed)


def _brass(midi: float, seconds: float, vibrato: float = 0.0, glide: float = 0.0,
           bright: float = 1.0, seed: int = 0) -> Wave:
    """A brass-like note: harmonics falling off with order, a swelling attack, a release."""
    amps = [1.0, 0.55 * bright, 0.35 * bright, 0.2 * bright, 0.12 * bright, 0.07 * bright]
    tone = dsp.partials(hz(midi), seconds, amps, [seconds * 4] * 6, attack=0.03,
                        vibrato=vibrato, glide=glide, phase_seed=seed)
    shaped: Wave = tone * dsp.adsr(seconds, 0.03, 0.15, 0.8, min(0.08, seconds / 3))
    return shaped


def _notes(parts: list[tuple[float, Wave, float]], seconds: float) -> Wave:
    """The notes placed at their times, each ending on a short fade (a note cut while still
    ringing would click)."""
    out = dsp.buffer(seconds)
    for at, wave, gain in parts:
        dsp.place(out, dsp.fade(wave, 0.0003, min(0.03, len(wave) / RATE / 4)), at, gain)
    return out


def uno() -> Wave:
    """"UNO!": a bright da-da-da-DAAH on mallets, G5 C6 E6 and a ringing G6."""
    parts = []
    for k, m in enumerate(UNO_NOTES):
        last = k == len(UNO_NOTES) - 1
        length = 0.6 if last else UNO_STEP + 0.02
        note = _mallet(m, length, 0.35 if last else 0.12, seed=k)
        parts.append((k * UNO_STEP, dsp.fade(note, 0.0005, 0.2 if last else 0.02), 1.0))
    return dsp.fade(dsp.normalize(_notes(parts, UNO_STEP * 3 + 0.62), 0.8), 0.0005, 0.03)


def skip() -> Wave:
    """Skip: a wood-block knock, then "no-pe" on a muted, hollow (odd-harmonic) tone."""
    knock = dsp.partials(1.0, 0.08, [1.0, 0.6, 0.3], [0.02, 0.012, 0.006],
                         ratios=[820, 1960, 3300], attack=0.0005)
    first, second = (dsp.partials(hz(m), d, [1.0, 0.0, 0.25, 0.0, 0.1], [d * 2] * 5,
                                  attack=0.01, glide=g) * dsp.adsr(d, 0.01, 0.1, 0.85, 0.05)
                     for m, d, g in ((SKIP_NOTES[0], 0.13, 0.0), (SKIP_NOTES[1], 0.22, -0.6)))
    out = _notes([(0.0, knock, 0.5), (0.06, first, 0.8), (0.21, second, 0.8)], 0.45)
    return dsp.fade(dsp.normalize(out, 0.75), 0.0005, 0.03)


def reverse() -> Wave:
    """Reverse: a whoop up and back down, with a swish that crosses from left to right and
    back (stereo)."""
    seconds = 0.5
    t = dsp.times(seconds)
    # The pitch climbs a fifth (C5 to G5) and comes back: a smooth up-and-down curve.
    midi = 72 + 7 * np.sin(np.pi * np.clip(t / 0.44, 0, 1))
    phase = 2 * np.pi * np.cumsum(440.0 * 2 ** ((midi - 69) / 12)) / RATE
    whoop = (np.sin(phase) + 0.3 * np.sin(2 * phase)) * dsp.adsr(seconds, 0.02, 1.0, 1.0, 0.08)
    swish = dsp.bandpass(dsp.noise(seconds, 51), 1500, 6000, 1) * \
        np.sin(np.pi * np.clip(t / 0.46, 0, 1)) ** 2
    position = 0.8 * np.sin(2 * np.pi * t / 0.46 - np.pi / 2)  # left -> right -> left
    mono = 0.6 * whoop + 0.15 * swish
    angle = (position + 1) * np.pi / 4
    stereo = np.stack([mono * np.cos(angle), mono * np.sin(angle)], axis=1)
    return dsp.fade(dsp.normalize(stereo, 0.75), 0.002, 0.03)


def wild() -> Wave:
    """Wild: the colour changes with a magic sparkle, a rising bell arpeggio over shimmer."""
    parts = [(k * 0.07, dsp.fade(_bell(m, 0.55, seed=k), 0.0003, 0.25), 0.9)
             for k, m in enumerate(WILD_NOTES)]
    out = _notes(parts, 0.8)
    shimmer = dsp.highpass(dsp.noise(0.7, 61), 6000) * dsp.adsr(0.7, 0.25, 1.0, 1.0, 0.4)
    dsp.place(out, 0.08 * shimmer, 0.0)
    return dsp.fade(dsp.normalize(out, 0.75), 0.0005, 0.05)


def penalty() -> Wave:
    """A penalty (Draw Two, Wild Draw Four, a failed challenge): a sad trombone, "wah wah wah
    waaah", each a semitone lower, the last one wobbling."""
    step = 0.2
    parts = [(k * step, _brass(m, step - 0.02, bright=0.8, seed=k), 1.0)
             for k, m in enumerate(PENALTY_NOTES[:-1])]
    parts.append((3 * step, _brass(PENALTY_NOTES[-1], 0.55, vibrato=0.35, bright=0.8, seed=9),
                  1.0))
    out = _notes(parts, 3 * step + 0.56)
    return dsp.fade(dsp.normalize(dsp.lowpass(out, 2500), 0.75), 0.002, 0.04)


def catch() -> Wave:
    """Caught without UNO!: a referee's pea whistle, a trilled 2.8 kHz blast."""
    seconds = 0.5
    t = dsp.times(seconds)
    trill = 1 + 0.35 * np.sin(2 * np.pi * 32 * t)  # the pea rattling: loudness and pitch
    freq = 2800 + 90 * np.sin(2 * np.pi * 32 * t)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    tone = (np.sin(phase) + 0.12 * np.sin(2 * phase)) * trill
    breath = dsp.bandpass(dsp.noise(seconds, 71), 2000, 6000, 1) * 0.08
    env = dsp.adsr(seconds, 0.02, 0.05, 0.9, 0.06)
    return dsp.fade(dsp.normalize((tone + breath) * env, 0.6), 0.002, 0.02)


def _applause(seconds: float, seed: int, claps: int) -> Wave:
    """A small crowd clapping: short band-passed bursts at random times, thinning out."""
    rng = np.random.default_rng(seed)
    out = dsp.buffer(seconds)
    clap = dsp.noise(0.02, seed)
    shapes = [dsp.bandpass(clap, lo, lo * 2.5, 1) * dsp.exp_env(0.02, 0.0005, 0.004)
              for lo in (700, 900, 1200, 1600)]
    for _ in range(claps):
        at = float(seconds * (1 - np.sqrt(rng.uniform(0, 1))) ** 1.3)  # denser at first
        dsp.place(out, shapes[int(rng.integers(len(shapes)))], at, float(rng.uniform(0.3, 1)))
    shaped: Wave = out * dsp.adsr(seconds, 0.15, 1.0, 1.0, seconds * 0.5)
    return shaped


def win() -> Wave:
    """A win: a brass fanfare C5 E5 G5, the C-major chord with C6 held, and applause."""
    parts = [(k * 0.13, _brass(m, 0.14, seed=k), 0.9) for k, m in enumerate(WIN_NOTES)]
    chord_at = 3 * 0.13
    for k, m in enumerate(WIN_CHORD):
        parts.append((chord_at, _brass(m, 0.9, vibrato=0.08, seed=10 + k), 0.55))
    out = _notes(parts, 1.95)
    dsp.place(out, 0.35 * _applause(1.5, 81, 130), 0.45)
    return dsp.fade(dsp.normalize(out, 0.8), 0.002, 0.15)


# ---------------------------------------------------------------------- interface
def click() -> Wave:
    """A button: a dry tick."""
    tick = dsp.highpass(dsp.noise(0.03, 91), 2000) * dsp.exp_env(0.03, 0.0003, 0.002)
    tone = dsp.partials(1.0, 0.03, [1.0], [0.005], ratios=[1800], attack=0.0003)
    return dsp.fade(dsp.normalize(0.7 * tick + 0.4 * tone, 0.5), 0.0002, 0.005)


def error() -> Wave:
    """Not allowed: a soft, low, slightly sour double "bonk"."""
    a = dsp.partials(hz(50), 0.14, [1.0, 0.0, 0.3, 0.0, 0.12], [0.08] * 5, attack=0.004)
    b = dsp.partials(hz(49), 0.2, [1.0, 0.0, 0.3, 0.0, 0.12], [0.1] * 5, attack=0.004)
    out = _notes([(0.0, a, 1.0), (0.13, b, 1.0)], 0.34)
    return dsp.fade(dsp.normalize(dsp.lowpass(out, 1200), 0.6), 0.002, 0.03)


# ---------------------------------------------------------------------- the editions' devices
def _old_tone(freqs: tuple[float, ...], seconds: float, decay: float,
              square: bool = False) -> Wave:
    t = dsp.times(seconds)
    out = np.zeros_like(t)
    for f in freqs:
        s = np.sin(2 * np.pi * f * t)
        out += np.sign(s) * 0.3 if square else s
    return out / max(1, len(freqs)) * np.exp(-decay * t)


def growl() -> Wave:
    """Attack's launcher fires (A-2): a low, rough, wobbling roar."""
    t = dsp.times(0.8)
    pitch = 95 - 35 * t + 6 * np.sin(2 * np.pi * 7 * t)
    saw = 2 * ((np.cumsum(pitch) / RATE) % 1.0) - 1
    rng = np.random.default_rng(5)
    rough = np.convolve(rng.uniform(-1, 1, len(t)), np.ones(40) / 40, mode="same")
    swell = np.minimum(1.0, t / 0.12) * np.exp(-2.5 * t)
    return dsp.fade(np.clip((0.55 * saw + 2.5 * rough) * swell, -1, 1) * 0.8, 0.002, 0.03)


def overload() -> Wave:
    """Triple Play's tray overloads (T-6): a siren, then a square-wave fanfare."""
    t = dsp.times(0.5)
    siren = np.sin(2 * np.pi * np.cumsum(700 + 300 * np.sin(2 * np.pi * 6 * t)) / RATE)
    parts = [siren * 0.5, *[_old_tone((f, f * 2), 0.12, 9, True) for f in (392, 523)],
             _old_tone((659, 1318), 0.35, 5, True)]
    return dsp.fade(np.concatenate(parts), 0.002, 0.03)


def beep() -> Wave:
    """Roboto dozes off (R-12): a soft two-note beep, high then low."""
    return dsp.fade(np.concatenate([_old_tone((988,), 0.14, 5), np.zeros(dsp.samples(0.04)),
                                    _old_tone((740,), 0.24, 6)]) * 0.7, 0.002, 0.03)


_DOCS = {
    "card": "a card is played",
    "deal": "the cards are dealt",
    "draw": "a card is drawn",
    "shuffle": "the deck is shuffled",
    "uno": "UNO! is called",
    "skip": "a player is skipped",
    "reverse": "the direction reverses",
    "wild": "a Wild's colour is chosen",
    "penalty": "a player must draw as a penalty",
    "win": "a hand or match is won",
    "error": "a move that is not allowed",
    "click": "a setting changes",
    "catch": "a player is caught without UNO, or a challenge is decided",
    "growl": "the Attack launcher fires",
    "overload": "a Triple Play tray overloads",
    "beep": "Roboto dozes off",
}

#: Long sounds that would blur if they overlapped themselves (a hand's win, then the match's).
_EXCLUSIVE = {deal, shuffle, penalty, win}
for _fn in (card, deal, draw, shuffle, uno, skip, reverse, wild, penalty, win, error, click,
            catch):
    register(_fn.__name__, _fn, Bus.EFFECTS, doc=_DOCS[_fn.__name__],
             exclusive=_fn in _EXCLUSIVE)
for _fn in (growl, overload, beep):  # stand-ins: an edition's own sound of the name wins
    register(_fn.__name__, _fn, Bus.DEVICE, doc=_DOCS[_fn.__name__], default=True)
