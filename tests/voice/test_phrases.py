"""Every engine event a player should hear has a phrase, in both languages, with its parameters;
players are named by their own recording when there is one."""

from __future__ import annotations

import typing
from pathlib import Path

import numpy as np
import pytest
import soundfile

from game.editions.roboto.voice import discard_colour_command
from game.rules import events as ev
from game.rules.cards import Card, Colour, Rank, card
from game.voice.card_names import card_phrase
from game.voice.clips import PlayerVoice
from game.voice.phrases import VOICINGS, Narration, phrase_for
from game.voice.utterance import Clip, Pause, Phrase, Priority, Speech, render

NBSP = "\u00a0"

#: One instance of every engine event (a new event class must be added here, and voiced).
SAMPLES: list[object] = [
    ev.MatchStarted(4, "official"),
    ev.DealerChosen(1, ()),
    ev.HandStarted(2, 1, (0, 1, 2, 3)),
    ev.FirstCard(Card.parse("R5")),
    ev.TurnStarted(2),
    ev.CardPlayed(0, Card.parse("G+2")),
    ev.ColourChosen(0, Colour.BLUE),
    ev.CardsDrawn(1, (), "uno_penalty", 2),
    ev.TurnSkipped(1),
    ev.DirectionChanged(False),
    ev.ChallengeResolved(1, 0, True, ()),
    ev.DrawnCardKept(3),
    ev.UnoCalled(2),
    ev.UnoCaught(0, 2),
    ev.CatchMissed(0, 2),
    ev.Reshuffled(30),
    ev.HandEnded(0, 57, (57, 0, 0, 0)),
    ev.PlayerEliminated(3),
    ev.MatchEnded((0, 2)),
    ev.CardsDiscarded(0, (Card.parse("R5"), Card.parse("R7")), "discard_all"),
    ev.PlayerPicked(0, 1),
    ev.LauncherPressed(1, (), 3, 0, "turn"),
    ev.CustomEffect(0, "skip_everyone"),
    ev.HandsSwapped(0, 3),
    ev.HandsPassed(True),
    ev.Stacked(1, 4),
    ev.JumpedIn(2, Card.parse("G7")),
    ev.TraysLit(1, (0, 2)),
    ev.TrayPressed(1, 2, "green", 3),
    ev.PenaltyShared(0, ((1, 2), (2, 1))),
    ev.TimeRanOut(2),
    ev.FirstPlayerChosen(3),
    ev.RobotoInterrupts("duel", (0, 1)),
    ev.RaceEnded((1, 0), 0),
    ev.RobotoNames(2),
]
CAST = {i: PlayerVoice(name) for i, name in enumerate(["Alice", "Bob", "Chloé", "Dev"])}


def voiced(event: object, narration: Narration = Narration.FULL) -> Phrase:
    phrase = phrase_for(event, narration)
    assert phrase is not None, event
    return phrase


def caption(phrase: Phrase | None, cast: dict[int, PlayerVoice] = CAST) -> str:
    assert phrase is not None
    return render(phrase, cast).caption


def test_every_engine_event_is_voiced() -> None:
    engine_events = {cls.__name__ for cls in typing.get_args(ev.Event)}
    assert engine_events <= set(VOICINGS), engine_events - set(VOICINGS)
    assert {type(e).__name__ for e in SAMPLES} == engine_events


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_phrase_renders_in_both_languages(event: object, lang: str,
                                                french: None) -> None:
    from game import i18n

    i18n.set_language(lang)
    text = caption(phrase_for(event, Narration.FULL))
    assert text and "{" not in text and "}" not in text


def test_narration_settings() -> None:
    played, uno = ev.CardPlayed(0, Card.parse("R5")), ev.UnoCalled(0)
    assert phrase_for(uno, Narration.OFF) is None
    assert phrase_for(played, Narration.ANNOUNCEMENTS) is None
    assert phrase_for(uno, Narration.ANNOUNCEMENTS) is not None
    assert phrase_for(played, Narration.FULL) is not None
    assert phrase_for(object(), Narration.FULL) is None  # not an event anybody voices


def test_one_event_class_may_be_play_by_play_or_an_announcement() -> None:
    """A tray's light is play-by-play; its overload is for everybody."""
    light = ev.TrayPressed(0, 1, "yellow", 0)
    overload = ev.TrayPressed(0, 1, "green", 3)
    assert phrase_for(light, Narration.ANNOUNCEMENTS) is None
    assert phrase_for(light, Narration.FULL) is not None
    assert caption(phrase_for(overload, Narration.ANNOUNCEMENTS)) == "Overload on tray 2!"
    assert phrase_for(ev.TrayPressed(0, 1, "green", 0), Narration.FULL) is None


def test_uno_cuts_in_and_play_by_play_may_wait() -> None:
    assert voiced(ev.UnoCalled(1)).priority is Priority.URGENT
    assert voiced(ev.UnoCaught(0, 1)).priority is Priority.URGENT
    assert voiced(ev.TurnStarted(1)).priority is Priority.NARRATION
    assert voiced(ev.MatchEnded((1,))).priority is Priority.ANNOUNCEMENT


def test_english_sentences() -> None:
    assert caption(phrase_for(ev.CardPlayed(0, Card.parse("R+2")), Narration.FULL)) == \
        "Alice plays a red Draw Two."
    assert caption(phrase_for(ev.CardsDrawn(1, (), "turn", 1), Narration.FULL)) == \
        "Bob draws 1 card."
    assert caption(phrase_for(ev.MatchEnded((0, 1, 3)), Narration.FULL)) == \
        "Alice, Bob and Dev share the win!"


def test_french_sentences(french: None) -> None:
    assert caption(phrase_for(ev.CardPlayed(0, Card.parse("R+2")), Narration.FULL)) == \
        "Alice joue un +2 rouge."
    assert caption(phrase_for(ev.CardPlayed(1, Card.parse("GR")), Narration.FULL)) == \
        "Bob joue une Inversion verte."
    assert caption(phrase_for(ev.CardPlayed(1, Card.parse("W+4")), Narration.FULL)) == \
        "Bob joue un +4 Joker."
    assert caption(phrase_for(ev.ColourChosen(2, Colour.YELLOW), Narration.FULL)) == \
        "Chloé choisit le jaune."
    assert caption(phrase_for(ev.UnoCaught(3, 0), Narration.FULL)) == \
        f"Contre-UNO{NBSP}! Dev prend Alice en défaut."
    assert caption(phrase_for(ev.MatchEnded((0, 1, 3)), Narration.FULL)) == \
        f"Alice, Bob et Dev se partagent la victoire{NBSP}!"


def test_french_plurals(french: None) -> None:
    one = ev.HandEnded(0, 1, (1, 0))
    many = ev.HandEnded(0, 57, (57, 0))
    assert caption(phrase_for(one, Narration.FULL)).endswith("marque 1 point.")
    assert caption(phrase_for(many, Narration.FULL)).endswith("marque 57 points.")
    assert caption(phrase_for(ev.CardsDrawn(1, (), "challenge_innocent", 6), Narration.FULL)) \
        == f"Contestation ratée{NBSP}! Bob pioche 6 cartes."
    assert caption(phrase_for(ev.CardsDrawn(1, (), "turn", 0), Narration.FULL)) == \
        f"Bob ne peut pas piocher{NBSP}: la pioche est vide."


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_card_of_every_edition_has_a_name(lang: str, french: None) -> None:
    from game import i18n

    i18n.set_language(lang)
    names = set()
    for rank in Rank:
        for colour in (None, *Colour):
            try:
                c = card(colour, rank)
            except ValueError:
                continue
            text = render(card_phrase(c), {}).caption
            assert text and "{" not in text
            names.add(text)
    assert len(names) == 4 * 16 + 8  # 10 numbers and 6 coloured actions per colour, 8 wilds


def test_roboto_s_lines(french: None) -> None:
    """His commands open with one of his lines naming the first player, then the command
    itself; his turns are one of his turn lines (issue 14: varied, names spliced in)."""
    from game.editions.roboto.voice import ROBOTO, ROBOTO_LINES
    from game.i18n import _

    ROBOTO.reset(1, {})

    def opened(text: str, command: str, moment: str, name: str) -> bool:
        openers = {_(m).format(player=name) for m in ROBOTO_LINES[moment]}
        return text.endswith(command) and text[:-len(command)].strip() in openers

    duel = caption(phrase_for(ev.RobotoInterrupts("duel", (0, 1)), Narration.ANNOUNCEMENTS))
    assert opened(duel, f"Duel{NBSP}! Alice contre Bob{NBSP}!", "command", "Alice")
    green = caption(phrase_for(ev.RobotoInterrupts("discard_colour", (2,), Colour.GREEN),
                               Narration.ANNOUNCEMENTS))
    assert opened(green, f"Chloé, défausse toutes tes cartes vertes{NBSP}!", "command",
                  "Chloé")
    turn = caption(phrase_for(ev.RobotoNames(3), Narration.ANNOUNCEMENTS))
    assert turn in {_(m).format(player="Dev") for m in ROBOTO_LINES["turn"]}
    assert "Dev" in turn and "{" not in turn
    assert caption(phrase_for(ev.TraysLit(0, (0, 2)), Narration.FULL)) == \
        f"Plateaux ouverts{NBSP}: 1 et 3."


def test_unknown_seat_is_named_by_number(french: None) -> None:
    assert caption(phrase_for(ev.TurnSkipped(2), Narration.FULL), {}) == \
        "Joueur 3 passe son tour."


def test_written_uno_is_spoken_as_a_word() -> None:
    utterance = render(voiced(ev.UnoCalled(0)), CAST)
    assert utterance.caption == "Alice: UNO!"
    assert utterance.segments == (Speech("Alice: Uno!"),)


@pytest.fixture
def clips(tmp_path: Path) -> dict[int, PlayerVoice]:
    cast = {}
    for seat, name in enumerate(["Alice", "Bob", "Chloé"]):
        path = tmp_path / f"{name}.wav"
        soundfile.write(str(path), np.zeros(800, np.float32), 16000)
        cast[seat] = PlayerVoice(name, path)
    return cast


def test_a_recorded_name_is_spliced_into_roboto_s_command(clips: dict[int, PlayerVoice],
                                                         french: None) -> None:
    utterance = render(discard_colour_command(0, Colour.RED), clips)
    assert utterance.caption == f"Alice, défausse toutes tes cartes rouges{NBSP}!"
    assert clips[0].name_clip is not None
    assert utterance.segments == (Clip(clips[0].name_clip, "Alice"),
                                  Speech(f", défausse toutes tes cartes rouges{NBSP}!"))
    assert utterance.language == "fr"


def test_a_list_of_recorded_names(clips: dict[int, PlayerVoice]) -> None:
    utterance = render(voiced(ev.MatchEnded((0, 1, 2))), clips)
    kinds = [type(s) for s in utterance.segments]
    assert kinds == [Clip, Pause, Clip, Speech, Clip, Speech]
    assert utterance.segments[3] == Speech("and")


def test_R9_the_house_rule_is_played_in_its_recorder_s_voice(clips: dict[int, PlayerVoice],
                                                             tmp_path: Path) -> None:
    rule = PlayerVoice("Everyone does the chicken dance", tmp_path / "Alice.wav")
    phrase = voiced(ev.RobotoInterrupts("house_rule", ()), Narration.ANNOUNCEMENTS)
    utterance = render(phrase, clips, house_rule=rule)
    assert utterance.caption == "House rule! Everyone does the chicken dance"
    # Roboto says it in his own voice (game.voice.roboto_voice); the recording is played as is
    assert utterance.segments == (Speech("House rule!", "roboto"),
                                  Clip(tmp_path / "Alice.wav", "Everyone does the chicken dance"))


def test_a_missing_recording_falls_back_to_the_typed_name(tmp_path: Path) -> None:
    cast = {0: PlayerVoice("Alice", tmp_path / "gone.wav")}
    utterance = render(voiced(ev.TurnStarted(0)), cast)
    assert utterance.segments == (Speech("Alice, your turn."),)


def test_the_player_at_the_screen_hears_the_card_they_drew(french: None) -> None:
    """Issue 34, the eyes-closed check: a draw shown to the player at the screen names the
    card (they play it or keep it by ear); a draw they may not see says only how many."""
    from game import i18n

    seen = ev.CardsDrawn(0, (Card.parse("Y1"),), "turn", 1)
    assert caption(phrase_for(seen, Narration.FULL)) == "Alice pioche un 1 jaune."
    i18n.set_language("en")
    assert caption(phrase_for(seen, Narration.FULL)) == "Alice draws a yellow 1."
    hidden = ev.CardsDrawn(0, (), "turn", 1)
    assert caption(phrase_for(hidden, Narration.FULL)) == "Alice draws 1 card."
    penalty = ev.CardsDrawn(0, (Card.parse("Y1"),), "uno_penalty", 1)
    assert caption(phrase_for(penalty, Narration.FULL)) == "UNO forgotten! Alice draws 1 card."
