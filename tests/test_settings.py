"""Settings: TOML in the config folder, written atomically, a corrupt file kept aside."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.settings import Settings, config_dir, load_settings, save_settings, settings_path


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
    'master_volume = "loud"\n',
    "master_volume = 400\n",
    'narration = "shouting"\n',
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
