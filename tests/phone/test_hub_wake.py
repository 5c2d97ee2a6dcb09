"""The hub wakes a window's main loop (issue 33: the table sleeps until something happens):
each time a phone's request is queued, :attr:`PhoneHub.on_inbound` is called from the
server's thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import aiohttp

from game.phone.hub import PhoneHub
from tests.phone.client import Phone
from tests.phone.test_hub import eventually, secret_of


def test_the_hub_calls_on_inbound_when_it_queues_something(
        make_hub: Callable[..., PhoneHub]) -> None:
    hub = make_hub()
    hub.open_seat(0)
    woken = threading.Event()
    hub.on_inbound = woken.set

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.hello(secret_of(hub, 0))
            assert eventually(woken.is_set)
            await phone.close()

    asyncio.run(go())
    assert any(type(i).__name__ == "Connected" for i in hub.poll())
