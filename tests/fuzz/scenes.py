"""Key, text, click and wheel storms on every scene (issue 12, "Keep it that way").

A storm starts a fresh app (SDL's dummy drivers, temporary config and data folders, no
animation, voice off) on one *root* — the title screen (with or without a save to resume),
the set-up, the settings, the help, the "Try me" demo, the microphone calibration, Roboto's
recording screen, or a table of each edition with one or two people at it — and feeds it
raw pygame events as a person would make them, with frames in between and now and then the
test hooks' autoplay step, alone or in real time with the AI players acting (so that storms
reach the dialogs deep in a match: colours, challenges, trays, races, the scores). The
screens a person reaches from the title (set-up, settings, help, demo, calibration, Roboto's
recording) are opened over it, as they would be. Whatever happens on screen, nothing may raise.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from game.ui import scenes
from tests.fuzz.targets import Failure, base_saves, nasty_text, save_files, short, signature

ROOTS = ("title", "title-resume", "resume-fuzzed", "setup", "settings", "help", "demo", "calibrate",
         "roboto_record", "stats", "table-official", "table-attack", "table-triple", "table-roboto",
         "table-sonic", "table-official-hotseat", "table-triple-hotseat", "guide")
W, H = 1280, 720


@dataclass(frozen=True)
class Storm:
    root: str
    steps: tuple[tuple[Any, ...], ...]
    #: ``resume-fuzzed``: the autosave's bytes (a mutated save), resumed from the title.
    save: bytes | None = None

    def __str__(self) -> str:
        save = f", autosave {self.save!r}" if self.save is not None else ""
        return f"root {self.root}, steps {list(self.steps)!r}{save}"


def _keys() -> list[int]:
    import pygame

    names = ["UP", "DOWN", "LEFT", "RIGHT", "RETURN", "KP_ENTER", "ESCAPE", "SPACE", "TAB",
             "BACKSPACE", "DELETE", "HOME", "END", "PAGEUP", "PAGEDOWN", "F1", "F11", "a", "c",
             "d", "h", "m", "n", "p", "q", "r", "s", "u", "y", "1", "2", "3", "4", "9", "0",
             "PLUS", "MINUS", "KP_PLUS", "KP_MINUS"]
    return [getattr(pygame, f"K_{n}") for n in names]


@st.composite
def storms(draw: st.DrawFn, roots: tuple[str, ...] = ROOTS, max_steps: int = 60,
           resize: bool = True, play: int = 300) -> Storm:
    """A storm on one of ``roots``; ``resize`` lets it drag the window to any size; a
    ``play`` step runs up to ``play`` frames in real time."""
    keys = _keys()
    key = st.tuples(st.just("key"), st.one_of(*[st.sampled_from(keys)] * 6,
                                              st.integers(0, 0x4000_011A)),
                    st.sampled_from([0, 0, 0, 1, 64, 256, 1024]))
    point = st.tuples(st.integers(-50, W + 50), st.integers(-50, H + 50))
    step = st.one_of(
        key, key, key, key,
        st.tuples(st.just("text"), nasty_text),
        st.tuples(st.just("click"), point, st.sampled_from([1, 1, 1, 2, 3, 4, 5])),
        st.tuples(st.just("motion"), point),
        st.tuples(st.just("wheel"), st.integers(-5, 5)),
        st.tuples(st.just("frames"), st.integers(1, 90)),
        st.tuples(st.just("auto"), st.integers(1, 12)),
        st.tuples(st.just("play"), st.integers(min(20, play), play)),
    )
    if resize:
        step = st.one_of(step, st.tuples(st.just("resize"), st.integers(1, 2600),
                                         st.integers(1, 1600)))
    root = draw(st.sampled_from(roots))
    save = draw(save_files()) if root == "resume-fuzzed" else None
    return Storm(root, tuple(draw(st.lists(step, max_size=max_steps))), save)


@contextlib.contextmanager
def _environment() -> Iterator[Path]:
    keep = {k: os.environ.get(k) for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER",
                                           "UNO_CONFIG_DIR", "UNO_DATA_DIR")}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                          UNO_CONFIG_DIR=f"{tmp}/config", UNO_DATA_DIR=f"{tmp}/data")
        try:
            yield Path(tmp)
        finally:
            for k, v in keep.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def _root(app: Any, root: str, folder: Path, save: bytes | None) -> None:
    from game.play.session import Session
    from game.rules.editions import new_game
    from game.rules.ruleset import edition
    from game.store.saves import SeatInfo
    from game.ui.launch import start

    names = ["Ann", "Bob", "Cid", "Dee"]
    if root.startswith("title") or root == "resume-fuzzed":
        (folder / "data").mkdir(parents=True, exist_ok=True)
        if root == "title-resume":
            save = json.dumps(base_saves()[0]).encode()
        if save is not None:
            (folder / "data" / "autosave.json").write_bytes(save)
        start(app)
        if root == "resume-fuzzed" and getattr(app.top, "saved", None) is not None:
            from game.ui import intents as I

            app.frame(1 / 60)
            app.dispatch(I.Press("resume"))
    elif root == "guide":  # the guided first hand, as "Learn to play" opens it
        start(app)
        app.reset(app.make(scenes.GUIDE))
    elif root in ("setup", "settings", "help", "demo", "calibrate", "roboto_record", "stats"):
        start(app)  # over the title, as a person reaches them (Escape goes back to it)
        _over_title(app, root)
    else:
        from game.ui.table.scene import TableScene

        _, ed, *rest = root.split("-")
        kinds = "HHA" if rest else "HAAA"
        game = new_game(edition(ed), len(kinds), 5)
        seats = [SeatInfo(names[i], k == "H", "easy") for i, k in enumerate(kinds)]
        app.reset(TableScene(app, Session(game, seats), resumed=False))


def _over_title(app: Any, root: str) -> None:
    from game.rules.ruleset import edition
    from game.store.saves import SeatInfo

    if root == "setup":
        from game.ui.scenes.setup import SetupScene

        app.push(SetupScene(app))
    elif root == "settings":
        from game.ui.scenes.settings_scene import SettingsScene

        app.push(SettingsScene(app))
    elif root == "help":
        from game.ui.scenes.help import HelpScene

        app.push(HelpScene(app))
    elif root == "demo":
        from game.ui.scenes.demo import TryMeScene

        app.push(TryMeScene(app))
    elif root == "calibrate":
        from game.ui.scenes.calibrate import CalibrateScene

        app.push(CalibrateScene(app))
    elif root == "stats":  # with a few players' records, so there are rows to storm
        from game.store.profiles import Avatar
        from game.ui import family

        store = family.profiles(app)
        for n, name in enumerate(("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")):
            p = store.book.ensure(f"{n + 1:012x}", name, ai=n % 2 == 1)
            p.avatar = Avatar.of(("owl", "frog", "cat", "star", "moon", "bear", "fish", "robot",
                                  "bunny")[n])
            p.edition("official").played = n + 1
            p.edition("sonic").hands_won = 2 * n
        app.open(scenes.STATS)
    elif root == "roboto_record":
        from game.editions.roboto.table.setup import RobotoRecordScene

        seats = [SeatInfo("Ann", True), SeatInfo("Bob", True), SeatInfo("Cid", False, "easy")]
        app.push(RobotoRecordScene(app, edition("roboto"), seats, seed=1, mic_timeout=0.5))


def _event(step: tuple[Any, ...]) -> Any:
    import pygame

    kind = step[0]
    if kind == "key":
        _, key, mod = step
        try:
            uni = chr(key) if 32 <= key < 0x110000 and key not in range(0xD800, 0xE000) else ""
        except ValueError:
            uni = ""
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0)
    if kind == "text":
        return pygame.event.Event(pygame.TEXTINPUT, text=step[1])
    if kind == "click":
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=step[1], button=step[2])
    if kind == "motion":
        return pygame.event.Event(pygame.MOUSEMOTION, pos=step[1], rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step[1], flipped=False)


def run_storm(storm: Storm) -> None:
    """Play ``storm`` on a fresh app; raises :class:`Failure` if anything raises."""
    import pygame

    from game import i18n
    from game.store.settings import Settings
    from game.ui.app import App

    with _environment() as folder:
        i18n.set_language("en")
        app = None
        where = "scenes"  # one bug met on several scenes counts once
        try:
            app = App(Settings(narration="off", animation_speed=0.0), size=(W, H),
                      settings_path=folder / "config" / "settings.toml")
            _root(app, storm.root, folder, storm.save)
            app.frame(1 / 60)
            for step in storm.steps:
                if not app.running or app.top is None:
                    break
                if step[0] == "frames":
                    for _ in range(step[1]):
                        app.frame(1 / 60)
                elif step[0] == "resize":  # the window dragged to another size
                    pygame.display.set_mode(step[1:], pygame.RESIZABLE)
                    app.on_event(pygame.event.Event(pygame.VIDEORESIZE, size=step[1:],
                                                    w=step[1], h=step[2]))
                    app.frame(1 / 60)
                elif step[0] in ("auto", "play"):  # play: in real time, so the AI acts too
                    for _ in range(step[1]):
                        if step[0] == "play":
                            time.sleep(0.002)
                        pick = getattr(app.top, "autoplay_intent", None)
                        intent = pick() if pick is not None else None
                        if intent is not None:
                            app.dispatch(intent)
                        app.frame(1 / 60)
                        if not app.running or app.top is None:
                            break
                else:
                    app.on_event(_event(step))
                    app.frame(1 / 60)
        except Exception as exc:
            raise Failure("scenes", signature(where, exc), short(str(storm), 2000),
                          "".join(traceback.format_exception(exc))[-2500:]) from exc
        finally:
            try:
                if app is not None:
                    app.close()
            finally:
                if pygame.mixer.get_init():
                    pygame.mixer.quit()
                pygame.display.quit()
                i18n.set_language("en")
