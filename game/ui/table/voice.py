"""The voice's part of the table (issue 4): the one notice about what is missing, Roboto's
Repeat and Volume keys, shouting UNO into the microphone, and the prompt said when the
person at the screen must decide (the narrator's words for their choice, issue 32).

At full play-by-play the table also keeps pace with the voice (issue 34, the eyes-closed
check): each move it narrates is shown only once the voice has said the one before (and,
at the start, once the voice is up), so that nothing a person follows by ear is dropped
as stale. The AI thinks meanwhile; a voice that hangs holds the table
:data:`VOICE_WAIT_S` at most.

Kept out of the table scene, which only forwards ``update``, ``handle``, ``wakeup``, ``draw``
and ``close`` here. The notice is a banner at the top of the table: it blocks nothing (no
focus, no input), fades by itself, and is translated when drawn, so a language change
re-renders it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.play.choices import Choice, Option
from game.ui import intents as I
from game.ui import text, theme
from game.ui.table.shout_listener import ShoutListener
from game.ui.widgets import panel
from game.voice.narrate import Narrator

if TYPE_CHECKING:
    from game.rules import events as E
    from game.ui.table.host import TableFace

#: How long the notice stays up (seconds).
NOTICE_S = 12.0

VOICE_OFF = N_("The voice is off: turn on spoken announcements in the settings.")
NOTHING_TO_REPEAT = N_("The voice has not said anything yet.")
VOLUME_LEVEL = N_("Voice volume: {level} of 3.")
VOLUME_MUTED = N_("The voice is muted: press V again to hear it.")
#: R's caption: what happened last, in writing, heard or not (no sound output, a deaf player).
LAST_MOVE = N_("Last move: {line}")
#: At full play-by-play, the longest the table waits for the voice in a row before it shows
#: the next move anyway (the speech worker's own start-up limit is 30 s).
VOICE_WAIT_S = 35.0
#: The presenter's hold while the voice speaks: over a frame, so that the next move waits
#: for this frame's look at the voice.
HOLD_S = 0.1


class TableVoice:
    """See the module docstring."""

    def __init__(self, table: TableFace, narrator: Narrator) -> None:
        self.table = table
        self.narrator = narrator
        self.notice: str | None = None  # a message id of game.voice.notices
        self.notice_left = 0.0
        self.shout = ShoutListener(table)
        #: The last prompt said (its words, whether the voice is on or not).
        self.prompted = ""
        self._paced = False  # the presenter's moves are paced to the voice
        self._holding = False  # the presenter's hold is the voice's
        self._waited = 0.0  # seconds held for the voice in a row

    def enter(self) -> None:
        """Look for what is missing when the player wants the voice or the microphone;
        pace the table's moves to the voice (see the module docstring)."""
        st = self.table.settings
        if st.narration != "off" or st.shout_uno:
            self.table.app.sound.probe_devices()
        if not self._paced:
            self._paced = True
            presenter = self.table.presenter
            told = presenter.on_event

            def on_event(event: E.Event) -> None:
                if told is not None:
                    told(event)
                self._hold()  # the next move waits for this one's words

            presenter.on_event = on_event
        self._hold()  # the first move waits for the voice to be up

    def pacing(self) -> bool:
        """Does the table wait for the voice (full play-by-play, moves animated: at speed 0
        every move lands at once)?"""
        st = self.table.settings
        return st.narration == "full" and st.animation_speed > 0 and \
            self._waited < VOICE_WAIT_S

    def _hold(self) -> None:
        if self.pacing():
            presenter = self.table.presenter
            presenter.hold = max(presenter.hold, HOLD_S)
            self._holding = True

    def _pace(self, dt: float) -> None:
        """Keep the presenter's hold while the voice is behind; let go when it is not."""
        st = self.table.settings
        if st.narration != "full" or st.animation_speed <= 0:
            if self._holding:
                self._let_go()
            return
        behind = self.table.app.sound.voice_behind()
        if not behind:
            self._waited = 0.0
        if not self._holding:
            return
        if behind and self._waited < VOICE_WAIT_S:
            self._waited += dt
            self._hold()
        else:
            self._let_go()

    def _let_go(self) -> None:
        """End the voice's hold; a longer one (a move's own animation) runs on."""
        self._holding = False
        presenter = self.table.presenter
        if presenter.hold <= HOLD_S:
            presenter.hold = 0.0

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        changed = False
        self._pace(dt)
        sound = self.table.app.sound
        if self.table.settings.shout_uno and sound.microphone is None:
            sound.probe_devices()
        msgid = sound.take_notice()
        st = self.table.settings
        if msgid is not None and msgid != st.voice_notice_told:
            # Said once, not at every launch: again only if what is missing changes.
            self.notice, self.notice_left = msgid, NOTICE_S
            st.voice_notice_told = msgid
            self.table.app.save_settings()
            changed = True
        elif self.notice is not None:
            self.notice_left -= dt
            if self.notice_left <= 0:
                self.notice = None
                changed = True
        return self.shout.update(dt) or changed

    def wakeup(self) -> float | None:
        waits = [w for w in (self.shout.wakeup(),) if w is not None]
        if self.notice is not None:
            waits.append(max(0.0, self.notice_left))
        sound = self.table.app.sound
        if sound.notice_pending:
            waits.append(0.25)  # still settling: look again soon
        return min(waits) if waits else None

    # ------------------------------------------------------------------ keys
    def handle(self, intent: I.Intent) -> bool:
        """Roboto's Repeat and Volume keys; ``True`` when ``intent`` was one of them."""
        if not isinstance(intent, I.RepeatPhrase | I.CycleVoiceVolume):
            return False
        sound = self.table.app.sound
        lines = self.table.log_lines()
        if isinstance(intent, I.RepeatPhrase) and lines:
            if sound.voice_on:
                sound.repeat_last()
            self.table.notify(LAST_MOVE, line=lines[-1])  # a caption, sound or none
        elif not sound.voice_on:
            self.table.notify(VOICE_OFF)
        elif isinstance(intent, I.RepeatPhrase):
            if not sound.repeat_last():
                self.table.notify(NOTHING_TO_REPEAT)
        else:
            level = sound.cycle_volume()
            if level == 0:
                self.table.notify(VOLUME_MUTED)
            elif level is not None:
                self.table.notify(VOLUME_LEVEL, level=level)
        return True

    # ------------------------------------------------------------------ prompts
    def prompt(self, choice: Choice, options: Sequence[Option] | None = None) -> None:
        """Say what the person at the screen must decide: the choice's words and its
        options (players with their card counts), for a player who cannot see the
        dialog; the dialog shows the same words as its title."""
        s = self.table.session
        counts = [s.hand_size(p) for p in range(len(s.names))]
        self.prompted = self.narrator.prompt(choice, counts, options)
        self.table.app.sound.ask(self.prompted)

    def answered(self) -> None:
        """The person answered: the rest of the question is not said (the words of the
        answer come next, not six seconds later, or never)."""
        self.table.app.sound.answered()

    # ------------------------------------------------------------------ drawing
    def notice_text(self) -> str:
        return _(self.notice) if self.notice is not None else ""

    def draw(self, surface: pygame.Surface) -> None:
        """The notice in the log's panel (bottom left), which is all but empty while it is
        shown at the start: it covers no seat, no card and no button."""
        msg = self.notice_text()
        if not msg:
            return
        lay = self.table.layout
        s = lay.s
        box = lay.log
        px = max(12, int(16 * s))
        pad = int(10 * s)
        lines = text.wrap(msg, px, box.width - 2 * pad)
        while len(lines) * px * 1.3 > box.height - 2 * pad and px > 10:
            px -= 1
            lines = text.wrap(msg, px, box.width - 2 * pad)
        pygame.draw.rect(surface, theme.ACCENT, box.inflate(4, 4), border_radius=int(12 * s))
        panel(surface, box, s, 245)
        y = box.top + pad
        for line in lines:
            text.draw(surface, line, px, (box.left + pad, y), theme.TEXT)
            y += int(px * 1.3)

    def close(self) -> None:
        self.shout.close()
