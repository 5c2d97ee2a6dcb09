"""What :func:`game.rules.position.load` checks once a position's fields are read, so that a
hand-written position fails loudly at once, never later in play: who sits where and that
every card of the deck is somewhere exactly once (:func:`table`), the edition's unit
(:func:`unit`), the pending decision and its player's hand (:func:`hand`), and that the
player to act has an answer (:func:`answer`). Each raises :class:`PositionError` naming the
field at fault.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from game.rules.actions import TRAYS, CallUno, Catch
from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Rank, format_cards
from game.rules.editions.attack import AttackGame
from game.rules.editions.roboto import RobotoGame
from game.rules.editions.triple import TripleGame
from game.rules.editions.triple_trays import CAPACITY, OVERLOAD
from game.rules.engine import Decision, Game
from game.rules.errors import PositionError
from game.rules.position_fields import MAX_COUNT, short
from game.rules.registry import edition_of

D = Decision
#: Roboto's decisions during an interruption, and the interruptions they answer.
_INTERRUPTIONS: Final = {
    D.DISCARD: ("discard_colour",),
    D.NICKNAME: ("nickname",),
    D.RACE: ("duel", "house_rule"),
}
#: How many players each interruption names (house_rule: every seated player).
_NAMED: Final = {"discard_colour": 1, "nickname": 2, "duel": 2}
#: Attack: what a player may be named for, and the wild on top it needs.
_PICKING: Final = {
    "": None,
    "attack": Rank.WILD_ATTACK_ATTACK,
    "first_attack": Rank.WILD_ATTACK_ATTACK,
    "swap_hands": Rank.WILD_CUSTOMIZABLE,
    "chosen_presses_twice": Rank.WILD_CUSTOMIZABLE,
}
#: Decisions whose player may hold no card (going out on an Attack-Attack, a Give Away);
#: the house rules on add theirs.
_EMPTY_HANDED: Final = (D.PICK_PLAYER, D.GIVE)



def table(g: Game) -> None:
    """Who sits where and where every card is: true of any position, even a match over."""
    seats, over = g.seats, g.decision is Decision.OVER
    if len(seats) < 2:
        raise PositionError("seats: at least two players must be seated")
    if not over and any(g.match.eliminated[p] for p in seats):
        raise PositionError("out: an eliminated player cannot be seated")
    if not over and g.to_act not in seats:
        raise PositionError("turn: that player is not seated")
    for p in range(g.players):
        if g.hands[p] and p not in seats:
            raise PositionError(f"hands: player {p} is not seated but holds cards")
    have = Counter(c for pile in g.all_piles() for c in pile)
    want = Counter(g.ruleset.cards())
    if have != want:
        extra = format_cards(sorted((have - want).elements()))
        lack = format_cards(sorted((want - have).elements()))
        raise PositionError(
            f"hands, draw, discard: the cards must be the whole deck once: extra {extra}, "
            f"missing {lack}"
        )


def hand(g: Game) -> None:
    """The hand under way: the pending decision fits the edition and the table."""
    d, p, top = g.decision, g.to_act, g.top
    if d not in edition_of(g.ruleset.edition).decisions | _house_decisions(g):
        raise PositionError(f"decision: {g.ruleset.edition} has no {d.value} decision")
    empty_handed = (*_EMPTY_HANDED, *(d for rule in g.house_rules for d in rule.empty_handed))
    for q in g.seats:
        if not g.hands[q] and not (q == p and d in empty_handed):
            raise PositionError(f"hands: seated player {q} holds no card, so the hand is over")
    if g.PILES == 1:  # Triple Play's trays keep their own colours (see the unit)
        if d is Decision.COLOUR and not top.is_wild:
            raise PositionError("decision: a colour is named only for a wild on top")
        if g.colour == WILD and d is not Decision.COLOUR:
            raise PositionError("colour: W (none named yet) only while a wild waits for one")
        if not top.is_wild and g.colour != COLOUR_OF[top]:
            raise PositionError(f"colour: the colour in force is that of the top card {top}")
    if g.colour_then_play and d is not Decision.COLOUR:
        raise PositionError("firstwild: only a first-card wild waiting for its colour")
    if d is Decision.DRAWN:
        if g.drawn is None or g.drawn not in g.hands[p]:
            raise PositionError("drawn: a drawn-card decision needs the drawn card in hand")
        if not g.may_play_drawn(p, g.drawn):
            raise PositionError(f"drawn: {g.drawn} cannot be played now: nothing to decide")
    elif g.drawn is not None:
        raise PositionError("drawn: only a drawn-card decision has a drawn card")
    _check_wd4(g)
    for q in g.uno_open:
        if q not in g.seats or len(g.hands[q]) != 1:
            raise PositionError(f"uno: player {q} is not a seated player with one card")
    if g.uno_declared >= 0 and g.uno_declared not in g.seats:
        raise PositionError("declared: that player is not seated")
    if g.dead_turns >= len(g.seats):
        raise PositionError("dead: a round without play ends the hand (at most seats - 1)")


def _house_decisions(g: Game) -> frozenset[Decision]:
    """The decisions the house rules on add (H-1 a stack; H-2 a 7's swap)."""
    return frozenset(d for rule in g.house_rules for d in rule.decisions)


def _check_wd4(g: Game) -> None:
    d, top = g.decision, g.top
    waiting = RANK_OF[top] == Rank.WILD_DRAW_FOUR and not g.colour_then_play
    if g.wd4 is None:
        if d is Decision.CHALLENGE:
            raise PositionError("wd4: a challenge decision needs the pending Wild Draw Four")
        if d is Decision.COLOUR and waiting:
            raise PositionError("wd4: a Wild Draw Four waiting for its colour needs its wd4")
        return
    who = g.wd4[0]
    if who not in g.seats:
        raise PositionError(f"wd4: player {who} is not seated")
    if d is Decision.COLOUR and waiting and who == g.to_act:
        return
    if d is Decision.CHALLENGE and waiting and g.next_player(who) == g.to_act:
        return
    if d is Decision.CHALLENGE and waiting and isinstance(g, RobotoGame) and g.to_act != who:
        return  # the player Roboto named to continue may challenge it (R-8: not its own)
    if d in _INTERRUPTIONS:  # Roboto interrupted after the colour was named
        return
    raise PositionError(
        "wd4: only a Wild Draw Four on top awaiting its colour (from its player) or its "
        "answer (from the next player, or the one Roboto named) has a wd4 field"
    )


def unit(g: Game) -> None:
    """The electronic unit's state: in range always, and fitting the decision."""
    if isinstance(g, TripleGame):
        _check_trays(g)
    elif isinstance(g, AttackGame):
        _check_launcher(g)
    elif isinstance(g, RobotoGame):
        _check_roboto(g)


def _check_trays(g: TripleGame) -> None:
    b, d = g.bank, g.decision
    if len(b.count) != TRAYS or len(g.tray_colour) != TRAYS:
        raise PositionError(f"unit: {TRAYS} counts, capacities and colours, one per tray")
    if not b.lit or list(b.lit) != sorted(set(b.lit)) or not set(b.lit) <= set(range(TRAYS)):
        raise PositionError("unit: the lit trays are some of 0, 1, 2, each once, in order")
    lo, hi = CAPACITY
    if not all(lo <= cap <= hi for cap in b.capacity):
        raise PositionError(f"unit: a tray's capacity is {lo}-{hi} (T-5)")
    for t, pile in enumerate(g.piles):
        colour = WILD if pile[-1].is_wild else COLOUR_OF[pile[-1]]
        if g.tray_colour[t] != colour:
            raise PositionError(
                f"unit: tray {t}'s colour is {colour} (its top card {pile[-1]}'s), "
                f"not {g.tray_colour[t]}"
            )
    if not 0 <= g.last_tray < TRAYS:
        raise PositionError("unit: the last tray played is 0, 1 or 2")
    last = g.piles[g.last_tray][-1]
    if d is Decision.GIVE:
        if not OVERLOAD[0] <= g.give <= OVERLOAD[1] or RANK_OF[last] != Rank.WILD_GIVE_AWAY:
            raise PositionError(
                f"unit: a give decision shares {OVERLOAD[0]}-{OVERLOAD[1]} cards of an "
                "overload after a Wild Give Away on the last tray (T-10)"
            )
    elif g.give:
        raise PositionError("unit: only a give decision has cards to give")
    if d is Decision.PAIR and RANK_OF[last] != Rank.DISCARD_TWO:
        raise PositionError("decision: pair needs a Discard Two on the last tray (T-8)")


def _check_launcher(g: AttackGame) -> None:
    d, picking, out = g.decision, g.picking, g.going_out
    if g.launcher.presses > MAX_COUNT:
        raise PositionError("unit: too many presses")
    if picking not in _PICKING:
        raise PositionError(f"unit: {short(picking)!r} is not something to name a player for")
    if not -1 <= out < g.players:
        raise PositionError("unit: the player going out is a player, or -1")
    if d is Decision.OVER:
        return
    top = RANK_OF[g.top]
    if picking:
        first = d is Decision.COLOUR and picking == "first_attack"
        if not (d is Decision.PICK_PLAYER or first) or top != _PICKING[picking]:
            raise PositionError(f"unit: naming a player for {picking} needs that wild on top")
    elif d is Decision.PICK_PLAYER:
        raise PositionError("unit: a pick_player decision says what the player is named for")
    going_out = d is Decision.PICK_PLAYER and not g.hands[g.to_act]
    last_card = picking in ("attack", "chosen_presses_twice")  # as a last card
    if (out >= 0) != going_out or (going_out and (out != g.to_act or not last_card)):
        raise PositionError("unit: only a player naming a victim with their last card goes out")


def _check_roboto(g: RobotoGame) -> None:
    u, i, d = g.unit, g.unit.pending, g.decision
    if not 0 <= u.since <= MAX_COUNT:
        raise PositionError(f"unit: plays since the last interruption are 0-{MAX_COUNT}")
    if i is None:
        if d in _INTERRUPTIONS:
            raise PositionError(f"decision: {d.value} needs Roboto's interruption in the unit")
        return
    if i.kind not in _INTERRUPTIONS.get(d, ()):
        raise PositionError(f"unit: a {i.kind} interruption does not fit decision {d.value}")
    named = list(i.players)
    if len(set(named)) != len(named) or not set(named) <= set(g.seats):
        raise PositionError("unit: Roboto names distinct seated players")
    wanted = len(g.seats) if i.kind == "house_rule" else _NAMED.get(i.kind, 2)
    if len(named) != wanted or named[0] != g.to_act:
        raise PositionError(f"unit: {i.kind} names {wanted} players, the first to act")
    if (i.colour is None) != (i.kind != "discard_colour") or (u.covered and i.colour is None):
        raise PositionError("unit: only a discard_colour command names a colour")
    if u.owed not in g.seats or not (i.continues == -1 or i.continues in g.seats):
        raise PositionError("unit: the player owed and who continues are seated (or -1)")


def answer(g: Game) -> None:
    answers = [a for a in g.legal_actions() if not isinstance(a, (CallUno, Catch))]
    if not answers:
        raise PositionError(
            f"decision: player {g.to_act} has no legal answer to the {g.decision.value} decision"
        )
