"""Build exact positions for clause tests, and small assertions shared by them.

:func:`position_text` is the tests' one position builder (the editions' and the AI's
helpers call it with their own defaults): it writes a position in the text form of
:mod:`game.rules.position` from the hands and piles a test cares about and puts every
other card of the deck somewhere (the draw pile by default), so the card-count invariant
holds and ``position.load`` accepts it. Card lists are written as text (``"R5 G+2 W"``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from enum import Enum
from itertools import chain

import pytest

from game.rules import events as E
from game.rules.actions import Action
from game.rules.cards import COLOUR_OF, Card, format_cards, parse_cards
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.errors import IllegalAction
from game.rules.position import dump, load
from game.rules.ruleset import Ruleset, edition


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def rules_text(rules: Mapping[str, object] | None) -> str:
    """The ``rules`` field of ``rules`` (option names to values: enums by value, flags
    as 0 or 1)."""
    if not rules:
        return "-"
    out = []
    for k, v in rules.items():
        if isinstance(v, Enum):
            v = v.value
        elif isinstance(v, bool):
            v = int(v)
        out.append(f"{k}:{v}")
    return ",".join(out)


def position_text(
    hands: Sequence[str],
    discard: str | Sequence[str],
    *,
    draw_top: str = "",
    rest: str | int = "draw",
    ed: str = "official",
    rules: Mapping[str, object] | None = None,
    turn: int = 0,
    decision: str = "turn",
    colour: str | None = None,
    clockwise: bool = True,
    dealer: int | None = None,
    seats: Sequence[int] | None = None,
    uno: Sequence[int] = (),
    declared: int | None = None,
    drawn: str | None = None,
    wd4: str = "-",
    firstwild: bool = False,
    scores: Sequence[int] | None = None,
    hand_no: int = 1,
    out: Sequence[int] = (),
    seed: int = 1,
    unit: str | None = None,
    template: Ruleset | None = None,
    keep: Collection[str] = (),
) -> str:
    """The text of a position.

    ``hands[p]`` is player ``p``'s hand; ``discard`` lists the discard pile bottom to top
    (or each discard pile: Triple Play's trays); ``draw_top`` lists the cards the next
    draws will take, first drawn first. The rest of the deck goes under the draw pile
    (``rest="draw"``), under the (first) discard pile (``rest="discard"``) or into player
    ``rest``'s hand. ``colour`` defaults to the top card's colour; ``rules`` maps option
    names to values (``{"match": "single_hand"}``); ``unit`` is the unit's text.

    The fields not given here (the unit's by default) come from a new game of
    ``template`` (default: the edition's default ruleset) with the same players and seed,
    and so do the fields named in ``keep``; the deck is ``template``'s.
    """
    players = len(hands)
    rs = template or edition(ed)
    hand_cards = [cards(h) for h in hands]
    pile_cards = [cards(discard)] if isinstance(discard, str) else [cards(p) for p in discard]
    top_cards = cards(draw_top)
    deck = Counter(rs.cards())
    used = Counter(c for pile in (*hand_cards, *pile_cards, top_cards) for c in pile)
    if used - deck:
        raise AssertionError(f"more cards than the deck holds: {(used - deck)!r}")
    remainder = sorted((deck - used).elements())
    draw_pile = list(reversed(top_cards))
    if rest == "draw":
        draw_pile = remainder + draw_pile
    elif rest == "discard":
        pile_cards[0] = remainder + pile_cards[0]
    else:
        assert isinstance(rest, int)
        hand_cards[rest] = hand_cards[rest] + remainder
    seat_list = list(range(players)) if seats is None else list(seats)
    if dealer is None:
        i = seat_list.index(turn) if turn in seat_list else 0
        dealer = seat_list[(i - (1 if clockwise else -1)) % len(seat_list)]
    if colour is None:
        top = pile_cards[0][-1]
        colour = "W" if top.is_wild else "RYGB"[COLOUR_OF[top]]

    def ints(xs: Iterable[int]) -> str:
        items = [str(x) for x in xs]
        return ",".join(items) if items else "-"

    fields = {
        "edition": ed,
        "rules": rules_text(rules),
        "players": str(players),
        "seed": str(seed),
        "hand": str(hand_no),
        "dealer": str(dealer),
        "out": ints(out),
        "scores": ints(scores if scores is not None else [0] * players),
        "seats": ints(seat_list),
        "dir": "+" if clockwise else "-",
        "turn": str(turn),
        "decision": decision,
        "colour": colour,
        "drawn": drawn or "-",
        "wd4": wd4,
        "uno": ints(uno),
        "declared": "-" if declared is None else str(declared),
        "firstwild": "1" if firstwild else "0",
        "dead": "0",
        "turns": "1",
        "hands": "/".join(format_cards(h) for h in hand_cards),
        "draw": format_cards(draw_pile),
        "discard": "|".join(format_cards(p) for p in pile_cards),
    }
    if unit is not None:
        fields["unit"] = unit
    for name in keep:
        del fields[name]
    # Start from a real game's text so that fields this helper does not know about
    # (an edition's unit state …) keep valid values, then set the ones above.
    made = dump(new_game(rs, players, seed)).split()
    written = []
    for part in made[1:]:
        key, _, value = part.partition("=")
        written.append(f"{key}={fields.pop(key, value)}")
    assert not fields, f"position fields unknown to position.dump: {sorted(fields)}"
    return " ".join([made[0], *written])


def build(hands: Sequence[str], discard: str, **kw: object) -> Game:
    """``position.load(position_text(...))``."""
    return load(position_text(hands, discard, **kw))  # type: ignore[arg-type]


def kinds(events: Iterable[E.Event], kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def drawn_by(events: Iterable[E.Event], player: int) -> list[E.CardsDrawn]:
    return [e for e in events if isinstance(e, E.CardsDrawn) and e.player == player]


def assert_illegal(game: Game, action: Action, clause: str) -> IllegalAction:
    """``action`` raises IllegalAction naming ``clause`` and changes nothing at all."""
    before = dump(game)
    rng = game.rng.getstate()
    n_actions, n_events = len(game.actions), len(game.hand_events)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.clause == clause, f"{action}: {info.value}"
    assert f"[{clause}]" in str(info.value) and info.value.message
    assert dump(game) == before
    assert game.rng.getstate() == rng
    assert (len(game.actions), len(game.hand_events)) == (n_actions, n_events)
    return info.value


def assert_deck_intact(game: Game) -> None:
    """C-1 invariant: every card of the deck is in exactly one place."""
    have = Counter(chain(*game.hands, game.draw_pile, game.discard))
    assert have == Counter(game.ruleset.cards())
