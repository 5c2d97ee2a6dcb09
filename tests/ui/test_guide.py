"""The guided first hand (issue 17): every step played through by the keyboard alone and by
the mouse alone, at 1280×800 and at a small window, with the pointer checked against the
table's own layout and on the drawn pixels; the friendly deal's promise for every colour a
person may name; leaving, skipping, held-back moves, the AI's pace and the first launch's
offer. Screenshots of each step go to ``test-output/<test name>/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.bots import make_bot
from game.bots.driver import seat_rng
from game.rules import actions as A
from game.rules.cards import COLOUR_OF, COLOURS, Card, Colour
from game.rules.engine import Decision
from game.rules.view import view
from game.store.settings import Settings, from_toml, load_settings
from game.ui import intents as I
from game.ui import scenes, theme
from game.ui.app import App
from game.ui.guide import steps as S
from game.ui.guide.deal import AI, AI_LEVEL, YOU, guide_game
from game.ui.guide.layer import AI_SPEED, GuideLayer
from game.ui.table.scene import TableScene
from tests.ui.conftest import colour_share, pump, shot

SIZES = [((1280, 800), "en"), ((960, 600), "en")]


def key(app: App, k: int, unicode: str = "") -> None:
    """A key pressed and let go, as a person types it (a key never let go would be held,
    and its next press on another screen dropped as a repeat)."""
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))
    app.on_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0))


def click(app: App, rect: pygame.Rect | list[int]) -> None:
    """A click (press and release) at the middle of ``rect``."""
    pos = pygame.Rect(rect).center
    app.on_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.on_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


@pytest.fixture
def sized(request: pytest.FixtureRequest, dirs: Path, settings: Settings) -> Iterator[App]:
    """The app in a window of the size the test's parameter names (and its language)."""
    size, lang = getattr(request, "param", ((1280, 800), "en"))
    i18n.set_language(lang)
    a = App(settings, size=size, settings_path=dirs / "config" / "settings.toml")
    yield a
    a.close()
    i18n.set_language("en")


class Guided:
    """The guided hand on screen, and what a test asks of it."""

    def __init__(self, app: App, outdir: Path) -> None:
        self.app, self.outdir = app, outdir
        self.said: list[str] = []
        app.sound.say = lambda words: bool(self.said.append(str(words)))  # type: ignore
        app.reset(app.make(scenes.GUIDE))
        table = app.top
        assert isinstance(table, TableScene)
        self.table = table
        self.guide = next(d for d in table.devices if isinstance(d, GuideLayer))
        self.steps: list[str] = []
        self.shots = 0

    def wait(self, step: str) -> None:
        """Run frames until ``step`` is on screen (the colour step: its dialog is open)."""
        def there() -> bool:
            if step == S.COLOUR:
                return self.app.top is not None and self.app.top.name == "colour"
            return self.app.top is self.table and self.guide.shown == step

        pump(self.app, until=there)
        pump(self.app, 0.1)
        assert self.guide.shown == step
        self.steps.append(step)
        self.check_pointer(step)

    def target(self, step: str) -> pygame.Rect | None:
        """Where the thing of ``step`` really is, asked of the table (not of the guide)."""
        lay, t = self.table.layout, self.table
        hand = t.model.hand
        if step == S.PILE:
            return lay.discard
        if step == S.DRAW:
            return lay.draw_pile
        if step == S.PLAY_DRAWN:
            return lay.drawn_buttons[0]
        if step == S.UNO:
            return lay.uno
        if step in (S.PLAY, S.AFTER_UNO):
            (playable,) = t.playable_indices()  # the friendly deal: one card fits
            assert hand[playable] == Card.parse("R7" if step == S.PLAY else
                                                self.card_for_uno())
            return t.hand_rects()[playable]
        return None

    def card_for_uno(self) -> str:
        return next(str(c) for i, c in enumerate(self.table.model.hand)
                    if i in self.table.playable_indices())

    def check_pointer(self, step: str) -> None:
        """The halo and the arrow sit on the thing itself, on the pixels drawn too."""
        self.shots += 1
        screen = shot(self.app, self.outdir, f"{self.shots:02d}_{step}")
        state = self.guide.test_state()
        assert state["step"] == step and state["text"] and state["text"] in self.said
        if step == S.COLOUR:
            dialog = self.app.top
            held = {COLOUR_OF[c] for c in self.table.model.hand}
            worth = [pygame.Rect(r) for r in dialog.test_state()["worth"]]  # type: ignore
            swatches = {c.id: c.rect for c in dialog.controls}  # type: ignore[union-attr]
            assert held == {Colour.YELLOW, Colour.BLUE}  # the yellow 8 and the blue 2
            assert worth == [swatches[f"colour_{'RYGB'[c]}"] for c in COLOURS if c in held]
            for rect in worth:
                assert halo_drawn(screen, rect, self.table.layout.s)
            return
        want = self.target(step)
        got = state["target"]
        assert (None if want is None else [*want]) == got
        caption = pygame.Rect(state["caption"])
        assert pygame.Rect(0, 0, *self.app.size).contains(caption)
        assert colour_share(screen, caption.inflate(-caption.w // 3, -caption.h // 2),
                            theme.PANEL, 40) > 0.3, "caption panel"
        if want is not None:
            assert not caption.colliderect(want), "the caption covers the thing"
            assert halo_drawn(screen, want, self.table.layout.s, round_=step == S.UNO)
            s = self.table.layout.s  # inside the arrow's head, however far it bounced
            px = screen.get_at((want.centerx, want.top - int(14 * s) - int(20 * s)))
            assert abs(px.r - theme.ACCENT[0]) + abs(px.g - theme.ACCENT[1]) < 60, "arrow"

    def version(self) -> int:
        return self.table.session.version


def halo_drawn(screen: pygame.Surface, rect: pygame.Rect, s: float, round_: bool = False) -> bool:
    """The halo's ring: the accent colour just outside the middle of ``rect``'s left and
    right edges (where the ring of a round button is too)."""
    pad, w = int(8 * s), max(3, int(5 * s))
    left = pygame.Rect(rect.left - pad, rect.centery - 4, w, 8)
    right = pygame.Rect(rect.right + pad - w, rect.centery - 4, w, 8)
    return all(colour_share(screen, r, theme.ACCENT, 60) > 0.4 for r in (left, right))


@pytest.mark.parametrize("sized", SIZES, indirect=True, ids=["1280x800", "960x600"])
def test_every_step_by_keyboard_alone(sized: App, outdir: Path) -> None:
    app = sized
    g = Guided(app, outdir)
    g.wait(S.PILE)
    key(app, pygame.K_n, "n")  # got it
    g.wait(S.PLAY)
    before = g.version()
    key(app, pygame.K_d, "d")  # drawing now would leave the deal's path: held back, said why
    assert g.version() == before and g.guide.refusal_text().startswith("First play a red 7")
    key(app, pygame.K_HOME)
    key(app, pygame.K_RETURN, "\r")  # the red 7 (the first card, the one that fits)
    g.wait(S.DRAW)
    key(app, pygame.K_d, "d")
    g.wait(S.PLAY_DRAWN)
    before = g.version()
    key(app, pygame.K_k, "k")  # keeping the Wild is held back
    assert g.version() == before and g.guide.refused is not None
    key(app, pygame.K_p, "p")
    g.wait(S.COLOUR)
    key(app, pygame.K_b, "b")
    g.wait(S.UNO)
    before = g.version()
    key(app, pygame.K_RETURN, "\r")  # playing before UNO! is held back
    assert g.version() == before and g.guide.refused is not None
    key(app, pygame.K_u, "u")
    g.wait(S.AFTER_UNO)
    i = g.table.playable_indices().pop()
    key(app, pygame.K_HOME)
    for _ in range(i):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN, "\r")
    g.wait(S.END)
    key(app, pygame.K_n, "n")
    pump(app, 0.1)
    assert g.guide.finished and g.guide.shown is None
    assert g.steps == list(S.ORDER)
    assert g.table.session.hand_size(YOU) == 1  # UNO was called: nobody could catch it


@pytest.mark.parametrize("sized", SIZES, indirect=True, ids=["1280x800", "960x600"])
def test_every_step_by_mouse_alone(sized: App, outdir: Path) -> None:
    """Each click goes to the middle of the rectangle the guide points at: the pointer is
    where the thing is, or the click would not do the step's thing."""
    app = sized
    g = Guided(app, outdir)

    def pointed() -> pygame.Rect:
        return pygame.Rect(g.guide.test_state()["target"])

    def button() -> pygame.Rect:
        return next(c.rect for c in g.table.controls if c.id == "guide_next")

    g.wait(S.PILE)
    click(app, button())
    g.wait(S.PLAY)
    click(app, pointed())
    g.wait(S.DRAW)
    click(app, pointed())
    g.wait(S.PLAY_DRAWN)
    click(app, pointed())
    g.wait(S.COLOUR)
    worth = app.top.test_state()["worth"]  # type: ignore[union-attr]
    click(app, worth[-1])  # the last colour worth naming (blue here)
    g.wait(S.UNO)
    click(app, pointed())
    g.wait(S.AFTER_UNO)
    click(app, pointed())
    g.wait(S.END)
    click(app, button())
    pump(app, 0.1)
    assert g.guide.finished
    assert g.steps == list(S.ORDER)


@pytest.mark.parametrize("sized", [((960, 600), "fr")], indirect=True, ids=["fr_960x600"])
def test_the_guide_speaks_french(sized: App, outdir: Path) -> None:
    g = Guided(sized, outdir)
    g.wait(S.PILE)
    assert g.guide.body(S.PILE).startswith("Voici la défausse\u00a0: la carte du dessus est "
                                           "un 5 rouge.")
    assert g.guide.header(S.PILE) == "Partie guidée · étape 1 sur 8"
    key(sized, pygame.K_n, "n")
    g.wait(S.PLAY)
    assert g.guide.body(S.PLAY).startswith("Dans ta main, un 7 rouge convient.")
    button = next(c for c in g.table.controls if c.id == "guide_next")
    assert i18n._(button.label) == "Passer cette étape"


@pytest.mark.parametrize("colour", COLOURS, ids=lambda c: "RYGB"[c])
def test_the_friendly_deal_reaches_uno_whatever_colour_the_wild_names(colour: Colour) -> None:
    """The deal's promise (see game.ui.guide.deal), with the very AI of the table: the
    red 7 fits, then nothing fits, the draw is a Wild, and after the AI's answer to any colour
    the person holds two cards with one to play."""
    g = guide_game()
    bot, rng = make_bot(AI_LEVEL), seat_rng(g.seed, AI)

    def ai_turns() -> None:
        while not g.over and g.to_act == AI:
            g.apply(bot.choose(view(g, AI), g.legal_actions(AI), rng))

    assert [a for a in g.legal_actions(YOU) if isinstance(a, A.Play)] == \
        [A.Play(YOU, Card.parse("R7"))]
    g.apply(A.Play(YOU, Card.parse("R7")))
    ai_turns()
    assert not [a for a in g.legal_actions(YOU) if isinstance(a, A.Play)]
    g.apply(A.Draw(YOU))
    assert g.decision is Decision.DRAWN and g.drawn == Card.parse("W")
    g.apply(A.Play(YOU, Card.parse("W")))
    g.apply(A.ChooseColour(YOU, colour))
    ai_turns()
    assert g.to_act == YOU and len(g.hands[YOU]) == 2
    assert [a for a in g.legal_actions(YOU) if isinstance(a, A.Play)]
    assert A.CallUno(YOU) in g.legal_actions(YOU)


def test_a_skipped_step_lets_the_move_through(sized: App, outdir: Path) -> None:
    g = Guided(sized, outdir)
    g.wait(S.PILE)
    key(sized, pygame.K_n, "n")
    g.wait(S.PLAY)
    key(sized, pygame.K_n, "n")  # skip "play it": drawing is the person's choice now
    before = g.version()
    key(sized, pygame.K_d, "d")
    pump(sized, until=lambda: g.version() > before)
    g.wait(S.PLAY_DRAWN)  # the Wild was drawn instead: its own step comes up
    assert S.PLAY in g.guide.done and S.DRAW in g.guide.done


def test_escape_asks_before_leaving_the_guide(sized: App, outdir: Path, dirs: Path) -> None:
    g = Guided(sized, outdir)
    g.wait(S.PILE)
    key(sized, pygame.K_ESCAPE)
    pump(sized, 0.05)
    assert sized.top is not None and sized.top.name == "guide.leave"
    assert sized.top.focused().id == "stay"  # type: ignore[union-attr]
    shot(sized, outdir, "leave")
    key(sized, pygame.K_RETURN, "\r")  # a reflex Enter keeps the guide
    assert sized.top is g.table and g.guide.shown == S.PILE
    click(sized, next(c.rect for c in g.table.controls if c.id == "menu"))  # the mouse
    pump(sized, 0.05)
    assert sized.top.name == "guide.leave"
    click(sized, next(c.rect for c in sized.top.controls if c.id == "leave"))
    assert sized.top is not None and sized.top.name == "title"
    assert not list((dirs / "data").glob("matches/*.json")), "the guided hand is not saved"


def test_escape_in_the_colour_dialog_asks_too(sized: App, outdir: Path) -> None:
    g = Guided(sized, outdir)
    g.wait(S.PILE)
    key(sized, pygame.K_RETURN, "\r")  # the red 7 straight away: the pile step is done too
    g.wait(S.DRAW)
    assert S.PILE in g.guide.done
    key(sized, pygame.K_d, "d")
    g.wait(S.PLAY_DRAWN)
    key(sized, pygame.K_p, "p")
    g.wait(S.COLOUR)
    key(sized, pygame.K_ESCAPE)
    assert sized.top is not None and sized.top.name == "guide.leave"
    key(sized, pygame.K_ESCAPE)  # Esc again: stay
    assert sized.top is not None and sized.top.name == "colour"
    assert sized.top.focused().id in ("colour_Y", "colour_B")  # type: ignore[union-attr]


def test_the_ai_plays_at_half_pace_in_the_guide(sized: App, outdir: Path) -> None:
    sized.settings.animation_speed = 1.0
    g = Guided(sized, outdir)
    assert AI_SPEED == 0.5 and g.table.conductor.d(1.0) == pytest.approx(2.0)


def test_the_guide_is_offered_once_at_the_first_launch(sized: App, dirs: Path) -> None:
    assert Settings().guide_offered is False  # a first launch: no settings file yet
    assert load_settings(dirs / "none.toml")[0].guide_offered is False
    assert from_toml({"narration": "off"}).guide_offered is True  # played before the guide
    sized.open(scenes.TITLE)
    sized.open(scenes.GUIDE_OFFER)
    assert sized.settings.guide_offered is True
    assert sized.top.focused().id == "learn"  # type: ignore[union-attr]
    key(sized, pygame.K_RETURN, "\r")
    assert isinstance(sized.top, TableScene)
    assert any(isinstance(d, GuideLayer) for d in sized.top.devices)
    saved, problem = load_settings(Path(str(sized.settings_path)))
    assert problem is None and saved.guide_offered is True  # remembered


def test_not_now_goes_back_to_the_title(sized: App) -> None:
    sized.open(scenes.TITLE)
    sized.open(scenes.GUIDE_OFFER)
    click(sized, next(c.rect for c in sized.top.controls if c.id == "later"))  # type: ignore
    assert sized.top is not None and sized.top.name == "title"
    assert load_settings(Path(str(sized.settings_path)))[0].guide_offered is True
    assert "learn" in [c.id for c in sized.top.controls]  # still there: Learn to play
    sized.dispatch(I.Press("learn"))
    assert isinstance(sized.top, TableScene)


@pytest.mark.parametrize("colour", COLOURS, ids=lambda c: "RYGB"[c])
def test_any_colour_named_at_the_table_leads_to_the_uno_step(sized: App, outdir: Path,
                                                            colour: Colour) -> None:
    """The same promise through the table's own AI runner and pacing (red: the AI has none,
    draws the red 8 and plays it)."""
    g = Guided(sized, outdir)
    g.wait(S.PILE)
    sized.dispatch(I.Activate())  # the red 7
    g.wait(S.DRAW)
    sized.dispatch(I.DrawCard())
    g.wait(S.PLAY_DRAWN)
    sized.dispatch(I.PlayDrawn())
    g.wait(S.COLOUR)
    sized.dispatch(I.ChooseColour(colour))
    g.wait(S.UNO)
    assert g.steps == [S.PILE, S.DRAW, S.PLAY_DRAWN, S.COLOUR, S.UNO]
    assert S.PLAY in g.guide.done  # playing the red 7 at the pile step did both


def test_the_step_shown_is_the_first_not_done_whose_moment_has_come() -> None:
    from game.rules import events as E

    r7, b2, y8 = (Card.parse(c) for c in ("R7", "B2", "Y8"))
    start = S.Moment(True, Decision.TURN, (r7, b2, y8), (0,), False, False)
    assert S.current(start, frozenset(), False) == S.PILE
    assert S.current(start, frozenset({S.PILE}), False) == S.PLAY
    stuck = S.Moment(True, Decision.TURN, (b2, y8), (), False, False)
    assert S.current(stuck, frozenset({S.PILE, S.PLAY}), False) == S.DRAW
    waiting = S.Moment(False, Decision.TURN, (b2, y8), (), False, False)
    assert S.current(waiting, frozenset({S.PILE, S.PLAY}), False) is None  # the AI's turn
    two = S.Moment(True, Decision.TURN, (b2, y8), (0,), False, True)
    before = frozenset({S.PILE, S.PLAY, S.DRAW, S.PLAY_DRAWN, S.COLOUR})
    assert S.current(two, before, False) == S.UNO
    assert S.current(two, before | {S.UNO}, True) == S.AFTER_UNO
    assert S.current(two, before | {S.UNO}, False) is None  # skipped, not called: no praise
    # Playing at the pile step completes it and "play"; a penalty draw is no draw step.
    assert S.completed([E.CardPlayed(YOU, r7)], YOU, S.PILE) == {S.PILE, S.PLAY}
    assert S.completed([E.CardPlayed(AI, r7)], YOU, S.PILE) == set()
    assert S.completed([E.CardsDrawn(YOU, (r7, b2), "uno_penalty", 2)], YOU, S.DRAW) == set()
    assert S.completed([E.UnoCalled(YOU)], YOU, S.UNO) == {S.UNO}


def test_a_line_said_before_the_voice_is_ready_is_said_when_it_is(sized: App,
                                                                  outdir: Path) -> None:
    """The first step comes up at once, while the speech engine is still starting."""
    said: list[str] = []
    ready = [False]
    sized.sound.voice_status = "starting"

    def say(words: object) -> bool:
        if ready[0]:
            said.append(str(words))
        return ready[0]

    sized.sound.say = say  # type: ignore[method-assign]
    sized.reset(sized.make(scenes.GUIDE))
    table = sized.top
    assert isinstance(table, TableScene)
    guide = next(d for d in table.devices if isinstance(d, GuideLayer))
    pump(sized, until=lambda: guide.shown == S.PILE)
    assert said == [] and guide.unsaid == S.PILE and table.wakeup() == 0.0
    ready[0], sized.sound.voice_status = True, "on"
    pump(sized, 0.05)
    assert said == [guide.body(S.PILE)] and guide.unsaid is None
