"""tools/install-system-deps.sh: a package that is installed always reads as installed.

The script once asked ``dpkg -s P | grep -qx 'Status: …'`` under ``pipefail``. ``grep -q``
stops at its match, ``dpkg`` then dies of SIGPIPE writing the rest of a long status (libc6-dev
prints 4.6 kB), and the package read as missing in about half the runs: ``make play`` stopped
on a fresh machine with "still missing after apt-get install", or ran ``apt-get`` offline.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "install-system-deps.sh"

pytestmark = pytest.mark.skipif(
    shutil.which("dpkg-query") is None or shutil.which("apt-get") is None,
    reason="not a Debian-like system")


def _packages() -> list[str]:
    """The script's own list, read by bash itself."""
    text = SCRIPT.read_text(encoding="utf-8")
    start = text.index("PACKAGES=(")
    end = text.index(")", start)
    done = subprocess.run(["bash", "-c", text[start:end + 1] + '\nprintf "%s\\n" "${PACKAGES[@]}"'],
                          capture_output=True, text=True, check=True)
    return done.stdout.split()


def _all_installed() -> bool:
    done = subprocess.run(["bash", str(SCRIPT)], env={**os.environ, "UNO_DEPS_CHECK_ONLY": "1"},
                          capture_output=True, text=True, check=True)
    return done.stdout.strip() == ""


def _spy_path(tmp_path: Path) -> dict[str, str]:
    """A PATH on which ``apt-get`` and ``sudo`` only record that they were called."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls.log"
    for name in ("apt-get", "sudo"):
        spy = bin_dir / name
        spy.write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\nexit 1\n', encoding="utf-8")
        spy.chmod(spy.stat().st_mode | stat.S_IEXEC)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def test_a_package_with_a_long_status_reads_as_installed_every_time() -> None:
    """libc6-dev's status text is kilobytes long: the check must not race with its reader."""
    if "libc6-dev" not in _packages():
        pytest.fail("the script no longer lists libc6-dev; pick another long-status package")
    status = subprocess.run(["dpkg", "-s", "libc6-dev"], capture_output=True, text=True)
    if status.returncode != 0:
        pytest.skip("libc6-dev is not installed here")
    assert len(status.stdout) > 2000, "the point is a status longer than a pipe's first read"
    text = SCRIPT.read_text(encoding="utf-8")
    start = text.index("is_installed() {")
    end = text.index("\n}\n", start) + 3
    loop = ("set -euo pipefail\n" + text[start:end]
            + "n=0; for i in $(seq 200); do is_installed libc6-dev || n=$((n+1)); done; echo $n")
    done = subprocess.run(["bash", "-c", loop], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "0"


def test_a_missing_package_reads_as_missing() -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    start = text.index("is_installed() {")
    end = text.index("\n}\n", start) + 3
    probe = ("set -euo pipefail\n" + text[start:end]
             + "is_installed uno-no-such-package-xyz && echo yes || echo no")
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "no"


def test_fifty_runs_on_an_installed_machine_report_nothing_missing_and_run_no_apt_get(
        tmp_path: Path) -> None:
    if not _all_installed():
        pytest.skip("this machine lacks some of the packages (make test installs them first)")
    env = _spy_path(tmp_path)
    for _ in range(50):
        done = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "already installed" in done.stderr, done.stderr
    assert not (tmp_path / "calls.log").exists(), (tmp_path / "calls.log").read_text()
