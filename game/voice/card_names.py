"""Spoken card names ("a red Draw Two", « un +2 rouge »), one message id per colour and rank.

Each name is a whole message id with its colour and indefinite article, because languages agree
them differently (« une Inversion verte » but « un 5 vert »): translators get full phrases, never
glued fragments. Edition cards are entries in the same tables.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.i18n import N_
from game.rules.cards import Card, Colour, Rank
from game.voice.utterance import Phrase

__all__ = ["card_phrase", "colour_chosen_phrase"]

_R, _Y, _G, _B = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE

#: Number cards: the digit is a parameter, the colour is part of the id.
_NUMBER: Mapping[Colour, str] = {
    _R: N_("a red {number}"),
    _Y: N_("a yellow {number}"),
    _G: N_("a green {number}"),
    _B: N_("a blue {number}"),
}

#: Coloured action cards of every edition.
_COLOURED: Mapping[Rank, Mapping[Colour, str]] = {
    Rank.SKIP: {
        _R: N_("a red Skip"), _Y: N_("a yellow Skip"),
        _G: N_("a green Skip"), _B: N_("a blue Skip"),
    },
    Rank.REVERSE: {
        _R: N_("a red Reverse"), _Y: N_("a yellow Reverse"),
        _G: N_("a green Reverse"), _B: N_("a blue Reverse"),
    },
    Rank.DRAW_TWO: {
        _R: N_("a red Draw Two"), _Y: N_("a yellow Draw Two"),
        _G: N_("a green Draw Two"), _B: N_("a blue Draw Two"),
    },
    Rank.HIT_TWO: {
        _R: N_("a red Hit 2"), _Y: N_("a yellow Hit 2"),
        _G: N_("a green Hit 2"), _B: N_("a blue Hit 2"),
    },
    Rank.DISCARD_ALL: {
        _R: N_("a red Discard All"), _Y: N_("a yellow Discard All"),
        _G: N_("a green Discard All"), _B: N_("a blue Discard All"),
    },
    Rank.DISCARD_TWO: {
        _R: N_("a red Discard Two"), _Y: N_("a yellow Discard Two"),
        _G: N_("a green Discard Two"), _B: N_("a blue Discard Two"),
    },
}

#: Wild cards have no colour of their own.
_WILD: Mapping[Rank, str] = {
    Rank.WILD: N_("a Wild"),
    Rank.WILD_DRAW_FOUR: N_("a Wild Draw Four"),
    Rank.WILD_HIT_FOUR: N_("a Wild Hit 4"),
    Rank.WILD_ATTACK_ATTACK: N_("a Wild Attack-Attack"),
    Rank.WILD_CUSTOMIZABLE: N_("a Wild Customizable"),
    Rank.WILD_CLEAR: N_("a Wild Clear"),
    Rank.WILD_GIVE_AWAY: N_("a Wild Give Away"),
    Rank.WILD_VICTORY_LAP: N_("a Wild Victory Lap"),
}

#: "Alice chooses red." (C-6): the colour is in the id for the same reason as above.
_COLOUR_CHOSEN: Mapping[Colour, str] = {
    _R: N_("{player} chooses red."),
    _Y: N_("{player} chooses yellow."),
    _G: N_("{player} chooses green."),
    _B: N_("{player} chooses blue."),
}


def card_phrase(card: Card) -> Phrase:
    """The spoken name of ``card``, with its indefinite article."""
    colour, rank = card.colour, card.rank
    if colour is None:
        return Phrase(_WILD[rank])
    if card.is_number:
        return Phrase(_NUMBER[colour], (("number", int(rank)),))
    return Phrase(_COLOURED[rank][colour])


def colour_chosen_phrase(colour: Colour) -> str:
    """The message id announcing that ``{player}`` named ``colour``."""
    return _COLOUR_CHOSEN[colour]
