"""Engine events as readable, translated lines: the headless play-by-play and the
table's log.

The narrator sees everything it is given (the headless match is watched by nobody
in particular, so drawn cards are named); the table passes it redacted events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.i18n import N_, _, ngettext
from game.rules import events as E
from game.rules.cards import Card, Colour
from game.voice.card_names import card_phrase
from game.voice.utterance import render

#: Names given to AI players in headless matches (names are not translated).
AI_NAMES = ("Ada", "Bruno", "Chloé", "Dev", "Elif", "Finn", "Gaia", "Hugo", "Inès", "Jonas")

COLOUR_NAMES = {
    Colour.RED: N_("red"),
    Colour.YELLOW: N_("yellow"),
    Colour.GREEN: N_("green"),
    Colour.BLUE: N_("blue"),
}

_DRAW_REASONS = {
    "turn": N_("{player} draws {cards}."),
    "draw_two": N_("{player} draws two: {cards}."),
    "wild_draw_four": N_("{player} takes the Wild Draw Four: {cards}."),
    "challenge_guilty": N_("{player} was bluffing and draws four: {cards}."),
    "challenge_innocent": N_("{player} loses the challenge and draws six: {cards}."),
    "uno_penalty": N_("{player} draws a penalty: {cards}."),
    "first_card": N_("{player} draws two from the first card: {cards}."),
    "victory_lap": N_("{player} draws one for the Victory Lap: {cards}."),
}


def card_name(c: Card) -> str:
    """"a red 5", « un 5 rouge » — in the current language."""
    return render(card_phrase(c), {}).caption


def cards_text(cards: Sequence[Card]) -> str:
    if not cards:
        return _("no card")
    return ", ".join(card_name(c) for c in cards)


class Narrator:
    """Turns events into lines, naming players from ``names``."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def name(self, player: int) -> str:
        return self.names[player]

    def lines(self, events: Iterable[E.Event]) -> list[str]:
        out: list[str] = []
        for e in events:
            handler = _HANDLERS.get(type(e))
            if handler is not None:
                text = handler(self, e)
                if text:
                    out.append(text)
        return out

    # One method per event kind; each returns its line (or "" for none).
    def _match_started(self, e: E.MatchStarted) -> str:
        return _("=== UNO {edition}: a match for {count} players ===").format(
            edition=e.ruleset, count=e.players
        )

    def _dealer_chosen(self, e: E.DealerChosen) -> str:
        rounds = [
            ", ".join(f"{self.name(p)} {card_name(c)}" for p, c in draws) for draws in e.draws
        ]
        if not rounds:
            return _("{player} is chosen at random to deal.").format(player=self.name(e.dealer))
        return _("Dealer draw: {draws}. {player} deals.").format(
            draws=" / ".join(rounds), player=self.name(e.dealer)
        )

    def _hand_started(self, e: E.HandStarted) -> str:
        return _("--- Hand {number}: {player} deals ---").format(
            number=e.hand_no, player=self.name(e.dealer)
        )

    def _first_card(self, e: E.FirstCard) -> str:
        if e.returned:
            return _("First card: {card} (after {cards}).").format(
                card=card_name(e.card), cards=cards_text(e.returned)
            )
        return _("First card: {card}.").format(card=card_name(e.card))

    def _card_played(self, e: E.CardPlayed) -> str:
        return _("{player} plays {card}.").format(player=self.name(e.player), card=card_name(e.card))

    def _colour_chosen(self, e: E.ColourChosen) -> str:
        return _("{player} names {colour}.").format(
            player=self.name(e.player), colour=_(COLOUR_NAMES[e.colour])
        )

    def _cards_drawn(self, e: E.CardsDrawn) -> str:
        if e.count == 0:
            return _("{player} cannot draw: no cards left.").format(player=self.name(e.player))
        if not e.cards:  # redacted
            return ngettext(
                "{player} draws {count} card.", "{player} draws {count} cards.", e.count
            ).format(player=self.name(e.player), count=e.count)
        template = _DRAW_REASONS.get(e.reason, _DRAW_REASONS["turn"])
        return _(template).format(player=self.name(e.player), cards=cards_text(e.cards))

    def _turn_skipped(self, e: E.TurnSkipped) -> str:
        return _("{player} is skipped.").format(player=self.name(e.player))

    def _direction_changed(self, e: E.DirectionChanged) -> str:
        return _("Play now goes clockwise.") if e.clockwise else _("Play now goes counter-clockwise.")

    def _challenge(self, e: E.ChallengeResolved) -> str:
        template = (
            N_("{challenger} challenges {challenged}: guilty! Hand shown: {cards}.")
            if e.guilty
            else N_("{challenger} challenges {challenged}: not guilty. Hand shown: {cards}.")
        )
        return _(template).format(
            challenger=self.name(e.challenger),
            challenged=self.name(e.challenged),
            cards=cards_text(e.hand) if e.hand else _("(hidden)"),
        )

    def _kept(self, e: E.DrawnCardKept) -> str:
        return _("{player} keeps the drawn card.").format(player=self.name(e.player))

    def _uno(self, e: E.UnoCalled) -> str:
        return _("{player}: “UNO!”").format(player=self.name(e.player))

    def _caught(self, e: E.UnoCaught) -> str:
        return _("{catcher} catches {target} without UNO!").format(
            catcher=self.name(e.catcher), target=self.name(e.target)
        )

    def _missed(self, e: E.CatchMissed) -> str:
        return _("{catcher} tries to catch {target}, but it does not count.").format(
            catcher=self.name(e.catcher), target=self.name(e.target)
        )

    def _reshuffled(self, e: E.Reshuffled) -> str:
        return ngettext(
            "The discard pile is shuffled into a new draw pile ({count} card).",
            "The discard pile is shuffled into a new draw pile ({count} cards).",
            e.count,
        ).format(count=e.count)

    def _hand_ended(self, e: E.HandEnded) -> str:
        head = (
            _("The hand is blocked: {player} holds the least and wins it, scoring {points}.")
            if e.blocked
            else _("{player} goes out and wins the hand, scoring {points}.")
        ).format(player=self.name(e.winner), points=e.points)
        scores = ", ".join(f"{self.name(p)} {s}" for p, s in enumerate(e.scores))
        return head + "\n" + _("Scores: {scores}").format(scores=scores)

    def _eliminated(self, e: E.PlayerEliminated) -> str:
        return _("{player} reaches the target and leaves the match.").format(
            player=self.name(e.player)
        )

    def _match_ended(self, e: E.MatchEnded) -> str:
        names = ", ".join(self.name(p) for p in e.winners)
        return ngettext("Match winner: {names}", "Match winners: {names}", len(e.winners)).format(
            names=names
        )


_HANDLERS: dict[type, Callable[[Narrator, Any], str]] = {
    E.MatchStarted: Narrator._match_started,
    E.DealerChosen: Narrator._dealer_chosen,
    E.HandStarted: Narrator._hand_started,
    E.FirstCard: Narrator._first_card,
    E.CardPlayed: Narrator._card_played,
    E.ColourChosen: Narrator._colour_chosen,
    E.CardsDrawn: Narrator._cards_drawn,
    E.TurnSkipped: Narrator._turn_skipped,
    E.DirectionChanged: Narrator._direction_changed,
    E.ChallengeResolved: Narrator._challenge,
    E.DrawnCardKept: Narrator._kept,
    E.UnoCalled: Narrator._uno,
    E.UnoCaught: Narrator._caught,
    E.CatchMissed: Narrator._missed,
    E.Reshuffled: Narrator._reshuffled,
    E.HandEnded: Narrator._hand_ended,
    E.PlayerEliminated: Narrator._eliminated,
    E.MatchEnded: Narrator._match_ended,
}
