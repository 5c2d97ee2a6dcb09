"""UNO Attack's front end: the dinosaur launcher on the table (:mod:`.launcher`, drawn by
:mod:`.draw`), its victim dialog and its sounds (:mod:`.sounds`).

Importing the package registers the edition with :mod:`game.ui.editions`.
"""

from game.editions.attack.table import sounds as _sounds  # noqa: F401  (its device sounds)
from game.editions.attack.table.launcher import DinoLauncher
from game.editions.attack.table.options import AttackOptions
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
    devices=(DinoLauncher,),
    setup=(AttackOptions(),),
))
