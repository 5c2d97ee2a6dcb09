"""Starting the game: one copy at a time, the settings and language read, the window opened
on the title screen (see :class:`game.ui.app.App` for the window and its loop).

``game.cli`` calls :func:`run_app` with the command line's choices; ``python -m
game.ui.launch`` runs it with the set-up's defaults. A second copy only says it is already
open (:func:`already_open`).
"""

from __future__ import annotations

import logging
import sys

# game.ui.app first: importing it names the window (X11 class, Wayland app id) for the desktop
# entry, which must happen before pygame is imported (pygame names it after the program).
from game.ui.app import App, NoWindow

# isort: split
import pygame

from game import i18n
from game.i18n import _
from game.store.instance import AlreadyRunning, claim
from game.store.settings import Settings, SettingsProblem, load_settings
from game.ui import scenes
from game.ui.options import StartOptions
from game.ui.testhooks import TestHooks

_log = logging.getLogger(__name__)


def start(app: App, problem: SettingsProblem | None = None) -> None:
    """Show the title screen (and the notice about a corrupt settings file, if any)."""
    from game.ui.scenes.notice import settings_notice

    app.open(scenes.TITLE)
    if problem is not None:
        title, body, params = settings_notice(problem)
        app.open(scenes.NOTICE, title, body, **params)


def run_app(options: StartOptions | None = None) -> int:
    """Open the table's window and run until the player quits (``game.cli`` calls it with
    the command line's choices). Only one copy runs at a time: a second one says so and
    exits (status 1) without touching the save (see :mod:`game.store.instance`)."""
    options = options or StartOptions()
    hooks = TestHooks.from_env()
    try:
        lock = claim()
    except AlreadyRunning:
        return already_open(options, hooks)
    try:
        settings, problem = load_settings()
        set_language(options, settings)
        try:
            app = App(settings, options=options, hooks=hooks, bot_processes=True)
        except NoWindow as exc:
            pygame.quit()
            no_window(exc)
            return 1
        start(app, problem)
        if problem is None and not settings.guide_offered:  # the very first launch
            app.open(scenes.GUIDE_OFFER)  # offer the guided hand, once
        try:
            return app.run()
        finally:
            pygame.quit()
    finally:
        lock.release()


def no_window(exc: NoWindow) -> None:
    """Say why no window opened, and what works without one."""
    print(_("The game could not open its window: the display {display} did not answer. If "
            "the game was started as another user or over ssh, check DISPLAY and "
            "XAUTHORITY.").format(display=exc.display or "?"), file=sys.stderr)
    print(_("To watch a match between AI players in this terminal, run:"), file=sys.stderr)
    print("    python -m game --headless --edition official --players 4 --seed 7",
          file=sys.stderr, flush=True)


def set_language(options: StartOptions, settings: Settings) -> None:
    lang = options.lang or settings.language or i18n.detect_language()
    i18n.set_language(lang if lang in i18n.LANGUAGES else i18n.DEFAULT_LANGUAGE)


def already_open(options: StartOptions, hooks: TestHooks) -> int:
    """Another copy holds the lock: say so on stderr and, when a window can open, on screen;
    read and write no file of the player's (the other copy owns them)."""
    from game.ui.scenes.notice import ALREADY_OPEN, ALREADY_OPEN_TITLE, FarewellScene

    set_language(options, Settings())
    print(f"uno: {_(ALREADY_OPEN)}", file=sys.stderr, flush=True)
    try:
        app = App(Settings(), options=options, hooks=hooks)
    except pygame.error as exc:  # no screen after all: stderr was enough
        _log.info("no window for the notice: %s", exc)
        return 1
    app.writes_settings = False
    try:
        app.push(FarewellScene(app, ALREADY_OPEN_TITLE, ALREADY_OPEN))
        app.run()
    finally:
        pygame.quit()
    return 1


if __name__ == "__main__":  # ``python -m game.ui.launch``: the game with the set-up's defaults
    raise SystemExit(run_app())
