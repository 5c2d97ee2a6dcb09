"""One seat's message to its phone: built by the main loop from that seat's view, its
choices and the public captions (:func:`seat_state`), then rendered on the server's thread
in each connection's own language (:func:`render_state`).

A :class:`SeatState` is plain frozen data in no language. Everything in it comes from the
seat's own :class:`~game.rules.view.PlayerView` and its :class:`~game.play.choices.Choices`
(built from that same view), so it holds the seat's own hand and what is public — plus,
explicitly, the cards a rule showed this seat (a challenged hand, C-8). :attr:`SeatState.
allowed_cards` lists every card text the message may carry; :func:`game.phone.wire.
check_outgoing` holds each frame to it.

The page gets its placement of each choice from here (``slot``: the hand's cards, the big
buttons, the UNO! button, the panel), so the JavaScript knows no rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.i18n import N_
from game.phone.captions import captions_for, challenge_shown
from game.phone.labels import Caption, labels_for
from game.phone.race import PhoneRace, with_race
from game.play.choices import UNO, Choice, Choices
from game.play.labels import Translator
from game.play.session import Session
from game.rules.cards import WILD, Card, Colour
from game.rules.engine import Decision
from game.rules.units import LauncherView, TraysView

#: How a seat's phone is connected, as the hub reports it (``None``: not on a phone).
PhoneMark = str | None


@dataclass(frozen=True)
class Tray:
    """A discard pile seen from a phone (Triple Play's trays: T-3, T-5)."""

    index: int
    top: Card | None
    lit: bool
    light: str = ""


@dataclass(frozen=True)
class SeatState:
    """What ``seat``'s phone is shown at state ``version``; see the module docstring."""

    seat: int
    version: int
    names: tuple[str, ...]
    faces: tuple[str, ...]
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    seating: tuple[int, ...]
    scores: tuple[int, ...]
    to_act: int
    over: bool
    top: Card | None
    colour: int
    direction: int
    draw_pile: int
    stack: int
    trays: tuple[Tray, ...]
    uno_open: tuple[int, ...]
    presses: int | None
    choices: Choices
    captions: tuple[Caption, ...] = ()
    #: (whose, cards) a rule showed this seat alone (C-8's challenged hand).
    revealed: tuple[int, tuple[Card, ...]] | None = None
    #: Card texts that are public now or were when a caption named them.
    public: frozenset[str] = field(default_factory=frozenset)

    @property
    def allowed_cards(self) -> frozenset[str]:
        """Every card text this seat's message may carry."""
        shown = {str(c) for c in self.hand} | set(self.public)
        if self.revealed is not None:
            shown |= {str(c) for c in self.revealed[1]}
        return frozenset(shown)


def seat_state(session: Session, seat: int, deadlines: Mapping[str, float] | None = None,
               faces: Sequence[str] = (), captions: Sequence[Caption] = (),
               race: PhoneRace | None = None) -> SeatState:
    """The message of ``seat`` now (main loop only: it reads the session). ``deadlines``
    gives the seconds a clock leaves, by choice id; ``faces`` each seat's face kind;
    ``captions`` lines of the table's own to add after the game's; ``race`` a race under
    way (a racer on this phone races here instead of reporting it)."""
    view = session.view(seat)
    choices = session.choices(seat, deadlines)
    if race is not None and race.version == choices.version:
        choices = with_race(choices, race.choice(seat))
    events = session.recent_events()
    lines, named = captions_for(seat, events)
    public = {str(c) for c in view.discard} | {str(c) for pile in view.piles for c in pile}
    public |= named
    trays: tuple[Tray, ...] = ()
    unit = view.unit
    if view.piles:
        lit = unit.lit if isinstance(unit, TraysView) else tuple(range(len(view.piles)))
        lights = unit.lights if isinstance(unit, TraysView) else ()
        trays = tuple(Tray(i, pile[-1] if pile else None, i in lit,
                           lights[i] if i < len(lights) else "")
                      for i, pile in enumerate(view.piles))
    names = tuple(session.names)
    return SeatState(
        seat=seat, version=choices.version, names=names,
        faces=tuple(faces[i] if i < len(faces) else "" for i in range(len(names))),
        hand=view.hand, counts=view.hand_sizes, seating=view.seats, scores=view.scores,
        to_act=view.to_act, over=session.over,
        # several piles (Triple Play's trays) are shown as trays, with no one top card and
        # no one colour in force; while a Wild's colour is being chosen, none is yet (C-6)
        top=view.discard[-1] if view.discard and not view.piles else None,
        colour=WILD if view.decision is Decision.COLOUR or view.piles else view.colour,
        direction=view.direction, draw_pile=view.draw_pile_size, stack=session.stack_total(),
        trays=trays, uno_open=view.uno_open,
        presses=unit.presses if isinstance(unit, LauncherView) else None,
        choices=choices, captions=(*lines, *captions),
        revealed=challenge_shown(seat, events), public=frozenset(public))


# ---------------------------------------------------------------------------- rendering
#: Where the page puts a choice: on the hand's cards and the big buttons (the decision the
#: seat owes), on the UNO! button, or in the panel of other choices.
SLOTS = ("main", "uno", "extra")


def _slot(state: SeatState, choice: Choice) -> str:
    if choice.id == UNO:
        return "uno"
    if choice is state.choices.main():
        return "main"
    return "extra"


def render_state(state: SeatState, tr: Translator, language: str,
                 phones: Mapping[int, PhoneMark] | None = None) -> dict[str, Any]:
    """The ``state`` frame of the wire (see :mod:`game.phone.wire`) in ``tr``'s language."""
    names = state.names
    labels = labels_for(tr, names)
    render = labels.label
    me = state.seat
    hand = {str(c) for c in state.hand}
    mine = state.to_act == me and not state.over
    phones = phones or {}

    def cards_label(n: int) -> str:
        return tr.ngettext("{count} card", "{count} cards", n).format(count=n)

    players = []
    for p in state.seating or range(len(names)):
        players.append({
            "seat": p, "name": names[p] if p < len(names) else str(p + 1),
            "face": state.faces[p] if p < len(state.faces) else "",
            "cards": state.counts[p] if p < len(state.counts) else 0,
            "cards_label": cards_label(state.counts[p] if p < len(state.counts) else 0),
            "turn": p == state.to_act and not state.over, "me": p == me,
            "uno": p in state.uno_open,
            "phone": phones.get(p),
            "score": state.scores[p] if p < len(state.scores) else 0,
        })
    if state.over:
        headline = tr.gettext(N_("The hand is over."))
    elif mine:
        headline = tr.gettext(N_("Your turn!"))
    else:
        headline = render(N_("{player}'s turn"), {"player": state.to_act})
    colour = None if state.colour == WILD else Colour(state.colour).letter
    table: dict[str, Any] = {
        "top": None if state.top is None else str(state.top),
        "top_label": "" if state.top is None else render(
            N_("On top: {card}"), {"card": str(state.top)}),
        "colour": colour,
        "colour_label": "" if colour is None else render(
            N_("Colour in force: {colour}"), {"colour": colour}),
        "direction": state.direction,
        "direction_label": tr.gettext(N_("Play goes clockwise.") if state.direction > 0
                                      else N_("Play goes counter-clockwise.")),
        "draw_pile": state.draw_pile,
        "draw_label": tr.ngettext("Draw pile: {count} card", "Draw pile: {count} cards",
                                  state.draw_pile).format(count=state.draw_pile),
        "stack": state.stack,
        "stack_label": "" if not state.stack else tr.ngettext(
            "Stack: {count} card to take!", "Stack: {count} cards to take!",
            state.stack).format(count=state.stack),
        "presses": state.presses,
        "trays": [{
            "tray": t.index + 1,
            "top": None if t.top is None else str(t.top),
            "label": render(N_("Tray {tray}") if t.top is None else N_("Tray {tray}: {card}"),
                            {"tray": t.index} if t.top is None
                            else {"tray": t.index, "card": str(t.top)}),
            "lit": t.lit, "light": t.light or None,
        } for t in state.trays],
    }
    choices = []
    for choice in state.choices.choices:
        options = []
        for o in choice.options:
            item: dict[str, Any] = {"id": o.id, "widget": o.widget,
                                    "label": labels.option(o)}
            card = o.params.get("card")
            if isinstance(card, str):
                item["card"] = card
                item["in_hand"] = card in hand
            if "tray" in o.params and isinstance(o.params["tray"], int):
                t = o.params["tray"]
                item["tray"] = t + 1
                top = state.trays[t].top if 0 <= t < len(state.trays) else None
                if o.widget == "tray" and top is not None:
                    item["card"] = str(top)
            colour_param = o.params.get("colour")
            if isinstance(colour_param, str):
                item["colour"] = colour_param
            player = o.params.get("player", o.params.get("target"))
            if isinstance(player, int):
                item["player"] = player
                item["face"] = state.faces[player] if player < len(state.faces) else ""
            options.append(item)
        choices.append({
            "id": choice.id, "kind": choice.kind,
            "label": labels.choice(choice),
            "clause": choice.clause, "deadline": choice.deadline, "shared": choice.shared,
            "slot": _slot(state, choice), "options": options,
        })
    revealed = None
    if state.revealed is not None:
        whose, cards = state.revealed
        revealed = {
            "label": render(N_("{player}'s hand, shown to you alone"), {"player": whose}),
            "cards": [{"card": str(c), "label": labels.card(str(c))} for c in cards],
        }
    return {
        "type": "state", "seat": me, "version": state.version, "lang": language,
        "headline": headline, "mine": mine, "over": state.over,
        "turn": None if state.over else state.to_act,
        "table": table, "players": players,
        "hand": [{"card": str(c), "label": labels.card(str(c))} for c in state.hand],
        "hand_label": tr.ngettext("Your hand: {count} card", "Your hand: {count} cards",
                                  len(state.hand)).format(count=len(state.hand)),
        "choices": choices,
        "captions": [labels.caption(c) for c in state.captions],
        "revealed": revealed,
        "colour_names": {c.letter: labels.colour(c.letter) for c in Colour},
    }
