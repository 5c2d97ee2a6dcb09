"""The guided hand's friendly deal: one person against one AI on the official rules, set
up so that every step of the guide comes up when the person follows the pointer.

The cards are fixed (not a seed that happens to work) and loaded through the engine's
position text form, so the engine checks the table like any other position:

- the discard pile shows a red 5; you hold a red 7 (the one card that fits), a blue 2 and a
  yellow 8: three cards, a short first hand;
- the AI's only card for the red 7 is the green 7, after which nothing of yours fits: you
  draw, and the card on top of the draw pile is a Wild, which fits anything;
- whatever colour you name for the Wild, the AI's answer leaves you a card that fits: it
  holds blue and yellow cards, green ones numbered 2 and 8 (your numbers), and no red, so
  for red it draws the red 8 waiting under the Wild. You then hold two cards with one to
  play: the moment to call UNO.

The AI plays at the "easy" level (it never reneges while it holds a card that fits).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from game.rules import position
from game.rules.cards import Card, format_cards, parse_cards
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.ruleset import MatchKind, Ruleset, edition

#: The seats: the person at the screen, then the AI.
YOU, AI = 0, 1
AI_LEVEL = "easy"
FIRST_CARD = "R5"
YOUR_HAND = "R7.B2.Y8"
AI_HAND = "G7.B4.B9.Y6.Y3.G2.G8"
#: The next cards drawn, in the order they are drawn: the Wild for you, the red 8 for the AI.
NEXT_DRAWS = "W.R8"
#: Seeds the rest of the draw pile's order and the AI's coin flips.
SEED = 17


def guide_rules() -> Ruleset:
    """The official rules, for a single hand."""
    return replace(edition("official"), match=MatchKind.SINGLE_HAND)


def guide_position(seed: int = SEED) -> str:
    """The guided hand's position (see the module docstring) in the engine's text form."""
    rules = guide_rules()
    start = position.dump(new_game(rules, 2, seed))
    placed = [*parse_cards(YOUR_HAND), *parse_cards(AI_HAND), *parse_cards(FIRST_CARD),
              *parse_cards(NEXT_DRAWS)]
    rest = list((Counter(rules.cards()) - Counter(placed)).elements())
    rest.sort()
    random.Random(seed).shuffle(rest)
    draws: list[Card] = rest + list(reversed(parse_cards(NEXT_DRAWS)))  # the last is drawn first
    fields = dict(part.partition("=")[::2] for part in start.split()[1:])
    fields.update(dealer=str(AI), turn=str(YOU), dir="+", decision="turn", colour="R",
                  drawn="-", wd4="-", uno="-", declared="-", firstwild="0", dead="0",
                  starved="0", turns="1",
                  hands=f"{YOUR_HAND}/{AI_HAND}", draw=format_cards(draws),
                  discard=FIRST_CARD)
    return " ".join([position.TAG, *(f"{k}={v}" for k, v in fields.items())])


def guide_game(seed: int = SEED) -> Game:
    """A new game at the guided hand's first decision (yours)."""
    return position.load(guide_position(seed))
