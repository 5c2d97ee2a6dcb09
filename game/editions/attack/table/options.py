"""UNO Attack's set-up options: how many Wild Customizable cards, and their effect (A-8)."""

from __future__ import annotations

from typing import Any

from game.editions.attack.rules import AttackOptions as Rules
from game.i18n import N_, _
from game.rules.ruleset import Ruleset
from game.ui.scenes.setup_sections import SetupForm, SetupSection
from game.ui.widgets import Choice, Control

#: A-8: the Wild Customizable's coded effects, with the one line that explains each.
EFFECT_LABELS = {
    "everyone_presses": (N_("Everyone presses"),
                         N_("Every other player presses the launcher once.")),
    "swap_hands": (N_("Swap hands"),
                   N_("The player swaps hands with a player they choose.")),
    "chosen_presses_twice": (N_("Chosen player presses twice"),
                             N_("A player of their choice presses the launcher twice.")),
    "skip_everyone": (N_("Skip everyone"),
                      N_("Everyone is skipped: the player plays again.")),
    "plain": (N_("Plain wild"), N_("No extra effect: it is an ordinary Wild.")),
}


class AttackOptions(SetupSection):
    keys = ("custom_count", "custom_effect")
    caption_room = {"custom_effect": 22}

    def defaults(self, base: Ruleset, given: bool) -> dict[str, Any]:
        opts = base.opt(Rules)
        return {"custom_count": opts.custom_count, "custom_effect": opts.custom_effect}

    def controls(self, form: SetupForm) -> list[Control]:
        effects = [(e, EFFECT_LABELS[e][0] if e in EFFECT_LABELS else e)
                   for e in Rules.choices("custom_effect")]
        return [
            Choice.make("custom_count", N_("Wild Customizable cards"),
                        [(n, str(n)) for n in Rules.choices("custom_count")],
                        form.options["custom_count"],
                        form.setter("custom_count")),
            Choice.make("custom_effect", N_("Their effect"), effects,
                        form.options["custom_effect"], form.setter("custom_effect")),
        ]

    def apply(self, rs: Ruleset, form: SetupForm) -> Ruleset:
        return rs.with_options(custom_count=form.options["custom_count"],
                               custom_effect=form.options["custom_effect"])

    def caption(self, control: Control) -> str:
        if control.id == "custom_effect" and isinstance(control, Choice):
            return _(EFFECT_LABELS.get(str(control.value), ("", ""))[1])
        return ""
