"""Players with a face and stats kept between matches (issue 17), on screen: faces chosen at
the set-up with the keyboard and the mouse, worn at the table and in the scores, statistics
that survive a restart on the Family statistics screen, and a damaged profiles file told
once. Screenshots go to test-output/ (looked at)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.play.session import Session
from game.rules import events as E
from game.rules.editions import new_game
from game.rules.ruleset import MatchKind, edition
from game.store.profile_store import load_profiles, profiles_path
from game.store.profiles import AVATAR_KINDS, Avatar
from game.store.saves import SeatInfo
from game.store.settings import Settings
from game.store.userfiles import WATCH
from game.ui import family, scenes
from game.ui import intents as I
from game.ui.app import App
from game.ui.avatars import RGB, AvatarChoice
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stats import COLUMNS, StatsRow, StatsScene
from game.ui.table.match_end import MatchEndScene
from game.ui.table.results import HandEndScene
from game.ui.table.scene import TableScene
from tests.ui.conftest import colour_share, pump, shot, started_app


@pytest.fixture(autouse=True)
def clean_watch() -> Iterator[None]:
    WATCH.reset()
    yield
    WATCH.reset()


def key(app: App, k: int, unicode: str = "") -> None:
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode,
                                    scancode=0))


def click(app: App, pos: tuple[int, int]) -> None:
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def open_setup(app: App) -> SetupScene:
    started_app(app)
    app.dispatch(I.Press("new"))
    app.frame(0.016)
    assert isinstance(app.top, SetupScene)
    return app.top


def face_control(setup: SetupScene, seat: int) -> AvatarChoice:
    control = next(c for c in setup.controls if c.id == f"avatar{seat}")
    assert isinstance(control, AvatarChoice)
    return control


def worn(setup: SetupScene) -> list[str]:
    return [setup.seats[i]["avatar"].kind for i in range(setup.players)]


# ---------------------------------------------------------------------- the set-up
def test_faces_are_given_to_every_seat_and_none_is_worn_twice(app: App, outdir: Path) -> None:
    setup = open_setup(app)
    for players in (4, 10):
        setup.players = players
        setup.relayout()
        kinds = worn(setup)
        assert len(set(kinds)) == players and set(kinds) <= set(AVATAR_KINDS)
    shot(app, outdir, "setup_10_faces")


def test_a_face_is_chosen_with_the_keyboard(app: App, outdir: Path) -> None:
    setup = open_setup(app)
    setup.focus_id("avatar0")
    before = worn(setup)
    others = set(before[1:])
    key(app, pygame.K_RIGHT)  # Right: the next face no other seat wears
    after = worn(setup)[0]
    order = list(AVATAR_KINDS)
    expected = next(order[(order.index(before[0]) + k) % 12] for k in range(1, 12)
                    if order[(order.index(before[0]) + k) % 12] not in others)
    assert after == expected and after not in others
    focused = setup.focused()
    assert focused is not None and focused.id == "avatar0"
    key(app, pygame.K_RETURN, "\r")  # Enter: the next one again
    third = worn(setup)[0]
    assert third not in {after, *others}
    key(app, pygame.K_LEFT)  # Left: back
    assert worn(setup)[0] == after
    app.frame(0.016)
    shot(app, outdir, "setup_face_focused")
    chosen = worn(setup)[0]
    app.dispatch(I.Press("start"))
    table = app.top
    assert isinstance(table, TableScene)
    me = table.session.seats[0]
    profile = family.profiles(app).get(me.player_id)
    assert profile is not None and profile.avatar.kind == chosen
    assert family.faces(app, table.session.player_ids)[0].kind == chosen
    on_disk, problem = load_profiles(profiles_path())
    saved = on_disk.get(me.player_id)
    assert problem is None and saved is not None and saved.avatar.kind == chosen


def test_the_face_chosen_is_there_at_the_next_set_up(app: App) -> None:
    setup = open_setup(app)
    setup.focus_id("avatar1")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    chosen = worn(setup)
    app.dispatch(I.Press("start"))
    assert isinstance(app.top, TableScene)
    app.reset(app.make(scenes.TITLE))
    app.dispatch(I.Press("new"))
    again = app.top
    assert isinstance(again, SetupScene) and again is not setup
    assert worn(again) == chosen


def test_more_players_shown_never_wear_a_face_twice(app: App) -> None:
    setup = open_setup(app)
    setup.players = 2
    setup.relayout()
    hidden = setup.seats[5]["avatar"].kind
    setup.focus_id("avatar0")
    while worn(setup)[0] != hidden:  # seat 1 wears its own: seat 0 can take seat 6's
        key(app, pygame.K_RIGHT)
    setup.players = 8
    setup.relayout()
    assert len(set(worn(setup))) == 8


def test_a_face_is_chosen_with_the_mouse(app: App) -> None:
    setup = open_setup(app)
    before = worn(setup)
    control = face_control(setup, 2)
    click(app, control.rect.center)
    after = worn(setup)
    assert after[2] != before[2] and after[2] not in (after[:2] + after[3:])
    assert after[:2] == before[:2] and after[3:] == before[3:]
    click(app, face_control(setup, 2).rect.center)
    assert worn(setup)[2] not in (after[2], *after[:2], *after[3:])


def test_a_name_with_a_profile_brings_its_face_and_its_stats_back(app: App) -> None:
    store = family.profiles(app)
    sam = store.book.ensure("5a5a5a5a5a5a", "Sam")
    sam.avatar = Avatar.of("penguin")
    sam.edition("official").hands_won = 4
    store.save()
    setup = open_setup(app)
    if "penguin" in worn(setup)[1:]:
        pytest.skip("another seat wears the penguin in this deal of faces")
    setup.focus_id("name0")
    field = next(c for c in setup.controls if c.id == "name0")
    field.value = ""  # type: ignore[attr-defined]
    field.caret = 0  # type: ignore[attr-defined]
    for ch in "Sam":
        app.dispatch(I.TextInput(ch))
    assert worn(setup)[0] == "penguin"
    app.dispatch(I.Press("start"))
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.seats[0].player_id == "5a5a5a5a5a5a"  # Sam's own id, stats and all


# ---------------------------------------------------------------------- the table
def ten_at_table(app: App) -> TableScene:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
    seats = [SeatInfo(n, i == 0, "heuristic") for i, n in enumerate(names)]
    store = family.profiles(app)
    for seat, kind in zip(seats, AVATAR_KINDS):
        store.book.ensure(seat.player_id, seat.name).avatar = Avatar.of(kind)
    store.changed()
    session = Session(new_game(edition("official"), 10, 5), seats)
    table = TableScene(app, session, resumed=True)
    app.reset(table)
    app.frame(0.016)
    return table


def test_every_seat_at_the_table_shows_its_face(app: App, outdir: Path) -> None:
    table = ten_at_table(app)
    table.focus_id("menu")  # no card's caption over your name
    screen = shot(app, outdir, "table_10_faces")
    lay = table.layout
    for player, spot in lay.seats.items():
        kind = AVATAR_KINDS[player]
        rgb = RGB[Avatar.of(kind).colour]
        face = int(50 * lay.plate_s)
        centre = (max(spot.plate.left, face // 2 + 2), spot.plate.top + int(spot.plate.height
                                                                            * 0.42))
        ring = pygame.Rect(0, 0, face, face)
        ring.center = centre
        assert colour_share(screen, ring, rgb, 60) > 0.08, kind  # its colour, at its seat
    mine = Avatar.of(AVATAR_KINDS[0])
    plate = lay.my_plate
    assert colour_share(screen, (plate.left, plate.bottom - int(34 * lay.s), int(34 * lay.s),
                                 int(34 * lay.s)), RGB[mine.colour], 60) > 0.08


def test_the_scores_show_each_players_face(app: App, outdir: Path) -> None:
    table = ten_at_table(app)
    scores = tuple(range(10, 0, -1))
    for name, scene in (("hand_end_faces", HandEndScene(app, table, E.HandEnded(0, 55, scores))),
                        ("match_end_faces", MatchEndScene(app, table, E.MatchEnded((0,))))):
        app.push(scene)
        app.frame(0.016)
        screen = shot(app, outdir, name)
        # the first column, best first: Ann (the cat, orange) ... Eve (the bunny, pink),
        # each face just right of its row's standing number
        for row, kind in enumerate(AVATAR_KINDS[:5]):
            c0, _c1, y = scene.row_box(row)
            box = pygame.Rect(0, 0, 30, 30)
            box.center = (c0 + int(36 * scene.s) + 15, y + int(8 * scene.s))
            assert colour_share(screen, box, RGB[Avatar.of(kind).colour], 60) > 0.1, kind
        app.pop()


# ---------------------------------------------------------------------- the statistics
def play_to_the_end(app: App) -> Session:
    """Two AI players, a single hand, dealt from the set-up; played to the end."""
    setup = open_setup(app)
    setup.players = 2
    setup.match = MatchKind.SINGLE_HAND
    for i in range(2):
        setup.seats[i]["human"] = False
    setup.relayout()
    app.dispatch(I.Press("start"))
    table = app.top
    assert isinstance(table, TableScene)
    pump(app, until=lambda: table.session.over, timeout=60)
    pump(app, 0.5)  # the hand's end and the match's are shown
    return table.session


def test_stats_survive_a_restart(dirs: Path, settings: Settings, outdir: Path) -> None:
    i18n.set_language("en")
    first = App(settings, size=(1280, 720), settings_path=dirs / "config" / "settings.toml")
    try:
        session = play_to_the_end(first)
        winner = session.winners[0]
        ids = session.player_ids
        points = session.scores[winner]  # a single hand: the match's score is the hand's
    finally:
        first.close()
    again = App(settings, size=(1280, 720), settings_path=dirs / "config" / "settings.toml")
    try:
        started_app(again)
        again.dispatch(I.Press("stats"))
        again.frame(0.016)
        stats = again.top
        assert isinstance(stats, StatsScene)
        rows = {c.profile.id: c.record for c in stats.controls
                if isinstance(c, StatsRow) and c.profile is not None}
        assert set(rows) == set(ids)
        for p, pid in enumerate(ids):
            assert rows[pid].played == 1
            assert rows[pid].won == (1 if p == winner else 0)
            assert rows[pid].hands_won == (1 if p == winner else 0)
        # Not "> 0": the loser's last card may be a zero, and the hand then scores nothing.
        assert rows[ids[winner]].best == points
        shot(again, outdir, "stats_after_restart")
    finally:
        again.close()


def stats_with_players(app: App) -> StatsScene:
    store = family.profiles(app)
    people = [("Mamie Jo", "owl", 14, 9, 40, 212, False), ("Léo", "frog", 12, 2, 25, 96, False),
              ("Bruno", "robot", 20, 6, 51, 140, True), ("Inès", "bunny", 3, 1, 6, 77, False)]
    for n, (name, kind, played, won, hands, best, ai) in enumerate(people):
        p = store.book.ensure(f"{n + 1:012x}", name, ai)
        p.avatar = Avatar.of(kind)
        rec = p.edition("official")
        rec.played, rec.won, rec.hands_won, rec.best = played, won, hands, best
        p.edition("attack").hands_won = n
    store.changed()
    started_app(app)
    app.dispatch(I.Press("stats"))
    app.frame(0.016)
    assert isinstance(app.top, StatsScene)
    return app.top


def test_the_stats_screen_by_keyboard_and_mouse_in_both_languages(
        app: App, outdir: Path) -> None:
    stats = stats_with_players(app)
    state = stats.test_state()
    assert state["rows"][0] == ["Bruno", 20, 6, 0, 51 + 2, 140]  # the most matches first
    assert stats.focused().id == "row0"  # type: ignore[union-attr]
    assert "Bruno" in stats.focus_words() and "20" in stats.focus_words()
    shot(app, outdir, "stats_en")
    key(app, pygame.K_DOWN)
    assert stats.focused().id == "row1"  # type: ignore[union-attr]
    assert "Mamie Jo" in stats.focus_words()
    stats.focus_id("edition")
    key(app, pygame.K_RIGHT)  # the first edition alone
    assert stats.edition == "official"
    assert stats.test_state()["rows"][0][:2] == ["Bruno", 20]
    choice = next(c for c in stats.controls if c.id == "edition")
    click(app, choice.rect.move(-10, 0).midright)  # a click on the value: the next edition
    assert stats.edition not in (None, "official")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert stats.edition is None
    app.set_language("fr")
    app.frame(0.016)
    shot(app, outdir, "stats_fr")
    assert [i18n._(m) for m, _k in COLUMNS] == ["Jouées", "Gagnées", "Manches jouées",
                                                 "Manches gagnées", "Meilleure manche"]
    click(app, next(c for c in stats.controls if c.id == "back").rect.center)
    assert app.top is not None and app.top.name == "title"


def test_the_title_reaches_the_stats_with_the_keyboard(app: App) -> None:
    started_app(app)
    title = app.top
    assert title is not None and "stats" in [c.id for c in title.controls]
    title.focus_id("stats")
    key(app, pygame.K_RETURN, "\r")
    assert isinstance(app.top, StatsScene)
    assert app.top.focused().id == "back"  # type: ignore[union-attr]  # nothing counted yet
    key(app, pygame.K_ESCAPE)
    assert app.top is title


def test_a_damaged_profiles_file_is_told_once_and_kept(app: App, dirs: Path) -> None:
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x89PNG garbage \x00\x01")
    started_app(app)
    notice = app.top
    assert notice is not None and notice.name == "notice"
    assert "statistics" in notice.title_text()
    kept = family.profiles(app).problem.kept_as  # type: ignore[union-attr]
    assert kept is not None and kept.read_bytes() == b"\x89PNG garbage \x00\x01"
    assert str(kept) in notice.body_text()
    app.dispatch(I.Press("ok"))
    app.reset(app.make(scenes.TITLE))  # back at the title after a match: not told again
    assert app.top is not None and app.top.name == "title"


def test_a_match_abandoned_counts_no_match_played(app: App) -> None:
    table = ten_at_table(app)
    table.present([E.HandEnded(3, 60, (0, 0, 0, 60, 0, 0, 0, 0, 0, 0))])
    app.reset(app.make(scenes.TITLE))  # left before the match ended
    dee = family.profiles(app).get(table.session.player_ids[3])
    assert dee is not None
    assert (dee.total().played, dee.total().hands_won, dee.total().best) == (0, 1, 60)
    data = json.loads(profiles_path().read_text("utf-8"))
    assert any(p["stats"].get("official", {}).get("hands_won") == 1 for p in data["profiles"])


def test_the_stats_screen_says_each_line_as_it_takes_the_focus(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    monkeypatch.setattr(app.sound, "start_voice", lambda *a, **k: None)
    monkeypatch.setattr(app.sound, "say", lambda words: said.append(str(words)) or True)
    app.settings.narration = "announcements"
    stats = stats_with_players(app)
    app.frame(0.016)
    assert said and said[-1].startswith("Bruno:") and "played 20" in said[-1]
    key(app, pygame.K_DOWN)
    app.frame(0.016)
    assert said[-1].startswith("Mamie Jo:") and "best hand 212 points" in said[-1]
    count = len(said)
    app.frame(0.016)
    assert len(said) == count  # said once, not at every frame
    key(app, pygame.K_RETURN, "\r")  # Enter: again
    app.frame(0.016)
    assert len(said) == count + 1 and said[-1] == said[-2]
    stats.focus_id("edition")
    app.frame(0.016)
    assert said[-1] == "Edition: All editions"


def test_a_full_disk_for_the_statistics_is_told_on_screen_once_and_the_game_goes_on(
        app: App, monkeypatch: pytest.MonkeyPatch, outdir: Path) -> None:
    import errno
    import os

    from game.store import profile_store

    def full(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(profile_store, "atomic_write", full)
    setup = open_setup(app)
    setup.players = 2
    setup.match = MatchKind.SINGLE_HAND
    for i in range(2):
        setup.seats[i]["human"] = False
    setup.relayout()
    app.dispatch(I.Press("start"))  # the faces are written: the disk is full
    table = app.top
    assert isinstance(table, TableScene)
    app.frame(0.016)
    assert "statistics" in app.file_notices.text() and "full" in app.file_notices.text()
    shot(app, outdir, "statistics_disk_full")
    pump(app, until=lambda: table.session.over, timeout=60)  # the match goes on to its end
    notices = [n for n in WATCH.take() if n.what == "profiles"]
    assert notices == []  # told once: the hand's and the match's end said nothing more
    assert family.profiles(app).get(table.session.player_ids[0]) is not None  # kept in memory


def tap(app: App, k: int, unicode: str = "") -> None:
    """A key pressed and let go (a second Enter on the next screen is a new press)."""
    key(app, k, unicode)
    app.on_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0))


def test_a_player_is_forgotten_from_the_stats_screen_after_a_question(
        app: App, outdir: Path) -> None:
    """Each row has its "Forget" (Right from the row, or a click); the question keeps the
    player on a reflex Enter, and "Yes" removes their face and figures from the file."""
    from game.ui.scenes.notice import ConfirmScene

    stats = stats_with_players(app)
    assert stats.test_state()["rows"][0][0] == "Bruno"
    key(app, pygame.K_RIGHT)
    assert stats.focused().id == "forget0"  # type: ignore[union-attr]
    assert stats.focus_words() == "Forget Bruno"
    shot(app, outdir, "forget_focused")
    tap(app, pygame.K_RETURN, "\r")
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert question.title_text() == "Forget Bruno?"
    assert question.focused().id == "no"  # type: ignore[union-attr]
    shot(app, outdir, "forget_question")
    tap(app, pygame.K_RETURN, "\r")  # a reflex Enter keeps him
    assert app.top is stats and stats.test_state()["rows"][0][0] == "Bruno"
    forget = next(c for c in stats.controls if c.id == "forget1")
    click(app, forget.rect.center)  # the mouse: the second row, Mamie Jo
    question = app.top
    assert isinstance(question, ConfirmScene) and "Mamie Jo" in question.title_text()
    click(app, next(c for c in question.controls if c.id == "yes").rect.center)
    assert app.top is stats
    assert [r[0] for r in stats.test_state()["rows"]] == ["Bruno", "Léo", "Inès"]
    data = json.loads(profiles_path().read_text("utf-8"))
    assert sorted(p["name"] for p in data["profiles"]) == ["Bruno", "Inès", "Léo"]
    shot(app, outdir, "forgotten")
    app.set_language("fr")
    app.frame(0.016)
    stats.focus_id("forget0")
    assert stats.focus_words() == "Oublier Bruno"
    tap(app, pygame.K_RETURN, "\r")
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert question.title_text() == "Oublier Bruno\u00a0?"
    assert [c.caption() for c in question.controls] == ["Non, garder", "Oui, oublier"]
    shot(app, outdir, "forget_question_fr")
    tap(app, pygame.K_ESCAPE)
    assert app.top is stats and len(stats.test_state()["rows"]) == 3
    app.set_language("en")
