"""Determinization: a whole game built from one player's view plus sampled hidden cards.

The hidden cards (other hands, the draw pile) are dealt from the cards the player has
not seen, respecting what the :class:`~game.bots.beliefs.Tracker` inferred (cards known
to be in a hand; hard bounds always, soft bounds with the probability the player's
behaviour deserves). The world is written in the position text form and loaded with
:func:`game.rules.position.load`, so it is a real engine game that search can copy and
play out. Only the view and the RNG are read: equal views give equal worlds.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import Enum

from game.bots.beliefs import BIG, KEYS, NKEYS, WILD_KEY, WILD_TRUST, Tracker
from game.rules.actions import CallUno
from game.rules.cards import WILD, Card, Colour, Rank, format_cards
from game.rules.editions import new_game
from game.rules.engine import Decision, Game
from game.rules.position import FIELDS, TAG, dump, load
from game.rules.ruleset import MatchKind, Ruleset, edition
from game.rules.view import PlayerView


class WorldError(ValueError):
    """The view cannot be turned into a world (an edition or state not supported)."""


def rules_text(rs: Ruleset) -> str:
    """The ``rules`` field of the position text: options differing from the edition's."""
    base = edition(rs.edition)
    diffs = []
    for name in Ruleset.OPTIONS:
        v = getattr(rs, name)
        if v != getattr(base, name):
            diffs.append(f"{name}:{v.value if isinstance(v, Enum) else int(v)}")
    return ",".join(diffs) or "-"


def _ints(items: Sequence[int]) -> str:
    return ",".join(map(str, items)) if items else "-"


def deal_hidden(
    view: PlayerView,
    tracker: Tracker,
    rng: random.Random,
    relax: dict[int, tuple[int, int, int]] | None = None,
) -> tuple[list[list[Card]], list[Card]]:
    """Sample every other hand and the draw pile (top last).

    ``relax`` maps a player to (a colour, soft bound on it, soft bound on wilds) to use
    instead of their current soft bounds: the culprit of a pending Wild Draw Four is
    sampled without the no-bluff assumption.
    """
    me, sizes = view.me, view.hand_sizes
    pool = sorted(tracker.unseen(view).elements())
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in sizes]
    hands[me] = list(view.hand)
    opps = [q for q in view.seats if q != me]
    caps: dict[int, list[int]] = {}
    for q in opps:
        o = tracker.opp[q]
        known = list(o.known.elements())[: sizes[q]]
        hands[q] = known
        trust = tracker.stats[q].trust
        cap = list(o.hard)
        soft = list(o.soft)
        if relax and q in relax:
            col, s_col, s_wild = relax[q]
            soft[col], soft[WILD_KEY] = s_col, s_wild
        coin = rng.random()
        if coin < trust:  # believe this player did not renege (one coin each)
            for k in range(NKEYS):
                if k != WILD_KEY or coin < trust * WILD_TRUST:
                    cap[k] = min(cap[k], soft[k])
        for c in known:
            for k in KEYS[c]:
                cap[k] -= 1
        caps[q] = cap
    order = sorted(opps, key=lambda q: (-sum(1 for k in caps[q] if k < BIG // 2), q))
    taken = [False] * len(pool)
    for q in order:
        need = sizes[q] - len(hands[q])
        cap = caps[q]
        bounded = [k for k in range(NKEYS) if cap[k] < BIG // 2]
        count = dict.fromkeys(bounded, 0)
        got = hands[q]
        lean = tracker.lean(q)
        if need > 0 and (bounded or max(lean) > 1.0):
            # Weighted sampling without replacement (Efraimidis-Spirakis keys), within
            # the bounds: the colours this player leans to come first more often.
            rnd = rng.random
            weights = [*lean, 1.0]
            keyed = sorted(
                ((rnd() ** (1.0 / weights[c >> 5]), i)
                 for i, c in enumerate(pool) if not taken[i]),
                reverse=True,
            )
            for _, i in keyed:
                c = pool[i]
                ok = True
                for k in KEYS[c]:
                    if k in count and count[k] >= cap[k]:
                        ok = False
                        break
                if ok:
                    taken[i] = True
                    got.append(c)
                    for k in KEYS[c]:
                        if k in count:
                            count[k] += 1
                    need -= 1
                    if not need:
                        break
        if need > 0:  # bounds too tight for the cards left: relax them
            for i, c in enumerate(pool):
                if not taken[i]:
                    taken[i] = True
                    got.append(c)
                    need -= 1
                    if not need:
                        break
    draw = [c for i, c in enumerate(pool) if not taken[i]]
    if len(draw) != view.draw_pile_size:
        raise WorldError("the unseen cards do not add up to the hidden places")
    return hands, draw


def bluffed(hand: Sequence[Card], colour: int, wilds_count: bool) -> bool:
    """C-7 / S-3: does ``hand`` (without the Wild Draw Four) make it illegal?"""
    return any(c >> 5 == colour or (wilds_count and c >> 5 == WILD) for c in hand)


def piles(view: PlayerView, tracker: Tracker) -> list[Sequence[Card]]:
    """Every discard pile: the view's, then the other trays as the events built them."""
    return [view.discard, *tracker.piles[1:]]


def _launcher(view: PlayerView, tr: Tracker, rng: random.Random) -> str:
    """A-2: the launcher's public state (presses since it last fired)."""
    return f"launcher:{tr.presses}:-:-1"


def _trays(view: PlayerView, tr: Tracker, rng: random.Random) -> str:
    """T-3, T-5: lit trays and each tray's count and hidden capacity, sampled to agree
    with its light (green: 4 or more presses left, yellow 2-3, red 1)."""
    counts, caps, colours = [], [], []
    for t, pile in enumerate(piles(view, tr)):
        light = tr.tray_light[t] if t < len(tr.tray_light) else "green"
        cap = rng.randint(5, 9)
        if light == "green":
            left = rng.randint(4, cap)
        else:
            left = rng.randint(2, 3) if light == "yellow" else 1
        counts.append(cap - left)
        caps.append(cap)
        top = pile[-1]
        colours.append(WILD if top >> 5 == WILD else top >> 5)
    lit = "".join(map(str, tr.lit)) or "-"
    return f"trays:{lit}:{_ints(counts)}:{_ints(caps)}:{_ints(colours)}:{tr.last_tray}:0"


def _roboto(view: PlayerView, tr: Tracker, rng: random.Random) -> str:
    """R-5: plays since Roboto last interrupted."""
    return f"roboto:{tr.since_interrupt}"


#: The unit text of each edition with an electronic unit, from what the player saw.
UNITS: dict[str, Callable[[PlayerView, Tracker, random.Random], str]] = {
    "attack": _launcher,
    "triple": _trays,
    "roboto": _roboto,
}


def unit_text(view: PlayerView, tracker: Tracker, rng: random.Random) -> str:
    unit = UNITS.get(view.ruleset.edition)
    return "-" if unit is None else unit(view, tracker, rng)


def world_text(
    view: PlayerView,
    tracker: Tracker,
    hands: Sequence[Sequence[Card]],
    draw: Sequence[Card],
    seed: int,
    rng: random.Random | None = None,
) -> str:
    """The position text of the world with these hidden cards, as a single hand."""
    rs = view.ruleset
    rng = rng or random.Random(seed)
    players = len(view.hand_sizes)
    d = view.decision
    me = view.me
    top = view.discard[-1]
    wd4 = "-"
    firstwild = int(
        d is Decision.COLOUR
        and len(view.discard) == 1
        and top >> 5 == WILD
        and top & 31 != Rank.WILD_ATTACK_ATTACK  # a victim first, then play on
    )
    if d is Decision.COLOUR and top & 31 == Rank.WILD_DRAW_FOUR and not firstwild:
        g = bluffed(view.hand, tracker.wd4_colour, rs.wd4_counts_wilds)
        wd4 = f"{me}:{int(g)}:{format_cards(view.hand)}"
    elif d is Decision.CHALLENGE:
        j = tracker.wd4_player
        g = bluffed(hands[j], tracker.wd4_colour, rs.wd4_counts_wilds)
        wd4 = f"{j}:{int(g)}:{format_cards(hands[j])}"
    declared = "-"
    if (
        view.to_act == me
        and d in (Decision.TURN, Decision.DRAWN)
        and len(view.hand) == 2
        and me not in view.uno_open
        and not any(isinstance(a, CallUno) for a in view.legal)
    ):
        declared = str(me)
    single = rs if rs.match is MatchKind.SINGLE_HAND else replace(rs, match=MatchKind.SINGLE_HAND)
    fields = {
        "edition": rs.edition,
        "rules": rules_text(single),
        "players": str(players),
        "seed": str(seed),
        "hand": str(view.hand_no),
        "dealer": str(view.dealer),
        "out": _ints([p for p in range(players) if p not in view.seats]),
        "scores": _ints(view.scores),
        "seats": _ints(view.seats),
        "dir": "+" if view.direction == 1 else "-",
        "turn": str(view.to_act),
        "decision": d.value,
        "colour": "W" if view.colour == WILD else Colour(view.colour).letter,
        "drawn": "-" if view.drawn is None else str(view.drawn),
        "wd4": wd4,
        "uno": _ints(view.uno_open),
        "declared": declared,
        "firstwild": str(firstwild),
        "dead": "0",
        "turns": "0",
        "unit": unit_text(view, tracker, rng),
        "hands": "/".join(format_cards(h) for h in hands),
        "draw": format_cards(draw),
        "discard": "|".join(format_cards(p) for p in piles(view, tracker)),
    }
    # Fields this module does not know (the engine grows) take a fresh game's value.
    defaults = _defaults(single, players)
    return " ".join([TAG, *(f"{k}={fields.get(k, defaults.get(k, '-'))}" for k in FIELDS)])


@functools.lru_cache(maxsize=32)
def _defaults(rs: Ruleset, players: int) -> dict[str, str]:
    """Every field of a fresh game's position text, by name."""
    parts = dump(new_game(rs, players, 1)).split()[1:]
    return dict(part.partition("=")[::2] for part in parts)


def sample_world(view: PlayerView, tracker: Tracker, rng: random.Random) -> Game:
    """One determinized game for ``view``: a single hand from this position."""
    relax = None
    if view.decision is Decision.CHALLENGE and 0 <= tracker.wd4_colour < WILD:
        relax = {tracker.wd4_player: (tracker.wd4_colour, *tracker.wd4_soft)}
    hands, draw = deal_hidden(view, tracker, rng, relax)
    return load(world_text(view, tracker, hands, draw, rng.getrandbits(31)))
