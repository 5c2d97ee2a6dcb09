"""Roboto's own lines (issue 14): at least 15 distinct lines per moment in each language,
never the same line twice in a row, always a player's name (or nickname) spliced in; over
200 turns of real Roboto games every line renders in English and French and synthesizes."""

from __future__ import annotations

import itertools
import string

import pytest

from game import i18n
from game.bots import make_bot
from game.bots.driver import MatchRunner
from game.editions.roboto.voice import ROBOTO, ROBOTO_LINES, RobotoLines
from game.rules import events as ev
from game.rules.editions import new_game
from game.rules.ruleset import edition
from game.voice.clips import PlayerVoice
from game.voice.phrases import Narration, phrase_for
from game.voice.roboto_voice import ROBOTO as ROBOTO_VOICE
from game.voice.synth import SpeechRenderer
from game.voice.utterance import Phrase, Speech, render

MOMENTS = ("turn", "command", "race", "nickname", "near_win", "win")
CAST = {i: PlayerVoice(n) for i, n in enumerate(["Alice", "Bruno", "Chloé", "Dev"])}


def fields(msgid: str) -> set[str]:
    return {f for _l, f, _s, _c in string.Formatter().parse(msgid) if f}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_least_15_distinct_lines_per_moment_each_naming_a_player(lang: str) -> None:
    i18n.set_language(lang)
    try:
        for moment in MOMENTS:
            lines = ROBOTO_LINES[moment]
            texts = {i18n._(m) for m in lines}
            assert len(texts) >= 15, moment
            for msgid in lines:
                assert "player" in fields(msgid), msgid
                assert fields(i18n._(msgid)) == fields(msgid), msgid
                if lang == "fr":
                    assert i18n._(msgid) != msgid or msgid.startswith("{"), msgid
    finally:
        i18n.set_language("en")


def test_the_same_line_never_comes_twice_in_a_row() -> None:
    lines = RobotoLines(5)
    last = ""
    for k in range(600):
        phrase = lines.pick("turn", k % 4)  # the same moment over and over
        assert phrase.msgid != last
        last = phrase.msgid


def test_a_nicknamed_player_is_called_by_the_nickname() -> None:
    lines = RobotoLines(2)
    lines.nicknames = {1: "Rex"}
    assert "Rex" in render(lines.pick("turn", 1), CAST).caption
    said = render(lines.nickname(1, "Rex"), CAST).caption
    assert "Rex" in said and "Bruno" in said


def roboto_moments(turns: int) -> list[Phrase]:
    """Play Roboto games between bots (house rule on, chattiness high) for ``turns`` turns;
    Roboto's phrase for each of his moments, in order."""
    rs = edition("roboto").with_options(house_rule=True, chattiness="high")
    out: list[Phrase] = []
    seen = 0
    seed = 0
    ROBOTO.reset(7, {})
    while seen < turns:
        seed += 1
        game = new_game(rs, 4, seed)
        runner = MatchRunner(game, [make_bot("easy") for _ in range(4)], seed)
        while not game.over and seen < turns:
            for e in runner.step():
                if isinstance(e, ev.TurnStarted):
                    seen += 1
                voiced = phrase_for(e, Narration.ANNOUNCEMENTS) if ROBOTO.moment(e) in (
                    "turn", "command", "race") else ROBOTO.for_event(e)
                if ROBOTO.moment(e) and voiced is not None:
                    out.append(voiced)
    return out


def line_ids(phrase: Phrase) -> list[str]:
    """The msgids of Roboto's own lines in ``phrase`` (a command nests its opener)."""
    ids = [phrase.msgid]
    ids += [v.msgid for _k, v in phrase.params if isinstance(v, Phrase)]
    return [m for m in ids if any(m in pool for pool in ROBOTO_LINES.values())]


def test_200_turns_no_line_twice_in_a_row_every_line_renders_and_synthesizes(
        renderer: SpeechRenderer) -> None:
    phrases = roboto_moments(200)
    said = [m for p in phrases for m in line_ids(p)]
    kinds = {ROBOTO_LINES_KIND[m] for m in said}
    assert {"turn", "command", "race"} <= kinds, kinds  # a chatty game has all of these
    assert len(said) >= 60  # he speaks after each interruption, a race, UNO and a win
    assert all(a != b for a, b in itertools.pairwise(said))  # never back-to-back
    rendered = 0
    for lang in ("en", "fr"):
        i18n.set_language(lang)
        try:
            for phrase in phrases:
                u = render(phrase, CAST)
                assert u.caption and "{" not in u.caption
                assert any(n in u.caption for n in ("Alice", "Bruno", "Chloé", "Dev"))
                rendered += 1
        finally:
            i18n.set_language("en")
    assert rendered == 2 * len(phrases)
    # every distinct line once, in both languages, through the real speech engine
    for lang in ("en", "fr"):
        i18n.set_language(lang)
        try:
            for msgid in sorted(set(said)):
                text = i18n._(msgid).format(player="Alice", nickname="Rex")
                out = renderer.render([Speech(text, ROBOTO_VOICE)], lang, 22050, 1)
                assert out.frames > 2205, text  # more than a tenth of a second of speech
        finally:
            i18n.set_language("en")


ROBOTO_LINES_KIND = {m: k for k, pool in ROBOTO_LINES.items() for m in pool}


def test_roboto_speaks_in_his_own_robotic_voice_not_the_narrator_s(
        renderer: SpeechRenderer) -> None:
    import numpy as np

    lines = RobotoLines(3)
    u = render(lines.pick("turn", 0), CAST)
    assert all(s.voice == ROBOTO_VOICE for s in u.segments if isinstance(s, Speech))
    narrator = render(phrase_for(ev.UnoCalled(0), Narration.ANNOUNCEMENTS), CAST)
    assert all(s.voice == "" for s in narrator.segments if isinstance(s, Speech))
    text = "Beep boop, Alice, it is your turn!"
    plain = renderer.render([Speech(text)], "en", 22050, 1)
    robot = renderer.render([Speech(text, ROBOTO_VOICE)], "en", 22050, 1)
    # quicker and higher (resampled by 1.12), and buzzing: not the narrator's audio
    assert 0.8 < robot.frames / plain.frames < 0.95
    a = np.frombuffer(plain.pcm, np.int16).astype(np.float32)
    b = np.frombuffer(robot.pcm, np.int16).astype(np.float32)

    def buzz(x: np.ndarray) -> float:
        """How strongly the loudness throbs at the ring modulator's 48 Hz."""
        env = np.abs(x)
        spec = np.abs(np.fft.rfft(env - env.mean()))
        hz = np.fft.rfftfreq(len(env), 1 / 22050)
        return float(spec[(hz > 46) & (hz < 50)].mean() / spec[(hz > 20) & (hz < 200)].mean())

    assert buzz(b) > 2 * buzz(a)
    # both kept for a listen: test-output/roboto_voice/{narrator,roboto}.wav
    import wave
    from pathlib import Path

    out = Path(__file__).resolve().parents[2] / "test-output" / "roboto_voice"
    out.mkdir(parents=True, exist_ok=True)
    for name, r in (("narrator", plain), ("roboto", robot)):
        with wave.open(str(out / f"{name}.wav"), "wb") as w:
            w.setnchannels(r.channels)
            w.setsampwidth(2)
            w.setframerate(r.rate)
            w.writeframes(r.pcm)
    assert np.abs(b).max() > 3000  # still clearly audible
