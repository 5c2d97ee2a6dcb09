"""UNO Triple Play's set-up options: who is the youngest (T-2) and the timer mode (T-12)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.editions.triple.rules import TripleOptions as Rules
from game.i18n import N_
from game.rules.ruleset import Ruleset, edition
from game.ui.scenes.setup_sections import SetupForm, SetupSection
from game.ui.widgets import Choice, Control


class TripleOptions(SetupSection):
    keys = ("youngest", "timer")

    def defaults(self, base: Ruleset, given: bool) -> dict[str, Any]:
        opts = base.opt(Rules)
        return {"youngest": opts.starting_player, "timer": opts.timer}

    def _seats(self, form: SetupForm) -> list[tuple[Any, str]]:
        seats: list[tuple[Any, str]] = [(-1, N_("Not asked (left of the dealer)"))]
        seats += [(i, form.seat_name(i) or str(i + 1))
                  for i in range(min(form.players, edition("triple").max_players))]
        return seats

    def controls(self, form: SetupForm) -> list[Control]:
        return [
            Choice.make("youngest", N_("Who is the youngest?"), self._seats(form),
                        form.options["youngest"], form.setter("youngest")),
            Choice.make("timer", N_("Timer mode"), [(False, N_("Off")), (True, N_("On"))],
                        form.options["timer"], form.setter("timer")),
        ]

    def apply(self, rs: Ruleset, form: SetupForm) -> Ruleset:
        youngest = form.options["youngest"]
        if youngest >= min(form.players, rs.max_players):
            youngest = -1  # the youngest left the table: nobody is asked
        return rs.with_options(starting_player=youngest, timer=form.options["timer"])

    def renamed(self, form: SetupForm, controls: Sequence[Control]) -> None:
        """The youngest is chosen by name: follow the names as they are typed."""
        for c in controls:
            if isinstance(c, Choice) and c.id == "youngest":
                c.options = self._seats(form)
