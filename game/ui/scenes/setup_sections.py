"""Sections of the New game screen that an edition or a rule adds for itself.

The set-up screen knows the table's core (edition, match, target, players, language, seats)
and nothing else. Each :class:`SetupSection` brings its own options: their defaults (from a
ruleset), their controls, how they change the ruleset, an optional one-line caption under a
control, and, if the section needs a step between the set-up and the table (Roboto's
recordings), that step. An edition's sections are registered with the edition
(:class:`game.ui.editions.EditionUI`'s ``setup``); a section that applies to every edition
(a house rule) is registered here with :func:`register`. Adding options is adding a
section; the set-up screen does not change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.rules.ruleset import Ruleset
from game.store.saves import SeatInfo
from game.ui.widgets import Control

if TYPE_CHECKING:
    from game.store.settings import Settings
    from game.ui.scene import AppHost


class SetupForm(Protocol):
    """What a section sees of the set-up screen while it is being filled in."""

    app: AppHost
    edition: str
    players: int
    #: Every section's option values, by option id.
    options: dict[str, Any]

    def seat_name(self, i: int) -> str: ...
    def setter(self, key: str) -> Callable[[Any], None]: ...


class SetupSection:
    """Base class: a section with no options. Subclasses override what they add."""

    #: Option ids this section owns (also the ids of its controls).
    keys: tuple[str, ...] = ()
    #: Extra height (in 1/s pixels) under a control id, for its caption.
    caption_room: dict[str, int] = {}

    def applies(self, edition: str) -> bool:
        """Is the section shown for ``edition``? (An edition's own sections: always.)"""
        return True

    def defaults(self, base: Ruleset, given: bool) -> dict[str, Any]:
        """The options' starting values, from ``base`` (``given``: a ruleset the player
        chose before, e.g. "New game" after a match, rather than the edition's default)."""
        return {}

    def recall(self, settings: Settings, given: Ruleset | None) -> dict[str, Any]:
        """Option values over :meth:`defaults`: those of ``given`` (the ruleset of the match
        just played, for "New game"), else those remembered in ``settings`` at the last
        table set up (see :meth:`remember`). Nothing by default."""
        return {}

    def remember(self, form: SetupForm, settings: Settings) -> None:
        """Store this section's options in ``settings`` as the deal starts (they are saved
        with the rest of the last table)."""

    def controls(self, form: SetupForm) -> list[Control]:
        return []

    def apply(self, rs: Ruleset, form: SetupForm) -> Ruleset:
        """The ruleset with this section's options in it."""
        return rs

    def caption(self, control: Control) -> str:
        """A translated line drawn under ``control`` ("" for none)."""
        return ""

    def renamed(self, form: SetupForm, controls: Sequence[Control]) -> None:
        """A seat's name was typed: refresh any control that shows names."""

    def start(self, app: AppHost, ruleset: Ruleset, seats: Sequence[SeatInfo],
              seed: int | None, form: SetupForm) -> bool:
        """Take over the start (a step before the table); ``True`` if it did."""
        return False

    def table_options(self, form: SetupForm) -> dict[str, Any]:
        """What the table keeps of this section besides the rules (see ``Session``)."""
        return {}


_GLOBAL: list[SetupSection] = []


def register(section: SetupSection) -> SetupSection:
    """Add a section shown for every edition it :meth:`~SetupSection.applies` to."""
    _GLOBAL.append(section)
    return section


def global_sections() -> list[SetupSection]:
    return list(_GLOBAL)
