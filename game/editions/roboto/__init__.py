"""UNO Roboto (RULES.md section R): the robot who interrupts with commands, races and nicknames.

One module per layer (see :mod:`game.editions`); this file imports nothing.
"""
