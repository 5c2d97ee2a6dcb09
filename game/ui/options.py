"""What the player asked for when starting the game (the command line's choices, already
checked): the app keeps them as the set-up screen's defaults, so the app never depends on
its own command line."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StartOptions:
    """The start-up choices the set-up screen offers as its defaults (all optional)."""

    edition: str | None = None
    players: int | None = None
    seed: int | None = None
    #: AI kinds given by the player, one for every seat or one per seat ("" = not given).
    bots: tuple[str, ...] = ()
    match: str | None = None
    target: int | None = None
    lang: str | None = None
    #: House rules asked for with ``--house`` (the ruleset's text, ``"stacking+seven_o"``;
    #: ``None``: not given), already checked against the edition given.
    house: str | None = None
