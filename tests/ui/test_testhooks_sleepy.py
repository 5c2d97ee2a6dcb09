"""UNO_TEST_SLEEPY_S only ever shortens Roboto's minute, and only to a sane number."""

from __future__ import annotations

import pytest

from game.ui.testhooks import SLEEPY_ENV, sleepy_seconds


@pytest.mark.parametrize(("value", "expected"), [
    (None, 60.0), ("4", 4.0), ("1", 1.0), ("0.5", 60.0), ("600", 60.0), ("nan", 60.0),
    ("-3", 60.0), ("four", 60.0), ("", 60.0)])
def test_the_sleepy_minute_is_shortened_only_within_bounds(
        monkeypatch: pytest.MonkeyPatch, value: str | None, expected: float) -> None:
    if value is None:
        monkeypatch.delenv(SLEEPY_ENV, raising=False)
    else:
        monkeypatch.setenv(SLEEPY_ENV, value)
    assert sleepy_seconds(60.0) == expected
