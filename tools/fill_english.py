"""English is the source language: its catalogue's translation of every message is the
message itself. ``make i18n`` runs this after ``pybabel update`` so a new msgid never lands in
locale/en as an empty or fuzzy entry (tests/i18n checks both catalogues are complete)."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages import pofile

PATH = Path(__file__).resolve().parents[1] / "locale" / "en" / "LC_MESSAGES" / "uno.po"


def main() -> int:
    with PATH.open("rb") as f:
        catalogue = pofile.read_po(f, locale="en")
    filled = 0
    for message in catalogue:
        if not message.id:
            continue
        empty = not message.string or (isinstance(message.string, tuple)
                                        and not all(message.string))
        if message.fuzzy or empty:
            if isinstance(message.id, str):
                message.string = message.id
            else:  # (singular, plural): English has two forms
                message.string = (message.id[0], message.id[1])
            message.flags.discard("fuzzy")
            filled += 1
    with PATH.open("wb") as f:
        pofile.write_po(f, catalogue, width=0, ignore_obsolete=True)
    print(f"locale/en: {filled} entries filled from their msgid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
