"""What the phones ask of the main loop, as :meth:`game.phone.hub.PhoneHub.poll` returns it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChoiceRequest:
    """``seat`` picks ``option`` of ``choice`` at state ``version`` (apply it with
    :meth:`PhoneHub.handle_choice`)."""

    seat: int
    version: int
    choice: str
    option: str
    seq: int
    conn: int


@dataclass(frozen=True)
class Connected:
    seat: int
    #: The seat had a phone before (a phone coming back, not a first join).
    again: bool


@dataclass(frozen=True)
class Disconnected:
    seat: int


@dataclass(frozen=True)
class NameChanged:
    seat: int
    name: str


@dataclass(frozen=True)
class FaceChanged:
    seat: int
    face: str


@dataclass(frozen=True)
class LanguageChanged:
    seat: int
    language: str


@dataclass(frozen=True)
class JoinRequested:
    """A typed code matched ``seat``: the host accepts or refuses join ``id``."""

    id: int
    seat: int


@dataclass(frozen=True)
class TakeoverRequested:
    """A second device opened ``seat``'s link while a first one is connected: it takes the
    seat after :meth:`PhoneHub.confirm_takeover`."""

    seat: int


@dataclass(frozen=True)
class CodesReplaced:
    """Too many wrong codes: every seat has a new one (show the new invites)."""

    seats: tuple[int, ...]


Inbound = (ChoiceRequest | Connected | Disconnected | NameChanged | FaceChanged
           | LanguageChanged | JoinRequested | TakeoverRequested | CodesReplaced)
