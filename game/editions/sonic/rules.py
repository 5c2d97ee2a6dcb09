"""UNO Sonic the Hedgehog (RULES.md section S): official rules plus the Wild Victory Lap.

S-3 (held wilds count against a Wild Draw Four) and S-4 (action first cards are
covered) are options every edition has, on by default here; only the Victory Lap needs
code.
"""

from __future__ import annotations

import game.rules.events as E
from game.editions.official.rules import official_deck
from game.rules.cards import RANK_OF, Card, Rank, card
from game.rules.engine import Delivery, Game
from game.rules.registry import Edition, register
from game.rules.ruleset import OFFICIAL_VALUES, FirstCard, MatchKind, Ruleset, values_by_rank


class SonicGame(Game):
    def delivery_table(self) -> list[Delivery]:
        table = super().delivery_table()
        table[Rank.WILD_VICTORY_LAP] = type(self)._victory_lap
        return table

    def _victory_lap(self, p: int, c: Card, target: int, ev: list[E.Event]) -> None:
        """S-2: every other player draws one card; then the next player plays."""
        self.lap(p, ev)
        self.begin_turn(target, ev)

    def go_out(self, p: int, c: Card, ev: list[E.Event]) -> None:
        if RANK_OF[c] == Rank.WILD_VICTORY_LAP:  # S-2: as a last card the others still draw
            self.lap(p, ev)
        super().go_out(p, c, ev)

    def lap(self, p: int, ev: list[E.Event]) -> None:
        """Every player but ``p`` draws one, in turn order from the next."""
        q = self.next_player(p)
        while q != p:
            self.penalty(q, 1, "victory_lap", ev)
            q = self.next_player(q)


def sonic() -> Ruleset:
    """UNO Sonic (section S): C plus 4 Wild Victory Lap; single hand by default."""
    deck = (*official_deck(), (card(None, Rank.WILD_VICTORY_LAP), 4))
    return Ruleset(
        "sonic",
        deck,
        values_by_rank(OFFICIAL_VALUES),
        match=MatchKind.SINGLE_HAND,
        first_card=FirstCard.COVER_ACTIONS,
        wd4_counts_wilds=True,
    )


EDITION = register(Edition(sonic(), SonicGame))
