"""Issue 12, "Keep it that way": a mutated autosave or settings file is either used, or
reported with the file kept aside byte for byte and the game starting clean; never
anything else (fixed-seed slices; the long run is ``bench/fuzz.py``)."""

from __future__ import annotations

from hypothesis import example, given

from tests.fuzz import slice_of
from tests.fuzz.targets import check_save, check_settings, save_files, settings_files


@slice_of(max_examples=200)
@given(save_files())
@example(b"[" * 100_000)
@example(b'{"format": "uno-save", "version": 1, "saved_at": 1' + b"0" * 400 + b"}")
def test_a_mutated_autosave_is_resumed_or_kept_aside(data: bytes) -> None:
    check_save(data)


@slice_of(max_examples=200)
@given(settings_files())
@example(b"a = " + b"[" * 100_000)
@example(b"window_width = 16384\nwindow_height = 16384\n")
def test_a_mutated_settings_file_is_used_or_kept_aside(data: bytes) -> None:
    check_settings(data)
