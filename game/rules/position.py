"""A position's compact text form (chess's FEN), for tests and bug reports.

One line of ``key=value`` fields after the tag ``UNO1``, in a fixed order::

    UNO1 edition=official rules=- players=4 seed=7 hand=1 dealer=0 out=- scores=0,0,0,0
    seats=0,1,2,3 dir=+ turn=1 decision=turn colour=R drawn=- wd4=- uno=- declared=-
    firstwild=0 dead=0 starved=0 turns=1 unit=- hands=R5.G+2/.../... draw=B7.W discard=R3.R5

Piles list cards bottom to top (the draw pile's last card is drawn first); several
discard piles (Triple Play's trays) are separated by ``|``; ``unit`` is the edition's
electronic unit's state (``-`` for none). ``rules``
lists the options that differ from the edition's defaults (``match:single_hand``).
``wd4`` is ``player:guilty:hand`` while a Wild Draw Four awaits its answer. A loaded
position continues with an RNG seeded from ``seed`` (exact replays use game records).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from enum import Enum
from typing import Any, TypeVar

from game.rules.cards import WILD, Card, Colour, format_cards, parse_cards
from game.rules.editions import game_class
from game.rules.engine import NO_RANK, Decision, Game
from game.rules.match import MatchState
from game.rules.native import blank
from game.rules.ruleset import Ruleset, edition

TAG = "UNO1"
FIELDS = (
    *("edition", "rules", "players", "seed", "hand", "dealer", "out", "scores", "seats"),
    *("dir", "turn", "decision", "colour", "drawn", "wd4", "uno", "declared", "firstwild"),
    *("dead", "starved", "turns", "unit", "hands", "draw", "discard"),
)


T = TypeVar("T")


class PositionError(ValueError):
    """The text is not a valid position; the message says which field and why."""


def _ints(items: list[int]) -> str:
    return ",".join(map(str, items)) if items else "-"


def _parse_ints(text: str) -> list[int]:
    return [] if text == "-" else [int(x) for x in text.split(",")]


def _rules_text(rs: Ruleset) -> str:
    base = edition(rs.edition)
    diffs = []
    for name in Ruleset.OPTIONS:
        v = getattr(rs, name)
        if v != getattr(base, name):
            diffs.append(f"{name}:{v.value if isinstance(v, Enum) else _option_text(v)}")
    return ",".join(diffs) or "-"


def _option_text(v: object) -> str:
    if isinstance(v, bool):
        return str(int(v))
    text = str(v)
    if any(ch in text for ch in ", :="):
        raise ValueError(f"option value {text!r} cannot be written in a position")
    return text


def _parse_rules(ed: str, text: str) -> Ruleset:
    base = edition(ed)
    if text == "-":
        return base
    changes: dict[str, Any] = {}
    for item in text.split(","):
        name, _, raw = item.partition(":")
        if name not in Ruleset.OPTIONS:
            raise PositionError(f"rules: unknown option {name!r}")
        current = getattr(base, name)
        if isinstance(current, Enum):
            changes[name] = type(current)(raw)
        elif isinstance(current, bool):
            if raw not in ("0", "1"):
                raise PositionError(f"rules: {name} is 0 or 1")
            changes[name] = raw == "1"
        elif isinstance(current, int):
            changes[name] = int(raw)
        else:
            changes[name] = raw
    return replace(base, **changes)


def dump(game: Game) -> str:
    """The position of ``game`` as one line of text."""
    ms = game.match
    colour = "W" if game.colour == WILD else Colour(game.colour).letter
    wd4 = "-"
    if game.wd4 is not None:
        who, guilty, shown = game.wd4
        wd4 = f"{who}:{int(guilty)}:{format_cards(shown)}"
    values = {
        "edition": game.ruleset.edition,
        "rules": _rules_text(game.ruleset),
        "players": str(game.players),
        "seed": str(game.seed),
        "hand": str(ms.hand_no),
        "dealer": str(ms.dealer),
        "out": _ints([p for p in range(game.players) if ms.eliminated[p]]),
        "scores": _ints(ms.scores),
        "seats": _ints(game.seats),
        "dir": "+" if game.direction == 1 else "-",
        "turn": str(game.to_act),
        "decision": game.decision.value,
        "colour": colour,
        "drawn": "-" if game.drawn is None else str(game.drawn),
        "wd4": wd4,
        "uno": _ints(game.uno_open),
        "declared": "-" if game.uno_declared < 0 else str(game.uno_declared),
        "firstwild": str(int(game.colour_then_play)),
        "dead": str(game.dead_turns),
        "starved": str(game.starved),
        "turns": str(game.turns),
        "unit": game.device_text(),
        "hands": "/".join(format_cards(h) for h in game.hands),
        "draw": format_cards(game.draw_pile),
        "discard": "|".join(format_cards(p) for p in game.piles),
    }
    return " ".join([TAG, *(f"{k}={values[k]}" for k in FIELDS)])


def _split(text: str) -> dict[str, str]:
    parts = text.split()
    if not parts or parts[0] != TAG:
        raise PositionError(f"a position starts with {TAG}")
    kv: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in FIELDS or key in kv:
            raise PositionError(f"unexpected field {part!r}")
        kv[key] = value
    missing = [k for k in FIELDS if k not in kv]
    if missing:
        raise PositionError(f"missing fields: {', '.join(missing)}")
    return kv


def _player(n: int, allow_none: bool = False) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if allow_none and text == "-":
            return -1
        p = int(text)
        if not 0 <= p < n:
            raise ValueError(f"no player {p} in a {n}-player game")
        return p

    return parse


def _direction(text: str) -> int:
    if text not in ("+", "-"):
        raise ValueError("dir is + (clockwise) or - (counter-clockwise)")
    return 1 if text == "+" else -1


def _wd4(text: str) -> tuple[int, bool, tuple[Card, ...]] | None:
    if text == "-":
        return None
    who, guilty, shown = text.split(":")
    return int(who), guilty == "1", tuple(parse_cards(shown))


def load(text: str) -> Game:
    """Build a game from :func:`dump`'s text. Raises :class:`PositionError` naming the
    field at fault."""
    kv = _split(text)

    def get(name: str, parse: Callable[[str], T]) -> T:
        try:
            return parse(kv[name])
        except (ValueError, IndexError) as exc:
            raise PositionError(f"{name}: {exc}") from None

    get("edition", edition)
    rs = get("rules", lambda t: _parse_rules(kv["edition"], t))
    players = get("players", int)
    try:
        rs.check_players(players)
    except ValueError as exc:
        raise PositionError(f"players: {exc}") from None
    player, maybe = _player(players), _player(players, allow_none=True)
    seed = get("seed", int)
    g = blank(game_class(rs), rs, players, seed)  # every field is set below
    g.ruleset, g.players = rs, players
    g.seed = seed
    g.rng = random.Random(g.seed)
    g.setup_devices()
    ms = MatchState.new(players)
    ms.scores = get("scores", _parse_ints)
    ms.hand_no = get("hand", int)
    ms.dealer = get("dealer", player)
    for p in get("out", lambda t: [player(x) for x in ([] if t == "-" else t.split(","))]):
        ms.eliminated[p] = True
    g.match = ms
    g.seats = get("seats", lambda t: [player(x) for x in t.split(",")])
    g.pos = [-1] * players
    for i, p in enumerate(g.seats):
        g.pos[p] = i
    g.direction = get("dir", _direction)
    g.to_act = get("turn", player)
    g.decision = get("decision", Decision)
    g.colour = get("colour", lambda t: WILD if t == "W" else int(Colour.parse(t)))
    g.drawn = get("drawn", lambda t: None if t == "-" else Card.parse(t))
    g.wd4 = get("wd4", _wd4)
    g.uno_open = get("uno", lambda t: [player(x) for x in ([] if t == "-" else t.split(","))])
    g.uno_declared = get("declared", maybe)
    g.colour_then_play = get("firstwild", lambda t: {"0": False, "1": True}[t])
    g.dead_turns = get("dead", int)
    g.starved = get("starved", int)
    g.turns = get("turns", int)
    g.hands = get("hands", lambda t: [parse_cards(h) for h in t.split("/")])
    g.draw_pile = get("draw", parse_cards)
    g.piles = get("discard", lambda t: [parse_cards(p) for p in t.split("|")])
    g.discard = g.piles[0]
    top = g.discard[-1] if g.discard else None
    g.match_rank = NO_RANK if top is None or top.is_wild else top & 31
    g.actions, g.hand_events, g._hand_from = [], [], -1
    g.initial_events = ()
    g.deliveries = g.delivery_table()
    get("unit", g.load_device)
    _check(g)
    return g


def _check(g: Game) -> None:
    """Consistency checks, so a hand-written position fails loudly, not later."""
    n = g.players
    if g.decision is not Decision.OVER and any(g.match.eliminated[p] for p in g.seats):
        raise PositionError("out: an eliminated player cannot be seated")
    if len(g.hands) != n or len(g.match.scores) != n:
        raise PositionError(f"hands and scores need {n} entries")
    seats = g.seats
    if not seats or len(set(seats)) != len(seats) or not all(0 <= p < n for p in seats):
        raise PositionError("seats must list distinct players")
    if g.to_act not in g.seats and g.decision is not Decision.OVER:
        raise PositionError("turn: that player is not seated")
    if len(g.piles) != g.PILES or not all(g.piles):
        raise PositionError("discard: wrong number of discard piles, or an empty one")
    have = Counter(c for pile in g.all_piles() for c in pile)
    want = Counter(g.ruleset.cards())
    if have != want:
        extra = format_cards(sorted((have - want).elements()))
        lack = format_cards(sorted((want - have).elements()))
        raise PositionError(f"cards must be the whole deck: extra {extra}, missing {lack}")
    if g.decision is Decision.DRAWN and (g.drawn is None or g.drawn not in g.hands[g.to_act]):
        raise PositionError("drawn: a drawn-card decision needs the drawn card in hand")
    if g.decision is Decision.CHALLENGE and g.wd4 is None:
        raise PositionError("wd4: a challenge decision needs the pending Wild Draw Four")
    if g.wd4 is not None and g.decision in (Decision.TURN, Decision.DRAWN):
        raise PositionError("wd4: only a Wild Draw Four awaiting its answer has a wd4 field")
