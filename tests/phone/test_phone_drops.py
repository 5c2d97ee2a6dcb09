"""Issue 33, item 6: a phone that drops while its seat owes a decision — for every kind of
decision a phone seat can owe — gets a clear recovery: never a traceback, a stuck turn or a
lost or doubled move.

The decision kinds are not listed here: :func:`decision_positions` plays random legal games
of every edition, with every house rule that fits it on, and keeps the first position where
seat 0 owes each kind; the test checks it found every kind the engine declares (but the
match's end, which owes nothing). For each kind:

- on the reference main loop (:class:`game.phone.headless.HeadlessTable`, no window), the
  phone's socket is cut while the decision is pending (as a dropped network would); the
  same link joins again and is offered the same choices at the same version; its answer
  (sent twice, as a page resends after a lost acknowledgement) is applied once;
- at the table (SDL's dummy driver), the phone stays away: the table's offer comes after
  the host's delay; "keep waiting" changes nothing and the offer comes back; "let the
  computer play" resolves the decision; "take the seat at the keyboard" puts the seat and
  its pending decision at the keyboard.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import aiohttp
import pytest

import game.play  # noqa: F401  (the editions' choices)
from game.phone.headless import HeadlessTable
from game.phone.hub import PhoneHub
from game.phone.race import RACE
from game.play.session import Session
from game.rules.decisions import Decision
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.ruleset import EDITIONS, MatchKind, edition
from game.setup.house_rules import house_rules
from game.store.saves import SeatInfo
from tests.phone.client import Phone
from tests.phone.test_hub import secret_of

NAMES = ("Zoé", "Ana", "Bob", "Cid")
#: Decisions no seat can be left owing while a match is on.
NOT_OWED = frozenset({Decision.OVER})


@cache
def decision_positions() -> dict[str, tuple[str, int, Game]]:
    """For each decision kind, (edition, seed, position) of the first time seat 0 owes it
    in random legal four-player games of every edition, with every house rule that fits
    the edition on (one hand each)."""
    found: dict[str, tuple[str, int, Game]] = {}
    for name in sorted(EDITIONS):
        rs = edition(name)
        for face in house_rules():
            rs = face.turned(rs, True)
        rs = rs.with_options(match=MatchKind.SINGLE_HAND)
        for seed in range(40):
            g = new_game(rs, 4, seed)
            rng = random.Random(seed)
            for _ in range(600):
                if g.over:
                    break
                if g.to_act == 0 and g.decision.value not in found:
                    found[g.decision.value] = (name, seed, g.clone())
                g.apply(rng.choice(g.legal_actions(g.to_act)))
    return found


KINDS = sorted(d.value for d in Decision if d not in NOT_OWED)


def test_every_decision_a_seat_can_owe_is_reached_by_the_simulated_games() -> None:
    assert sorted(decision_positions()) == KINDS


def position(kind: str) -> Game:
    """A fresh copy of the position where seat 0 owes ``kind``."""
    _name, _seed, g = decision_positions()[kind]
    copy = g.clone()
    assert copy.to_act == 0 and copy.decision.value == kind
    return copy


class StillClock:
    """The loop's clock, standing still: AI seats wait, no clock runs out."""

    def __call__(self) -> float:
        return 100.0


def main_choice(frame: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in frame["choices"] if c["slot"] == "main")


def offer(frame: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(c["id"], [o["id"] for o in c["options"]]) for c in frame["choices"]]


# ---------------------------------------------------------------------------- the socket
@pytest.mark.parametrize("kind", KINDS)
def test_a_phone_cut_off_while_it_owes_a_decision_rejoins_to_the_same_choice_and_answers_once(
        make_hub: Callable[..., PhoneHub], server_errors: list[logging.LogRecord],
        kind: str) -> None:
    hub = make_hub()
    seats = [SeatInfo(NAMES[i], i == 0, "heuristic", phone=i == 0) for i in range(4)]
    session = Session(position(kind), seats)
    hub.open_seat(0)
    table = HeadlessTable.with_bots(session, hub, clock=StillClock(), ai_delay=60.0,
                                    catch_grace=60.0)

    async def body(http: aiohttp.ClientSession) -> None:
        phone = Phone(http, hub)
        await phone.hello(secret_of(hub, 0))
        before = await phone.until("state", pump=table.frame, where=lambda f: any(
            c["slot"] == "main" for c in f["choices"]) and f["version"] == session.version)
        assert before["mine"]
        version = session.version
        hub.drop_connection(0)
        assert await phone.closed() is not None
        for _ in range(200):
            table.frame()
            await asyncio.sleep(0.002)
            status = hub.status(0)
            if status is not None and status.connection == "away":
                break
        assert hub.status(0).connection == "away"  # type: ignore[union-attr]
        for _ in range(20):  # the table waits on the phone: nothing is played for it
            table.frame()
        assert session.version == version and session.to_act == 0
        assert session.decision.value == kind and not table.phone_actions

        again = Phone(http, hub, device=phone.device)
        await again.hello(secret_of(hub, 0))
        back = await again.until("state", pump=table.frame)
        assert back["version"] == version
        assert offer(back) == offer(before)
        assert back["hand"] == before["hand"]

        choice = main_choice(back)
        option = choice["options"][0]["id"]
        seq = await again.choose(choice["id"], option, version=version)
        ack = await again.until("ack", pump=table.frame, where=lambda f: f["seq"] == seq)
        assert ack["ok"], (ack, back["choices"])
        await again.choose(choice["id"], option, version=version, seq=seq)  # resent
        resent = await again.until("ack", pump=table.frame, where=lambda f: f["seq"] == seq)
        assert resent["ok"], (resent["clause"], resent["message"])
        for _ in range(5):
            table.frame()
        if choice["id"] == RACE:  # a press in the race, timed on the table's clock
            race = table.race
            assert race is not None and race.order().count(0) == 1
        else:
            assert len(table.phone_actions) == 1 and session.version > version
            if not any(f["type"] == "state" and f["version"] > version for f in again.frames):
                await again.until("state", pump=table.frame,
                                  where=lambda f: f["version"] > version)
        await again.close()

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            await body(http)

    asyncio.run(go())
