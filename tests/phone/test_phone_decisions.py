"""Issue 33, item 3: "every decision the table can ask of that player is asked on the phone
instead" — answered from a phone, end to end through the hub's socket: the reference main
loop (:class:`game.phone.headless.HeadlessTable`) applies what a simulated phone
(:class:`tests.phone.client.Phone`) sends, the engine gets the action once (the page's
resend after a lost acknowledgement changes nothing), and the phone's next frame shows the
result. Positions come from the tests' position builder.

The AI seats never act on their own here: the loop's clock stands still, so the table waits
on the phone as a table waits on a slow person.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from typing import Any

import aiohttp
import pytest

import game.play  # noqa: F401  (the editions' choices)
from game.phone.headless import HeadlessTable
from game.phone.hub import PhoneHub
from game.play.session import Session
from game.rules import events as E
from game.rules.actions import (
    Accept,
    Action,
    Challenge,
    ChooseColour,
    Draw,
    GiveAway,
    Pass,
    Play,
)
from game.rules.cards import Card, Colour
from game.rules.decisions import Decision
from game.rules.engine import Game
from game.store.saves import SeatInfo
from tests.editions.helpers import build as build_edition
from tests.phone.client import Phone
from tests.phone.test_hub import secret_of
from tests.rules.helpers import build

C = Card.parse
NAMES = ("Zoé", "Ana", "Bob", "Cid")
SINGLE = {"match": "single_hand"}


class StillClock:
    """The loop's clock, standing still: AI seats wait (``ai_delay``), nothing times out."""

    def __call__(self) -> float:
        return 100.0


def table_of(hub: PhoneHub, game: Game, phones: Collection[int]) -> HeadlessTable:
    """``game`` with a person on a phone at each of ``phones`` and AIs elsewhere."""
    seats = [SeatInfo(NAMES[i], i in phones, "heuristic", phone=i in phones)
             for i in range(game.players)]
    session = Session(game, seats)
    for p in phones:
        hub.open_seat(p)
    return HeadlessTable.with_bots(session, hub, clock=StillClock(), ai_delay=60.0,
                                   catch_grace=60.0)


def offered(choice: str) -> Callable[[dict[str, Any]], bool]:
    return lambda f: any(c["id"] == choice for c in f["choices"])


def options(frame: dict[str, Any], choice: str) -> list[str]:
    return [o["id"] for c in frame["choices"] if c["id"] == choice for o in c["options"]]


def hand(frame: dict[str, Any]) -> list[str]:
    return [c["card"] for c in frame["hand"]]


async def phone_on(http: aiohttp.ClientSession, table: HeadlessTable, seat: int,
                   choice: str | None) -> tuple[Phone, dict[str, Any]]:
    """``seat``'s phone, joined, and its first frame that offers ``choice`` (``None``:
    its first frame)."""
    phone = Phone(http, table.hub)
    await phone.hello(secret_of(table.hub, seat))
    frame = await phone.until("state", pump=table.frame,
                              where=offered(choice) if choice else lambda f: True)
    return phone, frame


async def answer(table: HeadlessTable, phone: Phone, frame: dict[str, Any], choice: str,
                 option: str, expected: Action) -> dict[str, Any]:
    """Send ``option`` of ``choice`` as seen in ``frame``, then send it again with the same
    sequence number (the page's resend after a lost acknowledgement): both are
    acknowledged, the engine got ``expected`` exactly once, and the phone's next frame
    (a newer version) is returned."""
    before = len(table.phone_actions)
    version = frame["version"]
    seq = await phone.choose(choice, option, version=version)
    ack = await phone.until("ack", pump=table.frame, where=lambda f: f["seq"] == seq)
    assert ack["ok"], ack
    after = await phone.until("state", pump=table.frame, where=lambda f: f["version"] > version)
    await phone.choose(choice, option, version=version, seq=seq)
    again = await phone.until("ack", pump=table.frame, where=lambda f: f["seq"] == seq)
    assert again["ok"], again
    for _ in range(5):
        table.frame()
    assert table.phone_actions[before:] == [expected]
    return after


def play_out(body: Callable[[aiohttp.ClientSession], Any]) -> None:
    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            await body(http)
    asyncio.run(go())


# ---------------------------------------------------------------------------- C-8
def wd4_on() -> Game:
    """Ana (seat 1) must answer Zoé's Wild Draw Four (blue named); Zoé held a blue 3 (a
    bluff) besides the yellows."""
    game = build(["W+4 B3 Y1 Y2", "G5 G6 R1", "G1 G2 G3"], "B5", rules=SINGLE,
                 draw_top="R2 R3 R4 R6 R7 R8 R9")
    game.apply(Play(0, C("W+4")))
    game.apply(ChooseColour(0, Colour.BLUE))
    assert (game.to_act, game.decision) == (1, Decision.CHALLENGE)
    return game


def test_C8_a_phone_challenges_a_wild_draw_four_and_only_its_phone_sees_the_hand_shown(
        make_hub: Callable[..., PhoneHub]) -> None:
    hub = make_hub()
    table = table_of(hub, wd4_on(), (1, 2))

    async def body(http: aiohttp.ClientSession) -> None:
        ana, frame = await phone_on(http, table, 1, "challenge")
        bob, _ = await phone_on(http, table, 2, None)
        assert options(frame, "challenge") == ["challenge", "accept"]
        assert frame["revealed"] is None
        after = await answer(table, ana, frame, "challenge", "challenge", Challenge(1))
        assert after["revealed"] is not None  # Zoé's hand, shown to the challenger
        assert sorted(c["card"] for c in after["revealed"]["cards"]) == ["B3", "Y1", "Y2"]
        assert after["mine"] and offered("turn")(after)  # a bluff: Ana plays on
        assert hand(after) == ["G5", "G6", "R1"]
        bob_now = await bob.until("state", pump=table.frame,
                                  where=lambda f: f["version"] >= after["version"])
        assert bob_now["revealed"] is None
        assert not any(c["card"] == "B3" for f in bob.frames if f["type"] == "state"
                       for c in (f["revealed"] or {}).get("cards", []))
        await ana.close()
        await bob.close()

    play_out(body)
    resolved = [e for e in table.events if isinstance(e, E.ChallengeResolved)]
    assert [(e.challenger, e.guilty) for e in resolved] == [(1, True)]
    assert table.session.hand_size(0) == 3 + 4  # the bluffer draws four


def test_C8_a_phone_accepts_a_wild_draw_four_draws_four_and_loses_its_turn(
        make_hub: Callable[..., PhoneHub]) -> None:
    hub = make_hub()
    table = table_of(hub, wd4_on(), (1,))

    async def body(http: aiohttp.ClientSession) -> None:
        ana, frame = await phone_on(http, table, 1, "challenge")
        after = await answer(table, ana, frame, "challenge", "accept", Accept(1))
        assert after["revealed"] is None
        assert hand(after)[:3] == ["G5", "G6", "R1"] and len(after["hand"]) == 7
        assert not after["mine"] and after["turn"] == 2  # her turn is lost
        await ana.close()

    play_out(body)
    assert not any(isinstance(e, E.ChallengeResolved) for e in table.events)


# ---------------------------------------------------------------------------- H-1
def stacked_on_ana() -> Game:
    """Zoé played a red Draw Two with stacking on; Ana (seat 1) holds a blue Draw Two."""
    game = build(["R+2 R1 R2", "B+2 B3 B4", "G1 G2 G3"], "R5",
                 rules={"house": "stacking", **SINGLE}, draw_top="Y1 Y2 Y3 Y4 Y5 Y6")
    game.apply(Play(0, C("R+2")))
    assert (game.to_act, game.decision) == (1, Decision.STACK)
    return game


@pytest.mark.parametrize("option", ["play:B+2", "accept"], ids=["stacks", "takes"])
def test_H1_a_phone_answers_a_stack_by_stacking_or_by_taking(
        make_hub: Callable[..., PhoneHub], option: str) -> None:
    hub = make_hub()
    table = table_of(hub, stacked_on_ana(), (1,))
    expected: Action = Play(1, C("B+2")) if option != "accept" else Accept(1)

    async def body(http: aiohttp.ClientSession) -> None:
        ana, frame = await phone_on(http, table, 1, "stack")
        assert options(frame, "stack") == ["play:B+2", "accept"]
        assert frame["table"]["stack"] == 2
        after = await answer(table, ana, frame, "stack", option, expected)
        if option == "accept":
            assert hand(after) == ["B+2", "B3", "B4", "Y1", "Y2"]
            assert after["table"]["stack"] == 0 and after["turn"] == 2
        else:
            assert hand(after) == ["B3", "B4"]
            assert after["table"]["stack"] == 4 and after["table"]["top"] == "B+2"
            assert after["turn"] == 2
        await ana.close()

    play_out(body)
    assert table.session.decision is (Decision.STACK if option != "accept" else Decision.TURN)


# ---------------------------------------------------------------------------- H-3
def test_H3_a_phone_jumps_in_with_the_same_card_out_of_turn(
        make_hub: Callable[..., PhoneHub]) -> None:
    """Cid (seat 3, on a phone) holds Zoé's red 5 while Ana is to play: the shared
    jump-in choice is on his phone, and taking it passes play over Ana and Bob."""
    game = build(["R5 Y1 Y2", "B1 B3", "G1 G2", "R5 G4 G6"], "R9",
                 rules={"house": "jump_in", **SINGLE})
    game.apply(Play(0, C("R5")))
    table = table_of(make_hub(), game, (3,))

    async def body(http: aiohttp.ClientSession) -> None:
        cid, frame = await phone_on(http, table, 3, "jump_in")
        assert not frame["mine"] and frame["turn"] == 1  # Ana's turn, his choice
        jump = next(c for c in frame["choices"] if c["id"] == "jump_in")
        assert jump["shared"] and [o["id"] for o in jump["options"]] == ["play:R5"]
        after = await answer(table, cid, frame, "jump_in", "play:R5", Play(3, C("R5")))
        assert hand(after) == ["G4", "G6"]
        assert after["turn"] == 0 and not offered("jump_in")(after)
        await cid.close()

    play_out(body)
    assert any(isinstance(e, E.JumpedIn) and e.player == 3 for e in table.events)


# ---------------------------------------------------------------------------- C-10
@pytest.mark.parametrize("option", ["play:R4", "keep"], ids=["plays_it", "keeps_it"])
def test_C10_a_phone_plays_or_keeps_the_card_it_drew(
        make_hub: Callable[..., PhoneHub], option: str) -> None:
    game = build(["Y1 Y2", "B1 B3 B4", "G1 G2 G3"], "R9", rules=SINGLE, draw_top="R4")
    table = table_of(make_hub(), game, (0,))
    expected: Action = Play(0, C("R4")) if option != "keep" else Pass(0)

    async def body(http: aiohttp.ClientSession) -> None:
        zoe, frame = await phone_on(http, table, 0, "turn")
        drawn = await answer(table, zoe, frame, "turn", "draw", Draw(0))
        assert hand(drawn) == ["Y1", "Y2", "R4"]
        assert options(drawn, "drawn") == ["play:R4", "keep"]
        after = await answer(table, zoe, drawn, "drawn", option, expected)
        assert after["turn"] == 1 and not after["mine"]
        if option == "keep":
            assert hand(after) == ["Y1", "Y2", "R4"] and after["table"]["top"] == "R9"
        else:
            assert hand(after) == ["Y1", "Y2"] and after["table"]["top"] == "R4"
        await zoe.close()

    play_out(body)
    assert table.phone_actions == [Draw(0), expected]


# ---------------------------------------------------------------------------- T-10
def test_T10_a_phone_gives_away_a_wild_give_away_s_penalty(
        make_hub: Callable[..., PhoneHub]) -> None:
    """Triple Play's Wild Give Away (Attack has no card that gives cards away): Zoé's
    overload of three is shared among Ana and Bob from her phone."""
    game = build_edition("triple", ["WGA R1 R2", "G1 G2", "Y1 Y2"], ["B9", "G5", "Y5"],
                         counts=(8, 0, 0), caps=(9, 9, 9), draw_top="B1 B2 B3",
                         rules=SINGLE)
    game.bank.script_overload = [3]  # type: ignore[attr-defined]
    game.apply(Play(0, C("WGA"), 0))
    assert (game.to_act, game.decision) == (0, Decision.GIVE)
    table = table_of(make_hub(), game, (0,))

    async def body(http: aiohttp.ClientSession) -> None:
        zoe, frame = await phone_on(http, table, 0, "give")
        ids = options(frame, "give")
        assert len(ids) == 4
        share = ((1, 2), (2, 1))
        option = next(o for o in ids
                      if table.session.choices(0).action("give", o) == GiveAway(0, share))
        after = await answer(table, zoe, frame, "give", option, GiveAway(0, share))
        assert hand(after) == ["R1", "R2"]
        assert [p["cards"] for p in after["players"]] == [2, 4, 3]
        assert after["turn"] == 1
        await zoe.close()

    play_out(body)
    shared = [e for e in table.events if isinstance(e, E.PenaltyShared)]
    assert [(e.player, e.shares) for e in shared] == [(0, ((1, 2), (2, 1)))]
