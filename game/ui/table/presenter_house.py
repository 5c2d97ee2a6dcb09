"""The house rules' moments on the table (H-1 … H-3), for the presenter.

A stack's total over the discard pile, a jump-in called at the jumper's seat, and whole
hands flying from seat to seat on a 7 or a 0. Each function is the presenter's handler of
one event kind (:data:`game.ui.table.presenter._HANDLERS`); it sees the presenter through
:class:`Stage`, so this module does not import it.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.i18n import N_
from game.rules import events as E
from game.rules.cards import Card
from game.store.settings import Settings
from game.ui import theme
from game.ui.anim import Sprite, fly
from game.ui.table.layout import TableLayout
from game.ui.table.model import TableModel


class StageHost(Protocol):
    """What these moments need from the table."""

    settings: Settings

    @property
    def layout(self) -> TableLayout: ...

    def sfx(self, name: str) -> None: ...


class Stage(Protocol):
    """What these moments need from the presenter."""

    model: TableModel
    hold: float
    #: Every hand flies face down, even the viewer's (a hot-seat table).
    hidden_swaps: bool

    @property
    def host(self) -> StageHost: ...

    @property
    def still(self) -> bool: ...

    def d(self, seconds: float) -> float: ...

    def add(self, sprite: Sprite) -> Sprite: ...

    def banner(self, msgid: str, pos: tuple[float, float], px: float, seconds: float = 1.0,
               colour: tuple[int, int, int] = theme.ACCENT,
               back: tuple[int, int, int] | None = None, **params: Any) -> None: ...

    def seat_label(self, player: int) -> tuple[float, float]: ...

    def hand_widths(self, player: int) -> tuple[int, int]: ...


def stacked(stage: Stage, e: E.Stacked, dealt: list[Card] | None) -> None:
    """H-1: the stack's total, over the discard pile, each time it grows."""
    lay = stage.host.layout
    stage.banner(N_("Stack +{count}"), (lay.discard.centerx, lay.discard.top - 30 * lay.s),
                 34, 1.3, colour=theme.TEXT, back=theme.DANGER, count=e.total)
    stage.host.sfx("penalty")
    stage.hold = stage.d(0.35)


def jumped_in(stage: Stage, e: E.JumpedIn, dealt: list[Card] | None) -> None:
    """H-3: the jumper's seat calls it; their card flies next (``CardPlayed``)."""
    stage.banner(N_("{player} jumps in!"), stage.seat_label(e.player), 30, 1.4,
                 colour=theme.ACCENT, back=theme.BUTTON_PRIMARY,
                 player=stage.model.names[e.player])
    stage.host.sfx("catch")
    stage.hold = stage.d(0.3)


def hands_swapped(stage: Stage, e: E.HandsSwapped, dealt: list[Card] | None) -> None:
    """H-2: a 7 swaps two hands."""
    move_hands(stage, [(e.first, e.second), (e.second, e.first)], dealt, N_("Swap!"))


def hands_passed(stage: Stage, e: E.HandsPassed, dealt: list[Card] | None) -> None:
    """H-2: a 0 passes every hand on, the way play goes."""
    seats = list(stage.model.seats)
    step = 1 if e.clockwise else -1
    moves = [(q, seats[(i + step) % len(seats)]) for i, q in enumerate(seats)]
    move_hands(stage, moves, dealt, N_("Every hand passes on!"))


def move_hands(stage: Stage, moves: list[tuple[int, int]], after: list[Card] | None,
               msgid: str) -> None:
    """H-2: whole hands fly from seat to seat, face down (nobody sees another's cards;
    at a hot-seat table not even their own), and land as the counts (and your new hand)
    change."""
    lay, m = stage.host.layout, stage.model
    before = list(m.counts)
    counts = list(m.counts)
    for a, b in moves:
        counts[b] = before[a]
    viewer_moves = any(m.viewer in (a, b) for a, b in moves)

    def land() -> None:
        m.counts = counts
        if viewer_moves and after is not None:
            m.hand = m.ordered(after)

    last: Sprite | None = None
    longest = -1.0
    open_hand = not stage.hidden_swaps and m.viewer is not None
    leaving = list(m.hand)
    for a, b in moves:
        m.counts[a] = 0
        if a == m.viewer:
            m.hand = []
        shown = min(6, before[a])
        for k in range(shown):
            delay = k * stage.d(0.07)
            card: Card | None = None
            flip = False
            if open_hand and a == m.viewer and k < len(leaving):
                card = leaving[k]  # yours, face up as it leaves
            elif open_hand and b == m.viewer and after is not None and k < len(after):
                card, flip = after[k], True  # turns face up as it comes to you
            sprite = stage.add(fly(card, lay.seat_point(a), lay.seat_point(b),
                                   (stage.hand_widths(a)[1], stage.hand_widths(b)[1]),
                                   stage.d(0.55), delay, spin=15, flip=flip,
                                   still=stage.still,
                                   marks=stage.host.settings.colour_blind_marks))
            if delay > longest:
                last, longest = sprite, delay
    if last is None:
        land()
    else:
        done = last.tween.on_done

        def both() -> None:
            if done is not None:
                done()
            land()

        last.tween.on_done = both
    stage.banner(msgid, lay.banner, 36, 1.3)
    stage.host.sfx("deal")
    stage.hold = max(0.0, longest) + stage.d(0.6)
