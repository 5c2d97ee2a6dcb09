"""UNO Roboto's set-up recordings (R-2), between the New game screen and the table.

Each person at the table records their name (at most 3 s: hold Space, Enter or the Record
button; a live level meter follows the microphone), with their typed name as the fallback;
then Roboto calls one of them by name to record the house rule (at most 10 s), or to pick one
of the reference examples, or to skip it. Takes are saved with the
:class:`~game.voice.clips.ClipStore`, keyed by the player's id (never the typed name: two
players called Sam keep their own voices), so Roboto speaks them in this game and the next ones
(R-13): see :mod:`game.ui.voices`. A name typed here goes through
:func:`~game.setup.names.clean_name`; a seat whose name is changed here is another player, with an
id of its own, so nobody is announced in someone else's voice. A stored clip that is not one
the game made (:func:`~game.voice.clips.check_clip`) is not played: the name is spoken, and
:func:`game.ui.voices.clip_notice` tells the table once.

The microphone opens on the recorder's own thread and closes on another one: the frame loop
never waits (see :mod:`game.editions.roboto.table.microphone`, which also saves the takes and
draws the level meter). Without a microphone (none found, or it does not answer within a
few seconds) the screen says so in one line and asks only for the typed names.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.editions.roboto.rules import RobotoOptions
from game.editions.roboto.table.microphone import Microphone
from game.i18n import N_, _
from game.rules.ruleset import Ruleset
from game.setup.names import clean_name, new_player_id
from game.store.saves import SeatInfo
from game.ui import intents as I
from game.ui import text, theme
from game.ui.backdrop import felt
from game.ui.scene import Scene
from game.ui.voices import house_rule_voice
from game.ui.widgets import Button, Choice, Control, TextField, panel

if TYPE_CHECKING:
    from pathlib import Path

    from game.ui.scene import AppHost
    from game.voice.clips import ClipStore

#: The longest house rule that can be typed (Roboto reads it out; a sentence is enough).
OWN_RULE_MAX = 80
#: Seconds the microphone may take to answer before the typed names are used.
MIC_TIMEOUT_S = 6.0
#: R-1: the house-rule reference cards' kind of rule, offered when nobody has one in mind.
HOUSE_RULE_EXAMPLES = (
    N_("Touch your nose!"),
    N_("Clap your hands three times!"),
    N_("Stand up and sit down again!"),
    N_("Say the name of an animal!"),
)


class RobotoRecordScene(Scene):
    """See the module docstring. ``recorder`` and ``store`` may be given (tests)."""

    name = "roboto_record"
    opaque = True

    def __init__(self, app: AppHost, ruleset: Ruleset, seats: Sequence[SeatInfo],
                 seed: int | None = None, race_mode: str = "family", *,
                 recorder: Any = None, store: ClipStore | None = None,
                 mic_timeout: float = MIC_TIMEOUT_S) -> None:
        super().__init__(app)
        self.ruleset = ruleset
        self.seats = list(seats)
        self.seed = seed
        self.race_mode = race_mode
        self.humans = [i for i, s in enumerate(self.seats) if s.human]
        self.names = {i: s.name for i, s in enumerate(self.seats)}
        self.renamed_ids: dict[int, str] = {}  # seat -> the id of the name typed here
        self.mic_timeout = mic_timeout
        self.clock = 0.0
        self.phase = "opening"  # opening, names, typed, rule, done
        self.step = 0  # index into humans while recording names
        self.takes: dict[int, Any] = {}  # player -> Take (name)
        self.rule_take: Any = None
        self.rule_example = 0
        #: A house rule typed in when there is no microphone to record it (issue 13).
        self.own_rule = ""
        self.caller = random.Random(seed).choice(self.humans) if self.humans else -1
        self.message = ""
        self.force_held = False  # tests: the button is held down
        self.declined = False  # the names were typed by choice: the microphone is closed
        self.mic = Microphone(recorder, store)
        if not self.mic.open():
            self.phase = "typed"

    # ------------------------------------------------------------------ state
    @property
    def recording(self) -> bool:
        return self.mic.recording

    @property
    def player(self) -> int:
        """Who records now: the named human, or the house rule's caller."""
        if self.phase == "names":
            return self.humans[self.step]
        return self.caller

    def name_of(self, p: int) -> str:
        """Seat ``p``'s name as typed here, cleaned (its set-up name when left empty)."""
        return clean_name(self.names[p], self.seats[p].name)

    def player_id(self, p: int) -> str:
        """Seat ``p``'s id: the set-up's while the name is the set-up's; a name typed here is
        another player, with an id of their own (so nobody speaks in another's voice)."""
        if self.name_of(p) == self.seats[p].name:
            return self.seats[p].player_id
        return self.renamed_ids.setdefault(p, new_player_id())

    def kind(self) -> Any:
        from game.voice.clips import ClipKind

        return ClipKind.NAME if self.phase == "names" else ClipKind.HOUSE_RULE

    # ------------------------------------------------------------------ controls
    def build(self) -> list[Control]:
        out: list[Control] = []
        if self.phase == "opening":
            out.append(Button.make("typed", N_("Type the names instead")))
        elif self.phase == "names":
            p = self.player
            out.append(Button.make("record", N_("Stop") if self.recording else N_("Record"),
                                   style="primary", hint="Space"))
            out.append(TextField.make(f"name{p}", N_("Name"), self.names[p],
                                      self._namer(p)))
            out.append(Button.make("next", N_("Next") if p in self.takes
                                   else N_("Use the typed name")))
        elif self.phase == "typed":
            for p in self.humans:
                out.append(TextField.make(f"name{p}", N_("Name"), self.names[p],
                                          self._namer(p)))
            out.append(Button.make("next", N_("Continue"), style="primary"))
        elif self.phase == "rule":
            if self.mic.can_record():
                out.append(Button.make("record", N_("Stop") if self.recording
                                       else N_("Record the house rule"), style="primary",
                                       hint="Space"))
            if self.rule_take is not None:
                out.append(Button.make("keep", N_("Keep this house rule"), style="primary"))
            if not self.mic.can_record():  # no microphone: type your own rule
                out.append(TextField.make("own_rule", N_("Your own rule"), self.own_rule,
                                          self._own_rule, max_len=OWN_RULE_MAX))
                out.append(Button.make("use_own", N_("Use my rule"), style="primary"))
            out.append(Choice.make("example", N_("Example"), [
                (i, m) for i, m in enumerate(HOUSE_RULE_EXAMPLES)], self.rule_example,
                self._example))
            out.append(Button.make("use_example", N_("Use this example")))
            out.append(Button.make("skip", N_("No house rule")))
        return out

    def _namer(self, p: int) -> Any:
        def typed(value: str) -> None:
            self.names[p] = value
        return typed

    def _own_rule(self, value: str) -> None:
        self.own_rule = value
        self.message = ""  # "type your rule first" is answered

    def _example(self, value: int) -> None:
        self.rule_example = value

    def arrange(self) -> None:
        focus = self.focused()
        fid = focus.id if focus is not None else None
        self.controls = self.build()
        s = self.s
        w, h = self.size
        row, gap = int(46 * s), int(10 * s)
        meter = self.phase == "names" or (self.phase == "rule" and self.mic.can_record())
        head = int(222 * s) if meter else int(150 * s)
        height = head + len(self.controls) * (row + gap) + int(80 * s)
        self.panel = pygame.Rect(0, 0, min(w - int(40 * s), int(760 * s)),
                                 min(h - int(20 * s), height))
        self.panel.center = (w // 2, h // 2)
        pad = int(30 * s)
        self.text_top = self.panel.top + int(80 * s)
        self.meter = pygame.Rect(self.panel.left + pad, self.panel.top + int(170 * s),
                                 self.panel.width - 2 * pad, int(22 * s))
        y = self.panel.top + head
        x, cw = self.panel.left + pad, self.panel.width - 2 * pad
        for c in self.controls:
            c.rect = pygame.Rect(x, y, cw, row)
            y += row + gap
        ids = [c.id for c in self.controls]
        if fid in ids:
            self.focus_id(fid)
        elif "record" in ids:
            self.focus_id("record")
        elif "next" in ids:
            self.focus_id("next")

    # ------------------------------------------------------------------ the frame loop
    def held(self) -> bool:
        if self.force_held:
            return True
        return self.app.input.confirm_held()

    def update(self, dt: float) -> bool:
        self.clock += dt
        state = self.mic.state()
        if self.phase == "opening":
            if state == "listening":
                self.go("names" if self.humans else "rule")
            elif state == "unavailable" or self.clock >= self.mic_timeout:
                self.message = N_("No microphone found: Roboto will say the typed names.")
                self.go("typed")
            return True
        if self.recording:
            if self.mic.should_stop(self.clock, self.held):
                self.stop_take()
            return True
        return self.phase in ("names", "rule")  # the level meter moves

    def wakeup(self) -> float | None:
        return 0.0 if self.phase in ("opening", "names", "rule") else None

    def go(self, phase: str) -> None:
        self.phase = phase
        self.relayout()

    def start_take(self, latched: bool) -> None:
        if not self.mic.start(self.kind(), latched, self.clock):
            return
        self.message = ""
        self.relayout()

    def stop_take(self) -> None:
        take = self.mic.stop()
        if take is None or take.empty:
            self.message = N_("Nothing was heard: try again, a little closer.")
        elif self.phase == "names":
            self.takes[self.player] = take
            self.message = N_("Recorded. Press Record to try again, or Next.")
        else:
            self.rule_take = take
            self.message = N_("Recorded. Keep it, or record it again.")
        self.relayout()

    # ------------------------------------------------------------------ input
    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Back):
            self.mic.close()
            self.app.pop()
            return
        if not isinstance(intent, I.Press):
            super().handle(intent)
            return
        c = intent.control
        if c == "record":
            if self.recording:
                if not self.held():  # (a held key repeats its press: keep recording)
                    self.stop_take()
            else:  # the take lasts while the key or button is held, up to the limit
                self.start_take(latched=False)
        elif c == "typed":
            self.mic.close()
            self.declined = True
            self.go("typed")
        elif c == "next" and self.phase == "names":
            self.save_name(self.player)
            self.step += 1
            self.message = ""
            if self.step >= len(self.humans):
                self.after_names()
            else:
                self.relayout()
        elif c == "next" and self.phase == "typed":
            self.after_names()
        elif c == "keep" and self.rule_take is not None:
            path = self.mic.save(self.player_id(self.caller), self.rule_take)
            self.finish(True, "", path)
        elif c in ("use_own", "own_rule"):  # the button, or Enter in the field
            rule = " ".join(self.own_rule.split())
            if rule:
                self.finish(True, rule, None)
            else:
                self.message = N_("Type your rule first, or pick an example.")
                self.focus_id("own_rule")
        elif c == "use_example":
            self.finish(True, _(HOUSE_RULE_EXAMPLES[self.rule_example]), None)
        elif c == "skip":
            self.finish(False, "", None)

    def after_names(self) -> None:
        if self.ruleset.opt(RobotoOptions).house_rule and self.caller >= 0:
            self.message = ""
            self.go("rule")
        else:
            self.finish(False, "", None)

    def save_name(self, player: int) -> None:
        take = self.takes.get(player)
        if take is not None:
            self.mic.save(self.player_id(player), take)

    def finish(self, house_rule: bool, rule_text: str, rule_clip: Path | None) -> None:
        from game.ui.table.start import start_match

        self.mic.close()
        self.phase = "done"
        seats = [replace(s, name=self.name_of(i), player_id=self.player_id(i))
                 for i, s in enumerate(self.seats)]
        if seats != self.seats:  # names typed here are the ones the next set-up offers
            self.app.settings.player_names = [s.name for s in seats]
            self.app.settings.player_ids = [s.player_id for s in seats]
            self.app.save_settings()
        start_match(self.app, self.ruleset.with_options(house_rule=house_rule), seats, self.seed,
                    self.race_mode)
        session = getattr(self.app.top, "session", None)
        if session is not None:
            session.house_rule_text = rule_text
            session.house_rule_clip = rule_clip
            session.save()  # a resumed match keeps its house rule
            self.app.sound.set_names(session.names, house_rule_voice(session),
                                     ids=session.player_ids)

    # ------------------------------------------------------------------ drawing
    def title(self) -> str:
        if self.phase == "names":
            return _("{player}, say your name!").format(player=self.name_of(self.player))
        if self.phase == "rule" and not self.mic.can_record():
            return _("{player}, choose the house rule!").format(
                player=self.name_of(self.caller))
        if self.phase == "rule":
            return _("{player}, record the house rule!").format(
                player=self.name_of(self.caller))
        if self.phase == "typed":
            return _("Your names")
        return _("Roboto is listening…")

    def hint(self) -> str:
        if self.phase == "names":
            return _("Hold Space, Enter or the Record button while you say your name "
                     "(3 seconds at most).")
        if self.phase == "rule" and not self.mic.can_record() and self.declined:
            return _("Type your own rule, pick an example, or play without a house rule.")
        if self.phase == "rule" and not self.mic.can_record():
            return _("There is no microphone: type your own rule, pick an example, or "
                     "play without one.")
        if self.phase == "rule":
            return _("Hold Space, Enter or the button while you say it (10 seconds at most), "
                     "or pick an example, or play without one.")
        if self.phase == "typed":
            told = _(self.message) + " " if self.message else ""
            return told + _("Check the names Roboto will say.")
        return _("Looking for the microphone…")

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        surface.blit(felt(self.size), (0, 0))
        panel(surface, self.panel, s)
        title = self.title()
        px = text.fit(title, int(32 * s), self.panel.width - int(60 * s))
        text.draw(surface, title, px, (self.panel.centerx, self.panel.top + int(24 * s)),
                  theme.ACCENT, "midtop")
        box = pygame.Rect(self.meter.left, self.text_top, self.meter.width, int(60 * s))
        text.draw_wrapped(surface, self.hint(), int(18 * s), box,
                          theme.ACCENT if self.phase == "typed" and self.message else theme.TEXT)
        if self.phase == "names" or (self.phase == "rule" and self.mic.can_record()):
            name_take = self.takes.get(self.player) if self.phase == "names" else None
            self.mic.draw_meter(surface, self.meter, s, self.kind(), name_take)
        if self.message and self.phase != "typed":
            last = self.controls[-1].rect if self.controls else self.meter
            text.draw_wrapped(surface, _(self.message), int(18 * s), pygame.Rect(
                self.meter.left, last.bottom + int(12 * s), self.meter.width, int(50 * s)),
                theme.TEXT_DIM)
        super().draw(surface)

    def autoplay_intent(self) -> I.Intent | None:
        if self.phase == "opening":
            return I.Press("typed")
        if self.phase in ("names", "typed"):
            return I.Press("next")
        if self.phase == "rule":
            return I.Press("skip")
        return None

    def test_state(self) -> dict[str, Any]:
        return {"phase": self.phase, "step": self.step, "mic": self.mic.state(),
                "recorded": sorted(self.takes), "caller": self.caller,
                "message": self.message, "names": [self.names[p] for p in self.humans]}
