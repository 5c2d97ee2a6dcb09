"""The phone hub on 127.0.0.1 with real sockets (issue 33, "Who may join" and "The wire"):
a phone proves its seat first and then gets only that seat's view; wrong secrets, hosts and
origins get nothing; sizes, rates and sockets are capped; bad messages get clear refusals,
never a traceback; a choice sent twice is applied once."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

import game.play  # noqa: F401  (the editions' choices)
from game.phone.hub import (
    ChoiceRequest,
    CodesReplaced,
    Disconnected,
    JoinRequested,
    Limits,
    NameChanged,
    PhoneHub,
    TakeoverRequested,
)
from game.phone.wire import check_outgoing
from game.play.session import Session
from game.rules.editions import new_game
from game.rules.ruleset import edition
from game.store.saves import SeatInfo
from tests.phone.client import Phone

MakeHub = Callable[..., PhoneHub]


def session(name: str = "official", players: int = 3, seed: int = 4,
            phones: tuple[int, ...] = (0,)) -> Session:
    seats = [SeatInfo(f"P{i}", human=i in phones, level="heuristic") for i in range(players)]
    return Session(new_game(edition(name), players, seed), seats)


def secret_of(hub: PhoneHub, seat: int) -> str:
    invite = hub.invite(seat)
    assert invite is not None
    return invite.url.split("#", 1)[1]


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def eventually(cond: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Wait for ``cond()`` (the server's thread catches up); its last value."""
    import time

    end = time.monotonic() + timeout
    while not cond() and time.monotonic() < end:
        time.sleep(0.01)
    return cond()


def main_loop(hub: PhoneHub, s: Session) -> Callable[[], None]:
    """The test's main loop: apply the phones' choices, publish every phone's state."""

    def pump() -> None:
        for item in hub.poll():
            if isinstance(item, ChoiceRequest):
                hub.handle_choice(s, item)
        hub.publish_session(s)

    return pump


# ---------------------------------------------------------------------------- joining
def test_a_phone_with_its_link_gets_its_seat_and_only_its_own_cards(make_hub: MakeHub) -> None:
    hub = make_hub()
    s = session()
    hub.open_seat(0)
    pump = main_loop(hub, s)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.hello(secret_of(hub, 0))
            welcome = await phone.until("welcome")
            assert welcome["seat"] == 0 and welcome["lang"] == "en"
            state = await phone.until("state", pump=pump)
            assert [c["card"] for c in state["hand"]] == [str(c) for c in s.game.hands[0]]
            others = {str(c) for p in (1, 2) for c in s.game.hands[p]}
            mine = {str(c) for c in s.game.hands[0]}
            public = {str(c) for c in s.game.discard}
            text = json.dumps(state)
            for card in others - mine - public:
                assert f'"{card}"' not in text, card
            assert [p["cards"] for p in state["players"]] == [7, 7, 7]
            await phone.close()

    run(go())
    assert hub.status(0).connection != "never"  # type: ignore[union-attr]


def test_the_secret_must_come_first_within_the_time_limit(make_hub: MakeHub) -> None:
    assert Limits().auth_timeout == 5.0
    hub = make_hub(auth_timeout=0.3)
    hub.open_seat(0)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            silent = Phone(http, hub)
            await silent.connect()
            frame = await silent.recv()
            assert frame["type"] == "error" and frame["code"] == "auth_timeout"
            assert frame["message"]
            assert await silent.closed() == 1008
            early = Phone(http, hub)
            await early.connect()
            await early.send({"type": "name", "name": "Zoé"})
            frame = await early.recv()
            assert (frame["type"], frame["code"]) == ("error", "auth_first")
            assert await early.closed() == 1008
            assert not [f for f in silent.frames + early.frames if f["type"] == "state"]

    run(go())
    assert hub.status(0).connection == "never"  # type: ignore[union-attr]


def test_a_wrong_or_old_secret_gets_nothing_but_the_join_form(make_hub: MakeHub) -> None:
    hub = make_hub()
    s = session()
    hub.open_seat(0)
    old = secret_of(hub, 0)
    hub.renew_all()
    new = secret_of(hub, 0)
    assert new != old
    hub.publish_session(s)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            for wrong in (old, "A" * 32, new[:-1] + ("A" if new[-1] != "A" else "B")):
                phone = Phone(http, hub)
                await phone.hello(wrong)
                frame = await phone.recv()
                assert frame["type"] == "refused" and frame["reason"] == "bad_secret"
                assert wrong not in json.dumps(frame)
                assert await phone.closed() == 1008
                assert [f["type"] for f in phone.frames] == ["refused"]

    run(go())
    assert hub.status(0).connection == "never"  # type: ignore[union-attr]


def test_requests_for_another_host_and_sockets_from_another_origin_are_refused(
        make_hub: MakeHub) -> None:
    hub = make_hub()
    hub.open_seat(0)
    port = hub.port

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            ok = await http.get(f"http://{hub.address}/")
            assert ok.status == 200
            csp = ok.headers["Content-Security-Policy"]
            assert "script-src 'self'" in csp and "unsafe-inline" not in csp
            for host in (f"evil.example:{port}", "127.0.0.1", f"localhost:{port}",
                         f"127.0.0.1:{port + 1}"):
                r = await http.get(f"http://{hub.address}/", headers={"Host": host})
                assert r.status == 421, host
                r = await http.get(f"http://{hub.address}/ws", headers={"Host": host})
                assert r.status == 421, host
            for origin in ("http://evil.example", f"http://localhost:{port}", ""):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(f"http://{hub.address}/ws",
                                          origin=origin or None)
                assert refused.value.status == 403
            r = await http.post(f"http://{hub.address}/", data=b"x")
            assert r.status == 405

    run(go())


def test_the_server_listens_only_on_a_private_address(art: object) -> None:
    from game.phone.net import check_bind_address, lan_address

    for host in ("0.0.0.0", "8.8.8.8", "localhost", "::"):
        with pytest.raises(ValueError):
            PhoneHub().start(host)
    found = lan_address()
    assert found is None or check_bind_address(found) == found


# ---------------------------------------------------------------------------- caps
def test_sockets_that_have_not_proven_their_seat_are_capped(make_hub: MakeHub) -> None:
    hub = make_hub(max_unproven=3)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            waiting = [Phone(http, hub) for _ in range(3)]
            for phone in waiting:
                await phone.connect()
            with pytest.raises(aiohttp.WSServerHandshakeError) as full:
                await Phone(http, hub).connect()
            assert full.value.status == 503
            for phone in waiting:
                await phone.close()
            await asyncio.sleep(0.2)
            again = Phone(http, hub)
            await again.connect()  # room again once they went
            await again.close()

    run(go())


def test_a_huge_message_is_cut_off(make_hub: MakeHub) -> None:
    hub = make_hub()
    hub.open_seat(0)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.hello(secret_of(hub, 0))
            await phone.until("welcome")
            await phone.send_raw(json.dumps({"v": 1, "type": "name", "name": "x" * 10_000}))
            assert await phone.closed() == 1009

    run(go())
    assert eventually(lambda: hub.status(0).connection == "away")  # type: ignore[union-attr]


def test_a_flood_is_cut_off_with_a_clear_message(make_hub: MakeHub,
                                                 server_errors: list[object]) -> None:
    hub = make_hub(rate=5.0, burst=10)
    hub.open_seat(0)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.hello(secret_of(hub, 0))
            await phone.until("welcome")
            for _ in range(60):
                if phone.ws is None or phone.ws.closed:
                    break
                with contextlib.suppress(ConnectionResetError):
                    await phone.send({"type": "lang", "lang": "fr"})
            frame = await phone.until("error", where=lambda f: f["code"] == "flood")
            assert "Too many messages" in frame["message"] or "Trop" in frame["message"]
            assert await phone.closed() == 1008

    run(go())
    assert eventually(lambda: hub.status(0).connection == "away")  # type: ignore[union-attr]


def test_malformed_and_unknown_messages_get_clear_refusals_and_change_nothing(
        make_hub: MakeHub, server_errors: list[object]) -> None:
    hub = make_hub()
    s = session()
    hub.open_seat(0)
    pump = main_loop(hub, s)
    bad = {
        "garbage": "bad_json",
        "[1, 2]": "bad_message",
        '"text"': "bad_message",
        '{"v": 2, "type": "name", "name": "x"}': "protocol",
        '{"type": "name", "name": "x"}': "protocol",
        '{"v": 1, "type": "dance"}': "unknown_type",
        '{"v": 1}': "unknown_type",
        '{"v": 1, "type": "name", "name": "x", "admin": true}': "bad_message",
        '{"v": 1, "type": "choose", "seq": "1", "version": 0, "choice": "turn", '
        '"option": "draw"}': "bad_message",
        '{"v": 1, "type": "choose", "seq": -1, "version": 0, "choice": "turn", '
        '"option": "draw"}': "bad_message",
        '{"v": 1, "type": "choose", "seq": 1, "version": 0, "choice": "turn", '
        '"option": "<script>"}': "bad_message",
        '{"v": 1, "type": "face", "face": "dragon"}': "bad_message",
        '{"v": 1, "type": "lang", "lang": "de"}': "bad_message",
        '{"v": 1, "type": "name", "name": "   "}': "bad_message",
        '{"v": 1, "type": "hello", "secret": "' + "A" * 32 + '", "device": "' + "0" * 32
        + '", "lang": "en"}': "bad_message",
        "[" * 3000: "bad_json",
        "[" * 1500 + "]" * 1500: "bad_json",  # nested too deep to read
    }

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.hello(secret_of(hub, 0))
            await phone.until("state", pump=pump)
            version = s.version
            for text, code in bad.items():
                await phone.send_raw(text)
                frame = await phone.until("error")
                assert frame["code"] == code, text[:80]
                assert frame["message"] and "Traceback" not in frame["message"]
            assert phone.ws is not None
            await phone.ws.send_bytes(b"\x00\x01")
            assert (await phone.until("error"))["code"] == "not_text"
            assert s.version == version and s.game.actions == []
            # still served: a good message works after all that
            turn = phone.state["choices"][0]  # type: ignore[index]
            await phone.choose(turn["id"], "draw")
            ack = await phone.until("ack", pump=pump)
            assert ack["ok"] and s.version == version + 1

    run(go())


def test_every_queue_is_bounded() -> None:
    from game.phone.hub import INBOUND_LIMIT

    hub = PhoneHub()
    assert hub._inbound.maxsize == INBOUND_LIMIT
    lim = Limits()
    assert lim.outbox > 0 and lim.max_sockets > 0 and lim.max_pending_joins > 0
    assert lim.max_message <= 8192


# ---------------------------------------------------------------------------- choices
def test_a_choice_sent_twice_is_applied_once(make_hub: MakeHub) -> None:
    """The page resends a choice whose acknowledgement it did not get, on the same socket
    or on a new one after a drop: Session.choose applies it once, both are acknowledged."""
    hub = make_hub()
    s = session()
    hub.open_seat(0)
    pump = main_loop(hub, s)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.hello(secret_of(hub, 0))
            state = await phone.until("state", pump=pump)
            version = state["version"]
            seq = await phone.choose("turn", "draw")
            await phone.choose("turn", "draw", version=version, seq=seq)  # at once
            first = await phone.until("ack", pump=pump)
            second = await phone.until("ack", pump=pump)
            assert first["ok"] and second["ok"] and first["seq"] == second["seq"] == seq
            assert len(s.game.actions) == 1
            # the socket drops before the acknowledgement: the page resends on a new one
            await phone.close()
            again = Phone(http, hub, device=phone.device)
            await again.hello(secret_of(hub, 0))
            await again.until("welcome")
            await again.choose("turn", "draw", version=version, seq=seq)
            ack = await again.until("ack", pump=pump)
            assert ack["ok"]
            assert len(s.game.actions) == 1

    run(go())


def test_a_stale_choice_is_refused_with_the_rule_and_changes_nothing(make_hub: MakeHub) -> None:
    hub = make_hub()
    s = session()
    hub.open_seat(0)
    pump = main_loop(hub, s)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub, lang="fr")
            await phone.hello(secret_of(hub, 0))
            state = await phone.until("state", pump=pump)
            old = state["version"]
            await phone.choose("turn", "draw")
            assert (await phone.until("ack", pump=pump))["ok"]
            actions = list(s.game.actions)
            await phone.choose("turn", state["choices"][0]["options"][0]["id"], version=old)
            ack = await phone.until("ack", pump=pump)
            assert not ack["ok"] and ack["clause"] == "C-3"
            assert "rien n’a été fait" in ack["message"]
            unknown = s.version
            await phone.choose("turn", "play:XX", version=unknown)
            ack = await phone.until("ack", pump=pump)
            assert not ack["ok"] and ack["clause"] and ack["message"]
            assert list(s.game.actions) == actions

    run(go())


# ---------------------------------------------------------------------------- typed codes
def test_a_typed_code_waits_for_the_host_and_is_used_once(make_hub: MakeHub) -> None:
    hub = make_hub()
    s = session()
    code = hub.open_seat(0).code
    assert len(code) == 6
    pump = main_loop(hub, s)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.join(code.lower()[:3] + "-" + code[3:])
            assert (await phone.recv())["type"] == "pending"
            await asyncio.sleep(0.1)
            joins = [i for i in hub.poll() if isinstance(i, JoinRequested)]
            assert [j.seat for j in joins] == [0]
            assert hub.invite(0).code != code  # type: ignore[union-attr]
            late = Phone(http, hub)
            await late.join(code)
            frame = await late.recv()
            assert (frame["type"], frame["reason"]) == ("refused", "bad_code")
            assert hub.accept_join(joins[0].id)
            granted = await phone.until("granted")
            assert granted["secret"] == secret_of(hub, 0)
            await phone.until("state", pump=pump)
            assert hub.status(0).connection == "connected"  # type: ignore[union-attr]

    run(go())


def test_five_wrong_codes_replace_every_code_and_a_refused_join_gets_nothing(
        make_hub: MakeHub) -> None:
    hub = make_hub()
    codes = {seat: hub.open_seat(seat).code for seat in (0, 1)}

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            for i in range(5):
                phone = Phone(http, hub)
                await phone.join("QQQQQ" + str(i))
                assert (await phone.recv())["reason"] == "bad_code"
            await asyncio.sleep(0.1)
            assert any(isinstance(i, CodesReplaced) for i in hub.poll())
            for seat, old in codes.items():
                assert hub.invite(seat).code != old  # type: ignore[union-attr]
            stale = Phone(http, hub)
            await stale.join(codes[0])
            assert (await stale.recv())["reason"] == "bad_code"
            asking = Phone(http, hub)
            await asking.join(hub.invite(1).code)  # type: ignore[union-attr]
            assert (await asking.recv())["type"] == "pending"
            await asyncio.sleep(0.1)
            join = next(i for i in hub.poll() if isinstance(i, JoinRequested))
            assert hub.refuse_join(join.id)
            frame = await asking.recv()
            assert (frame["type"], frame["reason"]) == ("refused", "refused")
            assert await asking.closed() == 1008
            assert not [f for f in asking.frames if f["type"] in ("state", "granted")]

    run(go())


# ---------------------------------------------------------------------------- devices
def test_a_second_device_takes_the_seat_only_after_the_table_confirms(
        make_hub: MakeHub) -> None:
    hub = make_hub()
    s = session()
    hub.open_seat(0)
    pump = main_loop(hub, s)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            first = Phone(http, hub)
            await first.hello(secret_of(hub, 0))
            await first.until("state", pump=pump)
            second = Phone(http, hub)
            await second.hello(secret_of(hub, 0))
            assert (await second.recv())["type"] == "waiting"
            await asyncio.sleep(0.1)
            assert any(isinstance(i, TakeoverRequested) for i in hub.poll())
            assert hub.status(0).takeover  # type: ignore[union-attr]
            assert not [f for f in second.frames if f["type"] == "state"]
            assert hub.confirm_takeover(0)
            told = await first.until("taken")
            assert told["message"]
            assert await first.closed() == 1008
            await second.until("state", pump=pump)
            # the same device coming back takes its seat without asking
            back = Phone(http, hub, device=second.device)
            await back.hello(secret_of(hub, 0))
            await back.until("state", pump=pump)
            # and the older socket of that device (another page of it) stops, told why
            assert await second.closed() == 1001
            assert second.frames[-1]["type"] == "taken"
            assert "another page of this device" in second.frames[-1]["message"]

    run(go())


def test_closing_a_seat_and_stopping_tell_the_phone(make_hub: MakeHub) -> None:
    hub = make_hub()
    hub.open_seat(0)
    hub.open_seat(1)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            zero, one = Phone(http, hub, lang="fr"), Phone(http, hub)
            await zero.hello(secret_of(hub, 0))
            await one.hello(secret_of(hub, 1))
            await zero.until("welcome")
            await one.until("welcome")
            await one.send({"type": "name", "name": "  Zoé  "})
            await asyncio.sleep(0.2)
            hub.close_seat(0)
            bye = await zero.until("bye")
            assert bye["reason"] == "closed" and "téléphone" in bye["message"]
            await asyncio.get_running_loop().run_in_executor(None, hub.stop)
            bye = await one.until("bye")
            assert bye["reason"] == "stopping"

    run(go())
    items = hub.poll()
    assert NameChanged(1, "Zoé") in items
    assert Disconnected(1) in items
    assert hub.status(0) is None and hub.status(1).connection == "away"  # type: ignore[union-attr]


def test_publishing_a_session_that_did_not_change_sends_nothing(make_hub: MakeHub) -> None:
    hub = make_hub()
    s = session()
    hub.open_seat(0)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, hub)
            await phone.hello(secret_of(hub, 0))
            await phone.until("welcome")
            await asyncio.sleep(0.1)
            assert hub.publish_session(s) == 1
            await phone.until("state")
            assert hub.publish_session(s) == 0
            assert hub.publish_session(s) == 0
            s.act(s.legal(s.to_act)[-1])
            assert hub.publish_session(s) == 1

    run(go())


# ---------------------------------------------------------------------------- leaks
def _checked(frames: list[dict[str, Any]], truth: dict[int, tuple[set[str], set[str]]]
             ) -> int:
    """Every state frame carries only the cards of its seat's hand at its version, or
    cards that were public by then; and the hand it shows is exactly that hand."""
    n = 0
    for f in frames:
        check_outgoing(f, frozenset(_cards(f)))  # the shape (cards checked just below)
        if f["type"] != "state":
            continue
        hand, public = truth[f["version"]]
        assert {c["card"] for c in f["hand"]} == hand
        assert _cards(f) <= hand | public, _cards(f) - hand - public
        n += 1
    return n


def _cards(value: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("card", "top") and isinstance(v, str):
                out.add(v)
            else:
                out |= _cards(v)
    elif isinstance(value, list):
        for v in value:
            out |= _cards(v)
    return out


@pytest.mark.parametrize("name", ["official", "attack", "triple"])
def test_every_frame_of_a_played_hand_holds_only_its_seat_s_cards(
        make_hub: MakeHub, name: str, server_errors: list[object]) -> None:
    """Two phones play random choices through the wire against a bot until the hand ends;
    each frame either phone got is checked against the game's truth at its version (the
    phones play faster than people do: the rate cap is raised for them)."""
    import random

    from game.bots import make_bot
    from game.bots.driver import seat_rng

    hub = make_hub(rate=1000.0, burst=1000)
    s = session(name, phones=(0, 1), seed=11)
    bot, bot_rng = make_bot("heuristic"), seat_rng(11, 2)
    for seat in (0, 1):
        hub.open_seat(seat)
    truth: dict[int, dict[int, tuple[set[str], set[str]]]] = {0: {}, 1: {}}
    ever_public: set[str] = set()

    def note() -> None:
        ever_public.update(str(c) for c in s.game.discard)
        for pile in s.game.piles:
            ever_public.update(str(c) for c in pile)
        for seat in (0, 1):
            shown = {str(c) for e in s.recent_events()
                     if type(e).__name__ == "ChallengeResolved" and e.challenger == seat
                     for c in e.hand}
            truth[seat].setdefault(s.version, ({str(c) for c in s.game.hands[seat]},
                                               set(ever_public) | shown))

    rng = random.Random(5)

    def pump() -> None:
        for item in hub.poll():
            if isinstance(item, ChoiceRequest):
                hub.handle_choice(s, item)
                note()
        if not s.over and s.to_act == 2:
            s.act(bot.choose(s.view(2), s.legal(2), bot_rng))
            note()
        note()
        hub.publish_session(s)

    async def go() -> None:
        async with aiohttp.ClientSession() as http:
            phones = [Phone(http, hub, lang=lang) for lang in ("en", "fr")]
            for seat, phone in enumerate(phones):
                await phone.hello(secret_of(hub, seat))
                await phone.until("welcome")
            note()
            steps = 0
            while not s.over and steps < 400:
                steps += 1
                pump()
                for phone in phones:
                    with contextlib.suppress(TimeoutError):
                        while True:
                            await phone.recv(0.003)
                    st = phone.state
                    if st is None or st["version"] != s.version or not st["choices"]:
                        continue
                    choice = rng.choice(st["choices"])
                    option = rng.choice(choice["options"])
                    await phone.choose(choice["id"], option["id"])
                    await phone.until("ack", pump=pump)
            for phone in phones:
                await phone.close()
            counted = [_checked(phone.frames, truth[seat]) for seat, phone in enumerate(phones)]
            assert all(n > 5 for n in counted), counted

    run(go())
