"""Cards: small interned integers with a text form that round-trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.cards import (
    CARDS,
    COLOURS,
    FIRST_WILD_RANK,
    RANK_CODES,
    Card,
    Colour,
    Rank,
    card,
    format_cards,
    parse_cards,
)
from game.rules.legality import NO_RANK, PLAYABLE

VALID = [
    card(colour, rank)
    for rank in Rank
    for colour in ((None,) if rank >= FIRST_WILD_RANK else COLOURS)
]


def test_every_card_text_round_trips() -> None:
    assert len(VALID) == 4 * 16 + 8
    texts = set()
    for c in VALID:
        text = str(c)
        texts.add(text)
        assert Card.parse(text) is c
        assert Card.parse(text.lower()) is c
        assert Card.parse(f"  {text} ") is c
        assert repr(c) == f"Card({text!r})"
    assert len(texts) == len(VALID)  # no two cards share a text


@pytest.mark.parametrize(
    ("text", "colour", "rank"),
    [
        ("R5", Colour.RED, Rank.FIVE),
        ("Y0", Colour.YELLOW, Rank.ZERO),
        ("G+2", Colour.GREEN, Rank.DRAW_TWO),
        ("BS", Colour.BLUE, Rank.SKIP),
        ("YR", Colour.YELLOW, Rank.REVERSE),
        ("W", None, Rank.WILD),
        ("W+4", None, Rank.WILD_DRAW_FOUR),
        ("WVL", None, Rank.WILD_VICTORY_LAP),
    ],
)
def test_card_text_names_colour_and_rank(text: str, colour: Colour | None, rank: Rank) -> None:
    c = Card.parse(text)
    assert (c.colour, c.rank) == (colour, rank)
    assert c.is_wild is (colour is None)
    assert c.is_number is (rank <= Rank.NINE)
    assert c.is_action is (rank > Rank.NINE)
    assert card(colour, rank) is c
    assert CARDS[int(c)] is c


@pytest.mark.parametrize(
    "text", ["", "   ", "X5", "R", "W5", "R+4", "WS", "RVL", "R10", "5R", "W+2", "RR5", "R 5"]
)
def test_malformed_card_text_raises_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="card"):
        Card.parse(text)


@pytest.mark.parametrize(("colour", "rank"), [(None, Rank.FIVE), (Colour.RED, Rank.WILD)])
def test_card_refuses_a_colour_that_does_not_fit_the_rank(
    colour: Colour | None, rank: Rank
) -> None:
    with pytest.raises(ValueError):
        card(colour, rank)


def test_card_lists_parse_with_any_separator_and_dash_is_empty() -> None:
    assert parse_cards("R5 G+2,W.W+4") == [Card.parse(t) for t in ("R5", "G+2", "W", "W+4")]
    assert parse_cards("-") == [] and parse_cards("") == []
    assert format_cards([]) == "-"
    assert format_cards(parse_cards("R5 G+2")) == "R5.G+2"
    with pytest.raises(ValueError):
        parse_cards("R5 Q7")


@settings(max_examples=200, derandomize=True, database=None)
@given(st.lists(st.sampled_from(VALID), max_size=40))
def test_card_list_text_round_trips(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards


@pytest.mark.parametrize(
    ("text", "colour"),
    [("R", Colour.RED), ("red", Colour.RED), (" Blue ", Colour.BLUE), ("y", Colour.YELLOW)],
)
def test_colour_parse(text: str, colour: Colour) -> None:
    assert Colour.parse(text) is colour
    assert Colour.parse(colour.letter) is colour


@pytest.mark.parametrize("text", ["", "W", "purple", "RG"])
def test_colour_parse_refuses_non_colours(text: str) -> None:
    with pytest.raises(ValueError, match="colour"):
        Colour.parse(text)


# ------------------------------------------------------------------ precomputed tables


def test_card_fields_come_from_tables_that_agree_with_the_code() -> None:
    """colour * 32 + rank: the per-code tables say what the arithmetic says."""
    for code in range(5 * 32):
        c = CARDS[code]
        colour, rank = code >> 5, code & 31
        assert c.is_wild == (colour == 4) and c.is_number == (rank <= 9)
        assert c.is_action == (rank > 9)
        assert c.colour == (None if colour == 4 else Colour(colour))
        if rank < len(Rank):
            assert c.rank is Rank(rank)
            assert str(c) == ("W" if colour == 4 else "RYGB"[colour]) + RANK_CODES[Rank(rank)]
        else:  # a code of no rank is no card
            with pytest.raises(ValueError):
                _ = c.rank
            with pytest.raises(ValueError):
                str(c)


def test_C5_match_table_plays_colour_rank_or_wild() -> None:
    """C-5 in PLAYABLE: same colour, same rank (unless a wild set the colour), or a
    wild; after a Triple Play wild (colour WILD) anything."""
    for colour in range(5):
        for match_rank in [*range(len(Rank)), NO_RANK]:
            for c in VALID:
                expected = (
                    c.is_wild
                    or colour == 4
                    or (c.colour is not None and c.colour == colour)
                    or c.rank == match_rank
                )
                assert PLAYABLE[colour * 32 + match_rank][c] == expected, (colour, match_rank, c)
