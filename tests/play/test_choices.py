"""The choice description (game.play.choices): what a seat may do, described once.

Over simulated games of every edition with every house rule that fits it, at every decision
and for every seat, the options of the seat's description are its legal actions one to one;
it serialises to JSON; it carries nothing the seat may not see; a choice applied by its ids
gives the engine's action, a stale or unknown one is refused naming the clause and changes
nothing, and the same choice sent twice is applied once.
"""

from __future__ import annotations

import gettext
import itertools
import json
import random
import re
from collections.abc import Iterator

import pytest

import game.play  # noqa: F401  (the editions' choices)
from game.play.choices import PARAM_TYPES, WIDGETS, Choices, describe
from game.play.labels import Labels
from game.play.session import Session
from game.rules.actions import action_text
from game.rules.cards import Card
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.errors import IllegalAction
from game.rules.house import HOUSE_RULES
from game.rules.ruleset import EDITIONS, Ruleset, edition
from game.rules.view import view
from game.store.saves import SeatInfo
from tests.editions.helpers import build

CARD_TEXT = re.compile(r"^W|^[RYGB]")
#: Options in words, as a person reads them (English, seats by number).
WORDS = Labels((), gettext.NullTranslations())


def rulesets() -> Iterator[Ruleset]:
    """Every edition alone, with each house rule that fits it, and with all that fit."""
    for name in EDITIONS:
        rs = edition(name)
        yield rs
        fitting = [h for h, rule in HOUSE_RULES.items() if rule.fits(name)]
        for h in fitting:
            yield rs.with_options(house=h)
        if len(fitting) > 1:
            yield rs.with_options(house="+".join(fitting))


def _label(rs: Ruleset) -> str:
    return f"{rs.edition}{'+' + rs.house if rs.house else ''}"


def _check_seat(game: Game, seat: int, version: int) -> Choices:
    v = view(game, seat, with_events=False)
    described = describe(v, version)
    legal = game.legal_actions(seat)
    got = described.all_actions()
    assert sorted(map(action_text, got)) == sorted(map(action_text, legal)), (
        f"seat {seat} at {game.decision}: description {sorted(map(action_text, got))} "
        f"vs legal {sorted(map(action_text, legal))}")
    assert len(got) == len(set(got)) == len(legal)
    for choice in described.choices:
        assert choice.options, choice
        assert re.fullmatch(r"[A-Z]-\d+", choice.clause), choice.clause
        # a person (a phone) tells every two options apart by their words
        words = [WORDS.option(o) for o in choice.options]
        assert len(set(words)) == len(words), (choice.id, words)
        for option in choice.options:
            assert option.widget in WIDGETS
            assert set(option.params) <= set(PARAM_TYPES) | {"text"}
            assert described.action(choice.id, option.id) is not None
    return described


def _visible_cards(game: Game, seat: int) -> set[str]:
    """Card texts the seat may know of: its own hand, every discard pile, the drawn card."""
    seen = {str(c) for c in game.hands[seat]}
    for pile in game.piles:
        seen |= {str(c) for c in pile}
    seen |= {str(c) for c in game.discard}
    return seen


def _cards_in(payload: object) -> set[str]:
    found: set[str] = set()
    if isinstance(payload, dict):
        for k, v in payload.items():
            if k == "card" and isinstance(v, str):
                found.add(v)
            else:
                found |= _cards_in(v)
    elif isinstance(payload, list):
        for v in payload:
            found |= _cards_in(v)
    return found


@pytest.mark.parametrize("rs", list(rulesets()), ids=_label)
def test_every_seat_s_description_is_its_legal_actions_one_to_one(rs: Ruleset) -> None:
    """At every decision of several games, for every seat (the one to act and the others,
    who may call UNO, catch or jump in), the description's options are exactly that seat's
    legal actions; each serialises to JSON and names only cards the seat may see."""
    players = 4 if rs.edition != "triple" else 3
    shared_seen = False
    for seed in range(3):
        game = new_game(rs, players, seed)
        rng = random.Random(seed)
        for step in itertools.count():
            if game.over or step > 1500:
                break
            open_seats = 0
            for seat in range(players):
                described = _check_seat(game, seat, step)
                payload = json.loads(json.dumps(described.to_json()))
                assert payload["version"] == step and payload["seat"] == seat
                assert _cards_in(payload) <= _visible_cards(game, seat)
                if described.choices:
                    open_seats += 1
            shared_seen |= open_seats > 1
            game.apply(rng.choice(game.legal_actions()))
    assert shared_seen, "no moment where several seats could act at once was described"


def _session(rs: Ruleset, seed: int = 3) -> Session:
    seats = [SeatInfo(f"P{i}", human=True) for i in range(3)]
    return Session(new_game(rs, 3, seed), seats)


def test_a_choice_applied_by_its_ids_is_the_engine_s_action() -> None:
    s = _session(edition("official"))
    me = s.to_act
    described = s.choices(me)
    turn = described.choices[0]
    assert turn.id == "turn" and turn.kind == "turn" and turn.clause == "C-5"
    option = turn.options[-1]
    expected = described.action(turn.id, option.id)
    before = s.version
    chosen = s.choose(me, described.version, turn.id, option.id)
    assert chosen.action == expected and not chosen.repeated
    assert s.version == before + 1
    assert chosen.events


def test_the_same_choice_sent_twice_is_applied_once() -> None:
    s = _session(edition("official"))
    me = s.to_act
    described = s.choices(me)
    first = s.choose(me, described.version, "turn", "draw")
    text_after = [action_text(a) for a in s.game.actions]
    again = s.choose(me, described.version, "turn", "draw")
    assert again.repeated and again.events == first.events and again.action == first.action
    assert [action_text(a) for a in s.game.actions] == text_after


def test_a_stale_choice_is_refused_naming_the_clause_and_changes_nothing() -> None:
    s = _session(edition("official"))
    me = s.to_act
    old = s.choices(me)
    s.choose(me, old.version, "turn", "draw")
    while s.to_act == me and not s.over:  # keep the drawn card, if asked
        now = s.choices(me)
        s.choose(me, now.version, now.choices[0].id, now.choices[0].options[-1].id)
    actions = list(s.game.actions)
    with pytest.raises(IllegalAction) as refused:
        s.choose(me, old.version, "turn", old.choices[0].options[0].id + "-other")
    assert refused.value.clause == "C-3"  # the turn it was made for has passed
    assert "state" in refused.value.message
    assert list(s.game.actions) == actions


def test_an_unknown_choice_is_refused_naming_the_clause_and_changes_nothing() -> None:
    s = _session(edition("official"))
    me = s.to_act
    described = s.choices(me)
    actions = list(s.game.actions)
    with pytest.raises(IllegalAction) as refused:
        s.choose(me, described.version, "turn", "play:XX")
    assert refused.value.clause == "C-5"
    other = next(p for p in range(3) if p != me)
    with pytest.raises(IllegalAction) as not_yours:
        s.choose(other, described.version, "turn", "draw")
    assert not_yours.value.clause == "C-3"
    assert list(s.game.actions) == actions


def test_a_wild_s_colour_is_one_colour_choice_of_four_options() -> None:
    rs = edition("official")
    for seed in range(200):
        game = new_game(rs, 2, seed)
        rng = random.Random(seed)
        while not game.over:
            if game.decision.value == "colour":
                d = describe(view(game, game.to_act, with_events=False), 0)
                colour = d.choices[0]
                assert colour.kind == "colour" and colour.clause == "C-6"
                assert [o.id for o in colour.options] == [
                    "colour:R", "colour:Y", "colour:G", "colour:B"]
                assert {o.widget for o in colour.options} == {"colour"}
                return
            game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no Wild was played in 200 games")


def test_T4_a_card_fitting_two_trays_gives_two_plays_that_name_their_tray() -> None:
    """Triple Play: a green 9 playable on trays 1 and 3 gives two options whose words tell
    them apart; every play names its tray, the first tray included. The options' ids are
    the ones they always were."""
    game = build("triple", ["G9 R1 R2", "G1 G2", "Y1 Y2"], ["B9", "G5", "G1"], lit=(0, 2))
    turn = describe(view(game, 0, with_events=False), 0).choices[0]
    plays = sorted((o for o in turn.options if o.params.get("card") == "G9"),
                   key=lambda o: o.id)
    assert [o.id for o in plays] == ["play:G9", "play:G9@2"]
    assert [dict(o.params) for o in plays] == [{"card": "G9", "tray": 0},
                                               {"card": "G9", "tray": 2}]
    labels = Labels(("Ann", "Bob", "Cid"), gettext.NullTranslations())
    assert [labels.option(o) for o in plays] == ["Play a green 9 on tray 1",
                                                 "Play a green 9 on tray 3"]
    assert all(isinstance(o.params.get("tray"), int)
               for o in turn.options if o.id.startswith("play:"))


def test_a_play_on_the_one_discard_pile_names_no_tray() -> None:
    s = _session(edition("official"))
    plays = [o for o in s.choices(s.to_act).choices[0].options if o.id.startswith("play:")]
    assert plays
    assert all(o.label == "Play {card}" and set(o.params) == {"card"} for o in plays)


def test_the_json_form_has_a_schema_version_and_plain_values() -> None:
    s = _session(edition("triple"))
    text = json.dumps(s.choices(s.to_act).to_json(), sort_keys=True)
    payload = json.loads(text)
    assert payload["schema"] == 1
    assert set(payload) == {"schema", "version", "seat", "choices"}
    for c in payload["choices"]:
        assert set(c) == {"id", "kind", "label", "params", "clause", "deadline", "shared",
                          "hand", "options"}
        for o in c["options"]:
            assert set(o) == {"id", "widget", "label", "params"}


def test_a_deadline_given_by_the_clock_is_carried_by_its_choice() -> None:
    s = _session(edition("official"))
    d = s.choices(s.to_act, deadlines={"turn": 6.5})
    assert d.choices[0].deadline == 6.5
    assert d.to_json()["choices"][0]["deadline"] == 6.5


def test_card_parameters_round_trip_to_cards() -> None:
    from game.play.choices import card_of

    s = _session(edition("official"))
    d = s.choices(s.to_act)
    for o in d.choices[0].options:
        if "card" in o.params:
            assert isinstance(card_of(str(o.params["card"])), Card)


def test_the_turn_is_answered_from_the_hand_and_its_choice_is_the_main_one() -> None:
    s = _session(edition("official"))
    me = s.to_act
    d = s.choices(me)
    main = d.main()
    assert main is not None and main.id == "turn" and main.hand
    other = next(p for p in range(3) if p != me)
    assert s.choices(other).main() is None  # out of turn: nothing owed


def _triple_timed(seed: int = 3) -> Session:
    rs = edition("triple").with_options(timer=True, timer_seconds=5)
    return _session(rs, seed)


def test_T12_the_turn_timer_is_a_clock_on_the_seat_s_decision() -> None:
    from game.play.choices import clock

    s = _triple_timed()
    me = s.to_act
    assert clock(s.view(me)) == ("turn", 5.0)
    other = next(p for p in range(3) if p != me)
    assert clock(s.view(other)) is None  # only the seat to act is timed
    assert clock(_session(edition("triple")).view(me)) is None  # no timer mode, no clock


def test_T12_a_clock_that_runs_out_gives_the_clock_s_action_once_and_a_stale_one_is_refused(
        ) -> None:
    from game.play.choices import expire

    s = _triple_timed()
    me = s.to_act
    d = s.choices(me)
    action = expire(d, d.version, "turn")
    assert action_text(action).endswith("timeup")
    s.act(action)
    actions = list(s.game.actions)
    with pytest.raises(IllegalAction) as stale:
        expire(s.choices(me), d.version, "turn")
    assert "state" in stale.value.message
    with pytest.raises(IllegalAction):
        expire(s.choices(me), s.version, "colour")  # no clock runs there
    assert list(s.game.actions) == actions


def test_A6_the_launcher_s_pick_is_labelled_by_what_it_is_for() -> None:
    from game.rules.units import LauncherView

    rs = edition("attack")
    for seed in range(300):
        game = new_game(rs, 3, seed)
        rng = random.Random(seed)
        while not game.over:
            if game.decision.value == "pick_player":
                v = view(game, game.to_act, with_events=False)
                main = describe(v, 0).main()
                assert main is not None and main.kind == "pick_player"
                assert isinstance(v.unit, LauncherView)
                expected = {"attack": "Wild Attack-Attack: who gets two presses?",
                            "first_attack": "Wild Attack-Attack: who gets two presses?",
                            "swap_hands": "Swap hands with whom?"}.get(
                    v.unit.picking, "Who presses the launcher twice?")
                assert main.label == expected
                assert {o.widget for o in main.options} == {"player"}
                return
            game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no player was picked in 300 games")
