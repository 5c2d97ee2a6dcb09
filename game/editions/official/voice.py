"""Official UNO's voice: its phrases, log lines and choices are the core's, which every
edition shares (:mod:`game.voice.phrases`, :mod:`game.voice.narrate`,
:mod:`game.play.choices`); this module registers nothing more.

:mod:`game.voice.editions` imports it.
"""
