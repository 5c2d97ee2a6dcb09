"""What :func:`game.rules.position.load` checks once a position's fields are read, so that a
hand-written position fails loudly at once, never later in play: who sits where and that
every card of the deck is somewhere exactly once (:func:`table`), the edition's unit
(:func:`unit`), the pending decision and its player's hand (:func:`hand`), and that the
player to act has an answer (:func:`answer`). Each raises :class:`PositionError` naming the
field at fault.
"""

from __future__ import annotations

from collections import Counter

from game.rules.actions import CallUno, Catch
from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Rank, format_cards
from game.rules.engine import Decision, Game
from game.rules.errors import PositionError
from game.rules.registry import edition_of


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
    ed = edition_of(g.ruleset.edition)
    if d not in ed.decisions | _house_decisions(g):
        raise PositionError(f"decision: {g.ruleset.edition} has no {d.value} decision")
    empty_handed = (*ed.empty_handed, *(d for rule in g.house_rules for d in rule.empty_handed))
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
    if g.explains_wd4(waiting):  # the edition's own way (R-7: Roboto named who answers)
        return
    raise PositionError(
        "wd4: only a Wild Draw Four on top awaiting its colour (from its player) or its "
        "answer (from the next player, or the one Roboto named) has a wd4 field"
    )


def unit(g: Game) -> None:
    """The electronic unit's state: in range always, and fitting the decision (the
    edition's own check)."""
    g.check_unit()


def answer(g: Game) -> None:
    answers = [a for a in g.legal_actions() if not isinstance(a, (CallUno, Catch))]
    if not answers:
        raise PositionError(
            f"decision: player {g.to_act} has no legal answer to the {g.decision.value} decision"
        )
