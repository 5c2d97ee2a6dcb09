"""Build-time helpers for ``pyinstaller.spec``: find the system libraries and data to bundle.

The one-file executable must not depend on the target machine's eSpeak NG or PortAudio, so the
build copies ``libespeak-ng.so.1``, ``libportaudio.so.2`` and a trimmed ``espeak-ng-data`` folder
from the build machine. They are found through ``ldconfig`` / ``dpkg -L`` rather than hard-coded
paths; anything missing stops the build with a message that says what to install.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
from collections.abc import Iterable
from pathlib import Path

__all__ = [
    "ESPEAK_LANGUAGES",
    "BuildError",
    "espeak_data_dir",
    "espeak_data_files",
    "find_shared_library",
    "tree_files",
]

#: Languages the game speaks: (eSpeak dictionary name, lang/ folder, voice file prefix).
ESPEAK_LANGUAGES: tuple[tuple[str, str, str], ...] = (
    ("en", "gmw", "en"),
    ("fr", "roa", "fr"),
)
#: Files every eSpeak NG voice needs, whatever the language.
ESPEAK_CORE_FILES = ("phontab", "phonindex", "phondata", "intonations")


class BuildError(SystemExit):
    """Stops the PyInstaller build with a readable message (no traceback)."""

    def __init__(self, message: str) -> None:
        super().__init__(f"\n*** bundle build failed: {message}\n")


def _run(*argv: str) -> str:
    """Output of a command, or "" when it is missing or fails."""
    exe = shutil.which(argv[0]) or next(
        (p for p in (f"/sbin/{argv[0]}", f"/usr/sbin/{argv[0]}") if os.access(p, os.X_OK)), None
    )
    if exe is None:
        return ""
    try:
        done = subprocess.run(
            [exe, *argv[1:]], capture_output=True, text=True, check=False, timeout=60
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout if done.returncode == 0 else ""


def _ldconfig_abi() -> str:
    """The tag ``ldconfig -p`` gives libraries of this interpreter's ABI, e.g. ``x86-64``."""
    import platform

    machine = platform.machine()
    bits = struct.calcsize("P") * 8
    if machine in ("x86_64", "AMD64") and bits == 64:
        return "x86-64"
    if machine == "aarch64":
        return "AArch64"
    return ""  # unknown: accept any ABI tag


def find_shared_library(soname: str, debian_package: str) -> Path:
    """Absolute path of the shared library ``soname`` (e.g. ``libespeak-ng.so.1``).

    Looks in the dynamic linker cache first (what the program would load), then in the files of
    the Debian package; raises :class:`BuildError` naming the package when it is not installed.
    """
    abi = _ldconfig_abi()
    for line in _run("ldconfig", "-p").splitlines():
        name, _, rest = line.strip().partition(" (")
        if name != soname or "=>" not in rest:
            continue
        tags, _, path = rest.partition("=>")
        if abi and abi not in tags:
            continue  # a library of another architecture (multilib)
        candidate = Path(path.strip())
        if candidate.is_file():
            return candidate
    for line in _run("dpkg", "-L", debian_package).splitlines():
        candidate = Path(line.strip())
        if candidate.name == soname and candidate.is_file():
            return candidate
    raise BuildError(
        f"{soname} not found (neither in `ldconfig -p` nor in `dpkg -L {debian_package}`).\n"
        f"    Install it with: sudo apt-get install {debian_package}"
        "   (or run tools/install-system-deps.sh)"
    )


def espeak_data_dir() -> Path:
    """The eSpeak NG data folder of the installed library (contains ``phontab``).

    ``UNO_ESPEAK_DATA`` overrides the search; otherwise ``dpkg -L espeak-ng-data`` and the usual
    install locations are tried.
    """
    candidates: list[Path] = []
    if override := os.environ.get("UNO_ESPEAK_DATA"):
        candidates.append(Path(override))
    candidates += [
        Path(line.strip())
        for line in _run("dpkg", "-L", "espeak-ng-data").splitlines()
        if line.strip().endswith("/espeak-ng-data")
    ]
    import sysconfig

    multiarch = sysconfig.get_config_var("MULTIARCH") or ""
    if multiarch:
        candidates.append(Path("/usr/lib") / multiarch / "espeak-ng-data")
    candidates += [
        Path("/usr/lib/espeak-ng-data"),
        Path("/usr/share/espeak-ng-data"),
        Path("/usr/local/share/espeak-ng-data"),
    ]
    for folder in candidates:
        if (folder / "phontab").is_file():
            return folder
    raise BuildError(
        "the eSpeak NG data folder (espeak-ng-data/phontab) was not found.\n"
        "    Install it with: sudo apt-get install libespeak-ng1 espeak-ng-data"
        "   (or set UNO_ESPEAK_DATA to the folder)"
    )


def espeak_data_files(data_dir: Path, dest: str = "espeak-ng-data") -> list[tuple[str, str]]:
    """PyInstaller ``datas`` entries for eSpeak NG trimmed to :data:`ESPEAK_LANGUAGES`.

    Kept: the phoneme tables, the intonations, each language's ``*_dict`` and its voice files in
    ``lang/<family>/`` (all regional variants), and the voice variants in ``voices/!v``.
    """
    wanted: list[Path] = [data_dir / name for name in ESPEAK_CORE_FILES]
    for dictionary, family, prefix in ESPEAK_LANGUAGES:
        wanted.append(data_dir / f"{dictionary}_dict")
        voices = sorted((data_dir / "lang" / family).glob(f"{prefix}*"))
        if not any(v.name == prefix for v in voices):
            raise BuildError(f"eSpeak NG voice lang/{family}/{prefix} missing in {data_dir}")
        wanted += [v for v in voices if v.is_file()]
    variants = data_dir / "voices" / "!v"
    if variants.is_dir():
        wanted += sorted(p for p in variants.iterdir() if p.is_file())
    missing = [str(p) for p in wanted if not p.is_file()]
    if missing:
        raise BuildError("eSpeak NG data incomplete, missing: " + ", ".join(missing))
    return [(str(path), str(Path(dest) / path.parent.relative_to(data_dir))) for path in wanted]


def tree_files(root: Path, dest: str, patterns: Iterable[str] = ("**/*",)) -> list[tuple[str, str]]:
    """``datas`` entries for the files under ``root`` matching ``patterns``, keeping the layout.

    Hidden files and ``__pycache__`` are skipped; a missing ``root`` gives an empty list.
    """
    if not root.is_dir():
        return []
    found: set[Path] = set()
    for pattern in patterns:
        found.update(p for p in root.glob(pattern) if p.is_file())
    entries = []
    for path in sorted(found):
        relative = path.relative_to(root)
        if any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
            continue
        entries.append((str(path), str(Path(dest) / relative.parent)))
    return entries
