"""Suite-wide set-up for ``make test``: parallel workers, and the native build made meanwhile.

Workers (pytest-xdist). Each worker of ``make test`` is its own process under its own private
PulseAudio and Xvfb (the Makefile starts every worker through tools/with-virtual-audio.sh and
xvfb-run), so tests that play, record or open a real window never meet another worker's
sound or screen. Whole test files are handed out (``--dist loadfile``): a module-scoped
fixture (the PyInstaller bundle of tests/packaging/test_bundle.py) is built once, and a file's
tests run in their written order, as in a serial run.

The native build. ``make test`` compiles the native engine (``make native``) while the first
tests run, and names in ``UNO_NATIVE_BUILD_STATUS`` the file the build's exit status will be
written to. Only the engine's and the bots' tests (``ENGINE_TESTS``: in-process on the pure
engine, never reading build/native) run meanwhile; every other test waits for that file before
it starts, so it sees the finished build, as it would after a serial ``make native``: the
tests of the build itself, the bundle (it ships the build), the bots' process on either
engine, and the real-window tests (the game they start picks its engine as a player's would:
the native one when it is built), and any test added later.

Order. Under xdist the collection is sorted (files stay whole, in pytest's order within each
part): first ``ENGINE_TESTS``, which keep the cores busy while the native engine compiles;
then the files with long tests (``LONG_MARKS``: a whole match in a real window, the bundle),
so that none of them starts last and keeps the other workers waiting; then the rest. A run
without xdist keeps pytest's own order.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The file ``make test`` writes the background native build's exit status to.
BUILD_STATUS_ENV = "UNO_NATIVE_BUILD_STATUS"
#: Longest wait for the build (it takes one or two minutes).
BUILD_WAIT_S = 30 * 60
#: Marks of tests that take long: a whole match in a real window in real time, the bundle.
LONG_MARKS = ("xvfb", "slow")
#: The engine's and the bots' tests (the Makefile's NATIVE_TESTS, and the bots' and AI levels'):
#: in-process on the pure engine, they never read build/native (directly, or through a game or
#: tool they start), so they need not wait for it.
ENGINE_TESTS = ("tests/rules/", "tests/editions/", "tests/golden/", "tests/play/", "tests/bots/")


def is_engine_test(item: pytest.Item) -> bool:
    path = item.path
    return path.is_relative_to(ROOT) and path.relative_to(ROOT).as_posix().startswith(ENGINE_TESTS)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    engine = {item.path for item in items if is_engine_test(item)}
    long = {item.path for item in items
            if any(item.get_closest_marker(mark) is not None for mark in LONG_MARKS)}
    items.sort(key=lambda item: (item.path not in engine, item.path not in long))


def _wait_for_native_build(status: Path) -> None:
    deadline = time.monotonic() + BUILD_WAIT_S
    while not status.exists():
        if time.monotonic() > deadline:
            pytest.fail(f"the native build did not finish in {BUILD_WAIT_S} s ({status})")
        time.sleep(0.2)
    code = status.read_text(encoding="utf-8").strip()
    if code != "0":
        pytest.fail(f"the native build failed (exit {code}); `make native` says why")


@pytest.hookimpl(tryfirst=True)  # before the test's fixtures (the bundle) are set up
def pytest_runtest_setup(item: pytest.Item) -> None:
    status = os.environ.get(BUILD_STATUS_ENV)
    if status and not is_engine_test(item):
        _wait_for_native_build(Path(status))
