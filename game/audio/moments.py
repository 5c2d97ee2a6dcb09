"""The sounds of the moments people remember (issue 34), generated in code and registered on
the board like every effect:

- ``slam``: the winner's last card lands with weight: a heavy slap on the felt and a low
  boom of the table under it;
- ``tally``: a hand's points land on the winner's score, one coin-like tick per card;
- ``fanfare``: the match is won: a longer brass fanfare than a hand's ``win`` (a rising call
  C5 E5 G5 C6, the call again a step higher, a held chord), a cymbal and a crowd cheering.

Their shapes are checked in ``tests/ui/test_moments_hand_win.py`` and listed in
``assets/SOUNDS.md``.
"""

from __future__ import annotations

import game.audio.dsp as dsp
from game.audio.dsp import Wave
from game.audio.effects import _applause, _bell, _brass, _notes, _slap
from game.audio.registry import Bus, register

#: The slam's boom (Hz): the table's low resonance under the card.
SLAM_BOOM_HZ = 62.0
#: The tally's tick: a bell on E7 (MIDI).
TALLY_NOTE = 100
#: The match fanfare: the call, the call a whole tone higher, then the held chord (MIDI).
FANFARE_CALL = (72, 76, 79, 84)
FANFARE_ANSWER = (74, 78, 81, 86)
FANFARE_CHORD = (72, 76, 79, 84, 88)
FANFARE_STEP = 0.12


def slam() -> Wave:
    """The last card lands: a heavy slap (twice a card's weight), the table's boom."""
    seconds = 0.45
    hit = _slap(301, weight=2.2, seconds=seconds, thump=0.6)
    boom = dsp.partials(SLAM_BOOM_HZ, seconds, [1.0, 0.4], [0.11, 0.05], ratios=[1.0, 2.0],
                        attack=0.003, phase_seed=302)
    return dsp.fade(dsp.normalize(hit + 0.9 * boom, 0.85), 0.0003, 0.04)


def tally() -> Wave:
    """A card's points land on a score: a short bright bell tick."""
    tick = _bell(TALLY_NOTE, 0.16, seed=311) * dsp.exp_env(0.16, 0.001, 0.04)
    return dsp.fade(dsp.normalize(tick, 0.55), 0.0005, 0.02)


def fanfare() -> Wave:
    """The match is won: call, answer, the held chord, a cymbal, the crowd cheering."""
    step = FANFARE_STEP
    parts = [(k * step, _brass(m, step + 0.02, seed=320 + k), 0.9)
             for k, m in enumerate(FANFARE_CALL)]
    answer = len(FANFARE_CALL) * step + 0.08
    parts += [(answer + k * step, _brass(m, step + 0.02, seed=330 + k), 0.9)
              for k, m in enumerate(FANFARE_ANSWER)]
    chord_at = answer + len(FANFARE_ANSWER) * step
    parts += [(chord_at, _brass(m, 1.1, vibrato=0.1, seed=340 + k), 0.5)
              for k, m in enumerate(FANFARE_CHORD)]
    seconds = chord_at + 1.25
    out = _notes(parts, seconds)
    cymbal = dsp.highpass(dsp.noise(0.7, 351), 5000) * dsp.exp_env(0.7, 0.002, 0.25)
    dsp.place(out, 0.3 * cymbal, chord_at)
    dsp.place(out, 0.4 * _applause(1.25, 352, 150), chord_at - 0.05)
    return dsp.fade(dsp.normalize(out, 0.8), 0.002, 0.12)


_DOCS = {
    "slam": "the winner's last card lands",
    "tally": "a card's points land on a score at a hand's end",
    "fanfare": "the match is won",
}
for _fn in (slam, tally, fanfare):
    register(_fn.__name__, _fn, Bus.EFFECTS, doc=_DOCS[_fn.__name__],
             exclusive=_fn is fanfare)
