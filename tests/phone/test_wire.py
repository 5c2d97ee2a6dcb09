"""The phone wire (issue 33, "The wire"): what a page may send is parsed strictly, and what
the server sends is held to an allowlist of shapes and to the cards the seat may see —
checked over played games of every edition with every house rule that fits, for every seat,
in both languages."""

from __future__ import annotations

import copy
import itertools
import json
import random
from typing import Any

import pytest

import game.play  # noqa: F401  (the editions' choices)
from game import i18n
from game.phone import wire
from game.phone.labels import Caption, labels_for
from game.phone.state import render_state, seat_state
from game.phone.wire import LeakError, WireError, check_outgoing, parse_inbound
from game.play.session import Session
from game.rules import events as E
from game.rules.editions import new_game
from game.rules.ruleset import Ruleset, edition
from game.store.saves import SeatInfo
from tests.play.test_choices import _label, rulesets


def msg(**fields: Any) -> str:
    return json.dumps({"v": wire.PROTOCOL, **fields})


# ---------------------------------------------------------------------------- inbound
def test_each_inbound_message_is_read_with_exactly_its_fields() -> None:
    secret, device = "s" * 32, "0123456789abcdef" * 2
    assert parse_inbound(msg(type="hello", secret=secret, device=device, lang="fr")) == \
        wire.Hello(secret, device, "fr")
    assert parse_inbound(msg(type="join", code="k7p-2qx", device=device, lang="en")) == \
        wire.Join("k7p-2qx", device, "en")
    assert parse_inbound(msg(type="choose", seq=3, version=12, choice="turn",
                             option="play:W+4")) == wire.Choose(3, 12, "turn", "play:W+4")
    assert parse_inbound(msg(type="name", name="Zoé")) == wire.SetName("Zoé")
    assert parse_inbound(msg(type="face", face="owl")) == wire.SetFace("owl")
    assert parse_inbound(msg(type="lang", lang="en")) == wire.SetLanguage("en")


@pytest.mark.parametrize(("text", "code"), [
    ("", "bad_json"), ("{", "bad_json"), ("nul", "bad_json"), ("[]", "bad_message"),
    ("3", "bad_message"), ('{"type": "name", "name": "x"}', "protocol"),
    (msg(type="nope"), "unknown_type"), (msg(type=None), "unknown_type"),
    (msg(type="name", name="x", extra=1), "bad_message"),
    (msg(type="name", name=3), "bad_message"), (msg(type="name", name="x" * 1000), "bad_message"),
    (msg(type="hello", secret="short", device="0" * 32, lang="en"), "bad_message"),
    (msg(type="hello", secret="s" * 32, device="XYZ", lang="en"), "bad_message"),
    (msg(type="hello", secret="s" * 32, device="0" * 32, lang="de"), "bad_message"),
    (msg(type="hello", secret="s" * 32 + "<", device="0" * 32, lang="en"), "bad_message"),
    (msg(type="choose", seq=True, version=0, choice="turn", option="draw"), "bad_message"),
    (msg(type="choose", seq=1, version=1.5, choice="turn", option="draw"), "bad_message"),
    (msg(type="choose", seq=1, version=2**40, choice="turn", option="draw"), "bad_message"),
    (msg(type="choose", seq=1, version=0, choice="t u r n", option="draw"), "bad_message"),
    (msg(type="choose", seq=1, version=0, choice="turn"), "bad_message"),
    (msg(type="face", face="../etc"), "bad_message"),
    ("[" * 100_000, "bad_json"),
])
def test_a_bad_inbound_message_is_refused_with_its_reason(text: str, code: str) -> None:
    with pytest.raises(WireError) as refused:
        parse_inbound(text)
    assert refused.value.code == code and refused.value.code in wire.ERROR_CODES


# ---------------------------------------------------------------------------- outgoing
def _session(rs: Ruleset, players: int = 3, seed: int = 2) -> Session:
    seats = [SeatInfo(f"P{i}", human=True) for i in range(players)]
    return Session(new_game(rs, players, seed), seats)


def _frame(s: Session, seat: int, lang: str = "en") -> tuple[dict[str, Any], frozenset[str]]:
    state = seat_state(s, seat, faces=("cat", "owl", "frog"))
    frame = wire.frame("state")
    frame.update(render_state(state, i18n.translations(lang), lang, {0: "connected"}))
    return frame, state.allowed_cards


def test_a_state_frame_passes_and_anything_added_or_foreign_is_refused() -> None:
    s = _session(edition("official"))
    me = s.to_act
    frame, allowed = _frame(s, me)
    check_outgoing(frame, allowed)
    others = {str(c) for p in range(3) if p != me for c in s.game.hands[p]} - allowed
    assert others, "the deal gave the other seats no card of their own"
    hidden = sorted(others)[0]

    def refused(change: Any) -> None:
        bad = copy.deepcopy(frame)
        change(bad)
        with pytest.raises(LeakError):
            check_outgoing(bad, allowed)

    refused(lambda f: f.update(seed=s.seed))
    refused(lambda f: f["table"].update(deck=[str(c) for c in s.game.draw_pile]))
    refused(lambda f: f["hand"].append({"card": hidden, "label": "?"}))
    refused(lambda f: f["table"].update(top=hidden))
    refused(lambda f: f["players"][(me + 1) % 3].update(hand=[hidden]))
    refused(lambda f: f["choices"][0]["options"][0].update(card=hidden))
    refused(lambda f: f.update(revealed={"label": "", "cards": [{"card": hidden,
                                                                 "label": ""}]}))
    refused(lambda f: f.update(version="3"))
    refused(lambda f: f["players"][0].update(name=["x"]))
    refused(lambda f: f.pop("hand"))
    refused(lambda f: f.update(type="secret"))
    refused(lambda f: f.pop("v"))
    refused(lambda f: f["captions"].append("x" * 10_000))
    with pytest.raises(LeakError):
        check_outgoing(wire.frame("granted", secret="x", seed=1))
    check_outgoing(wire.frame("ack", seq=1, ok=True, clause=None, message=None))


def _truth(s: Session, seat: int, public: set[str]) -> set[str]:
    """What ``seat`` may see: its hand, every pile, every card ever face up, and a hand a
    challenge showed it."""
    seen = {str(c) for c in s.game.hands[seat]} | set(public)
    for e in s.recent_events():
        if isinstance(e, E.ChallengeResolved) and e.challenger == seat:
            seen |= {str(c) for c in e.hand}
    return seen


@pytest.mark.parametrize("rs", list(rulesets()), ids=_label)
def test_every_seat_s_frame_fits_the_allowlist_and_names_only_what_it_may_see(
        rs: Ruleset) -> None:
    players = 3
    s = _session(rs, players, seed=7)
    rng = random.Random(7)
    public: set[str] = set()
    langs = itertools.cycle(["en", "fr"])
    for step in itertools.count():
        if s.over or step > 400:
            break
        public |= {str(c) for c in s.game.discard}
        for pile in s.game.piles:
            public |= {str(c) for c in pile}
        if step % 3 == 0:
            for seat in range(players):
                frame, allowed = _frame(s, seat, next(langs))
                check_outgoing(frame, allowed)
                assert allowed <= _truth(s, seat, public), allowed - _truth(s, seat, public)
                assert [c["card"] for c in frame["hand"]] == [str(c) for c in s.game.hands[seat]]
                json.dumps(frame)
        s.act(rng.choice(s.legal(s.to_act)))


def test_a_challenged_hand_is_shown_to_the_challenger_s_phone_alone() -> None:
    from tests.rules.helpers import build

    game = build(["W+4 R1 G2", "Y1 Y2 G3", "B5 B6 B7"], "R5", turn=0)
    s = Session(game, [SeatInfo(n, human=True) for n in ("Zoé", "Ana", "Bob")])
    me = 0
    s.act(s.choices(me).action("turn", "play:W+4"))  # type: ignore[arg-type]
    s.act(s.choices(me).action("colour", "colour:B"))  # type: ignore[arg-type]
    s.act(s.choices(1).action("challenge", "challenge"))  # type: ignore[arg-type]
    shown = {"R1", "G2"}
    ana, _ = _frame(s, 1)
    assert ana["revealed"] is not None and {c["card"] for c in ana["revealed"]["cards"]} >= shown
    assert ana["revealed"]["label"] == "Zoé's hand, shown to you alone"
    bob, allowed = _frame(s, 2)
    assert bob["revealed"] is None
    assert not (shown & allowed - {str(c) for c in s.game.discard})


# ---------------------------------------------------------------------------- languages
def test_a_phone_s_catalogue_leaves_the_game_s_language_alone() -> None:
    heard: list[str] = []
    i18n.add_listener(heard.append)
    try:
        i18n.set_language("en")
        heard.clear()
        fr = i18n.translations("fr")
        assert fr.gettext("a red Skip") == "un Passe ton tour rouge"
        assert i18n.current_language() == "en" and i18n._("a red Skip") == "a red Skip"
        assert not heard
        assert i18n.translations("en").gettext("a red Skip") == "a red Skip"
        with pytest.raises(ValueError):
            i18n.translations("de")
    finally:
        i18n.remove_listener(heard.append)


def test_labels_and_captions_read_in_the_connection_s_language() -> None:
    names = ("Zoé", "Ana")
    fr = labels_for(i18n.translations("fr"), names)
    en = labels_for(i18n.translations("en"), names)
    played = Caption("{player} plays {card}.", {"player": 1, "card": "G+2"})
    assert fr.caption(played) == "Ana joue un +2 vert."
    assert en.caption(played) == "Ana plays a green Draw Two."
    drew = Caption("{player} draws {count} card.", {"player": 0, "count": 3},
                   "{player} draws {count} cards.", 3)
    assert fr.caption(drew) == "Zoé pioche 3 cartes."
    hidden = Caption("{challenger} challenges {challenged}: guilty! Hand shown: {cards}.",
                     {"challenger": 0, "challenged": 1, "cards": ()})
    assert en.caption(hidden) == "Zoé challenges Ana: guilty! Hand shown: (hidden)."
    assert fr.label("Name {colour}", {"colour": "B"}) == "Annoncer le bleu"
    broken = Caption("{player} plays {nothing}.", {"player": 0})
    assert en.caption(broken) == "{player} plays {nothing}."  # shown, never raised


def test_T4_a_card_fitting_two_trays_reaches_the_phone_as_two_plays_naming_their_tray() -> None:
    """A green 9 playable on trays 1 and 3: the phone's two options for that card say which
    tray (in the phone's language) and carry its number, counted from 1 like the trays."""
    from tests.editions.helpers import build

    game = build("triple", ["G9 R1 R2", "G1 G2", "Y1 Y2"], ["B9", "G5", "G1"], lit=(0, 2))
    s = Session(game, [SeatInfo(n, human=True) for n in ("Zoé", "Ana", "Bob")])
    for lang, words in (("en", ["Play a green 9 on tray 1", "Play a green 9 on tray 3"]),
                        ("fr", ["Jouer un 9 vert sur le plateau 1",
                                "Jouer un 9 vert sur le plateau 3"])):
        frame, allowed = _frame(s, 0, lang)
        check_outgoing(frame, allowed)
        main = next(c for c in frame["choices"] if c["id"] == "turn")
        nines = sorted((o for o in main["options"] if o.get("card") == "G9"),
                       key=lambda o: o["tray"])
        assert [(o["tray"], o["label"]) for o in nines] == list(zip((1, 3), words))
        assert all(o["in_hand"] for o in nines)
