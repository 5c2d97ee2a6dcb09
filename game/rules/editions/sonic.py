"""UNO Sonic the Hedgehog (RULES.md section S): official rules plus the Wild Victory Lap.

S-3 (held wilds count against a Wild Draw Four) and S-4 (action first cards are
covered) are ruleset options; only the Victory Lap needs code.
"""

from __future__ import annotations

from game.rules import events as E
from game.rules.cards import Card, Rank
from game.rules.engine import Effect, Game


class SonicGame(Game):
    def effect_table(self) -> list[Effect]:
        table = super().effect_table()
        table[Rank.WILD_VICTORY_LAP] = self._wild  # S-2: names the colour first
        return table

    def after_colour(self, p: int, ev: list[E.Event]) -> None:
        if self.top & 31 == Rank.WILD_VICTORY_LAP:
            self.victory_lap(p, ev)
        super().after_colour(p, ev)

    def go_out(self, p: int, c: Card, ev: list[E.Event]) -> None:
        if c & 31 == Rank.WILD_VICTORY_LAP:  # S-2: as a last card the others still draw
            self.victory_lap(p, ev)
        super().go_out(p, c, ev)

    def victory_lap(self, p: int, ev: list[E.Event]) -> None:
        """S-2: every other player draws one card, in turn order from the next."""
        q = self.next_player(p)
        while q != p:
            self._draw(q, 1, "victory_lap", ev)
            q = self.next_player(q)
