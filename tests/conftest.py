"""Suite-wide set-up for ``make test``'s parallel workers (pytest-xdist).

Each worker of ``make test`` is its own process under its own private PulseAudio and Xvfb
(the Makefile starts every worker through tools/with-virtual-audio.sh and xvfb-run), so tests
that play, record or open a real window never meet another worker's sound or screen. Whole
test files are handed out (``--dist loadfile``): a module-scoped fixture (the PyInstaller
bundle of tests/packaging/test_bundle.py) is built once, and a file's tests run in their
written order, as in a serial run.

Order. Under xdist the files with long tests (``LONG_MARKS``: a whole match in a real window,
the bundle) are collected first (files stay whole, in pytest's order otherwise), so that none
of them starts last and keeps the other workers waiting. A run without xdist keeps pytest's
own order.
"""

from __future__ import annotations

import os

import pytest

#: Marks of tests that take long: a whole match in a real window in real time, the bundle.
LONG_MARKS = ("xvfb", "slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        long = {item.path for item in items
                if any(item.get_closest_marker(mark) is not None for mark in LONG_MARKS)}
        items.sort(key=lambda item: item.path not in long)
