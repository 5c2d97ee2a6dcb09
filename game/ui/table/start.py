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
                seed: int | None = None, race_mode: str = "family",
                house_rule_text: str = "", house_rule_clip: object | None = None) -> Session:
    """Deal a new match in a save slot of its own (the other saved matches stay) and show
    the table. ``race_mode`` and the house rule (its text and recording) are the table's
    options (Roboto's); "Play again" passes the last match's on."""
    seed = seed if seed is not None else random.SystemRandom().randrange(10**9)
    session = Session.new(ruleset, seats, seed, AutoSaver(new_match_path()))
    session.race_mode = race_mode
    session.house_rule_text = house_rule_text
    session.house_rule_clip = house_rule_clip
    session.save()  # with the table's options
    app.reset(app.make(scenes.TABLE, session))
    return session


def play_again(app: AppHost, session: Session) -> Session:
    """A new match with the same seats (names, faces, AI levels, phones), rules and table
    options, in one press. The seats keep their places, so the app's phone hub keeps each
    phone seat's link open and its phone stays joined (:mod:`game.ui.phones`)."""
    return start_match(app, session.ruleset, list(session.seats), race_mode=session.race_mode,
                       house_rule_text=session.house_rule_text,
                       house_rule_clip=session.house_rule_clip)
