"""The phone server: aiohttp on the hub's own asyncio loop (see :mod:`game.phone.hub`).

It serves the page (:file:`game/phone/static/`), the card and face images
(:mod:`game.phone.art`) and the page's texts for the join form (the HTTP side,
:mod:`game.phone.routes`), and one WebSocket per phone (here; each socket is a
:class:`~game.phone.conn.Conn`).
Everything here runs on the loop's thread; the main thread reaches it only through
``loop.call_soon_threadsafe`` (the hub's ``_call``).

Who may talk to it (see :mod:`game.phone.access` and the README's "Play with phones"):

- every request's ``Host`` header must be the address it listens on (no DNS rebinding),
  and a WebSocket's ``Origin`` must be its own page's;
- a socket proves its seat with its first message, within :attr:`Limits.auth_timeout`
  seconds, or is closed; until then it gets nothing but refusals;
- message size, message rate, sockets not yet proven, sockets in all, joins waiting for
  the host and every queue are capped (:class:`Limits`); a flood is cut off with a clear
  message; a malformed or unknown message gets a clear refusal, never a traceback;
- every frame sent passes :func:`game.phone.wire.check_outgoing`;
- pages carry a strict Content-Security-Policy (scripts and styles from this server only,
  no inline script), and the page inserts names as text only.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import WSCloseCode, WSMsgType, web

import game.phone.inbound as m
import game.phone.texts as texts
import game.phone.wire as wire
from game import i18n
from game.phone.conn import Conn, Limits
from game.phone.routes import Routes
from game.phone.state import SeatState, render_state
from game.play.labels import REFUSALS, REFUSED
from game.setup.names import clean_name
from game.store.profiles import AVATAR_KINDS, AVATAR_LABELS

if TYPE_CHECKING:
    import threading

    from game.phone.access import Keys, SeatRecord
    from game.phone.art import Art

_log = logging.getLogger(__name__)

class Hub(Protocol):
    """What the server uses of the hub that runs it (:class:`game.phone.hub.PhoneHub` starts
    the server and hands itself over; it imports this module, never the other way round):
    the pictures, the seat bookkeeping read and written under the hub's lock, and the hub's
    calls for the server (a seat's latest state, the phones' marks, the queue to the main
    loop)."""

    art: Art
    _lock: threading.Lock
    _keys: Keys
    _records: dict[int, SeatRecord]
    _pending: dict[int, int]

    def _latest_state(self, seat: int) -> SeatState | None: ...
    def _phone_marks(self) -> dict[int, str]: ...
    def _post(self, item: m.Inbound) -> bool: ...
    def _forget_signature(self, seat: int) -> None: ...


class Server:
    """The aiohttp application and every phone's socket; see the module docstring."""

    def __init__(self, hub: Hub, loop: asyncio.AbstractEventLoop,
                 limits: Limits | None = None) -> None:
        self.hub = hub
        self.loop = loop
        self.limits = limits or Limits()
        self.host = ""
        self.port = 0
        self.conns: dict[int, Conn] = {}
        self.active: dict[int, Conn] = {}
        self.waiting: dict[int, Conn] = {}
        self.joins: dict[int, tuple[Conn, int]] = {}
        self.unproven = 0
        self._ids = itertools.count(1)
        self._join_ids = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.routes = Routes(lambda: self.hub.art)

    # ------------------------------------------------------------------ life
    async def start(self, host: str, port: int) -> int:
        app = self.routes.app(self._socket)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, host, port, reuse_address=False, backlog=32)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        server = site._server  # aiohttp gives no public way to the bound port
        assert isinstance(server, asyncio.base_events.Server)
        self.host = self.routes.host = host
        self.port = self.routes.port = int(server.sockets[0].getsockname()[1])
        return self.port

    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def shutdown(self) -> None:
        for conn in list(self.conns.values()):
            self._send(conn, wire.frame("bye", reason="stopping",
                                        message=conn.tr.gettext(texts.REFUSED["stopping"])))
            self._close(conn, WSCloseCode.GOING_AWAY, "stopping")
        if self.conns:
            await asyncio.sleep(0.05)  # let the writers flush their last frame
        for conn in list(self.conns.values()):
            with contextlib.suppress(Exception):
                await conn.ws.close(code=WSCloseCode.GOING_AWAY, message=b"stopping")
        if self._runner is not None:
            await self._runner.cleanup()
        for task in list(self._tasks):
            task.cancel()

    # ------------------------------------------------------------------ sockets
    async def _socket(self, request: web.Request) -> web.StreamResponse:
        lim = self.limits
        if request.headers.get("Origin") != self.origin:
            return web.Response(status=403, text="This socket is for the game's own page.\n")
        if self.unproven >= lim.max_unproven or len(self.conns) >= lim.max_sockets:
            return web.Response(status=503, text="Too many phones are connecting at once; "
                                                 "try again in a moment.\n")
        lang = request.query.get("lang", "")
        ws = web.WebSocketResponse(max_msg_size=lim.max_message, heartbeat=lim.heartbeat,
                                   compress=False, autoclose=True)
        await ws.prepare(request)
        conn = Conn(next(self._ids), ws, lang if lang in i18n.LANGUAGES else "en", lim,
                    self.loop.time(), request)
        self.conns[conn.cid] = conn
        writer = self._spawn(self._writer(conn))
        try:
            self.unproven += 1
            try:
                proven = await self._prove(conn)
            finally:
                self.unproven -= 1
            if proven:
                await self._serve(conn)
        except (ConnectionError, asyncio.CancelledError):
            pass
        except Exception:  # a bug here must cost one phone its socket, not the server
            _log.exception("phone socket %d failed", conn.cid)
        finally:
            self._gone(conn)
            if not ws.closed:
                await asyncio.wait([writer], timeout=1.0)
                with contextlib.suppress(Exception):
                    await ws.close()
            writer.cancel()
        return ws

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = self.loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _writer(self, conn: Conn) -> None:
        """Send ``conn``'s frames in order (the latest state after the control frames),
        then close it when asked."""
        ws = conn.ws
        with contextlib.suppress(ConnectionError, RuntimeError):
            while not ws.closed:
                await conn.wake.wait()
                conn.wake.clear()
                while not ws.closed and (conn.controls or conn.state_text is not None):
                    if conn.controls:
                        text = conn.controls.popleft()
                    else:
                        text, conn.state_text = conn.state_text or "", None
                    await ws.send_str(text)
                if conn.close_with is not None:
                    code, reason = conn.close_with
                    await ws.close(code=code, message=reason.encode()[:120])
                    return

    def _send(self, conn: Conn, message: dict[str, Any],
              allowed: frozenset[str] = frozenset()) -> bool:
        """Queue a frame for ``conn`` (checked first); a phone that cannot keep up is cut off."""
        if conn.close_with is not None or conn.ws.closed:
            return False
        try:
            text = wire.encode(message, allowed)
        except wire.LeakError:
            _log.exception("a %s frame for seat %s failed its check; not sent",
                           message.get("type"), conn.seat)
            return False
        if message.get("type") == "state":
            conn.state_text = text
        elif len(conn.controls) >= self.limits.outbox:
            conn.controls.clear()
            conn.state_text = None
            conn.controls.append(wire.encode(self._error(conn, "slow")))
            self._close(conn, WSCloseCode.POLICY_VIOLATION, "slow")
            return False
        else:
            conn.controls.append(text)
        conn.wake.set()
        return True

    def _close(self, conn: Conn, code: int, reason: str) -> None:
        """Close ``conn`` after its queued frames."""
        if conn.close_with is None:
            conn.close_with = (int(code), reason)
        conn.role = "done"
        conn.wake.set()

    def _error(self, conn: Conn, code: str) -> dict[str, Any]:
        return wire.frame("error", code=code, message=conn.tr.gettext(texts.ERRORS[code]))

    def _refuse(self, conn: Conn, reason: str, why: str = "") -> None:
        msgid = texts.REFUSED[why or reason]
        self._send(conn, wire.frame("refused", reason=reason, message=conn.tr.gettext(msgid)))
        self._close(conn, WSCloseCode.POLICY_VIOLATION, reason)

    async def _receive(self, conn: Conn, timeout: float | None = None) -> str | None:
        """The next text message of ``conn`` (``None``: it closed, or was cut off)."""
        ws = conn.ws
        try:
            msg = await ws.receive(timeout=timeout)
        except TimeoutError:
            self._send(conn, self._error(conn, "auth_timeout"))
            self._close(conn, WSCloseCode.POLICY_VIOLATION, "auth_timeout")
            return None
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
            return None
        if msg.type == WSMsgType.ERROR:  # too big: aiohttp closed it with 1009 already
            return None
        if not conn.allow(self.loop.time()):
            self._send(conn, self._error(conn, "flood"))
            self._close(conn, WSCloseCode.POLICY_VIOLATION, "flood")
            return None
        if msg.type != WSMsgType.TEXT:
            self._complain(conn, "not_text")
            return ""
        return str(msg.data)

    def _complain(self, conn: Conn, code: str) -> None:
        """Refuse one message clearly; too many refusals cut the phone off."""
        conn.errors += 1
        self._send(conn, self._error(conn, code))
        if conn.errors >= self.limits.max_errors:
            self._close(conn, WSCloseCode.POLICY_VIOLATION, "errors")

    async def _prove(self, conn: Conn) -> bool:
        """The first message: a link's secret or a typed code. ``True`` once the socket
        holds a seat, waits for a takeover or waits for the host."""
        deadline = self.loop.time() + self.limits.auth_timeout
        text = await self._receive(conn, max(0.0, deadline - self.loop.time()))
        if not text:
            if text == "":
                self._close(conn, WSCloseCode.POLICY_VIOLATION, "auth_first")
            return False
        try:
            msg = wire.parse_inbound(text)
        except wire.WireError as exc:
            self._send(conn, self._error(conn, exc.code))
            self._close(conn, WSCloseCode.POLICY_VIOLATION, exc.code)
            return False
        if isinstance(msg, wire.Hello):
            conn.set_language(msg.lang)
            conn.device = msg.device
            return self._hello(conn, msg.secret)
        if isinstance(msg, wire.Join):
            conn.set_language(msg.lang)
            conn.device = msg.device
            return self._join(conn, msg.code)
        self._send(conn, self._error(conn, "auth_first"))
        self._close(conn, WSCloseCode.POLICY_VIOLATION, "auth_first")
        return False

    def _hello(self, conn: Conn, secret: str) -> bool:
        hub = self.hub
        with hub._lock:
            seat = hub._keys.seat_of_secret(secret)
        if seat is None:
            self._refuse(conn, "bad_secret")
            return False
        conn.seat = seat
        old = self.active.get(seat)
        if old is not None and not old.closing and old.device != conn.device:
            previous = self.waiting.pop(seat, None)
            if previous is not None:
                self._refuse(previous, "refused")
            conn.role = "waiting"
            self.waiting[seat] = conn
            with hub._lock:
                record = hub._records.get(seat)
                if record is not None:
                    record.takeover = True
            self._send(conn, wire.frame("waiting", message=conn.tr.gettext(
                texts.REFUSED["waiting"])))
            hub._post(m.TakeoverRequested(seat))
            return True
        self._attach(conn, seat)
        return True

    def _join(self, conn: Conn, code: str) -> bool:
        hub = self.hub
        if len(self.joins) >= self.limits.max_pending_joins:
            self._refuse(conn, "full")
            return False
        with hub._lock:
            seat, replaced = hub._keys.use_code(code)
            seats = tuple(hub._keys.seats())
        if replaced:
            hub._post(m.CodesReplaced(seats))
        if seat is None:
            self._refuse(conn, "bad_code", "codes_changed" if replaced else "bad_code")
            return False
        join_id = next(self._join_ids)
        conn.seat = seat
        conn.role = "pending"
        self.joins[join_id] = (conn, seat)
        with hub._lock:
            hub._pending[join_id] = seat
        self._send(conn, wire.frame("pending", message=conn.tr.gettext(texts.REFUSED["pending"])))
        hub._post(m.JoinRequested(join_id, seat))
        return True

    def _attach(self, conn: Conn, seat: int) -> None:
        """``conn`` now plays ``seat`` (an older socket of the same device is let go)."""
        hub = self.hub
        old = self.active.get(seat)
        if old is not None and old is not conn and not old.closing:
            # the same device again: a socket the network left half open (nobody reads
            # this), or another page of the same browser, which must stop, not fight back
            self._send(old, wire.frame("taken", message=old.tr.gettext(
                texts.REFUSED["replaced"])))
            self._close(old, WSCloseCode.GOING_AWAY, "replaced")
        conn.role = "active"
        conn.seat = seat
        self.active[seat] = conn
        with hub._lock:
            record = hub._records.get(seat)
            again = record is not None and record.connection != "never"
            if record is not None:
                record.connection = "connected"
                record.language = conn.lang
        hub._forget_signature(seat)
        self._welcome(conn)
        hub._post(m.Connected(seat, again))
        self._restate_all()

    def _welcome(self, conn: Conn) -> None:
        hub = self.hub
        assert conn.seat is not None
        with hub._lock:
            record = hub._records.get(conn.seat)
            name = record.name if record else ""
            face = record.face if record else ""
        state = hub._latest_state(conn.seat)
        if not name and state is not None and conn.seat < len(state.names):
            name = state.names[conn.seat]
        if not face and state is not None and conn.seat < len(state.faces):
            face = state.faces[conn.seat]
        tr = conn.tr
        self._send(conn, wire.frame(
            "welcome", seat=conn.seat, lang=conn.lang, name=name, face=face,
            faces=[{"id": k, "label": tr.gettext(AVATAR_LABELS[k])} for k in AVATAR_KINDS],
            languages=[{"code": c, "name": n} for c, n in i18n.LANGUAGES.items()],
            ui=texts.ui_texts(tr)))

    def _render(self, conn: Conn) -> None:
        if conn.role != "active" or conn.seat is None:
            return
        state = self.hub._latest_state(conn.seat)
        if state is None:
            return
        message = wire.frame("state")
        message.update(render_state(state, conn.tr, conn.lang, self.hub._phone_marks()))
        self._send(conn, message, state.allowed_cards)

    def _restate_all(self) -> None:
        for conn in list(self.active.values()):
            self._render(conn)

    def _gone(self, conn: Conn) -> None:
        """``conn`` closed: the seat is away (unless another socket holds it now)."""
        self.conns.pop(conn.cid, None)
        hub = self.hub
        for seat, waiting in list(self.waiting.items()):
            if waiting is conn:
                del self.waiting[seat]
                with hub._lock:
                    record = hub._records.get(seat)
                    if record is not None:
                        record.takeover = False
        for join_id, (pending, _seat) in list(self.joins.items()):
            if pending is conn:
                del self.joins[join_id]
                with hub._lock:
                    hub._pending.pop(join_id, None)
        mine = conn.seat
        if mine is not None and self.active.get(mine) is conn:
            seat = mine
            del self.active[seat]
            with hub._lock:
                record = hub._records.get(seat)
                if record is not None:
                    record.connection = "away"
            hub._post(m.Disconnected(seat))
            self._restate_all()

    async def _serve(self, conn: Conn) -> None:
        """A proven socket's messages, until it closes."""
        while not conn.closing:
            text = await self._receive(conn)
            if text is None:
                return
            if not text:
                continue
            try:
                msg = wire.parse_inbound(text)
            except wire.WireError as exc:
                self._complain(conn, exc.code)
                continue
            if isinstance(msg, wire.SetLanguage):
                conn.set_language(msg.lang)
                if conn.role == "active" and conn.seat is not None:
                    with self.hub._lock:
                        record = self.hub._records.get(conn.seat)
                        if record is not None:
                            record.language = msg.lang
                    self.hub._post(m.LanguageChanged(conn.seat, msg.lang))
                    self._welcome(conn)
                    self._render(conn)
                continue
            if conn.role != "active" or conn.seat is None:
                self._complain(conn, "auth_first")
                continue
            self._message(conn, conn.seat, msg)

    def _message(self, conn: Conn, seat: int, msg: wire.Inbound) -> None:
        hub = self.hub
        if isinstance(msg, wire.Choose):
            request = m.ChoiceRequest(seat, msg.version, msg.choice, msg.option, msg.seq,
                                      conn.cid)
            if not hub._post(request):
                self._send(conn, wire.frame("ack", seq=msg.seq, ok=False, clause=None,
                                            message=conn.tr.gettext(texts.ERRORS["busy"])))
        elif isinstance(msg, wire.SetName):
            name = clean_name(msg.name)
            if not name:
                self._send(conn, wire.frame("error", code="bad_message",
                                            message=conn.tr.gettext(texts.BAD_NAME)))
                return
            with hub._lock:
                record = hub._records.get(seat)
                if record is not None:
                    record.name = name
            hub._post(m.NameChanged(seat, name))
        elif isinstance(msg, wire.SetFace):
            with hub._lock:
                record = hub._records.get(seat)
                if record is not None:
                    record.face = msg.face
            hub._post(m.FaceChanged(seat, msg.face))
        else:  # a second hello or join on a proven socket
            self._complain(conn, "bad_message")

    # ------------------------------------------------------------------ from the main thread
    def push(self, seat: int) -> None:
        conn = self.active.get(seat)
        if conn is not None:
            self._render(conn)

    def ack(self, cid: int, seat: int, seq: int, clause: str | None, kind: str) -> None:
        conn = self.conns.get(cid)
        if conn is None or conn.seat != seat:
            return  # gone: the page resends on its new socket and is answered then
        if clause is None:
            self._send(conn, wire.frame("ack", seq=seq, ok=True, clause=None, message=None))
            return
        if kind == "stale":
            message = conn.tr.gettext(texts.STALE)
        else:  # the table's own words for the rule (game.play.labels)
            message = conn.tr.gettext(REFUSALS.get(clause, REFUSED)).replace("{clause}", clause)
        self._send(conn, wire.frame("ack", seq=seq, ok=False, clause=clause, message=message))

    def cut(self, seat: int) -> None:
        """Drop ``seat``'s connection as a network would: no word, the TCP connection
        aborted (the page reconnects by itself)."""
        conn = self.active.get(seat)
        transport = None if conn is None or conn.request is None else conn.request.transport
        if transport is not None:
            transport.abort()

    def drop_seat(self, seat: int, reason: str) -> None:
        """Tell and close every socket of ``seat`` (closed, or its link renewed)."""
        targets = [c for c in self.conns.values() if c.seat == seat]
        for conn in targets:
            self._send(conn, wire.frame("bye", reason=reason,
                                        message=conn.tr.gettext(texts.REFUSED[reason])))
            self._close(conn, WSCloseCode.POLICY_VIOLATION, reason)
        self.active.pop(seat, None)
        self.waiting.pop(seat, None)
        for join_id, (_conn, s) in list(self.joins.items()):
            if s == seat:
                del self.joins[join_id]

    def accept_join(self, join_id: int) -> None:
        entry = self.joins.pop(join_id, None)
        if entry is None:
            return
        conn, seat = entry
        if conn.closing:
            return
        with self.hub._lock:
            key = self.hub._keys.get(seat)
            secret = None if key is None else key.secret
        if secret is None:
            self._refuse(conn, "closed")
            return
        old = self.active.get(seat)
        if old is not None and not old.closing:
            self._send(old, wire.frame("taken", message=old.tr.gettext(texts.REFUSED["taken"])))
            self._close(old, WSCloseCode.POLICY_VIOLATION, "taken")
        self._send(conn, wire.frame("granted", secret=secret))
        self._attach(conn, seat)

    def refuse_join(self, join_id: int) -> None:
        entry = self.joins.pop(join_id, None)
        if entry is not None:
            self._refuse(entry[0], "refused")

    def takeover(self, seat: int, confirmed: bool) -> None:
        conn = self.waiting.pop(seat, None)
        if conn is None or conn.closing:
            return
        if not confirmed:
            self._refuse(conn, "refused")
            return
        old = self.active.get(seat)
        if old is not None and not old.closing:
            self._send(old, wire.frame("taken", message=old.tr.gettext(texts.REFUSED["taken"])))
            self._close(old, WSCloseCode.POLICY_VIOLATION, "taken")
        self._attach(conn, seat)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


__all__ = ["Conn", "Hub", "Limits", "Server", "dumps"]
