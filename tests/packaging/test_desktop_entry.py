"""The Linux menu entry (game/tools/desktop.py): a valid .desktop file in both languages, an Exec
line that survives any install path, the icons, and `make play` installing them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.tools import desktop
from game.tools.desktop import (
    APP_ID,
    ICON_SIZES,
    data_home,
    entry_text,
    exec_value,
    install,
    uninstall,
)
from game.ui.icon import APP_ID as ICON_APP_ID
from game.ui.icon import png_bytes

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = shutil.which("desktop-file-validate")
needs_validator = pytest.mark.skipif(
    VALIDATOR is None, reason="desktop-file-validate missing (Debian: desktop-file-utils, "
                              "installed by tools/install-system-deps.sh)")


def _fields(text: str) -> dict[str, str]:
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def _validate(path: Path) -> None:
    assert VALIDATOR is not None
    done = subprocess.run([VALIDATOR, str(path)], capture_output=True, text=True, check=False)
    # It prints hints (not errors) too; any output at all is a finding worth fixing.
    assert done.returncode == 0 and not (done.stdout + done.stderr).strip(), (
        f"{path.read_text(encoding='utf-8')}\n--- desktop-file-validate:\n"
        f"{done.stdout}{done.stderr}")


def test_entry_names_the_game_in_english_and_french() -> None:
    fields = _fields(entry_text(["/opt/uno/uno"]))
    assert fields["Type"] == "Application"
    assert fields["Name"] == "UNO for the family"
    assert fields["Name[fr]"] == "UNO en famille"
    assert fields["GenericName[fr]"] == "Jeu de cartes"
    assert fields["Comment[fr]"].startswith("Joue à UNO")
    assert fields["Keywords[fr]"].endswith(";") and "cartes" in fields["Keywords[fr]"]
    assert fields["Exec"] == "/opt/uno/uno"
    assert fields["Icon"] == APP_ID == ICON_APP_ID
    assert fields["StartupWMClass"] == APP_ID  # the window class game.ui.app sets
    assert fields["Categories"] == "Game;CardGame;"
    assert fields["Terminal"] == "false"


@pytest.mark.parametrize(("argv", "expected"), [
    (["/usr/bin/uno"], "/usr/bin/uno"),
    (["/home/ann/My Games/uno/.venv/bin/uno"], '"/home/ann/My Games/uno/.venv/bin/uno"'),
    (["/home/bob/$HOME/uno"], '"/home/bob/\\\\$HOME/uno"'),
    (["/srv/100%/uno"], "/srv/100%%/uno"),
    (['/tmp/say "hi"/uno', "-m", "game"], '"/tmp/say \\\\"hi\\\\"/uno" -m game'),
    (["C:\\odd\\path"], '"C:\\\\\\\\odd\\\\\\\\path"'),
])
def test_exec_value_quotes_and_escapes_as_the_spec_says(argv: list[str], expected: str) -> None:
    assert exec_value(argv) == expected


@pytest.mark.parametrize("bad", [[], [""], ["/bin/uno\0x"]])
def test_exec_value_refuses_impossible_commands(bad: list[str]) -> None:
    with pytest.raises(ValueError):
        exec_value(bad)


@needs_validator
@pytest.mark.parametrize("argv", [
    ["/usr/bin/uno"],
    ["/home/ann/My Games/uno/.venv/bin/uno"],
    ["/home/bob/we$ird `dir`/it's (here)/uno", "-m", "game"],
    ["/srv/100%/python3", "-m", "game"],
])
def test_entry_validates(tmp_path: Path, argv: list[str]) -> None:
    path = tmp_path / f"{APP_ID}.desktop"
    path.write_text(entry_text(argv), encoding="utf-8")
    _validate(path)


@needs_validator
def test_install_writes_a_valid_entry_and_the_icons_then_changes_nothing(tmp_path: Path) -> None:
    home = tmp_path / "share"
    command = [str(tmp_path / "my games" / "uno")]
    written = install(command, home)
    entry = home / "applications" / f"{APP_ID}.desktop"
    icons = [home / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png"
             for n in ICON_SIZES]
    assert sorted(written) == sorted([entry, *icons])
    _validate(entry)
    assert _fields(entry.read_text(encoding="utf-8"))["Exec"] == f'"{command[0]}"'
    for size, path in zip(ICON_SIZES, icons):
        assert pygame.image.load(str(path)).get_size() == (size, size)
        assert path.read_bytes() == png_bytes(size)
    assert install(command, home) == []  # a second `make play` writes nothing
    assert not list(home.rglob(".*.tmp"))
    assert sorted(uninstall(home)) == sorted([entry, *icons])
    assert not entry.exists() and not any(p.exists() for p in icons)
    assert uninstall(home) == []


def test_install_replaces_an_entry_that_points_elsewhere(tmp_path: Path) -> None:
    home = tmp_path / "share"
    install(["/old/place/uno"], home)
    entry = home / "applications" / f"{APP_ID}.desktop"
    assert install(["/new/place/uno"], home) == [entry]
    assert _fields(entry.read_text(encoding="utf-8"))["Exec"] == "/new/place/uno"


def test_a_desktop_entry_temp_path_that_is_a_link_never_writes_through_it(
        tmp_path: Path) -> None:
    """The entry used to be written through a fixed ``.<name>.tmp``: a link there had its
    target overwritten. Now a fresh temp file is made, never through a link."""
    home = tmp_path / "share"
    notes = tmp_path / "notes.txt"
    notes.write_text("mine", "utf-8")
    entry = home / "applications" / f"{APP_ID}.desktop"
    entry.parent.mkdir(parents=True)
    entry.with_name(f".{entry.name}.tmp").symlink_to(notes)
    entry.symlink_to(notes)
    install(["/place/uno"], home)
    assert notes.read_text("utf-8") == "mine"
    assert entry.is_file() and not entry.is_symlink() and "/place/uno" in entry.read_text()


def test_data_home_follows_xdg_and_ignores_a_relative_one() -> None:
    assert data_home({"XDG_DATA_HOME": "/x/data", "HOME": "/home/a"}) == Path("/x/data")
    assert data_home({"XDG_DATA_HOME": "rel/data", "HOME": "/home/a"}) == Path(
        "/home/a/.local/share")
    assert data_home({"HOME": "/home/a"}) == Path("/home/a/.local/share")


def test_default_command_is_the_bundle_when_frozen(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    exe = tmp_path / "uno-linux-x86_64"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe))
    assert desktop.default_command() == [str(exe)]


def test_default_command_from_source_starts_this_game(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    python = tmp_path / "bin" / "python"
    python.parent.mkdir()
    monkeypatch.setattr(sys, "executable", str(python))
    assert desktop.default_command() == [str(python), "-m", "game"]  # no uno script there
    script = python.parent / "uno"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    assert desktop.default_command() == [str(script)]


def _desktop(*args: str, lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env["LANGUAGE"] = lang
    return subprocess.run([sys.executable, "-m", "game.tools.desktop", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)


def test_command_line_install_and_uninstall(tmp_path: Path) -> None:
    home = str(tmp_path / "share")
    done = _desktop("install", "--data-home", home, "--exec", "/opt/uno")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Application menu: wrote") == 1 + len(ICON_SIZES)
    again = _desktop("install", "--data-home", home, "--exec", "/opt/uno")
    assert again.stdout == "The game is already in the application menu.\n"
    quiet = _desktop("install", "--quiet", "--data-home", home, "--exec", "/opt/uno")
    assert quiet.returncode == 0 and quiet.stdout == ""  # what make play runs
    done = _desktop("uninstall", "--data-home", home)
    assert done.returncode == 0
    assert done.stdout.count("Application menu: removed") == 1 + len(ICON_SIZES)


def test_command_line_speaks_french(tmp_path: Path) -> None:
    home = str(tmp_path / "share")
    done = _desktop("install", "--data-home", home, "--exec", "/opt/uno", lang="fr")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Menu des applications\u00a0:") == 1 + len(ICON_SIZES)
    again = _desktop("install", "--data-home", home, "--exec", "/opt/uno", lang="fr")
    assert again.stdout == "Le jeu est déjà dans le menu des applications.\n"


def test_an_unwritable_data_folder_is_reported_not_a_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "share"
    blocker.write_text("a file where the folder should be")
    done = _desktop("install", "--data-home", str(blocker), "--exec", "/opt/uno")
    assert done.returncode == 1
    assert done.stderr.startswith("Could not change the application menu:")
    assert "Traceback" not in done.stderr
    assert blocker.read_text() == "a file where the folder should be"  # nothing lost


def test_the_game_itself_installs_its_entry(tmp_path: Path) -> None:
    """``uno --install-desktop-entry``: how a downloaded Linux executable adds itself."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "share"), "LANGUAGE": "en"}
    done = subprocess.run([sys.executable, "-m", "game", "--install-desktop-entry"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    entry = tmp_path / "share" / "applications" / f"{APP_ID}.desktop"
    assert entry.is_file() and "Application menu: wrote" in done.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_play_installs_the_desktop_entry_before_starting() -> None:
    """`make play`'s steps, as make would run them (-n: nothing is executed)."""
    done = subprocess.run(["make", "-n", "play"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    install_at = next(i for i, line in enumerate(lines) if "-m game.tools.desktop install" in line)
    play_at = next(i for i, line in enumerate(lines) if line.rstrip().endswith("-m game"))
    assert install_at < play_at


def test_macos_app_strings_in_english_and_french() -> None:
    """InfoPlist.strings of the macOS app (pyinstaller.spec): its name and why it asks for
    the microphone, as macOS's permission prompt shows them."""
    fr = desktop.info_plist_strings("fr")
    en = desktop.info_plist_strings("en")
    assert '"CFBundleDisplayName" = "UNO en famille";' in fr.splitlines()
    assert '"CFBundleDisplayName" = "UNO for the family";' in en.splitlines()
    assert '"NSMicrophoneUsageDescription" = "Le jeu écoute' in fr
    assert '"NSMicrophoneUsageDescription" = "The game listens' in en
    for text in (fr, en):
        assert all(line.startswith('"') and line.endswith('";') for line in text.splitlines())
    with pytest.raises(ValueError):
        desktop.info_plist_strings("de")
