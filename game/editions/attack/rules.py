"""UNO Attack (RULES.md section A): the card launcher replaces the draw pile.

The :class:`Launcher` holds the draw pile; a press fires nothing or a burst (A-2).
Hit 2 and Wild Hit 4 make the next player press; Wild Attack-Attack turns the
launcher on a chosen victim; Discard All sheds a whole colour; the Wild Customizable
plays the rule chosen before the game (A-8). There is no Wild Draw Four and no
challenge in Attack.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import accumulate
from typing import ClassVar, Final

import game.rules.chance as chance
import game.rules.events as E
from game.rules.actions import PICK, PRESS, Action, Draw, PickPlayer, PressLauncher
from game.rules.cards import COLOUR_OF, COLOURS, NUMBER_RANKS, RANK_OF, Card, Rank, card
from game.rules.decisions import COLOUR, TURN, Decision
from game.rules.engine import Delivery, Game, Handler
from game.rules.errors import IllegalAction, PositionError
from game.rules.native import mypyc_attr
from game.rules.position_fields import MAX_COUNT, short
from game.rules.registry import Edition, register
from game.rules.ruleset import EditionOptions, Ruleset, option, values_by_rank
from game.rules.table import Table
from game.rules.units import LauncherView, UnitView

#: A-2: chance to fire by presses since the last fire (never five without firing).
FIRE_CHANCE: Final = (0.21, 0.11, 0.54, 1.0)
#: A-2: weights of burst sizes 1..12.
BURST_WEIGHTS: Final = (6, 10, 14, 15, 14, 12, 9, 7, 5, 4, 2, 2)
BURST_SIZES: Final = tuple(range(1, 13))
BURST_CUM: Final = tuple(accumulate(BURST_WEIGHTS))
#: A-8: the coded rules a Wild Customizable can carry.
CUSTOM_EFFECTS: Final = (
    "everyone_presses",
    "swap_hands",
    "chosen_presses_twice",
    "skip_everyone",
    "plain",
)
CUSTOMIZABLE: Final = card(None, Rank.WILD_CUSTOMIZABLE)
#: What a player may be named for (the launcher's ``picking``), and the wild on top it needs.
PICKING: Final = {
    "": None,
    "attack": Rank.WILD_ATTACK_ATTACK,
    "first_attack": Rank.WILD_ATTACK_ATTACK,
    "swap_hands": Rank.WILD_CUSTOMIZABLE,
    "chosen_presses_twice": Rank.WILD_CUSTOMIZABLE,
}


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class AttackOptions(EditionOptions):
    """A-8: how many Wild Customizable cards the deck holds, and the rule they carry."""

    custom_count: int = option(3, lo=0, hi=3)
    custom_effect: str = option("everyone_presses", choices=CUSTOM_EFFECTS)

    def copies(self, c: Card, n: int) -> int:
        return self.custom_count if c == CUSTOMIZABLE else n


# Compiled (a press is on half of an Attack hand's turns); a test records its outcomes
# through an interpreted subclass.
@mypyc_attr(allow_interpreted_subclasses=True)
class Launcher:
    """The dinosaur card launcher (A-2). ``script`` forces the next outcomes (0 is a
    dud, k a burst of k) so tests can set up any situation; the RNG decides the rest."""

    def __init__(self) -> None:
        self.presses = 0  # since the last fire
        self.script: list[int] = []

    def outcome(self, rng: random.Random, loaded: int) -> int:
        """How many cards this press fires (0: a dud), at most ``loaded``."""
        if self.script:
            size = self.script.pop(0)
        elif rng.random() < FIRE_CHANCE[min(self.presses, 3)]:
            size = chance.weighted(rng, BURST_SIZES, BURST_CUM)
        else:
            size = 0
        size = min(size, loaded)
        self.presses = 0 if size else self.presses + 1
        return size

    def copy(self, into: Launcher | None = None) -> Launcher:
        """A launcher in this one's state: a new one, or ``into`` made so."""
        other = Launcher() if into is None else into
        other.presses, other.script = self.presses, list(self.script)
        return other


class AttackGame(Game):
    """Official rules with the launcher and Attack's cards (A-1 … A-12)."""

    HANDLERS: ClassVar[dict[type, Handler]]

    def setup_devices(self) -> None:
        self.launcher = Launcher()
        self.picking = ""  # what the pending PICK_PLAYER decision is for
        self.going_out = -1  # a last card still settling its effect

    def copy_devices_from(self, other: Game) -> None:
        assert isinstance(other, AttackGame)
        self.launcher = other.launcher.copy()

    def copy_state_to(self, new: Table) -> None:
        super().copy_state_to(new)
        assert isinstance(new, AttackGame)
        new.launcher, new.picking, new.going_out = self.launcher, self.picking, self.going_out

    def unit_view(self) -> LauncherView:
        return LauncherView(self.launcher.presses, self.picking, self.going_out)

    def assume_unit(self, unit: UnitView, rng: random.Random) -> None:
        assert isinstance(unit, LauncherView)
        self.launcher.presses, self.picking, self.going_out = (
            unit.presses, unit.picking, unit.going_out)

    def unit_text(self) -> str:
        """``launcher:2:attack:-1``: presses since the last fire, what a pending
        name-a-player decision is for (``-``: none), a player going out (-1: none)."""
        return f"launcher:{self.launcher.presses}:{self.picking or '-'}:{self.going_out}"

    def load_unit(self, text: str) -> None:
        name, presses, picking, going_out = text.split(":")
        if name != "launcher" or int(presses) < 0:
            raise ValueError(f"not a launcher state: {text!r}")
        self.launcher.presses = int(presses)
        self.picking = "" if picking == "-" else picking
        self.going_out = int(going_out)

    def check_unit(self) -> None:
        d, picking, out = self.decision, self.picking, self.going_out
        if self.launcher.presses > MAX_COUNT:
            raise PositionError("unit: too many presses")
        if picking not in PICKING:
            raise PositionError(f"unit: {short(picking)!r} is not something to name a player for")
        if not -1 <= out < self.players:
            raise PositionError("unit: the player going out is a player, or -1")
        if d is Decision.OVER:
            return
        top = RANK_OF[self.top]
        if picking:
            first = d is Decision.COLOUR and picking == "first_attack"
            if not (d is Decision.PICK_PLAYER or first) or top != PICKING[picking]:
                raise PositionError(f"unit: naming a player for {picking} needs that wild on top")
        elif d is Decision.PICK_PLAYER:
            raise PositionError("unit: a pick_player decision says what the player is named for")
        going_out = d is Decision.PICK_PLAYER and not self.hands[self.to_act]
        last_card = picking in ("attack", "chosen_presses_twice")  # as a last card
        if (out >= 0) != going_out or (going_out and (out != self.to_act or not last_card)):
            raise PositionError("unit: only a player naming a victim with their last card goes out")

    # ------------------------------------------------------------------ the launcher
    def press(self, p: int, reason: str, ev: list[E.Event]) -> int:
        """A-2: one press for ``p``; what fires goes to their hand. Returns the count."""
        if not self.draw_pile and self.reshuffle(ev):
            self.launcher.presses = 0  # a reload resets the count
        size = self.launcher.outcome(self.rng, len(self.draw_pile))
        fired: list[Card] = []
        if size:
            fired = self.draw_pile[-size:]
            del self.draw_pile[-size:]
            fired.reverse()
            self.hands[p].extend(fired)
            if p in self.uno_open:
                self.uno_open.remove(p)
        ev.append(E.LauncherPressed(p, tuple(fired), size, self.launcher.presses, reason))
        return size

    def penalty(self, p: int, n: int, reason: str, ev: list[E.Event]) -> None:
        """Every "draw n" of Attack is n presses (A-4, A-5, A-9)."""
        for _ in range(n):
            self.press(p, reason, ev)

    def _on_press(self, a: PressLauncher, ev: list[E.Event]) -> None:
        p = a.player
        if p != self.to_act or self.decision is not TURN:
            raise self.refuse(p, "press the launcher")
        self.uno_open.clear()  # C-12: pressing begins the turn
        fired = self.press(p, "turn", ev)
        if fired:
            self.dead_turns = 0
        elif (not self.draw_pile and not any(self.could_play(c) for c in self.hands[p])
              and self.stalled(ev)):  # DC: an empty launcher and nothing to play, all round
            return
        self.end_turn(p, ev)  # the turn ends whatever fired

    # ------------------------------------------------------------------ decisions
    def turn_actions(self, p: int) -> list[Action]:
        acts = super().turn_actions(p)
        acts[-1] = PRESS[p]  # press instead of drawing
        return acts

    def device_actions(self, p: int) -> list[Action]:
        if self.decision is Decision.PICK_PLAYER:
            return [PICK[p][t] for t in self.seats if t != p]
        return []

    def _on_pick(self, a: PickPlayer, ev: list[E.Event]) -> None:
        p, t = a.player, a.target
        self.need(p, "name a player", Decision.PICK_PLAYER)
        if t == p or not 0 <= t < self.players or self.pos[t] < 0:
            raise IllegalAction("A-6", f"player {p} must name another seated player, not {t}")
        ev.append(E.PlayerPicked(p, t))
        picking, self.picking = self.picking, ""
        if picking == "swap_hands":
            self.hands[p], self.hands[t] = self.hands[t], self.hands[p]
            ev.append(E.HandsSwapped(p, t))
            self._fix_uno_after_swap(p, t)
            self.begin_turn(self.next_player(p), ev)
            return
        self.penalty(t, 2, "attack_attack" if picking.endswith("attack") else "customizable", ev)
        if self.going_out >= 0:
            self.going_out = -1
            self.end_hand(p, ev)
        elif picking == "first_attack":  # the player after the first player starts
            self.begin_turn(self.next_player(p), ev)
        elif picking == "attack":  # play continues after the victim
            self.begin_turn(self.next_player(t), ev)
        else:
            self.begin_turn(self.next_player(p), ev)

    def _fix_uno_after_swap(self, a: int, b: int) -> None:
        for q in (a, b):
            if q in self.uno_open and len(self.hands[q]) != 1:
                self.uno_open.remove(q)

    def _ask(self, p: int, picking: str) -> None:
        self.ask(p, Decision.PICK_PLAYER)
        self.picking = picking

    # ------------------------------------------------------------------ cards
    def place(self, p: int, c: Card, tray: int, ev: list[E.Event]) -> None:
        if RANK_OF[c] == Rank.DISCARD_ALL:  # the whole colour goes, Discard All on top
            hand = self.hands[p]
            rest = [x for x in hand if COLOUR_OF[x] == COLOUR_OF[c]]
            if rest:
                self.hands[p] = [x for x in hand if COLOUR_OF[x] != COLOUR_OF[c]]
                self.discard.extend(rest)
                ev.append(E.CardsDiscarded(p, tuple(rest), "discard_all"))
        super().place(p, c, tray, ev)

    def colour_named(self, p: int, ev: list[E.Event]) -> None:
        r = RANK_OF[self.top]
        if r == Rank.WILD_ATTACK_ATTACK:
            self._ask(p, self.picking or "attack")  # "first_attack" on a first card
            return
        if r == Rank.WILD_CUSTOMIZABLE:
            effect = self.ruleset.opt(AttackOptions).custom_effect
            ev.append(E.CustomEffect(p, effect))
            if effect in ("swap_hands", "chosen_presses_twice"):
                self._ask(p, effect)
                return
            if effect == "everyone_presses":
                for q in self._others(p):
                    self.press(q, "customizable", ev)
            if effect == "skip_everyone":
                self.begin_turn(p, ev)
                return
        super().colour_named(p, ev)

    def _others(self, p: int) -> list[int]:
        """Everyone but ``p``, in turn order from the next player."""
        out, q = [], self.next_player(p)
        while q != p:
            out.append(q)
            q = self.next_player(q)
        return out

    def delivery_table(self) -> list[Delivery]:
        table = super().delivery_table()
        cls = type(self)
        table[Rank.HIT_TWO] = cls._hit_two
        table[Rank.WILD_HIT_FOUR] = cls._wild_hit_four
        return table

    def _hit_two(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        self._hit_deliver(2, "hit_two", target, ev)

    def _wild_hit_four(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        self._hit_deliver(4, "wild_hit_four", target, ev)

    def _hit_deliver(self, n: int, reason: str, target: int, ev: list[E.Event]) -> None:
        self.penalty(target, n, reason, ev)
        ev.append(E.TurnSkipped(target))
        self.begin_turn(self.next_player(target), ev)

    def go_out(self, p: int, c: Card, ev: list[E.Event]) -> None:
        r = RANK_OF[c]
        if r == Rank.HIT_TWO:
            self.penalty(self.next_player(p), 2, "hit_two", ev)
        elif r == Rank.WILD_HIT_FOUR:
            self.penalty(self.next_player(p), 4, "wild_hit_four", ev)
        elif r == Rank.WILD_ATTACK_ATTACK:  # played normally even as a last card
            self.going_out = p
            self._ask(p, "attack")
            return
        elif r == Rank.WILD_CUSTOMIZABLE:
            # DC: as a last card only the effects that hit others still apply.
            effect = self.ruleset.opt(AttackOptions).custom_effect
            ev.append(E.CustomEffect(p, effect))
            if effect == "chosen_presses_twice":
                self.going_out = p
                self._ask(p, effect)
                return
            if effect == "everyone_presses":
                for q in self._others(p):
                    self.press(q, "customizable", ev)
        self.end_hand(p, ev)

    # ------------------------------------------------------------------ first card
    def first_card_effect(self, c: Card, ev: list[E.Event]) -> None:
        first = self.first_player()
        r = RANK_OF[c]
        if r in (Rank.WILD, Rank.WILD_CUSTOMIZABLE):
            self.ask(first, COLOUR)
            self.colour_then_play = True
        elif r == Rank.WILD_ATTACK_ATTACK:
            self.ask(first, COLOUR)
            self.picking = "first_attack"
        elif r == Rank.HIT_TWO:
            self.penalty(first, 2, "hit_two", ev)
            ev.append(E.TurnSkipped(first))
            self.begin_turn(self.next_player(first), ev)
        elif r == Rank.WILD_HIT_FOUR:
            self.penalty(first, 4, "wild_hit_four", ev)
            ev.append(E.TurnSkipped(first))
            self.ask(self.next_player(first), COLOUR)
            self.colour_then_play = True
        else:
            super().first_card_effect(c, ev)


AttackGame.HANDLERS = {
    **{k: v for k, v in Game.HANDLERS.items() if k is not Draw},  # press, not draw
    PressLauncher: AttackGame._on_press,  # type: ignore[dict-item]
    PickPlayer: AttackGame._on_pick,  # type: ignore[dict-item]
}


def attack() -> Ruleset:
    """UNO Attack (section A): 112 cards, the launcher, a standard match to 500."""
    deck: list[tuple[Card, int]] = []
    for colour in COLOURS:
        deck += [(card(colour, r), 2) for r in NUMBER_RANKS[1:]]
        deck += [
            (card(colour, Rank.REVERSE), 1),
            (card(colour, Rank.SKIP), 2),
            (card(colour, Rank.HIT_TWO), 2),
            (card(colour, Rank.DISCARD_ALL), 2),
        ]
    deck += [
        (card(None, Rank.WILD), 4),
        (card(None, Rank.WILD_ATTACK_ATTACK), 4),
        (CUSTOMIZABLE, 3),
        (card(None, Rank.WILD_HIT_FOUR), 1),
    ]
    values = {
        **{r: int(r) for r in NUMBER_RANKS},
        Rank.REVERSE: 20,
        Rank.SKIP: 20,
        Rank.HIT_TWO: 20,
        Rank.DISCARD_ALL: 30,
        Rank.WILD: 50,
        Rank.WILD_HIT_FOUR: 50,
        Rank.WILD_ATTACK_ATTACK: 50,
        Rank.WILD_CUSTOMIZABLE: 50,
    }
    return Ruleset("attack", tuple(deck), values_by_rank(values), options=AttackOptions())


EDITION = register(Edition(
    attack(),
    AttackGame,
    frozenset({Decision.TURN, Decision.COLOUR, Decision.PICK_PLAYER, Decision.OVER}),  # no WD4
    empty_handed=frozenset({Decision.PICK_PLAYER}),  # going out on an Attack-Attack
))
