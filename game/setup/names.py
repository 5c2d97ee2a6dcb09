"""Players' names and ids: the one place a typed, loaded or remembered name is made safe.

Every name that enters the game (the settings' remembered names, a save's seats, the set-up's
name fields, Roboto's set-up and nicknames, a command line) goes through :func:`clean_name`:

- Unicode NFC, so "é" typed on one keyboard and "e + ◌́" pasted from another are the same name;
- no control characters (NUL, escape, …), lone surrogates, unassigned or private-use code
  points, and no invisible format characters except the zero-width (non-)joiners that emoji
  sequences and some scripts need;
- every run of whitespace (tabs, line breaks, no-break spaces, …) is one space, none at the ends;
- at most :data:`MAX_NAME_LENGTH` characters (what a seat plate and the name field show);
- a name with nothing visible left becomes the caller's default ("Player 2", an AI's name).

A player also has a *player id* (:func:`new_player_id`): a short lowercase token that stays the
same when two players share a name and, later, when players become profiles. Recordings are
kept under it, never under the name text, so an id is checked strictly (:func:`is_player_id`):
lowercase ASCII letters and digits only, so it is a safe folder name on every system. A save
written before ids existed gets one derived from the seat and the name (:func:`derived_player_id`).

Standard library only: the engine's tools and the command line may use it without pygame.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata

__all__ = [
    "MAX_NAME_LENGTH",
    "clean_name",
    "derived_player_id",
    "is_player_id",
    "new_player_id",
]

#: The longest name kept, in characters: the set-up's name field takes 16, and 16 wide
#: letters still fit a seat plate at its smallest size.
MAX_NAME_LENGTH = 16

#: The zero-width non-joiner and joiner: format characters that a name may need (emoji
#: sequences, Persian, Indic scripts); every other format character is dropped.
_JOINERS = frozenset("\u200c\u200d")
#: Categories dropped outright: controls, surrogates, unassigned, private use.
_DROPPED = frozenset({"Cc", "Cs", "Cn", "Co"})
#: A name needs one character of these categories (letter, mark, number, punctuation, symbol)
#: to be seen at all; marks alone do not count.
_VISIBLE = ("L", "N", "P", "S")
_ID = re.compile(r"[0-9a-z]{6,32}")


def _kept(ch: str) -> str:
    """``ch`` as it may appear in a name: itself, a space, or nothing."""
    if ch.isspace():
        return " "
    category = unicodedata.category(ch)
    if category in _DROPPED:
        return ""
    if category == "Cf" and ch not in _JOINERS:
        return ""
    if category in ("Zl", "Zp"):
        return " "
    return ch


def _trim(text: str) -> str:
    """Spaces and joiners off both ends (a joiner joins nothing there)."""
    return text.strip(" \u200c\u200d")


def clean_name(raw: str, default: str = "") -> str:
    """``raw`` as a safe name (see the module docstring), or ``default`` when nothing visible
    is left. Raises :class:`TypeError` when ``raw`` is not text; never fails otherwise.

    Idempotent: a cleaned name comes back unchanged.
    """
    if not isinstance(raw, str):
        raise TypeError(f"a name must be text, not {type(raw).__name__}")
    text = "".join(_kept(ch) for ch in raw)
    text = unicodedata.normalize("NFC", text)
    text = _trim(re.sub(" {2,}", " ", text))
    if len(text) > MAX_NAME_LENGTH:  # (a prefix of an NFC text is NFC: no second pass)
        text = _trim(text[:MAX_NAME_LENGTH])
    if not any(unicodedata.category(ch)[0] in _VISIBLE for ch in text):
        return default
    return text


def new_player_id() -> str:
    """A fresh random player id (12 lowercase hex digits)."""
    return secrets.token_hex(6)


def derived_player_id(seat: int, name: str) -> str:
    """The id of a player saved before ids existed: the same seat and name always give the
    same id, and two seats never share one (the seat is part of it)."""
    digest = hashlib.sha256(f"{seat}\x00{name}".encode("utf-8", "surrogatepass")).hexdigest()
    return digest[:12]


def is_player_id(value: object) -> bool:
    """Whether ``value`` is a well-formed player id (6 to 32 lowercase letters or digits)."""
    return isinstance(value, str) and _ID.fullmatch(value) is not None
