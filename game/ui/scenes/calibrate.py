"""Calibrating "shout UNO" (issue 4 item 4): a live level meter, a few seconds of the quiet
room, a few seconds of shouting, and the threshold between the two saved in the settings.

The microphone opens when the page does (on the recorder's own thread) and closes when it is
left (on a thread of its own, so the frame loop never waits). Levels reach the page through the
recorder's level listener, on the recorder's thread; the page reads them under a lock.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.store.settings import DEFAULT_SHOUT_THRESHOLD_DB
from game.ui import text, theme
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost

_log = logging.getLogger(__name__)

STARTING = N_("The microphone is starting…")
NO_MICROPHONE = N_("No microphone was found: shouting UNO is not available.")
READY = N_("Stay quiet, then press “Measure the quiet room”.")
MEASURING_ROOM = N_("Measuring the quiet room: stay silent for {seconds} seconds.")
MEASURING_SHOUT = N_("Now shout UNO! as you would at the table ({seconds} seconds).")
ROOM_DONE = N_("The room is at {level} dB. Now press “Measure a shout”.")
SAVED = N_("Saved: a sound louder than {threshold} dB counts as calling UNO.")
TOO_QUIET = N_("The shout was not clearly louder than the room. Try again, closer to the "
               "microphone.")
ROOM_FIRST = N_("Measure the quiet room first.")
NOT_READY = N_("The microphone is not ready yet: try again in a moment.")
DEFAULT_KEPT = N_("The default threshold of {threshold} dB is used.")


class CalibrateScene(PanelScene):
    name = "calibrate"
    title = N_("Shout UNO: calibration")
    body = N_("The game listens to the microphone while you have to call UNO. Measure the "
              "room when it is quiet, then a shout: a sound louder than halfway between the "
              "two counts as your call.")
    width = 700
    row_h = 44
    gap = 9
    #: Seconds of each measurement.
    MEASURE_S = 3.0

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self._recorder: Any = None
        self._lock = threading.Lock()
        self._levels: list[float] = []
        self._room: list[float] = []
        self.phase = ""  # "", "room" or "shout"
        self.left = 0.0
        self.status: tuple[str, dict[str, Any]] = (STARTING, {})

    # ------------------------------------------------------------------ microphone
    def enter(self) -> None:
        super().enter()
        try:
            from game.ui.table.shout_listener import DEVICE
            from game.voice.recorder import Recorder

            rec = Recorder(device=DEVICE)
            rec.add_level_listener(self._on_level)
            rec.open(wait=False)
            self._recorder = rec
        except Exception as exc:  # the voice package is missing or broken: no microphone
            _log.info("no microphone for the calibration: %s", exc)
            self.status = (NO_MICROPHONE, {})

    def exit(self) -> None:
        rec, self._recorder = self._recorder, None
        if rec is None:
            return

        def stop() -> None:
            try:
                rec.remove_level_listener(self._on_level)
                rec.close()
            except Exception as exc:
                _log.info("the microphone did not close cleanly: %s", exc)

        threading.Thread(target=stop, name="uno-mic-close", daemon=True).start()

    def _on_level(self, level_db: float, _seconds: float) -> None:
        """The recorder's thread: keep the levels of a measurement."""
        with self._lock:
            if self.phase:
                self._levels.append(level_db)

    def _state(self) -> str:
        rec = self._recorder
        return "unavailable" if rec is None else rec.state.value

    @property
    def listening(self) -> bool:
        return self._state() in ("listening", "recording")

    @property
    def level_db(self) -> float:
        rec = self._recorder
        return float(rec.level_db) if rec is not None else -100.0

    # ------------------------------------------------------------------ controls
    def build(self) -> list[Control]:
        ok = self._state() != "unavailable"
        busy = bool(self.phase)
        return [
            Button.make("room", N_("Measure the quiet room"), enabled=ok and not busy),
            Button.make("shout", N_("Measure a shout"), enabled=ok and not busy),
            Button.make("default", N_("Use the default threshold"), enabled=not busy),
            Button.make("back", N_("Done"), style="primary"),
        ]

    def extra_height(self) -> int:
        return 118

    def on_press(self, control: str) -> None:
        if control == "back":
            self.app.pop()
        elif control == "default":
            self._save(DEFAULT_SHOUT_THRESHOLD_DB)
            self.status = (DEFAULT_KEPT, {"threshold": _db(DEFAULT_SHOUT_THRESHOLD_DB)})
        elif control in ("room", "shout"):
            self.measure(control)

    def measure(self, what: str) -> bool:
        """Start measuring the ``"room"`` or a ``"shout"``; ``False`` (and why, in the
        status line) when it cannot start."""
        if not self.listening:
            self.status = (NOT_READY if self._state() != "unavailable" else NO_MICROPHONE, {})
            return False
        if what == "shout" and not self._room:
            self.status = (ROOM_FIRST, {})
            return False
        with self._lock:
            self._levels = []
            self.phase = what
        self.left = self.MEASURE_S
        seconds = f"{self.MEASURE_S:g}"
        self.status = (MEASURING_ROOM if what == "room" else MEASURING_SHOUT,
                       {"seconds": seconds})
        self.relayout()
        return True

    def _finish(self) -> None:
        from game.voice.shout import CalibrationError, calibrate

        with self._lock:
            what, levels = self.phase, self._levels
            self.phase, self._levels = "", []
        if what == "room":
            self._room = levels
            loud = sorted(levels)[int(len(levels) * 0.95)] if levels else -100.0
            self.status = (ROOM_DONE, {"level": _db(loud)})
        else:
            try:
                threshold = calibrate(self._room, levels)
            except CalibrationError:
                self.status = (TOO_QUIET, {})
            else:
                self._save(threshold)
                self.status = (SAVED, {"threshold": _db(threshold)})
        self.relayout()

    def _save(self, threshold: float) -> None:
        self.app.settings.shout_threshold_db = round(max(-90.0, min(0.0, threshold)), 1)
        self.app.save_settings()

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        state = self._state()
        if self.status[0] == STARTING and state != "opening":
            self.status = (NO_MICROPHONE, {}) if state == "unavailable" else (READY, {})
            self.relayout()
        if self.phase:
            self.left -= dt
            if self.left <= 0:
                self._finish()
        return state in ("listening", "recording", "opening")  # the meter moves

    def wakeup(self) -> float | None:
        return 1 / 30 if self._recorder is not None else None

    # ------------------------------------------------------------------ drawing
    def draw_extra(self, surface: pygame.Surface) -> None:
        from game.voice.dsp import level_to_meter

        s = self.s
        pad = int(28 * s)
        x, y = self.panel_rect.left + pad, self.content_top
        w = self.panel_rect.width - 2 * pad
        bar = pygame.Rect(x, y + int(4 * s), w, int(30 * s))
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, bar, border_radius=int(6 * s))
        level = level_to_meter(self.level_db)
        threshold = self.app.settings.shout_threshold_db
        loud = self.level_db >= threshold
        if level > 0:
            fill = pygame.Rect(bar.left, bar.top, max(1, int(bar.width * level)), bar.height)
            pygame.draw.rect(surface, theme.ACCENT if loud else theme.OK, fill,
                             border_radius=int(6 * s))
        mark = bar.left + int(bar.width * level_to_meter(threshold))
        pygame.draw.line(surface, theme.DANGER, (mark, bar.top - int(4 * s)),
                         (mark, bar.bottom + int(4 * s)), max(2, int(3 * s)))
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, max(1, int(s)), border_radius=int(6 * s))
        px = int(17 * s)
        ty = bar.bottom + int(8 * s)
        text.draw(surface, _("Level: {level} dB").format(level=_db(self.level_db)), px,
                  (x, ty), theme.TEXT_DIM)
        text.draw(surface, _("Threshold: {threshold} dB").format(threshold=_db(threshold)), px,
                  (bar.right, ty), theme.DANGER, "topright")
        msgid, params = self.status
        line = _(msgid).format(**params)
        if self.phase:
            line = f"{line}  {max(0.0, self.left):.1f} s"
        lines = text.wrap(line, int(18 * s), w)
        sy = ty + int(26 * s)
        for part in lines[:2]:
            text.draw(surface, part, int(18 * s), (x, sy), theme.TEXT)
            sy += int(18 * s * 1.3)

    def test_state(self) -> dict[str, Any]:
        return {"status": _(self.status[0]).format(**self.status[1]), "phase": self.phase,
                "listening": self.listening, "threshold": self.app.settings.shout_threshold_db}


def _db(level: float) -> str:
    """A level for people: a whole number of dB (−100 for silence)."""
    return f"{max(-100.0, level):.0f}"
