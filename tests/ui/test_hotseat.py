"""Hot-seat: several people at one screen never see each other's cards (C-8 reveal
to the challenger only; drawn cards named only to the one who drew them)."""

from __future__ import annotations

from pathlib import Path

from game.rules import actions as A
from game.rules.view import PlayerView
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.dialogs import ChallengeScene, RevealScene
from game.ui.table.hotseat import PassDeviceScene
from tests.rules.helpers import build
from tests.ui.conftest import pump, shot, table_for


def test_pass_screen_between_two_people_then_only_their_hand(app: App, outdir: Path) -> None:
    game = build(["R1 G2", "R3 B4", "Y1 Y2", "G7 G8"], "R9", turn=0)
    table = table_for(app, game, "HHAA")
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    assert table.viewer is None and table.model.hand == []  # nobody's cards yet
    app.dispatch(I.Activate())
    assert table.viewer == 0
    assert sorted(map(str, table.model.hand)) == ["G2", "R1"]
    app.dispatch(I.PlayCard(table.model.hand.index(game.hands[0][0])))
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    assert app.top.player == 1  # type: ignore[attr-defined]
    shot(app, outdir, "pass_to_bob")
    app.dispatch(I.Activate())
    assert table.viewer == 1
    assert sorted(map(str, table.model.hand)) == ["B4", "R3"]


def test_drawn_cards_in_the_log_are_hidden_from_the_next_person(app: App) -> None:
    game = build(["G2 G3", "R3 B4", "Y1 Y2", "G7 G8"], "R9", turn=0, draw_top="B7 B8")
    table = table_for(app, game, "HHAA")
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    app.dispatch(I.Activate())
    app.dispatch(I.DrawCard())  # a blue 7: it does not fit, Bob is next
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    assert any("a blue 7" in line for line in table.log_lines())  # Ann sees what she drew
    app.dispatch(I.Activate())
    lines = table.log_lines()
    assert not any("blue 7" in line for line in lines)
    assert any("Ann draws 1 card" in line for line in lines)


class AlwaysChallenges:
    name = "test"
    wants_history = False

    def choose(self, view: PlayerView, legal: list[A.Action], rng: object) -> A.Action:
        return next((a for a in legal if isinstance(a, A.Challenge)), legal[0])

    def react(self, view: PlayerView, options: list[A.Action], rng: object) -> None:
        return None


def test_C8_reveal_goes_to_the_challenging_person(app: App, outdir: Path) -> None:
    game = build(["R1 R2", "B1 B2", "Y1 Y2", "R7 B2"], "R9 W+4", turn=0,
                 decision="challenge", wd4="3:1:R7.B2", colour="G", dealer=2)
    table = table_for(app, game, "HHAA")
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    app.dispatch(I.Activate())
    pump(app, until=lambda: isinstance(app.top, ChallengeScene))
    app.dispatch(I.ChallengeWD4())
    pump(app, until=lambda: isinstance(app.top, RevealScene))
    shot(app, outdir, "reveal_to_ann")
    assert [str(c) for c in app.top.event.hand] == ["R7", "B2"]  # type: ignore[attr-defined]
    app.dispatch(I.Activate())
    assert app.top is table


def test_C8_an_ai_challenge_reveals_nothing_to_the_others(app: App, outdir: Path) -> None:
    game = build(["R1 R2", "G5 G6", "R7 B2", "Y1 Y2"], "R9 W+4", turn=3,
                 decision="challenge", wd4="2:1:R7.B2", colour="G", dealer=1)
    table = table_for(app, game, "HAAA")
    table.runner.bots[3] = AlwaysChallenges()  # type: ignore[attr-defined]
    pump(app, until=lambda: any("challenges" in line for line in table.log_lines()))
    pump(app, until=lambda: table.presenter.idle)
    shot(app, outdir, "ai_challenge")
    assert not any(isinstance(s, RevealScene) for s in app.stack.scenes)
    line = next(line for line in table.log_lines() if "challenges" in line)
    assert "(hidden)" in line and "red 7" not in line


def test_C12_uno_can_be_called_while_the_device_changes_hands(app: App, outdir: Path) -> None:
    # Ann plays her next-to-last card without calling UNO; the window stays open until
    # Bob begins (C-12), so the pass screen offers her the call (button or U).
    game = build(["R1 G2", "R3 B4", "Y1 Y2", "G7 G8"], "R9", turn=0)
    table = table_for(app, game, "HHAA")
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    app.dispatch(I.Activate())
    app.dispatch(I.PlayCard(table.model.hand.index(game.hands[0][0])))  # R1, no UNO
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    scene = app.top
    assert isinstance(scene, PassDeviceScene) and scene.player == 1
    assert [c.id for c in scene.controls] == ["ready", "uno0"]
    shot(app, outdir, "pass_with_uno")
    assert 0 in game.uno_open  # she could be caught
    app.dispatch(I.CallUno())  # the U key on this screen
    assert 0 not in game.uno_open and A.CallUno(0) not in table.session.legal(0)
    assert [c.id for c in scene.controls] == ["ready"]  # the button is gone
    app.dispatch(I.Activate())
    assert table.viewer == 1


def test_C12_the_pass_screen_offers_no_call_once_it_is_made(app: App) -> None:
    game = build(["R1 G2", "R3 B4", "Y1 Y2", "G7 G8"], "R9", turn=0)
    table = table_for(app, game, "HHAA")
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    app.dispatch(I.Activate())
    app.dispatch(I.CallUno())  # in time, at the table
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(game.hands[0][0])))
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    assert [c.id for c in app.top.controls] == ["ready"]


def test_the_pass_screen_shows_the_next_person_s_face(app: App, outdir: Path) -> None:
    """Whose turn it is, for a child who cannot read the name yet: their face, as on
    their seat."""
    import pygame

    from game.ui import family
    from game.ui.avatars import avatar_image

    game = build(["R1 G2", "R3 B4", "Y1 Y2", "G7 G8"], "R9", turn=0)
    table = table_for(app, game, "HHAA")
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene))
    scene = app.top
    assert isinstance(scene, PassDeviceScene)
    screen = shot(app, outdir, "pass_with_face")
    size = int(scene.FACE * scene.s)
    face = avatar_image(family.faces(app, table.session.player_ids)[0], size)
    at = face.get_rect(center=(scene.panel_rect.centerx, scene.content_top + size // 2))
    assert scene.panel_rect.contains(at)
    assert all(not c.rect.colliderect(at) for c in scene.controls)  # clear of the buttons
    same = total = 0
    for x in range(at.left + size // 4, at.right - size // 4, 3):
        for y in range(at.top + size // 4, at.bottom - size // 4, 3):
            want = face.get_at((x - at.left, y - at.top))
            got = screen.get_at((x, y))
            total += 1
            same += max(abs(want.r - got.r), abs(want.g - got.g), abs(want.b - got.b)) <= 8
    assert same / total > 0.9, f"only {same}/{total} of the face's pixels on screen"
    other = avatar_image(family.faces(app, table.session.player_ids)[1], size)
    assert pygame.image.tobytes(other, "RGBA") != pygame.image.tobytes(face, "RGBA")
