"""The one-file executable ``dist/uno``: it builds, plays a headless match, and is self-contained.

The bundle is built once per module (``slow``: about half a minute) into a temporary folder, so
concurrent test runs and the developer's own ``dist/uno`` never collide. Its build time, size and
start-up times are written to ``test-output/bundle-metrics.json`` (and printed with ``-s``).
The ``resource_path`` and source-level ``--selfcheck`` tests are fast and run everywhere.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game import ENGINE, native_state, resources
from game.resources import resource_path, resource_root

ROOT = Path(__file__).resolve().parents[2]
METRICS_FILE = ROOT / "test-output" / "bundle-metrics.json"
HEADLESS_ARGS = ["--headless", "--edition", "official", "--players", "4", "--seed", "7"]


def _record(metrics: dict[str, Any], **values: Any) -> None:
    metrics.update(values)
    METRICS_FILE.parent.mkdir(parents=True, exist_ok=True)
    METRICS_FILE.write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(f"\nbundle metrics: {json.dumps(values)}")


def _smoke_module() -> ModuleType:
    """packaging/smoke.py (a script, not a package module)."""
    spec = importlib.util.spec_from_file_location("uno_smoke", ROOT / "packaging" / "smoke.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _headless_env() -> dict[str, str]:
    """No display at all: the dummy SDL video driver, no DISPLAY/WAYLAND_DISPLAY."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SDL_VIDEODRIVER"] = "dummy"
    return env


@pytest.fixture(scope="module")
def metrics() -> dict[str, Any]:
    return {}


@pytest.fixture(scope="module")
def bundle(metrics: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build ``uno`` from pyinstaller.spec with this interpreter's PyInstaller, as `make dist`
    does, but into a temporary folder."""
    out = tmp_path_factory.mktemp("bundle")
    started = time.perf_counter()
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(out / "dist"),
            "--workpath",
            str(out / "build"),
            "pyinstaller.spec",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    seconds = time.perf_counter() - started
    assert build.returncode == 0, (
        f"PyInstaller failed ({build.returncode}):\n{build.stdout[-4000:]}\n{build.stderr[-8000:]}"
    )
    executable = out / "dist" / "uno"
    assert executable.is_file() and os.access(executable, os.X_OK)
    size = executable.stat().st_size
    _record(
        metrics, build_seconds=round(seconds, 1), bundle_bytes=size, bundle_mb=round(size / 1e6, 1)
    )
    return executable


@pytest.mark.slow
def test_bundle_plays_a_headless_match_without_a_display(
    bundle: Path, metrics: dict[str, Any]
) -> None:
    started = time.perf_counter()
    done = subprocess.run(
        [str(bundle), *HEADLESS_ARGS],
        env=_headless_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    seconds = time.perf_counter() - started
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout}\n{done.stderr[-4000:]}"
    winners = [line for line in done.stdout.splitlines() if line.startswith("Match winner")]
    assert winners, f"no 'Match winner' line in the output:\n{done.stdout}"
    _record(metrics, headless_match_seconds=round(seconds, 2))


@pytest.mark.slow
def test_bundle_ships_the_native_engine_when_one_is_built(bundle: Path) -> None:
    """With a fresh build/native (``make dist`` makes one), the bundle carries it:
    ``UNO_ENGINE=native`` refuses to start without it, and the match plays the same."""
    if native_state()[0] != "fresh":
        pytest.skip("no fresh native build (make native)")
    outputs = []
    for engine in ("native", "pure"):
        done = subprocess.run(
            [str(bundle), *HEADLESS_ARGS],
            env={**_headless_env(), "UNO_ENGINE": engine},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, f"{engine}: exit {done.returncode}\n{done.stderr[-4000:]}"
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]


@pytest.mark.slow
def test_bundle_starts_quickly(bundle: Path, metrics: dict[str, Any]) -> None:
    """Start-up alone (unpack + interpreter + argument parsing): best of three ``--help``."""
    times = []
    for _ in range(3):
        started = time.perf_counter()
        done = subprocess.run(
            [str(bundle), "--help"],
            env=_headless_env(),
            capture_output=True,
            timeout=120,
            check=False,
        )
        times.append(time.perf_counter() - started)
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-4000:]
    _record(metrics, start_seconds=round(min(times), 2))
    assert min(times) < 15


@pytest.mark.slow
def test_bundle_speaks_and_loads_portaudio_from_inside_itself(
    bundle: Path, metrics: dict[str, Any]
) -> None:
    done = subprocess.run(
        [str(bundle), "--selfcheck"],
        env=_headless_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    try:
        report = json.loads(done.stdout)  # stdout must be the JSON object and nothing else
    except json.JSONDecodeError as exc:
        pytest.fail(
            f"--selfcheck stdout is not one JSON object ({exc}), exit {done.returncode}:\n"
            f"{done.stdout}\n--- stderr:\n{done.stderr[-4000:]}"
        )
    details = json.dumps(report, indent=2)
    assert report["frozen"] is True, details
    assert report["espeak_in_bundle"] is True, details
    assert report["portaudio_in_bundle"] is True, details
    assert report["espeak_data_path"] == report["bundle_dir"], details
    for lang, voice_family in (("en", "gmw/"), ("fr", "roa/")):
        speech = report["speech"][lang]
        assert "error" not in speech, details
        assert speech["frames"] > 0, details
        assert speech["peak"] > 0.01, details
        assert str(speech["voice"]).startswith(voice_family), details
    assert report["ok"] is True and done.returncode == 0, details
    # Compiled catalogues and assets travel inside the bundle.
    expected = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("locale/*/LC_MESSAGES/*.mo"))
    assert report["resources"]["catalogues"] == expected, details
    if any(p.is_file() for p in (ROOT / "assets").rglob("*")):
        assert report["resources"]["assets"] is True, details
    _record(metrics, selfcheck_ok=report["ok"])


def test_selfcheck_from_source_prints_only_json() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game.tools.selfcheck"],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = json.loads(done.stdout)
    assert report["frozen"] is False
    assert report["espeak_in_bundle"] is False and report["portaudio_in_bundle"] is False
    assert done.returncode == (0 if report["ok"] else 1), report


def test_resource_path_from_source_is_the_project_root() -> None:
    assert resource_root() == ROOT
    assert resource_path() == ROOT
    assert resource_path("assets") == ROOT / "assets"
    assert resource_path("locale", "fr", "LC_MESSAGES") == ROOT / "locale" / "fr" / "LC_MESSAGES"
    assert resource_path(Path("assets") / "cards") == ROOT / "assets" / "cards"


def test_resource_path_when_frozen_is_the_bundle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resource_root() == tmp_path
    assert resource_path("locale") == tmp_path / "locale"


@pytest.mark.parametrize("bad", ["/etc/passwd", "../outside", "assets/../../x"])
def test_resource_path_refuses_paths_outside_the_root(bad: str) -> None:
    with pytest.raises(ValueError):
        resource_path(bad)


@pytest.mark.slow
def test_bundle_passes_the_release_smoke_run(bundle: Path, metrics: dict[str, Any]) -> None:
    """packaging/smoke.py, as the release workflow runs it on the Linux build; with a fresh
    native build (``make dist`` makes one) it also requires the compiled engine, in the game
    and in the bots' process of the window's match against AI (issue 31)."""
    native = native_state()[0] == "fresh"
    done = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "smoke.py"), str(bundle), "--strict-bundle",
         *(["--native"] if native else [])],
        env=_headless_env(),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    summary = json.loads(done.stdout[done.stdout.index("\n{") + 1 :])
    assert summary["steps"]["selfcheck"]["ok"] is True
    match = summary["steps"]["match"]
    assert match["decisions"] > 0 and match["game_pid"] not in match["bot_pids"]
    assert match["levels"] == ["easy", "hard", "medium"]
    if native:
        assert match["engine"] == "native"
    _record(metrics, smoke_first_frame_seconds=summary["steps"]["window"]["first_frame_seconds"],
            smoke_match_seconds=match["seconds"], smoke_match_decisions=match["decisions"])


@pytest.mark.parametrize("seed", [7, 1, 2024])
def test_the_smoke_run_s_deal_is_a_fresh_deal_the_game_reads(seed: int) -> None:
    """The smoke run writes its deal without the game's code: the game must read it as the
    start of a single-hand official match, and write it back the same."""
    from game.rules.decisions import Decision
    from game.rules.position import dump, load
    from game.rules.ruleset import MatchKind

    text = _smoke_module().fresh_position(seed)
    game = load(text)
    assert dump(game) == text
    assert game.ruleset.edition == "official" and game.ruleset.match is MatchKind.SINGLE_HAND
    assert [len(h) for h in game.hands] == [7, 7, 7, 7] and game.decision is Decision.TURN
    assert len(game.discard) == 1 and game.discard[0].is_number


def test_the_smoke_run_s_match_against_ai_passes_from_source(tmp_path: Path) -> None:
    """The smoke run's match step (packaging/smoke.py) on ``python -m game``, on this run's
    engine: the window plays a whole match against hard, medium and easy AI, every AI
    decision made in the bots' own process, none on a thread of the game."""
    smoke = _smoke_module()
    env = {**smoke._env(tmp_path), "PYTHONPATH": str(ROOT), "UNO_ENGINE": ENGINE}
    match = smoke.match_against_ai([sys.executable, "-m", "game"], env, tmp_path,
                                   ENGINE == "native")
    assert match["engine"] == ENGINE and match["decisions"] > 0
    assert match["game_pid"] not in match["bot_pids"] and match["winners"]


@pytest.mark.slow
def test_bundle_carries_the_icon(bundle: Path) -> None:
    from PyInstaller.archive.readers import CArchiveReader

    names = set(CArchiveReader(str(bundle)).toc)
    assert "assets/icon.png" in names, sorted(n for n in names if n.startswith("assets"))


@pytest.mark.slow
def test_bundle_adds_itself_to_the_application_menu(bundle: Path, tmp_path: Path) -> None:
    """A downloaded Linux executable: ``uno --install-desktop-entry`` names itself in Exec."""
    env = {**_headless_env(), "XDG_DATA_HOME": str(tmp_path), "LANGUAGE": "en"}
    done = subprocess.run([str(bundle), "--install-desktop-entry"], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-4000:]
    entry = tmp_path / "applications" / "uno-family.desktop"
    lines = entry.read_text(encoding="utf-8").splitlines()
    assert f"Exec={bundle}" in lines and "Name[fr]=UNO en famille" in lines
    for size in (48, 256):
        assert (tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "uno-family.png"
                ).is_file()
