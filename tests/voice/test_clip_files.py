"""Issue 12 item 4: a recording is only used when it is a clip the game made (a WAV at the
game's rate, within R-2's limits); any other file is refused with a ClipProblem, never
another exception, and the name is spoken instead. A save's clip reference stays inside the
data folder's clips."""

from __future__ import annotations

import os
import struct
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
import soundfile

from game.voice.clips import (
    CLIP_RATE,
    ClipKind,
    ClipProblem,
    ClipStore,
    check_clip,
    clip_reference,
    load_clip,
    resolve_clip_reference,
)
from game.voice.tts import assemble
from game.voice.utterance import Clip, Speech

ID = "a1b2c3d4e5f6"


def wav(path: Path, seconds: float, rate: int = CLIP_RATE, channels: int = 1,
        subtype: str = "PCM_16", fmt: str = "WAV") -> Path:
    frames = max(0, round(seconds * rate))
    data = np.full((frames, channels), 0.2, np.float32)
    soundfile.write(str(path), data, rate, subtype=subtype, format=fmt)
    return path


def one_hertz(p: Path) -> Path:
    return wav(p, 2.0, rate=1)


def eight_minutes(p: Path) -> Path:
    return wav(p, 8 * 60, rate=8000, subtype="PCM_U8")


def eleven_seconds(p: Path) -> Path:
    return wav(p, 11.0)


def empty_wav(p: Path) -> Path:
    return wav(p, 0.0)


def three_channels(p: Path) -> Path:
    return wav(p, 1.0, channels=3)


def flac(p: Path) -> Path:
    return wav(p, 1.0, fmt="FLAC", subtype="PCM_16")


def not_a_wav(p: Path) -> Path:
    p.write_text("Alice", "utf-8")
    return p


def empty_file(p: Path) -> Path:
    p.write_bytes(b"")
    return p


def truncated(p: Path) -> Path:
    wav(p, 1.0)
    p.write_bytes(p.read_bytes()[:30])
    return p


def lying_header(p: Path) -> Path:
    """A RIFF header that claims two billion frames and holds a few."""
    body = np.zeros(100, np.int16).tobytes()
    fmt = struct.pack("<HHIIHH", 1, 1, CLIP_RATE, CLIP_RATE * 2, 2, 16)
    p.write_bytes(b"RIFF" + struct.pack("<I", 0xFFFFFFF0) + b"WAVE" + b"fmt " +
                  struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", 0xFFFFFFF0) + body)
    return p


def not_finite(p: Path) -> Path:
    data = np.full(1000, np.nan, np.float32)
    soundfile.write(str(p), data, CLIP_RATE, subtype="FLOAT")
    return p


def huge(p: Path) -> Path:
    with open(p, "wb") as fh:  # sparse: costs no disk
        fh.truncate(64 * 1024 * 1024)
    return p


def folder(p: Path) -> Path:
    p.mkdir()
    return p


def fifo(p: Path) -> Path:
    os.mkfifo(p)  # opening it would wait for a writer for ever
    return p


BAD: dict[str, Callable[[Path], Path]] = {
    "1 Hz": one_hertz, "eight minutes": eight_minutes, "11 s": eleven_seconds,
    "empty WAV": empty_wav, "3 channels": three_channels, "FLAC": flac,
    "text": not_a_wav, "empty file": empty_file, "truncated": truncated,
    "NaN samples": not_finite, "64 MB": huge,
    "a folder": folder, "a FIFO": fifo,
}


@pytest.mark.parametrize("make", BAD.values(), ids=BAD.keys())
def test_any_other_file_than_a_game_clip_is_refused_with_a_clip_problem(
        tmp_path: Path, make: Callable[[Path], Path]) -> None:
    path = make(tmp_path / "house_rule.wav")
    with pytest.raises(ClipProblem):
        load_clip(path, ClipKind.HOUSE_RULE)


def test_R2_a_name_over_3_s_is_refused_a_house_rule_up_to_10_s_is_kept(tmp_path: Path) -> None:
    four = wav(tmp_path / "four.wav", 4.0)
    with pytest.raises(ClipProblem, match=r"lasts 4\.00 s"):
        check_clip(four, ClipKind.NAME)
    check_clip(four, ClipKind.HOUSE_RULE)
    ten = wav(tmp_path / "ten.wav", 10.0)
    assert load_clip(ten, ClipKind.HOUSE_RULE).seconds == pytest.approx(10.0)
    check_clip(wav(tmp_path / "three.wav", 3.0), ClipKind.NAME)
    check_clip(wav(tmp_path / "stereo.wav", 1.0, channels=2), ClipKind.NAME)


def test_a_refused_clip_is_spoken_as_its_text_instead(tmp_path: Path) -> None:
    said: list[str] = []

    def speak(text: str, language: str) -> tuple[object, str]:
        from game.voice.dsp import Audio

        said.append(text)
        return Audio(np.full(100, 0.1, np.float32), 22050), "test voice"

    for n, (name, make) in enumerate(BAD.items()):
        if name == "a FIFO":
            continue  # (refused above; opening it here would only test the same check)
        said.clear()
        path = make(tmp_path / f"bad{n}.wav")
        _pcm, frames, used = assemble([Clip(path, "Alice"), Speech("your turn")], "en", 22050,
                                     1, speak)  # type: ignore[arg-type]
        assert said == ["Alice", "your turn"], name
        assert frames == 200 and used == ("test voice", "test voice")


def test_a_header_that_lies_about_its_length_costs_only_what_the_file_holds(
        tmp_path: Path) -> None:
    audio = load_clip(lying_header(tmp_path / "name.wav"), ClipKind.NAME)
    assert len(audio.samples) == 100


def test_a_clip_of_the_game_is_read_back(tmp_path: Path) -> None:
    store = ClipStore(tmp_path / "clips")
    path = store.save(ID, ClipKind.NAME, np.full(16000, 0.25, np.float32), 16000)
    audio = load_clip(path, ClipKind.NAME)
    assert audio.rate == CLIP_RATE and audio.seconds == pytest.approx(1.0, abs=0.001)


def test_a_save_refers_to_a_clip_inside_the_data_folder(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = ClipStore(data / "clips").save(ID, ClipKind.HOUSE_RULE,
                                          np.full(1000, 0.2, np.float32), CLIP_RATE)
    ref = clip_reference(path, data)
    assert ref == f"clips/{ID}/house_rule.wav"
    assert resolve_clip_reference(ref, data) == data / "clips" / ID / "house_rule.wav"
    assert clip_reference(tmp_path / "elsewhere.wav", data) is None
    assert clip_reference(data / "autosave.json", data) is None  # not a clip


@pytest.mark.parametrize("ref", [
    "/etc/passwd",
    "clips/../autosave.json",
    "clips/../../outside.wav",
    "../outside.wav",
    "clips\\..\\..\\outside.wav",
    "C:/Windows/win.ini",
    "autosave.json",
    "",
    "clips/a\x00b.wav",
    "clips/\ud800.wav",
])
def test_a_clip_reference_leaving_the_clips_folder_is_refused(tmp_path: Path, ref: str) -> None:
    data = tmp_path / "data"
    (data / "clips").mkdir(parents=True)
    (tmp_path / "outside.wav").write_bytes(b"x")
    (data / "autosave.json").write_text("{}", "utf-8")
    assert resolve_clip_reference(ref, data) is None


def test_a_symlink_out_of_the_clips_folder_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    folder_ = data / "clips" / ID
    folder_.mkdir(parents=True)
    outside = wav(tmp_path / "outside.wav", 1.0)
    (folder_ / "house_rule.wav").symlink_to(outside)
    (data / "clips" / "escape").symlink_to(tmp_path)
    assert resolve_clip_reference(f"clips/{ID}/house_rule.wav", data) is None
    assert resolve_clip_reference("clips/escape/outside.wav", data) is None
    assert ClipStore(data / "clips").find(ID, ClipKind.HOUSE_RULE) is None


# ---------------------------------------------------------------- links are never followed
OTHER = "f6e5d4c3b2a1"


@pytest.fixture
def watch() -> Iterator[None]:
    from game.store.userfiles import WATCH

    WATCH.reset()
    yield None
    WATCH.reset()


def told() -> list[str]:
    from game.store.userfiles import WATCH

    return [n.text() for n in WATCH.take() if n.what == "files"]


def linked_player_folder(tmp_path: Path) -> tuple[ClipStore, Path]:
    """A store whose player ``ID``'s folder is a link to a person's folder of recordings."""
    elsewhere = tmp_path / "my-recordings"
    elsewhere.mkdir()
    wav(elsewhere / "name.wav", 1.0)
    wav(elsewhere / "song.wav", 1.0)
    store = ClipStore(tmp_path / "data" / "clips")
    store.root.mkdir(parents=True)
    (store.root / ID).symlink_to(elsewhere, target_is_directory=True)
    return store, elsewhere


def contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_clip_saved_into_a_linked_player_folder_never_writes_through_it(
        tmp_path: Path, watch: None) -> None:
    store, elsewhere = linked_player_folder(tmp_path)
    before = contents(elsewhere)
    path = store.save(ID, ClipKind.NAME, np.full(4410, 0.3, np.float32), CLIP_RATE)
    assert contents(elsewhere) == before  # name.wav not replaced, nothing added
    assert not path.parent.is_symlink() and check_clip(path, ClipKind.NAME) is None
    kept = [p for p in store.root.iterdir() if p.name.startswith(f"{ID}.corrupt-")]
    assert len(kept) == 1 and kept[0].is_symlink()
    assert len(told()) == 1


def test_a_clip_saved_over_a_link_never_writes_through_it(tmp_path: Path, watch: None) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mine", "utf-8")
    store = ClipStore(tmp_path / "data" / "clips")
    (store.root / ID).mkdir(parents=True)
    store.path(ID, ClipKind.NAME).symlink_to(notes)
    store.save(ID, ClipKind.NAME, np.full(4410, 0.3, np.float32), CLIP_RATE)
    assert notes.read_text("utf-8") == "mine"
    assert not store.path(ID, ClipKind.NAME).is_symlink() and told()


def test_a_linked_clips_folder_is_never_written_into(tmp_path: Path, watch: None) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    store = ClipStore(tmp_path / "data" / "clips")
    store.root.parent.mkdir()
    store.root.symlink_to(elsewhere, target_is_directory=True)
    store.save(ID, ClipKind.NAME, np.full(4410, 0.3, np.float32), CLIP_RATE)
    assert list(elsewhere.iterdir()) == [] and not store.root.is_symlink() and told()


def test_deleting_a_clip_in_a_linked_player_folder_never_deletes_its_target(
        tmp_path: Path, watch: None) -> None:
    store, elsewhere = linked_player_folder(tmp_path)
    before = contents(elsewhere)
    store.delete(ID, ClipKind.NAME)
    assert contents(elsewhere) == before and told()


def test_forgetting_a_player_whose_clips_folder_is_a_link_never_deletes_its_target(
        tmp_path: Path, watch: None) -> None:
    store, elsewhere = linked_player_folder(tmp_path)
    before = contents(elsewhere)
    assert store.usage(ID) == (0, 0)  # not the game's: nothing of it counts as recordings
    assert not store.forget(ID)
    assert contents(elsewhere) == before
    assert not os.path.lexists(store.root / ID)
    notice, = told()
    assert str(elsewhere) in notice


def test_forgetting_a_player_removes_only_their_clips(tmp_path: Path, watch: None) -> None:
    store = ClipStore(tmp_path / "data" / "clips")
    for pid in (ID, OTHER):
        for kind in (ClipKind.NAME, ClipKind.HOUSE_RULE):
            store.save(pid, kind, np.full(4410, 0.3, np.float32), CLIP_RATE)
    outside = tmp_path / "outside.wav"
    wav(outside, 1.0)
    (store.root / ID / "link.wav").symlink_to(outside)  # a link inside: removed, not followed
    count, size = store.usage(ID)
    assert count == 2 and size == sum(store.path(ID, k).stat().st_size
                                      for k in (ClipKind.NAME, ClipKind.HOUSE_RULE))
    assert store.forget(ID)
    assert not os.path.lexists(store.root / ID) and outside.is_file()
    assert store.find(OTHER, ClipKind.NAME) is not None
    assert store.find(OTHER, ClipKind.HOUSE_RULE) is not None
    assert not store.forget(ID)  # nothing left: nothing to do
    assert told() == []
    with pytest.raises(ValueError):
        store.forget("../data")


def test_the_default_clips_folder_is_inside_the_game_s_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """UNO_DATA_DIR moves every file the game keeps, recordings included."""
    from game.voice.clips import ClipStore, default_clip_root

    monkeypatch.setenv("UNO_DATA_DIR", str(tmp_path / "data"))
    assert default_clip_root() == tmp_path / "data" / "clips"
    assert ClipStore().root == tmp_path / "data" / "clips"
