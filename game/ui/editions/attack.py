"""UNO Attack on screen (RULES.md section A): title and rules for the help.

The launcher and its dialogs are device layers added here later (``devices=``); until
then pressing the launcher is the table's draw, and its choices use the chooser.
"""

from __future__ import annotations

from game.i18n import N_
from game.ui.editions import EditionUI, register

UI = register(EditionUI(
    key="attack",
    title=N_("UNO Attack"),
    blurb=N_("The card launcher: press it to draw — it may fire nothing, or a burst of cards."),
    based_on="official",
    rules=(
        (N_("Attack: the launcher"), N_(
            "Instead of drawing, press the launcher once: it may fire nothing or a burst of "
            "cards, which you keep (you may not play them this turn); then your turn ends.")),
        (N_("Attack: action cards"), N_(
            "Hit 2: the next player presses twice and misses their turn. Wild Hit 4: the next "
            "player presses four times. Discard All: play it together with every card of its "
            "colour. Wild Attack-Attack: name a colour and a victim, who presses twice.")),
        (N_("Attack: customizable cards"), N_(
            "Before the game, choose what the Wild Customizable cards do: everyone else presses "
            "once, swap hands, a chosen player presses twice, skip everyone, or a plain wild. "
            "Caught without UNO, you press twice.")),
    ),
))
