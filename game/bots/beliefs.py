"""What one player can infer about the hidden cards from its view alone.

A :class:`Tracker` reads the redacted events of the hand (``view.events``) once each,
incrementally, and keeps for every opponent (an :class:`~game.bots.opponent.Opponent` and
its :class:`~game.bots.opponent.PlayerStats`):

* ``known``: cards seen in their hand (a hand shown by a challenge, C-8), less the
  ones they have played since;
* ``hard``: upper bounds on how many cards of each *key* (a colour, wilds, a rank) they
  can hold that follow from facts (a revealed hand; a drawn card that was not playable);
* ``soft``: tighter bounds from the assumption that players do not renege (C-10) and
  do not bluff a Wild Draw Four (C-7): a player who drew on their turn held nothing
  playable. Reneging and bluffing are legal, so the soft bounds are trusted only as
  much as the player's behaviour deserves (``trust``) and dropped when contradicted;
* ``erratic``: the log-odds that the player is a careless (random-like) player rather
  than a careful one, from evidence such as keeping a playable drawn card, forgetting
  UNO or a bluff shown by a challenge. It sets ``trust`` and the bluff likelihood used
  when deciding to challenge.

Bounds only ever move by what the events say (draws add to every bound, plays remove),
so they stay valid upper bounds without knowing which card left a hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import game.rules.events as E
from game.bots.opponent import BIG, NKEYS, WILD_KEY, Opponent, PlayerStats, playable_keys
from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Card, Rank
from game.rules.engine import NO_RANK
from game.rules.view import PlayerView

# Evidence weights (log likelihood ratios, careless : careful).
EV_KEPT_PLAYABLE = 1.8  # kept a playable drawn card
EV_PLAYED_DRAWN = -0.5  # played the playable card it drew
EV_RENEGED = 1.0  # played a card its own earlier draw said it did not hold
EV_UNO_CAUGHT = 1.5  # forgot to call UNO and was caught
EV_UNO_CALLED = -0.4
EV_BLUFF_SHOWN = 0.8  # a challenge showed an illegal Wild Draw Four
EV_HONEST_SHOWN = -0.3
#: A careful player holds more of the colour it names (medium self-play: 61 % of its
#: coloured cards at once, 35 % on average over its next six turns, against about 25 %
#: at random) or switches into (36 %). The weights and the fades
#: (:data:`~game.bots.opponent.LEAN_FADE_PLAY`, ``LEAN_FADE_DRAW``) are calibrated so that
#: dealt hands show those shares.
LEAN_NAMED = 3.0
LEAN_SWITCH = 1.7
#: A colour named with one card left is that card's colour (medium: 172 times in 180
#: two-player hands); this weight deals it so 96 % of the time, where LEAN_NAMED made it
#: 57 %. A switch that leaves one card leans nothing: a last card left by a coloured play
#: was of the colour in force no more often than chance (444 of 1,793 such hands).
LEAN_LAST = 50.0


class Tracker:
    """Incremental beliefs of one player; feed it every view it is given."""

    def __init__(self) -> None:
        self.me = -1
        self.players = 0
        self.hand_no = -1
        self.seen = 0
        self.last: E.Event | None = None
        self.stats: list[PlayerStats] = []
        self.opp: list[Opponent] = []
        self.colour = WILD
        self.rank = NO_RANK
        self.turn = -1
        self.wd4_colour = WILD  # colour in force when the last Wild Draw Four was played
        self.wd4_player = -1
        self.wd4_counts_wilds = False  # S-3
        self.wd4_prior_void = 0.0  # belief the culprit lacked the colour, before its play
        self.wd4_soft = (BIG, BIG)  # the culprit's soft bounds on colour and wilds, before
        # Edition devices, as far as the events show them.
        self.piles: list[list[Card]] = [[]]  # every discard pile since the last reshuffle
        self.last_tray = 0  # (the units' lights and counts are in the view: PlayerView.unit)
        # H-2: my own hand as the events since the last view left it (None: not known),
        # so that the hand a 7 or a 0 gives away is known where it went; the seats and
        # direction, for where a 0 sends each hand.
        self.mine: Counter[Card] | None = None
        self.seats: tuple[int, ...] = ()
        self.direction = 1
        # Every hand's size as the events move it (-1: not known), set again from the view
        # on every update: read when a player names or switches a colour.
        self.sizes: list[int] = []
        self.deal_size = 7

    # ------------------------------------------------------------------ feeding
    def update(self, view: PlayerView) -> Tracker:
        """Read the events of ``view`` not read yet; start over on a new hand or match."""
        evs = view.events
        self.wd4_counts_wilds = view.ruleset.wd4_counts_wilds
        self.deal_size = view.ruleset.hand_size
        players = len(view.hand_sizes)
        same_match = self.me == view.me and self.players == players and view.hand_no >= self.hand_no
        if not same_match:
            self.me, self.players = view.me, players
            self.stats = [PlayerStats() for _ in range(players)]
            self.hand_no = -1
        if (
            view.hand_no != self.hand_no
            or len(evs) < self.seen
            or (self.seen and evs[self.seen - 1] != self.last)
        ):
            self._new_hand(view.hand_no)
        for e in evs[self.seen :]:
            self._event(e)
        self.seen = len(evs)
        self.last = evs[-1] if evs else None
        # The present is in the view: resynchronise (it also seeds a tracker that
        # starts in the middle of a hand, e.g. on a position loaded from text).
        self.colour = view.colour
        self.mine = Counter(view.hand)
        self.seats, self.direction = view.seats, view.direction
        self.sizes = list(view.hand_sizes)
        top = view.discard[-1] if view.discard else None
        self.rank = NO_RANK if top is None or COLOUR_OF[top] == WILD else RANK_OF[top]
        return self

    def _new_hand(self, hand_no: int) -> None:
        self.hand_no = hand_no
        self.seen = 0
        self.opp = [Opponent() for _ in range(self.players)]
        self.colour, self.rank, self.turn = WILD, NO_RANK, -1
        self.wd4_colour, self.wd4_player, self.wd4_prior_void = WILD, -1, 0.0
        self.piles = [[]]
        self.last_tray = 0
        self.sizes = [-1] * self.players

    def _resolve_pending(self, keep: int = -1) -> None:
        for q, o in enumerate(self.opp):
            if o.pending is not None and q != keep:
                o.pending = None  # the drawn card was not playable: bounds already right

    def _pile(self, t: int) -> list[Card]:
        while len(self.piles) <= t:
            self.piles.append([])
        return self.piles[t]

    def _event(self, e: E.Event) -> None:
        t = type(e)
        if t is E.CardPlayed:
            assert isinstance(e, E.CardPlayed)
            self._pile(e.tray).append(e.card)
            self.last_tray = e.tray
            self._played(e.player, e.card)
            self._resize(e.player, -1)
            if e.player == self.me:
                self._mine_lost((e.card,))
        elif t is E.ColourChosen:
            assert isinstance(e, E.ColourChosen)
            self.colour = int(e.colour)
            if e.player != self.me:
                # With one card left, a careful player names its colour.
                last = self._size(e.player) == 1
                self._lean(e.player, int(e.colour), LEAN_LAST if last else LEAN_NAMED)
        elif t is E.CardsDrawn:
            assert isinstance(e, E.CardsDrawn)
            self._drew(e.player, e.count, e.reason)
            self._resize(e.player, e.count)
            if e.player == self.me and self.mine is not None:
                if len(e.cards) == e.count:
                    self.mine.update(e.cards)
                else:
                    self.mine = None
        elif t is E.TurnStarted:
            assert isinstance(e, E.TurnStarted)
            self._resolve_pending()
            self.turn = e.player
        elif t is E.DrawnCardKept:
            assert isinstance(e, E.DrawnCardKept)
            self._kept(e.player)
        elif t is E.ChallengeResolved:
            assert isinstance(e, E.ChallengeResolved)
            self._challenge(e)
        elif t is E.UnoCaught:
            assert isinstance(e, E.UnoCaught)
            self.stats[e.target].erratic += EV_UNO_CAUGHT
        elif t is E.UnoCalled:
            assert isinstance(e, E.UnoCalled)
            self.stats[e.player].erratic += EV_UNO_CALLED
        elif t is E.FirstCard:
            assert isinstance(e, E.FirstCard)
            self._pile(e.tray).append(e.card)
            c = e.card
            self.colour = WILD if COLOUR_OF[c] == WILD else COLOUR_OF[c]
            self.rank = NO_RANK if COLOUR_OF[c] == WILD else RANK_OF[c]
        elif t is E.CardsDiscarded:
            assert isinstance(e, E.CardsDiscarded)
            self._pile(self.last_tray if e.reason == "pair" else 0).extend(e.cards)
            self._resize(e.player, -len(e.cards))
            if e.player != self.me:
                for c in e.cards:
                    self.opp[e.player].remove(c)
            else:
                self._mine_lost(e.cards)
        elif t is E.HandsSwapped:
            assert isinstance(e, E.HandsSwapped)
            self.opp[e.first], self.opp[e.second] = self.opp[e.second], self.opp[e.first]
            sz = self.sizes
            if max(e.first, e.second) < len(sz):
                sz[e.first], sz[e.second] = sz[e.second], sz[e.first]
            if self.me in (e.first, e.second):  # they now hold my old hand: I know it
                other = e.second if e.first == self.me else e.first
                self.opp[self.me] = Opponent()
                self.opp[other] = self._given()
        elif t is E.HandsPassed:  # H-2: every hand moved on, with what was known of it
            assert isinstance(e, E.HandsPassed)
            self._passed(1 if e.clockwise else -1)
        elif t is E.LauncherPressed:
            assert isinstance(e, E.LauncherPressed)
            self._drew(e.player, e.count, e.reason, playable_after=False)
            self._resize(e.player, e.count)
        elif t is E.Reshuffled:
            self.piles = [p[-1:] for p in self.piles]
        elif t is E.HandStarted:
            assert isinstance(e, E.HandStarted)
            self._resolve_pending()
            self.sizes = [self.deal_size if q in e.seats else 0 for q in range(self.players)]

    def _size(self, p: int) -> int:
        """``p``'s hand size as the events left it (-1: not known)."""
        return self.sizes[p] if 0 <= p < len(self.sizes) else -1

    def _resize(self, p: int, delta: int) -> None:
        if 0 <= p < len(self.sizes) and self.sizes[p] >= 0:
            self.sizes[p] = max(0, self.sizes[p] + delta)

    def _mine_lost(self, cards: Sequence[Card]) -> None:
        """Cards left my hand (a play, a discard)."""
        if self.mine is None:
            return
        for c in cards:
            if self.mine[c] <= 0:
                self.mine = None  # something moved that the events did not show
                return
            self.mine[c] -= 1

    def _given(self) -> Opponent:
        """H-2: what is known of my old hand's new holder: all of it, if I know it."""
        o = Opponent()
        if self.mine is not None:
            o.known = +self.mine
        self.mine = None  # my new hand shows in the next view
        return o

    def _passed(self, step: int) -> None:
        """H-2: a 0 moved every hand to the next player in the direction of play
        (``step``); what was known of each hand moves with it."""
        seats = self.seats
        if (self.me not in seats or any(q >= len(self.opp) for q in seats)
                or len(self.sizes) != len(self.opp)):
            self.opp = [Opponent() for _ in self.opp]
            self.sizes = [-1] * len(self.sizes)
            return
        n = len(seats)
        moved = [Opponent() for _ in self.opp]
        sizes = list(self.sizes)
        for i, q in enumerate(seats):
            to = seats[(i + step) % n]
            moved[to] = self._given() if q == self.me else self.opp[q]
            sizes[to] = self.sizes[q]
        moved[self.me] = Opponent()
        self.opp = moved
        self.sizes = sizes

    def _lean(self, p: int, colour: int, weight: float) -> None:
        lean = [1.0] * 4
        lean[colour] = weight
        self.opp[p].lean = lean

    def _played(self, p: int, c: Card) -> None:
        col = COLOUR_OF[c]
        if (p != self.me and col != WILD and col != self.colour and self.colour < WILD
                and not 0 <= self._size(p) <= 2):
            # Switched colours by number or symbol: into a longer colour, unless this
            # leaves one card (then the play says nothing of the last one's colour).
            self._lean(p, col, LEAN_SWITCH)
        if p != self.me:
            o = self.opp[p]
            if o.pending is not None:  # the card just drawn: it was never counted in
                skip = o.pending  # the bounds of the keys it was drawn under
                o.pending = None
                o.remove(c, skip)
                self.stats[p].erratic += EV_PLAYED_DRAWN
            elif not o.remove(c):
                self.stats[p].erratic += EV_RENEGED
        if RANK_OF[c] == Rank.WILD_DRAW_FOUR:
            self.wd4_colour, self.wd4_player = self.colour, p
            self.wd4_prior_void = 0.0
            if p != self.me and 0 <= self.colour < WILD:
                self.wd4_prior_void = self.void_prob(p, self.colour)
                # A careful player holds none of the colour in force (C-7, S-3).
                o = self.opp[p]
                self.wd4_soft = (o.soft[self.colour], o.soft[WILD_KEY])
                o.soft[self.colour] = 0
                if self.wd4_counts_wilds:
                    o.soft[WILD_KEY] = 0
        if COLOUR_OF[c] == WILD:
            self.rank = NO_RANK
        else:
            self.colour, self.rank = COLOUR_OF[c], RANK_OF[c]

    def _drew(self, p: int, n: int, reason: str, playable_after: bool = True) -> None:
        if reason == "wild_draw_four" and self.wd4_player >= 0:
            self.stats[p].wd4_faced += 1  # took it without challenging
        if p == self.me:
            return
        o = self.opp[p]
        if reason == "turn":
            keys = playable_keys(self.colour, self.rank)
            for k in keys:
                o.soft[k] = 0  # drew on their turn: nothing playable held (unless reneging)
            if playable_after:
                o.draw(n, keys)  # the drawn cards have none of those keys, but maybe the last
                o.pending = keys
            else:
                o.draw(n)  # fired cards cannot be played this turn: anything goes
        else:
            o.draw(n)

    def _kept(self, p: int) -> None:
        if p == self.me:
            return
        o = self.opp[p]
        if o.pending is not None:
            for caps in (o.hard, o.soft):
                for k in o.pending:
                    if caps[k] < BIG:
                        caps[k] += 1
            o.pending = None
        self.stats[p].erratic += EV_KEPT_PLAYABLE

    def _challenge(self, e: E.ChallengeResolved) -> None:
        st = self.stats
        st[e.challenger].wd4_faced += 1
        st[e.challenger].challenges += 1
        if e.guilty:
            st[e.challenged].bluffs_shown += 1
            st[e.challenged].erratic += EV_BLUFF_SHOWN
        else:
            st[e.challenged].honest_shown += 1
            st[e.challenged].erratic += EV_HONEST_SHOWN
        if e.challenged == self.me:
            return
        o = self.opp[e.challenged]
        if e.hand:
            o.reveal(e.hand)
        elif 0 <= self.wd4_colour < WILD:
            # The verdict is public: guilty means the colour was held, innocent that it
            # was not (nor a wild, under S-3).
            keys = [self.wd4_colour] + ([WILD_KEY] if self.wd4_counts_wilds else [])
            for k in keys:
                if e.guilty:
                    o.soft[k] = BIG
                else:
                    o.hard[k] = o.soft[k] = 0

    # ------------------------------------------------------------------ queries
    def unseen(self, view: PlayerView) -> Counter[Card]:
        """Cards I cannot see and do not know the place of: the deck less my hand, the
        discard pile and the cards known to be in other hands."""
        pool = Counter(view.ruleset.cards())
        pool.subtract(view.hand)
        pool.subtract(view.discard)
        for pile in self.piles[1:]:  # Triple Play's other trays (T-4)
            pool.subtract(pile)
        for q, o in enumerate(self.opp):
            if q != self.me:
                pool.subtract(o.known)
        return +pool

    def known(self, q: int) -> Counter[Card]:
        """Cards known to be in ``q``'s hand, at most as many as they hold."""
        return self.opp[q].known if q < len(self.opp) else Counter()

    def lean(self, q: int) -> list[float]:
        """Colour weights for dealing ``q``'s hidden cards: the lean a careful player's
        choices show, discounted by how careless the player looks."""
        care = 1.0 - self.stats[q].p_erratic
        return [1.0 + (w - 1.0) * care for w in self.opp[q].lean]

    def void_prob(self, q: int, key: int) -> float:
        """Belief that ``q`` holds no card with ``key`` because of a soft or hard bound
        (0 for a key not tracked: the rank of an edition's own coloured card)."""
        o = self.opp[q]
        if key >= NKEYS:
            return 0.0
        if o.hard[key] == 0:
            return 1.0
        if o.soft[key] == 0:
            return self.stats[q].trust
        return 0.0
