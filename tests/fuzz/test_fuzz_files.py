"""Issue 12, "Keep it that way": a mutated autosave or settings file is either used, or
reported with the file kept aside byte for byte and the game starting clean; never
anything else (fixed-seed slices; the long run is ``bench/fuzz.py``).

Loading saves and settings and checking names are being hardened in other branches of
issue 12 (items 1, 3 and 4): until they are merged these slices find their known failures,
hence the non-strict ``xfail``s (to be removed when that work lands)."""

from __future__ import annotations

import pytest
from hypothesis import example, given

from tests.fuzz import slice_of
from tests.fuzz.targets import Failure, check_save, check_settings, save_files, settings_files

PENDING_FILES = pytest.mark.xfail(
    reason="issue 12 items 3 and 4 (saves/settings loading and names, other branches): "
           "RecursionError, AttributeError and OverflowError are not yet reported and kept "
           "aside; a name with a lone surrogate loads but cannot be saved again",
    strict=False, raises=Failure)


@PENDING_FILES
@slice_of(max_examples=200)
@given(save_files())
@example(b"[" * 100_000)
@example(b'{"format": "uno-save", "version": 1, "saved_at": 1' + b"0" * 400 + b"}")
def test_a_mutated_autosave_is_resumed_or_kept_aside(data: bytes) -> None:
    check_save(data)


@PENDING_FILES
@slice_of(max_examples=200)
@given(settings_files())
@example(b"a = " + b"[" * 100_000)
@example(b"window_width = 16384\nwindow_height = 16384\n")
def test_a_mutated_settings_file_is_used_or_kept_aside(data: bytes) -> None:
    check_settings(data)
