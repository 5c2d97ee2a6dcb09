"""Shout UNO at the table (issue 4 item 4): a loud sound at the microphone, while a person at
the table owes UNO, counts as that person's call.

The microphone stream runs only while it may be needed: the setting is on, a microphone was
found, and a person holds three cards or fewer (so the stream, which takes up to two seconds to
open, is already listening when the next-to-last card is played). The recorder's callback only
queues buffers; its own thread feeds :class:`~game.voice.shout.ShoutWatcher`, and the frame loop
just polls a flag. Closing a stream can take a moment, so it happens on a thread of its own.
Nothing here raises into the game: any failure means no shouting, and the UNO button still
works.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.play.choices import UNO

if TYPE_CHECKING:
    from game.ui.table.host import TableFace

_log = logging.getLogger(__name__)

#: The capture device (``None``: the system's default). Tests may set PortAudio's "pulse".
DEVICE: int | str | None = None
#: The stream opens when a person holds this many cards or fewer.
NEAR_UNO = 3
#: Seconds the stream stays open after it was last needed (no open/close churn).
LINGER_S = 2.0
#: How often the frame loop polls while the detector is armed.
POLL_S = 0.05

HEARD = N_("{name} shouted UNO!")


def owing(t: TableFace) -> list[int]:
    """The people at the table who must call UNO now: those the engine lists as open to a
    catch (``uno_open``), then the one about to play their next-to-last card."""
    s = t.session
    if s.over:
        return []
    out = [p for p in s.owes_uno() if s.is_human(p)]
    p = s.to_act
    if p not in out and s.is_human(p) and s.hand_size(p) == 2 \
            and t.input.choices(p).choice(UNO) is not None:
        out.append(p)
    return out


class ShoutListener:
    """Owned by the table: :meth:`update` every frame, :meth:`close` when the table goes."""

    def __init__(self, table: TableFace) -> None:
        self.table = table
        self._recorder: Any = None
        self._watcher: Any = None
        self._armed = False
        self._idle_for = 0.0
        self._broken = False
        self.calls = 0  # shouts that became a CallUno (tests)

    @property
    def wanted(self) -> bool:
        """The setting is on and a microphone exists (``False`` while still looking)."""
        t = self.table
        return t.settings.shout_uno and t.app.sound.microphone is True

    @property
    def listening(self) -> bool:
        rec = self._recorder
        if rec is None:
            return False
        from game.voice.recorder import RecorderState

        return rec.state in (RecorderState.LISTENING, RecorderState.RECORDING)

    @property
    def armed(self) -> bool:
        return self._armed

    def update(self, dt: float) -> bool:
        """Open, arm, poll or close; returns whether a shout was turned into a call."""
        try:
            return self._update(dt)
        except Exception:  # the microphone is optional: never break the table
            _log.exception("shout listener failed; shouting is off for this match")
            self.close()
            self._broken = True
            return False

    def _update(self, dt: float) -> bool:
        if self._broken or not self.wanted:
            self.close()
            return False
        t = self.table
        s = t.session
        due = owing(t)
        near = not s.over and any(s.hand_size(p) <= NEAR_UNO for p in s.humans)
        if due or near:
            self._idle_for = 0.0
            self._open()
        else:
            self._idle_for += dt
            if self._idle_for >= LINGER_S:
                self.close()
                return False
        watcher = self._watcher
        if watcher is None:
            return False
        if due and not self._armed:
            watcher.detector.threshold_db = t.settings.shout_threshold_db
            watcher.arm()
            self._armed = True
        elif not due and self._armed:
            watcher.disarm()
            self._armed = False
        if self._armed and watcher.poll():
            self._armed = False  # re-armed next frame if the call did not go through
            return self._call(due[0])
        return False

    def _open(self) -> None:
        if self._recorder is not None:
            return
        from game.voice.recorder import Recorder
        from game.voice.shout import ShoutDetector, ShoutWatcher

        rec = Recorder(device=DEVICE)
        self._watcher = ShoutWatcher(rec, ShoutDetector(self.table.settings.shout_threshold_db))
        self._recorder = rec
        self._armed = False
        rec.open(wait=False)  # the stream starts on the recorder's thread

    def _call(self, player: int) -> bool:
        t = self.table
        uno = t.input.choices(player).choice(UNO)
        if uno is None or not t.input.choose(uno, uno.options[0], seat=player):
            return False
        self.calls += 1
        t.notify(HEARD, name=t.session.names[player])
        return True

    def wakeup(self) -> float | None:
        """Poll often while armed; check back when the stream should close."""
        if self._armed:
            return POLL_S
        if self._recorder is not None:
            return max(POLL_S, LINGER_S - self._idle_for)
        return None

    def close(self) -> None:
        """Stop listening (the stream closes on a background thread)."""
        rec, watcher = self._recorder, self._watcher
        self._recorder = self._watcher = None
        self._armed = False
        self._idle_for = 0.0
        if rec is None:
            return

        def stop() -> None:
            try:
                if watcher is not None:
                    watcher.close()
                rec.close()
            except Exception as exc:
                _log.info("the microphone did not close cleanly: %s", exc)

        threading.Thread(target=stop, name="uno-mic-close", daemon=True).start()
