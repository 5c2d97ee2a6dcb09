"""What a phone's caption line says about the game: the public events of the hand, as
:class:`~game.phone.labels.Caption` s (message id + typed parameters) that each phone
renders in its own language.

Every event is first redacted for the phone's seat (:func:`game.rules.events.redact`), and
a draw is told by its count only, whoever drew: a caption never names a card that the
seat's own view does not show. The message ids are the narrator's (:mod:`game.voice.narrate`),
so the table's log and the phones read alike and share their translations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from game.i18n import N_, N_plural
from game.phone.labels import Caption
from game.rules import events as E
from game.rules.cards import Card

#: How many of the last events a phone's captions look back over.
LOOKBACK = 14
#: How many caption lines a phone shows at most (newest last).
LINES = 5


def _played(e: E.CardPlayed) -> Caption:
    return Caption(N_("{player} plays {card}."), {"player": e.player, "card": str(e.card)})


def _colour(e: E.ColourChosen) -> Caption:
    return Caption(N_("{player} names {colour}."),
                   {"player": e.player, "colour": "RYGB"[int(e.colour)]})


def _drawn(e: E.CardsDrawn) -> Caption:
    if e.count == 0:
        return Caption(N_("{player} cannot draw: no cards left."), {"player": e.player})
    one, many = N_plural("{player} draws {count} card.", "{player} draws {count} cards.")
    return Caption(one, {"player": e.player, "count": e.count}, many, e.count)


def _challenge(e: E.ChallengeResolved, seat: int) -> Caption:
    """C-8: the hand is named to the challenger alone (the challenged knew it already, and
    their cards may have moved on since)."""
    msgid = (N_("{challenger} challenges {challenged}: guilty! Hand shown: {cards}.")
             if e.guilty else
             N_("{challenger} challenges {challenged}: not guilty. Hand shown: {cards}."))
    shown = tuple(str(c) for c in e.hand) if seat == e.challenger else ()
    return Caption(msgid, {"challenger": e.challenger, "challenged": e.challenged,
                           "cards": shown})


def _caught(e: E.UnoCaught) -> Caption:
    return Caption(N_("{catcher} catches {target} without UNO!"),
                   {"catcher": e.catcher, "target": e.target})


def _missed(e: E.CatchMissed) -> Caption:
    return Caption(N_("{catcher} tries to catch {target}, but it does not count."),
                   {"catcher": e.catcher, "target": e.target})


def _ended(e: E.HandEnded) -> Caption:
    if e.blocked:
        return Caption(N_("The hand is blocked: {player} holds the least and wins it, "
                          "scoring {points}."), {"player": e.winner, "points": e.points})
    return Caption(N_("{player} goes out and wins the hand, scoring {points}."),
                   {"player": e.winner, "points": e.points})


def _direction(e: E.DirectionChanged) -> Caption:
    return Caption(N_("Play now goes clockwise.") if e.clockwise
                   else N_("Play now goes counter-clockwise."))


def _player(msgid: str) -> Callable[[Any], Caption]:
    return lambda e: Caption(msgid, {"player": e.player})


def _pressed(e: E.LauncherPressed) -> Caption:
    if e.count == 0:
        return Caption(N_("{player} presses the launcher… nothing."), {"player": e.player})
    one, many = N_plural("{player} presses the launcher: it fires {count} card!",
                         "{player} presses the launcher: it fires {count} cards!")
    return Caption(one, {"player": e.player, "count": e.count}, many, e.count)


def _stacked(e: E.Stacked) -> Caption:
    one, many = N_plural("Stack: {count} card to take!", "Stack: {count} cards to take!")
    return Caption(one, {"count": e.total}, many, e.total)


_CAPTIONS: dict[type, Callable[[Any], Caption]] = {
    E.CardPlayed: _played,
    E.ColourChosen: _colour,
    E.CardsDrawn: _drawn,
    E.TurnSkipped: _player(N_("{player} is skipped.")),
    E.DirectionChanged: _direction,
    E.DrawnCardKept: _player(N_("{player} keeps the drawn card.")),
    E.UnoCalled: _player(N_("{player}: “UNO!”")),
    E.UnoCaught: _caught,
    E.CatchMissed: _missed,
    E.HandEnded: _ended,
    E.TimeRanOut: _player(N_("Time is up for {player}!")),
    E.PlayerPicked: lambda e: Caption(N_("{player} picks {target}."),
                                      {"player": e.player, "target": e.target}),
    E.LauncherPressed: _pressed,
    E.HandsSwapped: lambda e: Caption(N_("{first} and {second} swap hands."),
                                      {"first": e.first, "second": e.second}),
    E.HandsPassed: lambda e: Caption(N_("Zero! Every hand passes on.")),
    E.Stacked: _stacked,
    E.JumpedIn: lambda e: Caption(N_("{player} jumps in with {card}!"),
                                  {"player": e.player, "card": str(e.card)}),
}


def captions_for(seat: int, events: Iterable[object]) -> tuple[tuple[Caption, ...],
                                                                frozenset[str]]:
    """The caption lines of ``events`` (the hand's latest, oldest first) for ``seat``, and
    the card texts they name (all public, or shown to this seat by a rule)."""
    lines: list[Caption] = []
    named: set[str] = set()
    for event in list(events)[-LOOKBACK:]:
        seen = E.redact(event, seat)
        if isinstance(seen, E.ChallengeResolved):
            caption = _challenge(seen, seat)
        else:
            make = _CAPTIONS.get(type(seen))
            if make is None:
                continue
            caption = make(seen)
        lines.append(caption)
        card = caption.params.get("card")
        if isinstance(card, str):
            named.add(card)
        named.update(caption.params.get("cards", ()))
    return tuple(lines[-LINES:]), frozenset(named)


def challenge_shown(seat: int, events: Iterable[object]) -> tuple[int, tuple[Card, ...]] | None:
    """C-8: the challenged player's hand as the challenger was shown it, when ``seat``
    challenged among the latest events; ``None`` otherwise (and for everyone else)."""
    for event in reversed(list(events)[-LOOKBACK:]):
        if isinstance(event, E.ChallengeResolved):
            seen = E.redact(event, seat)
            if seen.challenger == seat and seen.hand:
                return seen.challenged, tuple(seen.hand)
            return None
    return None
