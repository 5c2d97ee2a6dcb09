"""Who sits where at a new game: each seat's name (a person's, or an AI's own), the player
it belongs to (the id remembered for that name), its face, and the AI levels offered.
Functions of the set-up scene (:mod:`game.ui.scenes.setup`), which keeps the seats they
read and change; they see it as a :class:`SeatTable`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game import i18n
from game.bots import BOTS, LEVELS
from game.i18n import N_, _
from game.setup.names import clean_name, is_player_id, new_player_id
from game.store.profiles import AVATAR_KINDS, Avatar, default_avatar
from game.store.saves import SeatInfo
from game.ui import family
from game.ui.avatars import AvatarChoice
from game.voice.narrate import AI_NAMES

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.widgets import Control

MAX_SEATS = 10
#: A person's name at a seat left without one (the number counts seats from 1).
PERSON = N_("Player {number}")
#: The AI levels a seat offers, weakest first: easy, medium and hard (:data:`LEVELS`), each
#: with its one-line explanation (:data:`LEVEL_LINES`), shown and said at the set-up.
OFFERED_LEVELS: tuple[str, ...] = tuple(k for k in LEVELS if k in BOTS)
#: Bots kept for tests, benchmarks and the command line, never offered at a seat: the
#: random players drag a family's hands on (issue 13 item 8), and the plain heuristic bot
#: (once "Standard") is the simulations' baseline, weaker than medium and blind to the
#: house rules and the editions' own decisions (issue 34 item 7). A seat remembered or
#: saved with one of them is offered medium in its place; one asked for on the command
#: line (``--bots random``) is shown as it was asked.
HIDDEN_LEVELS = frozenset(BOTS) - set(OFFERED_LEVELS)
LEVEL_LABELS = {
    "random": N_("Beginner (random)"),
    "random-play": N_("Beginner (plays any card it can)"),
    "heuristic": N_("Standard"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
}
#: What each level offered is like, in one line (shown under the seats, said aloud).
LEVEL_LINES = {
    "easy": N_("Easy plays simply and sometimes forgets to call UNO: gentle with young "
               "players."),
    "medium": N_("Medium keeps track of colours and of the cards played: a fair game for "
                 "most of the family."),
    "hard": N_("Hard thinks ahead through the hands it cannot see: a real challenge."),
}


#: Where a person plays (issue 33): at the screen, sharing the keyboard, or on a phone of
#: their own (shown in the AI level's place on a person's seat).
WHERE = [(False, N_("At the screen")), (True, N_("On a phone"))]


def level_label(kind: str) -> str:
    return LEVEL_LABELS.get(kind, kind.replace("_", " ").capitalize())


def level_line(kind: str) -> str:
    """The translated one-line explanation of AI level ``kind`` ("" for a hidden one)."""
    return _(LEVEL_LINES[kind]) if kind in LEVEL_LINES else ""


def default_name(seat: int, human: bool) -> str:
    """The name of a seat left without one: "Player 2" for a person, an AI's own name."""
    return _(PERSON).format(number=seat + 1) if human else AI_NAMES[seat]


def _person_patterns() -> list[re.Pattern[str]]:
    """"Player {number}" in every language the game ships, as patterns."""
    out = []
    for code in i18n.LANGUAGES:
        template = i18n.translations(code).gettext(PERSON)
        out.append(re.compile(re.escape(template).replace(re.escape("{number}"),
                                                           r"([1-9][0-9]?)")))
    return out


def in_this_language(name: str) -> str:
    """``name`` in the language shown now if it is a person's default name in another one
    ("Player 2" shown as "Joueur 2" once the game speaks French, and back), else as it is:
    a default name remembered or saved in one language is no name a family chose."""
    for pattern in _person_patterns():
        found = pattern.fullmatch(name)
        if found is not None:
            return _(PERSON).format(number=int(found.group(1)))
    return name


def known_players(settings: Any, seats: Sequence[SeatInfo]) -> list[tuple[str, str]]:
    """The (cleaned name, id) of the players last seen at each seat: the match just played
    (``seats``), else the settings' remembered players ("" for a name that is no name; a
    malformed or missing id is replaced by a new one). A default name ("Player 2") is in
    the language shown now (:func:`in_this_language`), so that it keeps its id."""
    if seats:
        return [(in_this_language(s.name), s.player_id) for s in seats]
    names = [n if isinstance(n, str) else "" for n in settings.player_names]
    ids = list(getattr(settings, "player_ids", []))
    out: list[tuple[str, str]] = []
    for i, name in enumerate(names[:MAX_SEATS]):
        pid = ids[i] if i < len(ids) and is_player_id(ids[i]) else new_player_id()
        out.append((in_this_language(clean_name(name)), pid))
    return out


def player_ids(names: Sequence[str], known: Sequence[tuple[str, str]]) -> list[str]:
    """An id for each of ``names``: the id of the same name at the same seat last time, else
    of the same name at another seat (people changed places), else a new one. A name is one
    player: two "Sam" take the two remembered Sams' ids, never the same one twice."""
    ids: list[str | None] = [None] * len(names)
    used: set[int] = set()
    for i, name in enumerate(names):
        if i < len(known) and known[i][0] == name:
            ids[i] = known[i][1]
            used.add(i)
    for i, name in enumerate(names):
        if ids[i] is None:
            j = next((j for j, (n, _pid) in enumerate(known) if n == name and j not in used),
                     None)
            if j is not None:
                used.add(j)
            ids[i] = known[j][1] if j is not None else new_player_id()
    taken: set[str] = set()
    out: list[str] = []
    for pid in ids:
        assert pid is not None
        pid = pid if pid not in taken else new_player_id()  # (settings that list one id twice)
        taken.add(pid)
        out.append(pid)
    return out


class SeatTable(Protocol):
    """What the face functions read and change of the set-up scene."""

    app: AppHost
    seats: list[dict[str, Any]]  # name, human, level, avatar, phone
    known: list[tuple[str, str]]  # (name, id) last seen at each seat
    players: int
    controls: list[Control]

    def relayout(self) -> None: ...


def give_faces(scene: SeatTable) -> None:
    """Each seat's face: the profile's of the player last seen there (or of the name
    shown), else one no other seat wears (an AI, a new player)."""
    for i, seat in enumerate(scene.seats):
        pid = scene.known[i][1] if i < len(scene.known) else ""
        profile = family.profiles(scene.app).get(pid) if pid else None
        seat["avatar"] = profile.avatar if profile is not None else \
            family.face_for_name(scene.app, str(seat["name"]))
    taken = {a.kind for a in (seat["avatar"] for seat in scene.seats) if a is not None}
    for i, seat in enumerate(scene.seats):
        if seat["avatar"] is None:
            given = default_avatar(f"{i}{seat['name']}", taken)
            seat["avatar"] = given
            taken.add(given.kind)


def unclash(scene: SeatTable) -> None:
    """No two seats at the table wear one face: a seat whose face an earlier seat wears
    (more players shown, two profiles with one face) takes the next free one."""
    kinds = list(AVATAR_KINDS)
    taken: set[str] = set()
    for i in range(scene.players):
        kind = scene.seats[i]["avatar"].kind
        if kind in taken and len(taken) < len(kinds):
            start = kinds.index(kind)
            kind = next(kinds[(start + k) % len(kinds)] for k in range(1, len(kinds))
                        if kinds[(start + k) % len(kinds)] not in taken)
            scene.seats[i]["avatar"] = Avatar.of(kind)
        taken.add(kind)


def worn(scene: SeatTable, i: int) -> set[str]:
    """The faces the other seats at the table wear."""
    return {scene.seats[j]["avatar"].kind for j in range(scene.players) if j != i}


def face_setter(scene: SeatTable, i: int) -> Callable[[Avatar], None]:
    def set_face(avatar: Avatar) -> None:
        scene.seats[i]["avatar"] = avatar
        scene.relayout()
    return set_face


def face_follows_name(scene: SeatTable, i: int) -> None:
    """A name typed that has a profile: the seat wears that player's face."""
    others = [str(scene.seats[j]["name"]) for j in range(scene.players) if j != i]
    avatar = family.face_for_name(scene.app, str(scene.seats[i]["name"]))
    if avatar is None or str(scene.seats[i]["name"]) in others:
        return
    scene.seats[i]["avatar"] = avatar
    control = next((c for c in scene.controls if c.id == f"avatar{i}"), None)
    if isinstance(control, AvatarChoice):
        fresh = AvatarChoice.for_seat(control.id, avatar, worn(scene, i), control.on_change
                                      or (lambda a: None))
        control.options, control.index, control.taken = fresh.options, fresh.index, \
            fresh.taken


def draw_phone_marks(scene: SeatTable, surface: Any) -> None:
    """A small phone on the face of each seat on a phone, in its connection's colour
    (grey: not joined yet, green: joined, amber: gone)."""
    from game.ui.phone_scenes import draw_phone_mark
    from game.ui.phones import phones_of

    phones = phones_of(scene.app)
    rects = {c.id: c.rect for c in scene.controls}
    for i in range(scene.players):
        seat = scene.seats[i]
        face = rects.get(f"avatar{i}")
        if face is None or not (seat["human"] and seat.get("phone")):
            continue
        size = max(12, face.height // 2)
        draw_phone_mark(surface, (face.right - size // 3, face.bottom - size // 2), size,
                        phones.connection(i))
