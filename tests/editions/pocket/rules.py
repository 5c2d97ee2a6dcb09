"""UNO Pocket, an edition that exists only for the tests: its pure rules module.

44 number cards (1-5) and 4 wilds, plus a card rank of its own, the Bell (one per colour):
playing a Bell makes its player aim the edition's device, a little bell, at another player
(a decision of its own, answered by an action of its own), who draws as many cards as the
bell's hidden charge; the bell then rings once more and recharges at random. Fives skip the
next player, unless the edition's one option turns that off.

Everything the edition adds is declared here and registered by :func:`install` (and taken
out by :func:`uninstall`), with the rules layer's registries; no file of the game names it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import game.rules.events as E
from game.rules.actions import Action, add_action, remove_action
from game.rules.cards import COLOURS, NUMBER_RANKS, RANK_OF, Card, Rank, add_rank, card, remove_rank
from game.rules.decisions import Decision, add_decision, remove_decision
from game.rules.engine import Delivery, Game
from game.rules.errors import IllegalAction, PositionError
from game.rules.native import pickle_by_fields
from game.rules.registry import OFFICIAL_DECISIONS, Edition, register, unregister
from game.rules.ruleset import EditionOptions, MatchKind, Ruleset, option, values_by_rank
from game.rules.units import DeviceView, UnitView

NAME = "pocket"
#: The Bell's rank code, and its text after the colour letter (``RBL`` …).
BELL_CODE, BELL_TEXT = 24, "BL"
#: The bell's charge: the cards its target draws (hidden from the players).
CHARGES = range(1, 5)


@dataclass(frozen=True)
class PocketOptions(EditionOptions):
    fives_skip: bool = option(True)
    fives_worth: int = option(5, choices=(5, 25))  # only checked here


@dataclass(frozen=True)
class Ring(Action):
    """Aim the bell at ``target`` (P-2)."""

    target: int


@dataclass(frozen=True)
class BellView(DeviceView):
    """What everyone sees of the bell: how often it has rung (its charge is hidden)."""

    rings: int


@dataclass(init=False, unsafe_hash=True)
class BellRang:
    """The bell rang at ``target``, who drew ``count`` cards."""

    player: int
    target: int
    count: int

    def __init__(self, player: int, target: int, count: int) -> None:
        self.player, self.target, self.count = player, target, count


class Bell:
    """The edition's device: rings so far, and the hidden charge of the next ring."""

    def __init__(self, rings: int = 0, charge: int = 2) -> None:
        self.rings = rings
        self.charge = charge

    def copy(self) -> Bell:
        return Bell(self.rings, self.charge)


class PocketGame(Game):
    """A five skips the next player (when the option says so); a Bell asks its player to
    aim the bell."""

    bell: Bell

    def setup_devices(self) -> None:
        self.bell = Bell()

    def copy_devices_from(self, other: Game) -> None:
        assert isinstance(other, PocketGame)
        self.bell = other.bell.copy()

    def unit_view(self) -> BellView:
        return BellView(self.bell.rings)

    def assume_unit(self, unit: UnitView, rng: random.Random) -> None:
        assert isinstance(unit, BellView)
        self.bell = Bell(unit.rings, rng.choice(CHARGES))

    def unit_text(self) -> str:
        return f"bell:{self.bell.rings}:{self.bell.charge}"

    def load_unit(self, text: str) -> None:
        name, rings, charge = text.split(":")
        if name != "bell":
            raise ValueError(f"not a bell: {text!r}")
        self.bell = Bell(int(rings), int(charge))

    def check_unit(self) -> None:
        if self.bell.rings < 0 or self.bell.charge not in CHARGES:
            raise PositionError("unit: the bell's rings are 0 or more, its charge 1-4")
        if self.decision is AIM and RANK_OF[self.top] != BELL:
            raise PositionError("unit: the bell is aimed only after a Bell is played")

    def delivery_table(self) -> list[Delivery]:
        table = super().delivery_table()
        table[Rank.FIVE] = type(self).five
        table[BELL_CODE] = type(self).aim
        return table

    def five(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        if self.ruleset.opt(PocketOptions).fives_skip:
            self.skip(p, c, target, ev)
        else:
            self.turn_to(p, c, target, ev)

    def aim(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        """P-1: the Bell's player aims the bell."""
        self.ask(p, AIM)

    def device_actions(self, p: int) -> list[Action]:
        if self.decision is AIM:
            return [Ring(p, t) for t in self.seats if t != p]
        return []

    def on_ring(self, a: Ring, ev: list[E.Event]) -> None:
        p, t = a.player, a.target
        self.need(p, "ring the bell", AIM, own="P-2")
        if t == p or not 0 <= t < self.players or self.pos[t] < 0:
            raise IllegalAction("P-2", f"player {p} must aim at another seated player, not {t}")
        n = self.bell.charge
        ev.append(BellRang(p, t, n))  # an event of the edition's own
        self.penalty(t, n, "bell", ev)
        self.bell.rings += 1
        self.bell.charge = self.rng.choice(CHARGES)
        self.begin_turn(self.next_player(p), ev)


PocketGame.HANDLERS = {**Game.HANDLERS, Ring: PocketGame.on_ring}  # type: ignore[dict-item]
# Its action, view and event cross to the bots' process as the engine's do.
pickle_by_fields(globals(), __name__)


def pocket() -> Ruleset:
    deck = [(card(colour, r), 2) for colour in COLOURS for r in NUMBER_RANKS[1:6]]
    deck += [(card(colour, BELL), 1) for colour in COLOURS]
    deck.append((card(None, Rank.WILD), 4))
    values = {**{r: int(r) for r in NUMBER_RANKS}, BELL: 20, Rank.WILD: 50}
    return Ruleset(NAME, tuple(deck), values_by_rank(values), max_players=4,
                   match=MatchKind.SINGLE_HAND, options=PocketOptions())


# Made by install() (a rank and a decision exist while they are registered).
BELL: Rank
AIM: Decision


def _ring(player: int, args: list[str]) -> Ring | None:
    return Ring(player, int(args[0])) if len(args) == 1 and args[0].isdigit() else None


def install() -> Edition:
    """Register the edition and everything it adds; :func:`uninstall` takes them out."""
    global BELL, AIM
    BELL = add_rank("BELL", BELL_CODE, BELL_TEXT)
    AIM = add_decision("AIM", "aim", "P-1", "must aim the bell first")
    add_action(Ring, "ring", _ring, lambda a: str(a.target))
    return register(Edition(pocket(), PocketGame, OFFICIAL_DECISIONS | {AIM}))


def uninstall() -> None:
    unregister(NAME)
    remove_action(Ring)
    remove_decision(AIM)
    remove_rank(BELL)

