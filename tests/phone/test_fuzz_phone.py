"""Issue 33: hostile messages at the phone server get a clear refusal or recovery, never a
traceback, a frame out of the wire's allowlist, a card the seat may not see, or a server
that stops answering (a fixed-seed slice; ``bench/fuzz.py`` runs the area ``phone`` long)."""

from __future__ import annotations

from hypothesis import given

from tests.fuzz import slice_of
from tests.fuzz.phone_target import Case, check_phone_case, phone_cases


@slice_of(max_examples=60)
@given(phone_cases())
def test_hostile_phone_messages_are_refused_or_served(case: Case) -> None:
    check_phone_case(case)
