"""UNO Triple Play (RULES.md section T): three trays, their lights, overloads and the turn timer.

One module per layer (see :mod:`game.editions`); this file imports nothing.
"""
