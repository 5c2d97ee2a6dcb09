"""Build the compiled ("native") engine: game/rules, the editions' engine modules
(``game/editions/<name>/rules.py`` and the like) and the bots' hot path through mypyc.

    python tools/build_native.py            (``make native``; about half a minute on 2 cores)
    python tools/build_native.py --check    exit 0 if build/native matches the sources, else 1

The pure-Python source stays the one source of truth: this compiles it, unchanged, into
C extension modules under ``build/native/`` (never next to the sources), and writes
``build/native/manifest.json``: which modules were compiled, into which files, and a
SHA-256 of every source file of the engine (``game.engine_sources``). ``game/__init__.py`` loads the
compiled modules only while that manifest matches the sources (``UNO_ENGINE`` chooses:
``auto``, the default, ``native`` or ``pure``; ``game.ENGINE`` says which is in use).

Needs a C compiler and the Python headers (``tools/install-system-deps.sh`` installs
gcc and python3-dev) and mypy (the test extra). The game never needs them: without a
build, or with a stale one, it runs the pure engine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["UNO_ENGINE"] = "pure"  # only reading its list: importing game must not insist
from game import engine_sources  # noqa: E402  (the one list of the engine's sources)

OUT = ROOT / "build" / "native"
TEMP = ROOT / "build" / "native-tmp"
GROUP = "game.rules.compiled"  # the shared library is ``game.rules.compiled__mypyc``

#: Modules left interpreted: package ``__init__`` files (the switch reads them) and
#: ``native.py``, whose no-op decorator exists only outside mypyc (its helpers for
#: compiled classes, ``blank`` and ``pickle_by_fields``, run interpreted beside them).
#: Actions and events are compiled: reading their fields is the hot path (they pickle
#: through ``pickle_by_fields``, so they still cross to the bots' process), and their
#: written ``__init__`` methods take what callers pass by hand (a card's or a colour's
#: number, a list) on both engines; ``redact`` takes any value, so the table's own lines
#: (``HouseRulesTonight``) pass through it on either engine (tests/rules/test_house_rules.py).
KEEP_PURE = ("__init__.py", "native.py")
#: The bots' hot path, compiled with the engine: the match runner, the random and
#: heuristic bots, how every bot plays the house rules (asked after each card with
#: jump-in on), the hard bot's play-outs and its dealing of the hidden cards (measured:
#: half the search's time went there once the engine was compiled) and its statistics over
#: the worlds. The rest of game/bots (the search loop, whose class the arena reads options
#: from by signature, beliefs, the medium rules) stays interpreted until it is measured to
#: pay.
BOT_MODULES = (
    "game/bots/driver.py",
    "game/bots/random_bot.py",
    "game/bots/base.py",
    "game/bots/heuristic.py",
    "game/bots/house.py",
    "game/bots/rollout.py",
    "game/bots/determinize.py",
    "game/bots/paired.py",
)


def sources() -> list[Path]:
    """Every source file of the engine (a change anywhere there makes the build stale,
    whether or not the changed module is compiled): game/rules, game/bots and the editions'
    engine modules, as ``game/__init__.py`` reads them."""
    return [ROOT / rel for rel in engine_sources(str(ROOT))]


def to_compile() -> list[Path]:
    """game/rules and the editions' engine modules, and the bots' hot path."""
    rules = [p for p in sources() if p.suffix == ".py" and not p.is_relative_to(ROOT / "game/bots")
             and p.name not in KEEP_PURE]
    return sorted(rules) + [ROOT / m for m in BOT_MODULES]


def fingerprint() -> dict[str, str]:
    return {
        str(p.relative_to(ROOT)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sources()
    }


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def build(opt_level: str) -> dict[str, object]:
    # mypyc and setuptools are build tools, imported only here.
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [str(p.relative_to(ROOT)) for p in to_compile()]
    before = fingerprint()
    shutil.rmtree(OUT, ignore_errors=True)
    shutil.rmtree(TEMP, ignore_errors=True)
    started = time.perf_counter()
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypy reads pyproject.toml and resolves ``game`` from here
    try:
        # The project's mypy settings apply; only the note about config sections for
        # modules outside this build would otherwise count as an error.
        extensions = mypycify(
            ["--no-warn-unused-configs", *paths],
            opt_level=opt_level,
            target_dir=str(TEMP / "c"),
            group_name=GROUP,
            # No debug information (mypyc's default is -g1): GCC generates the same code
            # either way; the build is 3.7 MB instead of 6.0 and compiles 7 % faster.
            debug_level="0",
        )
        setup(
            name="uno-native",
            ext_modules=extensions,
            script_args=[
                "--quiet",
                "build_ext",
                "--build-lib",
                str(OUT),
                "--build-temp",
                str(TEMP / "obj"),
                "--parallel",
                str(os.cpu_count() or 1),
            ],
        )
    finally:
        os.chdir(cwd)
    if fingerprint() != before:
        raise SystemExit("build_native: the sources changed during the build; run it again")
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    modules = {}
    for name in [module_name(ROOT / p) for p in paths] + [f"{GROUP}__mypyc"]:
        rel = Path(*name.split(".")).with_suffix("").as_posix() + suffix
        if not (OUT / rel).is_file():
            raise SystemExit(f"build_native: {rel} was not produced")
        modules[name] = rel
    manifest: dict[str, object] = {
        "python": sys.implementation.cache_tag,
        "ext_suffix": suffix,
        "opt_level": opt_level,
        "modules": modules,
        "sources": before,
        "seconds": round(time.perf_counter() - started, 1),
    }
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    shutil.rmtree(TEMP, ignore_errors=True)
    return manifest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether the build is fresh")
    ap.add_argument("--opt-level", default="3", choices=list("0123"))
    args = ap.parse_args()
    if args.check:
        from game import native_state

        state, why = native_state(OUT)
        print(f"build/native: {state}" + (f" ({why})" if why else ""))
        return 0 if state == "fresh" else 1
    manifest = build(args.opt_level)
    print(
        f"build/native: {len(manifest['modules'])} modules "  # type: ignore[arg-type]
        f"compiled in {manifest['seconds']} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
