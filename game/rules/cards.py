"""Cards as small immutable integers with a short text form that round-trips.

A card is ``colour * 32 + rank``. Wilds have the pseudo-colour ``WILD`` (4) and no
colour of their own: the colour a wild names lives in the game state, never on the
card. Every card value is interned in :data:`CARDS`, so identity, hashing and list
indexing all stay integer-fast (the engine's hot path indexes tables with cards).

Text form (python-chess's ``Move.uci()`` idea): ``R5``, ``G+2``, ``BS``, ``YR``,
``W``, ``W+4``; edition cards use two-letter codes (``RH2`` Hit 2, ``GDA`` Discard
All, ``WH4`` Wild Hit 4 …), listed in :data:`RANK_CODES`.

The ranks of the engine's editions are declared in :class:`Rank`; an edition of its own
(a plug-in) adds its card ranks with :func:`add_rank` (codes 24 to 30 are free; 31 is the
colour-only match of ``legality.NO_RANK``), and they then work as the others do: a text
code, a value, ``Rank.BELL``, ``Card.rank``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from game.rules.native import mypyc_attr
from game.rules.openenum import add_member, remove_member


class Colour(IntEnum):
    """The four card colours, in the order the official rules list them."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3

    @property
    def letter(self) -> str:
        return "RYGB"[self]

    @classmethod
    def parse(cls, text: str) -> Colour:
        """``"R"``/``"red"`` → ``Colour.RED``; raises ``ValueError`` on anything else."""
        key = text.strip().upper()
        for colour in cls:
            if key in (colour.letter, colour.name):
                return colour
        raise ValueError(f"not a colour: {text!r}")


WILD: Final = 4  # pseudo-colour of wild cards
COLOURS: Final = tuple(Colour)


class Rank(IntEnum):
    """Every face a card can carry, across all editions."""

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    SKIP = 10
    REVERSE = 11
    DRAW_TWO = 12
    HIT_TWO = 13  # Attack
    DISCARD_ALL = 14  # Attack
    DISCARD_TWO = 15  # Triple Play
    WILD = 16
    WILD_DRAW_FOUR = 17
    WILD_HIT_FOUR = 18  # Attack
    WILD_ATTACK_ATTACK = 19  # Attack
    WILD_CUSTOMIZABLE = 20  # Attack
    WILD_CLEAR = 21  # Triple Play
    WILD_GIVE_AWAY = 22  # Triple Play
    WILD_VICTORY_LAP = 23  # Sonic


FIRST_WILD_RANK: Final = Rank.WILD
NUMBER_RANKS: Final = tuple(Rank(n) for n in range(10))
#: The codes a rank an edition adds (:func:`add_rank`) may take.
FREE_RANKS: Final = range(len(Rank), 31)

#: Text code of each rank, after the colour letter (or after ``W`` for wilds).
RANK_CODES: Final[dict[Rank, str]] = {
    **{Rank(n): str(n) for n in range(10)},
    Rank.SKIP: "S",
    Rank.REVERSE: "R",
    Rank.DRAW_TWO: "+2",
    Rank.HIT_TWO: "H2",
    Rank.DISCARD_ALL: "DA",
    Rank.DISCARD_TWO: "D2",
    Rank.WILD: "",
    Rank.WILD_DRAW_FOUR: "+4",
    Rank.WILD_HIT_FOUR: "H4",
    Rank.WILD_ATTACK_ATTACK: "AA",
    Rank.WILD_CUSTOMIZABLE: "CU",
    Rank.WILD_CLEAR: "CL",
    Rank.WILD_GIVE_AWAY: "GA",
    Rank.WILD_VICTORY_LAP: "VL",
}
_CODE_RANKS: Final = {code: rank for rank, code in RANK_CODES.items()}


# Interpreted even in the compiled build: mypyc cannot compile a subclass of a builtin.
@mypyc_attr(native_class=False)
class Card(int):
    """One card face. Use :func:`card` or :meth:`parse`; never construct directly.

    Its fields come from tables indexed by the card's code, filled once at import."""

    __slots__ = ()

    @property
    def colour(self) -> Colour | None:
        """The printed colour, or ``None`` for a wild."""
        return _COLOUR_ENUM_OF[self]

    @property
    def rank(self) -> Rank:
        rank = _RANK_ENUM_OF[self]
        if rank is None:
            raise ValueError(f"{int(self)} is not a card code")
        return rank

    @property
    def is_wild(self) -> bool:
        return self >= WILD_CODES

    @property
    def is_number(self) -> bool:
        return self & 31 <= 9

    @property
    def is_action(self) -> bool:
        """Any non-number card ("action card" in every rule book)."""
        return self & 31 > 9

    def __str__(self) -> str:
        text = TEXT_OF[self]
        if text is None:
            raise ValueError(f"{int(self)} is not a card code")
        return text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        """Pickled as its code, unpickled (and deep-copied) as the one shared card of that
        code: the compiled engine may compare the cards it holds by identity, so a card that
        crossed from the bot worker's process must not come back as a new object (it did,
        and a jump-in on it was refused as not identical)."""
        return (interned, (int(self),))

    @staticmethod
    def parse(text: str) -> Card:
        """Inverse of ``str(card)``: ``Card.parse("G+2")``. Raises ``ValueError``."""
        t = text.strip().upper()
        if not t:
            raise ValueError("empty card text")
        head, code = t[0], t[1:]
        rank = _CODE_RANKS.get(code)
        if head == "W":
            if rank is None or not WILD_RANK[rank]:
                raise ValueError(f"not a card: {text!r}")
            return CARDS[WILD * 32 + rank]
        if head not in "RYGB" or rank is None or WILD_RANK[rank]:
            raise ValueError(f"not a card: {text!r}")
        return CARDS["RYGB".index(head) * 32 + rank]


#: Every possible card value, interned: ``CARDS[code]`` is the one ``Card`` for ``code``.
CARDS: Final[tuple[Card, ...]] = tuple(Card(code) for code in range(5 * 32))
#: The first wild's code: ``code >= WILD_CODES`` is a wild.
WILD_CODES: Final = WILD * 32
#: Per rank code: is it a wild's (its cards have no colour)?
WILD_RANK: Final[list[bool]] = [FIRST_WILD_RANK <= r < len(Rank) for r in range(32)]
# Per code, for the properties above: the printed colour (``None`` for wilds), the rank,
# the text form (rank and text are ``None`` for the codes of no rank: 24-31 in each colour,
# until an edition adds a rank).
_COLOUR_ENUM_OF: Final[tuple[Colour | None, ...]] = tuple(
    None if code >> 5 == WILD else Colour(code >> 5) for code in range(5 * 32)
)
_RANK_ENUM_OF: Final[list[Rank | None]] = [None] * (5 * 32)
TEXT_OF: Final[list[str | None]] = [None] * (5 * 32)
#: Every card by its text code (``"G+2"``), as :func:`format_cards` writes it: the
#: colours of a coloured rank, the wild of a wild one.
CARD_CODES: Final[dict[str, Card]] = {}


def _show(rank: Rank) -> None:
    """Fill the per-code tables for ``rank`` (in every colour, as the code reads)."""
    for colour in range(5):
        code = colour * 32 + rank
        text = ("W" if colour == WILD else "RYGB"[colour]) + RANK_CODES[rank]
        _RANK_ENUM_OF[code] = rank
        TEXT_OF[code] = text
        if (colour == WILD) == WILD_RANK[rank]:
            CARD_CODES[text] = CARDS[code]


for _rank in Rank:
    _show(_rank)


def add_rank(name: str, code: int, text: str, *, wild: bool = False) -> Rank:
    """A card rank of an edition's own: its name (``Rank.BELL``), its code (one of
    :data:`FREE_RANKS`), its text after the colour letter (``"BL"``: ``RBL``, or ``WBL``
    for a wild), and whether its cards are wilds. ``ValueError`` if the code, the name or
    the text is taken, or the text is not two or three capital letters."""
    if code not in FREE_RANKS:
        raise ValueError(f"a new rank's code is one of {FREE_RANKS.start}-{FREE_RANKS.stop - 1}")
    if not (text.isalpha() and text.isupper() and 2 <= len(text) <= 3) or text in _CODE_RANKS:
        raise ValueError(f"rank text {text!r} is taken, or not 2-3 capital letters")
    rank = add_member(Rank, name, code)
    WILD_RANK[code] = wild
    RANK_CODES[rank] = text
    _CODE_RANKS[text] = rank
    _show(rank)
    return rank


def remove_rank(rank: Rank) -> None:
    """Take out a rank :func:`add_rank` added (its edition is unregistered)."""
    if rank not in FREE_RANKS:
        raise ValueError(f"{rank.name} is one of the engine's own ranks")
    for colour in range(5):
        code = colour * 32 + rank
        text = TEXT_OF[code]
        if text is not None and CARD_CODES.get(text) == code:
            del CARD_CODES[text]
        _RANK_ENUM_OF[code] = None
        TEXT_OF[code] = None
    _CODE_RANKS.pop(RANK_CODES.pop(rank, ""), None)
    WILD_RANK[rank] = False
    remove_member(Rank, rank)


def interned(code: int) -> Card:
    """The one shared card of ``code`` (see :meth:`Card.__reduce__`)."""
    return CARDS[code]


def card(colour: Colour | None, rank: Rank) -> Card:
    """The card of this colour (``None`` for wilds) and rank."""
    if (colour is None) != WILD_RANK[rank]:
        raise ValueError(f"{rank.name} cannot have colour {colour}")
    return CARDS[(WILD if colour is None else colour) * 32 + rank]


def parse_cards(text: str) -> list[Card]:
    """``"R5 G+2,W"`` → cards; separators are spaces, commas or dots; ``-`` is empty."""
    parts = text.replace(",", " ").replace(".", " ").split()
    return [Card.parse(p) for p in parts if p != "-"]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as a dotted list (``R5.G+2.W``), ``-`` when empty; round-trips with
    :func:`parse_cards`."""
    items = [str(c) for c in cards]
    return ".".join(items) if items else "-"


#: A card's fields by its code, for every card value: ``COLOUR_OF[c]`` (a Colour value,
#: or WILD) and ``RANK_OF[c]`` (a Rank value). Code outside this module reads cards through
#: these tables or the ``Card`` properties, never by bit arithmetic on the code; a table
#: lookup is as fast as the arithmetic, so hot loops use them too.
COLOUR_OF: Final[tuple[int, ...]] = tuple(code >> 5 for code in range(5 * 32))
RANK_OF: Final[tuple[int, ...]] = tuple(code & 31 for code in range(5 * 32))
