"""UNO Roboto's voice: his own lines (R-3, R-6, R-8, R-9: announcements, in his own voice),
the duel tasks, its log lines and how its decisions read as choices.

Registers with :data:`game.voice.voicings.VOICINGS`, :data:`game.voice.log_lines.LINES` and
:mod:`game.play.specs`; :mod:`game.voice.editions` imports it.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.i18n import N_, _
from game.play.specs import (
    ActionSpec,
    DecisionSpec,
    Param,
    register_action,
    register_decision,
    register_task,
)
from game.rules import actions as A
from game.rules import events as E
from game.rules import events as ev
from game.rules.cards import Colour
from game.rules.decisions import Decision
from game.voice.log_lines import DRAW_REASONS, Teller, logs
from game.voice.roboto_voice import ROBOTO as ROBOTO_VOICE
from game.voice.utterance import HouseRule, ParamValue, Phrase, Priority, Seat, render
from game.voice.voicings import voices

_NARRATE = Priority.NARRATION


# --------------------------------------------------------------------------- phrases

_DISCARD_COLOUR: dict[Colour, str] = {
    Colour.RED: N_("{player}, discard all your red cards!"),
    Colour.YELLOW: N_("{player}, discard all your yellow cards!"),
    Colour.GREEN: N_("{player}, discard all your green cards!"),
    Colour.BLUE: N_("{player}, discard all your blue cards!"),
}


def discard_colour_command(player: int, colour: Colour) -> Phrase:
    """Roboto's Surprise Command R-6a, spoken with the player's recorded name (the narration
    says it too, through :mod:`game.voice.phrases`)."""
    return Phrase.of(_DISCARD_COLOUR[colour], player=Seat(player))


def _command(e: ev.RobotoInterrupts, lines: RobotoLines) -> Phrase | None:
    """The command itself (R-6, R-9), its players by nickname when they have one."""
    first = lines.who(e.players[0]) if e.players else None
    if e.kind == "discard_colour" and e.players and e.colour is not None:
        return discard_colour_command(e.players[0], e.colour)
    if e.kind == "nickname" and first is not None and len(e.players) > 1:
        return Phrase.of(N_("{player}, record a nickname for {other}!"),
                         player=first, other=lines.who(e.players[1]))
    if e.kind == "duel" and first is not None and len(e.players) > 1:
        return Phrase.of(N_("Duel! {player} against {other}!"),
                         player=first, other=lines.who(e.players[1]))
    if e.kind == "house_rule":
        return Phrase.of(N_("House rule! {rule}"), rule=HouseRule())
    return None


@voices("RobotoInterrupts")
def _roboto_interrupts(e: ev.RobotoInterrupts) -> Phrase | None:
    return ROBOTO.for_event(e)


@voices("RaceEnded")
def _race_ended(e: ev.RaceEnded) -> Phrase | None:
    return ROBOTO.for_event(e)


@voices("RobotoNames")
def _roboto_names(e: ev.RobotoNames) -> Phrase | None:
    return ROBOTO.for_event(e)

#: R-6c: what the two players of a duel race to do (Roboto picks one; the race dialog shows it
#: and he says it). Quick, safe at a table, and the same in every language.
DUEL_TASKS: tuple[str, ...] = (
    N_("Touch your nose!"),
    N_("Clap your hands three times!"),
    N_("Stand up and sit down again!"),
    N_("Say the name of an animal!"),
    N_("Touch your left ear with your right hand!"),
    N_("Say “beep boop” like a robot!"),
    N_("Pat your head twice!"),
    N_("Wave at every player!"),
    N_("Say a colour that is not on a card!"),
    N_("Blink three times!"),
    N_("Touch your shoulders, then your knees!"),
    N_("Say “UNO” backwards!"),
    N_("Make a dinosaur roar!"),
    N_("Name a fruit!"),
    N_("Give a thumbs up with both hands!"),
)


def duel_task(seed: int, version: int) -> tuple[str, Mapping[str, str]]:
    """The duel's task at this moment of a game (the same for the same seed and version):
    what the table's race dialog shows and a racer's phone shows."""
    rng = random.Random(seed * 41 + version)
    return DUEL_TASKS[rng.randrange(len(DUEL_TASKS))], {}


# --------------------------------------------------------------------------- Roboto's lines

#: Roboto's own lines for each moment of a game (issue 14): a turn he gives, a surprise command
#: (an opener before the command itself), a race's loser, a nickname given, a player near the
#: win (one card left) and a win. Every line names ``{player}`` (spoken from the player's
#: recording, or their nickname); a nickname line also names ``{nickname}``.
ROBOTO_LINES: dict[str, tuple[str, ...]] = {
    "turn": (
        N_("{player}, your turn to play!"),
        N_("Beep boop! {player}, show me a card!"),
        N_("My sensors say it is {player}'s turn."),
        N_("{player}, the table is waiting for you!"),
        N_("Go go go, {player}!"),
        N_("{player}, dazzle me!"),
        N_("Calculating… calculating… {player} plays!"),
        N_("{player}, do not keep a robot waiting!"),
        N_("Next up: the one and only {player}!"),
        N_("{player}, I have a good feeling about this card."),
        N_("Your move, {player}. No pressure. Well, a little."),
        N_("{player}! Yes, you! Play!"),
        N_("Whirr… click… {player}, it is you!"),
        N_("{player}, pick your best card!"),
        N_("Attention please: {player} is about to play!"),
        N_("{player}, my antenna is pointing at you!"),
    ),
    "command": (
        N_("Surprise, {player}!"),
        N_("Hee hee! {player}, I have a mission for you!"),
        N_("Stop everything! {player}, listen!"),
        N_("Robot orders, {player}!"),
        N_("Ding ding ding! {player}, your mission!"),
        N_("{player}, I just had an idea…"),
        N_("Beep! Command for {player}!"),
        N_("Nobody move! {player}, this one is for you!"),
        N_("My circuits are tingling, {player}!"),
        N_("Plot twist, {player}!"),
        N_("Time for some fun, {player}!"),
        N_("{player}, you will love this. Maybe."),
        N_("Attention, attention! {player}!"),
        N_("Wait for it… {player}!"),
        N_("Roboto has spoken, {player}!"),
        N_("Mwa-ha-ha! {player}!"),
    ),
    "race": (
        N_("Last place: {player}!"),
        N_("{player}, you were the slowest! Two cards for you!"),
        N_("Slowpoke detected: {player}! Draw two!"),
        N_("Ha! {player} is last. Two cards, please!"),
        N_("{player}, even my battery is faster than you!"),
        N_("Too slow, {player}! The deck is calling you."),
        N_("Photo finish… and {player} is last!"),
        N_("{player}, were you taking a nap? Draw two!"),
        N_("Beep boop, {player} loses the race!"),
        N_("The winner is everybody except {player}!"),
        N_("{player}, next time, eat more vitamins!"),
        N_("Race over! {player} collects two souvenirs."),
        N_("My stopwatch says: {player}, last!"),
        N_("Oh dear, {player}. Two cards. Sorry! Not sorry!"),
        N_("{player} finishes last, with style!"),
        N_("The turtle award goes to {player}!"),
    ),
    "nickname": (
        N_("From now on, {player} is {nickname}!"),
        N_("Hello, {nickname}! Goodbye, {player}!"),
        N_("{player}? Never heard of them. I only know {nickname}!"),
        N_("Memory updated: {player} equals {nickname}."),
        N_("{nickname}! What a name! {player}, it suits you."),
        N_("Beep! {player} is now officially {nickname}."),
        N_("I love it! {nickname}, welcome to the game, formerly {player}!"),
        N_("Saving nickname… {nickname}. Sorry, {player}, it is permanent."),
        N_("{player}, your new robot name is {nickname}!"),
        N_("Ha ha! {nickname}! {player}, I will never forget it."),
        N_("Ladies and gentlemen: {nickname}! Formerly known as {player}."),
        N_("{player} has been upgraded to {nickname}."),
        N_("Noted! I will call {player} {nickname} from now on."),
        N_("{nickname}… {nickname}… yes, it sounds right for {player}."),
        N_("New name, new luck, {nickname}! Bye bye, {player}."),
    ),
    "near_win": (
        N_("Uh-oh! {player} has one card left!"),
        N_("Red alert! {player} is about to win!"),
        N_("Everybody, watch out for {player}!"),
        N_("One card, {player}? My circuits are sweating!"),
        N_("{player} is so close! Somebody stop them!"),
        N_("Danger, danger! {player} has UNO!"),
        N_("Whoa! {player}, are you a robot too?"),
        N_("Last card for {player}! The tension is electric!"),
        N_("Beep beep beep! {player} is on the edge of victory!"),
        N_("{player}, one card? Impressive. Suspicious, but impressive."),
        N_("Hold on to your cards: {player} is nearly out!"),
        N_("My antenna is spinning! {player} has one card!"),
        N_("{player} says UNO! Who can stop them?"),
        N_("Gasp! {player} is one card from glory!"),
        N_("Quick, everybody! {player} is about to finish!"),
    ),
    "win": (
        N_("Well done, {player}!"),
        N_("{player} wins! Beep boop hooray!"),
        N_("Champion of the galaxy: {player}!"),
        N_("{player}, you are a card genius!"),
        N_("Victory for {player}! I am doing my happy dance!"),
        N_("All hail {player}, ruler of UNO!"),
        N_("{player} wins! My circuits are fireworks!"),
        N_("Incredible! {player} did it!"),
        N_("Ding ding ding! {player} is the winner!"),
        N_("{player}, you beat everyone! Even me, a little."),
        N_("Bravo, {player}! Give me a high five. Careful, I am metal."),
        N_("The cards have chosen: {player}!"),
        N_("{player} wins! I will write a song about it. Beep."),
        N_("What a game! {player} takes it!"),
        N_("Victory protocol activated for {player}!"),
    ),
}

class RobotoLines:
    """Picks Roboto's line for a moment, never the one he said last (for any moment), with
    the players spliced in: a player with a nickname (R-6b) is called by it, the others by
    their seat (their recording when there is one).

    The line chosen for an event is kept for that very event object, so his figure's
    bubble and the voice (which both ask, in that order) say the same line."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.nicknames: dict[int, str] = {}
        self.last = ""
        self._memo: OrderedDict[int, tuple[object, Phrase]] = OrderedDict()

    def reset(self, seed: int, nicknames: dict[int, str]) -> None:
        """A new table: its seed and its (shared, live) nickname map."""
        self.rng = random.Random(seed)
        self.nicknames = nicknames
        self.last = ""
        self._memo.clear()

    def who(self, player: int) -> Seat | str:
        nick = self.nicknames.get(player)
        return nick if nick else Seat(player)

    def line(self, moment: str) -> str:
        """A message id for ``moment``, not the last line said."""
        pool = [m for m in ROBOTO_LINES[moment] if m != self.last]
        self.last = pool[self.rng.randrange(len(pool))]
        return self.last

    def pick(self, moment: str, player: int, **more: ParamValue) -> Phrase:
        """Roboto's phrase for ``moment`` about ``player``."""
        return replace(Phrase.of(self.line(moment), Priority.ANNOUNCEMENT,
                                 player=self.who(player), **more), voice=ROBOTO_VOICE)

    def nickname(self, player: int, nick: str) -> Phrase:
        """R-6b: the nickname moment (``player`` by their own name, then the nickname)."""
        return replace(Phrase.of(self.line("nickname"), Priority.ANNOUNCEMENT,
                                 player=Seat(player), nickname=nick), voice=ROBOTO_VOICE)

    def for_event(self, event: object) -> Phrase | None:
        """His line for ``event`` (the same line each time he is asked about it)."""
        hit = self._memo.get(id(event))
        if hit is not None and hit[0] is event:
            return hit[1]
        phrase = self._build(event)
        if phrase is not None:
            self._memo[id(event)] = (event, phrase)
            while len(self._memo) > 32:
                self._memo.popitem(last=False)
        return phrase

    @staticmethod
    def moment(event: object) -> str:
        """Which moment ``event`` is for him (``""``: none)."""
        if isinstance(event, ev.RobotoNames):
            return "turn"
        if isinstance(event, ev.RobotoInterrupts):
            return "command"
        if isinstance(event, ev.RaceEnded):
            return "race"
        if isinstance(event, ev.UnoCalled):
            return "near_win"
        if isinstance(event, ev.HandEnded):
            return "win"
        return ""

    def _build(self, event: object) -> Phrase | None:
        if isinstance(event, ev.RobotoNames):
            return self.pick("turn", event.player)
        if isinstance(event, ev.RaceEnded):
            return self.pick("race", event.loser)
        if isinstance(event, ev.UnoCalled):
            return self.pick("near_win", event.player)
        if isinstance(event, ev.HandEnded):
            return self.pick("win", event.winner)
        if isinstance(event, ev.RobotoInterrupts):
            command = _command(event, self)
            if command is None:
                return None
            if not event.players:
                return replace(command, voice=ROBOTO_VOICE)
            intro = self.pick("command", event.players[0])
            return replace(Phrase.of(N_("{intro} {command}"), Priority.ANNOUNCEMENT,
                                     intro=intro, command=command), voice=ROBOTO_VOICE)
        return None


#: Roboto's lines at the table (the figure resets it for each game).
ROBOTO = RobotoLines()


# --------------------------------------------------------------------------- log lines

DRAW_REASONS["race"] = N_("{player} finishes last and draws two: {cards}.")


@logs(E.RobotoInterrupts)
def _roboto_line(n: Teller, e: E.RobotoInterrupts) -> str:
    names = [n.name(p) for p in e.players]
    if e.kind == "discard_colour" and e.colour is not None:
        # The spoken command, with its colour agreed in every language.
        command = render(discard_colour_command(e.players[0], e.colour), n.cast).caption
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


@logs(E.RaceEnded)
def _race_line(n: Teller, e: E.RaceEnded) -> str:
    order = ", ".join(n.name(p) for p in e.order)
    return _("Race order: {order}.").format(order=order)


@logs(E.RobotoNames)
def _roboto_names_line(n: Teller, e: E.RobotoNames) -> str:
    return _("Roboto: “{player}, your turn!”").format(player=n.name(e.player))


# --------------------------------------------------------------------------- choices


def _card(a: Any) -> Mapping[str, Param]:
    return {"card": str(a.card)}


def _register_choices() -> None:
    D = Decision
    #
    register_decision(D.DISCARD, DecisionSpec(
        "discard", N_("Put down the commanded cards, one at a time."), "R-7"))
    register_action(A.Discard, ActionSpec("card", N_("Put down {card}"),
                                          lambda a: f"discard:{a.card}", _card))
    register_decision(D.NICKNAME, DecisionSpec("nickname", N_("Give the nickname."), "R-6"))
    register_action(A.NicknameGiven, ActionSpec("button", N_("The nickname is given"),
                                                lambda a: "nickname"))
    register_decision(D.RACE, DecisionSpec("race", N_("Who finished the race first?"), "R-10"))
    register_action(A.RaceFinished, ActionSpec(
        "order", N_("Finishing order: {order}"),
        lambda a: "race:" + ",".join(map(str, a.order)), lambda a: {"order": tuple(a.order)}))
    register_task("duel", duel_task)


_register_choices()
