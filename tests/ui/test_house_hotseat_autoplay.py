"""Whole hot-seat hands with every house rule on, people and AI at one screen, played
through the intents by the autoplay hook (as people pressing keys would): the pass screens,
stacks, Seven-O swaps, passes of every hand and jump-ins must never leave the table stuck
or raise. Over the hands below, each of those moments happens at least once."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.rules import events as E
from game.rules.editions import new_game
from game.rules.ruleset import MatchKind, edition
from game.setup.house_rules import house_rules
from game.store.settings import Settings
from game.ui.app import App
from game.ui.table.scene import TableScene
from game.ui.testhooks import TestHooks
from tests.ui.conftest import table_for

#: (seats, seed): H a person, A an AI. In hot-seat an AI jumps in on another AI's card
#: (while the pass screen is up, the table waits for the person it names).
HANDS = [("HHHA", seed) for seed in (1, 2, 3, 4)] + [("HHAA", seed) for seed in (1, 2, 3, 4)]
MOMENTS = {E.Stacked, E.HandsSwapped, E.HandsPassed, E.JumpedIn}


def play_hand(dirs: Path, settings: Settings, kinds: str, seed: int) -> set[type]:
    rs = replace(edition("official"), match=MatchKind.SINGLE_HAND)
    for rule in house_rules():
        rs = rule.turned(rs, rule.id in ("stacking", "seven_o", "jump_in"))
    app = App(settings, size=(1280, 720), hooks=TestHooks(autoplay=True),
              settings_path=dirs / "config" / "settings.toml")
    try:
        table = table_for(app, new_game(rs, len(kinds), seed), kinds, resumed=False)
        for _ in range(40_000):
            app.frame(0.05)
            if isinstance(app.top, TableScene) and table.session.over:
                break
        assert table.session.over, f"{kinds} {seed}: stuck on {app.top and app.top.name}"
        return {type(e) for e in table.session.recent_events()}
    finally:
        app.close()


def test_hot_seat_hands_with_every_house_rule_play_to_their_end(
        dirs: Path, settings: Settings) -> None:
    settings.animation_speed = 4.0
    seen: set[type] = set()
    for kinds, seed in HANDS:
        kinds_seen = play_hand(dirs, settings, kinds, seed)
        assert E.HandEnded in kinds_seen
        seen |= kinds_seen
    assert seen >= MOMENTS, f"never seen: {sorted(t.__name__ for t in MOMENTS - seen)}"
