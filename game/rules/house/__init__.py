"""House rules (RULES.md section H), each one object: :class:`~game.rules.house.base.HouseRule`
and its registry (:mod:`game.rules.house.base`); the rules H-1 … H-3, which change the turn
flow, are in :mod:`game.rules.house.play`. H-4 … H-7 are plain ruleset options
(``draw_to_match``, ``forced_play``, ``no_bluffing``, ``uno_penalty``).

Importing this package registers H-1 … H-3.
"""

from __future__ import annotations

import game.rules.house.play  # noqa: F401  (registers H-1 … H-3)
from game.rules.house.base import (
    HOUSE_RULES,
    SEP,
    HouseRule,
    fitting,
    house_text,
    parse_house,
    register,
    unregister,
)

__all__ = ["HOUSE_RULES", "SEP", "HouseRule", "fitting", "house_text", "parse_house",
           "register", "unregister"]
