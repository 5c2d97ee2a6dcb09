"""Hooks for tests and benchmarks, off unless an environment variable turns them on.

Kept apart from the game so that nothing here changes how a person plays:

- ``UNO_TEST_STATE=<path>``: after each drawn frame (at most ten times a second, and once
  more when things settle) write a small JSON file describing the screen: the scene stack,
  the focused control, and what the top scenes report in ``test_state()`` (the table adds
  the hand, the cards' rectangles, the piles …). End-to-end tests read it to know where to
  click and what the screenshot must show.
- ``UNO_TEST_AUTOPLAY=1``: an AI plays the human seats *through intents*, as a person
  would press keys (each scene's ``autoplay_intent``), so a whole match can run unattended.
  With the state file on too (a real-window test taking screenshots), it lingers
  :data:`DWELL_S` on the first of each dialog a person must see (the pass screen, Roboto's
  races and recording screen) before answering it, so that a screenshot can catch it.
- ``UNO_TEST_POSITION=<path>``: a JSON file ``{"position": "UNO1 …", "seats": [[name,
  human, level(, phone)], …]}``; once the title is up, the table opens at that position (a rigged
  deal for a real-window test: a stack, a swap, a jump-in where the test wants them).
  Nothing is saved.
- ``UNO_TEST_SLEEPY_S=<seconds>``: Roboto gets sleepy after that many idle seconds instead
  of a minute (:func:`sleepy_seconds`), so a real-window test need not wait a minute.
- ``UNO_EXIT_AFTER_FIRST_FRAME=1``: print ``{"first_frame_at": <time.time()>}`` after the
  first frame is on screen and quit (the start-up benchmark).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.scene import AppHost

STATE_ENV = "UNO_TEST_STATE"
AUTOPLAY_ENV = "UNO_TEST_AUTOPLAY"
FIRST_FRAME_ENV = "UNO_EXIT_AFTER_FIRST_FRAME"
POSITION_ENV = "UNO_TEST_POSITION"
SLEEPY_ENV = "UNO_TEST_SLEEPY_S"
AUTOPLAY_PERIOD = 0.05
#: See the module docstring: how long autoplay lingers on the scenes of DWELL_SCENES.
DWELL_S = 0.6
DWELL_SCENES = frozenset({"pass", "race", "reaction_race", "roboto_record", "nickname"})


def sleepy_seconds(default: float) -> float:
    """Roboto's idle seconds before he gets sleepy: ``default``, unless a test shortens
    them (``UNO_TEST_SLEEPY_S``, 1 to ``default`` seconds; anything else is ignored)."""
    try:
        wanted = float(os.environ.get(SLEEPY_ENV, ""))
    except ValueError:
        return default
    return wanted if 1.0 <= wanted <= default else default


class TestHooks:
    """All hooks off by default; :meth:`from_env` reads the environment."""

    __test__ = False  # not a pytest class

    def __init__(self, state_path: Path | None = None, autoplay: bool = False,
                 exit_after_first_frame: bool = False, dwell: float = 0.0,
                 position: Path | None = None) -> None:
        self.state_path = state_path
        self.position = position
        self.autoplay = autoplay
        self.dwell = dwell
        self._last_top: object = None
        self._lingers = False
        self._dwelt: set[str] = set()
        self.exit_after_first_frame = exit_after_first_frame
        self._last_write = -1.0  # the app clock starts at 0: the first state is written at once
        self._pending = False
        self._autoplay_wait = 0.0
        self._last_text = ""

    @staticmethod
    def from_env() -> TestHooks:
        path = os.environ.get(STATE_ENV)
        autoplay = os.environ.get(AUTOPLAY_ENV) == "1"
        position = os.environ.get(POSITION_ENV)
        return TestHooks(Path(path) if path else None, autoplay,
                         os.environ.get(FIRST_FRAME_ENV) == "1",
                         DWELL_S if path and autoplay else 0.0,
                         Path(position) if position else None)

    def wakeup(self) -> float | None:
        if self.autoplay:
            return AUTOPLAY_PERIOD
        if self._pending:
            return 0.1
        return None

    def update(self, app: AppHost, dt: float) -> None:
        if self.position is not None and getattr(app.top, "name", "") == "title":
            path, self.position = self.position, None
            open_position(app, path)
        if not self.autoplay:
            return
        top = app.top
        if top is not self._last_top:  # a new scene: linger on the first of each kind
            self._last_top = top
            name = getattr(top, "name", "")
            self._lingers = self.dwell > 0 and name in DWELL_SCENES and name not in self._dwelt
            if self._lingers:
                self._dwelt.add(name)
                self._autoplay_wait = self.dwell
                return
        self._autoplay_wait -= dt
        if self._autoplay_wait > 0:
            return
        pick = getattr(top, "autoplay_intent", None)
        intent = pick() if pick is not None else None
        if intent is not None:
            self._autoplay_wait = self.dwell if self._lingers else AUTOPLAY_PERIOD
            app.dispatch(intent)

    def after_draw(self, app: AppHost) -> None:
        if self.state_path is None:
            return
        if app.clock.now - self._last_write >= 0.1:
            self.write_state(app)
        else:
            self._pending = True

    def settled(self, app: AppHost) -> None:
        """A frame with nothing to draw: the screen shows the scenes as they are, so a
        state held back is written now. (Written earlier, in the middle of an update that
        is then drawn, it could run ahead of the screen a test photographs.)"""
        if self._pending and app.clock.now - self._last_write >= 0.1:
            self.write_state(app)

    def first_frame(self, app: AppHost) -> None:
        if self.exit_after_first_frame:
            print(json.dumps({"first_frame_at": time.time()}), flush=True)
            app.quit()

    def state(self, app: AppHost) -> dict[str, Any]:
        scenes = app.stack.scenes
        out: dict[str, Any] = {
            "time": time.time(),
            "frames": app.frames,
            "size": list(app.size),
            "fullscreen": app.fullscreen,
            "scenes": [s.name for s in scenes],
            "top": scenes[-1].name if scenes else None,
        }
        top = app.top
        if top is not None:
            focused = top.focused()
            out["focus"] = focused.id if focused is not None else None
            out["controls"] = {c.id: [*c.rect] for c in top.controls if c.visible}
        for scene in scenes:
            report = getattr(scene, "test_state", None)
            if report is not None:
                out[scene.name] = report()
        return out

    def write_state(self, app: AppHost) -> None:
        if self.state_path is None:
            return
        self._last_write = app.clock.now
        self._pending = False
        text = json.dumps(self.state(app), ensure_ascii=False, default=str)
        if text == self._last_text:
            return
        self._last_text = text
        tmp = self.state_path.with_suffix(".tmp")
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self.state_path)
        except OSError as exc:
            print(f"state file not written: {exc}", file=sys.stderr)

    def close(self) -> None:
        """Nothing to release; here for symmetry with the app's lifecycle."""


def open_position(app: AppHost, path: Path) -> None:
    """The table at the position written in ``path`` (see the module docstring)."""
    from game.play.session import Session, default_level
    from game.rules.position import load
    from game.store.saves import SeatInfo
    from game.ui import scenes

    try:
        data = json.loads(path.read_text("utf-8"))
        # A person's seat may leave its level empty: it keeps the one offered first.
        # A fourth item true puts a person's seat on a phone (issue 33).
        seats = [SeatInfo(str(seat[0]), bool(seat[1]), str(seat[2]) or default_level(),
                          phone=len(seat) > 3 and seat[3] is True)
                 for seat in data["seats"]]
        session = Session(load(str(data["position"])), seats)
    except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:  # (PositionError too)
        print(f"{POSITION_ENV}: {path} not opened: {exc}", file=sys.stderr)
        return  # the title stays
    app.reset(app.make(scenes.TABLE, session, resumed=True))
