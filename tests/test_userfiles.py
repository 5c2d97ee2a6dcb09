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

from game.store.saves import MAX_FILE_BYTES as SAVE_CAP
from game.store.saves import SavedMatch, SeatInfo, is_save_name, read_match, write_save
from game.store.settings import MAX_FILE_BYTES as SETTINGS_CAP
from game.store.settings import Settings, load_settings, save_settings
from game.store.userfiles import (
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
        from game.store.settings import store_settings

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


# ---------------------------------------------------------------- links are never followed
# A link where the game keeps one of its files (``uno.lock`` -> ``~/notes.txt``) must never
# have its target truncated, written, renamed or deleted: the link is renamed aside and the
# player told; the game then keeps a file of its own there.

NOTES = "my notes, not the game's\n"


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The game's data and config folders in ``tmp_path``, a person's notes beside them, and
    the game's watch emptied before and after."""
    from game.store.userfiles import WATCH

    monkeypatch.setenv("UNO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("UNO_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "data").mkdir()
    (tmp_path / "config").mkdir()
    (tmp_path / "notes.txt").write_text(NOTES, "utf-8")
    WATCH.reset()
    yield tmp_path
    WATCH.reset()


def link_notices() -> list[str]:
    from game.store.userfiles import WATCH

    return [n.text() for n in WATCH.take() if n.what == "files"]


def aside(folder: Path, stem: str) -> list[Path]:
    """What was renamed aside in ``folder`` from ``stem`` (``<stem>.corrupt-<time>...``)."""
    return sorted(p for p in folder.iterdir() if p.name.startswith(f"{stem}.corrupt-"))


def a_match() -> SavedMatch:
    from game.rules.editions import new_game
    from game.rules.ruleset import edition

    return SavedMatch.of(new_game(edition("official"), 2, 1),
                         (SeatInfo("Ann", True), SeatInfo("Bob", False)))


def test_lock_file_that_is_a_symlink_never_truncates_its_target(folders: Path) -> None:
    from game.store.instance import LOCK_NAME, InstanceLock

    data, notes = folders / "data", folders / "notes.txt"
    (data / LOCK_NAME).symlink_to(notes)
    lock = InstanceLock(data)
    try:
        assert lock.acquire()
        assert notes.read_text("utf-8") == NOTES
        assert not (data / LOCK_NAME).is_symlink() and (data / LOCK_NAME).is_file()
        assert (data / LOCK_NAME).read_text("utf-8") == f"{os.getpid()}\n"
        kept, = aside(data, "uno")
        assert kept.is_symlink() and os.readlink(kept) == str(notes)  # the link, kept
        told, = link_notices()
        assert str(data / LOCK_NAME) in told and str(notes) in told and kept.name in told
    finally:
        lock.release()


@needs_fifo
@pytest.mark.parametrize("kind", ["fifo", "folder", "dangling link", "symlink loop"])
def test_lock_path_that_is_not_a_file_is_put_aside_and_the_lock_taken(
        folders: Path, kind: str) -> None:
    from game.store.instance import LOCK_NAME, InstanceLock

    data = folders / "data"
    KINDS[kind](data / LOCK_NAME)
    lock = within(10, lambda: InstanceLock(data))
    try:
        assert within(10, lock.acquire)
        assert (data / LOCK_NAME).is_file() and not (data / LOCK_NAME).is_symlink()
        assert aside(data, "uno") and link_notices()
        if kind == "folder":
            assert (aside(data, "uno")[0] / "inside.txt").read_text("utf-8") == "kept"
    finally:
        lock.release()


def test_a_save_that_is_a_symlink_never_writes_through_it(folders: Path) -> None:
    from game.store.saves import matches_dir

    notes = folders / "notes.txt"
    matches_dir().mkdir()
    slot = matches_dir() / "match-1.json"
    slot.symlink_to(notes)
    write_save(a_match(), slot)
    assert notes.read_text("utf-8") == NOTES
    assert not slot.is_symlink() and read_match(slot)[1] is None
    kept, = aside(matches_dir(), "match-1")
    assert kept.is_symlink()
    assert len(link_notices()) == 1


def test_a_saves_folder_that_is_a_symlink_is_never_written_into(folders: Path) -> None:
    from game.store.saves import discard_save, list_matches, matches_dir

    elsewhere = folders / "documents"
    elsewhere.mkdir()
    (elsewhere / "letter.json").write_text('{"dear": "Ann"}', "utf-8")
    matches_dir().symlink_to(elsewhere, target_is_directory=True)
    slot = matches_dir() / "match-1.json"
    write_save(a_match(), slot)
    assert sorted(p.name for p in elsewhere.iterdir()) == ["letter.json"]
    assert not matches_dir().is_symlink() and read_match(slot)[1] is None
    kept, = aside(folders / "data", "matches")
    assert kept.is_symlink() and link_notices()
    # Deleting a match through a linked folder deletes nothing there either.
    (elsewhere / "match-2.json").write_text("{}", "utf-8")
    slot.unlink()
    matches_dir().rmdir()
    matches_dir().symlink_to(elsewhere, target_is_directory=True)
    discard_save(matches_dir() / "match-2.json")
    assert sorted(p.name for p in elsewhere.iterdir()) == ["letter.json", "match-2.json"]
    assert not os.path.lexists(matches_dir()) and link_notices()
    # Nor does listing one rename a person's files that are no saves.
    matches_dir().symlink_to(elsewhere, target_is_directory=True)
    list_matches()
    assert sorted(p.name for p in elsewhere.iterdir()) == ["letter.json", "match-2.json"]


def test_the_start_puts_a_linked_saves_folder_aside_before_listing_it(folders: Path) -> None:
    from game.store.instance import claim
    from game.store.saves import list_matches, matches_dir

    elsewhere = folders / "documents"
    elsewhere.mkdir()
    (elsewhere / "letter.json").write_text("not a save", "utf-8")
    (elsewhere / ".letter.json.abcdefgh.tmp").write_text("not ours either", "utf-8")
    matches_dir().symlink_to(elsewhere, target_is_directory=True)
    lock = claim()
    try:
        assert lock.held and not os.path.lexists(matches_dir())
        assert list_matches() == ([], [])
        assert sorted(p.name for p in elsewhere.iterdir()) == [".letter.json.abcdefgh.tmp",
                                                               "letter.json"]
        assert aside(folders / "data", "matches") and link_notices()
    finally:
        lock.release()


def test_a_settings_file_that_is_a_symlink_is_read_but_never_written_through(
        folders: Path) -> None:
    from game.store.settings import settings_path, store_settings

    real = folders / "dotfiles.toml"
    save_settings(Settings(master_volume=12), real)
    before = real.read_bytes()
    settings_path().symlink_to(real)
    settings, problem = load_settings()
    assert problem is None and settings.master_volume == 12
    settings.master_volume = 40
    assert store_settings(settings)
    assert real.read_bytes() == before
    assert not settings_path().is_symlink() and load_settings()[0].master_volume == 40
    kept, = aside(folders / "config", "settings")
    assert os.readlink(kept) == str(real)
    told, = link_notices()
    assert str(real) in told


def test_a_profiles_file_that_is_a_symlink_never_writes_through_it(folders: Path) -> None:
    from game.store.profile_store import ProfileStore, profiles_path

    notes = folders / "notes.txt"
    profiles_path().symlink_to(notes)
    store = ProfileStore()  # the notes are no profiles: put aside, told as unreadable
    assert store.problem is not None and notes.read_text("utf-8") == NOTES
    store.book.ensure("a1b2c3d4e5f6", "Ann", False, [])
    assert store.save()
    assert notes.read_text("utf-8") == NOTES and not profiles_path().is_symlink()
    # A link put there while the game runs is put aside at the next write, and told.
    profiles_path().unlink()
    profiles_path().symlink_to(notes)
    assert store.save()
    assert notes.read_text("utf-8") == NOTES and not profiles_path().is_symlink()
    assert len(link_notices()) == 1


def test_a_link_that_cannot_be_put_aside_is_told_and_never_written_through(
        folders: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only folder: the link cannot be renamed, so nothing is written; the player is
    told that the settings cannot be saved, and the game goes on."""
    from game.store.settings import settings_path, store_settings

    notes = folders / "notes.txt"
    settings_path().symlink_to(notes)

    def read_only(src: object, dst: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(src))

    monkeypatch.setattr(os, "replace", read_only)
    watch = WriteWatch(stderr=lambda line: None)
    assert not store_settings(Settings(), watch=watch)
    assert [n.trouble for n in watch.take()] == ["read_only"]
    assert notes.read_text("utf-8") == NOTES and settings_path().is_symlink()


def test_a_write_through_the_game_folder_itself_as_a_link_is_allowed(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch
                                                                     ) -> None:
    """Keeping the whole data folder elsewhere (a link to it) is a person's choice: saves go
    there, nothing is put aside."""
    from game.store.saves import matches_dir
    from game.store.userfiles import WATCH

    real = tmp_path / "big-disk" / "uno"
    real.mkdir(parents=True)
    (tmp_path / "data").symlink_to(real, target_is_directory=True)
    monkeypatch.setenv("UNO_DATA_DIR", str(tmp_path / "data"))
    WATCH.reset()
    write_save(a_match(), matches_dir() / "match-1.json")
    assert (real / "matches" / "match-1.json").is_file()
    assert WATCH.take() == []


def test_the_first_versions_autosave_is_never_moved_into_a_linked_saves_folder(
        folders: Path) -> None:
    from game.store.saves import autosave_path, list_matches, matches_dir

    elsewhere = folders / "documents"
    elsewhere.mkdir()
    write_save(a_match(), autosave_path())
    matches_dir().symlink_to(elsewhere, target_is_directory=True)
    slots, problems = list_matches()
    assert len(slots) == 1 and not problems
    assert list(elsewhere.iterdir()) == []
    assert slots[0].path.parent == matches_dir() and not matches_dir().is_symlink()
    assert link_notices()
