"""The fallback dialog: every option of a choice as a button, in words.

A choice whose options no other dialog renders (a kind of choice no edition had when the
table was written, a card that fits two places, a decision with a button or two) is listed
here, each option's label rendered from the choice description
(:class:`~game.play.labels.Labels`), so no decision can ever leave a person stuck.
"""

from __future__ import annotations

from game.ui.table.pickers import MAX_CHOICES, ChoiceScene

__all__ = ["MAX_CHOICES", "ChooserScene"]


class ChooserScene(ChoiceScene):
    """Choose one of the options of a choice (see :class:`ChoiceScene`)."""

    name = "chooser"
