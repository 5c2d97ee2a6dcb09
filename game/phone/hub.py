"""The phone hub: the main loop's one handle on the phones (see :class:`PhoneHub`).

The hub runs an aiohttp server (:mod:`game.phone.server`) on its own asyncio loop in a
daemon thread. The two threads meet in three places only, each bounded:

- the **inbound queue** (:meth:`PhoneHub.poll`): what the phones ask (a choice by its ids
  and the state version it saw, a name, a face, a language) and what happened to them
  (connected, gone, a typed code waiting for the host, a second device on a link). The main
  loop drains it between frames and applies the choices itself
  (:meth:`PhoneHub.handle_choice`): the engine is touched from the main loop only;
- the **latest state** of each seat (:meth:`PhoneHub.publish`), built by the main loop from
  the seat's own view (:func:`game.phone.state.seat_state`) and rendered on the server's
  thread in each connection's language; a newer state replaces one not yet sent;
- the **seat keys and statuses** (:mod:`game.phone.access`), behind one lock.

Typical use by the table::

    hub = PhoneHub()
    hub.start(lan_address() or "127.0.0.1")
    invite = hub.open_seat(2)           # invite.url in a QR code, invite.code typed
    ...
    every frame:
        for item in hub.poll():
            if isinstance(item, ChoiceRequest):
                chosen = hub.handle_choice(session, item)   # acknowledged to the phone
                if chosen is not None: table.present(chosen.events)
            ...
        hub.publish_session(session, deadlines, faces)
    hub.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import game.phone.wire as wire
from game.phone.access import Connection, Keys, SeatRecord
from game.phone.art import Art
from game.phone.inbound import (
    ChoiceRequest,
    CodesReplaced,
    Connected,
    Disconnected,
    FaceChanged,
    Inbound,
    JoinRequested,
    LanguageChanged,
    NameChanged,
    TakeoverRequested,
)
from game.phone.labels import Caption
from game.phone.net import check_bind_address
from game.phone.qr import qr_matrix
from game.phone.race import PhoneRace
from game.phone.server import Limits, Server
from game.phone.state import SeatState, seat_state
from game.play.session import Chosen, Session
from game.rules.errors import IllegalAction

_log = logging.getLogger(__name__)

#: How many requests wait for the main loop at most; a choice beyond it is refused as busy.
INBOUND_LIMIT = 512

# ---------------------------------------------------------------------------- values
@dataclass(frozen=True)
class SeatInvite:
    """How a phone takes ``seat``: the link for the QR code (the secret is in its
    fragment), the short address and the single-use code for typing."""

    seat: int
    url: str
    address: str
    code: str

    def __repr__(self) -> str:  # the link holds the secret: never in a log
        return f"SeatInvite(seat={self.seat}, address={self.address!r})"

    def qr(self, border: int = 2) -> tuple[tuple[bool, ...], ...]:
        """The link's QR code as rows of modules (``True``: dark)."""
        return qr_matrix(self.url, border)


@dataclass(frozen=True)
class SeatStatus:
    """A phone seat as the table shows it: ``connection`` is ``never`` (not joined yet),
    ``connected`` or ``away`` (joined, then the socket went); ``name``/``face``/``language``
    as the phone last set them ("": not set); ``takeover`` when a second device waits for
    the table's confirmation."""

    seat: int
    connection: Connection
    name: str = ""
    face: str = ""
    language: str = ""
    takeover: bool = False


@dataclass(frozen=True)
class PendingJoin:
    """A phone that typed ``seat``'s code and waits for the host (:meth:`PhoneHub.accept_join`)."""

    id: int
    seat: int


# ---------------------------------------------------------------------------- the hub
class PhoneHub:
    """The phones of one set-up or match; see the module docstring. Every method is for
    the main loop's thread."""

    def __init__(self, art: Art | None = None, limits: Limits | None = None) -> None:
        self.art = art or Art()
        self.limits = limits or Limits()
        self.host = ""
        self.port = 0
        self._lock = threading.Lock()
        self._keys = Keys()
        self._records: dict[int, SeatRecord] = {}
        self._latest: dict[int, SeatState] = {}
        self._signatures: dict[int, object] = {}
        self._pending: dict[int, int] = {}  # join id -> seat
        self._inbound: queue.Queue[Inbound] = queue.Queue(INBOUND_LIMIT)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: Server | None = None  # on the loop's thread
        #: Called on the server's thread after something is queued for :meth:`poll` (a
        #: window's main loop wakes up with it instead of polling on a timer).
        self.on_inbound: Callable[[], None] | None = None

    # ------------------------------------------------------------------ life
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def address(self) -> str:
        """``host:port`` as phones reach it (and as their Host header must say)."""
        return f"{self.host}:{self.port}"

    def start(self, host: str, port: int = 0) -> None:
        """Listen on ``host`` (a private address or 127.0.0.1; never 0.0.0.0) at ``port``
        (0: a free one). Returns once listening; raises ``ValueError`` for an address the
        hub refuses and ``OSError`` when it cannot bind."""
        if self.running:
            raise RuntimeError("the phone hub is already running")
        host = check_bind_address(host)
        ready = threading.Event()
        failure: list[BaseException] = []
        loop = asyncio.new_event_loop()
        server = Server(self, loop, self.limits)

        def run() -> None:
            asyncio.set_event_loop(loop)
            try:
                self.port = loop.run_until_complete(server.start(host, port))
            except BaseException as exc:  # reported to start()'s caller
                failure.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(server.shutdown())
                loop.close()

        self.host = host
        self._loop, self._server = loop, server
        self._thread = threading.Thread(target=run, name="phone-hub", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            self._thread.join()
            self._thread = self._loop = self._server = None
            raise failure[0]

    def stop(self, timeout: float = 5.0) -> None:
        """Tell every phone the table closed, close every socket and stop listening."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        if thread.is_alive():
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout)
        self._thread = self._loop = self._server = None

    def _call(self, name: str, *args: object) -> None:
        """Run the server's method ``name`` on its loop (from the main thread)."""
        loop, server = self._loop, self._server
        if loop is not None and server is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(getattr(server, name), *args)

    # ------------------------------------------------------------------ seats
    def open_seat(self, seat: int) -> SeatInvite:
        """Put ``seat`` on a phone (or give its current invite if it is already)."""
        with self._lock:
            key = self._keys.open(seat)
            self._records.setdefault(seat, SeatRecord())
            return self._invite(seat, key.secret, key.code)

    def invite(self, seat: int) -> SeatInvite | None:
        """``seat``'s current invite (its code changes once used), ``None`` if not open."""
        with self._lock:
            key = self._keys.get(seat)
            return None if key is None else self._invite(seat, key.secret, key.code)

    def _invite(self, seat: int, secret: str, code: str) -> SeatInvite:
        return SeatInvite(seat, f"http://{self.address}/#{secret}", self.address, code)

    def close_seat(self, seat: int) -> None:
        """Take ``seat`` off the phones: its link stops working, its phone is told."""
        with self._lock:
            self._keys.close(seat)
            self._records.pop(seat, None)
            self._latest.pop(seat, None)
            self._signatures.pop(seat, None)
            self._pending = {i: s for i, s in self._pending.items() if s != seat}
        self._call("drop_seat", seat, "closed")

    def drop_connection(self, seat: int) -> None:
        """Cut ``seat``'s socket as a dropped network would, saying nothing: the page
        reconnects by itself with its link (and resends an unacknowledged choice)."""
        self._call("cut", seat)

    def renew_all(self) -> dict[int, SeatInvite]:
        """New secrets and codes for every phone seat (a resumed match): old links stop
        working and any phone still connected is told. Returns the new invites."""
        with self._lock:
            self._keys.renew_all()
            for record in self._records.values():
                record.connection = "never" if record.connection == "never" else "away"
                record.takeover = False
            self._pending.clear()
            seats = self._keys.seats()
            invites = {}
            for s in seats:
                key = self._keys.get(s)
                assert key is not None
                invites[s] = self._invite(s, key.secret, key.code)
        for s in seats:
            self._call("drop_seat", s, "renewed")
        return invites

    def seats(self) -> list[int]:
        """The seats on a phone."""
        with self._lock:
            return self._keys.seats()

    def status(self, seat: int) -> SeatStatus | None:
        """``seat``'s phone as the table shows it (``None``: not on a phone)."""
        with self._lock:
            r = self._records.get(seat)
            if r is None:
                return None
            return SeatStatus(seat, r.connection, r.name, r.face, r.language, r.takeover)

    def connected(self) -> list[int]:
        with self._lock:
            return sorted(s for s, r in self._records.items() if r.connection == "connected")

    def settle_face(self, seat: int, face: str) -> None:
        """The face the table gave ``seat`` after its phone asked for another (one another
        seat wears): the seat's record says the table's, and its phone is sent its state
        again, so the page shows the face the others see."""
        with self._lock:
            r = self._records.get(seat)
            if r is None:
                return
            r.face = face
            self._signatures.pop(seat, None)

    # ------------------------------------------------------------------ joins
    def pending_joins(self) -> list[PendingJoin]:
        with self._lock:
            return [PendingJoin(i, s) for i, s in sorted(self._pending.items())]

    def accept_join(self, join_id: int) -> bool:
        """The host accepts a typed-code join: the phone gets the seat's link and takes it
        (an older device on it is told). ``False`` when no such join waits."""
        with self._lock:
            if self._pending.pop(join_id, None) is None:
                return False
        self._call("accept_join", join_id)
        return True

    def refuse_join(self, join_id: int) -> bool:
        with self._lock:
            if self._pending.pop(join_id, None) is None:
                return False
        self._call("refuse_join", join_id)
        return True

    def confirm_takeover(self, seat: int) -> bool:
        """The second device waiting on ``seat``'s link takes the seat; the first is told.
        ``False`` when none waits."""
        with self._lock:
            r = self._records.get(seat)
            if r is None or not r.takeover:
                return False
            r.takeover = False
        self._call("takeover", seat, True)
        return True

    def refuse_takeover(self, seat: int) -> bool:
        with self._lock:
            r = self._records.get(seat)
            if r is None or not r.takeover:
                return False
            r.takeover = False
        self._call("takeover", seat, False)
        return True

    # ------------------------------------------------------------------ inbound
    def poll(self, limit: int = INBOUND_LIMIT) -> list[Inbound]:
        """What the phones asked since the last call, oldest first (never blocks)."""
        out: list[Inbound] = []
        while len(out) < limit:
            try:
                out.append(self._inbound.get_nowait())
            except queue.Empty:
                break
        return out

    def handle_choice(self, session: Session, request: ChoiceRequest) -> Chosen | None:
        """Apply a phone's choice (main loop) and acknowledge it to that phone: the
        :class:`Chosen` (a resend is ``repeated``, applied once), or ``None`` when refused,
        with the clause-naming message the table gives, and nothing changed."""
        try:
            chosen = session.choose(request.seat, request.version, request.choice,
                                    request.option)
        except IllegalAction as exc:
            self.acknowledge(request, exc.clause, request.version != session.version)
            return None
        self.acknowledge(request)
        return chosen

    def acknowledge(self, request: ChoiceRequest, clause: str | None = None,
                    stale: bool = False) -> None:
        """Answer a phone's choice that the main loop took itself (a race's press): done
        (``clause`` ``None``), or refused naming ``clause`` (``stale``: made at another
        state), in the words the table gives."""
        self._call("ack", request.conn, request.seat, request.seq, clause,
                   "" if clause is None else "stale" if stale else "refused")

    # ------------------------------------------------------------------ outbound
    def publish(self, seat: int, state: SeatState) -> None:
        """Hand ``seat``'s phone its latest state (rendered in its language on the
        server's thread; a state not yet sent is replaced by this one)."""
        with self._lock:
            if seat not in self._records:
                return
            self._latest[seat] = state
        self._call("push", seat)

    def publish_all(self, states: Mapping[int, SeatState]) -> None:
        for seat, state in states.items():
            self.publish(seat, state)

    def publish_session(self, session: Session, deadlines: Mapping[str, float] | None = None,
                        faces: Sequence[str] = (), captions: Sequence[Caption] = (),
                        force: bool = False, race: PhoneRace | None = None) -> int:
        """Build and publish the state of every connected phone seat whose state may have
        changed (the game's version, the clocks started, names, faces, captions or a race
        under way, :mod:`game.phone.race`): cheap when nothing did, so it can run every
        frame. Returns how many were published."""
        base = (session.version, tuple(sorted((deadlines or {}).keys())), tuple(session.names),
                tuple(faces), tuple(captions))
        published = 0
        for seat in self.connected():
            signature = base if race is None else (*base, race.phase(seat))
            with self._lock:
                if not force and self._signatures.get(seat) == signature:
                    continue
                self._signatures[seat] = signature
            self.publish(seat, seat_state(session, seat, deadlines, faces, captions, race))
            published += 1
        return published

    # ------------------------------------------------------------------ for the server
    # (called on the server's thread, under the hub's lock where it says so; what the server
    # uses of the hub is game.phone.server.Hub)
    def _latest_state(self, seat: int) -> SeatState | None:
        with self._lock:
            return self._latest.get(seat)

    def _phone_marks(self) -> dict[int, str]:
        with self._lock:
            return {s: r.connection for s, r in self._records.items()}

    def _post(self, item: Inbound) -> bool:
        """Queue ``item`` for the main loop; ``False`` when the queue is full."""
        try:
            self._inbound.put_nowait(item)
        except queue.Full:
            _log.warning("phone requests queue full: %s dropped", type(item).__name__)
            return False
        if self.on_inbound is not None:
            self.on_inbound()
        return True

    def _forget_signature(self, seat: int) -> None:
        with self._lock:
            self._signatures.pop(seat, None)


__all__ = [
    "INBOUND_LIMIT",
    "ChoiceRequest",
    "CodesReplaced",
    "Connected",
    "Disconnected",
    "FaceChanged",
    "Inbound",
    "JoinRequested",
    "LanguageChanged",
    "Limits",
    "NameChanged",
    "PendingJoin",
    "PhoneHub",
    "SeatInvite",
    "SeatStatus",
    "TakeoverRequested",
    "wire",
]
