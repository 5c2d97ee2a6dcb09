"""One reaction-time model for every real-time act of an AI player, and for a simulated person.

Every place where an AI player acts against the clock asks this module how long it takes:
Roboto's family races and duels (RULES.md R-10, task ``"race"``), the reaction race's
flashing lamp (R-10, ``"flash"``), catching a player who forgot UNO (C-12, ``"catch"``) and,
when it comes, jump-in (H-3, ``"jump_in"``). A level is a set of log-normal distributions
(a median and a spread per task); the same shape models a person, from published figures, so
``bench/races.py`` can measure how often a person finishes last against each level.

The person (sources; all times in seconds):

* **Simple visual reaction time** (a key pressed when a light comes on): about 0.25 s median
  for adults, right-skewed. Jain et al. (2015), "A comparative study of visual and auditory
  reaction times on the basis of gender and physical activity levels of medical first year
  students", Int J Appl Basic Med Res 5(2):124-127: visual mean 247 ms (males) - 268 ms
  (females); Woods et al. (2015), "Factors influencing the latency of simple reaction time",
  Front Hum Neurosci 9:131: ~ 213-231 ms mean for young adults on a computer key, slower
  and more spread with age. We use a median of 0.26 s, log-spread 0.22 (a family table
  spans ages), and 4 % attention lapses of 0.3-1.0 s more (the long tail every RT study
  reports).
* **Reading the instruction**: silent reading of English runs about 238 words a minute
  (Brysbaert 2019, "How many words do we read per minute?", J Mem Lang 109:104047); a
  four-to-six word instruction ("Touch your nose!", "Clap three times!") takes 1.0-1.5 s
  to take in, about the same when Roboto says it. Median 1.1 s, log-spread 0.3.
* **Doing it**: a reach-to-face or a simple gesture lasts 0.6-1.0 s (Fitts-type aimed
  movements of the arm: Fitts 1954, J Exp Psychol 47(6):381-391, movement times 0.2-1.0 s
  over arm-length distances; reach-to-mouth movements in studies of feeding ~ 0.8 s).
  Median 0.8 s, log-spread 0.35; then the key press (the simple reaction above).

So a person finishes a "touch your nose" race in about 2.2 s median, with a spread of
roughly 1.5-3.5 s (the middle 90 %). Pure: standard library only, deterministic given the
``random.Random`` passed in.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

__all__ = [
    "LEVELS",
    "TASKS",
    "Spread",
    "ai_time",
    "human_time",
    "median",
]

#: The real-time acts: a race task then a key press; pressing on a flash; catching a
#: forgotten UNO; jumping in with an identical card.
TASKS: Final = ("race", "flash", "catch", "jump_in")


@dataclass(frozen=True)
class Spread:
    """A log-normal time: ``median`` seconds, ``sigma`` the spread of its logarithm, never
    below ``floor``."""

    median: float
    sigma: float
    floor: float = 0.12

    def draw(self, rng: random.Random) -> float:
        return max(self.floor, self.median * math.exp(rng.gauss(0.0, self.sigma)))


# --------------------------------------------------------------------------- the person

#: Simple visual reaction (see the module docstring).
HUMAN_PRESS: Final = Spread(0.26, 0.22)
#: Attention lapses: how often, and how much longer (uniform).
HUMAN_LAPSE: Final = (0.04, 0.3, 1.0)
#: Taking in the instruction, and doing it.
HUMAN_READ: Final = Spread(1.1, 0.3)
HUMAN_DO: Final = Spread(0.8, 0.35)
#: Seeing that a player forgot UNO and pressing Catch: a choice reaction (about 0.4-0.5 s,
#: Hick 1952) plus the look round the table; median 1.0 s.
HUMAN_CATCH: Final = Spread(1.0, 0.35)


def human_time(task: str, rng: random.Random) -> float:
    """Seconds a simulated person takes for ``task`` (one of :data:`TASKS`)."""
    press = HUMAN_PRESS.draw(rng)
    lapse_p, lo, hi = HUMAN_LAPSE
    if rng.random() < lapse_p:
        press += rng.uniform(lo, hi)
    if task == "flash":
        return press
    if task in ("catch", "jump_in"):
        return HUMAN_CATCH.draw(rng)
    return HUMAN_READ.draw(rng) + HUMAN_DO.draw(rng) + press


# --------------------------------------------------------------------------- the AI levels

#: Per level and task, the AI's time. Tuned with ``bench/races.py`` so that a person (above)
#: finishes last in a 4-seat race at most 15 % / 25 % / 35 % of the time against easy /
#: medium / hard (issue 14). "catch" is also how long a person has to call UNO before that
#: level catches them.
LEVELS: Final[dict[str, dict[str, Spread]]] = {
    "easy": {"race": Spread(2.6, 0.22), "flash": Spread(0.36, 0.2),
             "catch": Spread(2.4, 0.2), "jump_in": Spread(1.6, 0.25)},
    "medium": {"race": Spread(2.3, 0.25), "flash": Spread(0.31, 0.2),
               "catch": Spread(1.8, 0.2), "jump_in": Spread(1.2, 0.25)},
    "hard": {"race": Spread(2.1, 0.22), "flash": Spread(0.28, 0.18),
             "catch": Spread(1.2, 0.2), "jump_in": Spread(0.8, 0.25)},
}
#: Other bot names map onto a level (the heuristic bot plays like "medium").
ALIASES: Final = {"random": "easy", "heuristic": "medium", "other": "medium"}


def _level(level: str) -> dict[str, Spread]:
    return LEVELS.get(ALIASES.get(level, level), LEVELS["medium"])


def ai_time(level: str, task: str, rng: random.Random) -> float:
    """Seconds an AI player of ``level`` takes for ``task``; an unknown level acts as
    medium, an unknown task as a race."""
    spreads = _level(level)
    return spreads.get(task, spreads["race"]).draw(rng)


def median(level: str, task: str) -> float:
    """The median time of ``level`` for ``task`` (a fixed delay where one is wanted)."""
    spreads = _level(level)
    return spreads.get(task, spreads["race"]).median
