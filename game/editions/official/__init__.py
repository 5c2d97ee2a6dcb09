"""Official UNO (RULES.md sections C and M): the base deck and rules every edition builds on.

One module per layer (see :mod:`game.editions`); this file imports nothing.
"""
