"""Engine events as readable, translated lines: the headless play-by-play and the
table's log; and the prompt said when a person must decide, from the choice description.

The narrator sees everything it is given (the headless match is watched by nobody
in particular, so drawn cards are named); the table passes it redacted events. A prompt
(:meth:`Narrator.prompt`) renders a :class:`~game.play.choices.Choice` — its label, then
its options — whatever decision it describes: nothing here names an edition's decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import game.voice.editions  # noqa: F401  (each edition's voice module: its lines)
from game.i18n import N_, _, ngettext
from game.play.choices import Choice, Option
from game.play.labels import COLOUR_NAMES, Labels
from game.rules import events as E
from game.setup.house_rules import HouseRulesTonight, tonight_line
from game.voice.clips import PlayerVoice
from game.voice.log_lines import DISCARD_REASONS, DRAW_REASONS, LINES, card_name, cards_text

#: Names given to AI players in headless matches (names are not translated).
AI_NAMES = ("Ada", "Bruno", "Chloé", "Dev", "Elif", "Finn", "Gaia", "Hugo", "Inès", "Jonas")

# TRANSLATORS: said when a person must decide: the question, then the choices, separated
# by semicolons ("Name a colour. Name red; Name yellow; Name green; Name blue.").
PROMPT = N_("{prompt} {choices}.")


def counted(name: str, count: int) -> str:
    """"Bob — 4 cards": a player with their (public) card count."""
    return ngettext("{player} — {count} card", "{player} — {count} cards", count).format(
        player=name, count=count)


class Narrator:
    """Turns events into lines, naming players from ``names``."""

    def __init__(self, names: Sequence[str], trays: bool = False) -> None:
        self.names = list(names)
        self.cast = {i: PlayerVoice(name) for i, name in enumerate(self.names)}
        self.trays = trays  # several discard piles: say which one a card goes on
        self.jumped: tuple[int, object] | None = None  # H-3: said with the jump-in
        #: The player last picked by another (PlayerPicked): target -> who picked them.
        self.picked_by: dict[int, int] = {}

    def name(self, player: int) -> str:
        return self.names[player]

    # ---------------------------------------------------------------- prompts
    @property
    def labels(self) -> Labels:
        return Labels(self.names)

    def option(self, option: Option, counts: Sequence[int] = ()) -> str:
        """How an option is said: a player with their card count (``counts``: every
        player's, public), anything else by its label."""
        player = option.params.get("player")
        if option.widget == "player" and isinstance(player, int) and player < len(counts):
            return counted(self.name(player), counts[player])
        return self.labels.option(option)

    def prompt(self, choice: Choice, counts: Sequence[int] = (),
               options: Sequence[Option] | None = None) -> str:
        """What is said when a person must decide: the choice's words, then its options
        (``options``: only those, when an intent narrowed them down)."""
        listed = "; ".join(self.option(o, counts)
                           for o in (choice.options if options is None else options))
        words = self.labels.choice(choice)
        return _(PROMPT).format(prompt=words, choices=listed) if listed else words

    def lines(self, events: Iterable[E.Event]) -> list[str]:
        out: list[str] = []
        for e in events:
            handler = _HANDLERS.get(type(e)) or LINES.get(type(e))
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
        if self.trays:
            return _("Tray {tray} starts with {card}.").format(
                tray=e.tray + 1, card=card_name(e.card)
            )
        if e.returned:
            return _("First card: {card} (after {cards}).").format(
                card=card_name(e.card), cards=cards_text(e.returned)
            )
        return _("First card: {card}.").format(card=card_name(e.card))

    def _card_played(self, e: E.CardPlayed) -> str:
        if self.jumped is not None:  # H-3: "jumps in with …" said the card already
            jumped, self.jumped = self.jumped, None
            if jumped == (e.player, e.card):
                return ""
        if self.trays:
            return _("{player} plays {card} on tray {tray}.").format(
                player=self.name(e.player), card=card_name(e.card), tray=e.tray + 1
            )
        return _("{player} plays {card}.").format(
            player=self.name(e.player), card=card_name(e.card)
        )

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
        template = DRAW_REASONS.get(e.reason, DRAW_REASONS["turn"])
        return _(template).format(player=self.name(e.player), cards=cards_text(e.cards))

    def _turn_skipped(self, e: E.TurnSkipped) -> str:
        return _("{player} is skipped.").format(player=self.name(e.player))

    def _direction_changed(self, e: E.DirectionChanged) -> str:
        if e.clockwise:
            return _("Play now goes clockwise.")
        return _("Play now goes counter-clockwise.")

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

    # ---------------------------------------------------------------- shared by editions
    def _discarded(self, e: E.CardsDiscarded) -> str:
        template = DISCARD_REASONS.get(e.reason, DISCARD_REASONS["command"])
        return _(template).format(player=self.name(e.player), cards=cards_text(e.cards))

    def _picked(self, e: E.PlayerPicked) -> str:
        self.picked_by = {e.target: e.player}
        return _("{player} picks {target}.").format(
            player=self.name(e.player), target=self.name(e.target)
        )

    def _swapped(self, e: E.HandsSwapped) -> str:
        return _("{first} and {second} swap hands.").format(
            first=self.name(e.first), second=self.name(e.second)
        )

    def _stacked(self, e: E.Stacked) -> str:
        return ngettext("Stack: {count} card to take!", "Stack: {count} cards to take!",
                        e.total).format(count=e.total)

    def _passed(self, e: E.HandsPassed) -> str:
        return _("Zero! Every hand passes on.")

    def _jumped_in(self, e: E.JumpedIn) -> str:
        self.jumped = (e.player, e.card)
        return _("{player} jumps in with {card}!").format(
            player=self.name(e.player), card=card_name(e.card)
        )

    def _first_player(self, e: E.FirstPlayerChosen) -> str:
        return _("{player} plays first.").format(player=self.name(e.player))

    def _house_rules_tonight(self, e: HouseRulesTonight) -> str:
        return tonight_line(e)

#: The official game's and the shared events' lines; an edition's are in
#: :data:`game.voice.log_lines.LINES`, registered by its voice module.
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
    E.CardsDiscarded: Narrator._discarded,
    E.PlayerPicked: Narrator._picked,
    E.HandsSwapped: Narrator._swapped,
    E.HandsPassed: Narrator._passed,
    E.Stacked: Narrator._stacked,
    E.JumpedIn: Narrator._jumped_in,
    E.FirstPlayerChosen: Narrator._first_player,
    HouseRulesTonight: Narrator._house_rules_tonight,  # the table's opening line
}
