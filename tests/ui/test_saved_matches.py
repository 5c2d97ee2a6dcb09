"""Several saved matches (issue 13, item 2): a new game never replaces a match in progress;
the title screen offers the newest and lists them all; deleting one asks first, and the safe
answer is the default. Screenshots go to ``test-output/<test name>/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.rules.position import dump
from game.rules.ruleset import edition
from game.store.saves import (
    SavedMatch,
    SeatInfo,
    list_matches,
    matches_dir,
    new_match_path,
    write_save,
)
from game.ui import intents as I
from game.ui.app import App
from game.ui.scenes.matches import SavedMatchesScene, describe_match, when
from game.ui.scenes.notice import ConfirmScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene
from game.ui.table.start import start_match
from tests.ui.conftest import pump, shot, started_app


def play_a_little(app: App, table: TableScene) -> None:
    pump(app, until=lambda: table.my_turn() or table.session.over)
    if not table.session.over:
        app.dispatch(I.DrawCard())
        pump(app, until=lambda: table.presenter.idle)
    assert table.session.saver is not None and table.session.saver.flush()


def test_new_game_keeps_the_match_in_progress_and_the_title_lists_both(
        app: App, outdir: Path) -> None:
    started_app(app)
    seats = [SeatInfo("Ann", True), SeatInfo("Bob", False, "medium"),
             SeatInfo("Cleo", False, "easy")]
    start_match(app, edition("triple"), seats, seed=3)
    first = app.top
    assert isinstance(first, TableScene)
    play_a_little(app, first)
    triple = dump(first.session.game)
    app.dispatch(I.Back())
    app.dispatch(I.Press("leave"))  # the pause menu's "Back to the title screen"
    assert isinstance(app.top, TitleScene)
    app.dispatch(I.Press("new"))
    app.dispatch(I.Press("start"))  # the official game, as the set-up offers it
    second = app.top
    assert isinstance(second, TableScene)
    play_a_little(app, second)
    official = dump(second.session.game)
    app.reset(TitleScene(app))
    app.frame(0.016)
    slots, problems = list_matches()
    assert not problems and len(slots) == 2
    assert [dump(s.match.replay()) for s in slots] == [official, triple]  # newest first
    ids = [c.id for c in app.top.controls]
    assert ids[:3] == ["resume", "matches", "new"]
    shot(app, outdir, "title_two_matches")
    app.dispatch(I.Press("matches"))
    listing = app.top
    assert isinstance(listing, SavedMatchesScene)
    assert "Triple Play" in describe_match(slots[1]) and "Ann, Bob, Cleo" in describe_match(
        slots[1])
    shot(app, outdir, "saved_matches")
    app.dispatch(I.Press("slot1"))  # the older one: the Triple Play match
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.resumed
    assert dump(resumed.session.game) == triple
    assert resumed.session.saver is not None and resumed.session.saver.path == slots[1].path


def test_deleting_a_saved_match_asks_first_and_no_is_the_default(
        app: App, outdir: Path) -> None:
    seats = [SeatInfo("Ann", True), SeatInfo("Bob", False)]
    for seed in (1, 2):
        from game.rules.editions import new_game

        write_save(SavedMatch.of(new_game(edition("official"), 2, seed), seats),
                   new_match_path())
    started_app(app)
    app.dispatch(I.Press("matches"))
    assert isinstance(app.top, SavedMatchesScene)
    app.dispatch(I.Press("delete0"))
    ask = app.top
    assert isinstance(ask, ConfirmScene) and ask.focused().id == "no"
    shot(app, outdir, "delete_question")
    app.dispatch(I.Activate())  # a reflex Enter keeps the match
    assert len(list_matches()[0]) == 2 and isinstance(app.top, SavedMatchesScene)
    app.dispatch(I.Press("delete0"))
    app.dispatch(I.Back())  # so does Escape
    assert len(list_matches()[0]) == 2
    app.dispatch(I.Press("delete0"))
    app.dispatch(I.Press("yes"))
    assert len(list_matches()[0]) == 1
    listing = app.top
    assert isinstance(listing, SavedMatchesScene) and len(listing.slots) == 1
    app.dispatch(I.Press("delete0"))
    app.dispatch(I.Press("yes"))  # the last one: back to the title, which offers none
    assert isinstance(app.top, TitleScene) and app.top.controls[0].id == "new"


def test_the_first_versions_autosave_joins_the_saved_matches(app: App) -> None:
    from game.rules.editions import new_game
    from game.store.saves import autosave_path

    game = new_game(edition("sonic"), 3, 8)
    write_save(SavedMatch.of(game, [SeatInfo("Ann", True), SeatInfo("Bob", False),
                                    SeatInfo("Cleo", False)]), autosave_path())
    started_app(app)
    assert app.top.controls[0].id == "resume"
    assert not autosave_path().exists()
    assert [p.name.startswith("match-") for p in matches_dir().iterdir()] == [True]
    app.dispatch(I.Press("resume"))
    assert isinstance(app.top, TableScene) and dump(app.top.session.game) == dump(game)


def test_a_saved_match_is_named_by_edition_players_and_date_in_both_languages() -> None:
    import time

    now = time.mktime((2026, 12, 3, 18, 0, 0, 0, 0, -1))
    assert when(now - 3600, now) == "today, 17:00"
    assert when(now - 86400, now) == "yesterday, 18:00"
    assert when(time.mktime((2026, 11, 28, 9, 5, 0, 0, 0, -1)), now) == "28 Nov, 09:05"
    assert when(2.0 ** 70, now) == "date unknown"  # loading refuses it; the list never fails
    i18n.set_language("fr")
    try:
        assert when(now - 3600, now) == "aujourd’hui, 17:00"
        assert when(time.mktime((2026, 11, 28, 9, 5, 0, 0, 0, -1)), now) == "28 nov., 09:05"
        assert when(2.0 ** 70, now) == "date inconnue"
    finally:
        i18n.set_language("en")


def test_many_matches_are_all_reachable_page_by_page(app: App) -> None:
    from game.rules.editions import new_game

    seats = [SeatInfo("Ann", True), SeatInfo("Bob", False)]
    for seed in range(7):
        write_save(SavedMatch.of(new_game(edition("official"), 2, seed), seats),
                   new_match_path())
    started_app(app)
    app.dispatch(I.Press("matches"))
    listing = app.top
    assert isinstance(listing, SavedMatchesScene)
    shown = {c.id for c in listing.controls if c.id.startswith("slot")}
    app.dispatch(I.Press("more"))
    shown |= {c.id for c in listing.controls if c.id.startswith("slot")}
    assert shown == {f"slot{i}" for i in range(7)}


def test_a_resumed_match_tells_the_story_of_all_its_hands(app: App, dirs: Path) -> None:
    """The match's end told "The match lasted 3 hands. Hands won: Zoé 1." after a resume:
    the hands played before it were left out of the story."""
    from game.rules import actions as A
    from game.rules import events as E
    from game.ui.table.match_end import MatchEndScene
    from tests.ui.moments import find

    poised = find("official", lambda _g, m, ev: isinstance(m, A.Play)
                  and any(isinstance(e, E.MatchEnded) for e in ev))
    poised.write(dirs)
    started_app(app)
    app.dispatch(I.Activate())  # Continue, the title's focus
    table = app.top
    assert isinstance(table, TableScene)
    hands = table.model.hand_no
    assert hands > 1 and len(table.session.story) == hands - 1
    pump(app, until=lambda: table.my_turn() and table.presenter.idle)
    assert isinstance(poised.move, A.Play)
    app.dispatch(I.PlayCard(table.model.hand.index(poised.move.card)))
    assert [h for h, _w, _p in table.session.story] == list(range(1, hands + 1))
    for _ in range(100):
        pump(app, 0.2)
        if isinstance(app.top, MatchEndScene):
            break
        if app.top is not table:
            app.dispatch(I.Activate())  # the hand's count, then its end
    assert isinstance(app.top, MatchEndScene)
    wins = sum(1 for _h, w, _p in table.session.story if w == 0)
    assert f"Hands won: Zoé {wins}." in app.top.story()


def test_enter_held_on_continue_does_not_play_a_card_at_the_table(app: App,
                                                                    dirs: Path) -> None:
    """Seen under Xvfb: Enter on the title's Continue also played the first card of a
    resumed Roboto match — opening the table took longer than the key-repeat delay, so the
    held Enter repeated at the table before its release was read."""
    import pygame

    from game.rules import actions as A
    from tests.ui.moments import find

    poised = find("roboto", lambda _g, m, _ev: isinstance(m, A.CallUno))
    poised.write(dirs)
    started_app(app)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.on_event(enter)  # Continue
    table = app.top
    assert isinstance(table, TableScene)
    pump(app, until=lambda: table.my_turn() and table.presenter.idle)
    before = table.session.version
    app.on_event(enter)  # the repeat of the same press, before its release
    pump(app, 0.2)
    assert table.session.version == before and len(table.model.hand) == 2
    app.on_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
    app.on_event(enter)  # a new press at the table plays the focused card
    pump(app, 0.2)
    assert table.session.version > before


def test_each_saved_match_shows_its_players_faces(app: App, outdir: Path) -> None:
    """A row names the match and shows who plays it, by their faces (a child who cannot
    read finds their match); more than four players end in "+N"."""
    from game.rules.editions import new_game
    from game.ui import family
    from game.ui.avatars import avatar_image
    from game.ui.scenes.matches import FACE

    two = [SeatInfo("Ann", True), SeatInfo("Bob", False)]
    six = [SeatInfo(n, i == 0) for i, n in enumerate(("Zoé", "Yan", "Xavi", "Wen", "Val", "Uma"))]
    write_save(SavedMatch.of(new_game(edition("official"), 2, 1), two), new_match_path())
    write_save(SavedMatch.of(new_game(edition("sonic"), 6, 2), six), new_match_path())
    started_app(app)
    app.dispatch(I.Press("matches"))
    listing = app.top
    assert isinstance(listing, SavedMatchesScene)
    screen = shot(app, outdir, "faces")
    size = int(FACE * listing.s)
    rows = [c for c in listing.controls if c.id.startswith("slot")]
    assert len(rows) == 2
    for row, (_i, slot) in zip(rows, listing.shown()):
        first = family.faces(app, [s.player_id for s in slot.match.seats])[0]
        face = avatar_image(first, size)
        at = face.get_rect(center=(row.rect.left - listing.faces_width() + size // 2,
                                   row.rect.centery))
        assert listing.panel_rect.contains(at) and not at.colliderect(row.rect)
        same = total = 0
        for x in range(at.left + size // 3, at.right - size // 3):
            for y in range(at.top + size // 4, at.bottom - size // 4):
                want, got = face.get_at((x - at.left, y - at.top)), screen.get_at((x, y))
                total += 1
                same += max(abs(want.r - got.r), abs(want.g - got.g), abs(want.b - got.b)) <= 8
        assert same / total > 0.8, f"{same}/{total} of the first face's pixels on screen"


# ---------------------------------------------------------------- clearing old matches
DAY = 86400.0


def saved_days_ago(days: float, seed: int, edition_name: str = "official") -> Path:
    """A saved match last played ``days`` ago (its own file, as the table writes it)."""
    import dataclasses
    import time

    from game.rules.editions import new_game

    match = SavedMatch.of(new_game(edition(edition_name), 2, seed),
                          [SeatInfo("Ann", True), SeatInfo("Bob", False)])
    match = dataclasses.replace(match, saved_at=time.time() - days * DAY)
    return write_save(match, new_match_path())


def test_clearing_old_matches_asks_first_and_keeps_the_recent_ones(
        app: App, outdir: Path) -> None:
    from game.ui.scenes.matches import ClearMatchesScene

    recent = saved_days_ago(0.1, 1, "sonic")  # resumable: played today
    week = saved_days_ago(10, 2)
    older = [saved_days_ago(40, 3), saved_days_ago(400, 4)]
    sizes = sum(p.stat().st_size for p in older)
    started_app(app)
    app.dispatch(I.Press("matches"))
    listing = app.top
    assert isinstance(listing, SavedMatchesScene) and len(listing.slots) == 4
    app.dispatch(I.Press("clear"))
    ask = app.top
    assert isinstance(ask, ClearMatchesScene)
    assert ask.focused().id == "no"  # type: ignore[union-attr]
    assert ask.days == 30 and sorted(ask.test_state()["chosen"]) == sorted(p.name for p in older)
    body = ask.body_text()
    assert "2 saved matches" in body and "2 files" in body and "more than a month ago" in body
    from game.ui.file_notices import size_text

    assert size_text(sizes) in body
    shot(app, outdir, "clear_old_matches")
    app.dispatch(I.Activate())  # a reflex Enter keeps them all
    assert len(list_matches()[0]) == 4 and app.top is listing
    app.dispatch(I.Press("clear"))
    app.dispatch(I.Back())  # so does Escape
    assert len(list_matches()[0]) == 4
    app.dispatch(I.Press("clear"))
    ask = app.top
    assert isinstance(ask, ClearMatchesScene)
    ask.focus_id("age")
    app.dispatch(I.Adjust("age", 1))  # more than three months ago: only the oldest
    assert ask.days == 91 and ask.test_state()["chosen"] == [older[1].name]
    assert "1 saved match was" in ask.body_text()
    app.dispatch(I.Adjust("age", -1))
    app.dispatch(I.Adjust("age", -1))  # more than a week ago: three of them
    assert ask.days == 7 and len(ask.test_state()["chosen"]) == 3
    app.dispatch(I.Adjust("age", 1))  # back to a month
    app.dispatch(I.Press("yes"))
    left = sorted(p.name for p in matches_dir().iterdir())
    assert left == sorted([recent.name, week.name])  # the recent ones stay, and nothing else
    assert app.top is listing and len(listing.slots) == 2
    app.dispatch(I.Press("slot0"))  # the recent match resumes
    assert isinstance(app.top, TableScene) and app.top.session.saver is not None
    assert app.top.session.saver.path == recent


def test_clearing_with_nothing_old_enough_offers_no_yes(app: App, outdir: Path) -> None:
    from game.ui.scenes.matches import ClearMatchesScene

    saved_days_ago(1, 1)
    saved_days_ago(2, 2)
    started_app(app)
    app.dispatch(I.Press("matches"))
    app.dispatch(I.Press("clear"))
    ask = app.top
    assert isinstance(ask, ClearMatchesScene) and ask.test_state()["chosen"] == []
    yes = next(c for c in ask.controls if c.id == "yes")
    assert not yes.enabled and "No saved match" in ask.body_text()
    app.dispatch(I.Press("yes"))  # even a press that reaches it deletes nothing
    assert len(list_matches()[0]) == 2


def test_the_clearing_question_in_french(app: App, outdir: Path) -> None:
    from game.ui.scenes.matches import ClearMatchesScene

    saved_days_ago(1, 1)
    saved_days_ago(50, 2)
    saved_days_ago(60, 3)
    started_app(app)
    app.dispatch(I.Press("matches"))
    app.set_language("fr")
    app.frame(0.016)
    app.dispatch(I.Press("clear"))
    ask = app.top
    assert isinstance(ask, ClearMatchesScene)
    if ask.title_text() == "Clear old saved matches?":
        pytest.skip("compile the French catalogue first (pybabel compile -d locale -D uno)")
    assert "2 parties" in ask.body_text() and "il y a plus d’un mois" in ask.body_text()
    assert [c.caption() for c in ask.controls[1:]] == ["Non, garder",
                                                       "Oui, supprimer 2 parties"]
    shot(app, outdir, "clear_old_matches_fr")
    app.set_language("en")
