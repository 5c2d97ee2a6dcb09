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

from game.i18n import N_, _, ngettext
from game.play.choices import Choice, Option
from game.play.labels import COLOUR_NAMES, Labels
from game.rules import events as E
from game.rules.cards import Card
from game.setup.house_rules import HouseRulesTonight, tonight_line
from game.voice.card_names import card_phrase
from game.voice.clips import PlayerVoice
from game.voice.phrases import discard_colour_command
from game.voice.phrases_editions import PressedFor
from game.voice.utterance import render

#: Names given to AI players in headless matches (names are not translated).
AI_NAMES = ("Ada", "Bruno", "Chloé", "Dev", "Elif", "Finn", "Gaia", "Hugo", "Inès", "Jonas")

_DRAW_REASONS = {
    "turn": N_("{player} draws {cards}."),
    "draw_two": N_("{player} draws two: {cards}."),
    "wild_draw_four": N_("{player} takes the Wild Draw Four: {cards}."),
    "challenge_guilty": N_("{player} was bluffing and draws four: {cards}."),
    "challenge_innocent": N_("{player} loses the challenge and draws six: {cards}."),
    "uno_penalty": N_("{player} draws a penalty: {cards}."),
    "first_card": N_("{player} draws two from the first card: {cards}."),
    "victory_lap": N_("{player} draws one for the Victory Lap: {cards}."),
    "race": N_("{player} finishes last and draws two: {cards}."),
    "overload": N_("{player} draws the overload penalty: {cards}."),
    "give_away": N_("{player} receives penalty cards: {cards}."),
    "time_up": N_("{player} ran out of time and draws: {cards}."),
}

_DISCARD_REASONS = {
    "discard_all": N_("{player} discards the rest of the colour: {cards}."),
    "pair": N_("{player} pairs the Discard Two with {cards}."),
    "command": N_("{player} puts down {cards}."),
}

CUSTOM_EFFECT_NAMES = {
    "everyone_presses": N_("everyone else presses the launcher once"),
    "swap_hands": N_("swap hands with a player of your choice"),
    "chosen_presses_twice": N_("a player of your choice presses twice"),
    "skip_everyone": N_("skip everyone and play again"),
    "plain": N_("a plain wild"),
}

LIGHT_NAMES = {"green": N_("green"), "yellow": N_("yellow"), "red": N_("red")}

# TRANSLATORS: said when a person must decide: the question, then the choices, separated
# by semicolons ("Name a colour. Name red; Name yellow; Name green; Name blue.").
PROMPT = N_("{prompt} {choices}.")


def card_name(c: Card) -> str:
    """"a red 5", « un 5 rouge » — in the current language."""
    return render(card_phrase(c), {}).caption


def cards_text(cards: Sequence[Card]) -> str:
    if not cards:
        return _("no card")
    return ", ".join(card_name(c) for c in cards)


def counted(name: str, count: int) -> str:
    """"Bob — 4 cards": a player with their (public) card count."""
    return ngettext("{player} — {count} card", "{player} — {count} cards", count).format(
        player=name, count=count)


class Narrator:
    """Turns events into lines, naming players from ``names``."""

    def __init__(self, names: Sequence[str], trays: bool = False) -> None:
        self.names = list(names)
        self.cast = {i: PlayerVoice(name) for i, name in enumerate(self.names)}
        self.trays = trays  # Triple Play: say which tray a card goes on
        self.jumped: tuple[int, object] | None = None  # H-3: said with the jump-in
        #: A-6: the victim -> who named them (the one who presses the launcher for them).
        self.attacker: dict[int, int] = {}

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
        template = _DRAW_REASONS.get(e.reason, _DRAW_REASONS["turn"])
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

    # ---------------------------------------------------------------- editions
    def _discarded(self, e: E.CardsDiscarded) -> str:
        template = _DISCARD_REASONS.get(e.reason, _DISCARD_REASONS["command"])
        return _(template).format(player=self.name(e.player), cards=cards_text(e.cards))

    def _picked(self, e: E.PlayerPicked) -> str:
        self.attacker = {e.target: e.player}
        return _("{player} picks {target}.").format(
            player=self.name(e.player), target=self.name(e.target)
        )

    def _pressed(self, e: E.LauncherPressed) -> str:
        if e.reason == "attack_attack" and e.player in self.attacker:  # pressed for them
            return self._pressed_for(PressedFor(self.attacker[e.player], e))
        who = self.name(e.player)
        if e.count == 0:
            return _("{player} presses the launcher… nothing.").format(player=who)
        if not e.fired:
            return ngettext(
                "{player} presses the launcher: it fires {count} card!",
                "{player} presses the launcher: it fires {count} cards!",
                e.count,
            ).format(player=who, count=e.count)
        return _("{player} presses the launcher: it fires {cards}!").format(
            player=who, cards=cards_text(e.fired)
        )

    def _pressed_for(self, e: PressedFor) -> str:
        """A-6: the one who played the Wild Attack-Attack presses for the victim."""
        p, who, target = e.press, self.name(e.presser), self.name(e.press.player)
        if p.count == 0:
            return _("{player} presses the launcher for {target}… nothing.").format(
                player=who, target=target)
        if not p.fired:
            return ngettext(
                "{player} presses the launcher for {target}: it fires {count} card!",
                "{player} presses the launcher for {target}: it fires {count} cards!",
                p.count,
            ).format(player=who, target=target, count=p.count)
        return _("{player} presses the launcher for {target}: it fires {cards}!").format(
            player=who, target=target, cards=cards_text(p.fired))

    def _custom(self, e: E.CustomEffect) -> str:
        return _("{player}'s Wild Customizable: {effect}.").format(
            player=self.name(e.player), effect=_(CUSTOM_EFFECT_NAMES[e.effect])
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

    def _lit(self, e: E.TraysLit) -> str:
        trays = ", ".join(str(t + 1) for t in e.lit)
        return _("Open trays for {player}: {trays}.").format(
            player=self.name(e.player), trays=trays
        )

    def _tray(self, e: E.TrayPressed) -> str:
        if e.cleared:
            return _("Tray {tray} is cleared: its light is green again.").format(tray=e.tray + 1)
        if e.overload:
            return _("Tray {tray} overloads! The unit shows {number}.").format(
                tray=e.tray + 1, number=e.overload
            )
        return _("Tray {tray} is pressed; its light is {light}.").format(
            tray=e.tray + 1, light=_(LIGHT_NAMES[e.light])
        )

    def _shared(self, e: E.PenaltyShared) -> str:
        shares = ", ".join(f"{self.name(q)} {n}" for q, n in e.shares)
        return _("{player} shares out the penalty: {shares}.").format(
            player=self.name(e.player), shares=shares
        )

    def _time_up(self, e: E.TimeRanOut) -> str:
        return _("Time is up for {player}!").format(player=self.name(e.player))

    def _first_player(self, e: E.FirstPlayerChosen) -> str:
        return _("{player} plays first.").format(player=self.name(e.player))

    def _roboto(self, e: E.RobotoInterrupts) -> str:
        names = [self.name(p) for p in e.players]
        if e.kind == "discard_colour" and e.colour is not None:
            # The spoken command, with its colour agreed in every language.
            command = render(discard_colour_command(e.players[0], e.colour), self.cast).caption
            return _("Roboto: “{command}”").format(command=command)
        if e.kind == "nickname":
            return _("Roboto: “{player}, give {other} a nickname!”").format(
                player=names[0], other=names[1]
            )
        if e.kind == "duel":
            return _("Roboto: “Duel! {player} against {other}!”").format(
                player=names[0], other=names[1]
            )
        return _("Roboto: “House rule!” Everybody races.")

    def _house_rules_tonight(self, e: HouseRulesTonight) -> str:
        return tonight_line(e)

    def _race(self, e: E.RaceEnded) -> str:
        order = ", ".join(self.name(p) for p in e.order)
        return _("Race order: {order}.").format(order=order)

    def _roboto_names(self, e: E.RobotoNames) -> str:
        return _("Roboto: “{player}, your turn!”").format(player=self.name(e.player))


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
    E.LauncherPressed: Narrator._pressed,
    PressedFor: Narrator._pressed_for,  # A-6 at the table (game.editions.attack.table)
    E.CustomEffect: Narrator._custom,
    E.HandsSwapped: Narrator._swapped,
    E.HandsPassed: Narrator._passed,
    E.Stacked: Narrator._stacked,
    E.JumpedIn: Narrator._jumped_in,
    E.TraysLit: Narrator._lit,
    E.TrayPressed: Narrator._tray,
    E.PenaltyShared: Narrator._shared,
    E.TimeRanOut: Narrator._time_up,
    E.FirstPlayerChosen: Narrator._first_player,
    E.RobotoInterrupts: Narrator._roboto,
    E.RaceEnded: Narrator._race,
    E.RobotoNames: Narrator._roboto_names,
    HouseRulesTonight: Narrator._house_rules_tonight,  # the table's opening line
}
