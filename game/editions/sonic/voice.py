"""UNO Sonic's voice: the Victory Lap's log line (S-2). Its card is named through the card
faces and :mod:`game.voice.card_names`; its draws are said like any draw.

:mod:`game.voice.editions` imports it.
"""

from __future__ import annotations

from game.i18n import N_
from game.voice.log_lines import DRAW_REASONS

DRAW_REASONS["victory_lap"] = N_("{player} draws one for the Victory Lap: {cards}.")
