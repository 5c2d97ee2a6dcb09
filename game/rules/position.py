"""A position's compact text form (chess's FEN), for tests and bug reports.

One line of ``key=value`` fields after the tag ``UNO1``, in a fixed order::

    UNO1 edition=official rules=- players=4 seed=7 hand=1 dealer=0 out=- scores=0,0,0,0
    seats=0,1,2,3 dir=+ turn=1 decision=turn colour=R drawn=- wd4=- uno=- declared=-
    firstwild=0 dead=0 turns=1 unit=- hands=R5.G+2/.../... draw=B7.W discard=R3.R5

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
from dataclasses import replace
from enum import Enum
from typing import Any

from game.rules.cards import WILD, Card, Colour, format_cards, parse_cards
from game.rules.editions import game_class
from game.rules.engine import NO_RANK, Decision, Game
from game.rules.match import MatchState
from game.rules.ruleset import Ruleset, edition

TAG = "UNO1"
FIELDS = (
    *("edition", "rules", "players", "seed", "hand", "dealer", "out", "scores", "seats"),
    *("dir", "turn", "decision", "colour", "drawn", "wd4", "uno", "declared", "firstwild"),
    *("dead", "turns", "unit", "hands", "draw", "discard"),
)


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
            diffs.append(f"{name}:{v.value if isinstance(v, Enum) else int(v)}")
    return ",".join(diffs) or "-"


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
            changes[name] = raw not in ("0", "false", "False")
        else:
            changes[name] = int(raw)
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
        "turns": str(game.turns),
        "unit": game.device_text(),
        "hands": "/".join(format_cards(h) for h in game.hands),
        "draw": format_cards(game.draw_pile),
        "discard": "|".join(format_cards(p) for p in game.piles),
    }
    return " ".join([TAG, *(f"{k}={values[k]}" for k in FIELDS)])


def load(text: str) -> Game:
    """Build a game from :func:`dump`'s text. Raises :class:`PositionError`."""
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
    field = ""
    try:
        field = "edition"
        rs = _parse_rules(kv["edition"], kv["rules"])
        field = "players"
        players = int(kv["players"])
        rs.check_players(players)
        g = game_class(rs).__new__(game_class(rs))
        g.ruleset, g.players = rs, players
        field = "seed"
        g.seed = int(kv["seed"])
        g.rng = random.Random(g.seed)
        g.setup_devices()
        field = "scores"
        ms = MatchState.new(players)
        ms.scores = _parse_ints(kv["scores"])
        field = "hand"
        ms.hand_no, ms.dealer = int(kv["hand"]), int(kv["dealer"])
        for p in _parse_ints(kv["out"]):
            ms.eliminated[p] = True
        g.match = ms
        field = "seats"
        g.seats = _parse_ints(kv["seats"])
        g.pos = [-1] * players
        for i, p in enumerate(g.seats):
            g.pos[p] = i
        g.direction = 1 if kv["dir"] == "+" else -1
        field = "turn"
        g.to_act = int(kv["turn"])
        g.decision = Decision(kv["decision"])
        field = "colour"
        g.colour = WILD if kv["colour"] == "W" else int(Colour.parse(kv["colour"]))
        field = "drawn"
        g.drawn = None if kv["drawn"] == "-" else Card.parse(kv["drawn"])
        field = "wd4"
        g.wd4 = None
        if kv["wd4"] != "-":
            who, guilty, shown = kv["wd4"].split(":")
            g.wd4 = (int(who), guilty == "1", tuple(parse_cards(shown)))
        field = "uno"
        g.uno_open = _parse_ints(kv["uno"])
        g.uno_declared = -1 if kv["declared"] == "-" else int(kv["declared"])
        g.colour_then_play = kv["firstwild"] == "1"
        g.dead_turns, g.turns = int(kv["dead"]), int(kv["turns"])
        field = "hands"
        g.hands = [parse_cards(h) for h in kv["hands"].split("/")]
        field = "draw"
        g.draw_pile = parse_cards(kv["draw"])
        field = "discard"
        g.piles = [parse_cards(p) for p in kv["discard"].split("|")]
        g.discard = g.piles[0]
        top = g.discard[-1] if g.discard else None
        g.match_rank = NO_RANK if top is None or top.is_wild else top & 31
        g.actions, g.hand_events, g._hand_from = [], [], -1
        g.initial_events = ()
        g.deliveries = g.delivery_table()
        field = "unit"
        g.load_device(kv["unit"])
    except (ValueError, IndexError) as exc:
        raise PositionError(f"{field}: {exc}") from None
    _check(g)
    return g


def _check(g: Game) -> None:
    """Consistency checks, so a hand-written position fails loudly, not later."""
    n = g.players
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
