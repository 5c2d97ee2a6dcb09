"""At full play-by-play the table keeps pace with the voice (issue 34, the eyes-closed
check): a move is shown, and narrated, only once the voice has said the one before and
is up; with announcements only, or the voice off, the table's pace is its own.

Headless: the voice's state is stood in for (``Sound.voice_behind``), the moves are the
table's own (an AI plays its turns). tests/voice/test_eyes_closed.py is the same through
the real speech engine and the virtual speaker.
"""

from __future__ import annotations

import pytest

from game.rules import events as E
from game.ui.app import App
from tests.rules.helpers import build
from tests.ui.conftest import pump, table_for

HANDS = ["R1 R2 R3 R4", "B1 B2 B3 B4", "B5 B6 B7 B8", "B9 G2 G3 G4"]


def voiced_table(app: App, narration: str) -> tuple[list[E.Event], list[bool]]:
    """A table whose AI players start (Bob to act), the voice stood in for: what it was
    given to narrate, and a switch saying whether it is still behind (starting, or saying
    what it was given last: given an event, it is behind until the test says it is done)."""
    app.settings.narration = narration
    app.settings.animation_speed = 1.0
    narrated: list[E.Event] = []
    behind = [True]

    def narrate(events: list[E.Event]) -> None:
        narrated.extend(events)
        behind[0] = True

    app.sound.start_voice = lambda *a, **k: None  # type: ignore[method-assign]
    app.sound.narrate = narrate  # type: ignore[method-assign,assignment]
    app.sound.voice_behind = lambda: behind[0]  # type: ignore[method-assign]
    table_for(app, build(HANDS, "B0", turn=1), "HAAA", resumed=False)
    return narrated, behind


def plays(events: list[E.Event]) -> int:
    return sum(isinstance(e, E.CardPlayed) for e in events)


def test_full_narration_shows_each_move_once_the_voice_has_said_the_last(app: App) -> None:
    narrated, behind = voiced_table(app, "full")
    pump(app, 3.0)
    assert narrated == []  # the voice is not up yet: nothing is shown, nothing lost
    said = 0
    while plays(narrated) < 2:
        behind[0] = False  # the voice has said everything
        pump(app, until=lambda n=said: len(narrated) > n, timeout=20)  # type: ignore[misc]
        assert len(narrated) == said + 1  # one move at a time …
        pump(app, 1.5)
        assert len(narrated) == said + 1  # … and no other while it is being said
        said += 1


@pytest.mark.parametrize("narration", ["announcements", "off"])
def test_without_play_by_play_the_table_does_not_wait_for_the_voice(
        app: App, narration: str) -> None:
    narrated, _behind = voiced_table(app, narration)  # the voice stays behind
    pump(app, until=lambda: plays(narrated) >= 2, timeout=20)
