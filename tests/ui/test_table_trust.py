"""Issue 13's trust breakers at the table: each test failed before its fix.

The turn label and the voice agree with the engine once the last animation of a move has
landed; a move given while the table still animates is queued, never refused; keys pressed
before a pass-the-device screen is dismissed never reach the next person.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.play.choices import UNO
from game.rules import actions as A
from game.rules import events as E
from game.rules.cards import Card
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.draw import turn_label
from game.ui.table.hotseat import PassDeviceScene
from tests.rules.helpers import build
from tests.ui.conftest import pump, table_for


def test_turn_label_never_says_your_turn_once_the_engine_moved_on(app: App) -> None:
    app.settings.animation_speed = 1.0
    game = build(["RS R5 G2", "R1 R2 R3", "G1 G2 G3", "Y1 Y2 Y3"], "R9", turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    app.frame(1 / 60)
    assert turn_label(table) == "Ann — your turn"
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("RS"))))  # Bob is skipped
    for _ in range(240):  # four seconds, frame by frame
        app.frame(1 / 60)
        if "your turn" in turn_label(table):
            assert table.session.to_act == 0, "the label says Ann while the engine moved on"


def test_turn_label_and_voice_change_in_the_same_frame_after_the_last_animation(
        app: App) -> None:
    app.settings.animation_speed = 1.0
    game = build(["R5 G2", "RR B2 B3", "G1 G2 G3", "Y1 Y2 Y3"], "R9", turn=1)  # Bob reverses
    table = table_for(app, game, "HAAA")
    spoken: list[tuple[int, E.Event]] = []
    frame = [0]
    table.presenter.on_event = lambda e: spoken.append((frame[0], e))
    labelled = None
    for frame[0] in range(1, 600):
        app.frame(1 / 60)
        turns = [e for _f, e in spoken if isinstance(e, E.TurnStarted) and e.player == 0]
        if turns and labelled is None:
            assert not table.presenter.busy_sprites(), "the voice named Ann mid-animation"
        if "your turn" in turn_label(table):
            labelled = frame[0]
            break
    assert labelled is not None
    named = next(f for f, e in spoken if isinstance(e, E.TurnStarted) and e.player == 0)
    assert named == labelled
    assert any(isinstance(e, E.DirectionChanged) for _f, e in spoken)


def test_a_card_clicked_right_after_uno_is_played_not_refused(app: App) -> None:
    app.settings.animation_speed = 1.0
    game = build(["B1 B2", "R1 R2 R3", "G1 G2 G3", "Y1 Y2 Y3"], "B9", turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    app.dispatch(I.CallUno())
    pump(app, 0.2)  # the UNO! banner is still up
    assert not table.presenter.idle
    app.dispatch(I.PlayCard(0))
    assert table.toast_text() == ""  # no "Wait for your turn"
    pump(app, until=lambda: len(game.hands[0]) == 1)
    assert game.actions[-2:] == [A.CallUno(0), A.Play(0, Card.parse("B1"))]
    assert table.toast_text() == ""


def test_a_double_enter_in_hot_seat_never_reaches_the_next_person(app: App) -> None:
    app.settings.animation_speed = 1.0
    game = build(["R1 G2 G3", "R3 B4", "Y1 Y2", "G7 G8"], "R9", turn=0)
    table = table_for(app, game, "HHAA")
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    pump(app, 1.0)
    app.dispatch(I.Activate())
    assert table.viewer == 0
    pump(app, until=table.my_turn)
    table.focus_id(f"card{table.model.hand.index(Card.parse('R1'))}")
    app.dispatch(I.Activate())  # Ann plays her red 1 …
    app.dispatch(I.Activate())  # … and her finger presses Enter again
    app.frame(1 / 60)
    assert table.toast_text() == ""
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    app.dispatch(I.Activate())  # still Ann's key, a moment later: not Bob's "ready"
    assert isinstance(app.top, PassDeviceScene) and table.viewer == 0
    pump(app, 1.0)
    app.dispatch(I.Activate())  # Bob, ready
    assert app.top is table and table.viewer == 1
    assert table.toast_text() == ""
    assert len(game.hands[1]) == 2  # nothing was played for Bob


def test_a_flying_card_casts_its_own_shape_not_a_dark_square(app: App) -> None:
    import pygame

    from game.ui.anim import fly

    felt = (20, 120, 60)
    surface = pygame.Surface((400, 400))
    surface.fill(felt)
    sprite = fly(Card.parse("R5"), (200, 200), (200, 200), (90, 90), 1.0, spin=-40)
    sprite.update(0.2)  # mid-turn: the card is tilted by tens of degrees
    sprite.draw(surface)
    img = pygame.transform.rotate(sprite.surface(), round(-40 * (1 - sprite.tween.t) / 3) * 3)
    card = img.get_rect(center=(200, 200))
    box = card.move(4, 6)  # the card's bounding box, where the shadow falls

    def inside(x: int, y: int) -> bool:  # on the tilted card's own shape
        return card.collidepoint(x, y) and img.get_at((x - card.left, y - card.top)).a > 0

    bare = [(x, y) for x in range(box.left, box.right, 3) for y in range(box.top, box.bottom, 3)
            if not inside(x, y) and not inside(x - 4, y - 6) and not inside(x - 3, y - 5)
            and not inside(x - 5, y - 7)]
    assert len(bare) > 100  # the box's corners, off the tilted card and its shadow
    dark = [p for p in bare if tuple(surface.get_at(p))[:3] != felt]
    assert not dark, f"{len(dark)} pixels darkened off the card's shape"
    assert tuple(surface.get_at((200, 200)))[:3] != felt  # the card itself is drawn


def test_C8_enter_on_the_wild_draw_four_dialog_accepts(app: App) -> None:
    from game.ui.table.dialogs import ChallengeScene

    game = build(["R1 R2", "B1 B2", "Y1 Y2", "R7 B2"], "R9 W+4", turn=0,
                 decision="challenge", wd4="3:1:R7.B2", colour="G", dealer=2)
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: isinstance(app.top, ChallengeScene))
    focused = app.top.focused() if app.top is not None else None
    assert focused is not None and focused.id == "accept"
    app.dispatch(I.Activate())  # a reflex Enter
    assert game.actions[-1] == A.Accept(0)
    assert len(game.hands[0]) == 6
    assert table.session.version > 0


def test_escape_on_the_hand_results_keeps_them_and_the_title_is_one_press_away(
        app: App) -> None:
    from game.ui.table.results import HandEndScene

    game = build(["R1", "B1 B2", "Y1 Y2", "G7 G8"], "R9", turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    app.dispatch(I.PlayCard(0))  # Ann goes out
    pump(app, until=lambda: isinstance(app.top, HandEndScene))
    hand = table.model.hand_no
    app.dispatch(I.Back())
    pump(app, 0.5)
    assert any(isinstance(s, HandEndScene) for s in app.stack.scenes)  # not dealt away
    assert table.model.hand_no == hand and table.presenter.paused
    while not isinstance(app.top, HandEndScene):
        app.dispatch(I.Back())  # out of the pause menu, back to the results
    app.dispatch(I.Press("leave"))
    assert app.top is not None and app.top.name == "title"


def test_C12_the_uno_button_is_dark_with_two_cards_and_nothing_to_play(app: App) -> None:
    game = build(["B5 G7", "R1 R2 R3", "G1 G2 G3", "Y1 Y2 Y3"], "R9", turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    assert table.input.choices().choice(UNO) is not None  # the engine would take it
    uno = next(c for c in table.controls if c.id == "uno")
    assert not uno.enabled and not table.can_call_uno()
    game2 = build(["R5 G7", "R1 R2 R3", "G1 G2 G3", "Y1 Y2 Y3"], "R9", turn=0)
    table2 = table_for(app, game2, "HAAA")
    pump(app, until=table2.my_turn)
    assert next(c for c in table2.controls if c.id == "uno").enabled


def test_two_banners_at_one_seat_never_hide_each_other(app: App) -> None:
    from game.ui.anim import Banner
    from tests.ui.conftest import fresh_table

    app.settings.animation_speed = 1.0
    table = fresh_table(app, "triple")
    p = table.presenter
    for player in table.layout.seats:  # the seat at the top edge too
        p.sprites.clear()
        spot = p.seat_label(player)
        p.banner("Time is up!", spot, 32, 1.4)  # Triple Play's timer, then its penalty
        p.banner("+{count}", spot, 30, 1.0, count=6)
        a, b = (sp for sp in p.sprites if isinstance(sp, Banner))
        for _step in range(6):  # as they rise and fade
            assert not a.box().colliderect(b.box()), player
            assert b.box().top >= 0 and a.box().top >= 0
            for sp in (a, b):
                sp.update(0.15)


def test_the_fanned_hand_makes_room_for_the_focused_card(app: App, outdir: Path) -> None:
    from tests.ui.conftest import shot

    hand = "R1 R2 R3 R4 R5 R6 R7 R8 Y1 Y2 Y3 Y4 G1 G2 G3 B1"
    game = build([hand, "B7 B8", "G7 G8", "Y7 Y8"], "R9", turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    plain = table.layout.hand_rects(16)
    assert plain[8].left - plain[7].left < table.layout.card_w  # 16 cards overlap
    table.focus_id("card7")
    table.refresh()
    rects = table.hand_rects()
    w = table.layout.card_w
    assert rects[7].left - rects[6].right >= -2 and rects[8].left >= rects[7].right - 2
    assert rects[-1].right <= table.layout.hand_area.right + 2  # still within the hand
    assert table.layout.fan_angle(0, 16) > 0 > table.layout.fan_angle(15, 16)
    shot(app, outdir, "fanned_hand")
    assert w > 0


def mouse(app: App, kind: int, pos: tuple[int, int]) -> None:
    import pygame

    if kind == 0:
        app.on_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        app.on_event(pygame.event.Event(kind, pos=pos, button=1))


def test_a_card_dragged_onto_the_table_is_played_and_one_let_go_on_the_hand_is_not(
        app: App, outdir: Path) -> None:
    import pygame

    from tests.ui.conftest import shot

    game = build(["R1 G2 R5 Y7", "B7 B8", "G7 G8", "Y7 Y8"], "R9", turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    i = table.model.hand.index(Card.parse("R5"))
    start = table.hand_rects()[i].center
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, 0, (start[0] + 5, start[1] - 40))
    mouse(app, 0, (start[0] + 40, start[1] - 300))  # over the hand → over the discard pile
    assert table.drag is not None and table.drag.moved
    shot(app, outdir, "a_drag")
    mouse(app, pygame.MOUSEBUTTONUP, table.layout.discard.center)
    assert game.actions[-1] == A.Play(0, Card.parse("R5"))
    pump(app, until=table.my_turn)  # round the table, back to Ann
    before = len(game.actions)
    j = table.model.hand.index(Card.parse("R1")) if Card.parse("R1") in table.model.hand else 0
    start = table.hand_rects()[j].center
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, 0, (start[0] + 60, start[1]))  # along the hand, and let go there
    mouse(app, pygame.MOUSEBUTTONUP, (start[0] + 60, start[1]))
    assert len(game.actions) == before and table.drag is None


def test_a_click_on_a_card_still_plays_it(app: App) -> None:
    import pygame

    game = build(["R1 G2 R5 Y7", "B7 B8", "G7 G8", "Y7 Y8"], "R9", turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    i = table.model.hand.index(Card.parse("R5"))
    pos = table.hand_rects()[i].center
    mouse(app, pygame.MOUSEBUTTONDOWN, pos)
    mouse(app, pygame.MOUSEBUTTONUP, pos)
    assert game.actions[-1] == A.Play(0, Card.parse("R5"))


def test_a_played_card_lands_with_a_settle_and_not_with_reduced_motion(app: App) -> None:
    from game.ui.anim import Settle

    for still in (False, True):
        app.settings.animation_speed = 1.0
        app.settings.reduced_motion = still
        game = build(["R1 G2 R5 Y7", "B7 B8", "G7 G8", "Y7 Y8"], "R9", turn=0)
        table = table_for(app, game, "HAAA")
        pump(app, until=table.my_turn)
        app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("R5"))))
        settled = False
        for _f in range(60):
            app.frame(1 / 60)
            app.draw()
            settled = settled or any(isinstance(sp, Settle) for sp in table.presenter.sprites)
        assert settled is not still


def test_the_hand_end_turns_up_each_opponents_cards_and_counts_them_in(
        app: App, outdir: Path) -> None:
    from game.ui.table.results import HandEndScene
    from tests.ui.conftest import shot

    app.settings.animation_speed = 1.0
    game = build(["R1", "B7 B8", "G7 G8", "Y7 YS"], "R9", turn=0, scores=[40, 0, 0, 0])
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    app.dispatch(I.PlayCard(0))
    pump(app, until=lambda: isinstance(app.top, HandEndScene))
    scene = app.top
    assert isinstance(scene, HandEndScene)
    assert [p for p, _c in scene.reveal] == [1, 2, 3]
    assert [str(c) for c in scene.reveal[2][1]] == ["Y7", "YS"]
    assert scene.counting and scene.live_scores()[0] < 40 + 57
    pump(app, 0.5)
    assert 0 < scene.counted() < 57
    shot(app, outdir, "scoring_countup")
    app.dispatch(I.Activate())  # Enter during the count: all of it at once, still here
    assert app.top is scene and scene.counted() == 57
    assert scene.live_scores()[0] == 40 + 57 == scene.event.scores[0]
    shot(app, outdir, "scoring_counted")
    app.dispatch(I.Activate())  # and now the next hand
    assert app.top is table


def test_the_scoring_count_fits_a_table_of_ten(app: App, outdir: Path) -> None:
    from game import i18n
    from game.ui.table.results import HandEndScene
    from tests.ui.conftest import shot

    hands = ["R1"] + [f"B{k} G{k} Y{k}" for k in range(1, 10)]
    game = build(hands, "R9", turn=0)
    table = table_for(app, game, "H" + "A" * 9)
    pump(app, until=table.my_turn)
    app.dispatch(I.PlayCard(0))
    pump(app, until=lambda: isinstance(app.top, HandEndScene))
    scene = app.top
    assert isinstance(scene, HandEndScene) and len(scene.reveal) == 9
    i18n.set_language("fr")
    try:
        scene.relayout()
        shot(app, outdir, "ten_players_fr")
        screen = app.screen.get_rect()
        assert screen.contains(scene.panel_rect)
        assert all(screen.contains(c.rect) and scene.panel_rect.contains(c.rect)
                   for c in scene.controls)
    finally:
        i18n.set_language("en")


def test_the_match_end_cheers_the_winner_and_tells_the_story(app: App, outdir: Path) -> None:
    from game.ui.table.match_end import MatchEndScene
    from game.ui.table.results import HandEndScene
    from tests.ui.conftest import shot

    app.settings.animation_speed = 1.0
    played: list[str] = []
    real_play = app.sound.play
    app.sound.play = lambda name: (played.append(name), real_play(name))[1]  # type: ignore[method-assign]
    game = build(["R1", "B7 B8", "G7 G8", "Y7 YS"], "R9", turn=0, scores=[460, 120, 80, 30],
                 hand_no=6)
    table = table_for(app, game, "HAAA")
    table.session.story[:] = [(2, 1, 120), (4, 2, 80), (5, 0, 200)]  # hands before today's
    pump(app, until=table.my_turn)
    app.dispatch(I.PlayCard(0))
    pump(app, until=lambda: isinstance(app.top, HandEndScene | MatchEndScene), timeout=10)
    while isinstance(app.top, HandEndScene):
        app.dispatch(I.Activate())
        pump(app, until=lambda: isinstance(app.top, MatchEndScene | HandEndScene))
    scene = app.top
    assert isinstance(scene, MatchEndScene)
    assert "fanfare" in played  # the match's own fanfare
    story = scene.story()
    assert story[0] == "Hands won: Ann 2, Bob 1, Cid 1."
    assert story[1] == "Biggest hand: Ann, 200 points (hand 5)."
    assert all(line in scene.body_text() for line in story)
    assert scene.confetti
    pump(app, 0.8)
    shot(app, outdir, "match_celebration")
    falling = scene.falling()
    assert falling and len(falling) < len(scene.confetti)  # some fall by the panel …
    assert not any(scene.panel_rect.colliderect(r) for _c, r in falling)  # … none over it
    pump(app, scene.CONFETTI_S)
    assert not scene.confetti and scene.wakeup() is None  # it settles, the loop rests


def test_reduced_motion_counts_at_once_and_throws_no_confetti(app: App) -> None:
    from game.ui.table.match_end import MatchEndScene
    from game.ui.table.results import HandEndScene

    app.settings.animation_speed = 1.0
    app.settings.reduced_motion = True
    game = build(["R1", "B7 B8", "G7 G8", "Y7 YS"], "R9", turn=0, scores=[460, 0, 0, 0])
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    app.dispatch(I.PlayCard(0))
    pump(app, until=lambda: isinstance(app.top, HandEndScene | MatchEndScene))
    hand_end = next(s for s in app.stack.scenes if isinstance(s, HandEndScene))
    assert not hand_end.counting and hand_end.counted() == 57
    while isinstance(app.top, HandEndScene):
        app.dispatch(I.Activate())
        pump(app, until=lambda: isinstance(app.top, MatchEndScene | HandEndScene))
    assert isinstance(app.top, MatchEndScene) and not app.top.confetti


@pytest.mark.parametrize("skip", [False, True])
def test_the_count_is_said_when_it_lands(app: App, skip: bool) -> None:
    """Issue 13, done when: the scoring count-up is narrated — when the count lands (at its
    pace, or at once on Enter) each opponent's points and the total are said, once."""
    from game.ui.table.results import HandEndScene

    said: list[str] = []
    app.sound.say = lambda words: said.append(str(words)) or True  # type: ignore[method-assign]
    app.settings.animation_speed = 1.0
    app.settings.narration = "announcements"
    game = build(["R1", "B7 B8", "G7 G8", "Y7 YS"], "R9", turn=0, scores=[40, 0, 0, 0])
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    app.dispatch(I.PlayCard(0))
    pump(app, until=lambda: isinstance(app.top, HandEndScene))
    scene = app.top
    assert isinstance(scene, HandEndScene) and scene.counting
    assert not any("counted" in w for w in said)  # not before it lands
    if skip:
        app.dispatch(I.Activate())
    else:
        pump(app, until=lambda: not scene.counting)
    pump(app, 0.5)
    told = [w for w in said if "counted" in w]
    assert told == ["Bob: 15 points, Cid: 15 points, Dee: 27 points. 57 points counted"]
