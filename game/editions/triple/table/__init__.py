"""UNO Triple Play's front end: the three-tray unit (:mod:`.unit`, drawn by :mod:`.draw`),
its tray dialogs (:mod:`.scenes`), the Discard Two / Give Away dialogs (:mod:`.dialogs`) and
the unit's sounds (:mod:`.sounds`).

Importing the package registers the edition with :mod:`game.ui.editions`.
"""

from game.editions.triple.table import sounds as _sounds  # noqa: F401  (its device sounds)
from game.editions.triple.table.options import TripleOptions
from game.editions.triple.table.unit import TrayUnit
from game.i18n import N_
from game.ui.editions import EditionUI, register

UI = register(EditionUI(
    key="triple",
    title=N_("UNO Triple Play"),
    blurb=N_("Three discard trays that light up, fill up and overload: 2 to 6 players."),
    based_on="official",
    rules=(
        (N_("Triple Play: the trays"), N_(
            "Each turn the unit lights one, two or three trays. Play one card on a lit tray "
            "whose top card it matches; that tray is pressed. If you cannot play, draw one: "
            "play it on a lit tray if it fits, or press any lit tray.")),
        (N_("Triple Play: overload"), N_(
            "Each tray holds a hidden number of presses; its light turns yellow, then red. The "
            "press that reaches it overloads the tray: music plays and the presser draws 1 to 4 "
            "cards. A last card that overloads a tray does not win.")),
        (N_("Triple Play: special cards"), N_(
            "Discard Two: play a second card of its colour on top. Wild Clear: resets its tray. "
            "Wild Give Away: if its press overloads the tray, you share the penalty cards among "
            "the others. After any wild, the next card on that tray may be any colour.")),
    ),
    devices=(TrayUnit,),
    setup=(TripleOptions(),),
))
