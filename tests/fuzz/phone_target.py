"""The phone server under hostile messages (issue 33: "Bad input at the server … gets a clear
refusal or recovery and never a traceback, a stuck turn or a lost move").

A case is a way of opening a socket (with the seat's link, a wrong one, a typed code, a
wrong code, or nothing) and up to 24 messages: the page's own messages with fields dropped,
added or replaced by any JSON, any JSON at all, text that is no JSON, binary frames and
oversized ones. :func:`check_phone_case` sends them to a real hub on 127.0.0.1 (one per
process, started at the first case) whose Session its own main loop drives between
messages, and accepts only the documented outcomes:

- every frame the server sends is one of the wire's frames (:data:`game.phone.wire.
  OUTGOING`, exactly) and names no card the seat may not see;
- the socket is kept, or closed with a documented code (1000, 1001, 1008 or 1009) — a
  closed socket never received a state unless it had proven its seat;
- the server logs no error (a traceback is one) and answers a fresh phone afterwards;
- the game only moved by the seat's own legal choices (the Session applies nothing else).

``bench/fuzz.py`` runs it for minutes (area ``phone``); the suite runs a fixed-seed slice
(``tests/phone/test_fuzz_phone.py``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from tests.fuzz.targets import Failure, json_values, nasty_text, short, signature

AREA = "phone"
#: Close codes the server may end a socket with.
CLOSE_CODES = {1000, 1001, 1008, 1009}
KINDS = ("hello", "join", "choose", "name", "face", "lang")
CHOICE_IDS = ("turn", "colour", "drawn", "challenge", "uno", "catch", "jump_in", "stack",
              "swap", "press_tray", "pick_player")
OPTION_IDS = ("draw", "keep", "uno", "challenge", "accept", "colour:R", "colour:X",
              "play:R5", "play:W+4", "play:RS@2", "tray:0", "swap:1", "catch:2", "")


@dataclass
class Case:
    opening: str  # link, wrong_link, code, wrong_code, none
    messages: list[tuple[str, Any]] = field(default_factory=list)  # (text|bytes|huge, value)


def _good(kind: str, draw: st.DrawFn) -> dict[str, Any]:
    lang = draw(st.sampled_from(["en", "fr"]))
    if kind in ("hello", "join"):
        return {"type": kind, "secret" if kind == "hello" else "code":
                draw(st.sampled_from(["@secret", "@code", "x" * 32])),
                "device": "0123456789abcdef" * 2, "lang": lang}
    if kind == "choose":
        return {"type": "choose", "seq": draw(st.integers(0, 50)),
                "version": draw(st.sampled_from(["@version", 0, 1, 10**9])),
                "choice": draw(st.sampled_from(CHOICE_IDS)),
                "option": draw(st.sampled_from(OPTION_IDS))}
    if kind == "name":
        return {"type": "name", "name": draw(nasty_text)}
    if kind == "face":
        return {"type": "face", "face": draw(st.sampled_from(["cat", "owl", "dragon", ""]))}
    return {"type": "lang", "lang": lang}


@st.composite
def _message(draw: st.DrawFn) -> tuple[str, Any]:
    how = draw(st.sampled_from(["good", "good", "good", "mutated", "json", "text", "bytes",
                                "huge"]))
    if how in ("good", "mutated"):
        m: dict[str, Any] = {"v": 1, **_good(draw(st.sampled_from(KINDS)), draw)}
        if how == "mutated":
            keys = sorted(m)
            for _ in range(draw(st.integers(1, 3))):
                op = draw(st.sampled_from(["drop", "add", "replace"]))
                if op == "drop" and keys:
                    m.pop(draw(st.sampled_from(keys)), None)
                elif op == "add":
                    m[draw(nasty_text)] = draw(json_values)
                elif keys:
                    m[draw(st.sampled_from(keys))] = draw(json_values)
        return ("text", m)
    if how == "json":
        return ("text", draw(json_values))
    if how == "text":
        return ("raw", draw(st.one_of(nasty_text, st.text(max_size=300))))
    if how == "bytes":
        return ("bytes", draw(st.binary(max_size=64)))
    return ("raw", "[" * draw(st.integers(3000, 9000)))


@st.composite
def phone_cases(draw: st.DrawFn) -> Case:
    opening = draw(st.sampled_from(["link", "link", "link", "wrong_link", "code",
                                    "wrong_code", "none"]))
    return Case(opening, draw(st.lists(_message(), max_size=24)))


# ---------------------------------------------------------------------------- the server
class _Env:
    """One hub, one Session and this thread's main loop, for every case of the process."""

    def __init__(self) -> None:
        import os

        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import game.play  # noqa: F401
        from game.phone.art import Art
        from game.phone.hub import PhoneHub

        self.art = Art(card_width=40, face_size=16)
        self.hub = PhoneHub(self.art)
        self.hub.start("127.0.0.1")
        self.errors: list[logging.LogRecord] = []
        handler = _Collect(self.errors)
        logging.getLogger("game.phone").addHandler(handler)
        self.new_session()

    def new_session(self) -> None:
        from game.play.session import Session
        from game.rules.editions import new_game
        from game.rules.ruleset import edition
        from game.store.saves import SeatInfo

        seats = [SeatInfo(f"P{i}", human=True) for i in range(3)]
        self.session = Session(new_game(edition("official"), 3, len(self.errors) + 7), seats)
        self.public: set[str] = set()
        for seat in range(3):
            self.hub.open_seat(seat)

    def pump(self) -> None:
        """The main loop's frame: apply the phones' choices, publish their states."""
        from game.phone.hub import ChoiceRequest, JoinRequested

        s = self.session
        for item in self.hub.poll():
            if isinstance(item, ChoiceRequest):
                before = len(s.game.actions)
                chosen = self.hub.handle_choice(s, item)
                if chosen is not None and not chosen.repeated:
                    assert len(s.game.actions) == before + 1
                    assert getattr(chosen.action, "player", item.seat) == item.seat
            elif isinstance(item, JoinRequested):
                self.hub.accept_join(item.id)
        self.public |= {str(c) for c in s.game.discard}
        if s.over:
            self.new_session()
        self.hub.publish_session(self.session)

    def seen(self, seat: int) -> set[str]:
        return {str(c) for c in self.session.game.hands[seat]} | self.public


class _Collect(logging.Handler):
    def __init__(self, into: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record)


_env: _Env | None = None
_env_lock = threading.Lock()


def env() -> _Env:
    global _env
    with _env_lock:
        if _env is None:
            _env = _Env()
        return _env


def _cards(value: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("card", "top") and isinstance(v, str):
                out.add(v)
            else:
                out |= _cards(v)
    elif isinstance(value, list):
        for v in value:
            out |= _cards(v)
    return out


async def _play(e: _Env, case: Case) -> list[str]:
    """Run ``case``; the problems found (empty: all as documented)."""
    import aiohttp

    from game.phone.wire import LeakError, check_outgoing

    hub = e.hub
    seat = 0
    invite = hub.invite(seat)
    assert invite is not None
    secret, code = invite.url.split("#", 1)[1], invite.code
    problems: list[str] = []
    proven = False
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(f"http://{hub.address}/ws", origin=f"http://{hub.address}",
                                   autoclose=False, heartbeat=None)

        async def send(kind: str, value: Any) -> None:
            if ws.closed:
                return
            try:
                if kind == "bytes":
                    await ws.send_bytes(value)
                elif kind == "raw":
                    try:
                        value.encode("utf-8")
                    except UnicodeEncodeError:
                        # Text no UTF-8 can carry (a lone surrogate): a client's public API
                        # cannot put it in a text frame, so its bytes go as a binary one.
                        await ws.send_bytes(value.encode("utf-8", "surrogatepass"))
                    else:
                        await ws.send_str(value)
                else:
                    text = json.dumps(value, default=str)
                    text = (text.replace('"@secret"', json.dumps(secret))
                            .replace('"@code"', json.dumps(code))
                            .replace('"@version"', str(e.session.version)))
                    await ws.send_str(text)
            except (ConnectionError, RuntimeError):
                pass

        opening = {"link": secret, "wrong_link": "A" * 32}.get(case.opening)
        if opening is not None:
            await send("text", {"v": 1, "type": "hello", "secret": opening,
                                "device": "0123456789abcdef" * 2, "lang": "en"})
        elif case.opening in ("code", "wrong_code"):
            await send("text", {"v": 1, "type": "join", "device": "0123456789abcdef" * 2,
                                "lang": "fr", "code": code if case.opening == "code"
                                else "QQQQQQ"})

        async def drain(wait: float) -> bool:
            """Read what came; ``False`` once the socket closed."""
            nonlocal proven
            while True:
                e.pump()
                try:
                    msg = await ws.receive(timeout=wait)
                except TimeoutError:
                    return True
                if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING,
                                aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    closed = ws.close_code
                    if closed not in CLOSE_CODES:
                        problems.append(f"closed with {closed}")
                    return False
                if msg.type != aiohttp.WSMsgType.TEXT:
                    problems.append(f"a {msg.type} frame")
                    continue
                try:
                    frame = json.loads(msg.data)
                    check_outgoing(frame, frozenset(_cards(frame)))
                except (ValueError, LeakError) as exc:
                    problems.append(f"bad frame {short(msg.data, 200)}: {exc}")
                    continue
                if frame["type"] in ("welcome", "state"):
                    proven = True
                if frame["type"] == "state":
                    if not proven:
                        problems.append("a state before the seat was proven")
                    extra = _cards(frame) - e.seen(frame["seat"])
                    if extra:
                        problems.append(f"cards the seat may not see: {sorted(extra)}")
                wait = 0.02

        open_ = await drain(0.05)
        for kind, value in case.messages:
            if not open_:
                break
            await send(kind, value)
            open_ = await drain(0.005)
        if open_:
            await drain(0.03)
        await ws.close()
    return problems


async def _alive(e: _Env) -> bool:
    """A fresh phone with seat 1's link gets its welcome."""
    import aiohttp

    invite = e.hub.invite(1)
    assert invite is not None
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(f"http://{e.hub.address}/ws",
                                   origin=f"http://{e.hub.address}", heartbeat=None)
        await ws.send_str(json.dumps({"v": 1, "type": "hello",
                                      "secret": invite.url.split("#", 1)[1],
                                      "device": "f" * 32, "lang": "en"}))
        msg = await ws.receive(timeout=10)
        await ws.close()
        return msg.type == aiohttp.WSMsgType.TEXT and json.loads(msg.data)["type"] == "welcome"


def check_phone_case(case: Case) -> None:
    """Run ``case`` against the hub; :class:`Failure` on anything undocumented."""
    e = env()
    logged = len(e.errors)
    try:
        problems = asyncio.run(_play(e, case))
        if not asyncio.run(_alive(e)):
            problems.append("the server did not answer a fresh phone afterwards")
    except Failure:
        raise
    except Exception as exc:
        raise Failure(AREA, signature(AREA, exc), short(case, 3000)) from exc
    if len(e.errors) > logged:
        record = e.errors[logged]
        problems.append(f"the server logged: {record.getMessage()}"
                        + (f" ({record.exc_info[1]!r})" if record.exc_info else ""))
    if problems:
        raise Failure(AREA, f"{AREA}: {problems[0].split(':')[0]}", short(case, 3000),
                      "\n".join(problems[:5]))
