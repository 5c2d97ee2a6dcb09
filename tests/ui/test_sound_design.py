"""Every sound of the game checked by its envelope and its spectrum, since nobody here can
listen (issue 17): the card slap is broadband with a fast attack, the shuffle a riffle of
clicks that speeds up, the tunes play their notes' fundamentals, the whistle trills, and the
music neither clips nor changes level, keeps its beat and loops without a seam.

The expected notes are written here in hertz, independently of the MIDI numbers the
effects are built from."""

from __future__ import annotations

import numpy as np
import pytest

from game import audio
from game.audio import effects, music

R = audio.RATE
CORE = ("card", "deal", "draw", "shuffle", "uno", "skip", "reverse", "wild", "penalty", "win",
        "error", "click", "catch", "growl", "overload", "beep")


def mono(w: np.ndarray) -> np.ndarray:
    return w if w.ndim == 1 else w.mean(axis=1)


def sound(name: str) -> np.ndarray:
    return mono(audio.render(name)).astype(np.float64)


def envelope(m: np.ndarray, ms: float = 1.0) -> np.ndarray:
    """RMS level per window of ``ms`` milliseconds."""
    n = int(R * ms / 1000)
    k = len(m) // n
    return np.sqrt(np.mean(m[: k * n].reshape(k, n) ** 2, axis=1))


def window(m: np.ndarray, start: float, end: float) -> np.ndarray:
    return m[int(start * R): int(end * R)]


def spectrum(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    size = max(len(m), 1 << 15)  # zero-padded: ~1.3 Hz bins
    return np.fft.rfftfreq(size, 1 / R), np.abs(np.fft.rfft(m * np.hanning(len(m)), size))


def dominant(m: np.ndarray, low: float = 60, high: float = 8000) -> float:
    f, s = spectrum(m)
    band = (f >= low) & (f <= high)
    return float(f[band][np.argmax(s[band])])


def octave_shares(m: np.ndarray, lows: tuple[float, ...]) -> list[float]:
    f, s = spectrum(m)
    power = s ** 2
    return [float(power[(f >= lo) & (f < 2 * lo)].sum() / power.sum()) for lo in lows]


def onsets(m: np.ndarray, ms: float = 1.0, rise: float = 2.0, floor: float = 0.05) -> list[float]:
    """Times (s) where the level jumps ``rise`` times over the previous few ms and above
    ``floor`` of the peak: the starts of separate hits."""
    e = envelope(m, ms)
    top = e.max()
    found: list[float] = []
    for i in range(3, len(e)):
        before = e[i - 3: i].min()
        if e[i] > floor * top and e[i] > rise * before and \
                (not found or i * ms / 1000 - found[-1] > 0.004):
            found.append(i * ms / 1000)
    return found


def near(got: float, want: float, tol: float = 0.02) -> bool:
    return abs(got - want) <= tol * want


# ---------------------------------------------------------------------- all of them
@pytest.mark.parametrize("name", CORE)
def test_every_effect_is_short_loud_enough_and_starts_and_ends_without_a_click(name: str
                                                                              ) -> None:
    w = audio.render(name)
    m = mono(w)
    assert 0.02 < len(m) / R < 2.0
    peak = float(np.abs(w).max())
    assert 0.3 <= peak <= 0.95  # heard, with headroom: never clipped
    assert abs(m[0]) < 0.01 * peak  # starts from silence
    assert np.sqrt(np.mean(m[-int(0.003 * R):] ** 2)) < 0.02 * peak  # fades out, no click


def test_every_core_sound_is_registered_and_the_list_matches() -> None:
    assert set(CORE) == set(effects.CORE)
    assert set(CORE) | {"music"} <= set(audio.names())


# ---------------------------------------------------------------------- card sounds
def test_the_card_slap_is_broadband_with_a_fast_attack_and_a_quick_decay() -> None:
    m = sound("card")
    e = envelope(m)
    start = int(np.argmax(e > 0.05 * e.max()))
    assert e[start: start + 2].max() >= 0.5 * e.max()  # half the peak within 2 ms
    peak = int(np.argmax(e))
    assert e[peak + 60:].max() < e[peak] * 10 ** (-30 / 20)  # 30 dB down within 60 ms
    shares = octave_shares(m, (250, 500, 1000, 2000, 4000, 8000))
    assert min(shares) > 0.03, shares  # energy in every octave from 250 Hz to 16 kHz
    assert max(shares) < 0.5, shares  # and no one octave dominates: not a tone


def test_the_deal_is_eight_quick_card_landings() -> None:
    m = sound("deal")
    hits = onsets(m, rise=4.0, floor=0.2)
    assert len(hits) == 8, hits
    gaps = np.diff(hits)
    assert gaps.min() > 0.07 and gaps.max() < 0.14
    shares = octave_shares(m, (500, 1000, 2000, 4000))
    assert min(shares) > 0.03


def test_a_drawn_card_slides_in_slower_than_a_slap_and_its_hiss_rises() -> None:
    m, slap = sound("draw"), sound("card")
    e, e_slap = envelope(m), envelope(slap)
    assert np.argmax(e > 0.7 * e.max()) > 20  # a swell over tens of ms …
    assert np.argmax(e_slap > 0.7 * e_slap.max()) < 6  # … where the slap is there at once

    def centroid(x: np.ndarray) -> float:
        f, s = spectrum(x)
        return float((f * s ** 2).sum() / (s ** 2).sum())

    assert centroid(window(m, 0.12, 0.19)) > 1.3 * centroid(window(m, 0.0, 0.06))


def test_the_shuffle_is_a_riffle_of_clicks_that_speeds_up_then_the_deck_is_squared() -> None:
    m = sound("shuffle")
    riffle = [t for t in onsets(m, ms=0.5, rise=3.0, floor=0.1) if t < 0.64]
    assert len(riffle) >= 30, len(riffle)
    gaps = np.diff(riffle)
    assert gaps[:5].mean() > 1.8 * gaps[-5:].mean()  # faster and faster
    e = envelope(m, 5)
    assert e[int(0.85 / 0.005): int(0.9 / 0.005)].max() > 0.5 * e.max()  # the final tap
    assert min(octave_shares(window(m, 0.0, 0.6), (1000, 2000, 4000, 8000))) > 0.05


# ---------------------------------------------------------------------- tunes
UNO_HZ = (784.0, 1046.5, 1318.5, 1568.0)  # G5 C6 E6 G6


def test_the_uno_jingle_plays_g5_c6_e6_then_a_ringing_g6() -> None:
    m = sound("uno")
    step = effects.UNO_STEP
    for k, want in enumerate(UNO_HZ):
        got = dominant(window(m, k * step + 0.005, k * step + 0.075))
        assert near(got, want), (k, got, want)
    e = envelope(m, 10)
    last = int(3 * step / 0.01)
    assert e[last + 30] > 0.2 * e.max()  # the last note still rings 300 ms later


def test_skip_knocks_then_falls_a_major_third() -> None:
    m = sound("skip")
    assert near(dominant(window(m, 0.08, 0.18)), 659.3)  # E5
    assert near(dominant(window(m, 0.22, 0.29)), 523.3, 0.03)  # C5 (then sagging)
    knock = envelope(window(m, 0.0, 0.05), 1)
    assert knock[:3].max() > 0.3 * envelope(m, 1).max()  # the knock comes first, at once
    assert 700 < dominant(window(m, 0.0, 0.05)) < 900  # on the block's lowest mode


def test_reverse_whoops_up_a_fifth_and_back_while_swishing_left_then_right() -> None:
    w = audio.render("reverse")
    m = mono(w)
    start, top, end = (dominant(window(m, a, a + 0.04), 300, 1200) for a in (0.0, 0.2, 0.42))
    assert near(top, 784.0, 0.03)  # G5 at the top …
    assert start < 600 and end < 600 and top > 1.3 * max(start, end)  # … from C5 and back
    left, right = np.abs(w[:, 0]), np.abs(w[:, 1])
    early, mid = slice(int(0.03 * R), int(0.1 * R)), slice(int(0.2 * R), int(0.26 * R))
    assert left[early].mean() > right[early].mean()  # it starts on the left …
    assert right[mid].mean() > left[mid].mean()  # … and crosses to the right


def test_wild_rises_c6_e6_g6_c7_over_a_shimmer() -> None:
    m = sound("wild")
    for k, want in enumerate((1046.5, 1318.5, 1568.0, 2093.0)):
        got = dominant(window(m, k * 0.07 + 0.004, k * 0.07 + 0.066), 800, 2600)
        assert near(got, want), (k, got, want)
    assert octave_shares(window(m, 0.3, 0.7), (8000,))[0] > 0.0005  # the sparkle on top


def test_the_penalty_is_a_sad_trombone_falling_by_semitones_with_a_wobbling_end() -> None:
    m = sound("penalty")
    got = [dominant(window(m, k * 0.2 + 0.04, k * 0.2 + 0.17), 200, 600) for k in range(4)]
    for g, want in zip(got, (392.0, 370.0, 349.2, 329.6)):  # G4 F#4 F4 E4
        assert near(g, want, 0.015), got
    wobble = [dominant(window(m, 0.7 + k * 0.045, 0.7 + k * 0.045 + 0.04), 280, 400)
              for k in range(6)]
    assert max(wobble) - min(wobble) > 5  # the last note's vibrato


def test_the_catch_whistle_is_a_sustained_trilled_blast_near_2_8_khz() -> None:
    m = sound("catch")
    assert 2600 < dominant(m, 500, 8000) < 3000
    e = envelope(m, 2)
    assert e[50:200].min() > 0.3 * e.max()  # held, not struck
    level = envelope(window(m, 0.05, 0.45), 1)  # sampled at 1 kHz
    s = np.abs(np.fft.rfft(level - level.mean(), 4096))
    f = np.fft.rfftfreq(4096, 1 / 1000)
    band = (f > 5) & (f < 100)
    trill = float(f[band][np.argmax(s[band])])
    assert 28 < trill < 36  # the pea's flutter


def test_the_win_fanfare_ends_on_a_c_major_chord_with_applause() -> None:
    m = sound("win")
    for k, want in enumerate((523.3, 659.3, 784.0)):  # C5 E5 G5, one at a time
        assert near(dominant(window(m, k * 0.13 + 0.02, k * 0.13 + 0.12), 300, 1200), want)
    f, s = spectrum(window(m, 0.45, 1.2))
    for want in (523.3, 659.3, 784.0, 1046.5):  # the chord, C6 on top
        band = (f > want * 0.98) & (f < want * 1.02)
        assert s[band].max() > 0.15 * s.max(), want
    claps = [t for t in onsets(m, ms=1, rise=2.5, floor=0.02) if t > 1.3]  # the chord is over
    assert len(claps) >= 10  # the applause goes on after the chord


def test_error_is_low_and_click_is_a_short_tick() -> None:
    assert dominant(sound("error"), 60, 2000) < 200
    m = sound("click")
    assert len(m) / R < 0.05
    e = envelope(m, 1)
    assert np.argmax(e) <= 1 and e[10:].max() < 0.1 * e.max()


# ---------------------------------------------------------------------- music
@pytest.fixture(scope="module")
def loop() -> np.ndarray:
    return audio.render("music").astype(np.float64)


def test_the_music_is_a_stereo_loop_that_never_clips(loop: np.ndarray) -> None:
    spec = audio.lookup("music")
    assert spec is not None and spec.loop and spec.bus is audio.Bus.MUSIC
    assert loop.ndim == 2 and loop.shape[1] == 2
    assert len(loop) / R == pytest.approx(music.loop_seconds(), abs=0.01)
    assert 30 < len(loop) / R < 60
    assert np.abs(loop).max() <= 0.75  # headroom: never near full scale
    assert not np.array_equal(loop[:, 0], loop[:, 1])  # really stereo


def test_the_music_keeps_a_steady_level(loop: np.ndarray) -> None:
    e = envelope(mono(loop), 2000)  # 2 s windows
    db = 20 * np.log10(e)
    assert np.all(np.abs(db - np.median(db)) < 3.0), np.round(db, 1)
    assert -24 < np.median(db) < -12  # light: well below the effects' peaks


def test_the_music_loops_without_a_seam(loop: np.ndarray) -> None:
    steps = np.abs(np.diff(loop, axis=0))
    jump = np.abs(loop[0] - loop[-1])
    assert np.all(jump <= steps.max(axis=0))  # wrapping round is no bigger a step than any
    head, tail = envelope(mono(loop[: R // 2]), 50), envelope(mono(loop[-R // 2:]), 50)
    assert head.min() > 0.2 * head.max() and tail.min() > 0.2 * tail.max()  # no gap


def test_the_music_has_its_bass_its_melody_and_its_beat(loop: np.ndarray) -> None:
    m = mono(loop)
    bass, _low_mid, melody = octave_shares(m[: 20 * R], (40, 160, 640))
    assert bass > 0.1 and melody > 0.02
    # The soft kick on beats 1 and 3: the bass band's envelope repeats every two beats.
    low = np.fft.irfft(np.fft.rfft(m[: 20 * R]) * (np.fft.rfftfreq(20 * R, 1 / R) < 120),
                       20 * R)
    e = envelope(low, 10)
    e = e - e.mean()
    ac = np.correlate(e, e, "full")[len(e) - 1:]
    lags = np.arange(len(ac)) * 0.01
    two_beats = 2 * 60 / music.BPM
    search = (lags > 1.0) & (lags < 1.8)
    assert lags[search][np.argmax(ac[search])] == pytest.approx(two_beats, abs=0.03)


def test_the_music_is_the_same_tune_every_time(loop: np.ndarray) -> None:
    assert np.array_equal(audio.render("music").astype(np.float64), loop)
