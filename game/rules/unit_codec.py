"""The text form of each electronic unit's whole state, hidden parts included: the
``unit`` field of the position text (:mod:`game.rules.position`), and nowhere else.

``launcher:2:attack:-1`` (presses since the last fire, what a pending name-a-player
decision is for, a player going out), ``trays:02:0,4,6:9,7,7:0,1,4:2:0`` (lit trays,
counts, capacities, colours in force, last tray, cards to give away), ``roboto:3`` or
``roboto:0:discard_colour:1:R:2:0:0`` (plays since the last interruption, then the one
under way: kind, players, colour, who continues, whose play waits, covered). ``-``: no
unit. Players see a unit through its typed view instead (:mod:`game.rules.units`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from game.rules.cards import COLOUR_OF, RANK_OF, WILD, Colour
from game.rules.editions.attack import AttackGame
from game.rules.editions.roboto import COMMAND_WEIGHTS, Interrupt, RobotoGame
from game.rules.editions.triple import TripleGame
from game.rules.legality import NO_RANK

if TYPE_CHECKING:
    from game.rules.table import Table


def _launcher(g: AttackGame) -> str:
    return f"launcher:{g.launcher.presses}:{g.picking or '-'}:{g.going_out}"


def _load_launcher(g: AttackGame, text: str) -> None:
    name, presses, picking, going_out = text.split(":")
    if name != "launcher" or int(presses) < 0:
        raise ValueError(f"not a launcher state: {text!r}")
    g.launcher.presses = int(presses)
    g.picking = "" if picking == "-" else picking
    g.going_out = int(going_out)


def _trays(g: TripleGame) -> str:
    b = g.bank
    lit = "".join(str(t) for t in b.lit) or "-"
    counts = ",".join(map(str, b.count))
    caps = ",".join(map(str, b.capacity))
    colours = ",".join(map(str, g.tray_colour))
    return f"trays:{lit}:{counts}:{caps}:{colours}:{g.last_tray}:{g.give}"


def _load_trays(g: TripleGame, text: str) -> None:
    name, lit, counts, caps, colours, last, give = text.split(":")
    if name != "trays":
        raise ValueError(f"not a tray bank state: {text!r}")
    b = g.bank
    b.lit = () if lit == "-" else tuple(int(x) for x in lit)
    b.count = [int(x) for x in counts.split(",")]
    b.capacity = [int(x) for x in caps.split(",")]
    g.tray_colour = [int(x) for x in colours.split(",")]
    if not all(0 <= c < cap for c, cap in zip(b.count, b.capacity, strict=True)):
        raise ValueError("each tray's count must be below its capacity")
    g.last_tray, g.give = int(last), int(give)
    g.tray_rank = [NO_RANK if COLOUR_OF[p[-1]] == WILD else RANK_OF[p[-1]] for p in g.piles]


def _roboto(g: RobotoGame) -> str:
    u, i = g.unit, g.unit.pending
    if i is None:
        return f"roboto:{u.since}"
    colour = "-" if i.colour is None else i.colour.letter
    players = ",".join(map(str, i.players))
    covered = int(u.covered)
    return f"roboto:{u.since}:{i.kind}:{players}:{colour}:{i.continues}:{u.owed}:{covered}"


def _load_roboto(g: RobotoGame, text: str) -> None:
    parts = text.split(":")
    if parts[0] != "roboto" or len(parts) not in (2, 8):
        raise ValueError(f"not a Roboto state: {text!r}")
    g.unit.since = int(parts[1])
    if len(parts) == 8:
        kind, players, colour, continues, owed, covered = parts[2:]
        if kind not in COMMAND_WEIGHTS and kind != "house_rule":  # mypyc: no star here
            raise ValueError(f"unknown interruption {kind!r}")
        g.unit.pending = Interrupt(
            kind,
            tuple(int(x) for x in players.split(",") if x),
            None if colour == "-" else Colour.parse(colour),
            int(continues),
        )
        g.unit.owed, g.unit.covered = int(owed), covered == "1"


#: Game class → (its unit's text, the inverse). Editions without a unit are absent.
CODECS: Final[dict[type, tuple[Callable[..., str], Callable[..., None]]]] = {
    AttackGame: (_launcher, _load_launcher),
    TripleGame: (_trays, _load_trays),
    RobotoGame: (_roboto, _load_roboto),
}


def _codec(game: Table) -> tuple[Callable[..., str], Callable[..., None]] | None:
    for cls in type(game).__mro__:
        if cls in CODECS:
            return CODECS[cls]
    return None


def dump(game: Table) -> str:
    """The unit's whole state as text (``-`` for none)."""
    codec = _codec(game)
    return "-" if codec is None else codec[0](game)


def load(game: Table, text: str) -> None:
    """Set the unit from :func:`dump`'s text; ``ValueError`` says what is wrong."""
    codec = _codec(game)
    if codec is None:
        if text != "-":
            raise ValueError(f"{game.ruleset.edition} has no electronic unit")
        return
    codec[1](game, text)
