"""UNO Attack on screen: the dinosaur launcher (idle, build-up, a press that fires, a dud,
turning toward its target), the press as the table's draw, and the Attack-Attack victim
picker (RULES.md section A). Screenshots go to ``test-output/<test name>/``."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from game.editions.attack.table.launcher import DinoLauncher
from game.rules.cards import COLOUR_OF, Card
from game.ui import intents as I
from game.ui.app import App
from game.ui.table.dialogs import ColourScene
from game.ui.table.queries import played_along
from game.ui.table.scene import TableScene
from tests.editions.helpers import build
from tests.ui.conftest import asks, pump, shot, table_for
from tests.ui.editions.helpers import play_match

C = Card.parse


def attack_table(app: App, hands: list[str], kinds: str = "HAAA", **kw: Any) -> TableScene:
    return table_for(app, build("attack", hands, kw.pop("pile", "R9"), **kw), kinds)


def dino(table: TableScene) -> DinoLauncher:
    dev = table.devices[0]
    assert isinstance(dev, DinoLauncher)
    return dev


def state(table: TableScene) -> dict[str, Any]:
    return table.test_state()["devices"]["DinoLauncher"]


def test_idle_launcher_with_build_up_and_a_click_that_fires(app: App, outdir: Path) -> None:
    table = attack_table(app, ["Y5 B1", "G1 G2", "Y1 Y2", "B7 B8"], presses=2,
                         draw_top="G7 G8 G9")
    table.session.game.launcher.script = [3]
    pump(app, until=lambda: table.my_turn())
    pump(app, 0.5)
    assert state(table)["presses"] == 2
    shot(app, outdir, "build_up")
    launcher = dino(table)
    app.settings.animation_speed = 1.0
    app.dispatch(table.intent_at(launcher.body.center))  # the click is the press
    pump(app, until=lambda: len(table.model.log) and state(table)["fires"] == 1)
    pump(app, 0.45)
    shot(app, outdir, "firing")
    pump(app, until=lambda: table.presenter.idle, timeout=15)
    assert sorted(map(str, table.model.hand)) == ["B1", "G7", "G8", "G9", "Y5"]
    assert state(table)["presses"] == 0


def test_a_dud_puffs_and_counts_a_press(app: App, outdir: Path) -> None:
    table = attack_table(app, ["Y5 B1", "G1 G2", "Y1 Y2", "B7 B8"], presses=1)
    table.session.game.launcher.script = [0]
    pump(app, until=lambda: table.my_turn())
    app.settings.animation_speed = 1.0
    app.dispatch(I.DrawCard())
    pump(app, until=lambda: state(table)["duds"] == 1)
    pump(app, 0.45)
    shot(app, outdir, "dud")
    assert state(table)["presses"] == 2 and len(table.model.hand) == 2


def test_the_launcher_turns_toward_the_player_it_aims_at(app: App, outdir: Path) -> None:
    table = attack_table(app, ["Y5 B1", "G1 G2", "Y1 Y2", "B7 B8"], turn=2)
    pump(app, 0.5)
    launcher = dino(table)
    launcher.aim_at(0)  # me, at the bottom: the head looks down
    pump(app, 1.0)
    down = launcher.aim
    shot(app, outdir, "aim_me")
    launcher.aim_at(3)  # the right-hand opponent, up and to the right
    pump(app, 1.0)
    shot(app, outdir, "aim_right")
    assert math.sin(down) > 0.3 and math.sin(launcher.aim) < 0 < math.cos(launcher.aim)


def test_attack_attack_victim_picker(app: App, outdir: Path) -> None:
    table = attack_table(app, ["WAA R1 R2", "G1 G2", "Y1 Y2", "B5 B6"], draw_top="G7 G8 G9")
    table.session.game.launcher.script = [3, 0]
    pump(app, until=lambda: table.my_turn())
    app.dispatch(I.PlayCard(table.model.hand.index(C("WAA"))))
    pump(app, until=lambda: isinstance(app.top, ColourScene))
    app.dispatch(I.ChooseColour(0))
    pump(app, until=lambda: asks(app, "pick_player"))
    app.dispatch(I.Navigate(0, 1))  # focus Cid: the launcher turns to him
    pump(app, 0.6)
    assert state(table)["target"] == 2
    shot(app, outdir, "victim")
    app.dispatch(I.Activate())
    pump(app, until=lambda: table.presenter.idle and app.top is table)
    assert len(table.session.game.hands[2]) == 5


def test_a_whole_attack_match_with_a_person_and_three_ai(app: App, outdir: Path) -> None:
    table = play_match(app, "attack", "HAAA", 4, outdir)
    assert table.session.winners and state(table)["fires"] + state(table)["duds"] > 0


def test_a_whole_attack_match_hot_seat(app: App, outdir: Path) -> None:
    table = play_match(app, "attack", "HHA", 8, outdir)
    assert table.session.winners


def test_discard_all_sends_the_whole_colour_flying(app: App, outdir: Path) -> None:
    table = attack_table(app, ["RDA R1 R4 G1", "G1 G2", "Y1 Y2", "B7 B8"])
    pump(app, until=lambda: table.my_turn())
    app.settings.animation_speed = 1.0
    app.dispatch(I.PlayCard(table.model.hand.index(C("RDA"))))
    pump(app, 0.25)
    shot(app, outdir, "discard_all")
    assert len(table.presenter.sprites) >= 2
    pump(app, until=lambda: table.presenter.idle, timeout=15)
    assert [str(c) for c in table.model.hand] == ["G1"]
    assert str(table.model.discard[-1]) == "RDA"


def test_A7_a_focused_discard_all_lifts_every_card_it_takes_along(app: App,
                                                                  outdir: Path) -> None:
    table = attack_table(app, ["R3 G1 RDA R7 B2", "G1 G2", "Y1 Y2", "B7 B8"], pile="R9")
    pump(app, until=lambda: table.my_turn())
    hand = table.model.hand
    da = hand.index(C("RDA"))
    reds = {i for i, c in enumerate(hand) if COLOUR_OF[c] == COLOUR_OF[C("RDA")] and i != da}
    green = hand.index(C("G1"))  # not playable on the red 9: it stays down
    assert len(reds) == 2 and played_along(table, f"card{green}") == set()
    table.focus_id(f"card{da}")
    assert played_along(table, f"card{da}") == reds
    rests = table.layout.hand_rects(len(hand))  # where each card lies when not lifted
    lift = table.layout.lift
    rects = table.hand_rects()
    for i in {da, *reds}:  # taken along: lifted as high as the focused card
        assert rects[i].top == rests[i].top - lift
    assert rects[green].top == rests[green].top
    shot(app, outdir, "discard_all_focused")
    r = min(reds)
    table.focus_id(f"card{r}")  # a red number alone takes nothing along
    rects = table.hand_rects()
    assert rects[r].top == rests[r].top - lift
    assert rects[da].top == rests[da].top + (-lift // 2)  # playable: half a lift
