"""Who may take a phone seat (issue 33, "Who may join"): a secret of at least 128 bits per
seat, in the link's fragment only, compared in constant time and never shown in a repr;
a short code used once, and replaced for every seat after five wrong tries."""

from __future__ import annotations

import base64
import hmac

import pytest

from game.phone import access
from game.phone.access import CODE_ALPHABET, CODE_LENGTH, CODE_TRIES, Keys
from game.phone.hub import PhoneHub, SeatInvite


def test_each_seat_s_secret_has_at_least_128_random_bits_and_stays_out_of_reprs() -> None:
    keys = Keys()
    a, b = keys.open(0), keys.open(1)
    for key in (a, b):
        raw = base64.urlsafe_b64decode(key.secret + "=" * (-len(key.secret) % 4))
        assert len(raw) * 8 >= 128
        assert key.secret not in repr(key) and key.code not in repr(key)
    assert a.secret != b.secret and len({access.new_secret() for _ in range(100)}) == 100
    invite = SeatInvite(0, f"http://192.168.1.2:8000/#{a.secret}", "192.168.1.2:8000", a.code)
    assert a.secret not in repr(invite) and a.secret not in str(invite)
    assert invite.url.split("#", 1)[1] == a.secret  # in the fragment, never the path


def test_secrets_are_compared_in_constant_time_against_every_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    keys = Keys()
    for seat in range(4):
        keys.open(seat)
    calls: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(x: bytes, y: bytes) -> bool:
        calls.append((x, y))
        return real(x, y)

    monkeypatch.setattr(access.hmac, "compare_digest", spy)
    first = keys.get(0)
    assert first is not None
    assert keys.seat_of_secret(first.secret) == 0
    assert len(calls) == 4  # no early exit on the match
    calls.clear()
    assert keys.seat_of_secret("x" * 32) is None and len(calls) == 4


def test_a_code_is_short_unambiguous_and_used_once() -> None:
    keys = Keys()
    code = keys.open(3).code
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert not set(CODE_ALPHABET) & set("01OILSZB258")
    typed = code[:3].lower() + " - " + code[3:]
    assert keys.use_code(typed) == (3, False)
    assert keys.get(3).code != code  # type: ignore[union-attr]
    assert keys.use_code(code) == (None, False)


def test_wrong_codes_replace_every_code_on_the_fifth() -> None:
    keys = Keys()
    before = {s: keys.open(s).code for s in (0, 1)}
    for i in range(CODE_TRIES - 1):
        assert keys.use_code(f"ZZZZZ{i}") == (None, False)
    assert {s: keys.get(s).code for s in (0, 1)} == before  # type: ignore[union-attr]
    assert keys.use_code("ZZZZZZ") == (None, True)
    after = {s: keys.get(s).code for s in (0, 1)}  # type: ignore[union-attr]
    assert all(after[s] != before[s] for s in (0, 1))
    assert keys.wrong_codes == 0


def test_renewing_makes_every_old_link_useless() -> None:
    hub = PhoneHub()
    old = {s: hub.open_seat(s) for s in (0, 2)}
    new = hub.renew_all()
    assert set(new) == {0, 2}
    for s in (0, 2):
        assert new[s].url != old[s].url and new[s].code != old[s].code
        assert hub._keys.seat_of_secret(old[s].url.split("#")[1]) is None
        assert hub._keys.seat_of_secret(new[s].url.split("#")[1]) == s
    hub.close_seat(2)
    assert hub.invite(2) is None and hub.status(2) is None
    assert hub._keys.seat_of_secret(new[2].url.split("#")[1]) is None
