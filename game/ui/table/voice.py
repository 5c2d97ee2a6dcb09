"""The voice's part of the table (issue 4): the one notice about what is missing, Roboto's
Repeat and Volume keys, shouting UNO into the microphone, and the prompt said when the
person at the screen must decide (the narrator's words for their choice, issue 32).

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
    from game.ui.table.host import TableFace

#: How long the notice stays up (seconds).
NOTICE_S = 12.0

VOICE_OFF = N_("The voice is off: turn on spoken announcements in the settings.")
NOTHING_TO_REPEAT = N_("The voice has not said anything yet.")
VOLUME_LEVEL = N_("Voice volume: {level} of 3.")
VOLUME_MUTED = N_("The voice is muted: press V again to hear it.")
#: R's caption: what happened last, in writing, heard or not (no sound output, a deaf player).
LAST_MOVE = N_("Last move: {line}")


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

    def enter(self) -> None:
        """Look for what is missing when the player wants the voice or the microphone."""
        st = self.table.settings
        if st.narration != "off" or st.shout_uno:
            self.table.app.sound.probe_devices()

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        changed = False
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
        self.table.app.sound.say(self.prompted)

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
