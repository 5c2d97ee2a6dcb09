"""End to end, in a real window under Xvfb: the moments a player must see (issues 13 and
14), each reached deterministically and shown on real screenshots.

Each test writes a saved match poised one move before its moment (:mod:`tests.ui.moments`:
AI players played a seeded match in the engine up to there), starts the real game, resumes
the match from the title with Enter and makes the move as a person would, with X input
events (keys, or the mouse's press, motion and release). Screenshots are written to
``test-output/<test name>/`` and each is checked on its pixels or on the state the app
reports for it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules import actions as A
from game.rules import events as E
from tests.ui import test_e2e
from tests.ui.conftest import colour_share
from tests.ui.moments import Poised, find, has
from tests.ui.test_e2e import RunningApp, card_rgb

#: The real window's fixtures (a private Xvfb, a home folder), shared with test_e2e.
display, home = test_e2e.display, test_e2e.home

pytestmark = pytest.mark.xvfb

#: The game's normal pace (the moments are about motion), narration off (no sound here).
SETTINGS = 'narration = "off"\nanimation_speed = 1.0\n'


def resume(display: str, home: Path, outdir: Path, poised: Poised,
           settings: str = SETTINGS, env: dict[str, str] | None = None) -> RunningApp:
    """The game started on ``poised``'s save, resumed from the title with Enter, at the
    person's turn with nothing moving."""
    for old in (*outdir.glob("*.png"), outdir / "app.log", outdir / "timeout_state.json"):
        old.unlink(missing_ok=True)  # a run's screenshots only
    poised.write(home)
    app = RunningApp(display, home, outdir, settings, env=env)
    assert app.state()["focus"] == "resume"
    app.key("Return")
    state = app.wait(lambda s: s["top"] == "table" and s["table"]["my_turn"]
                     and s["table"]["idle"])
    # the Enter that resumed the match played nothing (it once went on to play a card)
    assert state["table"]["actions"] == len(poised.saved.record.actions)
    return app


def play_by_keys(app: RunningApp, card: str) -> None:
    """Home, Right to ``card`` (where the table shows it), Enter: as a person playing with
    the keyboard alone."""
    index = app.state()["table"]["hand"].index(card)
    app.key("Home", *["Right"] * index, "Return")


def device(state: dict[str, Any], name: str) -> dict[str, Any]:
    return state.get("table", {}).get("devices", {}).get(name, {})


# --------------------------------------------------------------------------- the official game
def test_a_dragged_last_card_then_the_count_up_and_the_celebration(
        display: str, home: Path, outdir: Path) -> None:
    """Issue 13: a drag in progress, the scoring count-up mid-count, the match's end."""
    poised = find("official", lambda _g, m, ev: isinstance(m, A.Play) and not m.card.is_wild
                  and any(isinstance(e, E.MatchEnded) for e in ev)
                  and any(isinstance(e, E.HandEnded) and e.points >= 60 for e in ev))
    app = resume(display, home, outdir, poised)
    try:
        table = app.state()["table"]
        card = pygame.Rect(table["hand_rects"][table["hand"].index(poised.hand[0])])
        pile = pygame.Rect(table["discard_rect"])
        x, y = card.center
        app.xdo("mousemove", "--window", app.window, str(x), str(y))
        app.xdo("mousedown", "1")
        for k in range(1, 9):  # the card follows the pointer up toward the piles
            app.xdo("mousemove", "--window", app.window,
                    str(x + (pile.centerx + 40 - x) * k // 10),
                    str(y + (pile.centery + 30 - y) * k // 10))
            time.sleep(0.03)
        time.sleep(0.3)
        screen = app.shot("drag_in_progress")
        assert app.state()["table"]["hand"] == list(poised.hand)  # not played yet
        assert colour_share(screen, card.inflate(-20, -20), card_rgb(poised.hand[0])) < 0.05, \
            "the card left its place in the hand"
        app.xdo("mousemove", "--window", app.window, str(pile.centerx), str(pile.centery))
        app.xdo("mouseup", "1")
        app.wait(lambda s: s["top"] == "hand_end" and 0 < s["hand_end"]["shown"]
                         < len([c for _p, cs in s["hand_end"]["revealed"] for c in cs]) // 2)
        app.shot("count_up")
        counting = app.state()["hand_end"]
        assert 0 < counting["counted"] < 178 or counting["shown"] < sum(
            len(cs) for _p, cs in counting["revealed"]), "caught after the count"
        app.wait(lambda s: s["top"] == "hand_end" and s["hand_end"]["counted"] ==
                         next(e.points for e in poised.events if isinstance(e, E.HandEnded)))
        app.shot("count_done")
        app.key("Return")
        app.wait(lambda s: s["top"] == "match_end" and s["match_end"]["confetti"] > 0)
        time.sleep(0.8)  # the confetti well into the window
        app.shot("celebration")
        game = poised.saved.record.new_game()
        won = sum(isinstance(e, E.HandEnded) and e.winner == 0
                  for a in (*poised.saved.record.actions, poised.move) for e in game.apply(a))
        story = app.state()["match_end"]["story"]
        assert story[0] == f"Hands won: Zoé {won}.", story  # every hand, not just today's
    finally:
        app.close()


def test_a_fanned_hand_makes_room_and_a_special_card_says_what_it_does(
        display: str, home: Path, outdir: Path) -> None:
    """Issue 13: in a hand too wide for the table the focused card lifts out of the fan and
    its neighbours move aside; an edition card's face (an icon and its name) and its
    caption, by keyboard focus and by the pointer."""
    specials = ("H2", "DA", "AA", "S", "R", "+2")
    poised = find("attack", lambda g, m, _ev: isinstance(m, A.PressLauncher) and sum(
        str(c).endswith(specials) for c in g.hands[0]) >= 2, hand_at_least=11)
    app = resume(display, home, outdir, poised)
    try:
        hand = app.state()["table"]["hand"]  # as the table sorts it
        special = next(i for i, c in enumerate(hand[1:-1], 1) if c.endswith(("H2", "DA", "AA")))
        other = next(i for i, c in enumerate(hand) if i != special and c.endswith(specials))
        app.key("Home")
        app.wait(lambda s: s.get("focus") == "card0")
        time.sleep(0.5)
        before = app.state()["table"]["hand_rects"]
        app.key(*["Right"] * special)
        app.wait(lambda s: s.get("focus") == f"card{special}")
        time.sleep(0.5)  # the fan's easing settles
        rects = app.state()["table"]["hand_rects"]
        app.shot("fanned_hand_focus_caption")
        assert rects[special][1] < before[special][1], "the focused card rises"
        assert rects[special + 1][0] - rects[special][0] > \
            before[special + 1][0] - before[special][0], "its neighbour makes room"
        r = rects[other]
        # its left edge: the part of a card that the next one in the fan does not cover
        app.xdo("mousemove", "--window", app.window, str(r[0] + 10), str(r[1] + 30))
        app.wait(lambda s: s.get("focus") == f"card{other}")
        time.sleep(0.5)
        app.shot("caption_on_hover")
        assert app.state()["table"]["hand"] == hand  # looking plays nothing
    finally:
        app.close()


# --------------------------------------------------------------------------- the toys (issue 14)
def test_roboto_drum_roll_then_a_house_rule_race_that_shows_its_rule(
        display: str, home: Path, outdir: Path) -> None:
    """Roboto mischievous over his drum roll, the race showing the house rule with him in
    sight, then happy as he names who goes on."""
    poised = find("roboto", has(E.RobotoInterrupts, lambda e: e.kind == "house_rule"
                                and 0 in e.players), tweak={"house_rule": True,
                                                            "chattiness": "high"},
                  table={"house_rule_text": "Touch your nose!"}, hand_at_least=3)
    app = resume(display, home, outdir, poised)
    try:
        play_by_keys(app, str(poised.move.card))  # type: ignore[attr-defined]
        app.wait(lambda s: device(s, "RobotoFigure").get("face") == "mischievous")
        app.shot("roboto_mischievous_drum_roll")
        state = app.wait(lambda s: s["top"] == "race")
        time.sleep(0.4)
        app.shot("race_instruction")
        race = app.state()["race"]
        assert race["instruction"] == "Touch your nose!"
        assert not pygame.Rect(race["panel"]).colliderect(pygame.Rect(race["roboto"]))
        app.key("1")  # the person's key: done
        state = app.wait(lambda s: s["top"] == "table" and device(s, "RobotoFigure").get(
            "face") == "happy", timeout=30)
        app.shot("roboto_happy")
        assert device(state, "RobotoFigure")["races"] == 1
    finally:
        app.close()


def test_roboto_sleepy_then_surprised_by_an_uno(display: str, home: Path,
                                                  outdir: Path) -> None:
    """After a minute without a move his eyes droop (here 4 s: UNO_TEST_SLEEPY_S; the
    minute itself is tests/ui/editions/test_roboto_ui.py's); an UNO! call wakes him,
    surprised."""
    poised = find("roboto", lambda _g, m, _ev: isinstance(m, A.CallUno))
    app = resume(display, home, outdir, poised, env={"UNO_TEST_SLEEPY_S": "4"})
    try:
        awake = app.state()
        assert device(awake, "RobotoFigure").get("face") != "sleepy"
        app.wait(lambda s: device(s, "RobotoFigure").get("face") == "sleepy", timeout=30)
        app.shot("roboto_sleepy")
        app.key("u")
        app.wait(lambda s: device(s, "RobotoFigure").get("face") == "surprised")
        time.sleep(0.3)
        app.shot("roboto_surprised")
    finally:
        app.close()


def test_roboto_triumphant_when_the_hand_is_won(display: str, home: Path,
                                               outdir: Path) -> None:
    poised = find("roboto", lambda _g, m, ev: isinstance(m, A.Play) and not m.card.is_wild
                  and any(isinstance(e, E.HandEnded) for e in ev))
    app = resume(display, home, outdir, poised)
    try:
        play_by_keys(app, str(poised.move.card))  # type: ignore[attr-defined]
        app.wait(lambda s: device(s, "RobotoFigure").get("face") == "triumphant")
        time.sleep(0.3)
        app.shot("roboto_triumphant")
    finally:
        app.close()


def test_the_launcher_winds_up_then_erupts(display: str, home: Path, outdir: Path) -> None:
    poised = find("attack", has(E.LauncherPressed, lambda e: e.count >= 3))
    app = resume(display, home, outdir, poised)
    try:
        app.key("d")  # press the launcher
        app.wait(lambda s: device(s, "DinoLauncher").get("winding"))
        time.sleep(0.3)
        app.shot("launcher_wind_up")
        app.wait(lambda s: device(s, "DinoLauncher").get("eruptions", 0) > 0)
        time.sleep(0.25)  # the cards on their way to the victim
        app.shot("launcher_eruption")
    finally:
        app.close()


def test_a_tray_overload_puts_on_its_show(display: str, home: Path, outdir: Path) -> None:
    poised = find("triple", lambda _g, m, ev: isinstance(m, A.Play) and not m.card.is_wild
                  and any(isinstance(e, E.TrayPressed) and e.overload > 0 for e in ev))
    assert isinstance(poised.move, A.Play)
    app = resume(display, home, outdir, poised)
    try:
        play_by_keys(app, str(poised.move.card))  # type: ignore[attr-defined]
        state = app.wait(lambda s: s["top"] == "tray_pick" or device(s, "TrayUnit").get(
            "flashing"))
        if state["top"] == "tray_pick":
            app.key(str(poised.move.tray + 1))
        app.wait(lambda s: device(s, "TrayUnit").get("flashing"))
        time.sleep(0.3)
        app.shot("tray_overload_show")
    finally:
        app.close()


def test_a_victory_lap_races_round_the_table(display: str, home: Path, outdir: Path) -> None:
    poised = find("sonic", lambda _g, m, _ev: isinstance(m, A.Play) and str(m.card) == "WVL",
                  hand_at_least=3)
    app = resume(display, home, outdir, poised)
    try:
        play_by_keys(app, str(poised.move.card))  # type: ignore[attr-defined]
        app.wait(lambda s: s["top"] == "colour")
        app.key("g")
        app.wait(lambda s: device(s, "VictoryLap").get("lap_running"))
        time.sleep(0.35)
        app.shot("victory_lap")
        time.sleep(0.35)
        app.shot("victory_lap_later")
    finally:
        app.close()
