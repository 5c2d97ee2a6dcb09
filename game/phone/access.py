"""Who may take a seat from a phone: each phone seat's secret link and its short code.

A seat on a phone gets a random secret of :data:`SECRET_BYTES` bytes (192 bits), carried in
its link's fragment (after ``#``: browsers never send it in a request or a Referer) and
handed over the socket as the page's first message. Secrets are compared in constant time
(:func:`hmac.compare_digest`) against every open seat's, so the time taken says nothing
about which seat, if any, is close. They never appear in a log or a ``repr``.

For a phone without a camera, each seat also has a short code (:data:`CODE_LENGTH`
characters from an alphabet without look-alikes). A right code is used up at once (a new
one replaces it) and only asks the host, at the table, to accept the join; after
:data:`CODE_TRIES` wrong codes, every seat's code is replaced, so guessing one needs the
host's help as well as luck.

This is plain bookkeeping: the hub calls it under its lock. So is :class:`SeatRecord`, what
the table knows of each phone seat, which the hub and its server both read and write there.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field
from typing import Final, Literal

SECRET_BYTES: Final = 24
CODE_LENGTH: Final = 6
#: Letters and digits without 0/O, 1/I/L, 2/Z, 5/S, 8/B: read aloud or typed without doubt.
CODE_ALPHABET: Final = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_TRIES: Final = 5

#: A phone seat's connection: not joined yet, joined, or joined and then its socket went.
Connection = Literal["never", "connected", "away"]


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(typed: str) -> str:
    """What a person typed, as a code: upper case, spaces and dashes dropped."""
    return "".join(ch for ch in typed.upper() if ch not in " -")


@dataclass
class SeatRecord:
    """What the table knows of one phone seat (under the hub's lock): its connection, the
    name, face and language its phone last set ("": not set), and ``takeover`` when a
    second device waits for the table's confirmation."""

    connection: Connection = "never"
    name: str = ""
    face: str = ""
    language: str = ""
    takeover: bool = False


@dataclass
class SeatKey:
    """One phone seat's secret and code (``repr`` shows neither)."""

    seat: int
    secret: str = field(default_factory=new_secret, repr=False)
    code: str = field(default_factory=new_code, repr=False)


class Keys:
    """The open phone seats' secrets and codes; see the module docstring."""

    def __init__(self) -> None:
        self._seats: dict[int, SeatKey] = {}
        self.wrong_codes = 0

    def open(self, seat: int) -> SeatKey:
        """``seat``'s key, made now if the seat was not open."""
        key = self._seats.get(seat)
        if key is None:
            key = self._seats[seat] = SeatKey(seat)
        return key

    def close(self, seat: int) -> bool:
        return self._seats.pop(seat, None) is not None

    def get(self, seat: int) -> SeatKey | None:
        return self._seats.get(seat)

    def seats(self) -> list[int]:
        return sorted(self._seats)

    def renew_all(self) -> None:
        """New secrets and codes for every open seat: the old links stop working."""
        for seat in list(self._seats):
            self._seats[seat] = SeatKey(seat)
        self.wrong_codes = 0

    def seat_of_secret(self, secret: str) -> int | None:
        """The seat whose secret is ``secret`` (every seat is compared, in constant time)."""
        found: int | None = None
        given = secret.encode()
        for seat, key in self._seats.items():
            if hmac.compare_digest(given, key.secret.encode()):
                found = seat
        return found

    def use_code(self, typed: str) -> tuple[int | None, bool]:
        """The seat whose code ``typed`` is (its code is then replaced: single use), and
        whether the wrong tries just replaced every code."""
        given = normalise_code(typed).encode()
        found: int | None = None
        for seat, key in self._seats.items():
            if hmac.compare_digest(given, key.code.encode()):
                found = seat
        if found is not None:
            self._seats[found].code = new_code()
            return found, False
        self.wrong_codes += 1
        if self.wrong_codes >= CODE_TRIES:
            for key in self._seats.values():
                key.code = new_code()
            self.wrong_codes = 0
            return None, True
        return None, False
