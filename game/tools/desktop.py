"""The Linux menu entry: ``uno-family.desktop`` and the icon, installed for the current user.

``make play`` runs ``python -m game.tools.desktop install`` once the game is installed, so the game
appears in the desktop's application menu with its icon (a user-level install: nothing outside
``$XDG_DATA_HOME``, by default ``~/.local/share``)::

    applications/uno-family.desktop
    icons/hicolor/<n>x<n>/apps/uno-family.png     n = 48, 64, 128, 256

The entry's ``Exec`` is the command that started this module's caller: the packaged executable
when frozen, else the ``uno`` script of the current environment. The name, description and
keywords come from the gettext catalogues, so the menu speaks French on a French desktop.
Installing twice changes nothing; ``python -m game.tools.desktop uninstall`` removes every file.
"""

from __future__ import annotations

import argparse
import gettext
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from game import i18n
from game.i18n import N_, _

__all__ = [
    "APP_ID",
    "ICON_SIZES",
    "data_home",
    "default_command",
    "entry_text",
    "exec_value",
    "info_plist_strings",
    "install",
    "uninstall",
]

#: The application's id (see :data:`game.ui.icon.APP_ID`; kept here without importing pygame).
APP_ID = "uno-family"
ICON_SIZES = (48, 64, 128, 256)

NAME = N_("UNO for the family")
GENERIC_NAME = N_("Card game")
COMMENT = N_("Play UNO on one screen with the family, and with computer players")
#. TRANSLATORS: search words for the desktop's application menu, separated by semicolons
#. and ending with one (no spaces around them).
KEYWORDS = N_("cards;card game;family;uno;")

#: Why the macOS app asks for the microphone (macOS shows it in the permission prompt).
MICROPHONE_USE = N_("The game listens for players calling UNO! and records the voices and "
                    "names you choose to hear in the game.")

#: Characters that make the Desktop Entry spec quote an Exec argument.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` when it is an absolute path, else ``~/.local/share``."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    home = env.get("HOME") or os.path.expanduser("~")
    return Path(home) / ".local" / "share"


def default_command() -> list[str]:
    """How the menu should start the game: this executable when frozen, else the ``uno``
    script next to this interpreter, else ``<python> -m game``."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    script = Path(sys.executable).parent / "uno"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script.absolute())]
    return [os.path.abspath(sys.executable), "-m", "game"]


def _escape_string(value: str) -> str:
    """A Desktop Entry ``string``/``localestring`` value: backslash and control escapes."""
    return (value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def exec_value(argv: Sequence[str]) -> str:
    """``argv`` as an ``Exec`` value: each argument quoted when the spec requires it, ``%``
    doubled, then escaped as a string value (so a backslash is written four times)."""
    if not argv or any(not a or "\0" in a for a in argv):
        raise ValueError(f"a command needs non-empty arguments without NUL: {list(argv)!r}")
    words = []
    for arg in argv:
        arg = arg.replace("%", "%%")
        if any(ch in _RESERVED for ch in arg):
            inner = "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg)
            arg = f'"{inner}"'
        words.append(arg)
    return _escape_string(" ".join(words))


def _catalogues() -> dict[str, gettext.NullTranslations]:
    """The compiled catalogue of each shipped language other than English (skipped, with a
    warning, when not compiled: the menu then shows English there)."""
    found: dict[str, gettext.NullTranslations] = {}
    for code in i18n.LANGUAGES:
        if code == i18n.DEFAULT_LANGUAGE:
            continue
        try:
            found[code] = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), languages=[code])
        except OSError:
            print(f"desktop entry: no compiled {code!r} catalogue in {i18n.locale_dir()}; "
                  f"the menu will show English there (run `make locale`)", file=sys.stderr)
    return found


def entry_text(command: Sequence[str], icon: str = APP_ID) -> str:
    """The ``.desktop`` file's text for ``command``."""
    catalogues = _catalogues()

    def localized(key: str, message: str) -> list[str]:
        lines = [f"{key}={_escape_string(message)}"]
        for code, catalogue in sorted(catalogues.items()):
            translated = catalogue.gettext(message)
            if translated != message:
                lines.append(f"{key}[{code}]={_escape_string(translated)}")
        return lines

    lines = ["[Desktop Entry]", "Type=Application", "Version=1.4"]
    lines += localized("Name", NAME)
    lines += localized("GenericName", GENERIC_NAME)
    lines += localized("Comment", COMMENT)
    lines += localized("Keywords", KEYWORDS)
    lines += [
        f"Exec={exec_value(command)}",
        f"TryExec={_escape_string(command[0])}",
        f"Icon={_escape_string(icon)}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        f"StartupWMClass={APP_ID}",
        "StartupNotify=true",
    ]
    return "\n".join(lines) + "\n"


def info_plist_strings(language: str) -> str:
    """``<language>.lproj/InfoPlist.strings`` of the macOS app (pyinstaller.spec writes it):
    the app's name and the microphone prompt in ``language`` (English when not compiled)."""
    if language not in i18n.LANGUAGES:
        raise ValueError(f"unsupported language {language!r}")
    catalogue = _catalogues().get(language, gettext.NullTranslations())
    name = catalogue.gettext(NAME)

    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    pairs = {"CFBundleDisplayName": name, "CFBundleName": name,
             "NSMicrophoneUsageDescription": catalogue.gettext(MICROPHONE_USE)}
    return "".join(f"{quoted(k)} = {quoted(v)};\n" for k, v in pairs.items())


def _paths(home: Path) -> dict[str, Path]:
    paths = {"entry": home / "applications" / f"{APP_ID}.desktop"}
    for size in ICON_SIZES:
        paths[f"icon{size}"] = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / (
            f"{APP_ID}.png")
    return paths


def _write_if_changed(path: Path, data: bytes) -> bool:
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass  # absent or unreadable: write it
    from game.store.userfiles import atomic_write

    atomic_write(path, data, within=path.parent)  # a link there is put aside, never written
    return True


def _refresh_menu(home: Path) -> None:
    """Ask the desktop to re-read the entries, where the tool exists (not needed by most)."""
    tool = shutil.which("update-desktop-database")
    if tool:
        subprocess.run([tool, "-q", str(home / "applications")], check=False,
                       capture_output=True, timeout=30)


def install(command: Sequence[str] | None = None, home: Path | None = None) -> list[Path]:
    """Install (or refresh) the entry and the icons; returns the files that changed."""
    from game.ui.icon import png_bytes  # pygame only when installing

    home = home or data_home()
    command = list(command or default_command())
    paths = _paths(home)
    changed = []
    if _write_if_changed(paths["entry"], entry_text(command).encode("utf-8")):
        changed.append(paths["entry"])
    for size in ICON_SIZES:
        if _write_if_changed(paths[f"icon{size}"], png_bytes(size)):
            changed.append(paths[f"icon{size}"])
    if changed:
        _refresh_menu(home)
    return changed


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove the entry and the icons; returns the files removed."""
    home = home or data_home()
    removed = []
    for path in _paths(home).values():
        if path.is_file():
            path.unlink()
            removed.append(path)
    if removed:
        _refresh_menu(home)
    return removed


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.tools.desktop install|uninstall|show`` (``uno --install-desktop-entry`` is
    ``install``). Says what it did in the player's language; a failure is reported, status 1."""
    ap = argparse.ArgumentParser(prog="python -m game.tools.desktop",
                                 description="Add the game to this user's application menu "
                                             "(Linux desktops), or remove it.")
    ap.add_argument("action", choices=["install", "uninstall", "show"])
    ap.add_argument("--data-home", type=Path, default=None,
                    help="instead of $XDG_DATA_HOME or ~/.local/share")
    ap.add_argument("--exec", dest="command", nargs="+", default=None,
                    help="the command the menu runs (default: this game's own)")
    ap.add_argument("--quiet", action="store_true",
                    help="say nothing when the entry is already up to date (make play)")
    args = ap.parse_args(argv)
    if argv is None:  # run as a module: the game's own start sets the language otherwise
        i18n.set_language(i18n.detect_language())
    if args.action == "show":
        sys.stdout.write(entry_text(args.command or default_command()))
        return 0
    try:
        if args.action == "install":
            changed = install(args.command, args.data_home)
            for path in changed:
                print(_("Application menu: wrote {path}").format(path=path))
            if not changed and not args.quiet:
                print(_("The game is already in the application menu."))
        else:
            for path in uninstall(args.data_home):
                print(_("Application menu: removed {path}").format(path=path))
    except OSError as exc:
        print(_("Could not change the application menu: {error}").format(error=exc),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
