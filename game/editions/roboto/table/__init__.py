"""UNO Roboto's front end: the robot on the table (:mod:`.figure`), his races
(:mod:`.races`) and nickname dialog (:mod:`.nickname`), what both dialogs share
(:mod:`.dialog`), the recording set-up (:mod:`.setup`, its microphone
:mod:`.microphone`) and his sounds (:mod:`.sounds`).

Importing the package registers the edition with :mod:`game.ui.editions`.
"""

from game.editions.roboto.table import sounds as _sounds  # noqa: F401  (its device sounds)
from game.editions.roboto.table.figure import RobotoFigure
from game.editions.roboto.table.options import RobotoOptions
from game.i18n import N_
from game.ui.editions import EditionUI, register

UI = register(EditionUI(
    key="roboto",
    title=N_("UNO Roboto"),
    blurb=N_("Roboto the robot runs the game, calls surprise commands and a house rule."),
    based_on="official",
    rules=(
        (N_("Roboto: set-up"), N_(
            "Each player gives their name. Roboto may ask one player for a house rule. If the "
            "first card turned is an action card, it goes back and another is turned. Roboto "
            "chooses who starts.")),
        (N_("Roboto: interruptions"), N_(
            "After a card is played, Roboto may interrupt with a surprise command — a player "
            "discards every card of a colour, gives a nickname, or two players race (the loser "
            "draws 2) — or with the house rule, where the last to do it draws 2. Then Roboto "
            "names who continues.")),
        (N_("Roboto: covering cards"), N_(
            "Cards discarded on a command go on the pile one at a time, in the order their "
            "owner chooses; the card left on top acts on the player Roboto names to continue.")),
    ),
    devices=(RobotoFigure,),
    setup=(RobotoOptions(),),
))
