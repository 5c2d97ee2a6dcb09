"""Issue 12, "Keep it that way": a mutated position text is refused with PositionError, or
gives a game the position tool can show, act on and write back (a fixed-seed slice; the
long run is ``bench/fuzz.py``)."""

from __future__ import annotations

from hypothesis import given

from tests.fuzz import slice_of
from tests.fuzz.targets import check_position, position_texts


@slice_of(max_examples=300)
@given(position_texts())
def test_a_mutated_position_is_refused_or_usable(text: str) -> None:
    check_position(text)
