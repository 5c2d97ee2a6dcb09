"""Issue 31 item 4 on screen: a settings or profiles file with one value that could not be
used is told in a notice naming that value and what was done, with every other setting and
player kept; players forgotten to make room are told at the title screen. Screenshots go to
test-output/ (looked at)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import tomli_w

from game import i18n
from game.store.profile_store import load_profiles, profiles_path
from game.store.profiles import MAX_PROFILES, Avatar, Profile, ProfileBook
from game.store.settings import Settings, load_settings, settings_path
from game.store.userfiles import WATCH
from game.ui import family, scenes
from game.ui import intents as I
from game.ui.app import App
from game.ui.launch import start
from tests.ui.conftest import shot, started_app


@pytest.fixture(autouse=True)
def clean_watch() -> Iterator[None]:
    WATCH.reset()
    yield
    WATCH.reset()


def family_book() -> ProfileBook:
    sam = Profile("a1b2c3d4e5f6", "Sam", Avatar.of("owl"), seen=12.5)
    sam.edition("official").played, sam.edition("official").won = 3, 2
    zoe = Profile("0f0f0f0f0f0f", "Zoé", Avatar("robot", "pink"), seen=3.0)
    zoe.edition("sonic").played, zoe.edition("sonic").won = 5, 1
    return ProfileBook([sam, zoe])


def test_a_profile_with_more_wins_than_matches_is_told_and_the_others_kept(
        app: App, dirs: Path, outdir: Path) -> None:
    data = family_book().to_json()
    data["profiles"][1]["stats"]["sonic"]["won"] = 9
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    started_app(app)
    notice = app.top
    assert notice is not None and notice.name == "notice"
    assert notice.title_text() == "Some players' statistics were repaired"
    body = notice.body_text()
    assert '"Zoé" had more wins than matches in "sonic"' in body
    assert "every other player's face and statistics are kept" in body
    kept = family.profiles(app).problem.kept_as  # type: ignore[union-attr]
    assert kept is not None and kept.read_bytes() == raw and str(kept) in body
    shot(app, outdir, "profiles-repaired")
    sam = family.profiles(app).get("a1b2c3d4e5f6")
    assert sam is not None and (sam.total().played, sam.total().won) == (3, 2)
    app.dispatch(I.Press("ok"))
    app.reset(app.make(scenes.TITLE))  # back at the title after a match: not told again
    assert app.top is not None and app.top.name == "title"
    assert load_profiles(path)[1] is None  # the repaired file was written


def test_the_profiles_notice_is_in_french(app: App, dirs: Path, outdir: Path) -> None:
    data = family_book().to_json()
    data["profiles"][0]["stats"]["official"]["played"] = -4
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), "utf-8")
    i18n.set_language("fr")
    started_app(app)
    notice = app.top
    assert notice is not None and notice.name == "notice"
    body = notice.body_text()
    assert "Sam" in body and "(-4)" in body and "official" in body
    assert "matches" not in body and "could not" not in body  # French through and through
    shot(app, outdir, "profiles-repaired-fr")


def test_a_settings_value_out_of_range_is_told_and_every_other_setting_kept(
        app: App, dirs: Path, outdir: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    good = Settings(master_volume=35, narration="full", player_names=["Zoé"])
    path.write_text(tomli_w.dumps({**good.to_toml(), "music_volume": 250}), "utf-8")
    settings, problem = load_settings(path)
    assert settings.master_volume == 35 and settings.music_volume == 100
    start(app, problem)
    app.frame(0.016)
    notice = app.top
    assert notice is not None and notice.name == "notice"
    assert notice.title_text() == "Some settings were repaired"
    assert 'the setting "music_volume" was 250, outside 0 to 100; it is now 100' in \
        notice.body_text()
    shot(app, outdir, "settings-repaired")


def test_players_forgotten_to_make_room_are_told_at_the_title(app: App, dirs: Path) -> None:
    store = family.profiles(app)
    for i in range(MAX_PROFILES):
        store.book.ensure(f"{i + 1:012x}", f"P{i}").seen = 100.0 + i
    store.book.ensure("bbbbbbbbbbbb", "Newcomer").seen = 5000.0
    assert store.save()
    started_app(app)
    notice = app.top
    assert notice is not None and notice.name == "notice"
    assert notice.title_text() == "Players forgotten to make room"
    assert '"P0"' in notice.body_text() and "forgotten" in notice.body_text()
    app.dispatch(I.Press("ok"))
    app.reset(app.make(scenes.TITLE))  # told once
    assert app.top is not None and app.top.name == "title"
