"""UNO Roboto on screen (RULES.md section R): title and rules for the help, and Roboto
himself as a device layer.

:class:`RobotoFigure` puts the robot (:mod:`game.editions.roboto.table.puppet`) beside the
piles: his eyes, mouth and antenna light move while he speaks, he sways, looks about and
swings his arms when idle, and his face shows an expression that fits what he says
(:data:`~game.editions.roboto.table.puppet.EXPRESSIONS`). A speech bubble shows
his own lines (:mod:`game.editions.roboto.voice`: a turn he gives, a command, a race's
loser, a nickname, a near-win, a win; never the same line twice in a row, players by their
recorded names or nicknames), said in his robotic voice; a surprise command comes after a
drum roll. After 60 s without a move his eyes get sleepy. A duel or house-rule race asked
of a person opens :class:`RaceScene` (R-10,
family mode): each person racing presses their own key (or button) when done, the AI racers
finish after a reaction time; the last one draws. In reaction mode (the set-up's race mode,
``Session.race_mode``) :class:`ReactionRaceScene` flashes a lamp after a random delay: the
first to press after it wins, a press before it is a false start and loses. A nickname he
asks a person for is typed in :class:`NicknameScene`, and he uses it from then on (those
dialogs are in :mod:`game.editions.roboto.table.races` and
:mod:`game.editions.roboto.table.nickname`). Only the view and the events are read.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import pygame

from game.editions.roboto.table.puppet import DRUM_S, RobotoPuppet
from game.i18n import N_
from game.play.choices import Choice, Option
from game.rules import events as E
from game.rules.units import RobotoView, UnitView
from game.ui import intents as I
from game.ui.editions.common import device_sound, fly_discarded
from game.ui.scene import Scene
from game.ui.table.devices import DeviceLayer
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.ui.table.host import TableHost
    from game.ui.table.presenter import Presenter

_log = logging.getLogger(__name__)

SPOKEN = (E.RobotoInterrupts, E.RaceEnded, E.RobotoNames, E.FirstPlayerChosen)
#: The moments he has his own lines for (game.editions.roboto.voice.ROBOTO_LINES).
MOMENTS: dict[type, str] = {E.RobotoNames: "turn", E.RobotoInterrupts: "command",
                            E.RaceEnded: "race", E.UnoCalled: "near_win",
                            E.HandEnded: "win"}
#: The face he makes for each moment's line.
EXPRESSION_OF = {"turn": "happy", "command": "mischievous", "race": "mischievous",
                 "nickname": "happy", "near_win": "surprised", "win": "triumphant"}


def roboto_lines(seed: int, nicknames: dict[int, str]) -> Any:
    """Roboto's line picker, reset for a new table (``None`` without the voice package)."""
    try:
        from game.editions.roboto.voice import ROBOTO

        ROBOTO.reset(seed, nicknames)
        return ROBOTO
    except Exception as exc:  # the voice package is optional
        _log.info("Roboto's lines unavailable: %s", exc)
        return None
_QUOTED = re.compile(r"[“«]\s*(.+?)\s*[”»]")


def spoken(line: str) -> str:
    """What Roboto says in a narrator line: the quoted words if any, else the line."""
    m = _QUOTED.search(line)
    return m.group(1) if m else line


def race_kind_of(unit: UnitView) -> str:
    """The kind of the pending interruption (``duel``, ``house_rule`` …); ``""`` when
    there is none."""
    return unit.interruption if isinstance(unit, RobotoView) else ""


def racers_of(unit: UnitView) -> tuple[int, ...]:
    """The players named by the pending interruption, if any."""
    return unit.named if isinstance(unit, RobotoView) else ()


class RobotoFigure(RobotoPuppet, DeviceLayer):
    """Roboto and his speech bubble at the table; see the module docstring."""

    def __init__(self, table: TableHost) -> None:
        RobotoPuppet.__init__(self)
        DeviceLayer.__init__(self, table)
        self.said: list[str] = []
        self.nicknames: dict[int, str] = {}
        self.last_event: E.Event | None = None
        self.interrupt: E.RobotoInterrupts | None = None  # the last one (a race replays it)
        self.interruptions: list[str] = []  # the kinds of his interruptions so far
        self.races = 0  # races settled so far
        self.beeps = 0  # sleep beeps given
        self.repeat = pygame.Rect(0, 0, 0, 0)
        self.volume = pygame.Rect(0, 0, 0, 0)
        self.faces: list[str] = []  # the expressions he has shown (tests)
        self.surprise: tuple[E.Event, str] | None = None  # told when the drum roll ends
        self.lines = roboto_lines(table.session.seed, self.nicknames)

    def relayout(self) -> None:
        lay = self.table.layout
        s = self.s = lay.s
        self.screen_w = lay.size[0]
        r = pygame.Rect(0, 0, int(118 * s), int(168 * s))
        r.midleft = (lay.discard.right + int(lay.card_w * 0.95), int(lay.centre[1]))
        self.body = r
        self.repeat = pygame.Rect(0, 0, int(110 * s), int(30 * s))
        self.repeat.midtop = (r.centerx, r.bottom + int(8 * s))
        self.volume = self.repeat.move(0, self.repeat.height + int(6 * s))

    def controls(self) -> list[Control]:
        """R-12: his Repeat button says the last phrase again; his Volume button steps
        through the voice's three levels, then mute (as the V key)."""
        return [Button.make("roboto_repeat", N_("Repeat"), I.Press("roboto_repeat"),
                            rect=self.repeat, enabled=bool(self.said), style="quiet"),
                Button.make("roboto_volume", N_("Volume"), I.CycleVoiceVolume(),
                            rect=self.volume, style="quiet")]

    def handle(self, intent: I.Intent) -> bool:
        self.wake()  # any key or click at the table keeps him awake
        if intent != I.Press("roboto_repeat"):
            return False
        if self.said:
            self.say(self.said[-1])
            if self.last_event is not None:
                self.table.app.sound.narrate([self.last_event])
        return True

    def say(self, words: str, presenter: Presenter | None = None) -> None:
        if self.lines is None:  # his own lines use the nicknames already
            for p, nick in self.nicknames.items():  # R-6b: he uses the nicknames from now on
                words = words.replace(self.table.session.names[p], nick)
        self.speak(words)
        self.said.append(words)
        if presenter is not None:
            presenter.hold = max(presenter.hold, presenter.d(min(1.6, self.talk)))

    def present(self, event: E.Event, presenter: Presenter) -> bool:
        self.wake()
        self.still = presenter.still
        if isinstance(event, E.RobotoInterrupts):
            self.interruptions.append(event.kind)
            self.interrupt = event
        elif isinstance(event, E.RaceEnded):
            self.races += 1
        if isinstance(event, E.CardsDiscarded):  # one at a time onto the pile
            fly_discarded(self.table, presenter, event)
            return True
        moment = MOMENTS.get(type(event), "")
        if moment:
            self.last_event = event
            words = self.line_for(event)
            if isinstance(event, E.RobotoInterrupts) and presenter.d(DRUM_S) > 0:
                # a drum roll first; the surprise (bubble and voice) comes when it ends
                self.drum_roll(presenter.d(DRUM_S))
                device_sound(self.table, "roboto_drumroll", self.body.midbottom)
                self.table.app.sound.hush()
                log = self.table.model.log
                if log and log[-1] is event:  # the log waits for the reveal too
                    log.pop()
                self.surprise = (event, words)
                self.speak("…", presenter.d(DRUM_S))
                presenter.hold = max(presenter.hold, presenter.d(DRUM_S) + presenter.d(1.2))
                return False
            if words:
                self.say(words, presenter)
                self.feel(EXPRESSION_OF.get(moment, "happy"), max(3.0, self.talk + 1.0))
                self.faces.append(self.face())
                if moment in ("near_win", "win"):  # the narrator does not say these
                    self.voice(event)
                if moment == "win":
                    device_sound(self.table, "roboto_jingle", self.body.midbottom)
        elif isinstance(event, SPOKEN):
            self.last_event = event
            lines = self.table.narrate([event])
            if lines:
                self.say(spoken(lines[0].split("\n")[0]), presenter)
        return False

    def line_for(self, event: E.Event) -> str:
        """His line for ``event`` in the current language, names (or nicknames) spliced in;
        the narrator's words if his lines cannot be had."""
        try:
            from game.voice.clips import PlayerVoice
            from game.voice.utterance import render

            phrase = self.lines.for_event(event) if self.lines is not None else None
            if phrase is not None:
                cast = {i: PlayerVoice(n) for i, n in enumerate(self.table.session.names)}
                return render(phrase, cast).caption
        except Exception as exc:  # the voice package is optional
            _log.info("Roboto's lines unavailable: %s", exc)
        lines = self.table.narrate([event])
        return spoken(lines[0].split("\n")[0]) if lines else ""

    def voice(self, event: E.Event) -> None:
        """Say his line for ``event`` aloud (when the voice is on)."""
        phrase = self.lines.for_event(event) if self.lines is not None else None
        if phrase is not None:
            self.table.app.sound.say(phrase)

    def nickname_given(self, player: int, nick: str) -> None:
        """R-6b: a nickname was just given: he says it (and uses it from now on)."""
        self.nicknames[player] = nick
        try:
            from game.voice.clips import PlayerVoice
            from game.voice.utterance import render

            if self.lines is not None:
                phrase = self.lines.nickname(player, nick)
                cast = {i: PlayerVoice(n) for i, n in enumerate(self.table.session.names)}
                self.speak(render(phrase, cast).caption)
                self.feel("happy")
                self.faces.append(self.face())
                self.table.app.sound.say(phrase)
        except Exception as exc:
            _log.info("no nickname line: %s", exc)

    def update(self, dt: float) -> bool:
        self.still = self.table.settings.reduced_motion
        if self.surprise is not None and self.drum <= 0:  # the drum roll is over: tell it
            event, words = self.surprise
            self.surprise = None
            self.say(words)
            self.feel("mischievous", max(3.0, self.talk + 1.0))
            self.faces.append(self.face())
            self.table.model.log.append(event)
            self.table.app.sound.narrate([event])
        # a short beep as he dozes off, once per idle stretch
        if self.tick(dt, self.table.app.clock.now):
            self.beeps += 1
            self.table.sfx("beep")
        return True  # he blinks

    def animating(self) -> bool:
        return self.talk > 0 or self.bubble > 0

    def offer(self, choice: Choice, options: Sequence[Option]) -> Scene | None:
        """What he asked for is done at his side: a race (its options are finishing
        orders) is run as a race; a nickname (his command asks one, and the choice is its
        one answer) is typed, and he uses it from then on."""
        from game.editions.roboto.table.nickname import NicknameScene
        from game.editions.roboto.table.races import RaceScene, ReactionRaceScene

        t = self.table
        if t.viewer is None or not options:
            return None
        unit = t.session.view(t.viewer).unit
        racers, kind = racers_of(unit), race_kind_of(unit)
        phones = getattr(t, "phone_table", None)
        race = phones.racing() if phones is not None else None
        if race is not None and racers and all(o.widget == "order" for o in options):
            return self.race_scene(race)  # a racer on a phone: the phones' race, shown
        if racers and all(o.widget == "order" for o in options):
            if getattr(t.session, "race_mode", "family") == "reaction":
                return ReactionRaceScene(t.app, self, racers, choice, options, kind)
            return RaceScene(t.app, self, racers, choice, options, kind)
        if kind == "nickname" and len(racers) >= 2 and len(options) == 1:
            return NicknameScene(t.app, self, racers[1], choice, options[0])
        return None

    def race_scene(self, race: Any) -> Scene:
        """The table's dialog for a race raced on the phones (R-10, issue 33; ``race`` a
        :class:`game.phone.race.PhoneRace`): the table's phones open it, whoever reports."""
        from game.editions.roboto.table.races import SharedRaceScene

        return SharedRaceScene(self.table.app, self, race)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, layer: str) -> None:
        if layer == "under":
            self.draw_robot(surface)
        elif layer == "over" and self.bubble > 0 and self.words:
            self.draw_bubble(surface)

    def test_state(self) -> dict[str, Any]:
        return {"talking": self.talk > 0, "words": self.words if self.bubble > 0 else "",
                "said": len(self.said), "sleepy": self.sleepy(), "rect": [*self.body],
                "interruptions": list(self.interruptions), "races": self.races,
                "beeps": self.beeps, "face": self.face(), "faces": list(self.faces)}
