"""Translations: gettext domain ``uno``, English message ids in the source, catalogues per language.

The catalogues live in ``locale/<lang>/LC_MESSAGES/uno.po`` (compiled to ``.mo`` by ``make``, with
``pybabel compile -d locale -D uno``) and are found through :func:`game.resources.resource_path`,
so the same code works from a checkout and from the PyInstaller bundle.

Use :func:`_` (and :func:`ngettext`, :func:`pgettext`) where a string is shown or spoken, and
:func:`N_` (:func:`N_plural` for a singular/plural pair) to mark a message id defined ahead of
its use (a table, a constant, an event's phrase): it returns the id unchanged, and the id is
translated with :func:`_` when used, so a language change takes effect everywhere. Widgets keep
the untranslated id and re-render from a listener registered with :func:`add_listener`.

A missing catalogue never crashes the game: the language falls back to the English ids and
:func:`missing_catalogues` reports it (the tests check a French string, so a lost ``.mo`` fails
them instead of hiding behind the fallback).
"""

from __future__ import annotations

import gettext
import locale
import logging
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from game.resources import resource_path

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "N_plural",
    "_",
    "add_listener",
    "current_language",
    "detect_language",
    "locale_dir",
    "missing_catalogues",
    "ngettext",
    "pgettext",
    "remove_listener",
    "set_language",
    "translations",
]

DOMAIN = "uno"
#: Languages the game ships, with their own name (for the language picker; never translated).
LANGUAGES: Mapping[str, str] = {"en": "English", "fr": "Français"}
DEFAULT_LANGUAGE = "en"

_log = logging.getLogger(__name__)

Listener = Callable[[str], None]

_lock = threading.Lock()
_language = DEFAULT_LANGUAGE
_translations: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {}
_missing: set[str] = set()
_listeners: list[Listener] = []


def locale_dir() -> Path:
    """Folder holding ``<lang>/LC_MESSAGES/uno.mo``."""
    return resource_path("locale")


def _load(code: str) -> gettext.NullTranslations:
    """The catalogue for ``code``; the identity one (and a warning) when its ``.mo`` is absent."""
    if code not in _cache:
        try:
            _cache[code] = gettext.translation(DOMAIN, locale_dir(), languages=[code])
            _missing.discard(code)
        except OSError:
            _log.warning("no compiled %r catalogue in %s (run `make`); using English", code,
                         locale_dir())
            _missing.add(code)
            return gettext.NullTranslations()
    return _cache[code]


def translations(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` ("en" or "fr") as its own object, for text shown somewhere
    else than this screen (a phone reading its own language): the current language and the
    listeners are left alone. Thread-safe; the English ids (and a warning) when the ``.mo``
    is missing, as :func:`set_language` does.

    Raises ``ValueError`` for a language the game does not ship.
    """
    if code not in LANGUAGES:
        raise ValueError(f"unsupported language {code!r}; choose one of {sorted(LANGUAGES)}")
    with _lock:
        return _load(code)


def set_language(code: str) -> None:
    """Switch every later translation to ``code`` ("en" or "fr") and notify the listeners.

    Raises ``ValueError`` for a language the game does not ship.
    """
    global _language, _translations
    if code not in LANGUAGES:
        raise ValueError(f"unsupported language {code!r}; choose one of {sorted(LANGUAGES)}")
    with _lock:
        _translations = _load(code)
        changed = code != _language
        _language = code
        listeners = list(_listeners)
    if changed:
        for listener in listeners:
            listener(code)


def current_language() -> str:
    """The language code translations currently use."""
    return _language


def missing_catalogues() -> frozenset[str]:
    """Languages asked for whose compiled catalogue could not be found."""
    return frozenset(_missing)


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The shipped language closest to the user's locale (``LANGUAGE``/``LC_ALL``/``LANG``),
    for a first start before any setting exists; English otherwise."""
    env = os.environ if environ is None else environ
    candidates = [env.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if environ is None:
        candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        for item in value.split(":"):
            code = item.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


def add_listener(listener: Listener) -> Listener:
    """Call ``listener(code)`` after each language change (widgets re-render). Returns it, so it
    can serve as a decorator."""
    with _lock:
        _listeners.append(listener)
    return listener


def remove_listener(listener: Listener) -> None:
    """Stop notifying ``listener``; unknown listeners are ignored."""
    with _lock:
        if listener in _listeners:
            _listeners.remove(listener)


def _(message: str) -> str:
    """``message`` (an English message id) in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that suits ``n`` in the current language."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (for ids that need different words in places)."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now; translate it with :func:`_`
    when it is shown, so the current language applies."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction (``babel.cfg`` declares ``N_plural:1,2``);
    translate it later with ``ngettext(*pair, n)``."""
    return (singular, plural)
