"""End to end, in a real window under Xvfb: the moments a player must see (issues 13 and
14), each reached deterministically and shown on real screenshots.

Each test writes a saved match poised one move before its moment (:mod:`tests.ui.moments`:
AI players played a seeded match in the engine up to there), starts the real game, resumes
the match from the title with Enter and makes the move as a person would, with X input
events (keys, or the mouse's press, motion and release). Screenshots are written to
``test-output/<test name>/`` and each is checked on its pixels or on the state the app
reports for it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules import actions as A
from game.rules import events as E
from game.rules.engine import Decision
from game.ui import theme
from tests.ui.conftest import colour_share
from tests.ui.moments import Poised, find, has
from tests.ui.test_e2e import RunningApp, card_rgb, display, home  # noqa: F401 - fixtures

pytestmark = pytest.mark.xvfb

#: The game's normal pace (the moments are about motion), narration off (no sound here).
SETTINGS = 'narration = "off"\nanimation_speed = 1.0\n'


def resume(display: str, home: Path, outdir: Path, poised: Poised,
           settings: str = SETTINGS) -> RunningApp:
    """The game started on ``poised``'s save, resumed from the title with Enter, at the
    person's turn with nothing moving."""
    poised.write(home)
    app = RunningApp(display, home, outdir, settings)
    assert app.state()["focus"] == "resume"
    app.key("Return")
    app.wait(lambda s: s["top"] == "table" and s["table"]["my_turn"] and s["table"]["idle"])
    return app


def play_by_keys(app: RunningApp, index: int) -> None:
    """Home, Right to the card, Enter: as a person playing with the keyboard alone."""
    app.key("Home", *["Right"] * index, "Return")


def device(state: dict[str, Any], name: str) -> dict[str, Any]:
    return state.get("table", {}).get("devices", {}).get(name, {})


# --------------------------------------------------------------------------- the official game
def test_a_dragged_last_card_then_the_count_up_and_the_celebration(
        display: str, home: Path, outdir: Path) -> None:
    """Issue 13: a drag in progress, the scoring count-up mid-count, the match's end."""
    poised = find("official", lambda _g, m, ev: isinstance(m, A.Play) and not m.card.is_wild
                  and any(isinstance(e, E.MatchEnded) for e in ev)
                  and any(isinstance(e, E.HandEnded) and e.points >= 60 for e in ev))
    app = resume(display, home, outdir, poised)
    try:
        table = app.state()["table"]
        card = pygame.Rect(table["hand_rects"][poised.card_index()])
        pile = pygame.Rect(table["discard_rect"])
        x, y = card.center
        app.xdo("mousemove", "--window", app.window, str(x), str(y))
        app.xdo("mousedown", "1")
        for k in range(1, 9):  # the card follows the pointer up toward the piles
            app.xdo("mousemove", "--window", app.window,
                    str(x + (pile.centerx + 40 - x) * k // 10),
                    str(y + (pile.centery + 30 - y) * k // 10))
            time.sleep(0.03)
        time.sleep(0.3)
        screen = app.shot("drag_in_progress")
        assert app.state()["table"]["hand"] == list(poised.hand)  # not played yet
        assert colour_share(screen, card.inflate(-20, -20), card_rgb(poised.hand[0])) < 0.05, \
            "the card left its place in the hand"
        app.xdo("mousemove", "--window", app.window, str(pile.centerx), str(pile.centery))
        app.xdo("mouseup", "1")
        state = app.wait(lambda s: s["top"] == "hand_end" and 0 < s["hand_end"]["shown"]
                         < len([c for _p, cs in s["hand_end"]["revealed"] for c in cs]) // 2)
        app.shot("count_up")
        counting = app.state()["hand_end"]
        assert 0 < counting["counted"] < 178 or counting["shown"] < sum(
            len(cs) for _p, cs in counting["revealed"]), "caught after the count"
        state = app.wait(lambda s: s["top"] == "hand_end" and s["hand_end"]["counted"] ==
                         next(e.points for e in poised.events if isinstance(e, E.HandEnded)))
        app.shot("count_done")
        app.key("Return")
        state = app.wait(lambda s: s["top"] == "match_end" and s["match_end"]["confetti"] > 0)
        time.sleep(0.8)  # the confetti well into the window
        app.shot("celebration")
        game = poised.saved.record.new_game()
        won = sum(isinstance(e, E.HandEnded) and e.winner == 0
                  for a in (*poised.saved.record.actions, poised.move) for e in game.apply(a))
        story = app.state()["match_end"]["story"]
        assert story[0] == f"Hands won: Zoé {won}.", story  # every hand, not just today's
    finally:
        app.close()
