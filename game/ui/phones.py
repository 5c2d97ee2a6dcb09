"""The window's side of "every hand on its own phone" (issue 33): the app's one
:class:`~game.phone.hub.PhoneHub`, open exactly while a set-up or a match with phone seats
is.

:class:`Phones` is owned by the app and updated every frame, whatever scene is on top:

- it asks the scenes on the stack which seats they want on phones (a scene says so with a
  ``phone_seats()`` method: the set-up's seats marked "on a phone", the table's phone
  seats), opens those seats and closes the others; the server starts with the first phone
  seat and stops when none remains (leaving a match, going back to the title). A seat
  that stays open keeps its link, so "Play again" keeps the phones joined;
- it draws the phones' pictures a little per frame (the card art is pygame's: main thread);
- it drains what the phones asked and hands it on: a choice to the match on the stack (its
  ``phone_table`` applies it between frames, the engine being touched from the main loop
  only), a typed code or a second device on a link to the host as a question
  (:class:`~game.ui.phone_scenes.PhoneQuestionScene`), a name or a face chosen on the phone
  to the set-up (``phone_named`` / ``phone_face``); then the match publishes each seat's
  state.

The server's thread wakes the loop (the app's ``WAKE`` event) when it queues something, so
an idle table with phones costs no polling. ``UNO_PHONE_HOST=127.0.0.1`` makes the server
listen on the loopback address instead of the home network's (the tests: they never send
traffic to the machine's private address).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import N_

if TYPE_CHECKING:
    from game.phone.hub import ChoiceRequest, PhoneHub, SeatInvite, SeatStatus
    from game.ui.scene import AppHost

_log = logging.getLogger(__name__)

HOST_ENV = "UNO_PHONE_HOST"
#: Seconds of a frame that may go to drawing the phones' pictures.
ART_BUDGET_S = 0.004
#: What the set-up and the table say when the server cannot listen.
NO_SERVER = N_("The phones cannot join: the game could not open its server ({reason}).")
#: What the codes say when this computer is on no home network (only it can open them).
NO_NETWORK = N_("This computer is on no home network: connect it to the Wi-Fi the phones "
                "use, then come back to this screen.")


class PhoneTable(Protocol):
    """What the match gives the phones (:class:`game.ui.table.phones.TablePhones`)."""

    def request(self, hub: PhoneHub, item: ChoiceRequest) -> None: ...
    def update(self, hub: PhoneHub, dt: float) -> bool: ...
    def wakeup(self) -> float | None: ...


def phones_of(app: AppHost) -> Phones:
    """The app's phones (every window's app has one)."""
    phones = getattr(app, "phones", None)
    if not isinstance(phones, Phones):
        raise RuntimeError("this app has no phones")
    return phones


def server_host() -> tuple[str, bool]:
    """Where the server listens: ``UNO_PHONE_HOST`` if set, else this computer's address
    on the home network, else the loopback address; and whether that is only this computer
    for want of a home network (then no phone can reach it)."""
    from game.phone.net import lan_address

    given = os.environ.get(HOST_ENV)
    if given:
        return given, False
    lan = lan_address()
    return (lan, False) if lan else ("127.0.0.1", True)


class Phones:
    """See the module docstring. ``wake`` is the event type that wakes the app's loop."""

    def __init__(self, app: AppHost, wake: int | None = None) -> None:
        self.app = app
        self.wake = wake
        self.hub: PhoneHub | None = None
        self._art: Any = None  # game.phone.art.Art, kept from server to server
        #: Why the server could not start ("": it could, or was not asked to).
        self.error = ""
        #: The server listens on this computer only: it is on no home network.
        self.no_network = False
        self._failed_for: frozenset[int] = frozenset()
        #: Host questions waiting to be asked: ("join", join id, seat) or ("takeover", 0, seat).
        self.questions: list[tuple[str, int, int]] = []
        self._qr: dict[str, tuple[tuple[bool, ...], ...]] = {}

    # ------------------------------------------------------------------ which seats
    def wanted(self) -> set[int]:
        """The seats the scenes on the stack want on phones."""
        seats: set[int] = set()
        for scene in self.app.stack.scenes:
            ask = getattr(scene, "phone_seats", None)
            if ask is not None:
                seats |= set(ask())
        return seats

    def sync(self, wanted: Iterable[int]) -> None:
        """Open exactly ``wanted`` (starting the server for the first, stopping it after
        the last); a seat already open keeps its link, so its phone stays joined."""
        seats = frozenset(wanted)
        if not seats:
            self.stop()
            return
        if self.hub is None:
            if seats == self._failed_for:
                return  # it failed for these seats already: not again every frame
            self._start(seats)
            if self.hub is None:
                return
        hub = self.hub
        open_now = set(hub.seats())
        for seat in sorted(open_now - seats):
            hub.close_seat(seat)
        for seat in sorted(seats - open_now):
            hub.open_seat(seat)

    def _start(self, seats: frozenset[int]) -> None:
        from game.phone.art import Art
        from game.phone.hub import PhoneHub
        from game.rules.ruleset import EDITIONS, edition

        if self._art is None:
            self._art = Art()
            cards = {c for name in EDITIONS for c in edition(name).cards()}
            self._art.plan(sorted(cards, key=int))
        hub = PhoneHub(self._art)
        hub.on_inbound = self._wake_loop
        host, self.no_network = server_host()
        try:
            hub.start(host)
        except (OSError, ValueError) as exc:
            _log.warning("the phone server could not start: %s", exc)
            self.error = str(exc) or type(exc).__name__
            self._failed_for = seats
            return
        self.error = ""
        self._failed_for = frozenset()
        self.hub = hub

    def stop(self) -> None:
        """Close every phone seat and stop listening (the phones are told)."""
        hub, self.hub = self.hub, None
        self.questions.clear()
        self._failed_for = frozenset()
        if hub is not None:
            hub.stop()

    def renew(self) -> None:
        """New links and codes for every phone seat (a resumed match: old links stop)."""
        if self.hub is not None:
            self.hub.renew_all()

    def _wake_loop(self) -> None:  # on the server's thread
        if self.wake is not None:
            from game.ui.botworker import wake_loop

            wake_loop(self.wake)

    # ------------------------------------------------------------------ what the screens show
    def invite(self, seat: int) -> SeatInvite | None:
        return None if self.hub is None else self.hub.invite(seat)

    def status(self, seat: int) -> SeatStatus | None:
        return None if self.hub is None else self.hub.status(seat)

    def connection(self, seat: int) -> str:
        """``never``, ``connected`` or ``away`` (``never`` too while there is no server)."""
        st = self.status(seat)
        return "never" if st is None else st.connection

    def qr(self, invite: SeatInvite) -> tuple[tuple[bool, ...], ...]:
        """``invite``'s QR code as modules (made once per link)."""
        matrix = self._qr.get(invite.url)
        if matrix is None:
            if len(self._qr) > 32:
                self._qr.clear()
            matrix = self._qr[invite.url] = invite.qr()
        return matrix

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float) -> bool:
        """One frame: the seats wanted, the pictures, what the phones asked, the match's
        part (its clocks, its states). ``True`` when the screen should be drawn again."""
        self.sync(self.wanted())
        hub = self.hub
        if hub is None:
            return False
        changed = False
        if self._art is not None and self._art.pending():
            self._art.prepare(budget_s=ART_BUDGET_S)
        table = self.table()
        for item in hub.poll():
            changed = self._route(item, table, hub) or changed
        changed = self._ask() or changed
        if table is not None:
            changed = table.update(hub, dt) or changed
        return changed

    def table(self) -> PhoneTable | None:
        """The match on the stack, if any (the topmost)."""
        for scene in reversed(self.app.stack.scenes):
            found = getattr(scene, "phone_table", None)
            if found is not None:
                return found  # type: ignore[no-any-return]
        return None

    def _route(self, item: object, table: PhoneTable | None, hub: PhoneHub) -> bool:
        from game.phone import inbound as m

        if isinstance(item, m.ChoiceRequest):
            if table is not None:
                table.request(hub, item)
            return False  # (no match: no state was sent, so no choice is open)
        if isinstance(item, m.JoinRequested):
            self.questions.append(("join", item.id, item.seat))
        elif isinstance(item, m.TakeoverRequested):
            self.questions.append(("takeover", 0, item.seat))
        elif isinstance(item, m.NameChanged | m.FaceChanged):
            kind = "phone_named" if isinstance(item, m.NameChanged) else "phone_face"
            value = item.name if isinstance(item, m.NameChanged) else item.face
            for scene in self.app.stack.scenes:
                tell = getattr(scene, kind, None)
                if tell is not None:
                    tell(item.seat, value)
            if isinstance(item, m.FaceChanged):
                self._settle_face(hub, item.seat, item.face)
        return True  # a status changed: the marks on screen

    def _settle_face(self, hub: PhoneHub, seat: int, asked: str) -> None:
        """A face the scenes refused (another seat wears it): the phone is told the seat's."""
        from game.ui.phone_scenes import scene_face

        face = scene_face(self.app, seat)
        if face is not None and face.kind != asked:
            hub.settle_face(seat, face.kind)

    # ------------------------------------------------------------------ the host's questions
    def still_asked(self, kind: str, ident: int, seat: int) -> bool:
        """Does a host question still wait (a join not yet answered, a second device)?"""
        hub = self.hub
        if hub is None:
            return False
        if kind == "join":
            return any(j.id == ident for j in hub.pending_joins())
        st = hub.status(seat)
        return st is not None and st.takeover

    def answer(self, kind: str, ident: int, seat: int, yes: bool) -> None:
        """The host's answer to a question (see :meth:`still_asked`)."""
        hub = self.hub
        if hub is None:
            return
        if kind == "join":
            (hub.accept_join if yes else hub.refuse_join)(ident)
        else:
            (hub.confirm_takeover if yes else hub.refuse_takeover)(seat)

    def _ask(self) -> bool:
        """Put the next host question on screen (one at a time), and take away one that no
        longer waits (the phone gone meanwhile); ``True`` when the stack changed."""
        changed = False
        for scene in list(self.app.stack.scenes):
            if getattr(scene, "name", "") == "phone_question" and not self.still_asked(
                    scene.kind, scene.ident, scene.seat):  # type: ignore[attr-defined]
                self.app.stack.remove(scene)
                changed = True
        self.questions = [q for q in self.questions if self.still_asked(*q)]
        if not self.questions or any(getattr(s, "name", "") == "phone_question"
                                     for s in self.app.stack.scenes):
            return changed
        from game.ui.phone_scenes import PhoneQuestionScene

        kind, ident, seat = self.questions.pop(0)
        self.app.push(PhoneQuestionScene(self.app, kind, ident, seat))
        return True

    def wakeup(self) -> float | None:
        """0 while pictures are still being drawn, else when the match's clocks need a
        frame; what the phones ask wakes the loop by itself (the server's thread)."""
        if self.hub is None:
            return None
        if self._art is not None and self._art.pending():
            return 0.0
        table = self.table()
        return None if table is None else table.wakeup()

    def close(self) -> None:
        self.stop()
