"""UNO Attack (RULES.md section A): the card launcher, its action cards and the Wild Customizable.

One module per layer (see :mod:`game.editions`); this file imports nothing.
"""
