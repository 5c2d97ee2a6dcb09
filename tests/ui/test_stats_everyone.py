"""Issue 34 item 9: the family statistics list everyone who played, at 0 wins too, not only
the players who won a hand. Every seat of a hand played to its end counts a hand played;
every player the game knows is on the all-editions list, and each edition lists everyone
who played a hand or a match of it. Screenshots under test-output/ (looked at)."""

from __future__ import annotations

import json
from pathlib import Path

from game import i18n
from game.rules import events as E
from game.store.profile_store import load_profiles, profiles_path
from game.store.profiles import EditionStats, book_from_json
from game.ui import intents as I
from game.ui import scenes
from game.ui.app import App
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stats import COLUMNS, StatsScene
from game.ui.table.scene import TableScene
from tests.ui.conftest import shot, started_app


def deal(app: App) -> TableScene:
    started_app(app)
    app.dispatch(I.Press("new"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.start()
    table = app.top
    assert isinstance(table, TableScene)
    return table


def open_stats(app: App, edition: str | None = None) -> StatsScene:
    app.reset(app.make(scenes.TITLE))
    app.dispatch(I.Press("stats"))
    stats = app.top
    assert isinstance(stats, StatsScene)
    if edition is not None:
        stats._set_edition(edition)
    return stats


def rows(stats: StatsScene) -> dict[str, dict[str, int]]:
    keys = [k for _m, k in COLUMNS]
    return {row[0]: dict(zip(keys, row[1:])) for row in stats.test_state()["rows"]}


def test_everyone_who_played_a_hand_is_listed_at_zero_wins(app: App, outdir: Path) -> None:
    table = deal(app)
    names = list(table.session.names)
    table.present([E.HandEnded(2, 60, (0, 0, 60, 0))])  # a hand of a match to 500 …
    stats = open_stats(app)  # … and the family left before the match ended
    listed = rows(stats)
    assert set(listed) == set(names)  # not only the one who won the hand
    for p, name in enumerate(names):
        assert listed[name] == {"played": 0, "won": 0, "hands_played": 1,
                                "hands_won": 1 if p == 2 else 0, "best": 60 if p == 2 else 0}
    assert stats.test_state()["rows"][0][0] == names[2]  # the hand's winner first
    shot(app, outdir, "stats_everyone")
    stats._set_edition("official")
    assert set(rows(stats)) == set(names)
    stats._set_edition("sonic")  # nobody played Sonic
    assert rows(stats) == {}
    shot(app, outdir, "stats_nobody_in_sonic")
    i18n.set_language("fr")
    try:
        stats._set_edition(None)
        stats.focus_id("row1")
        words = stats.focus_words()
        second = stats.test_state()["rows"][1][0]
        assert words.startswith(f"{second}\u00a0:") and second != names[2]
        assert "manches jouées 1" in words and "gagnées 0" in words
        shot(app, outdir, "stats_everyone_fr")
    finally:
        i18n.set_language("en")


def test_everyone_dealt_in_is_listed_in_all_editions_before_a_hand_ends(app: App) -> None:
    table = deal(app)
    names = list(table.session.names)
    stats = open_stats(app)
    assert set(rows(stats)) == set(names)
    assert all(set(r.values()) == {0} for r in rows(stats).values())
    stats._set_edition("official")  # nothing of Official was played to its end yet
    assert rows(stats) == {}


def test_hands_played_are_written_and_read_back(app: App) -> None:
    table = deal(app)
    ids = list(table.session.player_ids)
    table.present([E.HandEnded(0, 30, (30, 0, 0, 0))])
    table.present([E.HandEnded(1, 12, (30, 12, 0, 0))])
    book, problem = load_profiles(profiles_path())
    assert problem is None
    for p, pid in enumerate(ids):
        got = book.get(pid)
        assert got is not None and got.total("official").hands_played == 2
        assert got.total("official").hands_won == (1 if p in (0, 1) else 0)


def test_a_profiles_file_from_before_hands_played_reads_without_a_repair() -> None:
    data = {"format": "uno-profiles", "version": 1, "profiles": [
        {"id": "a1b2c3d4e5f6", "name": "Sam", "avatar": {"kind": "owl", "colour": "purple"},
         "ai": False, "seen": 1.0,
         "stats": {"official": {"played": 3, "won": 2, "hands_won": 7, "best": 131}}}]}
    book, repairs = book_from_json(json.loads(json.dumps(data)))
    assert repairs == []
    sam = book.get("a1b2c3d4e5f6")
    assert sam is not None and sam.total("official") == EditionStats(3, 2, 7, 131, 0)
    bad = json.loads(json.dumps(data))
    bad["profiles"][0]["stats"]["official"]["hands_played"] = -4
    book, repairs = book_from_json(bad)
    assert len(repairs) == 1 and "hands played" in repairs[0].english()
    sam = book.get("a1b2c3d4e5f6")
    assert sam is not None and sam.total("official") == EditionStats(3, 2, 7, 131, 0)
