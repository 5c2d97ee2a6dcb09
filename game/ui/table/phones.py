"""Phone seats at the table (issue 33 items 3, 5 and 6): :class:`TablePhones`, the match's
side of the app's phones (:mod:`game.ui.phones`).

A seat on a phone is a person's seat (``SeatInfo.phone``) whose hand the big screen never
shows: the table treats it as it treats an AI's (its cards face down, its draws redacted
for whoever is at the screen, no pass screen for it), marks it with a small phone and its
connection's state, and lets the phone answer the seat's choices. Every frame, whatever
dialog is on top (:meth:`TablePhones.update`, called by the app's phones):

- the phones' choices are applied (the engine is touched here, on the main loop, never on
  the server's thread) and shown like any move; while the match is held (the pause menu,
  the settings, the scores between hands) they wait;
- the table's clock keeps a phone seat's turn timer (T-12: the deadline goes to the phone,
  the clock's own action is applied when it runs out);
- a phone player's turn that waits on a phone that is gone is said on the table, and after
  the host's delay (Settings) :class:`PhoneAwayScene` offers to keep waiting, to let the
  computer play this turn for them (one turn, through the match's bot runner) or to take
  the seat at the keyboard;
- a Roboto race that names a person on a phone (R-10) is raced on the phones, on the
  table's clock (:class:`game.phone.race.PhoneRace`, as in the headless loop): the table
  shows it in the edition's race dialog (whoever reports it; a person racing at the
  keyboard presses there), ticks it only while that dialog shows it, and reports the
  finishing order when every racer has finished;
- each phone gets its seat's state, with the clock's deadline and the table's public
  captions only.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.ui import text, theme
from game.ui.phone_scenes import CONNECTION_WORDS, draw_invite, draw_phone_mark
from game.ui.phones import phones_of
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control, panel

if TYPE_CHECKING:
    from game.phone.hub import ChoiceRequest, PhoneHub
    from game.phone.race import PhoneRace
    from game.play.session import Session
    from game.rules import events as E
    from game.ui.botworker import Job
    from game.ui.scene import AppHost
    from game.ui.table.host import MatchFacts, TableFace

#: Scenes over the table that hold the match: the phones' choices wait until they close.
HELD_BY = frozenset({"pause", "settings", "help", "calibrate", "hand_end", "match_end",
                     "notice", "confirm"})
WAITING = N_("Waiting for {player}'s phone…")
PLAYED_FOR = N_("The computer plays this turn for {player}.")
AT_KEYBOARD = N_("{player} now plays at the keyboard.")


def on_phone(session: MatchFacts, player: int) -> bool:
    """Does ``player`` play from a phone?"""
    return 0 <= player < len(session.seats) and session.seats[player].phone \
        and session.is_human(player)


def phone_seats(session: MatchFacts) -> list[int]:
    return [p for p in range(len(session.seats)) if on_phone(session, p)]


def keyboard_people(session: MatchFacts) -> list[int]:
    """The people who share the keyboard and the screen (not those on phones)."""
    return [p for p in session.humans if not on_phone(session, p)]


def keyboard_caller(t: TableFace) -> int | None:
    """Whom the keyboard's UNO! (U, the button) calls for while the screen is nobody's (a
    phone player acts, every hand at the screen hidden): the person at the keyboard who
    still owes the call (C-12: its window stays open until the phone player begins their
    turn); ``None`` when nobody at the keyboard owes it. A phone player calls their own."""
    from game.play.choices import UNO
    from game.ui.table.shout_listener import owing

    if t.viewer is not None:
        return None
    people = keyboard_people(t.session)
    return next((p for p in owing(t) if p in people
                 and t.input.choices(p).choice(UNO) is not None), None)


def runner_levels(session: Session) -> dict[int, str]:
    """The bot runner's seats: the AI's, and each phone seat's level, for a turn the
    computer plays for a phone that is gone."""
    from game.bots import BOTS
    from game.play.session import default_level

    levels = session.ai_levels()
    for p in phone_seats(session):
        level = session.seats[p].level
        levels[p] = level if level in BOTS else default_level()
    return levels


class TablePhones:
    """See the module docstring; ``table`` is the table scene."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self._held: deque[ChoiceRequest] = deque(maxlen=128)
        #: The clock on a phone seat's decision: ((seat, version, choice id), seconds left).
        self._clock: tuple[tuple[int, int, str], float] | None = None
        #: The phone seat whose turn waits on its gone phone, and for how long (seconds).
        self.waiting: int | None = None
        self.waited = 0.0
        #: The phone seat the computer plays this turn for (``None``: none).
        self.computer: int | None = None
        self._job: Job | None = None
        self._job_version = -1
        self._started = False
        self.applied = 0
        #: The Roboto race under way on the phones (R-10), if any.
        self.race: PhoneRace | None = None

    @property
    def session(self) -> Session:
        return self.table.session  # type: ignore[no-any-return]

    def seats(self) -> list[int]:
        return phone_seats(self.session)

    def connection(self, seat: int) -> str:
        return phones_of(self.table.app).connection(seat)

    # ------------------------------------------------------------------ the match's pace
    def held(self) -> bool:
        """Is the match held (paused, scores on screen, the table gone)?"""
        stack = self.table.app.stack.scenes
        if self.table not in stack:
            return True
        above = stack[stack.index(self.table) + 1:]
        return any(getattr(s, "name", "") in HELD_BY for s in above)

    def request(self, hub: PhoneHub, item: ChoiceRequest) -> None:
        """A phone's choice: applied now, or when the match is no longer held."""
        if self.held():
            self._held.append(item)
        else:
            self._apply(hub, item)

    def _apply(self, hub: PhoneHub, item: ChoiceRequest) -> None:
        from game.phone.race import RACE, take_press

        race = self.racing() if item.choice == RACE else self.race
        taken, clause, stale = take_press(race, self.session, item.seat, item.version,
                                          item.choice, item.option)
        if taken:  # a race button, timed now on the table's clock
            hub.acknowledge(item, clause, stale)
            return
        chosen = hub.handle_choice(self.session, item)
        if chosen is not None and not chosen.repeated:
            self.applied += 1
            self._present(list(chosen.events))

    def _present(self, events: list[E.Event]) -> None:
        self.table.present(events)
        self.table.app.dirty = True

    # ------------------------------------------------------------------ every frame
    def update(self, hub: PhoneHub, dt: float) -> bool:
        changed = False
        if not self._started:
            self._started = True
            changed = self._start()
        held = self.held()
        while self._held and not held:
            self._apply(hub, self._held.popleft())
            changed = True
        deadlines: dict[str, float] = {}
        if not held and not self.session.over:
            changed = self._race(dt) or changed
            deadlines, expired = self._tick(dt)
            changed = self._away(dt) or self._computer_turn() or expired or changed
        hub.publish_session(self.session, deadlines, self.faces(), self.captions(),
                            race=self.racing(start=False))
        return changed

    # ------------------------------------------------------------------ R-10 on phones
    def racing(self, start: bool = True) -> PhoneRace | None:
        """The race under way on the phones: the one the session asks now if it names a
        person on a connected phone (started with ``start``: from then on no phone is
        offered the report of the finishing order); ``None`` when there is none (a person
        on a gone phone races at the keyboard, and so does a racer whose phone goes
        during the race, until it comes back: :meth:`PhoneRace.follow`)."""
        from game.phone.race import PhoneRace

        s = self.session
        race = self.race
        if race is not None and (s.over or race.version != s.version):
            race = self.race = None
        connected = [p for p in self.seats() if self.connection(p) == "connected"]
        if race is None and start and not s.over:  # PhoneRace.start: None but in a race
            race = self.race = PhoneRace.start(s, connected)
        elif race is not None:  # a racer whose phone went races at the keyboard meanwhile
            race.follow(self.seats(), connected)
        return race

    def shown(self, race: PhoneRace) -> bool:
        """Is ``race`` on the big screen (a dialog on the stack shows it)?"""
        return any(getattr(sc, "race", None) is race for sc in self.table.app.stack.scenes)

    def press(self, seat: int) -> bool:
        """A person racing at the keyboard pressed (the table's race dialog)."""
        race = self.race
        return race is not None and seat in race.people and race.press(seat)

    def _race(self, dt: float) -> bool:
        """The race on the phones: shown in the edition's race dialog (opened here once
        the table has shown what led to it and is on top: a keyboard reporter's opens
        after their pass screen), ticked while shown (a phone's press before that is
        timed at its start), reported once every racer has finished (the dialog closes)."""
        from game.phone.race import report

        race = self.racing()
        if race is None:
            return False
        app = self.table.app
        if not self.shown(race):
            if app.top is not self.table or not self.table.presenter.idle:
                return False
            scene = next((make(race) for dev in self.table.devices
                          if (make := getattr(dev, "race_scene", None)) is not None), None)
            if scene is None:
                return False
            app.push(scene)
            return True
        changed = race.tick(dt)
        chosen = report(race, self.session)
        if chosen is None:
            return changed
        self.race = None
        self.applied += 1
        for scene in [sc for sc in app.stack.scenes if getattr(sc, "race", None) is race]:
            app.stack.remove(scene)
        self._present(list(chosen.events))
        return True

    def _start(self) -> bool:
        """A resumed match's phones get new links (old ones stop working); a match whose
        phones have not all joined shows their codes over the table."""
        phones = phones_of(self.table.app)
        if self.table.resumed:
            phones.renew()
        if any(self.connection(p) != "connected" for p in self.seats()):
            self.show_codes()
            return True
        return False

    def show_codes(self) -> None:
        """The phone seats' QR codes over the table (closed by itself once every phone is
        in, or with "Back to the game")."""
        from game.ui.phone_scenes import PhoneJoinScene

        app = self.table.app
        if not any(getattr(sc, "name", "") == "phone_join" for sc in app.stack.scenes):
            app.push(PhoneJoinScene(app, self.seats))

    def faces(self) -> list[str]:
        from game.ui import family

        return [a.kind for a in family.faces(self.table.app, self.session.player_ids)]

    def captions(self) -> tuple[Any, ...]:
        """The table's own public lines for the phones: whose gone phone the table waits on."""
        from game.phone.labels import Caption

        if self.waiting is None:
            return ()
        return (Caption(WAITING, {"player": self.waiting}),)

    # ------------------------------------------------------------------ T-12 on a phone
    def _tick(self, dt: float) -> tuple[dict[str, float], bool]:
        """The clock on the decision a phone seat owes (while its phone is there): the
        seconds left by choice id, and whether it ran out (its action applied)."""
        from game.play.choices import clock, expire
        from game.rules.errors import IllegalAction

        s = self.session
        p = s.to_act
        running = clock(s.view(p)) if p in self.seats() and \
            self.connection(p) == "connected" else None
        if running is None:
            self._clock = None
            return {}, False
        choice_id, seconds = running
        key = (p, s.version, choice_id)
        if self._clock is None or self._clock[0] != key:
            self._clock = (key, seconds)
            return {choice_id: seconds}, False
        left = self._clock[1] - dt
        self._clock = (key, left)
        if left > 0:
            return {choice_id: left}, False
        self._clock = None
        try:
            events = s.act(expire(s.choices(p), s.version, choice_id))
        except IllegalAction:
            return {}, False
        self._present(events)
        return {}, True

    # ------------------------------------------------------------------ a gone phone
    def _away(self, dt: float) -> bool:
        s = self.session
        p = s.to_act
        gone = p in self.seats() and self.computer != p and self.connection(p) != "connected"
        if not gone:
            changed = self.waiting is not None
            self.waiting, self.waited = None, 0.0
            self._close_offer()
            return changed
        changed = False
        if self.waiting != p:
            self.waiting, self.waited = p, 0.0
            self.table.app.sound.say(_(WAITING).format(player=s.names[p]))
            changed = True
        self.waited += dt
        app = self.table.app
        if self.waited >= app.settings.phone_wait and app.top is self.table:
            app.push(PhoneAwayScene(app, self, p))
            changed = True
        return changed

    def _close_offer(self) -> None:
        for scene in list(self.table.app.stack.scenes):
            if isinstance(scene, PhoneAwayScene) and scene.phones is self:
                self.table.app.stack.remove(scene)

    def keep_waiting(self) -> None:
        """The host waits on: the offer comes again after another delay."""
        self.waited = 0.0

    def play_for(self, seat: int) -> None:
        """The computer plays ``seat``'s turn (its bot, on the match's runner)."""
        self.computer, self._job = seat, None
        self.waiting, self.waited = None, 0.0
        self.table.notify(PLAYED_FOR, player=self.session.names[seat])

    def named(self, seat: int, name: str) -> None:
        """The name typed on ``seat``'s phone mid-match is the seat's: its plate, the
        captions and every phone say it from now on (the save keeps it)."""
        from game.setup.names import clean_name

        s = self.session
        clean = clean_name(name)
        if seat not in self.seats() or not clean or s.seats[seat].name == clean:
            return
        s.seats[seat] = replace(s.seats[seat], name=clean)
        s.save()
        names = self.table.model.names  # what the plates and the table's captions say
        if seat < len(names):
            names[seat] = clean
        self.table.relayout()
        self.table.app.dirty = True

    def face(self, seat: int, kind: str) -> bool:
        """The face chosen on ``seat``'s phone mid-match is the seat's, if no other seat
        wears it: it becomes the player's face (their profile's, as a face chosen at the
        set-up does at the deal), so the plate, the scores, the pass screen, the saved
        matches' list and every phone show it, now and when the match is resumed.
        ``False`` (nothing changed) for a seat not on a phone or a face worn here."""
        from game.store.profiles import AVATAR_KINDS, Avatar
        from game.ui import family

        s = self.session
        if seat not in self.seats() or kind not in AVATAR_KINDS:
            return False
        worn = family.faces(self.table.app, s.player_ids)
        if worn[seat].kind == kind or any(a.kind == kind for i, a in enumerate(worn)
                                          if i != seat):
            return False
        # every seat's face is written as it is now (a seat with no profile yet keeps the
        # face it was given, which the new one could otherwise change)
        family.remember(self.table.app, s.seats,
                        [Avatar.of(kind) if i == seat else a for i, a in enumerate(worn)])
        self.table.relayout()
        self.table.app.dirty = True
        return True

    def to_keyboard(self, seat: int) -> None:
        """``seat`` leaves its phone for the rest of the match and plays at the keyboard
        (its link stops working; the save records it)."""
        s = self.session
        s.seats[seat] = replace(s.seats[seat], phone=False)
        s.save()
        if self.computer == seat:
            self.computer = None
        self.waiting, self.waited = None, 0.0
        self.table.relayout()
        self.table.notify(AT_KEYBOARD, player=s.names[seat])

    def _computer_turn(self) -> bool:
        """One turn of a gone phone's seat, played by its bot: every decision of that turn,
        at the table's pace, until someone else is to act."""
        from game.rules.actions import CallUno
        from game.rules.errors import IllegalAction

        p = self.computer
        s = self.session
        if p is None:
            return False
        if s.over or s.to_act != p:
            self.computer, self._job = None, None
            return False
        if not self.table.presenter.idle:
            return False
        legal = s.legal(p)
        if not legal:
            return False
        offered = s.choices(p)
        main = offered.main()
        if main is not None and main.kind == "race":
            # A race is the table's to settle, not a bot's: the seat reports the first
            # finishing order offered, as a person who raced alone would.
            self._present(list(s.choose(p, offered.version, main.id, main.options[0].id).events))
            return True
        runner = self.table.runner
        if self._job is None or self._job_version != s.version:
            view = s.view(p, with_events=runner.wants_history(p))
            self._job, self._job_version = runner.choose(p, view, legal), s.version
            return False
        if not self._job.done:
            return False
        job, self._job = self._job, None
        action = job.result if job.error is None else None
        try:
            if action is None:
                raise IllegalAction("C-3", "the bot gave no answer")
            events = s.act(action)
        except IllegalAction:
            plain = [a for a in legal if not isinstance(a, CallUno)]
            if not plain:
                return False
            events = s.act(plain[-1])
        self._present(events)
        return True

    def wakeup(self) -> float | None:
        """Seconds until a clock here needs a frame (``None``: only the phones or the
        players wake the loop)."""
        waits = []
        if self.computer is not None:
            waits.append(0.1)  # (the bot's answer wakes the loop; the table's pace too)
        if self._clock is not None:
            waits.append(max(0.0, self._clock[1]))
        if self.waiting is not None:
            waits.append(max(0.0, self.table.app.settings.phone_wait - self.waited))
        if self._held and not self.held():
            waits.append(0.0)
        if self.race is not None:
            waits.append(1 / 30)  # the race's clock (its dialog asks every frame too)
        return min(waits) if waits else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Over the table: who the turn waits on, when their phone is gone."""
        if self.waiting is None:
            return
        lay = self.table.layout
        s = lay.s
        words = _(WAITING).format(player=self.session.names[self.waiting])
        px = text.fit(words, int(22 * s), int(lay.size[0] * 0.5))
        box = pygame.Rect(0, 0, text.size(words, px)[0] + int(70 * s), int(px * 2))
        box.midbottom = (lay.size[0] // 2, lay.draw_pile.top - int(24 * s))
        pygame.draw.rect(surface, theme.mix(theme.ACCENT, (240, 170, 60), 0.5),
                         box.inflate(4, 4), border_radius=box.height // 2)
        panel(surface, box, s, 245)
        draw_phone_mark(surface, (box.left + int(24 * s), box.centery), int(px * 1.2), "away")
        text.draw(surface, words, px, (box.left + int(44 * s), box.centery), theme.TEXT,
                  "midleft")

    def test_state(self) -> dict[str, Any]:
        phones = phones_of(self.table.app)
        seats = {}
        for p in self.seats():
            invite = phones.invite(p)
            seats[str(p)] = {"connection": self.connection(p),
                             "url": invite.url if invite is not None else None,
                             "code": invite.code if invite is not None else None}
        return {"seats": seats, "waiting": self.waiting, "computer": self.computer,
                "keyboard": keyboard_people(self.session), "applied": self.applied}


def phone_tag(surface: pygame.Surface, t: TableFace, player: int, face: pygame.Rect,
              ps: float) -> None:
    """The phone mark under a phone seat's face on its plate, with the connection's state."""
    connection = phones_of(t.app).connection(player)
    draw_phone_mark(surface, (face.centerx, face.bottom + int(2 * ps)), int(20 * ps),
                    connection)


class PhoneAwayScene(PanelScene):
    """A phone player's turn has waited the host's delay on a phone that is gone: keep
    waiting, let the computer play this turn for them, or take the seat at the keyboard.
    The seat's code is shown too (the same link, or a new device, brings it back); the
    offer goes away by itself when the phone does come back."""

    name = "phone_away"
    width = 820
    title = N_("{player}'s phone is gone")
    body = N_("It is {player}'s turn, and their phone is not connected. Open the same link "
              "on it again (or scan the code), or choose:")
    CARD_H = 330

    def __init__(self, app: AppHost, phones: TablePhones, seat: int) -> None:
        super().__init__(app, player=phones.session.names[seat])
        self.phones = phones
        self.seat = seat
        self.card: dict[str, Any] = {}

    def build(self) -> list[Control]:
        return [Button.make("wait", N_("Keep waiting"), style="primary"),
                Button.make("computer", N_("Let the computer play this turn")),
                Button.make("keyboard", N_("Take the seat at the keyboard"))]

    def extra_height(self) -> int:
        return min(self.CARD_H, int(self.size[1] / self.s) - 390)

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        h = int(self.extra_height() * s)
        if h < int(120 * s):
            return
        box = pygame.Rect(0, 0, int(h * 0.8), h - int(8 * s))
        box.midtop = (self.panel_rect.centerx, self.content_top)
        self.card = draw_invite(surface, self.app, self.seat, box, s)

    def on_press(self, control: str) -> None:
        self.app.pop()
        if control == "computer":
            self.phones.play_for(self.seat)
        elif control == "keyboard":
            self.phones.to_keyboard(self.seat)
        else:
            self.phones.keep_waiting()

    def back(self) -> None:
        self.on_press("wait")

    def test_state(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": self.card,
                "connection": _(CONNECTION_WORDS[self.phones.connection(self.seat)])}
