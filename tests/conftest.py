"""Suite-wide set-up for ``make test``: parallel workers, and the native build made meanwhile.

Workers (pytest-xdist). Each worker of ``make test`` is its own process under its own private
PulseAudio and Xvfb (the Makefile starts every worker through tools/with-virtual-audio.sh and
xvfb-run), so tests that play, record or open a real window never meet another worker's
sound or screen. Whole test files are handed out (see Order below): a module-scoped
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

Order. Under xdist (``--dist loadfile``) each file is one group, handed whole to a worker,
except the files in ``SPREAD``, whose tests are handed out one by one (long tests in real
time that need no module fixture: a whole match in a real window, the property sweeps):
``pytest_xdist_make_scheduler`` below. The groups are sorted in three parts: first
``ENGINE_TESTS``, which keep the cores busy while the native engine compiles; then the groups
in real time or long (``REAL_TIME_MARKS``: a window, the speaker, the bundle), which leave a
core idle much of their time and so go while the native run fills it; then the rest, busy on
the CPU. Each part goes longest first, by the durations recorded in ``tests/durations.json``,
so that no long group starts last and keeps the other workers waiting. A group it does not
name counts as a short one. A run without xdist keeps pytest's own order.

The background worker. One more worker than these runs at the lowest priority (``nice 19``:
the Makefile's ``BG_JOBS``, started through ``nice``) and takes only the groups busy on the
CPU, never one in real time or ``QUIET`` (``pytest_xdist_make_scheduler``; the workers tell
the controller each group's part in a file, ``UNO_GROUP_PARTS``). The other workers' tests
often wait (on a window, the speaker, a browser, a subprocess), and it uses the cores they
leave idle, without taking the CPU from a test in real time.

A quiet machine. The files in ``QUIET`` (the eyes-closed hand, which records the virtual
speaker in real time) lose sound when every core is busy. They go near the end of the rest,
where the busy tests left to run would keep the other workers going for as long
(``quiet_place``), and once one of them starts, every other worker runs its later tests busy
on the CPU at the lowest priority (``nice 19``): the cores stay busy, and the quiet test
still gets the CPU at once whenever it needs it. Before, they ran last and alone, with both
cores nearly idle for 50 s.

Durations. Each ``make test`` run writes what every file and every test of a second or more
took to ``build/test-durations-<engine>.json``; ``cp build/test-durations-pure.json
tests/durations.json`` refreshes the order after the suite changed much.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadFileScheduling

ROOT = Path(__file__).resolve().parents[1]
#: The file ``make test`` writes the background native build's exit status to.
BUILD_STATUS_ENV = "UNO_NATIVE_BUILD_STATUS"
#: Longest wait for the build (it takes one or two minutes).
BUILD_WAIT_S = 30 * 60
#: The durations the order is taken from, and where a run writes its own.
DURATIONS = ROOT / "tests" / "durations.json"
DURATIONS_OUT = ROOT / "build" / "test-durations-{engine}.json"
#: Marks of tests that spend much of their time waiting (a real window, the speaker, in real
#: time) or that are long (the bundle).
REAL_TIME_MARKS = ("xvfb", "audio", "slow")
#: Files that need the CPU whenever they ask for it (see "A quiet machine" above): the
#: eyes-closed hand records the virtual speaker and checks every sentence sounded, and beside
#: busy tests at the same priority its recording lost a quarter of a short sentence in 2 runs
#: of 4.
QUIET = frozenset({"tests/voice/test_eyes_closed.py"})
#: The priority of the other workers' tests once a ``QUIET`` file has started.
QUIET_NICE = 19
#: A test the durations do not name: what most tests take.
UNKNOWN_S = 0.05
#: A test that takes at least this long is named in the durations on its own.
NAMED_S = 1.0
#: Files whose tests are handed to the workers one by one: long, in real time or busy, with no
#: module fixture worth sharing (the others go whole, their module fixtures built once).
SPREAD = frozenset({
    "tests/editions/test_properties_editions.py",
    "tests/phone/test_browser.py",
    "tests/rules/test_house_rule_plugin.py",
    "tests/rules/test_properties.py",
    "tests/ui/editions/test_e2e_editions.py",
    "tests/ui/test_e2e.py",
    "tests/ui/test_e2e_house_dialogs.py",
    "tests/ui/test_e2e_moments.py",
    "tests/ui/test_e2e_phones.py",
    "tests/ui/test_e2e_setup.py",
})
#: The engine's and the bots' tests (the Makefile's NATIVE_TESTS, and the bots' and AI levels'):
#: in-process on the pure engine, they never read build/native (directly, or through a game or
#: tool they start), so they need not wait for it.
ENGINE_TESTS = ("tests/rules/", "tests/editions/", "tests/golden/", "tests/play/", "tests/bots/")


def is_engine_test(item: pytest.Item) -> bool:
    path = item.path
    return path.is_relative_to(ROOT) and path.relative_to(ROOT).as_posix().startswith(ENGINE_TESTS)


def read_durations(path: Path = DURATIONS) -> tuple[dict[str, float], dict[str, float]]:
    """The recorded seconds of each file and of each long test; nothing if unreadable (the
    order is then pytest's, which is slower but as correct)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return ({str(k): float(v) for k, v in data["files"].items()},
                {str(k): float(v) for k, v in data["tests"].items()})
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}, {}


def file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def group_of(nodeid: str) -> str:
    """What is handed to a worker at once: the test's file, or the test in a ``SPREAD`` one."""
    return nodeid if file_of(nodeid) in SPREAD else file_of(nodeid)


def part(item: pytest.Item) -> int:
    """0: the engine's tests; 1: in real time or long; 2: the rest; 3: ``QUIET`` (placed
    among the rest by :func:`quiet_place`)."""
    if is_engine_test(item):
        return 0
    if file_of(item.nodeid) in QUIET:
        return 3
    return 1 if real_time(item) else 2


def real_time(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(m) is not None for m in REAL_TIME_MARKS)


def costs(items: list[pytest.Item], files: dict[str, float],
          tests: dict[str, float]) -> dict[str, tuple[int, float]]:
    """Each group: its part (the first of its tests'), and its expected seconds."""
    group: dict[str, tuple[int, float]] = {}
    for item in items:
        name, path = group_of(item.nodeid), file_of(item.nodeid)
        first, cost = group.get(name, (3, 0.0))
        if name == path and path in files:
            cost = files[path]
        else:
            cost += tests.get(item.nodeid, UNKNOWN_S)
        group[name] = (min(first, part(item)), cost)
    return group


def quiet_place(order: list[str], found: dict[str, tuple[int, float]], workers: int) -> list[str]:
    """``order`` with the ``QUIET`` groups moved to where the busy tests after them would keep
    the other workers going while one worker runs them, one after the other: their cost
    times the other workers, or as near it as the rest allows (never before the groups in
    real time, which must not run at the lowest priority)."""
    quiet = [g for g in order if found[g][0] == 3]
    others = [g for g in order if found[g][0] != 3]
    want = sum(found[g][1] for g in quiet) * max(1, workers - 1)
    at, behind = len(others), 0.0
    while at > 0 and found[others[at - 1]][0] == 2 and behind < want:
        at -= 1
        behind += found[others[at]][1]
    return others[:at] + quiet + others[at:]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    found = costs(items, *read_durations())
    first: dict[str, int] = {}
    for i, item in enumerate(items):
        first.setdefault(group_of(item.nodeid), i)
    # by part, each part longest first; a group's tests stay in their order
    order = sorted(first, key=lambda g: (found[g][0], -found[g][1], first[g]))
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    rank = {g: i for i, g in enumerate(quiet_place(order, found, workers))}
    items.sort(key=lambda item: rank[group_of(item.nodeid)])
    tell_parts({g: found[g][0] for g in order})


def tell_parts(parts: dict[str, int]) -> None:
    """Each group's part, for the controller's scheduler (every worker collects the same
    tests and writes the same file; the last one's rename wins)."""
    path = os.environ.get(PARTS_ENV)
    if not path:
        return
    tmp = Path(f"{path}.{os.environ.get('PYTEST_XDIST_WORKER', 'w')}")
    with contextlib.suppress(OSError):
        tmp.write_text(json.dumps(parts), encoding="utf-8")
        os.replace(tmp, path)


def background(node: Any) -> bool:
    """Is ``node`` the background worker (started through ``nice``)?"""
    python = str(getattr(node.gateway.spec, "python", "") or "")
    return python.split()[:1] == ["nice"]


class SpreadFileScheduling(LoadFileScheduling):
    """``--dist loadfile``, except that a ``SPREAD`` file's tests go out one by one, and
    that the background worker takes only groups busy on the CPU (parts 0 and 2). The order
    is the workers' collection order (``--no-loadscope-reorder``), sorted above."""

    _parts: dict[str, int] | None = None

    def _split_scope(self, nodeid: str) -> str:
        return group_of(nodeid)

    def _running_quiet(self, node: Any) -> bool:
        return any(not done for scope, unit in self.assigned_work.get(node, {}).items()
                   if file_of(scope) in QUIET for done in unit.values())

    def parts(self) -> dict[str, int]:
        if self._parts is None:  # (read once the collections are in: the file is written)
            path = os.environ.get(PARTS_ENV)
            try:
                data = json.loads(Path(path).read_text(encoding="utf-8")) if path else {}
                self._parts = {str(k): int(v) for k, v in data.items()}
            except (OSError, ValueError, TypeError, AttributeError):
                self._parts = {}
        return self._parts

    def _assign_work_unit(self, node: Any) -> None:
        if not background(node):
            if self.workqueue and self._running_quiet(node):
                # An xdist worker starts a test only once it holds the next one, so the
                # worker of a QUIET group gets one more group while it plays: the last in
                # the queue, the shortest, or it would start it after the quiet one's 50 s
                # and end the run alone (a 10 s group did, in one run).
                self.workqueue.move_to_end(next(reversed(self.workqueue)), last=False)
            super()._assign_work_unit(node)
            return
        parts = self.parts()
        # A group the parts do not name (no file) counts as one in real time: never taken.
        busy = next((g for g in self.workqueue if parts.get(g, 1) in (0, 2)), None)
        if busy is None:
            # none now, so none later (the queue only shrinks): it runs what it holds and ends
            node.shutdown()
            return
        self.workqueue.move_to_end(busy, last=False)
        super()._assign_work_unit(node)


@pytest.hookimpl(optionalhook=True)  # (a run with ``-p no:xdist`` has no such hook)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") == "loadfile":
        return SpreadFileScheduling(config, log)
    return None


# ---------------------------------------------------------------- recording the durations
_took: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Under xdist the controller hears every test's report: the seconds of its phases."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        _took[report.nodeid] = _took.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    flag = quiet_flag()
    if flag is not None and os.environ.get("PYTEST_XDIST_WORKER") is None:
        for path in (flag, Path(os.environ.get(PARTS_ENV, flag))):
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)
        os.environ.pop(QUIET_FLAG_ENV, None)
        os.environ.pop(PARTS_ENV, None)
    if os.environ.get("PYTEST_XDIST_WORKER") is not None or not _took or \
            not session.config.pluginmanager.hasplugin("dsession"):
        return  # a worker, or a run without xdist
    files: dict[str, float] = {}
    for nodeid, took in _took.items():
        files[file_of(nodeid)] = files.get(file_of(nodeid), 0.0) + took
    data = {"files": {k: round(v, 2) for k, v in sorted(files.items())},
            "tests": {k: round(v, 2) for k, v in sorted(_took.items()) if v >= NAMED_S}}
    out = Path(str(DURATIONS_OUT).format(engine=os.environ.get("UNO_ENGINE", "auto")))
    with contextlib.suppress(OSError):
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")


def _wait_for_native_build(status: Path) -> None:
    deadline = time.monotonic() + BUILD_WAIT_S
    while not status.exists():
        if time.monotonic() > deadline:
            pytest.fail(f"the native build did not finish in {BUILD_WAIT_S} s ({status})")
        time.sleep(0.2)
    code = status.read_text(encoding="utf-8").strip()
    if code != "0":
        pytest.fail(f"the native build failed (exit {code}); `make native` says why")


# ---------------------------------------------------------------- a quiet machine
#: The controller's files for its workers: the flag a ``QUIET`` test creates when it starts,
#: and each group's part (for the background worker).
QUIET_FLAG_ENV = "UNO_QUIET_FLAG"
PARTS_ENV = "UNO_GROUP_PARTS"
_quiet = {"niced": False}


def pytest_configure(config: pytest.Config) -> None:
    """The controller of a run with workers names the file a ``QUIET`` test creates when it
    starts, and the one the workers write the groups' parts to (the workers inherit its
    environment), after clearing a killed run's."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None and config.getoption("dist", "no") != "no":
        for old in [*(ROOT / "build").glob("quiet-*"), *(ROOT / "build").glob("parts-*")]:
            with contextlib.suppress(OSError):
                old.unlink()
        os.environ[QUIET_FLAG_ENV] = str(ROOT / "build" / f"quiet-{os.getpid()}")
        os.environ[PARTS_ENV] = str(ROOT / "build" / f"parts-{os.getpid()}.json")
        (ROOT / "build").mkdir(exist_ok=True)


def quiet_flag() -> Path | None:
    path = os.environ.get(QUIET_FLAG_ENV)
    return Path(path) if path else None


def quiet_turn(item: pytest.Item) -> None:
    """A ``QUIET`` test says it has started; any other test busy on the CPU, on another
    worker after that, runs (with all this worker's later tests) at ``QUIET_NICE``. (A test
    in real time handed out before the quiet one keeps its priority: it may run beside the
    native run, whose priority is 10.)"""
    flag = quiet_flag()
    if flag is None:
        return
    if file_of(item.nodeid) in QUIET:
        with contextlib.suppress(OSError):
            flag.parent.mkdir(parents=True, exist_ok=True)
            flag.touch()
    elif not _quiet["niced"] and flag.exists() and not real_time(item):
        os.nice(QUIET_NICE)
        _quiet["niced"] = True


@pytest.hookimpl(tryfirst=True)  # before the test's fixtures (the bundle) are set up
def pytest_runtest_setup(item: pytest.Item) -> None:
    quiet_turn(item)
    status = os.environ.get(BUILD_STATUS_ENV)
    if status and not is_engine_test(item):
        _wait_for_native_build(Path(status))
