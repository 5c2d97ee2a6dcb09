"""UNO Sonic (RULES.md section S): the official game with the Victory Lap card.

One module per layer (see :mod:`game.editions`); this file imports nothing.
"""
