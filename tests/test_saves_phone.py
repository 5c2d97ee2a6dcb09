"""Issue 33 item 7: a save records which seats play from a phone, and never a phone's
secret; a save written before phones reads as before (no seat on a phone)."""

from __future__ import annotations

import json

import pytest

from game.store.saves import SavedMatch, SaveError, SeatInfo, seats_from_json


def test_a_phone_seat_round_trips_and_a_seat_without_one_writes_no_field() -> None:
    seats = (SeatInfo("Zoé", True, "medium", phone=True), SeatInfo("Ana", True, "medium"),
             SeatInfo("Bob", False, "easy"))
    data = [s.to_json() for s in seats]
    assert data[0]["phone"] is True
    assert "phone" not in data[1] and "phone" not in data[2]
    assert seats_from_json(json.loads(json.dumps(data))) == seats


def test_a_save_from_before_phones_has_no_phone_seat() -> None:
    old = [{"name": "Zoé", "human": True, "level": "medium"},
           {"name": "Bob", "human": False, "level": "easy"}]
    assert [s.phone for s in seats_from_json(old)] == [False, False]


@pytest.mark.parametrize("bad", ["yes", 1, None, [True]])
def test_a_phone_field_that_is_not_true_or_false_is_refused(bad: object) -> None:
    with pytest.raises(SaveError, match="phone"):
        seats_from_json([{"name": "Zoé", "human": True, "level": "medium", "phone": bad}])


def test_an_ai_seat_cannot_be_on_a_phone() -> None:
    with pytest.raises(SaveError, match="phone"):
        seats_from_json([{"name": "Bob", "human": False, "level": "easy", "phone": True}])
    with pytest.raises(ValueError, match="phone"):
        SeatInfo("Bob", False, "easy", phone=True)


def test_a_saved_match_with_phones_holds_no_secret_or_link() -> None:
    from game.phone.access import Keys
    from game.rules.editions import new_game
    from game.rules.ruleset import edition

    keys = Keys()
    key = keys.open(0)
    game = new_game(edition("official"), 2, 3)
    match = SavedMatch.of(game, [SeatInfo("Zoé", True, phone=True), SeatInfo("Bob", False)])
    text = json.dumps(match.to_json())
    assert key.secret not in text and key.code not in text and "http" not in text
    assert SavedMatch.from_json(json.loads(text)).seats[0].phone
