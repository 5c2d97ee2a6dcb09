"""The players' profiles in the running game: faces at the set-up and the table, statistics
counted at the table, the stats screen's data.

The app's :class:`~game.store.profile_store.ProfileStore` is loaded the first time a screen needs it
(:func:`profiles`), one per app (a second app, a restart, reads the file again). A profiles
file that had to be put aside is told once, on screen (:func:`tell_problem`, from the title
screen), and a write that fails once through the file notices (:mod:`game.ui.file_notices`).

Forgetting a player (:func:`forget`, asked first on the statistics screen, which says how
many recordings and how much space go with them: :func:`recordings`) removes their face,
their figures and their recorded name and house rule (``clips/<id>/``); their saved matches
stay.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.i18n import N_, ngettext
from game.rules import events as E
from game.setup.names import new_player_id
from game.store.profile_store import ProfileStore
from game.store.profiles import Avatar, default_avatar
from game.store.repairs import listed
from game.store.saves import SeatInfo
from game.store.stats import SeatRef, record
from game.store.userfiles import WATCH
from game.ui import scenes
from game.ui.file_notices import size_text

if TYPE_CHECKING:
    from game.ui.scene import AppHost

_log = logging.getLogger(__name__)

_STORES: weakref.WeakKeyDictionary[Any, ProfileStore] = weakref.WeakKeyDictionary()
#: (store, version, ids) -> the table's faces, so a frame does not recompute them.
_FACES: weakref.WeakKeyDictionary[ProfileStore, tuple[int, tuple[str, ...], list[Avatar]]] = \
    weakref.WeakKeyDictionary()

PROBLEM_TITLE = N_("The players' statistics could not be read")
PROBLEM_KEPT = N_("The file {path} was damaged ({reason}). It was kept as {kept}; the players' "
                  "faces and statistics start afresh.")
PROBLEM_LEFT = N_("The file {path} could not be read ({reason}), nor put aside. The game "
                  "leaves it as it is and keeps this session's statistics in memory only.")


def profiles(app: AppHost) -> ProfileStore:
    """The running app's profiles (read from the data folder the first time)."""
    try:
        store = _STORES.get(app)
    except TypeError:  # an app that cannot be remembered (a test's stand-in): no cache
        return ProfileStore()
    if store is None:
        store = ProfileStore()
        _STORES[app] = store
    return store


REPAIRED_TITLE = N_("Some players' statistics were repaired")
REPAIRED_KEPT = N_("A few entries in {path} could not be used; every other player's face and "
                   "statistics are kept. The file as it was is kept as {kept}.\n{repairs}")
REPAIRED_LEFT = N_("A few entries in {path} could not be used; every other player's face and "
                   "statistics are kept. The file could not be copied aside, so the game leaves "
                   "it as it is and keeps this session's statistics in memory only.\n{repairs}")
FORGOTTEN_TITLE = N_("Players forgotten to make room")


def tell_problem(app: AppHost) -> None:
    """Open a notice about a profiles file that could not be used (or only in part), once
    per run, and one about players forgotten since to make room (see
    :meth:`~game.store.profile_store.ProfileStore.take_notices`)."""
    store = profiles(app)
    problem = store.problem
    if problem is not None and not store.told:
        store.told = True
        params = {"path": str(problem.path), "reason": problem.reason,
                  "kept": str(problem.kept_as), "repairs": listed(problem.repairs)}
        if problem.repairs:
            body = REPAIRED_KEPT if problem.kept_as is not None else REPAIRED_LEFT
            app.open(scenes.NOTICE, REPAIRED_TITLE, body, **params)
        else:
            body = PROBLEM_KEPT if problem.kept_as is not None else PROBLEM_LEFT
            app.open(scenes.NOTICE, PROBLEM_TITLE, body, **params)
    later = store.take_notices()
    if later:
        app.open(scenes.NOTICE, FORGOTTEN_TITLE, "{repairs}", repairs=listed(later))


def faces(app: AppHost, ids: Sequence[str]) -> list[Avatar]:
    """The face of each of the players ``ids``: their profile's, else one given to them
    (the same for the same id, and not one another seat here wears)."""
    store = profiles(app)
    key = tuple(ids)
    cached = _FACES.get(store)
    if cached is not None and cached[0] == store.version and cached[1] == key:
        return cached[2]
    out: list[Avatar | None] = []
    for pid in ids:
        p = store.get(pid)
        out.append(p.avatar if p is not None else None)
    worn = {a.kind for a in out if a is not None}
    final: list[Avatar] = []
    for pid, avatar in zip(ids, out):
        if avatar is None:
            avatar = default_avatar(pid, worn)
            worn.add(avatar.kind)
        final.append(avatar)
    _FACES[store] = (store.version, key, final)
    return final


def seat_refs(seats: Sequence[SeatInfo], avatars: Sequence[Avatar] = ()) -> list[SeatRef]:
    """The seats as the statistics see them, with the faces they wear at the table."""
    worn = list(avatars) + [None] * (len(seats) - len(avatars))
    return [SeatRef(s.player_id, s.name, not s.human, a) for s, a in zip(seats, worn)]


def count_events(app: AppHost, edition: str, seats: Sequence[SeatInfo],
                 events: Sequence[E.Event]) -> None:
    """Count the hands and matches ``events`` end into the players' statistics and write
    them (never raises: the table goes on whatever happens)."""
    if not any(isinstance(e, E.HandEnded | E.MatchEnded) for e in events):
        return
    try:
        store = profiles(app)
        refs = seat_refs(seats, faces(app, [s.player_id for s in seats]))
        if record(store.book, edition, refs, events):
            for ref in refs:
                p = store.get(ref.player_id)
                if p is not None:
                    store.touch(p)
            store.save()
    except Exception as exc:  # statistics are never worth stopping a match
        _log.warning("statistics not counted: %s", exc)


def resolve_ids(app: AppHost, names: Sequence[str], ids: Sequence[str],
                remembered: Sequence[str]) -> list[str]:
    """The set-up's ids, with profiles: a name that did not sit here last time (``ids[i]``
    is not one of ``remembered``) but has a profile takes that profile's id, so the player's
    face, recordings and statistics follow them."""
    store = profiles(app)
    out = list(ids)
    known = set(remembered)
    for i, name in enumerate(names):
        if out[i] in known:
            continue
        p = store.book.by_name(name, exclude=out)
        if p is not None:
            out[i] = p.id
    seen: set[str] = set()
    for i, pid in enumerate(out):
        if pid in seen:
            out[i] = new_player_id()
        seen.add(out[i])
    return out


def face_for_name(app: AppHost, name: str, exclude: Sequence[str] = ()) -> Avatar | None:
    """The face of the profile called ``name``, if there is one."""
    p = profiles(app).book.by_name(name, exclude=exclude)
    return p.avatar if p is not None else None


def remember(app: AppHost, seats: Sequence[SeatInfo], avatars: Sequence[Avatar]) -> None:
    """The set-up dealt these seats: each player's profile takes their name and chosen face
    (written now; never raises)."""
    try:
        store = profiles(app)
        taken: list[str] = []
        for seat, avatar in zip(seats, avatars):
            p = store.book.ensure(seat.player_id, seat.name, not seat.human, taken)
            p.name, p.avatar, p.ai = seat.name, avatar, not seat.human
            taken.append(avatar.kind)
            store.touch(p)
        store.save()
    except Exception as exc:
        _log.warning("profiles not updated: %s", exc)


def recordings(player_id: str) -> tuple[int, int]:
    """How many recordings ``player_id`` has (their files) and their size in bytes."""
    from game.ui.voices import clip_store

    try:
        return clip_store().usage(player_id)
    except Exception:  # no sound library, a malformed id: no recordings to speak of
        return 0, 0


def recordings_text(count: int, size: int) -> str:
    """ "2 files, 180 KB" (translated)."""
    return ngettext("{count} file, {size}", "{count} files, {size}", count).format(
        count=count, size=size_text(size))


def forget(app: AppHost, player_id: str) -> bool:
    """The family asked to forget this player (asked first): their face and statistics
    (written at once) and their recordings go; their saved matches stay. A recordings folder
    that cannot be deleted is told through the file notices; a link in its place is put
    aside, never followed. ``False`` when there was no such player."""
    from game.store.saves import data_dir
    from game.ui.voices import clip_store

    forgotten = profiles(app).forget(player_id)
    try:
        clip_store().forget(player_id)
    except Exception as exc:  # a read-only folder ...: told, the game goes on
        WATCH.could_not("recordings", data_dir() / "clips" / player_id, exc)
    return forgotten
