"""UNO Roboto (RULES.md section R): a talking unit interrupts play.

After each normal play ("the plate press"), before the card's effect reaches anyone,
the :class:`RobotoUnit` may interrupt (R-5) with a Surprise Command (R-6: discard a
colour, a nickname, a duel) or the house rule race (R-9). Then he names who continues
(R-8), and whatever the top card still owes reaches that player (R-7). Races are
pending decisions answered by ``RaceFinished`` with the finishing order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import accumulate
from typing import ClassVar, Final

import game.rules.chance as chance
import game.rules.events as E
from game.editions.official.rules import official_deck
from game.rules.actions import NICKNAME, Action, Discard, NicknameGiven, RaceFinished
from game.rules.cards import COLOUR_OF, COLOURS, RANK_OF, Card, Colour, Rank
from game.rules.decisions import TURN, Decision
from game.rules.engine import Game, Handler
from game.rules.errors import IllegalAction, PositionError
from game.rules.native import mypyc_attr
from game.rules.position_fields import MAX_COUNT
from game.rules.registry import OFFICIAL_DECISIONS, Edition, register
from game.rules.ruleset import (
    OFFICIAL_VALUES,
    EditionOptions,
    FirstCard,
    MatchKind,
    Ruleset,
    option,
    values_by_rank,
)
from game.rules.table import Table
from game.rules.units import RobotoView, UnitView

#: R-5 (DC): plays that must pass between two interruptions.
MIN_GAP: Final = 3
#: DC: how often each Surprise Command is chosen, in %.
COMMAND_WEIGHTS: Final = {"discard_colour": 50, "duel": 30, "nickname": 20}
COMMANDS: Final = tuple(COMMAND_WEIGHTS)
COMMAND_CUM: Final = tuple(accumulate(COMMAND_WEIGHTS.values()))
#: R-6a (DC): chance that the colour to discard is one the player holds.
HELD_COLOUR: Final = 0.7
#: R-5: chances (in %) of a Surprise Command and of the House Rule after each play.
CHATTINESS: Final[dict[str, tuple[int, int]]] = {"low": (6, 3), "normal": (12, 5), "high": (20, 8)}
#: The decisions of an interruption, and the interruptions they answer.
INTERRUPTIONS: Final = {
    Decision.DISCARD: ("discard_colour",),
    Decision.NICKNAME: ("nickname",),
    Decision.RACE: ("duel", "house_rule"),
}
#: How many players each interruption names (house_rule: every seated player).
NAMED: Final = {"discard_colour": 1, "nickname": 2, "duel": 2}


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class RobotoOptions(EditionOptions):
    """R-2: a house rule was recorded (Roboto may call it); R-5: how often he cuts in."""

    house_rule: bool = option(False)
    chattiness: str = option("normal", choices=tuple(CHATTINESS))


@dataclass(frozen=True)
class Interrupt:
    """One interruption, as scripted by a test: ``kind`` is discard_colour, nickname,
    duel or house_rule; ``players`` the ones named for it; ``colour`` for
    discard_colour; ``continues`` who is named to continue (-1: at random)."""

    kind: str
    players: tuple[int, ...] = ()
    colour: Colour | None = None
    continues: int = -1


# Compiled (it rolls on every plate press); a test records its rolls through an
# interpreted subclass.
@mypyc_attr(allow_interpreted_subclasses=True)
class RobotoUnit:
    """Roboto's scheduler (R-5) and the interruption under way, if any."""

    def __init__(self) -> None:
        self.since = MIN_GAP  # plays since the last interruption (none yet: no wait)
        self.script: list[Interrupt | None] = []  # forced outcomes, one per plate press
        self.pending: Interrupt | None = None
        self.owed = -1  # the player whose play is waiting for its effect
        self.covered = False  # a commanded card now covers the played one

    def roll(self, rng: random.Random, game: Game, house_rule: bool, chat: str) -> Interrupt | None:
        """R-5: does this plate press bring an interruption? Whom does it name?"""
        self.since += 1
        if self.script:
            chosen = self.script.pop(0)
            if chosen is not None:
                self.since = 0
            return chosen
        if self.since <= MIN_GAP:
            return None
        command, house = CHATTINESS[chat]
        roll = rng.random() * 100
        if roll < command:
            self.since = 0
            return self._command(rng, game)
        if house_rule and roll < command + house:
            self.since = 0
            return Interrupt("house_rule", tuple(game.seats))
        return None

    def _command(self, rng: random.Random, game: Game) -> Interrupt:
        kind = chance.weighted(rng, COMMANDS, COMMAND_CUM)
        seats = game.seats
        if kind == "discard_colour":
            who = chance.choice(rng, seats)
            held = sorted({COLOUR_OF[c] for c in game.hands[who] if not c.is_wild})
            if held and rng.random() < HELD_COLOUR:
                colour = Colour(chance.choice(rng, held))
            else:
                colour = chance.choice(rng, COLOURS)
            return Interrupt(kind, (who,), colour)
        pair = chance.sample(rng, seats, 2)
        return Interrupt(kind, (pair[0], pair[1]))

    def copy(self, into: RobotoUnit | None = None) -> RobotoUnit:
        """A unit in this one's state: a new one, or ``into`` made so."""
        other = RobotoUnit() if into is None else into
        other.since, other.script = self.since, list(self.script)
        other.pending, other.owed, other.covered = self.pending, self.owed, self.covered
        return other


class RobotoGame(Game):
    """Official rules with Roboto's interruptions (R-1 … R-14)."""

    HANDLERS: ClassVar[dict[type, Handler]]

    def setup_devices(self) -> None:
        self.unit = RobotoUnit()

    def copy_devices_from(self, other: Game) -> None:
        assert isinstance(other, RobotoGame)
        self.unit = other.unit.copy()

    def copy_state_to(self, new: Table) -> None:
        super().copy_state_to(new)
        assert isinstance(new, RobotoGame)
        new.unit = self.unit

    def unit_view(self) -> RobotoView:
        u, i = self.unit, self.unit.pending
        if i is None:
            return RobotoView(u.since)
        return RobotoView(u.since, i.kind, i.players, i.colour, u.covered)

    def assume_unit(self, unit: UnitView, rng: random.Random) -> None:
        """Plays since the last interruption (none is under way in a searched world)."""
        assert isinstance(unit, RobotoView)
        self.unit.since = unit.since

    def unit_text(self) -> str:
        """``roboto:3`` (plays since the last interruption) or
        ``roboto:0:discard_colour:1:R:2:0:0`` (then the one under way: kind, players,
        colour, who continues, whose play waits, covered)."""
        u, i = self.unit, self.unit.pending
        if i is None:
            return f"roboto:{u.since}"
        colour = "-" if i.colour is None else i.colour.letter
        players = ",".join(map(str, i.players))
        covered = int(u.covered)
        return f"roboto:{u.since}:{i.kind}:{players}:{colour}:{i.continues}:{u.owed}:{covered}"

    def load_unit(self, text: str) -> None:
        parts = text.split(":")
        if parts[0] != "roboto" or len(parts) not in (2, 8):
            raise ValueError(f"not a Roboto state: {text!r}")
        self.unit.since = int(parts[1])
        if len(parts) == 8:
            kind, players, colour, continues, owed, covered = parts[2:]
            if kind not in COMMAND_WEIGHTS and kind != "house_rule":  # mypyc: no star here
                raise ValueError(f"unknown interruption {kind!r}")
            self.unit.pending = Interrupt(
                kind,
                tuple(int(x) for x in players.split(",") if x),
                None if colour == "-" else Colour.parse(colour),
                int(continues),
            )
            self.unit.owed, self.unit.covered = int(owed), covered == "1"

    def check_unit(self) -> None:
        u, i, d = self.unit, self.unit.pending, self.decision
        if not 0 <= u.since <= MAX_COUNT:
            raise PositionError(f"unit: plays since the last interruption are 0-{MAX_COUNT}")
        if i is None:
            if d in INTERRUPTIONS:
                raise PositionError(f"decision: {d.value} needs Roboto's interruption in the unit")
            return
        if i.kind not in INTERRUPTIONS.get(d, ()):
            raise PositionError(f"unit: a {i.kind} interruption does not fit decision {d.value}")
        named = list(i.players)
        if len(set(named)) != len(named) or not set(named) <= set(self.seats):
            raise PositionError("unit: Roboto names distinct seated players")
        wanted = len(self.seats) if i.kind == "house_rule" else NAMED.get(i.kind, 2)
        if len(named) != wanted or named[0] != self.to_act:
            raise PositionError(f"unit: {i.kind} names {wanted} players, the first to act")
        if (i.colour is None) != (i.kind != "discard_colour") or (u.covered and i.colour is None):
            raise PositionError("unit: only a discard_colour command names a colour")
        if u.owed not in self.seats or not (i.continues == -1 or i.continues in self.seats):
            raise PositionError("unit: the player owed and who continues are seated (or -1)")

    def explains_wd4(self, waiting: bool) -> bool:
        """R-7: the player Roboto named to continue may challenge it (R-8: not its own), and
        he may interrupt after the colour was named."""
        d = self.decision
        assert self.wd4 is not None
        return (d is Decision.CHALLENGE and waiting and self.to_act != self.wd4[0]) \
            or d in INTERRUPTIONS

    # ------------------------------------------------------------------
    def first_player(self) -> int:
        return self.seats[self.rng.randrange(len(self.seats))]

    def first_card_effect(self, c: Card, ev: list[E.Event]) -> None:
        first = self.first_player()
        ev.append(E.FirstPlayerChosen(first))
        self.begin_turn(first, ev)  # the first card is always a number

    # ------------------------------------------------------------------ R-5 … R-9
    def settle(self, p: int, c: Card, ev: list[E.Event]) -> None:
        opts = self.ruleset.opt(RobotoOptions)
        chosen = self.unit.roll(self.rng, self, opts.house_rule, opts.chattiness)
        if chosen is None:
            super().settle(p, c, ev)
            return
        self.interrupt(p, chosen, ev)

    def interrupt(self, p: int, i: Interrupt, ev: list[E.Event]) -> None:
        """Start interruption ``i`` after ``p``'s play."""
        self.unit.pending, self.unit.owed, self.unit.covered = i, p, False
        ev.append(E.RobotoInterrupts(i.kind, i.players, i.colour))
        if i.kind == "discard_colour":
            self._next_discard(ev)
        elif i.kind == "nickname":
            self.ask(i.players[0], Decision.NICKNAME)
        else:  # duel, house_rule
            self.ask(i.players[0], Decision.RACE)

    def _commanded(self) -> list[Card]:
        i = self.unit.pending
        assert i is not None and i.colour is not None
        return [c for c in self.hands[i.players[0]] if COLOUR_OF[c] == i.colour]

    def _next_discard(self, ev: list[E.Event]) -> None:
        """R-7: the named player puts the colour down one card at a time; a choice is
        asked only while their order can matter."""
        i = self.unit.pending
        assert i is not None
        who = i.players[0]
        left = self._commanded()
        if len(set(left)) > 1:
            self.ask(who, Decision.DISCARD)
            return
        for c in left:
            if self._put_down(who, c, ev):
                return
        self._finish(ev)

    def _put_down(self, who: int, c: Card, ev: list[E.Event]) -> bool:
        """One commanded card onto the pile; True if it was the owner's last (R-11)."""
        hand = self.hands[who]
        hand.remove(c)
        self.discard.append(c)
        self.colour, self.match_rank = COLOUR_OF[c], RANK_OF[c]
        ev.append(E.CardsDiscarded(who, (c,), "command"))
        self.unit.covered = True
        if RANK_OF[c] == Rank.REVERSE:  # C-16: a Reverse turns play at once, covered or not
            self.direction = -self.direction
            ev.append(E.DirectionChanged(self.direction == 1))
        if not hand:
            self.unit.pending, self.unit.owed = None, -1
            self.go_out(who, c, ev)
            return True
        if len(hand) == 1 and who not in self.uno_open:
            self.uno_open.append(who)
        return False

    def _on_discard(self, a: Discard, ev: list[E.Event]) -> None:
        p, c = a.player, a.card
        self.need(p, "put down a commanded card", Decision.DISCARD)
        if c not in self._commanded():
            raise IllegalAction("R-7", f"{c} is not one of the cards Roboto asked for")
        self.ask(p, TURN)
        if not self._put_down(p, c, ev):
            self._next_discard(ev)

    def _on_nickname(self, a: NicknameGiven, ev: list[E.Event]) -> None:
        self.need(a.player, "give a nickname", Decision.NICKNAME)
        self._finish(ev)

    def _on_race(self, a: RaceFinished, ev: list[E.Event]) -> None:
        self.need(a.player, "report the race", Decision.RACE)
        i = self.unit.pending
        assert i is not None
        if sorted(a.order) != sorted(i.players) or len(set(a.order)) != len(a.order):
            raise IllegalAction("R-10", f"the race order must list each of {i.players} once")
        loser = a.order[-1]
        ev.append(E.RaceEnded(a.order, loser))
        self.penalty(loser, 2, "race", ev)
        self._finish(ev)

    def _finish(self, ev: list[E.Event]) -> None:
        """R-8: Roboto names who continues; the top card's debt reaches them (R-7)."""
        i, p = self.unit.pending, self.unit.owed
        assert i is not None
        self.unit.pending, self.unit.owed, self.unit.covered = None, -1, False
        others = [q for q in self.seats if q != p]
        q = i.continues if i.continues in others else others[self.rng.randrange(len(others))]
        ev.append(E.RobotoNames(q))
        top = self.top
        if RANK_OF[top] != Rank.WILD_DRAW_FOUR:
            self.wd4 = None  # a covered Wild Draw Four owes nothing any more
        # a Wild Draw Four still on top reaches the named player, who may challenge
        # it (C-8) or accept it; the WD4 player's colour stands either way.
        self.deliver(p, top, q, ev)

    def device_actions(self, p: int) -> list[Action]:
        d, i = self.decision, self.unit.pending
        if d is Decision.DISCARD:
            return [Discard(p, c) for c in dict.fromkeys(self._commanded())]
        if d is Decision.NICKNAME:
            return [NICKNAME[p]]
        if d is Decision.RACE and i is not None:
            # One order per outcome (who finishes last); apply takes any order.
            racers = list(i.players)
            return [
                RaceFinished(p, (*(r for r in racers if r != last), last)) for last in racers
            ]
        return []


RobotoGame.HANDLERS = {
    **Game.HANDLERS,
    Discard: RobotoGame._on_discard,  # type: ignore[dict-item]
    NicknameGiven: RobotoGame._on_nickname,  # type: ignore[dict-item]
    RaceFinished: RobotoGame._on_race,  # type: ignore[dict-item]
}


def roboto() -> Ruleset:
    """UNO Roboto (section R): official cards, the talking unit; a single hand."""
    return Ruleset(
        "roboto",
        tuple(official_deck()),
        values_by_rank(OFFICIAL_VALUES),
        match=MatchKind.SINGLE_HAND,
        first_card=FirstCard.RESHUFFLE_ACTIONS,
        options=RobotoOptions(),
    )


EDITION = register(Edition(
    roboto(),
    RobotoGame,
    OFFICIAL_DECISIONS | {Decision.DISCARD, Decision.NICKNAME, Decision.RACE},
))
