"""Tweens: a value moving from one point to another over time, with easing.

Animations are built from these and advanced by ``dt`` in ``update``; drawing only reads
them. Durations are in seconds at speed 1 and divided by the animation speed setting by
whoever creates them; a zero duration finishes at once (speed 0 in tests).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def pulse(t: float) -> float:
    """0 → 1 → 0 (a sine bump)."""
    return math.sin(math.pi * t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """Progress from 0 to 1 over ``duration`` seconds after ``delay``; ``on_done`` runs once."""

    duration: float
    delay: float = 0.0
    easing: Easing = ease_out_cubic
    on_start: Callable[[], None] | None = None
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    started: bool = False
    done: bool = False

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if not self.started and self.elapsed >= self.delay:
            self.started = True
            if self.on_start is not None:
                self.on_start()
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done is not None:
                self.on_done()

    def finish(self) -> None:
        """Jump to the end (skipping an animation keeps the state right)."""
        if not self.done:
            self.update(self.delay + self.duration - self.elapsed + 1e-9)

    @property
    def raw(self) -> float:
        """Linear progress 0..1 (0 while waiting for the delay)."""
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def t(self) -> float:
        """Eased progress."""
        return self.easing(self.raw)

    @property
    def visible(self) -> bool:
        return self.started and not self.done


@dataclass
class Timeline:
    """A set of tweens advanced together; finished ones are dropped."""

    items: list[Tween] = field(default_factory=list)

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        return tween

    def update(self, dt: float) -> bool:
        """Advance everything; ``True`` while anything is running (a redraw is needed)."""
        if not self.items:
            return False
        for tw in list(self.items):
            tw.update(dt)
        self.items = [tw for tw in self.items if not tw.done]
        return True

    def finish_all(self) -> None:
        while self.items:
            for tw in list(self.items):
                tw.finish()
            self.items = [tw for tw in self.items if not tw.done]

    def __bool__(self) -> bool:
        return bool(self.items)
