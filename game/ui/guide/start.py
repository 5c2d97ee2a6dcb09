"""Sitting down to the guided hand: the friendly deal at a table with the guide's layer,
the AI at half pace, nothing saved (it is a lesson, not a match to resume)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.play.session import Session
from game.setup.names import clean_name, is_player_id
from game.store.saves import SeatInfo
from game.ui import scenes
from game.ui.guide.deal import AI, AI_LEVEL, guide_game
from game.ui.guide.layer import AI_SPEED, GuideLayer
from game.voice.narrate import AI_NAMES

if TYPE_CHECKING:
    from game.ui.scene import AppHost, Scene


def guide_seats(settings: object) -> list[SeatInfo]:
    """You (the first name the set-up remembers, with its id, else "Player 1") and an
    easy AI."""
    names = list(getattr(settings, "player_names", []) or [])
    ids = list(getattr(settings, "player_ids", []) or [])
    name = clean_name(names[0]) if names and isinstance(names[0], str) else ""
    you = SeatInfo(name or _("Player {number}").format(number=1), True)
    if name and ids and isinstance(ids[0], str) and is_player_id(ids[0]):
        you = SeatInfo(name, True, player_id=ids[0])
    return [you, SeatInfo(AI_NAMES[AI], False, AI_LEVEL)]


def guided_hand(app: AppHost) -> Scene:
    """The table of the guided hand (open it with ``app.reset(app.make(scenes.GUIDE))``)."""
    session = Session(guide_game(), guide_seats(app.settings))
    return app.make(scenes.TABLE, session, resumed=True, layers=[GuideLayer], ai_speed=AI_SPEED)
