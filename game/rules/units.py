"""What every player can see of an edition's electronic unit, as small frozen values.

``PlayerView.unit`` holds one of these (``None`` for editions without a unit): a
:class:`DeviceView`, which an edition of its own (a plug-in) extends with its unit's view.
They are built by each edition's ``unit_view`` hook; the unit's full state (hidden parts
too) has a text form only in the position text (the edition's ``unit_text`` hook).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.cards import Colour
from game.rules.native import mypyc_attr, pickle_by_fields


# Open to interpreted subclasses: a plug-in edition's own unit view.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class DeviceView:
    """What every player can see of an edition's unit; each unit's view extends it."""


@dataclass(frozen=True, slots=True)
class LauncherView(DeviceView):
    """UNO Attack's card launcher (A-2)."""

    presses: int  # since it last fired (it always fires by the fifth)
    picking: str = ""  # what the pending name-a-player decision is for; "" for none
    going_out: int = -1  # a player whose last card is still settling its effect


@dataclass(frozen=True, slots=True)
class TimerView:
    """Triple Play's turn timer mode (T-12): seconds for a turn, cards for running out."""

    seconds: int
    penalty: int


@dataclass(frozen=True, slots=True)
class TraysView(DeviceView):
    """Triple Play's three trays (T-3, T-5): which are open and each one's capacity light
    (``green``, ``yellow`` or ``red``); the counts and capacities stay hidden."""

    lit: tuple[int, ...]
    lights: tuple[str, ...]
    timer: TimerView | None = None
    last: int = 0  # the tray played on last (a Discard Two's pair, a Give Away: T-8, T-10)


@dataclass(frozen=True, slots=True)
class RobotoView(DeviceView):
    """UNO Roboto's unit (R-5 … R-8): plays since he last interrupted, and the
    interruption under way, if any."""

    since: int
    interruption: str = ""  # discard_colour, nickname, duel, house_rule; "" for none
    named: tuple[int, ...] = ()  # the players he named for it
    colour: Colour | None = None  # the colour to discard (R-6a)
    covered: bool = False  # a commanded card already covers the played one


# A compiled frozen dataclass cannot be unpickled the default way (its fields refuse to be
# set): these cross to the bots' process inside the views (see pickle_by_fields).
pickle_by_fields(globals(), __name__)

#: ``PlayerView.unit``: the view of the edition's unit, ``None`` without one.
UnitView = DeviceView | None
