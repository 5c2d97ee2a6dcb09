"""The microphone behind Roboto's set-up recordings (:mod:`game.editions.roboto.table.setup`).

:class:`Microphone` holds the recorder: it opens on the recorder's own thread and closes on
another one, so the frame loop never waits. It starts and stops a take (one that lasts while
the key or button is held, up to the kind's limit), saves a take as a clip with the
:class:`~game.voice.clips.ClipStore`, keyed by the player's id, and draws the live level
meter. Without the voice package there is no recorder, and the screen asks for typed names.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.ui import text, theme
from game.ui.voices import clip_store

if TYPE_CHECKING:
    from game.voice.clips import ClipKind, ClipStore

_log = logging.getLogger(__name__)

#: A press shorter than this is not a hold (the key state may lag the key-down event).
MIN_HOLD_S = 0.2


class Microphone:
    """The set-up's recorder. ``recorder`` and ``store`` may be given (tests); without a
    recorder one is made, when the voice package is there."""

    def __init__(self, recorder: Any = None, store: ClipStore | None = None) -> None:
        self.recorder = recorder
        self.store = store
        self.latched = False
        self.take_started = 0.0
        if self.recorder is None:
            try:
                from game.voice.recorder import Recorder

                self.recorder = Recorder()
            except Exception as exc:  # the voice package is optional
                _log.info("no recorder: %s", exc)

    def open(self) -> bool:
        """Start opening the microphone without waiting (:meth:`state` tells when it
        listens); ``False`` when there is no recorder or it failed at once."""
        if self.recorder is None:
            return False
        try:
            self.recorder.open(wait=False)
        except Exception as exc:
            _log.info("the microphone did not open: %s", exc)
            return False
        return True

    def state(self) -> str:
        state = getattr(self.recorder, "state", None)
        return str(getattr(state, "value", "unavailable"))

    def can_record(self) -> bool:
        return self.state() in ("listening", "recording")

    @property
    def recording(self) -> bool:
        return self.state() == "recording"

    def start(self, kind: ClipKind, latched: bool, now: float) -> bool:
        """Start a take of ``kind`` at ``now`` (the scene's clock); whether it started."""
        if self.recorder is None or not self.recorder.start(kind):
            return False
        self.latched = latched
        self.take_started = now
        return True

    def should_stop(self, now: float, held: Callable[[], bool]) -> bool:
        """Is the take running out: its limit reached, or (unless latched) the key or button
        let go after :data:`MIN_HOLD_S`?"""
        if self.recorder.limit_reached:
            return True
        long_enough = now - self.take_started >= MIN_HOLD_S
        return not self.latched and long_enough and not held()

    def stop(self) -> Any:
        """End the take: the recorder's ``Take``, or ``None``."""
        take = self.recorder.stop()
        self.latched = False
        return take

    def save(self, player_id: str, take: Any) -> Path | None:
        """Keep ``take`` as ``player_id``'s clip; ``None`` if it could not be written."""
        try:
            store = self.store or clip_store()
            return store.save(player_id, take.kind, take.samples, take.rate)
        except Exception as exc:  # a full disk must not stop the game
            _log.warning("clip not saved: %s", exc)
            return None

    def close(self) -> None:
        """Close the stream on a thread of its own (joining the recorder's may take a while)."""
        rec, self.recorder = self.recorder, None
        if rec is not None:
            threading.Thread(target=rec.close, name="uno-recorder-close", daemon=True).start()

    def draw_meter(self, surface: pygame.Surface, r: pygame.Rect, s: float,
                   kind: ClipKind, name_take: Any = None) -> None:
        """The level meter in ``r``; above it, the time of the take of ``kind`` being
        recorded, or else how long ``name_take`` (a name kept) lasts."""
        level = float(getattr(self.recorder, "level", 0.0)) if self.recorder else 0.0
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, r, border_radius=int(6 * s))
        fill = r.copy()
        fill.width = int(r.width * max(0.0, min(1.0, level)))
        colour = theme.DANGER if self.recording else theme.ACCENT
        if fill.width > 0:
            pygame.draw.rect(surface, colour, fill, border_radius=int(6 * s))
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, max(1, int(s)), border_radius=int(6 * s))
        if self.recording:
            limit = kind.max_seconds
            msg = _("Recording… {seconds} s").format(
                seconds=f"{self.recorder.elapsed:.1f}/{limit:.0f}")
            text.draw(surface, msg, int(16 * s), (r.right, r.top - int(4 * s)), theme.DANGER,
                      "bottomright")
        elif name_take is not None:
            msg = _("Name recorded ({seconds} s)").format(seconds=f"{name_take.seconds:.1f}")
            text.draw(surface, msg, int(16 * s), (r.right, r.top - int(4 * s)),
                      theme.ACCENT, "bottomright")
