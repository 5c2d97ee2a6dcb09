"""What Roboto's dialogs over the table (:mod:`.races`, :mod:`.nickname`) share: the part of
Roboto they use (:class:`RobotoFigure`, a protocol, so they need not import his figure), and
:func:`keep_clear`, which slides a dialog's panel off him so he stays in sight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.rules import events as E
from game.ui.scenes.base import PanelScene

if TYPE_CHECKING:
    from game.ui.table.host import TableHost


class RobotoFigure(Protocol):
    """What a race or nickname dialog uses of Roboto on the table (his figure keeps moving
    and talking while the dialog is open, drawn over it: he is never hidden)."""

    table: TableHost
    nicknames: dict[int, str]
    interrupt: E.RobotoInterrupts | None
    bubble: float
    words: str

    def update(self, dt: float) -> bool: ...
    def nickname_given(self, player: int, nick: str) -> None: ...
    def speak(self, words: str, seconds: float | None = None) -> None: ...
    def footprint(self) -> pygame.Rect: ...
    def draw_robot(self, surface: pygame.Surface) -> None: ...
    def draw_bubble(self, surface: pygame.Surface) -> None: ...


def keep_clear(scene: PanelScene, roboto: RobotoFigure) -> None:
    """Slide ``scene``'s panel (and its controls) sideways, to the side with more room, so
    it does not cover Roboto and his bubble."""
    keep = roboto.footprint()
    w = scene.size[0]
    margin = int(12 * scene.s)
    r = scene.panel_rect
    if not r.colliderect(keep):
        return
    if keep.left - margin >= w - keep.right - margin:
        dx = max(margin, keep.left - margin - r.width) - r.left
    else:
        dx = min(w - margin - r.width, keep.right + margin) - r.left
    r.move_ip(dx, 0)
    for c in scene.controls:
        c.rect.move_ip(dx, 0)
