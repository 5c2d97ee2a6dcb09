"""The built-in editions' voice modules (``game/editions/<name>/voice.py``), one import line
each: importing this module registers their phrases (:data:`game.voice.voicings.VOICINGS`),
log lines (:data:`game.voice.log_lines.LINES`) and choice declarations
(:mod:`game.play.specs`). :mod:`game.voice.phrases`, :mod:`game.voice.narrate` and
:mod:`game.play.choices` import it, so each is complete wherever it is used; none of the
edition modules imports them back.
"""

from __future__ import annotations

# isort: off
import game.editions.official.voice
import game.editions.roboto.voice
import game.editions.attack.voice
import game.editions.triple.voice
import game.editions.sonic.voice  # noqa: F401
# isort: on
