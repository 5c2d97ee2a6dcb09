"""The player's files (issue 12): whatever sits at the path of a save or of the settings, the
game starts, says what was wrong and keeps the thing aside; temp files of a killed save are
removed at start; write failures are told once."""

from __future__ import annotations

import errno
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from game.saves import MAX_FILE_BYTES as SAVE_CAP
from game.saves import SavedMatch, SeatInfo, is_save_name, read_match, write_save
from game.settings import MAX_FILE_BYTES as SETTINGS_CAP
from game.settings import Settings, load_settings, save_settings
from game.userfiles import (
    FileTooLarge,
    NotARegularFile,
    WriteWatch,
    atomic_write,
    clean_leftovers,
    keep_aside,
    read_capped,
)

T = TypeVar("T")


def within(seconds: float, fn: Callable[[], T]) -> T:
    """``fn()``, failing the test (instead of hanging it) if it takes longer than ``seconds``."""
    out: list[T] = []
    worker = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "it hangs"
    assert out, "it raised"
    return out[0]


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept", "utf-8")


def make_device_link(path: Path) -> None:
    path.symlink_to("/dev/zero")  # endless bytes: read without a cap, it never ends


def make_loop(path: Path) -> None:
    other = path.with_name("other-link")
    other.symlink_to(path)
    path.symlink_to(other)


def make_dangling(path: Path) -> None:
    path.symlink_to(path.with_name("gone"))


def make_huge(path: Path) -> None:
    with path.open("wb") as fh:
        fh.truncate(4 << 30)  # sparse: 4 GiB that cost no disk


KINDS = {"fifo": make_fifo, "folder": make_folder, "device": make_device_link,
         "symlink loop": make_loop, "dangling link": make_dangling, "huge": make_huge}
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX only")


@needs_fifo
@pytest.mark.parametrize("kind", KINDS)
def test_a_save_path_that_is_not_a_save_never_hangs_and_is_kept_aside(
        tmp_path: Path, kind: str) -> None:
    path = tmp_path / "autosave.json"
    KINDS[kind](path)
    match, problem = within(10, lambda: read_match(path))
    assert match is None and problem is not None and problem.reason
    assert not os.path.lexists(path) and problem.kept_as is not None
    assert os.path.lexists(problem.kept_as)  # moved, not deleted
    if kind == "folder":
        assert (problem.kept_as / "inside.txt").read_text("utf-8") == "kept"


@needs_fifo
@pytest.mark.parametrize("kind", KINDS)
def test_a_settings_path_that_is_not_a_settings_file_never_hangs_and_is_kept_aside(
        tmp_path: Path, kind: str) -> None:
    path = tmp_path / "settings.toml"
    KINDS[kind](path)
    settings, problem = within(10, lambda: load_settings(path))
    assert settings == Settings() and problem is not None and problem.reason
    assert not os.path.lexists(path) and problem.kept_as is not None
    assert os.path.lexists(problem.kept_as)


def test_a_good_file_behind_a_symlink_is_read(tmp_path: Path) -> None:
    real = tmp_path / "real.toml"
    save_settings(Settings(master_volume=12), real)
    (tmp_path / "settings.toml").symlink_to(real)
    settings, problem = load_settings(tmp_path / "settings.toml")
    assert problem is None and settings.master_volume == 12


def test_read_capped_reads_at_most_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_capped(path, 100) == b"x" * 100
    with pytest.raises(FileTooLarge):
        read_capped(path, 99)
    assert read_capped(tmp_path / "missing", 10) is None
    with pytest.raises(NotARegularFile):
        read_capped(tmp_path, 10)
    assert SAVE_CAP >= 1 << 20 and SETTINGS_CAP >= 64 << 10  # far above what the game writes


def test_keep_aside_never_overwrites_an_earlier_one(tmp_path: Path) -> None:
    kept = []
    for text in ("one", "two", "three"):
        path = tmp_path / "autosave.json"
        path.write_text(text, "utf-8")
        kept.append(keep_aside(path))
    assert sorted(p.read_text("utf-8") for p in kept) == ["one", "three", "two"]
    assert len(set(kept)) == 3 and not (tmp_path / "autosave.json").exists()


# ---------------------------------------------------------------- leftovers of a killed save

def test_leftovers_of_a_killed_save_are_removed_and_nothing_else(tmp_path: Path) -> None:
    seats = (SeatInfo("Ann", True), SeatInfo("Bob", False))
    from game.rules.editions import new_game
    from game.rules.ruleset import edition

    save = write_save(SavedMatch.of(new_game(edition("official"), 2, 1), seats),
                      tmp_path / "autosave.json")
    ours = [tmp_path / ".autosave.json.k3j_9xq2.tmp", tmp_path / ".slot-2.json.abcdefgh.tmp"]
    theirs = [tmp_path / ".notes.txt.abcdefgh.tmp", tmp_path / "autosave.json.tmp",
              tmp_path / ".autosave.json.tmp", tmp_path / "mine.tmp"]
    for p in ours + theirs:
        p.write_text("half a save", "utf-8")
    (tmp_path / ".autosave.json.folder00.tmp").mkdir()  # not a file: left alone
    removed = clean_leftovers(tmp_path, is_save_name)
    assert sorted(removed) == sorted(ours)
    assert all(p.exists() for p in theirs) and save.exists()
    assert (tmp_path / ".autosave.json.folder00.tmp").is_dir()
    assert read_match(save)[1] is None


def test_a_write_killed_midway_leaves_a_leftover_that_is_then_cleaned(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a SIGKILL between the temp file and the rename leaves: the old file whole and a
    temp file named like ours (os.replace never runs, and no ``except`` clause either)."""
    target = tmp_path / "settings.toml"
    target.write_text("master_volume = 5\n", "utf-8")

    class Killed(BaseException):
        pass

    def killed(src: object, dst: object) -> None:
        raise Killed

    monkeypatch.setattr(os, "replace", killed)
    monkeypatch.setattr(os, "unlink", lambda path: None)  # a killed process cleans nothing
    with pytest.raises(Killed):
        atomic_write(target, b"master_volume = 6\n")
    monkeypatch.undo()
    left = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and target.read_text("utf-8") == "master_volume = 5\n"
    assert clean_leftovers(tmp_path, lambda name: name == "settings.toml") == left
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]


# ---------------------------------------------------------------- write failures, told once

def test_a_real_read_only_folder_is_told_as_read_only(tmp_path: Path) -> None:
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root writes into read-only folders: the injected tests cover it")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        from game.settings import store_settings

        watch = WriteWatch(stderr=lambda line: None)
        assert not store_settings(Settings(), folder / "settings.toml", watch)
        assert [n.trouble for n in watch.take()] == ["read_only"]
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize(("code", "trouble", "words"), [
    (errno.ENOSPC, "full", "disk is full"),
    (errno.EROFS, "read_only", "read-only"),
    (errno.EACCES, "read_only", "read-only"),
    (errno.EIO, "other", "Input/output error"),
])
def test_each_write_failure_is_told_once_in_words_and_on_stderr(
        code: int, trouble: str, words: str) -> None:
    lines: list[str] = []
    watch = WriteWatch(stderr=lines.append)
    exc = OSError(code, os.strerror(code), "/data/autosave.json")
    for _ in range(3):
        watch.failed("game", Path("/data/autosave.json"), exc)
    notice, = watch.take()
    assert notice.trouble == trouble and words in notice.text()
    assert len(lines) == 1 and "/data/autosave.json" in lines[0]
    assert watch.failing("game") == trouble
    watch.succeeded("game", Path("/data/autosave.json"))
    watch.succeeded("game", Path("/data/autosave.json"))
    again, = watch.take()
    assert again.trouble == "ok" and "saved again" in again.text()


def test_the_notices_are_in_french_too(french_catalogue: None) -> None:
    watch = WriteWatch(stderr=lambda line: None)
    watch.failed("game", Path("x"), OSError(errno.ENOSPC, "No space left on device"))
    watch.failed("settings", Path("y"), OSError(errno.EROFS, "Read-only file system"))
    game, settings = watch.take()
    assert game.text().startswith("Impossible d’enregistrer la partie\u00a0: le disque est plein")
    assert "lecture seule" in settings.text()


@pytest.fixture
def french_catalogue() -> Iterator[None]:
    from game import i18n

    i18n.set_language("fr")
    if i18n._("New game") == "New game":
        i18n.set_language("en")
        pytest.skip("compile the French catalogue first (pybabel compile -d locale -D uno)")
    yield None
    i18n.set_language("en")
