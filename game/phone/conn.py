"""One phone's socket on the server's loop (:class:`Conn`) and the server's caps
(:class:`Limits`); see :mod:`game.phone.server`."""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aiohttp import web

from game import i18n

if TYPE_CHECKING:
    import gettext


@dataclass(frozen=True)
class Limits:
    """The server's caps (the defaults are the game's; tests shorten the clocks)."""

    auth_timeout: float = 5.0
    max_message: int = 4096
    #: Messages a second a phone may send on average, and in a burst.
    rate: float = 10.0
    burst: int = 40
    max_unproven: int = 8
    max_sockets: int = 48
    max_pending_joins: int = 8
    #: Frames waiting to be sent to one phone (the latest state is kept apart).
    outbox: int = 64
    #: Malformed messages a phone may send before it is cut off.
    max_errors: int = 20
    heartbeat: float = 15.0


class Conn:
    """One phone's socket (loop thread only)."""

    def __init__(self, cid: int, ws: web.WebSocketResponse, lang: str, limits: Limits,
                 now: float, request: web.Request | None = None) -> None:
        self.cid = cid
        self.ws = ws
        self.request = request
        self.seat: int | None = None
        self.role = "new"  # new, active, waiting (takeover), pending (typed code), done
        self.device = ""
        self.lang = lang
        self.tr: gettext.NullTranslations = i18n.translations(lang)
        self.controls: deque[str] = deque()
        self.state_text: str | None = None
        self.wake = asyncio.Event()
        self.close_with: tuple[int, str] | None = None
        self.tokens = float(limits.burst)
        self.stamp = now
        self.errors = 0
        self.limits = limits

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.tr = i18n.translations(lang)

    def allow(self, now: float) -> bool:
        """Take one message from the rate budget (a token bucket)."""
        lim = self.limits
        self.tokens = min(float(lim.burst), self.tokens + (now - self.stamp) * lim.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    @property
    def closing(self) -> bool:
        return self.close_with is not None or self.ws.closed
