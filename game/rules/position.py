"""A position's compact text form (chess's FEN), for tests and bug reports.

One line of ``key=value`` fields after the tag ``UNO1``, in a fixed order::

    UNO1 edition=official rules=- players=4 seed=7 hand=1 dealer=0 out=- scores=0,0,0,0
    seats=0,1,2,3 dir=+ turn=1 decision=turn colour=R drawn=- wd4=- uno=- declared=-
    firstwild=0 dead=0 starved=0 turns=1 unit=- hands=R5.G+2/.../... draw=B7.W discard=R3.R5

Piles list cards bottom to top (the draw pile's last card is drawn first); several
discard piles (Triple Play's trays) are separated by ``|``; ``unit`` is the edition's
electronic unit's state (``-`` for none). ``rules``
lists the options that differ from the edition's defaults (``match:single_hand``).
``wd4`` is ``player:guilty:hand`` while a Wild Draw Four awaits its answer. ``house``
(only with house rules on, e.g. ``rules=house:stacking+jump_in``) is what the house rules
have pending (see ``_house_text``). A loaded
position continues with an RNG seeded from ``seed`` (exact replays use game records).

:func:`load` accepts only what a game could be in: every count, index and range, card
codes written as :func:`dump` writes them, the whole deck exactly once, a pending
decision that the edition has and the table fits, and an answer to it. Anything else
raises :class:`PositionError` naming the field; nothing else is raised.

This module holds the line's layout, :func:`dump` and :func:`load`; each field value's
own grammar (numbers, card codes, players …) is :mod:`game.rules.position_fields`, and
what a loaded position must be, field by field, :mod:`game.rules.position_checks`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum
from typing import Any, Final, TypeVar

import game.rules.house.base as house
import game.rules.position_checks as checks
import game.rules.position_fields as fields
from game.rules.cards import RANK_OF, WILD, Colour, format_cards
from game.rules.editions import game_class
from game.rules.engine import NO_RANK, Decision, Game
from game.rules.errors import PositionError
from game.rules.house.base import CORE_FIELD, HOUSE_RULES, HouseRule
from game.rules.match import MatchState
from game.rules.position_fields import MAX_COUNT, short
from game.rules.ruleset import Ruleset, edition

TAG = "UNO1"
ALL_FIELDS = (
    *("edition", "rules", "players", "seed", "hand", "dealer", "out", "scores", "seats"),
    *("dir", "turn", "decision", "colour", "drawn", "wd4", "uno", "declared", "firstwild"),
    *("dead", "starved", "turns", "unit", "house", "hands", "draw", "discard"),
)
#: Fields written only when they mean something (so older positions stay valid).
OPTIONAL: Final = {"house": "-"}
#: The fields every position has.
FIELDS = tuple(k for k in ALL_FIELDS if k not in OPTIONAL)


T = TypeVar("T")


def _ints(items: list[int]) -> str:
    return ",".join(map(str, items)) if items else "-"


def _rules_text(rs: Ruleset) -> str:
    base = edition(rs.edition)
    diffs = []
    for name in rs.option_names():
        v = rs.option(name)
        if v != base.option(name):
            diffs.append(f"{name}:{v.value if isinstance(v, Enum) else _option_text(v)}")
    return ",".join(diffs) or "-"


def _option_text(v: object) -> str:
    if isinstance(v, bool):
        return str(int(v))
    text = str(v)
    if any(ch in text for ch in ", :="):
        raise ValueError(f"option value {text!r} cannot be written in a position")
    return text


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
        "unit": game.unit_text(),
        "house": _house_text(game),
        "hands": "/".join(format_cards(h) for h in game.hands),
        "draw": format_cards(game.draw_pile),
        "discard": "|".join(format_cards(p) for p in game.piles),
    }
    if not game.ruleset.house:
        del values["house"]
    return " ".join([TAG, *(f"{k}={values[k]}" for k in ALL_FIELDS if k in values)])


def _house_text(g: Game) -> str:
    """The house rules' pending state: the parts of UNO1's rules (``stack,played,jump,
    move,swapto``), whether they are on or not, then those of any other rule on (see
    :meth:`~game.rules.house.base.HouseRule.text`); ``-`` for nothing."""
    parts: list[str] = []
    for rule in _house_field(g):
        parts += rule.text()
    return ",".join(parts)


def _house_field(g: Game) -> list[HouseRule]:
    """The rules whose parts the ``house`` field holds, in order: ``g``'s own copy of a
    rule on, a fresh one (nothing pending) of a rule of UNO1's field that is off."""
    own = {rule.name: rule for rule in g.house_rules}
    field = [own.get(name) or HOUSE_RULES[name].copy() for name in CORE_FIELD]
    return field + [rule for rule in g.house_rules if rule.name not in CORE_FIELD]


def _split(text: str) -> dict[str, str]:
    parts = text.split()
    if not parts or parts[0] != TAG:
        raise PositionError(f"a position starts with {TAG}")
    kv: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in ALL_FIELDS or key in kv:
            raise PositionError(f"unexpected field {short(part)!r}")
        kv[key] = value
    for k, default in OPTIONAL.items():
        kv.setdefault(k, default)
    missing = [k for k in FIELDS if k not in kv]
    if missing:
        raise PositionError(f"missing fields: {', '.join(missing)}")
    return kv


# ---------------------------------------------------------------------- the options and players
# Read against the edition (each value's own grammar: game.rules.position_fields).


def _parse_rules(ed: str, text: str) -> Ruleset:
    base = edition(ed)
    if text == "-":
        return base
    changes: dict[str, Any] = {}
    names = base.option_names()
    for item in text.split(","):
        name, _, raw = item.partition(":")
        if name not in names:
            raise ValueError(f"unknown option {short(name)!r}")
        if name in changes:
            raise ValueError(f"{name} is given twice")
        current = base.option(name)
        if isinstance(current, Enum):
            changes[name] = type(current)(raw)
        elif isinstance(current, bool):
            if raw not in ("0", "1"):
                raise ValueError(f"{name} is 0 or 1")
            changes[name] = raw == "1"
        elif isinstance(current, int):
            changes[name] = fields.integer(raw, -MAX_COUNT, MAX_COUNT)
        else:
            changes[name] = raw
    return base.with_options(**changes)  # the Ruleset checks its own ranges


def _player_count(rs: Ruleset, text: str) -> int:
    players = fields.integer(text, 0, MAX_COUNT)
    rs.check_players(players)
    return players


# ---------------------------------------------------------------------- load


def load(text: str) -> Game:
    """Build a game from :func:`dump`'s text.

    Any text that is not a valid position raises :class:`PositionError` (a
    ``ValueError``) whose message begins with the field at fault; nothing else is
    raised. A game that loads can list its legal actions, and its player to act has at
    least one answer to the pending decision (unless the match is over).
    """
    kv = _split(text)

    def get(name: str, parse: Callable[[str], T]) -> T:
        try:
            return parse(kv[name])
        except (ValueError, LookupError, ArithmeticError) as exc:
            why = str(exc)  # may quote the field: keep the message one short line
            raise PositionError(f"{name}: {why if len(why) <= 200 else why[:200] + '…'}") from None

    get("edition", edition)
    rs = get("rules", lambda t: _parse_rules(kv["edition"], t))
    n = get("players", lambda t: _player_count(rs, t))
    player, maybe, players = fields.player(n), fields.player(n, allow_none=True), fields.players(n)
    seed = get("seed", fields.integer)
    g = game_class(rs).blank(rs, n, seed)  # every field is set below
    g.ruleset, g.players = rs, n
    house.setup(g)
    g.seed = seed
    g.rng = random.Random(g.seed)
    g.setup_devices()
    ms = MatchState.new(n)
    ms.scores = get(
        "scores", lambda t: [fields.count(x) for x in fields.entries(t, ",", n, "player")]
    )
    ms.hand_no = get("hand", lambda t: fields.integer(t, 1, MAX_COUNT))
    ms.dealer = get("dealer", player)
    for p in get("out", players):
        ms.eliminated[p] = True
    g.match = ms
    g.seats = get("seats", players)
    g.pos = [-1] * n
    for i, p in enumerate(g.seats):
        g.pos[p] = i
    g.direction = get("dir", fields.direction)
    g.to_act = get("turn", player)
    g.decision = get("decision", Decision)
    g.colour = get("colour", fields.colour)
    g.drawn = get("drawn", fields.drawn)
    g.wd4 = get("wd4", fields.wd4(n))
    g.uno_open = get("uno", players)
    g.uno_declared = get("declared", maybe)
    g.colour_then_play = get("firstwild", fields.flag)
    g.dead_turns = get("dead", fields.count)
    g.starved = get("starved", fields.count)
    g.turns = get("turns", fields.count)
    g.hands = get(
        "hands", lambda t: [fields.cards(h) for h in fields.entries(t, "/", n, "player")]
    )
    g.draw_pile = get("draw", fields.cards)
    g.piles = get(
        "discard", lambda t: [fields.cards(p) for p in fields.entries(t, "|", g.PILES, "pile")]
    )
    if not all(g.piles):
        raise PositionError("discard: a discard pile is empty")
    g.discard = g.piles[0]
    top = g.discard[-1]
    g.match_rank = NO_RANK if top.is_wild else RANK_OF[top]
    g.actions, g.hand_events, g._hand_from = [], [], -1
    g.initial_events = ()
    g.deliveries = g.delivery_table()
    checks.table(g)
    get("unit", g.load_unit)
    if g.unit_text() != kv["unit"]:
        raise PositionError(f"unit: {short(kv['unit'])!r} is not in the unit's own form")
    checks.unit(g)
    get("house", lambda text: _load_house(g, text))
    if g.decision is not Decision.OVER:
        checks.hand(g)
        checks.answer(g)
    return g


# ---------------------------------------------------------------------- consistency
# So that a hand-written position fails loudly at once, never later in play.


def _load_house(g: Game, text: str) -> None:
    """Inverse of :func:`_house_text`, checked against the rules on and the table."""
    if text == "-":
        return
    if not g.house_on:
        raise ValueError("no house rule is on: house is -")
    parts = text.split(",")
    field = _house_field(g)
    names = [name for rule in field for name in rule.parts]
    if len(parts) != len(names):
        raise ValueError(f"house is {','.join(names)}")
    i = 0
    for rule in field:
        n = len(rule.parts)
        rule.load(g, parts[i : i + n], rule in g.house_rules)
        i += n
