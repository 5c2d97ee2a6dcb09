"""Issue 16 item 3: the voice announces tonight's house rules at the start of the match —
"House rules tonight: stacking and Seven-O." / « Règles maison ce soir : … » — through the
same phrase book (speaker) and log (caption) as the match's other opening lines."""

from __future__ import annotations

import pytest

from game import i18n
from game.play.session import Session
from game.rules.editions import new_game
from game.rules.events import MatchStarted
from game.rules.ruleset import Ruleset, edition
from game.setup.house_rules import HouseRulesTonight, house_rules, tonight
from game.store.saves import SeatInfo
from game.voice.narrate import Narrator
from game.voice.phrases import Narration, phrase_for
from game.voice.utterance import render

NBSP = "\u00a0"


def with_rules(name: str, *ids: str) -> Ruleset:
    rs = edition(name)
    for f in house_rules():
        rs = f.turned(rs, f.id in ids)
    return rs


def session(rs: Ruleset) -> Session:
    seats = [SeatInfo(n, i == 0, "heuristic") for i, n in enumerate(["Ann", "Bob", "Cid"])]
    return Session(new_game(rs, 3, 5), seats)


@pytest.fixture(autouse=True)
def english() -> object:
    i18n.set_language("en")
    yield None
    i18n.set_language("en")


def opening_line(rs: Ruleset, lang: str) -> tuple[str, str]:
    """(what the voice says, what the log writes) for the house rules' opening line."""
    i18n.set_language(lang)
    events = session(rs).opening_events()
    lines = [e for e in events if isinstance(e, HouseRulesTonight)]
    assert len(lines) == 1
    assert isinstance(events[events.index(lines[0]) - 1], MatchStarted)  # right after it
    phrase = phrase_for(lines[0], Narration.ANNOUNCEMENTS)  # heard even without play-by-play
    assert phrase is not None
    spoken = render(phrase, {}).caption
    written = Narrator(["Ann", "Bob", "Cid"]).lines([lines[0]])
    assert len(written) == 1
    return spoken, written[0]


def test_H1_H2_the_house_rules_are_announced_in_english() -> None:
    spoken, written = opening_line(with_rules("official", "stacking", "seven_o"), "en")
    assert spoken == written == "House rules tonight: stacking and Seven-O."


def test_every_rule_on_is_named_in_clause_order() -> None:
    ids = [f.id for f in house_rules()]
    spoken, _written = opening_line(with_rules("sonic", *ids), "en")
    assert spoken == ("House rules tonight: stacking, Seven-O, jump-in, draw to match, forced "
                      "play, no bluffing and a four-card UNO penalty.")


def test_H1_H2_the_house_rules_are_announced_in_french() -> None:
    i18n.set_language("fr")
    if i18n._("House rules") == "House rules":
        pytest.skip("the French catalogue is not compiled (pybabel compile -d locale -D uno)")
    spoken, written = opening_line(with_rules("official", "stacking", "seven_o"), "fr")
    assert spoken == written == f"Règles maison ce soir{NBSP}: cumul et Sept-Zéro."


def test_only_the_rules_that_fit_the_edition_are_announced() -> None:
    spoken, _written = opening_line(with_rules("triple", "stacking", "jump_in"), "en")
    assert spoken == "House rules tonight: jump-in."


def test_without_house_rules_nothing_is_announced() -> None:
    assert tonight(edition("official")) is None
    events = session(edition("official")).opening_events()
    assert not any(isinstance(e, HouseRulesTonight) for e in events)
