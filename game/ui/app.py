"""The application: the window, the frame loop and the scene stack.

The loop redraws only when something changed, and is capped at 60 FPS while anything
moves. When nothing moves it sleeps in ``pygame.event.wait`` until input arrives or the top
scene's next timer is due (an AI about to play), so an idle table costs next to no CPU.
Worker threads wake it with a :data:`WAKE` event. Starting the game (one copy at a time,
the settings read, the title screen shown) is :mod:`game.ui.launch`.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Mapping, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.tools.desktop import APP_ID

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The window's class (X11) / app id (Wayland) names the desktop entry: set before pygame
# starts, and again before each display starts (name_the_window), a user's own choice kept.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)

import pygame

from game import i18n
from game.i18n import _
from game.store.settings import Settings, clamp_window, store_settings
from game.ui import scenes, theme
from game.ui.clock import Clock
from game.ui.file_notices import FileNotices
from game.ui.intents import Help, InputState, Intent, Quit, ToggleFullscreen, translate
from game.ui.options import StartOptions
from game.ui.phones import Phones
from game.ui.scene import Scene, SceneStack
from game.ui.scenes import SceneKey, catalog  # noqa: F401  (catalog: what each key opens)
from game.ui.sound import Sound
from game.ui.testhooks import TestHooks

if TYPE_CHECKING:
    from game.ui.botrunner import BotRunner

_log = logging.getLogger(__name__)

FPS = 60
MIN_SIZE = (1024, 600)
#: How long a thread may hold the GIL while another waits (Python's default is 5 ms).
#: A bot searching on the worker thread must not hold a frame up for a third of its
#: budget, so the app asks for 1 ms while it runs.
GIL_SWITCH_S = 0.001
#: Posted by worker threads to wake the loop (a bot's choice is ready, a save is written).
WAKE = pygame.event.custom_type()
#: SDL's video drivers that show nothing. The game uses one only when it is asked for by name
#: (``SDL_VIDEODRIVER=dummy``: the tests and the headless tools).
INVISIBLE_DRIVERS = ("offscreen", "dummy")
#: How often a display that did not answer is tried, and how long apart (an X server answers
#: no one while it resets itself, which takes a moment).
DISPLAY_TRIES = 5
DISPLAY_RETRY_S = 0.4


class NoWindow(pygame.error):
    """No window can open: SDL reached no display and fell back to drawing nowhere."""

    def __init__(self, display: str) -> None:
        super().__init__(display)
        self.display = display


def open_display(environ: Mapping[str, str] = os.environ, tries: int = DISPLAY_TRIES,
                 wait_s: float = DISPLAY_RETRY_S) -> None:
    """``pygame.display.init()``, on a display a person can see. SDL 2.30 and later fall
    back to the invisible offscreen driver when the display named by ``DISPLAY`` does not
    answer (it is gone, this user may not use it, or an X server is resetting itself): the
    game would then run, and hold its lock, with no window anywhere. Such a start is tried
    again a few times, then refused with :class:`NoWindow`."""
    asked = environ.get("SDL_VIDEODRIVER", "").split(",")
    for attempt in range(tries):
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver not in INVISIBLE_DRIVERS or driver in asked:
            return
        pygame.display.quit()
        _log.warning("the display did not answer (SDL chose %s); attempt %d of %d", driver,
                     attempt + 1, tries)
        if attempt + 1 < tries:
            time.sleep(wait_s)
    raise NoWindow(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY") or "")


def at_origin() -> None:
    """Put the window at the screen's top-left corner. A window manager does it for a
    full-screen window; under a bare X server (no window manager) SDL leaves the window
    where it was, so a window centred at 1280x720 on a 1280x800 screen lost its bottom
    40 pixels when it went full screen (issue 13). Moved *before* going full screen: once
    full screen, SDL takes the window to be at (0, 0) already and does not move it."""
    if pygame.display.get_surface() is None:
        return  # no window yet: SDL opens the full-screen one in place
    try:
        # pygame-ce 2.5's own calls; the private ``_sdl2`` window object they replace is
        # deprecated and warned on every use.
        if tuple(pygame.display.get_window_position()) != (0, 0):
            pygame.display.set_window_position((0, 0))
            pygame.event.pump()  # let the X server see the move before the mode changes
    except Exception as exc:  # a driver that cannot place windows (Wayland): nothing to move
        _log.info("could not place the full-screen window: %s", exc)




def name_the_window(environ: MutableMapping[str, str] = os.environ) -> None:
    """The window's class (X11) / app id (Wayland) names the desktop entry, so the dock shows
    the game's icon and groups its windows (see game/tools/desktop.py); a user's choice is kept."""
    environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)

class App:
    """One window and its scenes. ``run`` loops until quit; tests call :meth:`frame`."""

    def __init__(self, settings: Settings, *, options: StartOptions | None = None,
                 size: tuple[int, int] | None = None, hooks: TestHooks | None = None,
                 settings_path: os.PathLike[str] | None = None,
                 bot_processes: bool = False) -> None:
        self.settings = settings
        self.options = options or StartOptions()
        self.clock = Clock()
        self.input = InputState()
        self.hooks = hooks or TestHooks()
        self.settings_path = settings_path
        #: False in a copy that must not write the player's files (see
        #: :func:`game.ui.launch.already_open`).
        self.writes_settings = True
        self.bot_processes = bot_processes
        self._spare: BotRunner | None = None
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(GIL_SWITCH_S)
        name_the_window()
        open_display()
        pygame.font.init()
        _forget_caches()  # surfaces and fonts of an earlier display are not valid any more
        theme.warm_fonts()
        self.windowed = size or self.fit((max(MIN_SIZE[0], settings.window_width),
                                          max(MIN_SIZE[1], settings.window_height)))
        self.fullscreen = False
        from game.ui.icon import window_icon

        pygame.display.set_icon(window_icon())  # before the window opens, as SDL asks
        pygame.display.set_caption(_("UNO for the family"))  # never shown as "pygame window"
        self.screen = self._open_window(settings.fullscreen)
        pygame.key.set_repeat(400, 40)
        pygame.key.start_text_input()
        self.stack = SceneStack()
        self.sound = Sound(settings)
        self.dirty = True
        self.running = True
        self.frames = 0
        self._first_frame_done = False
        self.file_notices = FileNotices(self)  # "Can't save the game: the disk is full"
        #: The phones of a set-up or a match with phone seats (issue 33).
        self.phones = Phones(self, WAKE)
        i18n.add_listener(self._on_language)

    # ------------------------------------------------------------------ window
    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            at_origin()  # without a window manager the window would keep its windowed place
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @staticmethod
    def fit(size: tuple[int, int]) -> tuple[int, int]:
        """``size`` within the settings' range and what the largest display can show."""
        w, h = clamp_window(*size)
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktops = []
        if desktops:
            w = min(w, max(max(d[0] for d in desktops), MIN_SIZE[0] // 2))
            h = min(h, max(max(d[1] for d in desktops), MIN_SIZE[1] // 2))
        return w, h

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if on:
            self.windowed = self.size
        self.screen = self._open_window(on)
        self.settings.fullscreen = on
        self.save_settings()
        self.relayout()

    def relayout(self) -> None:
        for scene in self.stack.scenes:
            scene.relayout()
        self.dirty = True

    def _on_language(self, code: str) -> None:
        pygame.display.set_caption(_("UNO for the family"))
        self.relayout()

    # ------------------------------------------------------------------ scenes
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        self.dirty = True

    def pop(self) -> Scene | None:
        self.dirty = True
        return self.stack.pop()

    def replace(self, scene: Scene) -> None:
        self.stack.pop()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Leave every scene and show ``scene`` alone (back to the title, a new match)."""
        for old in reversed(self.stack.scenes):
            old.exit()
        self.stack.scenes.clear()
        self.push(scene)

    @property
    def top(self) -> Scene | None:
        return self.stack.top

    def make(self, key: SceneKey, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the kind ``key`` opens (a :class:`~game.ui.scenes.SceneKey`, see
        :mod:`game.ui.scenes`; a scene's plain name is a ``TypeError``)."""
        scene: Scene = scenes.factory(key)(self, *args, **kwargs)
        return scene

    def open(self, key: SceneKey, *args: Any, **kwargs: Any) -> Scene:
        """Push a new scene of the kind ``key`` opens; returns it."""
        scene = self.make(key, *args, **kwargs)
        self.push(scene)
        return scene

    def bot_runner(self, levels: Mapping[int, str], seed: int) -> BotRunner:
        """Where the AI of a match thinks: its own process when the game runs for real
        (the frame loop never waits for a searching bot), a thread in tests. The process
        is started ahead, after the first frame, and kept from match to match."""
        runner, self._spare = self._spare or self._new_runner(), None
        runner.start_match(levels, seed)
        return runner

    def release_runner(self, runner: BotRunner) -> None:
        """A match is over with ``runner``: keep it for the next one."""
        if self._spare is None:
            self._spare = runner
        else:
            runner.close()

    def _new_runner(self) -> BotRunner:
        from game.ui.botrunner import ProcessRunner, ThreadRunner

        return ProcessRunner(WAKE) if self.bot_processes else ThreadRunner(WAKE)

    # ------------------------------------------------------------------ settings
    def save_settings(self) -> None:
        """Write the settings; never raises (a failure is told once, see FileNotices)."""
        if not self.writes_settings:
            self.sound.settings_changed()
            return
        if not self.fullscreen:
            self.settings.window_width, self.settings.window_height = self.fit(self.size)
        path = None if self.settings_path is None else Path(self.settings_path)
        store_settings(self.settings, path)
        self.sound.settings_changed()

    def set_language(self, code: str) -> None:
        self.settings.language = code
        i18n.set_language(code)
        self.save_settings()

    # ------------------------------------------------------------------ input
    def dispatch(self, intent: Intent | None) -> None:
        """Give ``intent`` to the top scene (global intents are handled here)."""
        if intent is None:
            return
        self.dirty = True
        if isinstance(intent, Quit):
            self.quit()
            return
        if isinstance(intent, ToggleFullscreen):
            self.set_fullscreen(not self.fullscreen)
            return
        top = self.top
        if isinstance(intent, Help) and (top is None or top.name != "help"):
            self.open(scenes.HELP)
            return
        if top is not None:
            top.handle(intent)

    def on_event(self, event: pygame.event.Event) -> None:
        t = event.type
        if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surface = pygame.display.get_surface()
            if surface is not None:
                self.screen = surface
            self.relayout()
            return
        if t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, WAKE):
            self.dirty = True
            return
        top = self.top
        if self.input.carried_over(event, top):
            return  # a held key's repeat on a screen it was not pressed on
        self.input.note(event, top)
        if top is None:
            return
        raw = getattr(top, "raw_event", None)  # a scene that takes any key (the demo)
        if raw is not None and raw(event):
            self.dirty = True
            return
        intent = translate(event, top.keys, top.text_focus(), top.intent_at)
        self.dispatch(intent)

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------------ the loop
    def next_wakeup(self) -> float | None:
        top = self.top
        wake = top.wakeup() if top is not None else None
        for other in (self.hooks.wakeup(), self.file_notices.wakeup(),
                      self.phones.wakeup()):
            if other is not None:
                wake = other if wake is None else min(wake, other)
        return wake

    def frame(self, dt: float) -> bool:
        """Update the top scene by ``dt`` and draw if anything changed; ``True`` if drawn."""
        top = self.top
        changed = top.update(dt) if top is not None else False
        changed = self.file_notices.update(dt) or changed
        changed = self.phones.update(dt) or changed
        self.hooks.update(self, dt)
        if not (changed or self.dirty):
            self.hooks.settled(self)
            return False
        self.draw()
        pygame.display.flip()
        self.dirty = False
        self.frames += 1
        self.hooks.after_draw(self)
        if not self._first_frame_done:
            self._first_frame_done = True
            self.hooks.first_frame(self)
            self.sound.start_effects()
            if self.bot_processes and self._spare is None and self.running:
                self._spare = self._new_runner()  # boots while the player reads the menu
        return True

    def draw(self) -> None:
        surface = self.screen
        visible = self.stack.visible()
        if not visible:
            surface.fill(theme.FELT_DARK)
        for i, scene in enumerate(visible):
            if i > 0 and not scene.opaque and scene.dim:
                veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                veil.fill((0, 0, 0, scene.dim))
                surface.blit(veil, (0, 0))
            scene.draw(surface)
        self.file_notices.draw(surface)

    def run(self) -> int:
        clock = pygame.time.Clock()
        last = self.clock.read()
        while self.running:
            wake = self.next_wakeup()
            if self.dirty or wake == 0:
                events = pygame.event.get()
            else:
                timeout = 1000 if wake is None else max(1, min(1000, int(wake * 1000)))
                first = pygame.event.wait(timeout)
                events = [] if first.type == pygame.NOEVENT else [first, *pygame.event.get()]
            for event in events:
                self.on_event(event)
            now = self.clock.read()
            dt, last = min(0.5, now - last), now
            drawn = self.frame(dt)
            if drawn or self.next_wakeup() == 0:
                clock.tick(FPS)
        self.close()
        return 0

    def close(self) -> None:
        for scene in reversed(self.stack.scenes):
            scene.exit()
        self.stack.scenes.clear()
        self.phones.close()
        if self._spare is not None:
            self._spare.close()
            self._spare = None
        self.sound.close()
        i18n.remove_listener(self._on_language)
        self.hooks.close()
        pygame.display.quit()
        sys.setswitchinterval(self._switch)


def _forget_caches() -> None:
    from game.ui import backdrop, cardart, text
    from game.ui.table import draw as table_draw

    theme.forget_fonts()
    text.clear_cache()
    cardart.clear_cache()
    backdrop.felt.cache_clear()
    table_draw.clear_caches()
