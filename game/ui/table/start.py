"""Dealing a new match and sitting down at the table (from the set-up, Roboto's recording
screen or "Play again")."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.play.session import Session
from game.rules.ruleset import Ruleset
from game.store.autosave import AutoSaver
from game.store.saves import SeatInfo, new_match_path
from game.ui import scenes
from game.ui.scene import AppHost


def start_match(app: AppHost, ruleset: Ruleset, seats: Sequence[SeatInfo],
                seed: int | None = None, race_mode: str = "family") -> Session:
    """Deal a new match in a save slot of its own (the other saved matches stay) and show
    the table."""
    seed = seed if seed is not None else random.SystemRandom().randrange(10**9)
    session = Session.new(ruleset, seats, seed, AutoSaver(new_match_path()))
    session.race_mode = race_mode
    session.save()  # with the race mode
    app.reset(app.make(scenes.TABLE, session))
    return session
