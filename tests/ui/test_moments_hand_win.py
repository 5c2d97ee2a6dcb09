"""Issue 34, the moments people remember, headless (SDL's dummy driver): winning a hand (the
last card slammed on the pile, the other hands turned over, their points flying to the
winner's score and counted up with sound; a key or a click skips to the end), winning the
match (the winner's face, confetti, the match's fanfare, the final standings, Play again
with the same seats in one press), and reduced motion turning each into a still frame with
a caption. Screenshots under ``test-output/<test name>/``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game import audio
from game.audio import moments as sounds
from game.play.session import Session
from game.rules import events as E
from game.rules.cards import Card
from game.rules.editions import new_game
from game.rules.ruleset import edition
from game.store.saves import SeatInfo
from game.ui import intents as I
from game.ui import theme
from game.ui.anim import Banner
from game.ui.app import App
from game.ui.family import faces
from game.ui.table.match_end import MatchEndScene
from game.ui.table.moments import Drop, Squash
from game.ui.table.results import HandEndScene
from game.ui.table.scene import TableScene
from tests.rules.helpers import build
from tests.ui.conftest import colour_share, pump, shot, table_for

#: Ann (seat 0) goes out with R1; Bob, Cid and Dee hold 15 + 15 + 27 = 57 points.
HANDS = ["R1", "B7 B8", "G7 G8", "Y7 YS"]
POINTS = 57


@pytest.fixture
def played(app: App) -> list[str]:
    """Every sound the game asks the board for, in order."""
    names: list[str] = []
    real = app.sound.play
    app.sound.play = lambda name: (names.append(name), real(name))[1]  # type: ignore[method-assign]
    return names


def win_hand(app: App, scores: list[int] | None = None) -> TableScene:
    """Ann's turn with her last card; she plays it."""
    table = table_for(app, build(HANDS, "R9", turn=0, scores=scores or [40, 0, 0, 0]), "HAAA")
    pump(app, until=table.my_turn)
    app.dispatch(I.PlayCard(0))
    return table


def hand_end(app: App) -> HandEndScene:
    pump(app, until=lambda: isinstance(app.top, HandEndScene))
    scene = app.top
    assert isinstance(scene, HandEndScene)
    return scene


# --------------------------------------------------------------------------- winning a hand
def test_the_last_card_lands_with_weight_then_the_points_fly_to_the_winner_and_count_up(
        app: App, played: list[str], outdir: Path) -> None:
    app.settings.animation_speed = 1.0
    table = win_hand(app)
    pump(app, until=lambda: any(isinstance(sp, Drop) for sp in table.presenter.sprites))
    assert table.model.discard[-1] != Card.parse("R1")  # held up over the pile, not there yet
    pump(app, until=lambda: "slam" in played)
    assert table.model.discard[-1] == Card.parse("R1")  # the slam is the card landing
    assert any(isinstance(sp, Squash) for sp in table.presenter.sprites)
    assert any(isinstance(sp, Banner) and sp.msgid == "{player} goes out!"
               for sp in table.presenter.sprites)
    shot(app, outdir, "last_card_slam")
    scene = hand_end(app)
    assert scene.phase == "turning" and scene.counted() == 0
    played.clear()
    phases, counted, winner_scores, mid = [], [], [], False
    while scene.phase != "done":
        pump(app, 1 / 60)
        phases.append(scene.phase)
        counted.append(scene.counted())
        winner_scores.append(scene.live_scores()[0])
        if not mid and scene.flying() and 0 < scene.counted() < POINTS:
            mid = True
            state = scene.test_state()
            assert state["flying"] and state["phase"] in ("turning", "flying")
            shot(app, outdir, "hand_win_mid_count")
    assert mid, "no frame with points in flight mid-count"
    order = [p for k, p in enumerate(phases) if k == 0 or phases[k - 1] != p]
    assert order == ["turning", "flying", "done"]
    assert counted == sorted(counted) and counted[-1] == POINTS  # it counts up, never down
    assert winner_scores[0] < 40 + POINTS == winner_scores[-1] == scene.event.scores[0]
    assert played.count("tally") == 6  # one tick per card's points landing
    assert played.count("card") == 3  # each hand turning over
    assert played[-1] == "uno" or "uno" in played[-3:]  # the count lands
    assert not scene.skipped
    shot(app, outdir, "hand_win_counted")


@pytest.mark.parametrize("how", ["key", "click"])
def test_a_key_or_a_click_skips_the_count_to_its_end_and_deals_nothing(
        app: App, played: list[str], how: str) -> None:
    app.settings.animation_speed = 1.0
    table = win_hand(app)
    scene = hand_end(app)
    pump(app, 0.2)
    assert scene.counting and scene.counted() < POINTS
    if how == "key":
        app.on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0,
                                        unicode="x", scancode=0))
    else:
        app.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(40, 40)))
    assert app.top is scene  # the skip only skips: the next hand is not dealt
    assert scene.phase == "done" and scene.counted() == POINTS and scene.skipped
    assert scene.live_scores()[0] == scene.event.scores[0] and not scene.flying()
    assert scene.update(1 / 60) is False and scene.wakeup() is None  # nothing moves now
    hand = table.model.hand_no
    app.dispatch(I.Activate())  # then Enter deals the next hand
    assert app.top is table
    pump(app, until=lambda: table.model.hand_no == hand + 1)


def test_escape_during_the_count_pauses_and_does_not_skip(app: App) -> None:
    app.settings.animation_speed = 1.0
    win_hand(app)
    scene = hand_end(app)
    pump(app, 0.1)
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                    scancode=0))
    assert app.top is not None and app.top.name == "pause" and not scene.skipped


# --------------------------------------------------------------------------- winning the match
def test_the_match_is_celebrated_with_the_winner_face_confetti_fanfare_and_standings(
        app: App, played: list[str], outdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.ui.table.match_end as match_end

    drawn: list[tuple[int, int]] = []  # (seat of the face, its size) drawn on the panel
    real = match_end.draw_avatar

    def spy(surface: pygame.Surface, avatar: object, centre: tuple[int, int], size: int
            ) -> pygame.Rect:
        drawn.append((ids.index(avatar), size))  # type: ignore[arg-type]
        return real(surface, avatar, centre, size)  # type: ignore[arg-type]

    monkeypatch.setattr(match_end, "draw_avatar", spy)
    app.settings.animation_speed = 1.0
    table = win_hand(app, scores=[460, 120, 80, 30])
    ids = faces(app, table.session.player_ids)
    scene = hand_end(app)
    app.dispatch(I.Activate())
    app.dispatch(I.Activate())
    pump(app, until=lambda: isinstance(app.top, MatchEndScene))
    end = app.top
    assert isinstance(end, MatchEndScene)
    assert "fanfare" in played and "win" not in played[played.index("slam"):]
    assert end.confetti and not end.still
    pump(app, 0.8)
    drawn.clear()
    shot(app, outdir, "match_celebration")
    assert (0, int(84 * end.s)) in drawn  # the winner's face, large
    state = end.test_state()
    assert state["standings"] == [["Ann", 517], ["Bob", 120], ["Cid", 80], ["Dee", 30]]
    assert state["winners"] == [0]
    assert end.focused() is not None and end.focused().id == "again"  # one press: Enter
    assert scene is not end


def test_play_again_keeps_the_seats_names_faces_levels_phones_and_table_options(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.phones import HOST_ENV

    monkeypatch.setenv(HOST_ENV, "127.0.0.1")
    seats = [SeatInfo("Zoé", True), SeatInfo("Ana", True, phone=True),
             SeatInfo("Bob", False, "easy"), SeatInfo("Cid", False, "hard")]
    rules = edition("roboto").with_options(house_rule=True)
    session = Session(new_game(rules, 4, 5), seats)
    session.race_mode = "reaction"
    session.house_rule_text = "Touch your nose!"
    table = TableScene(app, session)
    app.reset(table)
    pump(app, 0.1)
    link = app.phones.invite(1)
    assert link is not None
    before = faces(app, session.player_ids)
    try:
        end = MatchEndScene(app, table, E.MatchEnded((2,)))
        app.push(end)
        app.dispatch(I.Activate())  # the one press: Play again has the focus
        pump(app, 0.1)
        again = next(s for s in app.stack.scenes if isinstance(s, TableScene))
        assert again is not table and again.session is not session
        new = again.session
        assert new.seats == seats  # names, people or AI, levels, ids, phones
        assert faces(app, new.player_ids) == before
        assert new.ai_levels() == {2: "easy", 3: "hard"}
        assert new.race_mode == "reaction" and new.house_rule_text == "Touch your nose!"
        assert new.ruleset == rules and new.game.actions == []  # a fresh deal
        assert app.phones.invite(1) == link  # the phone's link stays: it stays joined
    finally:
        app.phones.stop()


# --------------------------------------------------------------------------- reduced motion
def test_reduced_motion_makes_each_moment_a_still_frame_with_a_caption(
        app: App, played: list[str], outdir: Path) -> None:
    app.settings.animation_speed = 1.0
    app.settings.reduced_motion = True
    table = win_hand(app, scores=[460, 0, 0, 0])
    pump(app, until=lambda: "slam" in played)
    sprites = table.presenter.sprites
    assert not any(isinstance(sp, Drop | Squash) for sp in sprites)  # no fall, no squash
    caption = next(sp for sp in sprites if isinstance(sp, Banner)
                   and sp.msgid == "{player} goes out!")
    assert caption.still and caption.params == {"player": "Ann"}
    scene = hand_end(app)
    assert scene.phase == "done" and scene.counted() == POINTS and not scene.flying()
    assert scene.update(1 / 60) is False and scene.wakeup() is None  # a still frame
    assert scene.test_state()["caption"] == "Ann takes 57 points from the other hands."
    shot(app, outdir, "hand_win_still")
    app.dispatch(I.Activate())
    pump(app, until=lambda: isinstance(app.top, MatchEndScene))
    end = app.top
    assert isinstance(end, MatchEndScene)
    assert not end.confetti and end.strewn and end.wakeup() is None  # confetti lying still
    before = [(c.x, c.y) for c in end.strewn]
    pump(app, 0.5)
    assert [(c.x, c.y) for c in end.strewn] == before
    assert end.test_state()["caption"] == "Confetti and a fanfare for Ann, the winner!"
    screen = shot(app, outdir, "match_still")
    band = end.caption_rect()
    assert not band.colliderect(end.panel_rect)
    assert colour_share(screen, band, theme.ACCENT) > 0.15, "the caption's band is drawn"
    assert "fanfare" in played


# --------------------------------------------------------------------------- the sounds
def spectrum(name: str) -> tuple[np.ndarray, np.ndarray]:
    w = audio.render(name)
    m = (w if w.ndim == 1 else w.mean(axis=1)).astype(np.float64)
    size = max(len(m), 1 << 15)
    return np.fft.rfftfreq(size, 1 / audio.RATE), np.abs(np.fft.rfft(m * np.hanning(len(m)),
                                                                      size))


@pytest.mark.parametrize("name", ["slam", "tally", "fanfare"])
def test_the_moments_sounds_are_on_the_board_and_clean(name: str) -> None:
    spec = audio.lookup(name)
    assert spec is not None and spec.bus is audio.Bus.EFFECTS
    w = audio.render(name)
    m = w if w.ndim == 1 else w.mean(axis=1)
    assert 0.05 < len(m) / audio.RATE < 2.5
    peak = float(np.abs(w).max())
    assert 0.3 <= peak <= 0.95 and abs(m[0]) < 0.01 * peak
    assert np.sqrt(np.mean(m[-int(0.003 * audio.RATE):] ** 2)) < 0.02 * peak


def test_the_slam_is_heavier_than_a_card_and_the_tally_is_a_high_tick() -> None:
    f, s = spectrum("slam")
    low = (s[(f > 40) & (f < 150)] ** 2).sum() / (s ** 2).sum()
    fc, sc = spectrum("card")
    card_low = (sc[(fc > 40) & (fc < 150)] ** 2).sum() / (sc ** 2).sum()
    assert low > 2 * card_low  # the table's boom under it
    f, s = spectrum("tally")
    band = (f > 200) & (f < 8000)
    assert abs(f[band][np.argmax(s[band])] - 2637) < 30  # E7


def test_the_fanfare_plays_its_call_and_is_longer_than_a_hand_win() -> None:
    assert len(audio.render("fanfare")) > len(audio.render("win"))
    w = audio.render("fanfare")
    m = (w if w.ndim == 1 else w.mean(axis=1)).astype(np.float64)
    for k, midi in enumerate(sounds.FANFARE_CALL):
        at = int((k * sounds.FANFARE_STEP + 0.02) * audio.RATE)
        part = m[at: at + int(0.09 * audio.RATE)]
        size = 1 << 15
        f = np.fft.rfftfreq(size, 1 / audio.RATE)
        s = np.abs(np.fft.rfft(part * np.hanning(len(part)), size))
        band = (f > 200) & (f < 1500)
        want = 440 * 2 ** ((midi - 69) / 12)
        assert abs(f[band][np.argmax(s[band])] - want) < 0.04 * want, (midi, want)
