"""The release workflow (.github/workflows/release.yml) and its smoke run (packaging/smoke.py).

Only the Linux job can run here (tests/packaging/test_bundle.py builds and smoke-runs that
bundle); these tests read the workflow as GitHub would and hold it to what the release needs:
three operating systems, the same spec, a headless smoke run, assets attached on a tag only.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
SMOKE = ROOT / "packaging" / "smoke.py"


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _triggers(workflow: dict[Any, Any]) -> dict[str, Any]:
    # YAML 1.1 reads a bare `on:` key as the boolean True.
    on = workflow.get("on", workflow.get(True))
    assert isinstance(on, dict), on
    return on


def _steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    steps = job["steps"]
    assert isinstance(steps, list) and all(isinstance(s, dict) for s in steps)
    return steps


def _runs(job: dict[str, Any]) -> str:
    return "\n".join(str(s.get("run", "")) for s in _steps(job))


def test_it_runs_on_a_version_tag_and_by_hand(workflow: dict[Any, Any]) -> None:
    on = _triggers(workflow)
    assert on["push"]["tags"] == ["v*"]
    assert "workflow_dispatch" in on
    assert "branches" not in on["push"]  # a push to a branch releases nothing


def test_it_builds_on_linux_windows_and_macos(workflow: dict[Any, Any]) -> None:
    build = workflow["jobs"]["build"]
    assert build["runs-on"] == "${{ matrix.os }}"
    include = build["strategy"]["matrix"]["include"]
    systems = {entry["os"].split("-")[0] for entry in include}
    assert systems == {"ubuntu", "windows", "macos"}
    assert build["strategy"]["fail-fast"] is False  # one OS failing still shows the others
    assets = [entry["asset"] for entry in include]
    assert len(set(assets)) == len(assets)
    for entry in include:
        exe = entry["executable"]
        assert exe == ("dist/uno.exe" if entry["os"].startswith("windows") else "dist/uno")


def test_every_build_uses_the_one_spec_and_python_311(workflow: dict[Any, Any]) -> None:
    build = workflow["jobs"]["build"]
    runs = _runs(build)
    assert "make dist" in runs  # Linux: the Makefile's target, which runs pyinstaller.spec
    assert "python -m PyInstaller --noconfirm --log-level WARN pyinstaller.spec" in runs
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-m PyInstaller --noconfirm --log-level WARN pyinstaller.spec" in makefile
    assert "pybabel compile" in runs  # the .mo are not in git
    python = [s for s in _steps(build) if str(s.get("uses", "")).startswith(
        "actions/setup-python")]
    assert python and python[0]["with"]["python-version"] == "3.11"


def test_every_build_is_smoke_run_headless_before_it_is_kept(workflow: dict[Any, Any]) -> None:
    steps = _steps(workflow["jobs"]["build"])
    names = [str(s.get("name", s.get("uses", ""))) for s in steps]
    smoke_at = next(i for i, s in enumerate(steps) if "packaging/smoke.py" in str(s.get("run")))
    upload_at = next(i for i, s in enumerate(steps)
                     if str(s.get("uses", "")).startswith("actions/upload-artifact"))
    assert smoke_at < upload_at, names
    smoke = steps[smoke_at]
    assert "if" not in smoke  # every OS
    assert "matrix.executable" in smoke["run"]
    # The smoke script is what makes it headless (dummy SDL drivers, first frame, selfcheck).
    source = SMOKE.read_text(encoding="utf-8")
    for needle in ('SDL_VIDEODRIVER="dummy"', "UNO_EXIT_AFTER_FIRST_FRAME", "--selfcheck",
                   "--headless"):
        assert needle in source, needle


def test_the_linux_job_is_make_dist_then_the_smoke_run(workflow: dict[Any, Any]) -> None:
    """What the report says was run here: these two commands, in this order."""
    steps = [s for s in _steps(workflow["jobs"]["build"])
             if "run" in s and s.get("if", "runner.os == 'Linux'") == "runner.os == 'Linux'"]
    runs = [str(s["run"]).strip() for s in steps]
    assert runs[0] == "make dist PYTHON=python"
    assert runs[1].startswith("python packaging/smoke.py")
    linux = next(e for e in workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
                 if e["os"].startswith("ubuntu"))
    # The bundle from make dist ships the compiled engine, and its smoke run requires it.
    assert linux["smoke"].split() == ["--strict-bundle", "--native"]


def test_the_macos_builds_also_ship_and_smoke_the_app(workflow: dict[Any, Any]) -> None:
    macs = [e for e in workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
            if e["os"].startswith("macos")]
    assert {m["asset"] for m in macs} == {"macos-arm64", "macos-x86_64"}
    for mac in macs:
        assert shlex.split(mac["smoke"]) == ["--app", "dist/UNO for the family.app"]
    assert "ditto -c -k --keepParent" in _runs(workflow["jobs"]["build"])


def test_release_attaches_the_builds_on_a_tag_only(workflow: dict[Any, Any]) -> None:
    release = workflow["jobs"]["release"]
    assert release["needs"] == "build"
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert release["permissions"] == {"contents": "write"}
    assert workflow["permissions"] == {"contents": "read"}  # everything else reads only
    runs = _runs(release)
    assert "gh release upload" in runs and "sha256sum" in runs


def test_every_action_is_pinned_to_a_version(workflow: dict[Any, Any]) -> None:
    for job in workflow["jobs"].values():
        for step in _steps(job):
            if "uses" in step:
                name, _, version = str(step["uses"]).partition("@")
                assert name.startswith("actions/"), step  # GitHub's own actions only
                assert version.startswith("v"), step


def _fake_executable(tmp_path: Path, body: str) -> Path:
    exe = tmp_path / "uno"
    exe.write_text(f"#!{sys.executable}\nimport sys, json, os\n{body}\n", encoding="utf-8")
    exe.chmod(0o755)
    return exe


def _smoke(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SMOKE), *args], capture_output=True, text=True,
                          timeout=120, check=False)


def test_smoke_fails_on_a_missing_executable(tmp_path: Path) -> None:
    done = _smoke(str(tmp_path / "nothing"))
    assert done.returncode == 1 and "make dist" in done.stderr


def test_smoke_fails_when_the_selfcheck_was_not_run_from_a_bundle(tmp_path: Path) -> None:
    """A program that answers everything but is not frozen (python -m game, say) fails."""
    exe = _fake_executable(tmp_path, """
args = sys.argv[1:]
if args == ["--help"]:
    print("usage: uno [--headless]")
elif args[:1] == ["--headless"]:
    print("Match winner: Ada")
elif args == ["--selfcheck"]:
    print(json.dumps({"ok": True, "frozen": False, "portaudio_in_bundle": False}))
""")
    done = _smoke(str(exe))
    assert done.returncode == 1
    assert "ok  headless match" in done.stdout and "--selfcheck" in done.stderr


def test_smoke_fails_when_the_window_never_draws(tmp_path: Path) -> None:
    exe = _fake_executable(tmp_path, """
args = sys.argv[1:]
if args == ["--help"]:
    print("usage: uno [--headless]")
elif args[:1] == ["--headless"]:
    print("Match winner: Ada")
elif args == ["--selfcheck"]:
    print(json.dumps({"ok": True, "frozen": True, "portaudio_in_bundle": True}))
else:
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"
    sys.exit(3)
""")
    done = _smoke(str(exe))
    assert done.returncode == 1
    assert "ok  --selfcheck" in done.stdout and "first frame" in done.stderr


_ANSWERS_EVERYTHING = """
args = sys.argv[1:]
if args == ["--help"]:
    print("usage: uno [--headless]")
elif args[:1] == ["--headless"]:
    print("Match winner: Ada")
elif args == ["--selfcheck"]:
    print(json.dumps({"ok": True, "frozen": True, "portaudio_in_bundle": True}))
elif "UNO_BOT_TRACE" in os.environ:
    # The match against AI (smoke step 5): a bots' process of its own answers each level,
    # the trace says so, and the state file shows the match's end.
    import subprocess, time
    bots = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    runner = os.environ.get("FAKE_RUNNER", "process")
    pid = bots.pid if runner == "process" else os.getpid()
    with open(os.environ["UNO_BOT_TRACE"], "w") as trace:
        trace.write(json.dumps({"event": "ready", "game_pid": os.getpid(), "pid": bots.pid,
                                "game_engine": "native"}) + "\\n")
        if runner == "fallback":
            trace.write(json.dumps({"event": "fallback", "game_pid": os.getpid(),
                                    "reason": "the bots' process died",
                                    "game_engine": "native"}) + "\\n")
        for level in ("easy", "medium", "hard"):
            trace.write(json.dumps({"event": "decision", "job": "choose", "level": level,
                                    "runner": runner, "pid": pid, "game_pid": os.getpid(),
                                    "engine": "native", "game_engine": "native"}) + "\\n")
    with open(os.environ["UNO_TEST_STATE"], "w") as state:
        state.write(json.dumps({"top": "match_end", "table": {"winners": [0]}}))
    try:
        time.sleep(60)
    finally:
        bots.kill()
else:
    assert os.environ["SDL_VIDEODRIVER"] == "dummy" and os.environ["SDL_AUDIODRIVER"] == "dummy"
    print(json.dumps({"first_frame_at": 1.0}))
"""


def _fake_app(tmp_path: Path, program: str, icon: bool = True) -> Path:
    app = tmp_path / "UNO for the family.app"
    (app / "Contents" / "MacOS").mkdir(parents=True)
    (app / "Contents" / "Resources").mkdir()
    if icon:
        (app / "Contents" / "Resources" / "icon.icns").write_bytes(b"icns")
    exe = app / "Contents" / "MacOS" / "uno-family"
    exe.write_text(f"#!{sys.executable}\nimport sys, json, os\n{program}\n", encoding="utf-8")
    exe.chmod(0o755)
    return app


def test_smoke_passes_a_build_that_answers_everything_and_a_silent_app(tmp_path: Path) -> None:
    """The macOS app may have no output at all: the state file it writes is the evidence."""
    exe = _fake_executable(tmp_path, _ANSWERS_EVERYTHING)
    app = _fake_app(tmp_path, """
from pathlib import Path
Path(os.environ["UNO_TEST_STATE"]).write_text(json.dumps({"top": "title"}))
""")
    done = _smoke(str(exe), "--app", str(app))
    assert done.returncode == 0, done.stderr
    assert "ok  window" in done.stdout and "ok  UNO for the family.app" in done.stdout


@pytest.mark.parametrize("runner", ["thread", "fallback"])
def test_smoke_fails_a_match_whose_ai_did_not_think_in_the_bots_process(
        tmp_path: Path, runner: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 5: an AI decision made on a thread of the game, or a fallback to one, fails."""
    monkeypatch.setenv("FAKE_RUNNER", runner)
    exe = _fake_executable(tmp_path, _ANSWERS_EVERYTHING)
    done = _smoke(str(exe))
    assert done.returncode == 1
    assert ("not made in the bots' process" if runner == "thread" else "fell back") in \
        done.stderr, done.stderr


def test_smoke_fails_an_app_that_never_draws_or_has_no_icon(tmp_path: Path) -> None:
    exe = _fake_executable(tmp_path, _ANSWERS_EVERYTHING)
    mute = _fake_app(tmp_path / "a", "pass")
    done = _smoke(str(exe), "--app", str(mute))
    assert done.returncode == 1 and "first frame" in done.stderr
    no_icon = _fake_app(tmp_path / "b", _ANSWERS_EVERYTHING, icon=False)
    done = _smoke(str(exe), "--app", str(no_icon))
    assert done.returncode == 1 and "icns" in done.stderr
