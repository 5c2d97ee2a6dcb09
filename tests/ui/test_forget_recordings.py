"""Issue 31 item 6: a player the family forgets leaves no recordings behind. The question
says how many files and how much space go with them; "No" (the default) keeps everything;
"Yes" removes their ``clips/<id>/`` folder and nobody else's, and never what a link there
points to. Screenshots go to ``test-output/<test name>/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from game.store.saves import data_dir
from game.store.userfiles import WATCH
from game.ui import family
from game.ui import intents as I
from game.ui.app import App
from game.ui.file_notices import size_text
from game.ui.scenes.notice import ConfirmScene
from game.ui.scenes.stats import StatsScene
from game.ui.voices import clip_store
from game.voice.clips import CLIP_RATE, ClipKind
from tests.ui.conftest import shot, started_app

ANN, BOB = "0000000000a1", "0000000000b2"


@pytest.fixture(autouse=True)
def clean_watch() -> Iterator[None]:
    WATCH.reset()
    yield
    WATCH.reset()


def family_with_recordings(app: App) -> StatsScene:
    """Ann (a name and a house rule recorded) and Bob (a name), on the statistics screen."""
    store = family.profiles(app)
    for n, (pid, name) in enumerate(((ANN, "Ann"), (BOB, "Bob"))):
        p = store.book.ensure(pid, name, False)
        p.edition("official").played = 5 - n  # Ann first
    store.changed()
    clips = clip_store()
    tone = np.full(CLIP_RATE // 2, 0.3, np.float32)
    clips.save(ANN, ClipKind.NAME, tone, CLIP_RATE)
    clips.save(ANN, ClipKind.HOUSE_RULE, np.tile(tone, 4), CLIP_RATE)
    clips.save(BOB, ClipKind.NAME, tone, CLIP_RATE)
    started_app(app)
    app.dispatch(I.Press("stats"))
    app.frame(0.016)
    assert isinstance(app.top, StatsScene)
    assert app.top.test_state()["rows"][0][0] == "Ann"
    return app.top


def test_forgetting_a_player_says_what_goes_and_removes_their_recordings_after_yes(
        app: App, outdir: Path) -> None:
    stats = family_with_recordings(app)
    folder = data_dir() / "clips" / ANN
    size = sum(p.stat().st_size for p in folder.iterdir())
    app.dispatch(I.Press("forget0"))
    question = app.top
    assert isinstance(question, ConfirmScene) and question.focused().id == "no"  # type: ignore[union-attr]
    body = question.body_text()
    assert "Ann's face and statistics" in body and "recordings deleted" in body
    assert f"2 files, {size_text(size)}" in body
    shot(app, outdir, "forget_with_recordings")
    app.dispatch(I.Activate())  # a reflex Enter keeps everything
    assert app.top is stats and folder.is_dir() and len(list(folder.iterdir())) == 2
    app.dispatch(I.Press("forget0"))
    app.dispatch(I.Back())  # so does Escape
    assert folder.is_dir() and family.profiles(app).get(ANN) is not None
    app.dispatch(I.Press("forget0"))
    app.dispatch(I.Press("yes"))
    assert app.top is stats and family.profiles(app).get(ANN) is None
    assert not folder.exists()
    assert clip_store().find(BOB, ClipKind.NAME) is not None  # Bob's stay
    assert WATCH.take() == []


def test_forgetting_a_player_without_recordings_says_nothing_of_them(app: App) -> None:
    stats = family_with_recordings(app)
    clip_store().forget(BOB)
    bob = next(k for k, row in enumerate(stats.test_state()["rows"]) if row[0] == "Bob")
    app.dispatch(I.Press(f"forget{bob}"))
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert question.body_text() == "Bob's face and statistics will be forgotten. Saved matches " \
                                   "are kept."


def test_forgetting_a_player_whose_recordings_folder_is_a_link_deletes_nothing_there(
        app: App, tmp_path: Path) -> None:
    stats = family_with_recordings(app)
    mine = tmp_path / "my-songs"
    mine.mkdir()
    (mine / "song.wav").write_bytes(b"RIFF not the game's")
    folder = data_dir() / "clips" / BOB
    clip_store().forget(BOB)
    folder.symlink_to(mine, target_is_directory=True)
    bob = next(k for k, row in enumerate(stats.test_state()["rows"]) if row[0] == "Bob")
    app.dispatch(I.Press(f"forget{bob}"))
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert "recordings deleted" not in question.body_text()  # a link holds none of the game's
    app.dispatch(I.Press("yes"))
    assert (mine / "song.wav").read_bytes() == b"RIFF not the game's"
    assert family.profiles(app).get(BOB) is None and not folder.is_symlink()
    notices = [n.text() for n in WATCH.take() if n.what == "files"]
    assert len(notices) == 1 and str(mine) in notices[0]
    assert (data_dir() / "clips" / ANN).is_dir()  # Ann's stay
