"""Issue 12 item 4: one function makes every player name safe (NFC, no control characters or
lone surrogates, whitespace collapsed, a length limit, a default when nothing is left), and
players have ids that are safe folder names."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.setup.names import (
    MAX_NAME_LENGTH,
    clean_name,
    derived_player_id,
    is_player_id,
    new_player_id,
)


@pytest.mark.parametrize(("raw", "clean"), [
    ("Ann", "Ann"),
    ("A\x00nn", "Ann"),  # NUL
    ("A\ud800nn", "Ann"),  # a lone surrogate
    ("\x1b[31mAnn", "[31mAnn"),  # the escape character goes, the rest is text
    ("Zoe\u0301", "Zoé"),  # NFC: one code point
    ("  Jean \t\n  Luc  ", "Jean Luc"),
    ("Jean\u00a0\u2028Luc", "Jean Luc"),  # no-break space, line separator
    ("\u202eevil", "evil"),  # a right-to-left override
    ("\u200bAnn\ufeff", "Ann"),  # zero-width space, byte order mark
    ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # joiners inside an emoji sequence stay
    ("\ue000Ann\U000f0000", "Ann"),  # private use
    ("Maximilian Alexander", "Maximilian Alexa"),
    ("Anne-Marie Louise", "Anne-Marie Louis"),
    ("Anne-Marie Luca Bo", "Anne-Marie Luca"),  # no space left at the end of a cut
])
def test_names_are_cleaned_wherever_they_enter(raw: str, clean: str) -> None:
    assert clean_name(raw, "Default") == clean


@pytest.mark.parametrize("raw", ["", "   ", "\x00\x01", "\ud800", "\u200b\u200d", "\u0301",
                                 "\t\n"])
def test_a_name_with_nothing_visible_becomes_the_default(raw: str) -> None:
    assert clean_name(raw, "Player 2") == "Player 2"
    assert clean_name(raw) == ""


@pytest.mark.parametrize("raw", [None, 3, b"Ann", ["Ann"]])
def test_a_name_that_is_not_text_is_a_clear_error(raw: object) -> None:
    with pytest.raises(TypeError, match="a name must be text"):
        clean_name(raw)  # type: ignore[arg-type]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.text(alphabet=st.characters(codec=None), max_size=60))
def test_any_text_becomes_a_name_that_is_safe_to_show_save_and_speak(raw: str) -> None:
    name = clean_name(raw, "Player 1")
    assert 1 <= len(name) <= MAX_NAME_LENGTH
    assert unicodedata.is_normalized("NFC", name)
    assert name == name.strip() and "  " not in name
    assert not any(unicodedata.category(ch) in ("Cc", "Cs", "Cn", "Co") for ch in name)
    name.encode("utf-8")  # no lone surrogate: JSON, TOML and the font all take it
    assert clean_name(name, "Player 1") == name  # idempotent


def test_player_ids_are_short_unique_safe_folder_names() -> None:
    ids = {new_player_id() for _ in range(1000)}
    assert len(ids) == 1000
    assert all(is_player_id(i) and len(i) == 12 for i in ids)


def test_an_old_save_s_players_get_stable_distinct_ids() -> None:
    assert derived_player_id(0, "Sam") == derived_player_id(0, "Sam")
    assert derived_player_id(0, "Sam") != derived_player_id(1, "Sam")
    assert is_player_id(derived_player_id(3, "A\ud800\x00"))


@pytest.mark.parametrize("value", ["", "abc", "ABCDEF", "../abcdef", "abc def", "a" * 33,
                                   "abcdé1", "abcdef\n", 123456, None])
def test_anything_else_is_not_a_player_id(value: object) -> None:
    assert not is_player_id(value)
