"""The engine build switch (game/__init__.py, tools/build_native.py): which build runs is
explicit, reported, and an old native build never shadows edited sources.

The native build's own behaviour is tested by running tests/rules, tests/editions and
tests/golden against it (``make test`` does: ``UNO_ENGINE=native``).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import game
import game.rules
from game import engine_sources, native_state

ROOT = Path(__file__).resolve().parents[1]


def run_python(code: str, engine: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "UNO_ENGINE": engine}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def fake_build(out: Path, *, change: str | None = None) -> None:
    """A manifest of the current sources (one hash altered if ``change``) naming one
    existing file as a compiled module."""
    sources = {rel: hashlib.sha256((ROOT / rel).read_bytes()).hexdigest()
               for rel in engine_sources(str(ROOT))}
    if change:
        sources[change] = "0" * 64
    out.mkdir(parents=True, exist_ok=True)
    (out / "engine.so").write_bytes(b"")
    manifest = {"python": sys.implementation.cache_tag, "modules": {"x.engine": "engine.so"},
                "sources": sources}
    (out / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def test_the_build_in_use_is_reported_and_agrees_with_the_engine_module() -> None:
    assert game.ENGINE in ("native", "pure")
    assert (game.ENGINE == "native") == game.rules.COMPILED
    assert (game.ENGINE_NOTE == "") == (game.ENGINE == "native")


def test_pure_is_chosen_on_request_whatever_is_built() -> None:
    r = run_python("import game, game.rules as r; print(game.ENGINE, r.COMPILED)", "pure")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["pure", "False"]


def test_an_unknown_engine_choice_is_a_clear_error() -> None:
    r = run_python("import game", "fast")
    assert r.returncode != 0
    assert "UNO_ENGINE='fast'" in r.stderr and "auto, native, pure" in r.stderr


def test_no_build_is_missing_and_insisting_on_native_says_why(tmp_path: Path) -> None:
    assert native_state(str(tmp_path))[0] == "missing"
    if native_state()[0] == "fresh":
        return  # the tree has a fresh build: the refusal cannot be shown here
    r = run_python("import game", "native")
    assert r.returncode != 0
    assert "UNO_ENGINE=native, but the native build is" in r.stderr
    assert "make native" in r.stderr


def test_a_build_of_the_current_sources_is_fresh(tmp_path: Path) -> None:
    fake_build(tmp_path)
    assert native_state(str(tmp_path)) == ("fresh", "")


def test_an_edited_source_makes_the_build_stale(tmp_path: Path) -> None:
    fake_build(tmp_path, change="game/rules/engine.py")
    state, why = native_state(str(tmp_path))
    assert state == "stale" and "game/rules/engine.py" in why


def test_an_edited_edition_rules_module_makes_the_build_stale(tmp_path: Path) -> None:
    """The editions' engine modules are the engine's source too (game/editions/<name>/)."""
    for rel in ("game/editions/roboto/rules.py", "game/editions/triple/trays.py"):
        fake_build(tmp_path, change=rel)
        state, why = native_state(str(tmp_path))
        assert state == "stale" and rel in why


def test_the_engine_sources_are_the_engines_not_the_editions_other_layers() -> None:
    sources = engine_sources(str(ROOT))
    assert "game/rules/engine.py" in sources and "game/bots/driver.py" in sources
    assert {"game/editions/official/rules.py", "game/editions/triple/trays.py"} <= set(sources)
    assert not [s for s in sources if s.startswith("game/editions/")
                and s.rsplit("/", 1)[1] in ("__init__.py", "voice.py", "table.py")]
    assert not [s for s in sources if "/table/" in s]


def test_a_build_for_another_python_or_with_a_module_missing_is_stale(tmp_path: Path) -> None:
    fake_build(tmp_path)
    (tmp_path / "engine.so").unlink()
    assert native_state(str(tmp_path)) == ("stale", "engine.so is missing")
    fake_build(tmp_path)
    data = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    data["python"] = "cpython-27"
    (tmp_path / "manifest.json").write_text(json.dumps(data), encoding="utf-8")
    assert native_state(str(tmp_path))[0] == "stale"


def test_a_corrupt_manifest_is_stale_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "manifest.json").write_text("{not json", encoding="utf-8")
    state, why = native_state(str(tmp_path))
    assert state == "stale" and "unreadable manifest" in why


def test_the_native_build_plays_the_same_games_as_the_source() -> None:
    # Asked when the test runs, not when it is collected: `make test` builds the native
    # engine while the first tests run (this one waits for it, tests/conftest.py).
    if native_state()[0] != "fresh":
        pytest.skip("no fresh native build (make native)")
    code = ("import json, game; from game.tools.sim import main; "
            "main(['--players', '4', '--games', '40', '--seed', '3', '--bot', 'random-play'])")
    pure, native = run_python(code, "pure"), run_python(code, "native")
    assert pure.returncode == native.returncode == 0, pure.stderr + native.stderr
    a, b = json.loads(pure.stdout), json.loads(native.stdout)
    assert (a["engine"], b["engine"]) == ("pure", "native")
    for key in ("wins_by_seat", "mean_turns", "errors"):
        assert a[key] == b[key], key
