"""Moved to :mod:`game.play.session` (no pygame there); kept so old imports still work while
the rest of the table moves over."""

from game.play.session import *  # noqa: F403
from game.play.session import Session, default_level, hands_at_end, scored_as

__all__ = ["Session", "default_level", "hands_at_end", "scored_as"]
