"""The house rules at the table (RULES.md H-1 … H-3): a stack coming to you, the Seven-O
target chooser and the hands' flight, jump-in by key, click, AI and the hot-seat button."""

from __future__ import annotations

from pathlib import Path

from game.rules import actions as A
from game.rules import events as E
from game.rules.cards import Card
from game.rules.engine import Decision, Game
from game.ui import intents as I
from game.ui import scenes
from game.ui.app import App
from game.ui.table.dialogs import ChallengeScene
from game.ui.table.hotseat import JumpInScene, PassDeviceScene
from game.ui.table.panels import house_prompt
from game.ui.table.pickers import StackScene
from game.ui.table.scene import TableScene
from tests.rules.helpers import build
from tests.ui.conftest import asks, choose, pump, shot, table_for

ALL = {"house": "stacking+seven_o+jump_in", "match": "single_hand"}


def scenario(turn: int = 3) -> Game:
    """AI 3 can only play its Draw Two on you; you hold a Draw Two, a G4 whose twin AI 2
    will play, and a Y7; AI 1 has nothing to stack."""
    return build(["G+2 G4 Y7 B1 B2 R9", "Y4 B5 B6 B8 B3", "G4 Y9 B7 Y3", "R+2 Y8 Y2 G6"],
                 "R5", turn=turn, rules=ALL, draw_top="R1 R2 R3 R6 Y5 Y6")


def jump_scenario() -> Game:
    """AI 2 can only play its G4, whose twin you hold; AI 3 plays next."""
    return build(["G4 B1 B2 R9", "Y4 B5 B6", "G4 Y9 B7", "Y2 B6 Y7"], "G8", turn=2, rules=ALL)


def idle(app: App, table: TableScene, until: object = None, timeout: float = 20) -> None:
    pump(app, until=lambda: table.presenter.idle and (until is None or until()),  # type: ignore[operator]
         timeout=timeout)


def test_H1_a_stack_coming_to_you_is_told_and_the_stacking_card_glows(app: App,
                                                                       outdir: Path) -> None:
    table = table_for(app, scenario(), "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    assert table.session.decision is Decision.STACK
    assert isinstance(app.top, StackScene)  # told in a dialog of its own (issue 34)
    assert app.top.stackers() == [(3, 2)]  # Dee's Draw Two: +2, her face in the dialog
    assert house_prompt(table) == "+2 coming to you — stack a Draw Two or take 2"
    hand = table.model.hand
    assert {hand[i] for i in table.playable_indices()} == {Card.parse("G+2")}
    take = next(c for c in table.controls if c.id == "take")
    assert take.visible and take.enabled and take.caption() == "Take 2"  # type: ignore[attr-defined]
    assert any(isinstance(e, E.Stacked) for e in table.model.log)
    shot(app, outdir, "stack")
    assert [o.id for o in app.top.options] == ["play:G+2", "accept"]
    app.dispatch(I.Press("choice0"))  # stack it (1, Enter on it, or a click)
    pump(app, until=lambda: table.session.to_act == 2, timeout=20)
    assert table.session.game.actions[1] == A.Play(0, Card.parse("G+2"))
    assert table.session.game.actions[2] == A.Accept(1)  # AI 1 takes the four
    assert len(table.session.game.hands[1]) == 9


def test_C12_H1_uno_is_called_from_the_stack_dialog_before_stacking_the_next_to_last_card(
        app: App) -> None:
    """U in the stack's dialog, as at the table: a person stacking their next-to-last card
    calls UNO first, and nobody can catch them after."""
    game = build(["G+2 Y7", "Y4 B5 B6 B8 B3", "G4 Y9 B7 Y3", "R+2 Y8 Y2 G6"], "R5", turn=3,
                 rules=ALL, draw_top="R1 R2 R3 R6 Y5 Y6")
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    assert isinstance(app.top, StackScene)
    app.dispatch(I.CallUno())  # U
    assert table.session.game.actions[-1] == A.CallUno(0)
    assert isinstance(app.top, StackScene)  # still to answer the stack
    app.dispatch(I.Press("choice0"))  # stack the Draw Two
    assert A.Play(0, Card.parse("G+2")) in table.session.game.actions
    assert 0 not in table.session.game.uno_open  # called in time: nothing to catch


def test_H1_taking_the_stack_is_one_key(app: App) -> None:
    table = table_for(app, scenario(), "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    app.dispatch(I.DrawCard())  # D, the Take button or the draw pile
    assert table.session.game.actions[-1] == A.Accept(0)
    assert len(table.session.game.hands[0]) == 8


def test_H1_with_nothing_to_stack_the_prompt_says_take(app: App) -> None:
    game = build(["G1 B2", "B5 B6", "G4 Y9", "R+2 Y8"], "R5", turn=3, rules=ALL)
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    assert house_prompt(table) == "+2 coming to you — nothing to stack: take 2"


def test_H1_a_stacked_wild_draw_four_can_be_stacked_from_the_challenge_dialog(
        app: App, outdir: Path) -> None:
    game = build(["W+4 B2 G3", "B5 B6", "G4 Y9", "W+4 Y8 Y2"], "R5", turn=3, rules=ALL)
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: isinstance(app.top, ChallengeScene), timeout=20)
    dialog = app.top
    assert "stack" in {c.id for c in dialog.controls}
    shot(app, outdir, "wd4-stack")
    app.dispatch(I.Press("stack"))
    assert table.session.game.actions[-1] == A.Play(0, Card.parse("W+4"))


def test_H2_a_seven_asks_whom_to_swap_with_focus_on_the_fewest_cards(app: App,
                                                                      outdir: Path) -> None:
    game = build(["Y7 B1 B2", "Y4 B5 B6 B8", "B7 Y3", "Y2 G6 G7"], "Y8", turn=0, rules=ALL)
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("Y7"))))
    pump(app, until=lambda: asks(app, "swap"), timeout=20)
    chooser = app.top
    assert chooser.focused_id() == "choice1"  # Cid holds two cards, the fewest
    captions = [c.caption() for c in chooser.controls]  # type: ignore[attr-defined]
    assert captions == ["Bob — 4 cards", "Cid — 2 cards", "Dee — 3 cards"]
    shot(app, outdir, "swap-chooser")
    app.dispatch(I.Navigate(0, 1))
    assert chooser.focused_id() == "choice2"
    app.dispatch(I.Navigate(0, -1))
    app.dispatch(I.Activate())
    assert A.SwapWith(0, 2) in table.session.game.actions
    idle(app, table)
    assert sorted(map(str, table.model.hand)) == ["B7", "Y3"]
    assert table.model.counts[2] == 2  # B1 B2 went to Cid


def test_H2_the_swap_flies_both_ways_and_lands_as_the_new_hand(app: App, outdir: Path) -> None:
    app.settings.animation_speed = 1.0
    game = build(["Y7 B1 B2", "Y4 B5 B6 B8", "B7 Y3", "Y2 G6 G7"], "Y8", turn=0, rules=ALL)
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    choose(table, "play:Y7")
    pump(app, until=lambda: asks(app, "swap"), timeout=20)
    app.dispatch(I.Press("choice1"))
    pump(app, until=lambda: table.model.hand == [], timeout=10)  # the hands take off
    pump(app, 0.25)
    flying = [sp for sp in table.presenter.sprites if type(sp).__name__ == "FlyingCard"]
    cards = {str(sp.card) for sp in flying if sp.card is not None}  # type: ignore[attr-defined]
    assert cards == {"B1", "B2", "B7", "Y3"}  # yours leave face up, Cid's turn up for you
    assert not any(sp.card is None for sp in flying)  # type: ignore[attr-defined]
    assert table.model.hand == []  # your cards are on their way
    shot(app, outdir, "swap-flight")
    idle(app, table)
    assert sorted(map(str, table.model.hand)) == ["B7", "Y3"]


def test_H2_a_zero_passes_every_hand_on(app: App, outdir: Path) -> None:
    app.settings.animation_speed = 1.0
    game = build(["Y0 B1 B2", "Y4 B5 B6 B8", "B7 Y3", "Y2 G6 G7"], "Y8", turn=0, rules=ALL)
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("Y0"))))
    pump(app, until=lambda: any(getattr(sp, "card", 1) is None for sp in
                                table.presenter.sprites), timeout=10)
    pump(app, 0.2)
    shot(app, outdir, "zero-flight")
    pump(app, until=lambda: not table.presenter.busy_sprites(), timeout=10)
    assert [str(c) for c in table.model.hand] == ["Y2", "G6", "G7"]  # Dee's came to you
    assert table.model.counts == [3, 2, 4, 2]  # every hand moved on, clockwise


def test_H3_you_jump_in_with_J_while_your_twin_card_glows(app: App, outdir: Path) -> None:
    app.settings.animation_speed = 1.0
    table = table_for(app, jump_scenario(), "HAAA")
    game = table.session.game
    pump(app, until=lambda: bool(table.jump_indices()), timeout=20)
    hand = table.model.hand
    assert {hand[i] for i in table.jump_indices()} == {Card.parse("G4")}
    assert house_prompt(table).startswith("Jump in!")
    assert table.focused_id() == f"card{min(table.jump_indices())}"  # Enter would play it
    shot(app, outdir, "jump-glow")
    app.dispatch(I.JumpIn())
    assert game.actions[-1] == A.Play(0, Card.parse("G4"))
    pump(app, until=lambda: any(isinstance(e, E.JumpedIn) for e in table.model.log),
         timeout=10)
    assert "Ann jumps in with a green 4!" in table.log_lines()[-1]


def test_H3_a_click_on_the_twin_card_jumps_in(app: App) -> None:
    app.settings.animation_speed = 1.0
    table = table_for(app, jump_scenario(), "HAAA")
    pump(app, until=lambda: bool(table.jump_indices()), timeout=20)
    i = min(table.jump_indices())
    rect = table.hand_rects()[i]
    app.dispatch(table.intent_at(rect.center))  # type: ignore[arg-type]
    app.dispatch(I.Release(rect.center))
    assert table.session.game.actions[-1] == A.Play(0, Card.parse("G4"))


def test_H3_J_with_no_twin_card_is_explained(app: App) -> None:
    table = table_for(app, jump_scenario(), "HAAA")
    pump(app, until=lambda: table.presenter.idle, timeout=20)
    before = table.session.version
    app.dispatch(I.JumpIn())
    assert table.session.version in (before, before + 1)  # maybe the AI played meanwhile
    assert not table.session.game.actions or table.session.game.actions[-1].player != 0


def test_H3_an_ai_jumps_in_after_its_reaction_time(app: App) -> None:
    app.settings.animation_speed = 1.0
    # you play G4; AI 2 holds the twin and jumps in before AI 1 plays on
    from dataclasses import replace

    from game.play.session import Session
    from game.ui.table.scene import TableScene
    from tests.ui.conftest import seats

    game = build(["G4 B1 B2", "Y4 B5 B6", "G4 Y9 B7", "Y2 G6 G7"], "G8", turn=0, rules=ALL)
    sitting = seats("HAAA")
    sitting[1] = replace(sitting[1], level="easy")  # slow to play on: 1.6 s
    sitting[2] = replace(sitting[2], level="hard")  # quick to jump in: 0.8 s
    table = TableScene(app, Session(game, sitting), resumed=True)
    app.reset(table)
    pump(app, until=lambda: table.my_turn(), timeout=20)
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("G4"))))
    plan = None
    for _ in range(300):
        pump(app, 1 / 60)
        plan = plan or table.conductor.jump_plan
        if any(isinstance(e, E.JumpedIn) for e in table.session.recent_events()):
            break
    assert plan is not None and plan[0] == 2
    assert table.session.game.actions[1] == A.Play(2, Card.parse("G4"))  # before AI 1


def test_H3_hot_seat_jump_in_button_shows_only_the_jumpers_twin_card(app: App,
                                                                     outdir: Path) -> None:
    app.settings.animation_speed = 1.0
    # AI Dee plays G4 with AI Ann to play next; Bob and Cid are people, Cid holds the twin
    game = build(["B1 B2", "Y9 B7 R1", "G4 B5", "G4 Y6 Y7"], "G8", turn=3, rules=ALL)
    table = table_for(app, game, "AHHA")
    pump(app, until=lambda: table.session.jump_card() is not None and table.presenter.idle,
         timeout=20)
    jump = next(c for c in table.controls if c.id == "jump")
    assert jump.visible  # whoever holds its twin: the button tells nothing
    shot(app, outdir, "jump-button")
    app.dispatch(I.JumpIn())
    scene = app.top
    assert isinstance(scene, JumpInScene) and scene.stage == "who"
    app.dispatch(I.Press("choice1"))  # Cid
    assert scene.stage == "pass"
    shot(app, outdir, "jump-pass")
    app.dispatch(I.Press("ready"))
    assert scene.jumps() and scene.stage == "show"
    shot(app, outdir, "jump-show")
    app.dispatch(I.Press("play"))
    assert table.session.game.actions[-1] == A.Play(2, Card.parse("G4"))
    assert table.viewer == 2


def test_house_rules_from_the_command_line_reach_the_set_up(dirs: Path) -> None:
    from game.cli import parser, start_options
    from game.store.settings import Settings
    from game.ui.scenes.setup import SetupScene

    args = parser().parse_args(["--house", "stacking,jump_in", "--edition", "official"])
    app = App(Settings(narration="off", animation_speed=0.0), options=start_options(args),
              size=(1280, 720))
    try:
        setup = SetupScene(app)
        app.push(setup)
        assert setup.ruleset().house == "stacking+jump_in"
    finally:
        app.close()


def test_H3_the_ai_to_act_leaves_a_person_their_jump_in_time(app: App) -> None:
    from game.bots.reaction import median

    app.settings.animation_speed = 1.0
    table = table_for(app, jump_scenario(), "HAAA")
    pump(app, until=lambda: bool(table.jump_indices()), timeout=20)
    version, waited = table.session.version, 0.0
    # The bot's move is computed in real time by a worker: on a loaded machine it can take
    # more frames than its game-time wait, so allow plenty before calling it lost.
    while table.session.version == version and waited < 30:
        pump(app, 1 / 60)
        waited += 1 / 60
    assert table.session.game.actions[-1].player == 3  # Dee played on: nobody jumped in
    assert waited >= median("heuristic", "jump_in") - 0.1


def test_H3_the_pass_screen_offers_the_jump_in_too(app: App, outdir: Path) -> None:
    game = build(["G4 B1 B2", "Y9 B7 R1", "G4 B5", "Y2 G6 G7"], "G8", turn=0, rules=ALL)
    table = table_for(app, game, "HHHA")
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene), timeout=20)
    app.dispatch(I.Activate())  # Ann takes the device
    pump(app, until=lambda: table.my_turn(), timeout=20)
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("G4"))))
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene), timeout=20)
    assert "jump" in {c.id for c in app.top.controls}  # Bob is next; Ann and Cid may jump
    shot(app, outdir, "pass-with-jump")
    app.dispatch(I.JumpIn())  # J on the pass screen
    scene = app.top
    assert isinstance(scene, JumpInScene) and scene.who == [0, 2]
    app.dispatch(I.Press("choice0"))  # Ann claims it, but holds no second G4
    app.dispatch(I.Press("ready"))
    assert scene.stage == "show" and not scene.jumps()
    assert [c.id for c in scene.controls] == ["cancel"]
    app.dispatch(I.Press("cancel"))
    pump(app, 0.1)
    assert isinstance(app.top, PassDeviceScene)  # back to Bob's turn through the pass screen
    assert table.session.jump_card() is not None  # Cid may still jump in


def test_H1_H2_the_table_speaks_french_too(app: App, outdir: Path) -> None:
    from game import i18n

    i18n.set_language("fr")
    table = table_for(app, scenario(), "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    assert house_prompt(table) == "+2 arrivent sur toi — cumule un +2 ou prends-en 2"
    take = next(c for c in table.controls if c.id == "take")
    assert take.caption() == "Prendre 2"  # type: ignore[attr-defined]
    shot(app, outdir, "stack-fr")
    game = build(["Y7 B1 B2", "Y4 B5 B6 B8", "B7 Y3", "Y2 G6 G7"], "Y8", turn=0, rules=ALL)
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("Y7"))))
    pump(app, until=lambda: asks(app, "swap"), timeout=20)
    assert app.top.title_text() == "Échanger sa main avec qui\u00a0?"
    assert [c.caption() for c in app.top.controls][1] == "Cid — 2 cartes"  # type: ignore[attr-defined]
    shot(app, outdir, "swap-fr")


def test_H2_the_swap_chooser_reads_the_choices_and_the_focused_one(app: App) -> None:
    said: list[str] = []
    app.sound.say = lambda words: said.append(str(words)) or True  # type: ignore[method-assign]
    game = build(["Y7 B1 B2", "Y4 B5 B6 B8", "B7 Y3", "Y2 G6 G7"], "Y8", turn=0, rules=ALL)
    table = table_for(app, game, "HAAA")
    pump(app, until=lambda: table.my_turn(), timeout=20)
    app.dispatch(I.PlayCard(table.model.hand.index(Card.parse("Y7"))))
    pump(app, until=lambda: asks(app, "swap"), timeout=20)
    assert said[-1] == ("Swap hands with whom? Bob — 4 cards; Cid — 2 cards; "
                        "Dee — 3 cards.")
    app.dispatch(I.Navigate(0, 1))
    assert said[-1] == "Dee — 3 cards"
    app.dispatch(I.Press("choice0"))  # 1 or a click: Bob
    assert A.SwapWith(0, 1) in table.session.game.actions


def test_a_position_that_cannot_be_opened_leaves_the_title(app: App, tmp_path: Path,
                                                           capsys: object) -> None:
    from game.ui.testhooks import open_position

    bad = tmp_path / "position.json"
    bad.write_text('{"position": "UNO1 nonsense", "seats": []}', "utf-8")
    app.push(app.make(scenes.TITLE))
    open_position(app, bad)
    assert app.top is not None and app.top.name == "title"
    assert "not opened" in capsys.readouterr().err  # type: ignore[attr-defined]


def test_H2_at_a_hot_seat_table_the_hands_fly_face_down(app: App) -> None:
    app.settings.animation_speed = 1.0
    game = build(["Y7 B1 B2", "Y4 B5 B6 B8", "B7 Y3", "Y2 G6 G7"], "Y8", turn=0, rules=ALL)
    table = table_for(app, game, "HHAA")
    pump(app, until=lambda: isinstance(app.top, PassDeviceScene), timeout=20)
    pump(app, 0.7)  # past the guard against the person before's keys
    app.dispatch(I.Activate())
    pump(app, until=lambda: table.my_turn(), timeout=20)
    choose(table, "play:Y7")
    pump(app, until=lambda: asks(app, "swap"), timeout=20)
    app.dispatch(I.Press("choice1"))
    pump(app, until=lambda: any(type(sp).__name__ == "FlyingCard"
                                for sp in table.presenter.sprites), timeout=10)
    pump(app, 0.2)
    flying = [sp for sp in table.presenter.sprites if type(sp).__name__ == "FlyingCard"]
    assert flying and all(sp.card is None for sp in flying)  # type: ignore[attr-defined]


def test_H3_a_person_holding_the_twin_gets_a_person_s_window_even_at_a_fast_pace(
        app: App) -> None:
    from game.ui.table.conductor import PERSON_JUMP_S

    app.settings.animation_speed = 3.0  # the AI's own jump-in time shrinks to 0.4 s
    table = table_for(app, jump_scenario(), "HAAA")
    pump(app, until=lambda: bool(table.jump_indices()), timeout=20)
    version, waited = table.session.version, 0.0
    while table.session.version == version and waited < 30:
        pump(app, 1 / 60)
        waited += 1 / 60
    assert table.session.game.actions[-1].player == 3  # Dee played on: nobody jumped in
    assert waited >= PERSON_JUMP_S - 0.1
