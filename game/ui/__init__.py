"""The pygame front end: the app loop, scenes, widgets, card art, animations, the table.

Importing the package hides pygame's start-up banner (the game prints nothing unasked).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
