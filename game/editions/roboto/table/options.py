"""UNO Roboto's set-up options: chattiness (R-5), a house rule (R-2) and how races are
settled on screen (R-10); a game with people at the table goes through the recordings
screen (:mod:`.setup`) before the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.editions.roboto.rules import RobotoOptions as Rules
from game.editions.roboto.table.setup import RobotoRecordScene
from game.i18n import N_
from game.rules.ruleset import Ruleset
from game.store.saves import SeatInfo
from game.ui.scene import AppHost
from game.ui.scenes.setup_sections import SetupForm, SetupSection
from game.ui.widgets import Choice, Control

CHATTINESS_LABELS = {"low": N_("Low"), "normal": N_("Normal"), "high": N_("High")}
#: R-10: how Roboto's races are settled on screen.
RACE_MODES = {"family": N_("Family (own key)"), "reaction": N_("Reaction (flash)")}


class RobotoOptions(SetupSection):
    keys = ("chattiness", "house_rule", "race_mode")

    def defaults(self, base: Ruleset, given: bool) -> dict[str, Any]:
        # a house rule is asked for by default; R-13: "New game" keeps the last choice.
        opts = base.opt(Rules)
        return {"chattiness": opts.chattiness,
                "house_rule": opts.house_rule if given else True, "race_mode": "family"}

    def controls(self, form: SetupForm) -> list[Control]:
        chat = [(c, CHATTINESS_LABELS.get(c, c)) for c in Rules.choices("chattiness")]
        return [
            Choice.make("chattiness", N_("Chattiness"), chat, form.options["chattiness"],
                        form.setter("chattiness")),
            Choice.make("house_rule", N_("Roboto's house rule"),
                        [(True, N_("Record one")), (False, N_("None"))],
                        form.options["house_rule"], form.setter("house_rule")),
            Choice.make("race_mode", N_("Race mode"), list(RACE_MODES.items()),
                        form.options["race_mode"], form.setter("race_mode")),
        ]

    def apply(self, rs: Ruleset, form: SetupForm) -> Ruleset:
        return rs.with_options(chattiness=form.options["chattiness"],
                               house_rule=form.options["house_rule"])

    def start(self, app: AppHost, ruleset: Ruleset, seats: Sequence[SeatInfo],
              seed: int | None, form: SetupForm) -> bool:
        """R-2: people at the table record their names (and the house rule) first."""
        if not any(seat.human for seat in seats):
            return False
        app.push(RobotoRecordScene(app, ruleset, seats, seed, form.options["race_mode"]))
        return True

    def table_options(self, form: SetupForm) -> dict[str, Any]:
        return {"race_mode": form.options["race_mode"]}
