"""A phone without a browser, for the hub's tests and the bench: an aiohttp WebSocket
client that speaks the wire (:mod:`game.phone.wire`) and keeps every frame it got."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from typing import Any

import aiohttp

from game.phone.hub import PhoneHub
from game.phone.wire import PROTOCOL


class Closed(Exception):
    """The server closed the socket; ``code`` is its close code."""

    def __init__(self, code: int | None) -> None:
        super().__init__(f"closed with {code}")
        self.code = code


class Phone:
    """One simulated phone on ``hub``."""

    def __init__(self, http: aiohttp.ClientSession, hub: PhoneHub, lang: str = "en",
                 device: str | None = None) -> None:
        self.http = http
        self.hub = hub
        self.lang = lang
        self.device = device or secrets.token_hex(16)
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.frames: list[dict[str, Any]] = []
        self.seq = 0
        self.state: dict[str, Any] | None = None

    @property
    def origin(self) -> str:
        return f"http://{self.hub.address}"

    async def connect(self, origin: str | None = None,
                      headers: dict[str, str] | None = None) -> None:
        self.ws = await self.http.ws_connect(
            f"http://{self.hub.address}/ws?lang={self.lang}",
            origin=self.origin if origin is None else origin, headers=headers,
            autoclose=False, heartbeat=None)

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps({"v": PROTOCOL, **message}))

    async def send_raw(self, text: str) -> None:
        assert self.ws is not None
        await self.ws.send_str(text)

    async def hello(self, secret: str) -> None:
        await self.connect()
        await self.send({"type": "hello", "secret": secret, "device": self.device,
                         "lang": self.lang})

    async def join(self, code: str) -> None:
        await self.connect()
        await self.send({"type": "join", "code": code, "device": self.device,
                         "lang": self.lang})

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next frame (raises :class:`Closed` when the socket closes instead)."""
        assert self.ws is not None
        msg = await self.ws.receive(timeout=timeout)
        if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING,
                        aiohttp.WSMsgType.CLOSED):
            code = self.ws.close_code if msg.type != aiohttp.WSMsgType.CLOSE else msg.data
            raise Closed(code)
        if msg.type == aiohttp.WSMsgType.ERROR:
            raise Closed(self.ws.close_code)
        assert msg.type == aiohttp.WSMsgType.TEXT, msg
        frame = json.loads(msg.data)
        assert frame["v"] == PROTOCOL
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        return frame

    async def until(self, kind: str, timeout: float = 10.0,
                    where: Callable[[dict[str, Any]], bool] = lambda f: True,
                    pump: Callable[[], object] | None = None) -> dict[str, Any]:
        """The next frame of ``kind`` that satisfies ``where`` (running ``pump()`` — the
        test's main loop — between waits)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"no {kind} frame within {timeout} s; got "
                                   f"{[f['type'] for f in self.frames[-8:]]}")
            try:
                frame = await self.recv(min(left, 0.004) if pump else left)
            except TimeoutError:
                if pump:
                    pump()
                continue
            if frame["type"] == kind and where(frame):
                return frame
            if pump:
                pump()

    async def closed(self, timeout: float = 10.0) -> int | None:
        """Read until the server closes the socket; its close code."""
        try:
            while True:
                await self.recv(timeout)
        except Closed as c:
            return c.code

    async def choose(self, choice: str, option: str, version: int | None = None,
                     seq: int | None = None) -> int:
        assert self.state is not None or version is not None
        if seq is None:
            self.seq += 1
            seq = self.seq
        await self.send({"type": "choose", "seq": seq,
                         "version": self.state["version"] if version is None else version,
                         "choice": choice, "option": option})
        return seq

    async def close(self) -> None:
        if self.ws is not None and not self.ws.closed:
            await self.ws.close()
