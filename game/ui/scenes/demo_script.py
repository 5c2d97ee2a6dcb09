"""The "Try me" demo's script (R-12): what Roboto says and when, the cards on the little
table and their flights, the duel's timing, the glimpse of his friends and the sounds'
cues; and what the table holds at any moment. All of it is data and pure functions of
the demo's clock, drawn by :class:`~game.ui.scenes.demo.TryMeScene`."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_


@dataclass(frozen=True)
class Line:
    """What Roboto says at ``at`` seconds; ``seat`` and ``other`` fill {player}/{other}."""

    at: float
    msgid: str
    seat: int = -1
    other: int = -1


@dataclass(frozen=True)
class Flight:
    """A card moving from a seat (or the draw pile, -1) to the pile (-1) or a seat."""

    card: str
    src: int
    dst: int
    at: float
    seconds: float = 0.45


SCRIPT = (
    Line(0.4, N_("Hello! I am Roboto. I run your UNO game, and I love surprises!")),
    Line(4.4, N_("{player}, your turn!"), 0),
    Line(7.8, N_("Surprise command! {player}, discard all your red cards!"), 1),
    Line(12.4, N_("{player}, you continue!"), 2),
    Line(15.2, N_("Duel! {player} against {other}: first to touch your nose!"), 0, 2),
    Line(20.2, N_("{player} was last: draw two cards!"), 2),
    Line(23.8, N_("Meet my friends: a dinosaur launcher, three trays and a speedy hedgehog!")),
    Line(29.4, N_("Choose New game and play with me. See you soon!")),
)
END_S = 33.0
HANDS = (("R5", "G7", "Y+2", "B1"), ("R2", "G3", "R7", "B9", "Y4"), ("Y6", "G1", "BS", "W"))
FIRST_TOP = "R9"
FLIGHTS = (
    Flight("R5", 0, -1, 5.4),
    Flight("R2", 1, -1, 9.8),  # one at a time
    Flight("R7", 1, -1, 10.7),
    Flight("G8", -1, 2, 21.0),
    Flight("Y3", -1, 2, 21.5),
)
#: Whose turn the table shows (from, to, seat).
TURNS = ((4.4, 7.8, 0), (12.4, 15.2, 2))
#: The duel: the lamp shows, flashes, and each racer is done.
RACE_SHOW, RACE_FLASH, RACE_HIDE = 16.0, 17.8, 20.9
RACE_DONE = {0: 18.4, 2: 19.3}
#: The glimpse of the other editions, and their cards.
FRIENDS_SHOW, FRIENDS_HIDE = 23.8, 29.2
FRIENDS = (("attack", ("RH2", "WAA")), ("triple", ("BD2", "WCL")), ("sonic", ("WVL",)))
CUES = ((5.4, "card"), (9.8, "card"), (10.7, "card"), (17.8, "uno"), (18.4, "click"),
        (19.3, "click"), (21.0, "draw"), (21.5, "draw"), (23.8, "wild"), (29.4, "win"))


def hand_at(seat: int, t: float) -> list[str]:
    """The cards ``seat`` holds at ``t`` seconds: a card leaves as its flight starts and
    arrives as it lands."""
    cards = list(HANDS[seat])
    for f in FLIGHTS:
        if f.src == seat and t >= f.at and f.card in cards:
            cards.remove(f.card)
        if f.dst == seat and t >= f.at + f.seconds:
            cards.append(f.card)
    return cards


def top_at(t: float) -> str:
    """The card on top of the pile at ``t`` seconds."""
    landed = [f.card for f in FLIGHTS if f.dst == -1 and t >= f.at + f.seconds]
    return landed[-1] if landed else FIRST_TOP


def turn_at(t: float) -> int:
    """Whose turn the table shows at ``t`` seconds (-1: nobody's)."""
    return next((seat for a, b, seat in TURNS if a <= t < b), -1)
