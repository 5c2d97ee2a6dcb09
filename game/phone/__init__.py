"""Every hand on its own phone: a web page, served by the game over the home network, that
shows one seat its cards and asks it every choice that is its own.

The main loop owns a :class:`~game.phone.hub.PhoneHub` (the server on its own thread, the
seats' links and codes, the bounded queues); it builds each seat's message with
:func:`~game.phone.state.seat_state` and applies the phones' choices with
:meth:`~game.phone.hub.PhoneHub.handle_choice`. The wire is :mod:`game.phone.wire`; the
page is ``game/phone/static/`` (plain HTML, CSS and JavaScript); the pictures are the
table's own (:mod:`game.phone.art`).
"""

from __future__ import annotations

from game.phone.hub import (
    ChoiceRequest,
    CodesReplaced,
    Connected,
    Disconnected,
    FaceChanged,
    Inbound,
    JoinRequested,
    LanguageChanged,
    Limits,
    NameChanged,
    PendingJoin,
    PhoneHub,
    SeatInvite,
    SeatStatus,
    TakeoverRequested,
)
from game.phone.labels import Caption
from game.phone.net import lan_address
from game.phone.state import SeatState, seat_state

__all__ = [
    "Caption", "ChoiceRequest", "CodesReplaced", "Connected", "Disconnected", "FaceChanged",
    "Inbound", "JoinRequested", "LanguageChanged", "Limits", "NameChanged", "PendingJoin",
    "PhoneHub", "SeatInvite", "SeatState", "SeatStatus", "TakeoverRequested", "lan_address",
    "seat_state",
]
