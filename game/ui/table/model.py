"""What the table shows right now: a light mirror of one player's view that lags the engine.

The engine's state is final as soon as an action is applied; the table then *presents* the
events one by one, and each animation moves this model a step (a card lands: the count
grows). When no event is left to present, :meth:`TableModel.sync` copies the player's view
over it, so the screen can never drift from the game. Only a :class:`PlayerView` ever feeds
it, so the hot-seat table cannot show what the player at the screen may not see.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.rules import events as E
from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Card
from game.rules.engine import Decision
from game.rules.view import PlayerView

LOG_EVENTS = 40


def dealt_hands(events: Sequence[E.Event], viewer: int | None,
                final_hand: Sequence[Card]) -> dict[int, list[Card]]:
    """For each ``HandStarted`` in ``events`` (by index), the viewer's hand right after the
    deal, worked back from ``final_hand`` (the hand once all ``events`` happened)."""
    out: dict[int, list[Card]] = {}
    if viewer is None:
        return out
    hand = Counter(final_hand)
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if isinstance(e, E.CardsDrawn) and e.player == viewer:
            hand -= Counter(e.cards)
        elif isinstance(e, E.CardPlayed) and e.player == viewer:
            hand[e.card] += 1
        elif isinstance(e, E.HandStarted):
            out[i] = list(hand.elements())
            hand = Counter()
        elif isinstance(e, E.HandsSwapped | E.HandsPassed):  # H-2: the hand that came
            out[i] = list(hand.elements())
            hand = Counter()  # (the one before is the model's: not worked back further)
    return out


@dataclass
class Drag:
    """A card of your hand held by the mouse: ``index`` and ``card`` where it was taken,
    ``grab`` the pointer then, ``pos`` now; ``moved`` once it has travelled far enough to be
    a drag rather than a click."""

    index: int
    card: Card
    grab: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False


def hand_key(card: Card) -> tuple[int, int]:
    """Display order of a hand: by colour (red, yellow, green, blue, wilds), then rank."""
    return (COLOUR_OF[card], RANK_OF[card])


@dataclass
class TableModel:
    """The presented state. ``viewer`` is the player at the screen (``None``: AI only)."""

    players: int
    names: list[str]
    viewer: int | None
    seats: list[int] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    draw_size: int = 0
    colour: int = WILD
    direction: int = 1
    to_act: int = -1
    decision: Decision = Decision.TURN
    drawn: Card | None = None
    dealer: int = -1
    hand_no: int = 0
    scores: list[int] = field(default_factory=list)
    uno_open: tuple[int, ...] = ()
    sort_hand: bool = True
    log: deque[E.Event] = field(default_factory=lambda: deque(maxlen=LOG_EVENTS))
    winners: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.counts:
            self.counts = [0] * self.players
        if not self.scores:
            self.scores = [0] * self.players

    # ------------------------------------------------------------------ whole-state
    def sync(self, view: PlayerView) -> None:
        """Copy ``view`` (the viewer's, or any player's for an AI-only table) over the model."""
        self.seats = list(view.seats)
        self.counts = list(view.hand_sizes)
        if self.viewer is not None and view.me == self.viewer:
            self.hand = self.ordered(view.hand)
            self.drawn = view.drawn
        else:
            self.hand = []
            self.drawn = None
        self.discard = list(view.discard[-6:])
        self.draw_size = view.draw_pile_size
        self.colour = view.colour
        self.direction = view.direction
        self.to_act = view.to_act
        self.decision = view.decision
        self.dealer = view.dealer
        self.hand_no = view.hand_no
        self.scores = list(view.scores)
        self.uno_open = tuple(view.uno_open)

    def ordered(self, cards: Iterable[Card]) -> list[Card]:
        return sorted(cards, key=hand_key) if self.sort_hand else list(cards)

    def new_hand(self, e: E.HandStarted, deck_size: int) -> None:
        self.seats = list(e.seats)
        self.counts = [0] * self.players
        self.hand = []
        self.discard = []
        self.drawn = None
        self.draw_size = deck_size
        self.colour = WILD
        self.direction = 1
        self.dealer = e.dealer
        self.hand_no = e.hand_no
        self.to_act = -1
        self.uno_open = ()

    # ------------------------------------------------------------------ single steps
    def receive(self, player: int, card: Card | None) -> None:
        """One card lands in ``player``'s hand (``card`` is known only for the viewer)."""
        self.counts[player] += 1
        self.draw_size = max(0, self.draw_size - 1)
        if player == self.viewer and card is not None:
            self.insert(card)

    def insert_index(self, card: Card) -> int:
        """Where ``card`` goes in the viewer's hand (sorted, or at the end)."""
        if not self.sort_hand:
            return len(self.hand)
        key = hand_key(card)
        i = 0
        while i < len(self.hand) and hand_key(self.hand[i]) <= key:
            i += 1
        return i

    def insert(self, card: Card) -> None:
        self.hand.insert(self.insert_index(card), card)

    def lose(self, player: int, card: Card) -> int:
        """``player`` plays ``card``: it leaves the hand. Returns its index in the viewer's
        hand (-1 for an opponent), for the flight's starting point."""
        self.counts[player] = max(0, self.counts[player] - 1)
        if player == self.viewer and card in self.hand:
            i = self.hand.index(card)
            del self.hand[i]
            return i
        return -1

    def land_on_discard(self, card: Card) -> None:
        self.discard.append(card)
        del self.discard[:-6]
        if COLOUR_OF[card] != WILD:
            self.colour = COLOUR_OF[card]

    def note(self, events: Sequence[E.Event]) -> None:
        for e in events:
            if not isinstance(e, E.TurnStarted):
                self.log.append(e)
