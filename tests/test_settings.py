"""Settings: TOML in the config folder, written atomically, a corrupt file kept aside; one
value that cannot be used (issue 31) costs only itself, and the player is told which."""

from __future__ import annotations

import errno
import os
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from game.store.settings import (
    WINDOW_MAX,
    WINDOW_MIN,
    Settings,
    config_dir,
    load_settings,
    save_settings,
    settings_path,
    store_settings,
)
from game.store.userfiles import WriteWatch


def test_defaults_when_there_is_no_file(tmp_path: Path) -> None:
    settings, problem = load_settings(tmp_path / "settings.toml")
    assert settings == Settings() and problem is None


def test_round_trip_keeps_every_value(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "settings.toml"
    s = Settings(language="fr", master_volume=30, animation_speed=2.0, reduced_motion=True,
                 colour_blind_marks=False, fullscreen=True, player_names=["Zoé", "Ana"])
    save_settings(s, path)
    again, problem = load_settings(path)
    assert problem is None and again == s
    assert tomllib.loads(path.read_text("utf-8"))["language"] == "fr"


def test_unknown_keys_are_kept_for_newer_versions(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('language = "en"\nfuture_option = 3\n', "utf-8")
    s, problem = load_settings(path)
    assert problem is None and s.extra == {"future_option": 3}
    save_settings(s, path)
    assert tomllib.loads(path.read_text("utf-8"))["future_option"] == 3


@pytest.mark.parametrize("content", [
    "this is [not toml",
    b"\xff\xfe\x00bad",
])
def test_a_corrupt_file_is_reported_and_kept_aside(tmp_path: Path, content: str | bytes) -> None:
    path = tmp_path / "settings.toml"
    raw = content if isinstance(content, bytes) else content.encode()
    path.write_bytes(raw)
    s, problem = load_settings(path)
    assert s == Settings()
    assert problem is not None and problem.reason and problem.kept_as is not None
    assert not path.exists()  # moved, never overwritten
    assert problem.kept_as.read_bytes() == raw
    assert problem.kept_as.name.startswith("settings.corrupt-")


def test_writing_is_atomic_no_temp_file_left(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    for i in range(5):
        save_settings(Settings(master_volume=i * 10), path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]


def test_config_folder_can_be_overridden(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("UNO_CONFIG_DIR", str(tmp_path))
    assert config_dir() == tmp_path and settings_path() == tmp_path / "settings.toml"
    monkeypatch.delenv("UNO_CONFIG_DIR")
    assert "uno-family" in str(config_dir())


def test_invalid_settings_are_not_written(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        save_settings(Settings(voice_volume=101), tmp_path / "settings.toml")
    assert not (tmp_path / "settings.toml").exists()


# ---------------------------------------------------------------- issue 12: window sizes,
# files that must never stop the game from opening, a read-only config folder

@pytest.mark.parametrize(("size", "clamped"), [
    ((16384, 16384), WINDOW_MAX),  # accepted before, and cost 5 GiB of window
    ((10 ** 30, 10 ** 30), WINDOW_MAX),
    ((300, 200), WINDOW_MIN),
    ((-5, 0), WINDOW_MIN),
    ((1280, 720), (1280, 720)),
])
def test_a_window_size_out_of_range_is_clamped_on_load(
        tmp_path: Path, size: tuple[int, int], clamped: tuple[int, int]) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(f"window_width = {size[0]}\nwindow_height = {size[1]}\n", "utf-8")
    s, problem = load_settings(path)
    assert problem is None and (s.window_width, s.window_height) == clamped
    assert path.exists()


def test_saving_a_window_shrunk_below_the_range_never_raises(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    save_settings(Settings(window_width=300, window_height=200), path)  # F11 twice at 300x200
    data = tomllib.loads(path.read_text("utf-8"))
    assert (data["window_width"], data["window_height"]) == WINDOW_MIN
    save_settings(Settings(window_width=16384, window_height=16384), path)
    data = tomllib.loads(path.read_text("utf-8"))
    assert (data["window_width"], data["window_height"]) == WINDOW_MAX


@pytest.mark.parametrize("content", [
    "a = " + "[" * 5000,  # RecursionError in tomllib
    "a = " + "{ b = " * 3000,
    "master_volume = " + "9" * 5000 + "\n",  # too many digits for int()
])
def test_any_unusable_settings_file_is_reported_and_kept_aside(
        tmp_path: Path, content: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(content, "utf-8")
    s, problem = load_settings(path)
    assert s == Settings() and problem is not None and problem.reason
    assert not path.exists() and problem.kept_as is not None
    assert problem.kept_as.read_text("utf-8") == content


def test_settings_in_a_read_only_folder_are_told_once_and_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.store import settings as module

    lines: list[str] = []
    watch = WriteWatch(stderr=lines.append)
    failing = [errno.EROFS]
    real = module.atomic_write

    def write(path: Path, data: bytes) -> None:
        if failing:
            raise OSError(failing[0], os.strerror(failing[0]), str(path))
        real(path, data)

    monkeypatch.setattr(module, "atomic_write", write)
    path = tmp_path / "settings.toml"
    assert not store_settings(Settings(master_volume=10), path, watch)
    assert not store_settings(Settings(master_volume=20), path, watch)
    assert [(n.what, n.trouble) for n in watch.take()] == [("settings", "read_only")]
    assert len(lines) == 1 and "read-only" in lines[0]
    failing.clear()
    assert store_settings(Settings(master_volume=30), path, watch)
    assert [(n.what, n.trouble) for n in watch.take()] == [("settings", "ok")]
    assert load_settings(path)[0].master_volume == 30


def test_a_settings_value_out_of_range_is_told_not_raised(tmp_path: Path) -> None:
    watch = WriteWatch(stderr=lambda line: None)
    assert not store_settings(Settings(voice_volume=101), tmp_path / "s.toml", watch)
    notice, = watch.take()
    assert notice.trouble == "other" and "voice_volume" in notice.text()


def test_a_failure_nobody_foresaw_still_keeps_the_settings_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.store import settings as module

    path = tmp_path / "settings.toml"
    path.write_text("master_volume = 5\n", "utf-8")

    def boom(data: object, *args: object, **kwargs: object) -> Settings:
        raise MemoryError

    monkeypatch.setattr(module, "from_toml", boom)
    s, problem = load_settings(path)
    assert s == Settings() and problem is not None and "MemoryError" in problem.reason
    assert problem.kept_as is not None
    assert problem.kept_as.read_text("utf-8") == "master_volume = 5\n"


# ---------------------------------------------------------------- issue 31 item 4: one bad
# value costs only itself

#: Every setting changed from its default, as a family's file holds them.
FAMILY = Settings(language="fr", master_volume=30, effects_volume=55, voice_volume=65,
                  music_volume=20, mute=True, narration="full", animation_speed=2.0,
                  reduced_motion=True, colour_blind_marks=False, highlight_playable=False,
                  sort_hand=False, fullscreen=True, window_width=1024, window_height=700,
                  player_names=["Zoé", "Ana"], shout_uno=True, shout_threshold_db=-30.0,
                  player_ids=["a1b2c3d4e5f6", "0f0f0f0f0f0f"], last_edition="attack",
                  player_levels=["medium", "hard"], player_humans=[True, False],
                  house_rules=["stacking"], voice_notice_told="speech", guide_offered=True)


def _family_file(path: Path, **changes: object) -> bytes:
    import tomli_w

    data = {**FAMILY.to_toml(), **changes}
    raw = tomli_w.dumps(data).encode("utf-8")
    path.write_bytes(raw)
    return raw


def _every_other_setting_kept(s: Settings, *changed: str) -> None:
    for f in fields(Settings):
        if f.name not in changed:
            assert getattr(s, f.name) == getattr(FAMILY, f.name), f.name


def test_one_out_of_range_volume_keeps_every_other_setting(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    raw = _family_file(path, music_volume=250)
    s, problem = load_settings(path)
    assert s.music_volume == 100  # brought within range, not back to its default
    _every_other_setting_kept(s, "music_volume")
    assert problem is not None and problem.kept_as is not None
    assert problem.kept_as.read_bytes() == raw  # the file as it was, kept aside
    assert problem.kept_as.name.startswith("settings.corrupt-")
    assert [r.text() for r in problem.repairs] == [
        'settings.toml: the setting "music_volume" was 250, outside 0 to 100; it is now 100.']
    again, trouble = load_settings(path)  # the repaired file was written at once
    assert trouble is None and again == s


@pytest.mark.parametrize(("key", "bad", "now", "words"), [
    ("master_volume", -5, 0, ("-5", "outside 0 to 100", "now 0")),
    ("master_volume", "loud", 80, ('"loud"', "default")),
    ("voice_volume", 50.5, 80, ("50.5", "default")),
    ("effects_volume", True, 80, ("true", "default")),
    ("narration", "shouting", "announcements", ('"shouting"', "default")),
    ("animation_speed", float("nan"), 1.0, ("nan", "default")),
    ("animation_speed", 40, 10.0, ("40", "now 10")),
    ("shout_threshold_db", 12.0, 0.0, ("12.0", "outside -90 to 0")),
    ("player_names", [1, 2], [], ("[1, 2]", "default")),
    ("player_humans", ["yes"], [], ("default",)),
    ("window_width", 1.5, 1280, ("1.5", "default")),
    ("mute", "no", False, ('"no"', "default")),
    ("language", 7, "", ("7", "default")),
    ("guide_offered", 3, True, ("default",)),  # a file from before the guide: played
])
def test_one_bad_setting_is_repaired_and_told_and_every_other_kept(
        tmp_path: Path, key: str, bad: object, now: object, words: tuple[str, ...]) -> None:
    path = tmp_path / "settings.toml"
    raw = _family_file(path, **{key: bad})
    s, problem = load_settings(path)
    assert getattr(s, key) == now
    _every_other_setting_kept(s, key)
    assert problem is not None and problem.kept_as is not None
    assert problem.kept_as.read_bytes() == raw
    told, = [r.text() for r in problem.repairs]
    assert told.startswith(f'settings.toml: the setting "{key}" ')
    for word in words:
        assert word in told, (word, told)
    assert load_settings(path) == (s, None)


def test_several_bad_values_are_each_told(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    _family_file(path, music_volume=250, narration=3)
    s, problem = load_settings(path)
    assert (s.music_volume, s.narration) == (100, "announcements")
    _every_other_setting_kept(s, "music_volume", "narration")
    assert problem is not None
    assert ['"music_volume"' in r.text() for r in problem.repairs] == [True, False]


def test_an_unknown_setting_is_kept_and_written_back(tmp_path: Path) -> None:
    """A newer version's keys are kept, written back and never told as a problem, even
    beside a value that had to be repaired."""
    path = tmp_path / "settings.toml"
    _family_file(path, future_theme={"name": "night", "contrast": 2}, music_volume=300)
    s, problem = load_settings(path)
    assert problem is not None and len(problem.repairs) == 1  # the volume only
    assert s.extra == {"future_theme": {"name": "night", "contrast": 2}}
    assert tomllib.loads(path.read_text("utf-8"))["future_theme"]["contrast"] == 2
    s.master_volume = 10
    assert store_settings(s, path, WriteWatch(stderr=lambda line: None))
    data = tomllib.loads(path.read_text("utf-8"))
    assert data["future_theme"] == {"name": "night", "contrast": 2} and data["master_volume"] == 10


def test_a_repaired_file_that_cannot_be_copied_aside_is_not_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.store import settings as module

    path = tmp_path / "settings.toml"
    raw = _family_file(path, music_volume=250)
    real = module.atomic_write

    def write(target: Path, data: bytes) -> None:
        if ".corrupt-" in target.name:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))
        real(target, data)

    monkeypatch.setattr(module, "atomic_write", write)
    s, problem = load_settings(path)
    assert s.music_volume == 100 and s.master_volume == FAMILY.master_volume
    assert problem is not None and problem.repairs and problem.kept_as is None
    assert path.read_bytes() == raw  # nothing is lost: the file stays as it was


def test_the_settings_notice_lists_what_was_repaired(tmp_path: Path) -> None:
    from game.ui.scenes.notice import settings_notice

    path = tmp_path / "settings.toml"
    _family_file(path, music_volume=250)
    _s, problem = load_settings(path)
    assert problem is not None
    title, body, params = settings_notice(problem)
    assert title == "Some settings were repaired"
    text = body.format(**params)
    assert "music_volume" in text and str(problem.kept_as) in text
    assert "every other setting is kept" in text and "default settings" not in text
