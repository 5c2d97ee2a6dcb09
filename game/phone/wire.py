"""The phone wire: JSON messages with a protocol version, both ways, held to allowlists.

From the page (:func:`parse_inbound`), every message is an object ``{"v": PROTOCOL,
"type": …}`` with exactly the fields of its type:

- ``hello``  ``secret`` (from the link's fragment), ``device`` (the page's own random id),
  ``lang`` — the first message of a socket that holds a link;
- ``join``   ``code`` (typed by hand), ``device``, ``lang`` — the first message otherwise;
- ``choose`` ``seq`` (the page's number for the acknowledgement), ``version`` (the state it
  saw), ``choice`` and ``option`` (ids from the description);
- ``name``, ``face``, ``lang`` — the phone's name, face and language.

Anything else is a :class:`WireError` whose ``code`` the server turns into a clear refusal.

To the page, every frame passes :func:`check_outgoing` before it is sent: its shape must be
one of :data:`OUTGOING` exactly (no key that is not listed there, no value of another
type), and every card it names must be in the seat's allowed set (its own hand, the public
piles, the cards a rule showed it): no seed, no deck order and no other seat's card can
leave. A frame that fails is not sent, and the failure is logged as a bug.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from game.i18n import LANGUAGES
from game.store.profiles import AVATAR_KINDS

#: The protocol's version: the page and the server must agree on it.
PROTOCOL: Final = 1

SECRET_RE: Final = re.compile(r"[A-Za-z0-9_-]{22,64}")
DEVICE_RE: Final = re.compile(r"[0-9a-f]{32}")
CODE_RE: Final = re.compile(r"[A-Za-z0-9 -]{1,16}")
ID_RE: Final = re.compile(r"[A-Za-z0-9_:@,+\-]{1,96}")
MAX_NAME: Final = 40
MAX_SEQ: Final = 2**31


class WireError(ValueError):
    """A message the server refuses; ``code`` says why (see :data:`ERROR_CODES`)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


#: Why the server refuses a message or closes a socket.
ERROR_CODES: Final = frozenset({
    "bad_json", "bad_message", "unknown_type", "protocol", "not_text", "too_big", "flood",
    "auth_first", "auth_timeout", "busy", "slow",
})


@dataclass(frozen=True)
class Hello:
    secret: str
    device: str
    lang: str


@dataclass(frozen=True)
class Join:
    code: str
    device: str
    lang: str


@dataclass(frozen=True)
class Choose:
    seq: int
    version: int
    choice: str
    option: str


@dataclass(frozen=True)
class SetName:
    name: str


@dataclass(frozen=True)
class SetFace:
    face: str


@dataclass(frozen=True)
class SetLanguage:
    lang: str


Inbound = Hello | Join | Choose | SetName | SetFace | SetLanguage


def _str(msg: Mapping[str, Any], key: str, pattern: re.Pattern[str] | None = None,
         limit: int = 200) -> str:
    value = msg.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise WireError("bad_message", f"{key!r} must be text of at most {limit} characters")
    if pattern is not None and not pattern.fullmatch(value):
        raise WireError("bad_message", f"{key!r} is not in the expected form")
    return value


def _int(msg: Mapping[str, Any], key: str) -> int:
    value = msg.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEQ:
        raise WireError("bad_message", f"{key!r} must be a whole number")
    return value


def _lang(msg: Mapping[str, Any]) -> str:
    lang = _str(msg, "lang", limit=8)
    if lang not in LANGUAGES:
        raise WireError("bad_message", f"unknown language; one of {sorted(LANGUAGES)}")
    return lang


_FIELDS: Final[Mapping[str, frozenset[str]]] = {
    "hello": frozenset({"secret", "device", "lang"}),
    "join": frozenset({"code", "device", "lang"}),
    "choose": frozenset({"seq", "version", "choice", "option"}),
    "name": frozenset({"name"}),
    "face": frozenset({"face"}),
    "lang": frozenset({"lang"}),
}


def parse_inbound(text: str) -> Inbound:
    """The message ``text`` holds, or :class:`WireError` saying what is wrong with it."""
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise WireError("bad_json", "not a JSON text") from None
    if not isinstance(msg, dict):
        raise WireError("bad_message", "a message is a JSON object")
    if msg.get("v") != PROTOCOL:
        raise WireError("protocol", f"this server speaks protocol {PROTOCOL}")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise WireError("unknown_type", "unknown message type")
    extra = set(msg) - _FIELDS[kind] - {"v", "type"}
    if extra:
        raise WireError("bad_message", f"unexpected fields in {kind!r}")
    if kind == "hello":
        return Hello(_str(msg, "secret", SECRET_RE, 64), _str(msg, "device", DEVICE_RE, 32),
                     _lang(msg))
    if kind == "join":
        return Join(_str(msg, "code", CODE_RE, 16), _str(msg, "device", DEVICE_RE, 32),
                    _lang(msg))
    if kind == "choose":
        return Choose(_int(msg, "seq"), _int(msg, "version"), _str(msg, "choice", ID_RE, 96),
                      _str(msg, "option", ID_RE, 96))
    if kind == "name":
        return SetName(_str(msg, "name", limit=MAX_NAME * 4))
    if kind == "face":
        face = _str(msg, "face", limit=16)
        if face not in AVATAR_KINDS:
            raise WireError("bad_message", "unknown face")
        return SetFace(face)
    return SetLanguage(_lang(msg))


# ---------------------------------------------------------------------------- outgoing
class _Card:
    """A card's text: only a card the seat may see."""


class _Text:
    def __init__(self, limit: int = 400) -> None:
        self.limit = limit


@dataclass(frozen=True)
class Opt:
    """An optional key's spec."""

    spec: Any


@dataclass(frozen=True)
class Null:
    """``None`` or ``spec``."""

    spec: Any


@dataclass(frozen=True)
class ListOf:
    spec: Any
    limit: int = 200


@dataclass(frozen=True)
class OneOf:
    values: frozenset[Any]


@dataclass(frozen=True)
class MapOf:
    """An object whose keys match ``keys`` and whose values match ``spec``."""

    keys: re.Pattern[str]
    spec: Any
    limit: int = 16


CARD: Final = _Card()
TEXT: Final = _Text()
SHORT: Final = _Text(96)
INT: Final = int
BOOL: Final = bool
FACE: Final = OneOf(frozenset({"", *AVATAR_KINDS}))
LANG: Final = OneOf(frozenset(LANGUAGES))
COLOUR: Final = OneOf(frozenset("RYGB"))
PHONE: Final = Null(OneOf(frozenset({"connected", "away", "never", "waiting"})))

_OPTION = {
    "id": SHORT, "widget": SHORT, "label": TEXT, "card": Opt(CARD), "in_hand": Opt(BOOL),
    "tray": Opt(INT), "colour": Opt(COLOUR), "player": Opt(INT), "face": Opt(FACE),
}
_CHOICE = {
    "id": SHORT, "kind": SHORT, "label": TEXT, "clause": SHORT, "deadline": Null(float),
    "shared": BOOL, "slot": OneOf(frozenset({"main", "uno", "extra"})),
    "options": ListOf(_OPTION, 400),
}
_PLAYER = {
    "seat": INT, "name": SHORT, "face": FACE, "cards": INT, "cards_label": SHORT,
    "turn": BOOL, "me": BOOL, "uno": BOOL, "phone": PHONE, "score": INT,
}
_TABLE = {
    "top": Null(CARD), "top_label": TEXT, "colour": Null(COLOUR), "colour_label": TEXT,
    "direction": INT, "direction_label": TEXT, "draw_pile": INT, "draw_label": TEXT,
    "stack": INT, "stack_label": TEXT, "presses": Null(INT),
    "trays": ListOf({"tray": INT, "top": Null(CARD), "label": TEXT, "lit": BOOL,
                     "light": Null(SHORT)}, 8),
}
_HAND_CARD = {"card": CARD, "label": TEXT}
_MESSAGE = {"message": TEXT}

#: Every frame the server may send, by type (``v`` and ``type`` are added to each).
OUTGOING: Final[Mapping[str, Mapping[str, Any]]] = {
    "welcome": {"seat": INT, "lang": LANG, "name": SHORT, "face": FACE,
                "faces": ListOf({"id": FACE, "label": SHORT}, 32),
                "languages": ListOf({"code": LANG, "name": SHORT}, 8),
                "ui": MapOf(re.compile(r"[a-z_]{1,32}"), TEXT, 64)},
    "granted": {"secret": SHORT},
    "state": {
        "seat": INT, "version": INT, "lang": LANG, "headline": TEXT, "mine": BOOL,
        "over": BOOL, "turn": Null(INT), "table": _TABLE, "players": ListOf(_PLAYER, 10),
        "hand": ListOf(_HAND_CARD, 120), "hand_label": TEXT,
        "choices": ListOf(_CHOICE, 16), "captions": ListOf(TEXT, 16),
        "revealed": Null({"label": TEXT, "cards": ListOf(_HAND_CARD, 120)}),
        "colour_names": MapOf(re.compile(r"[RYGB]"), SHORT, 4),
    },
    "ack": {"seq": INT, "ok": BOOL, "clause": Null(SHORT), "message": Null(TEXT)},
    "refused": {"reason": OneOf(frozenset({"bad_secret", "bad_code", "closed", "refused",
                                           "full"})), "message": TEXT},
    "pending": _MESSAGE,
    "waiting": _MESSAGE,
    "taken": _MESSAGE,
    "bye": {"reason": OneOf(frozenset({"closed", "renewed", "stopping"})), "message": TEXT},
    "error": {"code": OneOf(ERROR_CODES), "message": TEXT},
}


class LeakError(AssertionError):
    """A frame that must not leave: it does not fit the allowlist, or names a card the
    seat may not see."""


def check_outgoing(frame: Mapping[str, Any], allowed_cards: frozenset[str] = frozenset()
                   ) -> None:
    """Raise :class:`LeakError` unless ``frame`` is exactly one of :data:`OUTGOING` and
    every card in it is in ``allowed_cards``."""
    if not isinstance(frame, Mapping) or frame.get("v") != PROTOCOL:
        raise LeakError("a frame is an object carrying the protocol version")
    kind = frame.get("type")
    if not isinstance(kind, str) or kind not in OUTGOING:
        raise LeakError(f"no such frame type {kind!r}")
    body = {k: v for k, v in frame.items() if k not in ("v", "type")}
    _check(body, OUTGOING[kind], allowed_cards, kind)


def _check(value: Any, spec: Any, cards: frozenset[str], where: str) -> None:
    if isinstance(spec, Opt):
        spec = spec.spec
    if isinstance(spec, Null):
        if value is None:
            return
        spec = spec.spec
    if isinstance(spec, dict):
        if not isinstance(value, Mapping):
            raise LeakError(f"{where}: an object was expected")
        for key in value:
            if key not in spec:
                raise LeakError(f"{where}: key {key!r} is not allowed")
        for key, sub in spec.items():
            if key in value:
                _check(value[key], sub, cards, f"{where}.{key}")
            elif not isinstance(sub, Opt):
                raise LeakError(f"{where}: key {key!r} is missing")
    elif isinstance(spec, ListOf):
        if not isinstance(value, list) or len(value) > spec.limit:
            raise LeakError(f"{where}: a list of at most {spec.limit} was expected")
        for i, item in enumerate(value):
            _check(item, spec.spec, cards, f"{where}[{i}]")
    elif isinstance(spec, MapOf):
        if not isinstance(value, Mapping) or len(value) > spec.limit:
            raise LeakError(f"{where}: a small object was expected")
        for key, item in value.items():
            if not isinstance(key, str) or not spec.keys.fullmatch(key):
                raise LeakError(f"{where}: key {key!r} is not allowed")
            _check(item, spec.spec, cards, f"{where}.{key}")
    elif isinstance(spec, OneOf):
        if isinstance(value, bool | list | dict) or value not in spec.values:
            raise LeakError(f"{where}: {value!r} is not one of the allowed values")
    elif isinstance(spec, _Card):
        if not isinstance(value, str) or value not in cards:
            raise LeakError(f"{where}: card {value!r} is not this seat's to see")
    elif isinstance(spec, _Text):
        if not isinstance(value, str) or len(value) > spec.limit:
            raise LeakError(f"{where}: text of at most {spec.limit} characters expected")
    elif spec is bool:
        if not isinstance(value, bool):
            raise LeakError(f"{where}: true or false expected")
    elif spec is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise LeakError(f"{where}: a whole number expected")
    elif spec is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise LeakError(f"{where}: a number expected")
    else:  # pragma: no cover - a spec this module does not know is a bug here
        raise LeakError(f"{where}: no rule for {spec!r}")


def frame(kind: str, **fields: Any) -> dict[str, Any]:
    """A frame of ``kind`` with the protocol version."""
    return {"v": PROTOCOL, "type": kind, **fields}


def encode(message: Mapping[str, Any], allowed_cards: frozenset[str] = frozenset()) -> str:
    """``message`` checked (:func:`check_outgoing`) and as compact JSON."""
    check_outgoing(message, allowed_cards)
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
