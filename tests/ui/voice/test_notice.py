"""The one clear notice (issue 4 item 5): when the speech engine, the sound output or the
microphone is missing, the table says once per run which voice features are unavailable, in a
banner that blocks nothing; and Roboto's Repeat and Volume keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.rules import actions as A
from game.rules.cards import Card
from game.store.settings import Settings
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.voice import NOTHING_TO_REPEAT, NOTICE_S, VOICE_OFF, VOLUME_MUTED
from game.voice import notices
from tests.rules.helpers import build
from tests.ui.conftest import colour_share, pump, shot, table_for

HAND = ["R1 B2 G3", "B1 B5", "B3 B4", "Y1 Y2"]


def settle(app: App, table: object) -> None:
    pump(app, until=lambda: table.voice.notice is not None  # type: ignore[attr-defined]
         or not app.sound.notice_pending, timeout=20)


@pytest.mark.usefixtures("no_microphone")
def test_no_microphone_is_told_once_and_blocks_nothing(app: App, outdir: Path) -> None:
    app.settings.shout_uno = True  # the player wants the microphone; there is none
    table = table_for(app, build(HAND, "B9", turn=0), "HAAA")
    settle(app, table)
    assert table.voice.notice == notices.NO_MIC
    assert "No microphone was found" in table.voice.notice_text()
    screen = shot(app, outdir, "notice")
    lay = table.layout
    # In the log's panel (issue 13: the banner covered the opponents' row): no seat, card
    # or button under it.
    box = lay.log
    assert colour_share(screen, box.inflate(-20, -20), (16, 28, 36), tol=30) > 0.3
    covered = [spot.plate for spot in lay.seats.values()] + table.hand_rects() + [lay.uno]
    assert not any(box.colliderect(r) for r in covered)
    top = max(spot.plate.bottom for spot in lay.seats.values()
              if abs(spot.plate.centerx - lay.size[0] // 2) < 300)
    over_row = (lay.size[0] // 2 - 200, top + int(16 * lay.s), 400, 20)  # where it used to be
    assert colour_share(screen, over_row, (16, 28, 36), tol=30) < 0.05
    # Non-modal: the table keeps the keyboard and the person plays on.
    assert app.top is table and table.my_turn()
    assert table.toast_text() == ""
    # Translated when drawn: the language changes under it.
    i18n.set_language("fr")
    try:
        french = table.voice.notice_text()
        assert french and french != notices.NO_MIC
        shot(app, outdir, "notice-fr")
    finally:
        i18n.set_language("en")
    # It goes away by itself, and is never shown again in this run (not even at a new table).
    pump(app, NOTICE_S + 0.5, dt=0.5)
    assert table.voice.notice is None
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("B2"))))
    assert A.Play(0, Card.parse("B2")) in table.session.game.actions
    again = table_for(app, build(HAND, "B9", turn=0), "HAAA")
    pump(app, 1.0, dt=0.1)
    assert again.voice.notice is None


@pytest.mark.usefixtures("no_microphone")
def test_a_speaker_that_cannot_even_be_built_counts_as_no_speech_engine(
        app: App, outdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.voice import speaker

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("pyttsx3 exploded")

    monkeypatch.setattr(speaker, "Speaker", broken)
    app.settings.narration = "announcements"
    table = table_for(app, build(HAND, "B9", turn=0), "HAAA")
    settle(app, table)
    assert app.sound.voice_status == "unavailable"
    assert table.voice.notice == notices.NO_SPEECH_NO_MIC
    shot(app, outdir, "no-speech-no-mic")
    # The keys explain that the voice is off, without an error and without a crash.
    app.dispatch(I.RepeatPhrase())
    assert table.toast_text() == VOICE_OFF
    app.dispatch(I.CycleVoiceVolume())
    assert table.toast_text() == VOICE_OFF


def test_nothing_missing_means_no_notice(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.voice import audio_env
    from game.voice.audio_env import InputDevice

    monkeypatch.setattr(audio_env, "find_input",
                        lambda device=None: InputDevice(0, "mic", 1, 44100))
    app.settings.shout_uno = True
    table = table_for(app, build(HAND, "B9", turn=0), "HAAA")
    settle(app, table)
    assert not app.sound.notice_pending
    assert table.voice.notice is None


def test_without_voice_or_shouting_nothing_is_probed(app: App) -> None:
    table = table_for(app, build(HAND, "B9", turn=0), "HAAA")
    pump(app, 0.5, dt=0.1)
    assert app.sound.microphone is None and not app.sound.notice_pending
    assert table.voice.notice is None


class FakeSpeaker:
    """What the table needs of game.voice.speaker.Speaker for Roboto's buttons."""

    def __init__(self) -> None:
        self.volume_level = 2
        self.repeats = 0
        self.said: object = None

    def repeat_last(self) -> object:
        self.repeats += 1
        return self.said

    def narrate(self, events: object) -> None:
        pass

    def close(self) -> None:
        pass


def test_repeat_and_volume_keys(app: App, outdir: Path) -> None:
    table = table_for(app, build(HAND, "B9", turn=0), "HAAA")
    pump(app, 0.2, dt=0.1)
    fake = FakeSpeaker()
    app.sound._speaker = fake
    app.dispatch(I.RepeatPhrase())
    assert fake.repeats == 1 and table.toast_text() == NOTHING_TO_REPEAT
    fake.said = "Bob plays a blue five."
    app.dispatch(I.RepeatPhrase())
    assert fake.repeats == 2
    levels = []
    for _ in range(4):
        app.dispatch(I.CycleVoiceVolume())
        levels.append(fake.volume_level)
        if fake.volume_level:
            assert table.toast_text() == f"Voice volume: {fake.volume_level} of 3."
    assert levels == [3, 0, 1, 2]  # loud, mute, then the three levels again
    app.dispatch(I.CycleVoiceVolume())
    app.dispatch(I.CycleVoiceVolume())
    assert fake.volume_level == 0 and table.toast_text() == VOLUME_MUTED
    app.sound.narrate([])  # narration keeps the level the key chose …
    assert fake.volume_level == 0
    app.sound.settings_changed()  # … until the volume settings change
    assert fake.volume_level == app.sound._voice_level() != 0
    shot(app, outdir, "volume-toast")
    app.sound._speaker = None


def test_the_keys_are_in_the_help() -> None:
    import pygame

    keys = dict(next(k for h, k in I.KEY_HELP if h == "At the table"))
    assert "R" in keys and "V" in keys
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0)
    assert I.translate(event, "table", False, lambda p: None) == I.RepeatPhrase()
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0)
    assert I.translate(event, "table", False, lambda p: None) == I.CycleVoiceVolume()
    assert Settings().shout_uno is False


@pytest.mark.usefixtures("no_microphone")
def test_the_notice_is_not_repeated_at_the_next_launch(app: App, dirs: Path) -> None:
    from game.store.settings import load_settings

    app.settings.shout_uno = True
    table = table_for(app, build(HAND, "B9", turn=0), "HAAA")
    settle(app, table)
    assert table.voice.notice == notices.NO_MIC
    saved, problem = load_settings(dirs / "config" / "settings.toml")
    assert problem is None and saved.voice_notice_told == notices.NO_MIC
    saved.narration, saved.animation_speed = "off", 0.0
    later = App(saved, size=(1280, 720), settings_path=dirs / "config" / "settings.toml")
    try:  # the next launch, the same computer: nothing new is missing, nothing is said
        again = table_for(later, build(HAND, "B9", turn=0), "HAAA")
        settle(later, again)
        pump(later, 1.0, dt=0.1)
        assert again.voice.notice is None
    finally:
        later.close()


def test_repeat_without_sound_shows_the_last_move_in_writing(app: App) -> None:
    table = table_for(app, build(HAND, "B9", turn=0), "HAAA")
    pump(app, until=table.my_turn)
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("B2"))))
    pump(app, until=lambda: bool(table.log_lines()))
    assert not app.sound.voice_on  # no voice at all here
    app.dispatch(I.RepeatPhrase())
    caption = table.toast_text()
    assert caption.startswith("Last move: ") and caption.endswith(table.log_lines()[-1])
