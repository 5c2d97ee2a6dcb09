"""Which dialog renders the options of a choice: an edition's device layer first (the trays
a card may go on, Roboto's race), else the table's dialog for the options' widget kind
(:mod:`game.ui.table.pickers`): a colour, a player, cards, a share, or plain buttons.

Asked for the decision a person owes (:func:`game.ui.table.flow.advance`) and for an intent
that fits several options (a card that fits two trays: :mod:`game.ui.table.input`).
:func:`keys_for` says which keys that dialog will take, so that a key answering a decision
already announced counts before its dialog has opened (the colour of a Wild, pressed while
the Victory Lap's banner still shows).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.play.choices import Choice, Option
from game.rules.decisions import Decision
from game.ui.table.chooser import ChooserScene
from game.ui.table.dialogs import ChallengeScene, ColourScene
from game.ui.table.pickers import (
    CardChoiceScene,
    ChoiceScene,
    PlayerPickScene,
    SharesScene,
    StackScene,
)

if TYPE_CHECKING:
    from game.ui.scene import Scene
    from game.ui.table.host import TableHost


#: Dialogs of their own, by the kind of the choice (its ``kind``, as its decision's
#: declaration names it), for a choice that reads better than its options' widgets say:
#: H-1's stack shows who stacked what. Any other kind gets its widgets' dialog.
OWN_DIALOGS: dict[str, type[ChoiceScene]] = {"stack": StackScene}
#: Kinds answered from the hand that are told in their dialog all the same, so that nobody
#: misses them (a stack coming to you).
TOLD_FROM_HAND: frozenset[str] = frozenset({"stack"})


def dialog_for(t: TableHost, choice: Choice, options: Sequence[Option] | None = None,
               cancellable: bool = False) -> Scene:
    """The scene that asks the person at the screen to pick among ``options`` of
    ``choice`` (all of them by default). ``cancellable``: the person asked for it (an
    intent fitting several options) and may change their mind."""
    opts = list(choice.options if options is None else options)
    for dev in t.devices:
        scene = dev.offer(choice, opts)
        if scene is not None:
            return scene
    widgets = {o.widget for o in opts}
    own = OWN_DIALOGS.get(choice.kind)
    if own is not None:
        return own(t.app, t, choice, opts, cancellable)
    if choice.id == Decision.CHALLENGE.value:  # C-8 (with H-1's stacking card, if any)
        return ChallengeScene(t.app, t, choice, opts, cancellable)
    if widgets == {"colour"}:
        return ColourScene(t.app, t, choice, opts, cancellable)
    if widgets == {"player"}:
        return PlayerPickScene(t.app, t, choice, opts, cancellable)
    if widgets == {"shares"}:
        return SharesScene(t.app, t, choice, opts, cancellable)
    if "card" in widgets and not choice.hand:
        return CardChoiceScene(t.app, t, choice, opts, cancellable)
    return ChooserScene(t.app, t, choice, opts, cancellable)


def keys_for(choice: Choice) -> str:
    """The key context (:mod:`game.ui.intents`) of the table's dialog for ``choice``, as
    :func:`dialog_for` picks it among the table's own (a device layer's own dialog, asked
    for its keys only when it opens, gets the early key only if its keys are these)."""
    widgets = {o.widget for o in choice.options}
    own = OWN_DIALOGS.get(choice.kind)
    if own is not None:
        return own.keys
    if choice.id == Decision.CHALLENGE.value:
        return ChallengeScene.keys
    if widgets == {"colour"}:
        return ColourScene.keys
    if widgets == {"shares"}:
        return SharesScene.keys
    return ChooserScene.keys


def asks(choice: Choice) -> bool:
    """Does ``choice`` open a dialog when it is owed? Every choice not answered from the
    hand, and a stack coming to you (H-1): it is answered from the hand too, but told in a
    dialog of its own, with the faces of who stacked it, so that nobody misses it."""
    return not choice.hand or choice.kind in TOLD_FROM_HAND
