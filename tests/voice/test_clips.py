"""Recorded clips: stored per player id and kind, kept between games, spliced at any rate."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import soundfile

from game.setup.names import new_player_id
from game.voice.clips import (
    CLIP_RATE,
    ClipKind,
    ClipStore,
    PlayerVoice,
    check_clip,
    load_clip,
    splice,
)
from game.voice.dsp import Audio

ZOE, BOB = "a1b2c3d4e5f6", "0f0e0d0c0b0a"


def test_R13_clips_are_kept_between_games(tmp_path: Path) -> None:
    samples = (0.3 * np.sin(np.arange(8000) / 5)).astype(np.float32)
    ClipStore(tmp_path).save(ZOE, ClipKind.NAME, samples, 16000)
    later = ClipStore(tmp_path)  # a new game, a new store over the same folder
    path = later.find(ZOE, ClipKind.NAME)
    assert path is not None and path.parent.parent == tmp_path
    clip = load_clip(path, ClipKind.NAME)
    assert clip.rate == CLIP_RATE  # stored at the game's rate, whatever the microphone's
    assert len(clip.samples) == round(8000 * CLIP_RATE / 16000)
    assert np.max(np.abs(clip.samples)) == pytest.approx(0.8, abs=1e-3)  # brought to TTS level
    assert later.find(ZOE, ClipKind.HOUSE_RULE) is None


@pytest.mark.parametrize("key", ["Zoé", "../etc", "a/b", "", "ABCDEF", "abc", "x" * 33,
                                 "abcdef\x00", "..", "con", "aux123/.."])
def test_clips_are_keyed_by_player_id_and_nothing_else_names_a_folder(
        tmp_path: Path, key: str) -> None:
    store = ClipStore(tmp_path)
    with pytest.raises(ValueError, match="player id"):
        store.path(key, ClipKind.NAME)
    with pytest.raises(ValueError, match="player id"):
        store.save(key, ClipKind.NAME, np.full(100, 0.1, np.float32), CLIP_RATE)
    assert list(tmp_path.iterdir()) == []


def test_two_players_with_the_same_name_keep_their_own_recordings(tmp_path: Path) -> None:
    store = ClipStore(tmp_path)
    first, second = new_player_id(), new_player_id()  # both typed "Sam"
    assert first != second
    store.save(first, ClipKind.NAME, np.full(1000, 0.1, np.float32), CLIP_RATE)
    store.save(second, ClipKind.NAME, np.full(2000, 0.1, np.float32), CLIP_RATE)
    a, b = store.find(first, ClipKind.NAME), store.find(second, ClipKind.NAME)
    assert a is not None and b is not None and a != b
    assert len(load_clip(a, ClipKind.NAME).samples) == 1000
    assert len(load_clip(b, ClipKind.NAME).samples) == 2000


def test_saving_again_replaces_the_clip(tmp_path: Path) -> None:
    store = ClipStore(tmp_path)
    store.save(BOB, ClipKind.NICKNAME, np.full(100, 0.1, np.float32), CLIP_RATE)
    store.save(BOB, ClipKind.NICKNAME, np.full(300, 0.1, np.float32), CLIP_RATE)
    assert len(load_clip(store.path(BOB, ClipKind.NICKNAME)).samples) == 300
    assert [p.name for p in store.path(BOB, ClipKind.NICKNAME).parent.iterdir()] == [
        "nickname.wav"]
    store.delete(BOB, ClipKind.NICKNAME)
    assert store.find(BOB, ClipKind.NICKNAME) is None


def test_R2_a_saved_take_never_exceeds_its_kind_s_limit(tmp_path: Path) -> None:
    store = ClipStore(tmp_path)
    long_take = np.full(4 * 48000, 0.1, np.float32)  # 4 s at a 48 kHz microphone
    name = store.save(ZOE, ClipKind.NAME, long_take, 48000)
    rule = store.save(ZOE, ClipKind.HOUSE_RULE, long_take, 48000)
    check_clip(name, ClipKind.NAME)
    assert soundfile.info(str(name)).frames == ClipKind.NAME.max_frames  # 3 s
    assert soundfile.info(str(rule)).frames == 4 * CLIP_RATE  # within 10 s: kept whole


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
