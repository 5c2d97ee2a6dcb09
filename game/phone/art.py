"""The phone's pictures: card faces, the card back and the players' faces, as PNG bytes
drawn by the very code that draws them at the table (:mod:`game.ui.cardart`,
:mod:`game.ui.avatars`), colour-blind shape marks included.

pygame draws on the main thread only: :meth:`Art.prepare` renders on the caller's thread
(the main loop, a little per frame with a budget, or all at once when the hub starts) and
keeps the encoded bytes; the server's thread only reads them (:meth:`Art.png`). A card with
a printed name (Attack's "Discard all" …) is drawn in the table's language, as the table
shows it.
"""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Iterable
from typing import Final
from urllib.parse import quote

from game.rules.cards import Card

#: Width in pixels of a card image (its height is 1.5 times that): sharp on a phone's
#: high-density screen at the size the page shows a card.
CARD_WIDTH: Final = 200
#: Size in pixels of a face image.
FACE_SIZE: Final = 96
BACK: Final = "back"


def card_path(card: Card | str) -> str:
    """The URL path of ``card``'s image (``/card/W%2B4.png`` …)."""
    return f"/card/{quote(str(card), safe='')}.png"


def _png(surface: object) -> bytes:
    import pygame

    buf = io.BytesIO()
    pygame.image.save(surface, buf, "png")  # type: ignore[arg-type]
    return buf.getvalue()


def _ensure_pygame() -> None:
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()


class Art:
    """PNG bytes of cards (by their text) and faces (by kind); see the module docstring."""

    def __init__(self, card_width: int = CARD_WIDTH, face_size: int = FACE_SIZE) -> None:
        self.card_width = card_width
        self.face_size = face_size
        self._cards: dict[str, bytes] = {}
        self._faces: dict[str, bytes] = {}
        self._todo: list[tuple[str, str]] = []
        self._lock = threading.Lock()

    def plan(self, cards: Iterable[Card], faces: bool = True) -> None:
        """Queue ``cards`` (and the back, and every face) for :meth:`prepare`. The faces
        come first: they are few and every page shows them all (a page that joins while
        the hundreds of cards are still being drawn shows its players' faces at once)."""
        from game.store.profiles import AVATAR_KINDS

        todo = [("face", k) for k in AVATAR_KINDS if k not in self._faces] if faces else []
        if BACK not in self._cards:
            todo.append(("card", BACK))
        for c in cards:
            text = str(c)
            if text not in self._cards and ("card", text) not in todo:
                todo.append(("card", text))
        with self._lock:
            self._todo += [t for t in todo if t not in self._todo]

    def prepare(self, budget_s: float | None = None) -> bool:
        """Draw queued images (main thread) until ``budget_s`` is spent (``None``: all);
        ``True`` while some remain."""
        _ensure_pygame()
        end = None if budget_s is None else time.perf_counter() + budget_s
        while True:
            with self._lock:
                if not self._todo:
                    return False
                kind, name = self._todo.pop(0)
            if kind == "card":
                self._cards[name] = _png(self.card_surface(name))
            else:
                self._faces[name] = _png(self.face_surface(name))
            if end is not None and time.perf_counter() >= end:
                with self._lock:
                    return bool(self._todo)

    def card_surface(self, text: str) -> object:
        """The table's drawing of card ``text`` (or the back) at this art's width."""
        import game.ui.card_faces  # noqa: F401  (the action cards' faces)
        from game.ui import cardart

        if text == BACK:
            return cardart.back(self.card_width)
        return cardart.face(Card.parse(text), self.card_width, marks=True)

    def face_surface(self, kind: str) -> object:
        from game.store.profiles import Avatar
        from game.ui.avatars import avatar_image

        return avatar_image(Avatar.of(kind), self.face_size)

    def png(self, kind: str, name: str) -> bytes | None:
        """The bytes of a prepared image (any thread), ``None`` when there is none."""
        table = self._cards if kind == "card" else self._faces
        return table.get(name)

    def pending(self) -> int:
        with self._lock:
            return len(self._todo)
