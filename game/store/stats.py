"""Statistics kept between matches: counted from the engine's events into the players'
profiles (:mod:`game.store.profiles`).

What counts, per player and per edition:

- **hands played**, **hands won** and **best hand**: at every hand's end (``HandEnded``),
  every seat played one (so everyone at the table is on the statistics screen, winner or
  not), the winner's count grows and their best hand is the most points one hand they won
  scored (in the kinds where the lowest total wins, what the hand scored is the penalty it
  gave the others);
- **matches played** and **won**: at the match's end (``MatchEnded``), every seat played one
  and each of the winners (both partners, a whole team) won one.

A match left unfinished (abandoned at the title screen, deleted from the saved matches) counts
as no match played: a match is counted when it ends, also when it ends after being resumed.
The hands played and won in it stay counted: they were played to their end. A resumed match
is replayed from its save without events, so nothing is counted twice.

Standard library only: the table calls :func:`record` with the events it presents.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.rules import events as E
from game.setup.names import clean_name, is_player_id
from game.store.profiles import MAX_COUNT, Avatar, Profile, ProfileBook, is_edition_name

__all__ = ["SeatRef", "check_seats", "record"]


@dataclass(frozen=True)
class SeatRef:
    """Who sits at a seat, as the statistics need it: ``avatar`` is the face they wore at
    the table, which a profile made for them keeps (``None``: one is given)."""

    player_id: str
    name: str
    ai: bool = False
    avatar: Avatar | None = None


def _profile(book: ProfileBook, seats: Sequence[SeatRef], player: int) -> Profile | None:
    if not 0 <= player < len(seats):
        return None
    seat = seats[player]
    fresh = book.get(seat.player_id) is None
    taken = [p.avatar.kind for s in seats if (p := book.get(s.player_id)) is not None]
    profile = book.ensure(seat.player_id, seat.name, seat.ai, taken)
    if fresh and seat.avatar is not None:
        profile.avatar = seat.avatar
    return profile


def check_seats(edition: str, seats: Sequence[SeatRef]) -> None:
    """``ValueError`` when ``edition`` cannot name an edition's statistics or a seat could
    not have a profile (a malformed player id, a name with nothing visible, the same player
    at two seats)."""
    if not is_edition_name(edition):
        raise ValueError(f"bad edition {edition!r:.40}")
    if len({seat.player_id for seat in seats}) != len(seats):
        raise ValueError("two seats have the same player id")
    for i, seat in enumerate(seats):
        if not is_player_id(seat.player_id):
            raise ValueError(f"seat {i + 1}: bad player id {seat.player_id!r:.40}")
        if not isinstance(seat.name, str) or not clean_name(seat.name):
            raise ValueError(f"seat {i + 1}: a profile needs a name, not {seat.name!r:.40}")


def record(book: ProfileBook, edition: str, seats: Sequence[SeatRef],
           events: Iterable[E.Event]) -> bool:
    """Count the hands and matches that ``events`` end into ``book`` (profiles are made for
    seats that have none yet); ``True`` when anything was counted. A bad edition name or
    seat is a ``ValueError`` (:func:`check_seats`) raised before anything is counted."""
    check_seats(edition, seats)
    counted = False
    for event in events:
        if isinstance(event, E.HandEnded):
            for player in range(len(seats)):
                profile = _profile(book, seats, player)
                if profile is None:
                    continue
                stats = profile.edition(edition)
                stats.hands_played = min(MAX_COUNT, stats.hands_played + 1)
                if player == event.winner:
                    stats.hands_won = min(MAX_COUNT, stats.hands_won + 1)
                    stats.best = min(MAX_COUNT, max(stats.best, event.points))
                counted = True
        elif isinstance(event, E.MatchEnded):
            for player in range(len(seats)):
                profile = _profile(book, seats, player)
                if profile is None:
                    continue
                stats = profile.edition(edition)
                stats.played = min(MAX_COUNT, stats.played + 1)
                if player in event.winners:
                    stats.won = min(stats.played, stats.won + 1)
            counted = True
    return counted
