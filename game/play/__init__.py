"""A match as any front end sees it, without pygame: the :class:`Session` (the game, the seats,
the autosave) and the description of what each seat may do now (:mod:`game.play.choices`).

The pygame table, the narration, the tests and the phone page all ask here; none of them works
out an edition's decisions for itself. Importing this package also loads the editions' own
choice declarations (:mod:`game.voice.choices_editions`).
"""

from __future__ import annotations

import game.voice.choices_editions  # noqa: F401  (registers the editions' choices)
