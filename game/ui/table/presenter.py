"""Engine events → animations on the table, one event after another.

The engine has already applied the action; the presenter plays its events back at a pace a
person can follow, moving the :class:`~game.ui.table.model.TableModel` a step as each animation
lands. Durations are divided by the speed setting (0: everything at once, as in tests);
reduced motion swaps travel for short fades. An edition's device layers may claim an event
first (``present``) to animate it their own way. Some events pause the presentation until
a dialog is dismissed (the hand's scores, the match's end, a challenge revealed to you).
The house rules' moments (a stack, a jump-in, hands flying on a 7 or a 0) are in
:mod:`game.ui.table.presenter_house`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.i18n import N_
from game.rules import events as E
from game.rules.cards import Card
from game.store.settings import Settings
from game.ui import theme
from game.ui.anim import Banner, Ring, Settle, Sprite, clear_of, fly
from game.ui.table import presenter_house as house
from game.ui.table.layout import TableLayout
from game.ui.table.model import TableModel, dealt_hands
from game.ui.table.moments import LIFT_SCALE, Drop, Squash, ease_in_quad
from game.ui.tween import Tween
from game.voice.narrate import COLOUR_NAMES

PAUSING = (E.HandEnded, E.MatchEnded)
#: The draws that punish (a sad trombone plays over the draw sound).
PENALTY_DRAWS = frozenset({"draw_two", "wild_draw_four", "challenge_guilty",
                           "challenge_innocent", "uno_penalty"})

class PresenterHost(Protocol):
    """What the presenter needs from the table."""

    settings: Settings

    @property
    def layout(self) -> TableLayout: ...

    def sfx(self, name: str) -> None: ...

    def pause_for(self, event: E.Event) -> bool: ...

    def claim(self, event: E.Event, presenter: Presenter) -> bool: ...


class Presenter:
    """Queues events and animates them in order; see the module docstring."""

    def __init__(self, model: TableModel, host: PresenterHost, deck_size: int,
                 hand_size: int = 7) -> None:
        self.model = model
        self.host = host
        self.deck_size = deck_size
        self.hand_size = hand_size
        self.queue: deque[tuple[E.Event, list[Card] | None]] = deque()
        self.sprites: list[Sprite] = []
        self.hold = 0.0
        self.paused = False
        self.direction_tween: Tween | None = None
        self.on_event: Callable[[E.Event], None] | None = None
        #: H-2 at a hot-seat table: every hand flies face down, even the viewer's (the
        #: device is about to change hands). Alone at the screen, your cards fly face up.
        self.hidden_swaps = False

    # ------------------------------------------------------------------ queue
    def push(self, events: Sequence[E.Event], final_hand: Sequence[Card] = ()) -> None:
        """Queue ``events`` (already redacted for the viewer); ``final_hand`` is the viewer's
        hand after them (to show the right cards being dealt)."""
        dealt = dealt_hands(events, self.model.viewer, final_hand)
        for i, e in enumerate(events):
            self.queue.append((e, dealt.get(i)))

    @property
    def idle(self) -> bool:
        """Nothing left to present and nothing that must finish first."""
        return not self.queue and self.hold <= 0 and not self.paused and not self.busy_sprites()

    def busy_sprites(self) -> bool:
        return any(not sp.tween.done for sp in self.sprites)

    @property
    def animating(self) -> bool:
        return bool(self.sprites) or bool(self.queue) or self.hold > 0 or (
            self.direction_tween is not None and not self.direction_tween.done)

    def resume(self) -> None:
        self.paused = False

    def speed(self) -> float:
        return self.host.settings.animation_speed

    def d(self, seconds: float) -> float:
        """A duration at the current speed (0 when animations are off)."""
        k = self.speed()
        return 0.0 if k <= 0 else seconds / k

    @property
    def still(self) -> bool:
        return self.host.settings.reduced_motion

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        """Advance by ``dt``; ``True`` if anything visible changed."""
        changed = bool(self.sprites) or self.hold > 0
        for sp in list(self.sprites):
            sp.update(dt)
        self.sprites = [sp for sp in self.sprites if not sp.finished]
        if self.direction_tween is not None:
            self.direction_tween.update(dt)
            changed = True
            if self.direction_tween.done:
                self.direction_tween = None
        self.hold = max(0.0, self.hold - dt)
        guard = 0
        while self.queue and self.hold <= 0 and not self.paused and guard < 500:
            if self.busy_sprites() and (self.speed() <= 0 or isinstance(self.queue[0][0],
                                                                       E.TurnStarted)):
                break  # a turn begins (label, voice) once the last animation has landed
            guard += 1
            event, dealt = self.queue.popleft()
            self.start(event, dealt)
            changed = True
            if self.speed() <= 0:
                for sp in list(self.sprites):
                    sp.tween.finish()
                self.sprites = [sp for sp in self.sprites if not sp.tween.done]
                self.hold = 0.0
        return changed

    def finish_all(self) -> None:
        """Land every sprite now (skip), keeping the model right."""
        for sp in list(self.sprites):
            sp.tween.finish()
        self.sprites.clear()
        self.hold = 0.0

    def add(self, sprite: Sprite) -> Sprite:
        self.sprites.append(sprite)
        return sprite

    # ------------------------------------------------------------------ events
    def start(self, e: E.Event, dealt: list[Card] | None) -> None:
        self.model.note([e])
        if self.on_event is not None:
            self.on_event(e)
        if self.host.claim(e, self):
            return
        handler = _HANDLERS.get(type(e))
        if handler is not None:
            handler(self, e, dealt)
        if isinstance(e, (*PAUSING, E.ChallengeResolved)):
            self.paused = self.host.pause_for(e)

    def banner(self, msgid: str, pos: tuple[float, float], px: float, seconds: float = 1.0,
               colour: tuple[int, int, int] = theme.ACCENT, back: tuple[int, int, int] | None
               = None, **params: Any) -> None:
        lay = self.host.layout
        banner = Banner(msgid, pos, int(px * lay.s), Tween(self.d(seconds)), colour, params,
                        self.still, back)
        self.add(self.clear_of_others(banner))

    def clear_of_others(self, banner: Banner) -> Banner:
        """``banner`` moved clear of the banners still shown (:func:`~game.ui.anim.clear_of`)."""
        return clear_of(banner, [sp for sp in self.sprites
                                 if isinstance(sp, Banner) and not sp.finished])

    def hand_widths(self, player: int) -> tuple[int, int]:
        """A card's width on the piles, and in ``player``'s hand (smaller at a seat)."""
        lay = self.host.layout
        return (lay.card_w, lay.card_w if player not in lay.seats else lay.small_w)

    def _to_hand(self, player: int, card: Card | None, delay: float, duration: float,
                 start: tuple[float, float]) -> None:
        """One card flying from ``start`` into ``player``'s hand."""
        lay = self.host.layout
        m = self.model
        mine = player == m.viewer and card is not None
        sprite = fly(card if mine else None, start, lay.seat_point(player),
                     (lay.card_w, self.hand_widths(player)[1]), duration, delay,
                     on_done=lambda: m.receive(player, card), flip=mine, still=self.still,
                     marks=self.host.settings.colour_blind_marks)
        if mine:
            def aim() -> None:  # the free slot at the moment the card leaves the pile
                slots = self.host.layout.hand_rects(len(m.hand) + 1)
                sprite.end = slots[m.insert_index(card)].center  # type: ignore[arg-type]

            sprite.tween.on_start = aim
        self.add(sprite)

    # one method per event kind ---------------------------------------------------------
    def _dealer(self, e: E.DealerChosen, dealt: list[Card] | None) -> None:
        lay = self.host.layout
        t = 0.0
        for rnd in e.draws:
            for p, c in rnd:
                self.add(fly(c, lay.draw_pile.center, lay.seat_point(p), (lay.card_w, lay.card_w),
                             self.d(0.35), t, still=self.still, linger=self.d(1.1) + 0.001,
                             marks=self.host.settings.colour_blind_marks))
                t += self.d(0.12)
            t += self.d(0.5)
        self.banner(N_("{player} deals"), lay.banner, 34, 1.6 + t,
                    player=self.model.names[e.dealer])
        self.hold = t + self.d(1.3)

    def _hand_started(self, e: E.HandStarted, dealt: list[Card] | None) -> None:
        m, lay = self.model, self.host.layout
        m.new_hand(e, self.deck_size)
        n = len(e.seats)
        size = max(1, min(20, self.hand_size))
        order = [e.seats[(e.seats.index(e.dealer) + 1 + k) % n] for k in range(n)]
        total = size * n
        stagger = self.d(min(0.07, 1.6 / max(1, total)))
        t, mine = 0.0, list(dealt or [])
        for rnd in range(size):
            for p in order:
                card = mine[rnd] if p == m.viewer and rnd < len(mine) else None
                self._to_hand(p, card, t, self.d(0.3), lay.draw_pile.center)
                t += stagger
        self.host.sfx("deal")
        self.hold = t + self.d(0.3)

    def _first_card(self, e: E.FirstCard, dealt: list[Card] | None) -> None:
        lay, m = self.host.layout, self.model
        t = 0.0
        for c in e.returned:
            self.add(fly(c, lay.draw_pile.center, lay.discard.center, (lay.card_w, lay.card_w),
                         self.d(0.35), t, still=self.still, linger=self.d(0.4),
                         marks=self.host.settings.colour_blind_marks))
            t += self.d(0.8)
        card = e.card

        def land() -> None:
            m.land_on_discard(card)
            m.draw_size = max(0, m.draw_size - 1 - len(e.returned))

        self.add(fly(card, lay.draw_pile.center, lay.discard.center, (lay.card_w, lay.card_w),
                     self.d(0.4), t, on_done=land, spin=90, still=self.still,
                     marks=self.host.settings.colour_blind_marks))
        self.hold = t + self.d(0.5)

    def _turn(self, e: E.TurnStarted, dealt: list[Card] | None) -> None:
        # Started only when nothing moves any more (see update): the seat's ring, the
        # "your turn" label and the voice naming the player change in this same frame.
        self.model.to_act = e.player

    def goes_out(self, player: int) -> bool:
        """Is the card ``player`` has just played the one that wins the hand (the hand's
        end, won by them, is among the events still queued)?"""
        return any(isinstance(ev, E.HandEnded) and ev.winner == player and not ev.blocked
                   for ev, _dealt in self.queue)

    def _played(self, e: E.CardPlayed, dealt: list[Card] | None) -> None:
        lay, m = self.host.layout, self.model
        rects = lay.hand_rects(len(m.hand))
        i = m.lose(e.player, e.card)
        start = rects[i].center if 0 <= i < len(rects) else lay.seat_point(e.player)
        if self.goes_out(e.player):
            self._last_card(e, start, spin=-40 if i < 0 else 20)
            return
        def land() -> None:
            m.land_on_discard(e.card)
            if not self.still and self.speed() > 0:  # it lands with a small settle
                self.add(Settle(e.card, lay.discard.center, lay.card_w, Tween(self.d(0.16)),
                                self.host.settings.colour_blind_marks))

        self.add(fly(e.card, start, lay.discard.center, (lay.card_w, lay.card_w), self.d(0.38),
                     spin=-40 if i < 0 else 20, on_done=land,
                     still=self.still, marks=self.host.settings.colour_blind_marks))
        self.host.sfx("card")
        self.hold = self.d(0.42)

    def _last_card(self, e: E.CardPlayed, start: tuple[float, float], spin: float) -> None:
        """The winner's last card lands with weight (issue 34): carried up over the pile,
        held there a moment, larger, then slammed down (falling faster and faster); it
        squashes on the pile with strokes of impact, a ring of dust spreads, the table
        booms, and "{player} goes out!" is shown. Reduced motion: it appears on the pile
        at once, with the words as its caption."""
        lay, m = self.host.layout, self.model
        marks = self.host.settings.colour_blind_marks
        pile = lay.discard.center
        above = (pile[0], pile[1] - lay.card_w * 0.9)
        rise, fall, settle = self.d(0.42), self.d(0.2), self.d(0.3)
        moving = not self.still and self.speed() > 0

        def land() -> None:
            m.land_on_discard(e.card)
            self.host.sfx("slam")
            if moving:
                self.add(Squash(e.card, pile, lay.card_w, Tween(settle), marks))
                self.add(Ring(pile, theme.mix(theme.FELT_DARK, theme.TEXT, 0.45),
                              (lay.card_w * 0.55, lay.card_w * 1.5), int(10 * lay.s),
                              Tween(self.d(0.45))))
            self.banner(N_("{player} goes out!"), lay.banner, 40, 1.6, colour=theme.TEXT_DARK,
                        back=theme.ACCENT, player=m.names[e.player])

        if moving:
            self.add(fly(e.card, start, above, (lay.card_w, int(lay.card_w * LIFT_SCALE)),
                         rise, spin=spin, marks=marks, linger=self.d(0.08)))
            self.add(Drop(e.card, above, pile, lay.card_w,
                          Tween(fall, rise + self.d(0.08), ease_in_quad, on_done=land), marks))
        else:
            self.add(fly(e.card, start, pile, (lay.card_w, lay.card_w), self.d(0.38),
                         on_done=land, still=self.still, marks=marks))
        self.host.sfx("card")
        self.hold = rise + self.d(0.08) + fall + settle + self.d(0.25) if moving else \
            self.d(0.6)

    def _colour(self, e: E.ColourChosen, dealt: list[Card] | None) -> None:
        lay, m = self.host.layout, self.model
        m.colour = int(e.colour)
        rgb = theme.CARD_RGB[int(e.colour)]
        if not self.still:
            self.add(Ring(lay.discard.center, rgb, (lay.card_w * 0.5, lay.card_w * 1.6),
                          int(14 * lay.s), Tween(self.d(0.6))))
        self.banner(COLOUR_NAMES[e.colour], lay.banner, 40, 1.1, colour=theme.readable_on(rgb),
                    back=rgb)
        self.host.sfx("wild")
        self.hold = self.d(0.6)

    def _drawn(self, e: E.CardsDrawn, dealt: list[Card] | None) -> None:
        lay = self.host.layout
        cards: list[Card | None] = list(e.cards) if e.cards else [None] * e.count
        stagger = self.d(0.12 if e.count <= 4 else 0.07)
        for k, c in enumerate(cards):
            self._to_hand(e.player, c, k * stagger, self.d(0.32), lay.draw_pile.center)
        if e.reason != "turn" and e.count:
            self.banner(N_("+{count}"), self.seat_label(e.player), 30, 1.0, colour=theme.TEXT,
                        back=theme.DANGER, count=e.count)
        if e.count:
            self.host.sfx("draw")
            if e.reason in PENALTY_DRAWS:
                self.host.sfx("penalty")
        self.hold = self.d(0.34) + stagger * max(0, e.count - 1)

    def seat_label(self, player: int) -> tuple[float, float]:
        lay = self.host.layout
        spot = lay.seats.get(player)
        if spot is not None:
            return (spot.plate.centerx, spot.plate.top - 6 * lay.s)
        return (lay.hand_area.centerx, lay.hand_area.top - 30 * lay.s)

    def _skipped(self, e: E.TurnSkipped, dealt: list[Card] | None) -> None:
        self.banner(N_("Skipped!"), self.seat_label(e.player), 28, 1.0, colour=theme.TEXT,
                    back=theme.DANGER)
        self.host.sfx("skip")
        self.hold = self.d(0.55)

    def _direction(self, e: E.DirectionChanged, dealt: list[Card] | None) -> None:
        self.model.direction = 1 if e.clockwise else -1
        if not self.still:
            self.direction_tween = Tween(self.d(0.7))
        self.banner(N_("Reverse!"), self.host.layout.banner, 36, 1.0)
        self.host.sfx("reverse")
        self.hold = self.d(0.6)

    def _challenge(self, e: E.ChallengeResolved, dealt: list[Card] | None) -> None:
        msgid = N_("Bluff caught!") if e.guilty else N_("No bluff!")
        self.banner(N_("{player} challenges!"), self.seat_label(e.challenger), 28, 1.4,
                    player=self.model.names[e.challenger])
        self.banner(msgid, self.host.layout.banner, 40, 1.6, colour=theme.TEXT,
                    back=theme.OK if e.guilty else theme.DANGER)
        self.host.sfx("catch")
        self.hold = self.d(1.2)

    def _uno(self, e: E.UnoCalled, dealt: list[Card] | None) -> None:
        self.banner(N_("UNO!"), self.seat_label(e.player), 40, 1.2, colour=theme.ACCENT,
                    back=theme.BUTTON_PRIMARY)
        self.host.sfx("uno")
        self.hold = self.d(0.45)

    def _caught(self, e: E.UnoCaught, dealt: list[Card] | None) -> None:
        self.banner(N_("Caught without UNO!"), self.seat_label(e.target), 28, 1.3,
                    colour=theme.TEXT, back=theme.DANGER)
        self.host.sfx("catch")
        self.hold = self.d(0.5)

    def _missed(self, e: E.CatchMissed, dealt: list[Card] | None) -> None:
        self.banner(N_("No catch"), self.seat_label(e.target), 24, 0.9, colour=theme.TEXT_DIM)
        self.hold = self.d(0.3)

    def _reshuffled(self, e: E.Reshuffled, dealt: list[Card] | None) -> None:
        lay, m = self.host.layout, self.model
        for k in range(min(5, e.count)):
            self.add(fly(None, lay.discard.center, lay.draw_pile.center, (lay.card_w, lay.card_w),
                         self.d(0.3), k * self.d(0.06), still=self.still))

        def done() -> None:
            m.draw_size += e.count
            m.discard = m.discard[-1:]

        self.add(Banner(N_("Shuffle!"), lay.banner, int(30 * lay.s), Tween(self.d(0.9),
                        on_done=done), still=self.still))
        self.host.sfx("shuffle")
        self.hold = self.d(0.7)

    def _hand_ended(self, e: E.HandEnded, dealt: list[Card] | None) -> None:
        self.model.scores = list(e.scores)
        if not any(isinstance(ev, E.MatchEnded) for ev, _dealt in self.queue):
            self.host.sfx("win")  # (the match's last hand: its fanfare instead)
        self.hold = self.d(0.8)

    def _eliminated(self, e: E.PlayerEliminated, dealt: list[Card] | None) -> None:
        self.banner(N_("{player} is out of the match"), self.host.layout.banner, 30, 1.4,
                    player=self.model.names[e.player])
        self.hold = self.d(0.6)

    def _match_ended(self, e: E.MatchEnded, dealt: list[Card] | None) -> None:
        self.model.winners = tuple(e.winners)


_HANDLERS: dict[type, Callable[[Presenter, Any, list[Card] | None], None]] = {
    E.DealerChosen: Presenter._dealer,
    E.HandStarted: Presenter._hand_started,
    E.FirstCard: Presenter._first_card,
    E.TurnStarted: Presenter._turn,
    E.CardPlayed: Presenter._played,
    E.ColourChosen: Presenter._colour,
    E.CardsDrawn: Presenter._drawn,
    E.TurnSkipped: Presenter._skipped,
    E.DirectionChanged: Presenter._direction,
    E.ChallengeResolved: Presenter._challenge,
    E.UnoCalled: Presenter._uno,
    E.UnoCaught: Presenter._caught,
    E.CatchMissed: Presenter._missed,
    E.Reshuffled: Presenter._reshuffled,
    E.HandEnded: Presenter._hand_ended,
    E.PlayerEliminated: Presenter._eliminated,
    E.MatchEnded: Presenter._match_ended,
    E.Stacked: house.stacked,
    E.JumpedIn: house.jumped_in,
    E.HandsSwapped: house.hands_swapped,
    E.HandsPassed: house.hands_passed,
}
