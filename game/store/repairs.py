"""What a user's file held that could not be used, and what was done about it.

The settings and the players' profiles are read value by value: one bad value (a volume out
of range, a player with more wins than matches) is clamped or reset, or one bad record left
out, and everything else in the file is kept. Each such change is a :class:`Repair`, a
message for the player that names the file, the record or key, and what was done; it is
translated when shown (:meth:`Repair.text`), so a language change follows.

Before the repaired file is written, the file as it was is copied next to itself
(:func:`copy_aside`, ``<stem>.corrupt-<date>-<time><suffix>``, the name a file that cannot be
used at all is renamed to), so nothing the player had is ever lost.

Standard library only (with :mod:`game.i18n`): no pygame here.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import N_, _

__all__ = ["Repair", "copy_aside", "listed", "mend_on_disk", "shown_value"]

#: How many repairs a notice lists before "and N more" (the log has them all).
SHOWN = 6


@dataclass(frozen=True)
class Repair:
    """One change made while reading a file: ``msgid`` (a message id, ``{name}`` fields
    filled from ``params``); the params named in ``translated`` are message ids too,
    translated with the message."""

    msgid: str
    params: tuple[tuple[str, str], ...] = ()
    translated: tuple[str, ...] = ()

    @staticmethod
    def of(msgid: str, translated: Iterable[str] = (), **params: Any) -> Repair:
        return Repair(msgid, tuple((k, str(v)) for k, v in params.items()), tuple(translated))

    def text(self) -> str:
        """The message in the current language."""
        values = {k: (_(v) if k in self.translated else v) for k, v in self.params}
        return _(self.msgid).format(**values)

    def english(self) -> str:
        """The message in English (for the log)."""
        return self.msgid.format(**dict(self.params))


MORE = N_("… and {count} more (the game's log lists them all).")


def listed(repairs: Iterable[Repair], limit: int = SHOWN) -> str:
    """The repairs' texts, one a line, at most ``limit`` of them, then how many more."""
    items = list(repairs)
    lines = [f"• {r.text()}" for r in items[:limit]]
    if len(items) > limit:
        lines.append(_(MORE).format(count=len(items) - limit))
    return "\n".join(lines)


def shown_value(value: Any, limit: int = 40) -> str:
    """``value`` as a short text for a message: TOML/JSON-like, cut at ``limit`` characters,
    never failing (a lone surrogate is shown escaped)."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = '"' + value[: limit * 2] + '"'
    elif isinstance(value, int) and value.bit_length() > 64:  # too long to show whole
        text = ("-" if value < 0 else "") + f"10^{int(value.bit_length() * 0.30103)}"
    elif isinstance(value, list | dict | tuple) and len(value) > 8:
        text = "[…]" if not isinstance(value, dict) else "{…}"
    else:
        try:
            text = repr(value)
        except Exception:  # too deep, a huge number inside ...: its kind is enough
            text = "{…}" if isinstance(value, dict) else "[…]" \
                if isinstance(value, list | tuple) else type(value).__name__
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def copy_aside(path: Path, data: bytes, write: Callable[[Path, bytes], None],
               label: str = "corrupt") -> Path:
    """Write ``data`` (the file as it was read) with ``write`` (the caller's
    :func:`game.store.userfiles.atomic_write`, which never writes through a link) under a free name
    ``<stem>.<label>-<date>-<time><suffix>`` next to ``path``, as
    :func:`game.store.userfiles.keep_aside` names what it renames; returns that path. ``OSError``
    when it cannot be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.stem}.{label}-{stamp}-{n}{path.suffix}")
        n += 1
    write(target, data)
    return target


def mend_on_disk(path: Path, raw: bytes, repairs: Sequence[Repair],
                 write: Callable[[Path, bytes], None], save: Callable[[], object],
                 log: logging.Logger) -> tuple[Path | None, str]:
    """After a file was read with ``repairs``: each is logged, the file as it was (``raw``)
    is copied aside (:func:`copy_aside` with ``write``) and ``save`` writes it again
    repaired. A failure of either is logged and keeps the copy, if made: the next save
    writes the file again. Returns the copy (``None``: not made) and the reason to show
    (the first three repairs, in English)."""
    from game.store.userfiles import describe

    for repair in repairs:
        log.warning("%s", repair.english())
    kept: Path | None = None
    try:
        kept = copy_aside(path, raw, write)
        save()
    except Exception as exc:  # the copy is kept (if made); the file is written again later
        log.warning("%s: not repaired on disk: %s", path, describe(exc))
    return kept, "; ".join(r.english() for r in repairs[:3])
