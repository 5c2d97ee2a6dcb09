"""Roboto's set-up recordings (R-2): each person records their name (typed fallback), then
the called player records the house rule, picks an example or skips. Without a microphone
the screen goes straight to the typed names. Under tools/with-virtual-audio.sh a WAV fed to
the virtual microphone becomes that player's saved clip. Screenshots go to
``test-output/<test name>/``."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from game.editions.roboto.table.setup import HOUSE_RULE_EXAMPLES, RobotoRecordScene
from game.rules.ruleset import edition
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.scene import TableScene
from game.ui.voices import house_rule_voice, voice_cast
from game.voice.clips import ClipKind, ClipStore
from game.voice.recorder import Recorder
from tests.ui.conftest import pump, seats, shot, started_app
from tests.voice.conftest import SKIP_REASON, VIRTUAL_AUDIO, VirtualAudio, chirp, write_wav


def record_scene(app: App, kinds: str, recorder: Recorder, store: ClipStore,
                 house_rule: bool = True) -> RobotoRecordScene:

    rs = edition("roboto").with_options(house_rule=house_rule)
    scene = RobotoRecordScene(app, rs, seats(kinds), seed=4, race_mode="reaction",
                              recorder=recorder, store=store)
    app.reset(scene)
    return scene


def test_without_a_microphone_the_typed_names_are_used(app: App, outdir: Path,
                                                       tmp_path: Path) -> None:
    store = ClipStore(tmp_path / "clips")
    scene = record_scene(app, "HHAA", Recorder(device="no such microphone"), store)
    pump(app, until=lambda: scene.phase == "typed", timeout=15)
    assert "No microphone" in scene.message
    shot(app, outdir, "typed")
    scene.focus_id("name1")
    app.dispatch(I.EditKey("backspace"))
    app.dispatch(I.TextInput("bette"))
    app.dispatch(I.Press("next"))
    assert scene.phase == "rule"
    assert scene.caller in (0, 1)
    assert not any(c.id == "record" for c in scene.controls)  # no microphone, no Record
    app.dispatch(I.Adjust("example", 1))
    shot(app, outdir, "rule_examples")
    app.dispatch(I.Press("use_example"))
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.names[:2] == ["Ann", "Bobette"]
    assert table.session.ruleset.house_rule
    assert table.session.house_rule_text == HOUSE_RULE_EXAMPLES[1]
    assert table.session.race_mode == "reaction"
    assert store.find(table.session.player_ids[0], ClipKind.NAME) is None
    voice = house_rule_voice(table.session)
    assert voice is not None and voice.spoken == (HOUSE_RULE_EXAMPLES[1], None)


def test_skipping_the_house_rule_plays_without_one(app: App, tmp_path: Path) -> None:
    scene = record_scene(app, "HA", Recorder(device="no such microphone"),
                         ClipStore(tmp_path / "clips"))
    pump(app, until=lambda: scene.phase == "typed", timeout=15)
    app.dispatch(I.Press("next"))
    app.dispatch(I.Press("skip"))
    table = app.top
    assert isinstance(table, TableScene)
    assert not table.session.ruleset.house_rule
    assert house_rule_voice(table.session) is None


@pytest.mark.audio
@pytest.mark.skipif(not VIRTUAL_AUDIO, reason=SKIP_REASON)
def test_a_fed_wav_becomes_the_players_name_clip(app: App, outdir: Path,
                                                 tmp_path: Path) -> None:
    va = VirtualAudio(os.environ["UNO_VA_SPEAKER_MONITOR"], os.environ["UNO_VA_FEED"],
                      os.environ["UNO_VA_MIC"])
    store = ClipStore(tmp_path / "clips")
    recorder = Recorder(device="pulse")
    scene = record_scene(app, "HHA", recorder, store)
    pump(app, until=lambda: scene.phase == "names", timeout=20)
    assert scene.player == 0
    shot(app, outdir, "names_listening")
    rate = recorder.rate
    wav = write_wav(tmp_path / "name.wav", chirp(rate, seconds=1.0, lead_s=0.2), rate)
    scene.force_held = True
    app.dispatch(I.Press("record"))
    assert scene.recording
    app.dispatch(I.Press("record"))  # a held key repeats: still recording
    assert scene.recording
    feeder = threading.Thread(target=va.feed_wav, args=(wav,))
    feeder.start()
    pump(app, until=lambda: recorder.elapsed > 0.6 and recorder.level > 0.2, timeout=20)
    shot(app, outdir, "names_recording")  # the level meter follows the microphone
    feeder.join(30)
    pump(app, 0.3)
    scene.force_held = False  # let go: the take ends
    pump(app, 0.1)
    assert not scene.recording
    take = scene.takes[0]
    assert 0.8 <= take.seconds <= 1.3, take.seconds
    shot(app, outdir, "names_recorded")
    app.dispatch(I.Press("next"))
    assert scene.player == 1
    app.dispatch(I.Press("next"))  # Bob keeps his typed name
    assert scene.phase == "rule"
    ids = [s.player_id for s in scene.seats]
    saved = store.find(ids[0], ClipKind.NAME)
    assert saved is not None and store.find(ids[1], ClipKind.NAME) is None
    cast = voice_cast(["Ann", "Bob", "Cid"], store, ids)
    assert cast[0].name_clip == saved and cast[1].name_clip is None
    shot(app, outdir, "rule")
    assert scene.caller == 0  # (seed 4) Roboto calls Ann for the house rule
    scene.force_held = True
    app.dispatch(I.Press("record"))
    assert scene.recording
    va.feed_wav(wav)
    pump(app, until=lambda: recorder.elapsed > 1.2, timeout=20)
    scene.force_held = False
    pump(app, 0.3)
    assert scene.rule_take is not None and not scene.rule_take.empty
    app.dispatch(I.Press("keep"))
    table = app.top
    assert isinstance(table, TableScene)
    rule = store.find(ids[0], ClipKind.HOUSE_RULE)
    assert rule is not None and table.session.house_rule_clip == rule
    assert table.session.ruleset.house_rule
    voice = house_rule_voice(table.session)
    assert voice is not None and voice.name_clip == rule


def test_new_game_with_people_opens_the_recording_screen(app: App, outdir: Path) -> None:
    from game.ui.scenes.setup import SetupScene

    started_app(app)
    app.dispatch(I.Press("new"))
    app.frame(0.016)
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.edition = "roboto"
    setup.relayout()
    app.dispatch(I.Press("start"))
    scene = app.top
    assert isinstance(scene, RobotoRecordScene)
    assert scene.humans == [0] and scene.race_mode == "family"
    pump(app, 0.1)
    shot(app, outdir, "recording_screen")
    app.dispatch(I.Back())  # back to the set-up, the microphone closing on its own thread
    assert app.top is setup


def test_without_a_microphone_a_house_rule_can_be_typed(app: App, outdir: Path,
                                                        tmp_path: Path) -> None:
    scene = record_scene(app, "HA", Recorder(device="no such microphone"),
                         ClipStore(tmp_path / "clips"))
    pump(app, until=lambda: scene.phase == "typed", timeout=15)
    app.dispatch(I.Press("next"))
    assert scene.phase == "rule"
    app.dispatch(I.Press("use_own"))  # nothing typed yet: told, nothing starts
    assert scene.phase == "rule" and scene.message
    assert scene.focused() is not None and scene.focused().id == "own_rule"  # type: ignore[union-attr]
    app.dispatch(I.TextInput("Say meow  when you play a 7"))
    shot(app, outdir, "typed_rule")
    app.dispatch(I.Activate())  # Enter in the field uses it
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.ruleset.house_rule
    assert table.session.house_rule_text == "Say meow when you play a 7"
    voice = house_rule_voice(table.session)
    assert voice is not None and voice.spoken == ("Say meow when you play a 7", None)
