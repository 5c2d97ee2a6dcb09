"""Dealing a hand and turning the first card (C-2, C-3, C-4 and each edition's variant).

Functions over a :class:`~game.rules.engine.Game`; the game's hooks ``start_discard``,
``first_player`` and ``first_card_effect`` call them, and editions override those hooks.
Everything random comes from the game's RNG, in a fixed order, so hands replay exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import game.rules.chance as chance
import game.rules.events as E
from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Card, Rank
from game.rules.decisions import COLOUR
from game.rules.legality import NO_RANK
from game.rules.match import seating
from game.rules.ruleset import FirstCard

if TYPE_CHECKING:
    from game.rules.table import Table


def start_hand(g: Table, ev: list[E.Event]) -> None:
    """Seat the players for the next hand, choose the dealer, deal and turn the first
    card (whose effect may already start the first turn)."""
    ms, rs = g.match, g.ruleset
    ms.hand_no += 1
    g.seats = seating(rs.match, ms, ms.hand_no)
    g.pos = [-1] * g.players
    for i, q in enumerate(g.seats):
        g.pos[q] = i
    g.direction = 1
    g.hands = [[] for _ in range(g.players)]
    g.uno_open = []
    g.uno_declared = -1
    g.wd4 = None
    g.drawn = None
    g.colour_then_play = False
    g.dead_turns = 0
    g.starved = 0
    if ms.hand_no == 1 or ms.dealer not in g.seats:
        ms.dealer = choose_dealer(g, ev)
    else:
        ms.dealer = g.next_player(ms.dealer)
    deck = rs.cards()
    g.shuffle(deck)
    n = rs.hand_size
    for i, q in enumerate(g.seats):
        g.hands[q] = deck[len(deck) - n * (i + 1) : len(deck) - n * i]
    del deck[len(deck) - n * len(g.seats) :]
    g.draw_pile = deck
    ev.append(E.HandStarted(ms.hand_no, ms.dealer, tuple(g.seats)))
    g.start_discard(ev)


def choose_dealer(g: Table, ev: list[E.Event]) -> int:
    """C-2: each player draws; highest number deals (actions count 0); ties redraw."""
    seats = g.seats
    if not g.ruleset.dealer_draw:
        dealer = chance.choice(g.rng, seats)
        ev.append(E.DealerChosen(dealer, ()))
        return dealer
    deck = g.ruleset.cards()
    rounds: list[tuple[tuple[int, Card], ...]] = []
    drawing = list(seats)
    while True:
        if len(deck) < len(drawing):
            deck = g.ruleset.cards()
        picks = chance.sample(g.rng, range(len(deck)), len(drawing))
        draws = tuple((q, deck[i]) for q, i in zip(drawing, picks, strict=True))
        for i in sorted(picks, reverse=True):
            del deck[i]
        rounds.append(draws)
        score = {q: (RANK_OF[c] if RANK_OF[c] <= 9 else 0) for q, c in draws}
        best = max(score.values())
        drawing = [q for q in drawing if score[q] == best]
        if len(drawing) == 1:
            ev.append(E.DealerChosen(drawing[0], tuple(rounds)))
            return drawing[0]


def turn_first_card(g: Table, rule: FirstCard, passed: list[Card]) -> Card:
    """Turn cards from the draw pile until one may start a pile, by ``rule``; the
    cards turned and set aside are added to ``passed``."""
    pile = g.draw_pile
    while True:
        c = pile.pop()
        rank = RANK_OF[c]
        if (rule is FirstCard.OFFICIAL and rank == Rank.WILD_DRAW_FOUR) or (
            rule is FirstCard.RESHUFFLE_ACTIONS and rank > 9
        ):
            passed.append(c)
            pile.append(c)
            g.shuffle(pile)
        elif rule is FirstCard.BOTTOM_ACTIONS and rank > 9:
            passed.append(c)
            pile.insert(0, c)
        elif rule is FirstCard.COVER_ACTIONS and rank > 9:
            passed.append(c)
            g.discard.append(c)
        else:
            return c


def start_discard(g: Table, ev: list[E.Event]) -> None:
    """The official start: one discard pile, its first card by the ruleset's rule,
    then its effect (C-4)."""
    g.discard.clear()
    passed: list[Card] = []
    c = turn_first_card(g, g.ruleset.first_card, passed)
    g.discard.append(c)
    ev.append(E.FirstCard(c, tuple(passed)))
    g.colour = WILD if c >= 128 else COLOUR_OF[c]
    g.match_rank = NO_RANK if c >= 128 else RANK_OF[c]
    g.first_card_effect(c, ev)


def first_card_effect(g: Table, c: Card, ev: list[E.Event]) -> None:
    """C-4: the first card's effect on the first player."""
    first = g.first_player()
    rank = RANK_OF[c]
    if rank == Rank.WILD:
        g.ask(first, COLOUR)
        g.colour_then_play = True
    elif rank == Rank.DRAW_TWO:
        g.penalty(first, 2, "first_card", ev)
        ev.append(E.TurnSkipped(first))
        g.begin_turn(g.next_player(first), ev)
    elif rank == Rank.REVERSE:
        g.direction = -1
        ev.append(E.DirectionChanged(False))
        g.begin_turn(g.match.dealer, ev)
    elif rank == Rank.SKIP:
        ev.append(E.TurnSkipped(first))
        g.begin_turn(g.next_player(first), ev)
    else:
        g.begin_turn(first, ev)
