"""UNO Triple Play (RULES.md section T): three discard trays on an electronic unit.

The unit's :class:`~game.editions.triple.trays.TrayBank` (in its own module) lights
some trays at each turn (only those take a card), counts presses against a hidden
capacity per tray and overloads a tray, whose presser then draws the number shown. This
module holds the edition's rules (:class:`TripleGame`), its options and its ruleset.
Wilds name no colour (any card may follow them); Discard Two takes a second card of its
colour; Wild Clear resets its tray; Wild Give Away shares an overload penalty among
opponents. The timer mode is an input: ``TimeUp``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

import game.rules.events as E
from game.editions.triple.trays import CAPACITY, OVERLOAD, TrayBank
from game.rules.actions import (
    DRAW,
    PASS,
    PICK_TRAY,
    PLAY_AT,
    TRAYS,
    Action,
    GiveAway,
    Pair,
    Pass,
    PickTray,
    TimeUp,
)
from game.rules.cards import COLOUR_OF, COLOURS, NUMBER_RANKS, RANK_OF, WILD, Card, Rank, card
from game.rules.decisions import DRAWN, TURN, Decision
from game.rules.engine import Delivery, Game, Handler
from game.rules.errors import IllegalAction, PositionError
from game.rules.events import FirstPlayerChosen
from game.rules.legality import NO_RANK, PLAYABLE
from game.rules.native import mypyc_attr
from game.rules.registry import Edition, register
from game.rules.ruleset import EditionOptions, FirstCard, Ruleset, option, values_by_rank
from game.rules.table import Table
from game.rules.units import TimerView, TraysView, UnitView


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class TripleOptions(EditionOptions):
    """T-12: the turn timer (its seconds, its penalty); T-2: the youngest player, who
    starts (-1: nobody is asked, the player left of the dealer starts)."""

    timer: bool = option(False)
    timer_seconds: int = option(7, lo=1)
    timer_penalty: int = option(6, lo=0)
    starting_player: int = option(-1, lo=-1)

    def check(self, rs: Ruleset) -> None:
        if self.starting_player >= rs.max_players:
            raise ValueError("starting_player is a seat, or -1 for left of the dealer")
        if self.timer_penalty > len(rs.cards()):
            raise ValueError("a penalty cannot be more cards than the deck holds")


def shares_of(n: int, opponents: list[int]) -> list[tuple[tuple[int, int], ...]]:
    """Every way to deal ``n`` cards among ``opponents`` (stars and bars)."""
    k = len(opponents)
    out = []
    for bars in combinations(range(n + k - 1), k - 1):
        counts, prev = [], -1
        for b in (*bars, n + k - 1):
            counts.append(b - prev - 1)
            prev = b
        out.append(tuple((q, c) for q, c in zip(opponents, counts, strict=True) if c))
    return out


class TripleGame(Game):
    """Official rules on three lit trays (T-1 … T-14)."""

    HANDLERS: ClassVar[dict[type, Handler]]
    PILES: ClassVar[int] = TRAYS

    def setup_devices(self) -> None:
        self.bank = TrayBank()
        self.tray_colour = [WILD] * TRAYS
        self.tray_rank = [NO_RANK] * TRAYS
        self.last_tray = 0
        self.give = 0  # T-10: penalty cards waiting to be shared
        self.overload_due: tuple[int, int] | None = None  # drawn before the next turn
        self.piles = [[] for _ in range(TRAYS)]
        self.discard = self.piles[0]

    def copy_devices_from(self, other: Game) -> None:
        assert isinstance(other, TripleGame)
        self.bank = other.bank.copy()
        self.tray_colour = list(other.tray_colour)
        self.tray_rank = list(other.tray_rank)

    def copy_state_to(self, new: Table) -> None:
        super().copy_state_to(new)
        assert isinstance(new, TripleGame)
        new.bank, new.tray_colour, new.tray_rank = self.bank, self.tray_colour, self.tray_rank
        new.last_tray, new.give, new.overload_due = self.last_tray, self.give, self.overload_due

    def unit_view(self) -> TraysView:
        """The white lights and the capacity lights; counts and capacities are hidden."""
        opts = self.ruleset.opt(TripleOptions)
        timer = TimerView(opts.timer_seconds, opts.timer_penalty) if opts.timer else None
        lights = tuple(self.bank.light(t) for t in range(TRAYS))
        return TraysView(self.bank.lit, lights, timer, self.last_tray)

    def assume_unit(self, unit: UnitView, rng: random.Random) -> None:
        """Lit trays as shown; each count and hidden capacity drawn to agree with its
        light (green: 4 or more presses left, yellow 2-3, red 1); nothing to give."""
        assert isinstance(unit, TraysView)
        b = self.bank
        b.lit = unit.lit
        for t in range(TRAYS):
            cap = rng.randint(*CAPACITY)
            light = unit.lights[t]
            if light == "green":
                left = rng.randint(4, cap)
            else:
                left = rng.randint(2, 3) if light == "yellow" else 1
            b.count[t], b.capacity[t] = cap - left, cap
            self._top(t, self.piles[t][-1])
        self.last_tray, self.give = unit.last, 0

    def unit_text(self) -> str:
        """``trays:02:0,4,6:9,7,7:0,1,4:2:0``: lit trays, counts, capacities, colours in
        force, last tray, cards to give away."""
        b = self.bank
        lit = "".join(str(t) for t in b.lit) or "-"
        counts = ",".join(map(str, b.count))
        caps = ",".join(map(str, b.capacity))
        colours = ",".join(map(str, self.tray_colour))
        return f"trays:{lit}:{counts}:{caps}:{colours}:{self.last_tray}:{self.give}"

    def load_unit(self, text: str) -> None:
        name, lit, counts, caps, colours, last, give = text.split(":")
        if name != "trays":
            raise ValueError(f"not a tray bank state: {text!r}")
        b = self.bank
        b.lit = () if lit == "-" else tuple(int(x) for x in lit)
        b.count = [int(x) for x in counts.split(",")]
        b.capacity = [int(x) for x in caps.split(",")]
        self.tray_colour = [int(x) for x in colours.split(",")]
        if not all(0 <= c < cap for c, cap in zip(b.count, b.capacity, strict=True)):
            raise ValueError("each tray's count must be below its capacity")
        self.last_tray, self.give = int(last), int(give)
        self.tray_rank = [NO_RANK if COLOUR_OF[p[-1]] == WILD else RANK_OF[p[-1]]
                          for p in self.piles]

    def check_unit(self) -> None:
        b, d = self.bank, self.decision
        if len(b.count) != TRAYS or len(self.tray_colour) != TRAYS:
            raise PositionError(f"unit: {TRAYS} counts, capacities and colours, one per tray")
        if not b.lit or list(b.lit) != sorted(set(b.lit)) or not set(b.lit) <= set(range(TRAYS)):
            raise PositionError("unit: the lit trays are some of 0, 1, 2, each once, in order")
        lo, hi = CAPACITY
        if not all(lo <= cap <= hi for cap in b.capacity):
            raise PositionError(f"unit: a tray's capacity is {lo}-{hi} (T-5)")
        for t, pile in enumerate(self.piles):
            colour = WILD if pile[-1].is_wild else COLOUR_OF[pile[-1]]
            if self.tray_colour[t] != colour:
                raise PositionError(
                    f"unit: tray {t}'s colour is {colour} (its top card {pile[-1]}'s), "
                    f"not {self.tray_colour[t]}"
                )
        if not 0 <= self.last_tray < TRAYS:
            raise PositionError("unit: the last tray played is 0, 1 or 2")
        last = self.piles[self.last_tray][-1]
        if d is Decision.GIVE:
            if not OVERLOAD[0] <= self.give <= OVERLOAD[1] or RANK_OF[last] != Rank.WILD_GIVE_AWAY:
                raise PositionError(
                    f"unit: a give decision shares {OVERLOAD[0]}-{OVERLOAD[1]} cards of an "
                    "overload after a Wild Give Away on the last tray (T-10)"
                )
        elif self.give:
            raise PositionError("unit: only a give decision has cards to give")
        if d is Decision.PAIR and RANK_OF[last] != Rank.DISCARD_TWO:
            raise PositionError("decision: pair needs a Discard Two on the last tray (T-8)")

    # ------------------------------------------------------------------ trays
    def _fits_tray(self, c: Card, t: int) -> bool:
        return PLAYABLE[self.tray_colour[t] * 32 + self.tray_rank[t]][c]

    def fits(self, c: Card) -> bool:
        return any(self._fits_tray(c, t) for t in self.bank.lit)

    def could_play(self, c: Card) -> bool:
        return any(self._fits_tray(c, t) for t in range(TRAYS))  # lights change each turn

    def turn_started(self, p: int, ev: list[E.Event]) -> None:
        ev.append(E.TraysLit(p, self.bank.light_up(self.rng)))

    def _press(self, p: int, t: int, ev: list[E.Event], clear: bool = False) -> int:
        if clear:  # T-9: the reset replaces the press
            self.bank.reset(t, self.rng)
            ev.append(E.TrayPressed(p, t, "green", 0, cleared=True))
            return 0
        n = self.bank.press(t, self.rng)
        ev.append(E.TrayPressed(p, t, self.bank.light(t), n))
        return n

    # ------------------------------------------------------------------ decisions
    def turn_actions(self, p: int) -> list[Action]:
        acts: list[Action] = []
        plays, lit = PLAY_AT[p], self.bank.lit
        seen: list[Card] = []  # one action per distinct card and tray, in hand order
        for c in self.hands[p]:
            if c not in seen:
                seen.append(c)
                for t in lit:
                    if self._fits_tray(c, t):
                        acts.append(plays[t][c])
        acts.append(DRAW[p])
        return acts

    def drawn_actions(self, p: int, drawn: Card) -> list[Action]:
        plays = PLAY_AT[p]
        acts: list[Action] = [plays[t][drawn] for t in self.bank.lit if self._fits_tray(drawn, t)]
        acts.append(PASS[p])
        return acts

    def device_actions(self, p: int) -> list[Action]:
        d = self.decision
        if d is Decision.PRESS_TRAY:
            return [PICK_TRAY[p][t] for t in self.bank.lit]
        if d is Decision.PAIR:
            colour = COLOUR_OF[self.piles[self.last_tray][-1]]
            pairs: list[Action] = [
                Pair(p, c) for c in dict.fromkeys(self.hands[p]) if COLOUR_OF[c] == colour
            ]
            return [*pairs, PASS[p]]
        if d is Decision.GIVE:
            opponents = [q for q in self.seats if q != p]
            return [GiveAway(p, s) for s in shares_of(self.give, opponents)]
        return []

    def check_play(self, p: int, c: Card, tray: int) -> None:
        if not 0 <= tray < TRAYS or tray not in self.bank.lit:
            raise IllegalAction("T-3", f"tray {tray} is not lit: play on {self.bank.lit}")
        if not self._fits_tray(c, tray):
            raise IllegalAction("T-4", f"{c} does not match tray {tray}'s {self.piles[tray][-1]}")

    def place(self, p: int, c: Card, tray: int, ev: list[E.Event]) -> None:
        self.piles[tray].append(c)
        self.last_tray = tray
        ev.append(E.CardPlayed(p, c, tray))
        self._top(tray, c)

    def _top(self, t: int, c: Card) -> None:
        if c >= 128:  # T-7: wilds name no colour
            self.tray_colour[t], self.tray_rank[t] = WILD, NO_RANK
        else:
            self.tray_colour[t], self.tray_rank[t] = COLOUR_OF[c], RANK_OF[c]

    def after_place(self, p: int, c: Card, ev: list[E.Event]) -> None:
        col = COLOUR_OF[c]
        if RANK_OF[c] == Rank.DISCARD_TWO and any(COLOUR_OF[x] == col for x in self.hands[p]):
            self.ask(p, Decision.PAIR)  # T-8
            return
        self.finish_play(p, c, ev)

    def finish_play(self, p: int, c: Card, ev: list[E.Event]) -> None:
        """The card(s) are on the tray: press it; then going out or the card's effect,
        and an overload's penalty once the effect is done (T-6)."""
        r = RANK_OF[c]
        n = self._press(p, self.last_tray, ev, clear=r == Rank.WILD_CLEAR)
        if n and r == Rank.WILD_GIVE_AWAY:
            self.give = n
            self.ask(p, Decision.GIVE)  # T-10
            return
        if n:  # nobody goes out on an overload, nor owes UNO before its penalty
            self.overload_due = (p, n)
            self.start_effect(p, c, ev)
            return
        self._continue(p, c, ev)

    def begin_turn(self, p: int, ev: list[E.Event]) -> None:
        if self.overload_due is not None:  # T-6: the effect first, then the overload
            q, n = self.overload_due
            self.overload_due = None
            self.penalty(q, n, "overload", ev)
        super().begin_turn(p, ev)

    def _continue(self, p: int, c: Card, ev: list[E.Event]) -> None:
        hand = self.hands[p]
        if not hand:
            self.end_hand(p, ev)
            return
        if len(hand) == 1 and self.uno_declared != p:
            self.uno_open.append(p)
        self.start_effect(p, c, ev)

    def start_effect(self, p: int, c: Card, ev: list[E.Event]) -> None:
        if RANK_OF[c] == Rank.REVERSE:
            self.direction = -self.direction
            ev.append(E.DirectionChanged(self.direction == 1))
        self.settle(p, c, ev)

    def delivery_table(self) -> list[Delivery]:
        return super().delivery_table()  # Skip and Reverse as C (T-11); the rest: next

    def _on_pair(self, a: Pair, ev: list[E.Event]) -> None:
        p, c = a.player, a.card
        self.need(p, "pair the Discard Two", Decision.PAIR)
        t = self.last_tray
        if c not in self.hands[p] or COLOUR_OF[c] != COLOUR_OF[self.piles[t][-1]]:
            raise IllegalAction("T-8", f"{c} is not a card of the Discard Two's colour in hand")
        self.hands[p].remove(c)
        self.piles[t].append(c)
        self._top(t, c)
        ev.append(E.CardsDiscarded(p, (c,), "pair"))
        self.ask(p, TURN)
        self.finish_play(p, c, ev)

    def _on_pass(self, a: Pass, ev: list[E.Event]) -> None:
        p = a.player
        self.need(p, "pass", DRAWN, Decision.PAIR)
        if self.decision is Decision.PAIR:  # T-8: the Discard Two alone
            self.ask(p, TURN)
            self.finish_play(p, self.piles[self.last_tray][-1], ev)
            return
        self.drawn = None
        ev.append(E.DrawnCardKept(p))
        self.end_turn(p, ev)

    def end_turn(self, p: int, ev: list[E.Event]) -> None:
        self.ask(p, Decision.PRESS_TRAY)  # T-4: press any lit tray

    def _on_press_tray(self, a: PickTray, ev: list[E.Event]) -> None:
        p, t = a.player, a.tray
        self.need(p, "press a tray", Decision.PRESS_TRAY)
        if t not in self.bank.lit:
            raise IllegalAction("T-4", f"tray {t} is not lit: press one of {self.bank.lit}")
        n = self._press(p, t, ev)
        if n:
            self.penalty(p, n, "overload", ev)
        self.begin_turn(self.next_player(p), ev)

    def _on_give(self, a: GiveAway, ev: list[E.Event]) -> None:
        p = a.player
        self.need(p, "share the penalty", Decision.GIVE)
        targets = [q for q, _ in a.shares]
        if (
            sum(n for _, n in a.shares) != self.give
            or any(n < 1 for _, n in a.shares)
            or len(set(targets)) != len(targets)
            or any(q == p or q not in self.seats for q in targets)
        ):
            raise IllegalAction("T-10", f"share exactly {self.give} cards among opponents")
        self.give = 0
        ev.append(E.PenaltyShared(p, a.shares))
        for q, n in a.shares:
            self.penalty(q, n, "give_away", ev)
        self.ask(p, TURN)
        self._continue(p, self.piles[self.last_tray][-1], ev)

    def _on_time_up(self, a: TimeUp, ev: list[E.Event]) -> None:
        p = a.player
        opts = self.ruleset.opt(TripleOptions)
        if not opts.timer:
            raise IllegalAction("T-12", "the turn timer is off")
        self.need(p, "run out of time", TURN, DRAWN, Decision.PRESS_TRAY)
        self.uno_open.clear()
        self.drawn = None
        ev.append(E.TimeRanOut(p))
        self.penalty(p, opts.timer_penalty, "time_up", ev)
        self.begin_turn(self.next_player(p), ev)  # no tray press

    # ------------------------------------------------------------------ set-up (T-2)
    def start_discard(self, ev: list[E.Event]) -> None:
        self.bank.reset_all(self.rng)
        for t in range(TRAYS):
            passed: list[Card] = []
            c = self.turn_first_card(FirstCard.BOTTOM_ACTIONS, passed)
            self.piles[t][:] = [c]
            self._top(t, c)
            ev.append(E.FirstCard(c, tuple(passed), t))
        first = self.first_player()
        ev.append(FirstPlayerChosen(first))
        self.begin_turn(first, ev)

    def first_player(self) -> int:
        p = self.ruleset.opt(TripleOptions).starting_player
        return p if 0 <= p < self.players and self.pos[p] >= 0 else super().first_player()


TripleGame.HANDLERS = {
    **Game.HANDLERS,
    Pass: TripleGame._on_pass,  # type: ignore[dict-item]
    Pair: TripleGame._on_pair,  # type: ignore[dict-item]
    PickTray: TripleGame._on_press_tray,  # type: ignore[dict-item]
    GiveAway: TripleGame._on_give,  # type: ignore[dict-item]
    TimeUp: TripleGame._on_time_up,  # type: ignore[dict-item]
}


def triple() -> Ruleset:
    """UNO Triple Play (section T): three trays, 2-6 players, a match to 500."""
    deck: list[tuple[Card, int]] = []
    for colour in COLOURS:
        deck.append((card(colour, Rank.ZERO), 1))
        deck += [(card(colour, r), 2) for r in (*NUMBER_RANKS[1:], Rank.REVERSE, Rank.SKIP)]
        deck.append((card(colour, Rank.DISCARD_TWO), 2))
    deck += [
        (card(None, Rank.WILD), 4),
        (card(None, Rank.WILD_CLEAR), 4),
        (card(None, Rank.WILD_GIVE_AWAY), 4),
    ]
    values = {
        **{r: int(r) for r in NUMBER_RANKS},
        Rank.REVERSE: 20,
        Rank.SKIP: 20,
        Rank.DISCARD_TWO: 20,
        Rank.WILD: 50,
        Rank.WILD_CLEAR: 50,
        Rank.WILD_GIVE_AWAY: 50,
    }
    return Ruleset("triple", tuple(deck), values_by_rank(values), max_players=6,
                   first_card=FirstCard.BOTTOM_ACTIONS, options=TripleOptions())


EDITION = register(Edition(
    triple(),
    TripleGame,
    frozenset({Decision.TURN, Decision.DRAWN, Decision.PRESS_TRAY, Decision.PAIR,
               Decision.GIVE, Decision.OVER}),
    empty_handed=frozenset({Decision.GIVE}),  # a last Wild Give Away overloaded (T-10)
))
