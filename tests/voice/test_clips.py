"""Recorded clips: stored per player and kind, kept between games, spliced at any rate."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from game.voice.clips import ClipKind, ClipStore, PlayerVoice, load_clip, splice
from game.voice.dsp import Audio


def test_R13_clips_are_kept_between_games(tmp_path: Path) -> None:
    samples = (0.3 * np.sin(np.arange(8000) / 5)).astype(np.float32)
    ClipStore(tmp_path).save("Zoé", ClipKind.NAME, samples, 16000)
    later = ClipStore(tmp_path)  # a new game, a new store over the same folder
    path = later.find("Zoé", ClipKind.NAME)
    assert path is not None and path.parent.parent == tmp_path
    clip = load_clip(path)
    assert clip.rate == 16000 and len(clip.samples) == 8000
    assert np.max(np.abs(clip.samples)) == pytest.approx(0.8, abs=1e-3)  # brought to TTS level
    assert later.find("Zoé", ClipKind.HOUSE_RULE) is None


def test_player_keys_never_collide_or_escape(tmp_path: Path) -> None:
    store = ClipStore(tmp_path)
    keys = ["Zoé", "Zoe", "../etc", "a/b", "a_b", "", "Jean-Luc", "🙂"]
    paths = {store.path(k, ClipKind.NAME) for k in keys}
    assert len(paths) == len(keys)
    for p in paths:
        assert p.resolve().is_relative_to(tmp_path.resolve())


def test_saving_again_replaces_the_clip(tmp_path: Path) -> None:
    store = ClipStore(tmp_path)
    store.save("Bob", ClipKind.NICKNAME, np.full(100, 0.1, np.float32), 8000)
    store.save("Bob", ClipKind.NICKNAME, np.full(300, 0.1, np.float32), 8000)
    assert len(load_clip(store.path("Bob", ClipKind.NICKNAME)).samples) == 300
    assert [p.name for p in store.path("Bob", ClipKind.NICKNAME).parent.iterdir()] == [
        "nickname.wav"]
    store.delete("Bob", ClipKind.NICKNAME)
    assert store.find("Bob", ClipKind.NICKNAME) is None


def test_clip_limits_follow_the_rules() -> None:
    assert ClipKind.NAME.max_seconds == 3.0
    assert ClipKind.HOUSE_RULE.max_seconds == 10.0
    assert ClipKind.NICKNAME.max_seconds == 3.0


def test_splice_resamples_every_part_to_the_output_rate() -> None:
    parts = [Audio(np.ones(48000, np.float32) * 0.5, 48000),
             Audio(np.zeros(11025, np.float32), 22050)]
    out = splice(parts, 44100)
    assert len(out) == 44100 + 22050
    assert np.mean(out[4000:40000]) == pytest.approx(0.5, abs=0.01)
    assert np.max(np.abs(out[-15000:])) < 0.01


def test_nickname_replaces_the_name() -> None:
    voice = PlayerVoice("Alice", Path("/clips/alice.wav"))
    assert voice.spoken == ("Alice", Path("/clips/alice.wav"))
    nicknamed = PlayerVoice("Alice", Path("/a.wav"), nickname="Ace",
                            nickname_clip=Path("/n.wav"))
    assert nicknamed.spoken == ("Ace", Path("/n.wav"))
