"""Issue 12, "Keep it that way": a mutated position text is refused with PositionError, or
gives a game the position tool can show, act on and write back (a fixed-seed slice; the
long run is ``bench/fuzz.py``).

The codec's validation is being completed in another branch of issue 12 (item 7): until it
is merged this slice finds its known failures, hence the non-strict ``xfail`` (to be
removed when that work lands)."""

from __future__ import annotations

import pytest
from hypothesis import given

from tests.fuzz import slice_of
from tests.fuzz.targets import Failure, check_position, position_texts


@pytest.mark.xfail(reason="issue 12 item 7 (position codec, another branch): load accepts "
                          "texts it later fails on (KeyError, IndexError, …)",
                   strict=False, raises=Failure)
@slice_of(max_examples=300)
@given(position_texts())
def test_a_mutated_position_is_refused_or_usable(text: str) -> None:
    check_position(text)
