"""A choice's words: its label key and typed parameters, rendered in one language.

The choice description (:mod:`game.play.choices`) names what to say by message id, with
typed parameters (:data:`~game.play.choices.PARAM_TYPES`): a seat, a card's text, a
colour's letter, a tray … :class:`Labels` turns them into words — the seat's name, the
spoken card name ("a red 5"), the colour's name, a tray counted from 1 — through a
:class:`Translator`: the game's current language by default (the table, the narration),
or a catalogue of its own (the phone server renders each connection in that phone's
language). No pygame here.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from game import i18n
from game.i18n import N_
from game.play.choices import PARAM_TYPES, Choice, Option, Param
from game.rules.cards import Card, Colour
from game.voice.card_names import card_phrase

_log = logging.getLogger(__name__)

#: Each colour's name (message ids), for labels and the narration alike.
COLOUR_NAMES: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("red"),
    Colour.YELLOW: N_("yellow"),
    Colour.GREEN: N_("green"),
    Colour.BLUE: N_("blue"),
}

#: A colour parameter's letters, in the colours' order.
LETTERS: Final = "RYGB"

# TRANSLATORS: a player who has no name yet; {number} counts from 1.
UNNAMED: Final = N_("Player {number}")
# TRANSLATORS: the end of a list: "Alice, Bob and Carol", "trays 1 and 3".
LIST_END: Final = N_("{first} and {last}")
#: A share of penalty cards given to nobody.
NOBODY: Final = N_("nobody")


#: A translated explanation for each rule clause a refused choice can break: every front
#: end explains a refusal with the same words, naming the rule.
REFUSALS: Final[Mapping[str, str]] = {
    "C-3": N_("It is not your turn."),
    "C-5": N_("That card matches neither the colour, the number nor the symbol on top."),
    "C-6": N_("Name a colour first."),
    "C-8": N_("Answer the Wild Draw Four first: challenge it or accept it."),
    "C-9": N_("Play a card or draw one."),
    "C-10": N_("After drawing, only the card you drew may be played."),
    "C-12": N_("UNO is called when you play your next-to-last card."),
    "H-1": N_("Only a card of the same kind may be stacked on it; or take the cards."),
    "H-2": N_("Name the player whose hand you take."),
    "H-3": N_("Only a card identical to the one just played may jump in."),
    "H-5": N_("A playable card you drew must be played."),
    "H-6": N_("A Wild Draw Four is not allowed while you hold the colour in force."),
    "M-1": N_("The match is over."),
}
#: The explanation of a clause :data:`REFUSALS` has no words of its own for.
REFUSED: Final = N_("That move is not allowed (rule {clause}).")


class Translator(Protocol):
    """A catalogue in one language (:class:`gettext.NullTranslations` is one)."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class CurrentLanguage:
    """The game's own language of the moment (:mod:`game.i18n`)."""

    def gettext(self, message: str, /) -> str:
        return i18n._(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return i18n.ngettext(singular, plural, n)


CURRENT: Final = CurrentLanguage()


@dataclass(frozen=True)
class Labels:
    """Renders labels for a table whose seats are called ``names``."""

    names: Sequence[str]
    translator: Translator = CURRENT

    # ------------------------------------------------------------------ one value
    def seat(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.translator.gettext(UNNAMED).format(number=seat + 1)

    def card(self, text: str) -> str:
        """"a red 5", « un 5 rouge »: the spoken card name of a card's text form."""
        phrase = card_phrase(Card.parse(text))
        return self.translator.gettext(phrase.msgid).format(**dict(phrase.params))

    def colour(self, letter: str) -> str:
        return self.translator.gettext(COLOUR_NAMES[Colour(LETTERS.index(letter))])

    def seats(self, seats: Sequence[int]) -> str:
        """"Ann, Bob and Cid"."""
        names = [self.seat(p) for p in seats]
        if len(names) < 2:
            return "".join(names)
        return self.translator.gettext(LIST_END).format(
            first=", ".join(names[:-1]), last=names[-1])

    def shares(self, shares: Sequence[Sequence[int]]) -> str:
        """(seat, cards) pairs: "Bob 2, Cid 1"; nobody when empty."""
        if not shares:
            return self.translator.gettext(NOBODY)
        return ", ".join(f"{self.seat(p)} {n}" for p, n in shares)

    def param(self, name: str, value: Param) -> str:
        """The words of parameter ``name`` (its type from :data:`PARAM_TYPES`)."""
        kind = PARAM_TYPES.get(name, "text")
        if kind == "seat" and isinstance(value, int):
            return self.seat(value)
        if kind == "card" and isinstance(value, str):
            return self.card(value)
        if kind == "colour" and isinstance(value, str):
            return self.colour(value)
        if kind == "tray" and isinstance(value, int):
            return str(value + 1)
        if kind == "seats" and isinstance(value, tuple):
            return self.seats([int(p) for p in value if isinstance(p, int)])
        if kind == "shares" and isinstance(value, tuple):
            return self.shares([p for p in value if isinstance(p, tuple)])
        return str(value)

    # ------------------------------------------------------------------ whole labels
    def label(self, key: str, params: Mapping[str, Param]) -> str:
        """Message id ``key`` in this language, its ``{fields}`` filled from ``params``."""
        values = {name: self.param(name, value) for name, value in params.items()}
        try:
            return self.translator.gettext(key).format(**values)
        except (KeyError, ValueError, IndexError):
            _log.error("translation of %r has broken fields; showing English", key)
            return key.format(**values)

    def choice(self, choice: Choice) -> str:
        return self.label(choice.label, choice.params)

    def option(self, option: Option) -> str:
        return self.label(option.label, option.params)

    def refusal(self, clause: str) -> str:
        """Why a choice was refused, naming rule ``clause``."""
        return self.translator.gettext(REFUSALS.get(clause, REFUSED)).format(clause=clause)


__all__ = ["COLOUR_NAMES", "CURRENT", "LETTERS", "REFUSALS", "REFUSED", "CurrentLanguage",
           "Labels", "Translator"]
