"""The guide over the table: a layer (like an edition's device layer) that follows the hand,
shows the step whose moment has come (caption, spoken line, halo and arrow on the real
place of the thing), holds back the moves that would leave the friendly deal's path while a
step waits for its own (with a word why), and lets the person skip a step (N or the
button) or leave the guide (Esc, confirmed).

It reads the table through :class:`~game.ui.table.host.TableFace` and the person's own
view only; the pointer's rectangles come from the table's layout and hand, never from
coordinates of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.rules import events as E
from game.rules.cards import Card
from game.rules.engine import Decision
from game.ui import intents as I
from game.ui import scenes
from game.ui.guide import overlay
from game.ui.guide import steps as S
from game.ui.guide.dialogs import GuideColourScene
from game.ui.table.devices import DeviceLayer
from game.ui.widgets import Button, Control
from game.voice.narrate import card_name

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.play.choices import Choice, Option
    from game.ui.scene import Scene
    from game.ui.table.host import TableFace
    from game.ui.table.presenter import Presenter

#: Seconds the arrow bounces after a step appears (then it stays still: an idle table
#: costs nothing).
BOB_S = 2.4
#: The AI's pace during the guided hand (half its usual speed).
AI_SPEED = 0.5


class GuideLayer(DeviceLayer):
    """See the module docstring."""

    def __init__(self, table: TableFace) -> None:
        super().__init__(table)
        self.t = table
        self.done: set[str] = set()
        self.called = False  # the person called UNO themselves (not skipped)
        self.shown: str | None = None
        #: Why the last move was held back (a message id), shown under the step's text
        #: until the step changes.
        self.refused: str | None = None
        self.spoken: set[str] = set()
        #: A step whose line waits for the voice, still starting when it came up (the
        #: first step comes up at once; the speech engine takes a moment).
        self.unsaid: str | None = None
        self.clock = 0.0  # seconds since the step shown appeared
        self.seen = 0  # how many of the hand's events were read
        self.version = -1

    # ------------------------------------------------------------------ state
    @property
    def finished(self) -> bool:
        return S.END in self.done or self.t.session.over

    def moment(self) -> S.Moment:
        t = self.t
        s = t.session
        me = t.viewer
        choosing = (me is not None and not s.over and s.to_act == me
                    and s.decision is Decision.COLOUR)
        return S.Moment(my_turn=t.my_turn(), decision=t.model.decision,
                        hand=tuple(t.model.hand), playable=tuple(sorted(t.playable_indices())),
                        choosing_colour=choosing, can_call_uno=t.can_call_uno(), over=s.over)

    def _read_events(self) -> None:
        """Mark the steps the person's new moves completed."""
        t = self.t
        if t.viewer is None or t.session.version == self.version:
            return
        self.version = t.session.version
        events = t.session.view(t.viewer, with_events=True).events
        if len(events) < self.seen:  # a new hand: its events start again
            self.seen = 0
        new = events[self.seen:]
        self.seen = len(events)
        if any(isinstance(e, E.UnoCalled) and e.player == t.viewer for e in new):
            self.called = True
        self.done |= S.completed(new, t.viewer, self.shown)

    def current(self) -> str | None:
        if self.finished:
            return None
        return S.current(self.moment(), frozenset(self.done), self.called)

    def show(self, step: str | None) -> bool:
        """Put ``step`` on screen (said aloud the first time); ``True`` if it changed."""
        if step == self.shown:
            return False
        self.shown = step
        self.clock = 0.0
        self.refused = None
        if step is not None and step not in self.spoken:
            self.spoken.add(step)
            self.speak(step)
        return True

    def speak(self, step: str) -> None:
        """Say the step's line; if the voice is still starting, as soon as it is on."""
        sound = self.t.app.sound
        said = sound.say(self.body(step))
        self.unsaid = step if not said and sound.voice_status == "starting" else None

    def _say_late(self) -> None:
        if self.unsaid is None or self.t.app.sound.voice_status == "starting":
            return
        step, self.unsaid = self.unsaid, None
        if step == self.shown:  # still on screen: worth saying
            self.speak(step)

    def skip(self) -> None:
        """N or the button: the step shown is done (an explanation read, a move skipped)."""
        if self.shown is None:
            return
        self.done.add(self.shown)
        self.show(self.current())

    # ------------------------------------------------------------------ words
    def target_card(self) -> Card | None:
        """The card the pointer shows in the hand: the first one that may be played."""
        m = self.moment()
        return m.hand[m.playable[0]] if m.playable else None

    def params(self, step: str) -> dict[str, Any]:
        m = self.t.model
        if step in (S.PILE, S.DRAW):
            return {"card": card_name(m.discard[-1])} if m.discard else {"card": "?"}
        if step == S.PLAY_DRAWN and m.drawn is not None:
            return {"card": card_name(m.drawn)}
        card = self.target_card()
        return {"card": card_name(card) if card is not None else "?"}

    def body(self, step: str) -> str:
        msgid = S.TEXT[step]
        drawn = self.t.model.drawn
        if step == S.PLAY_DRAWN and drawn is not None and drawn.is_wild:
            msgid = S.PLAY_DRAWN_WILD
        return capital(_(msgid).format(**self.params(step)))

    def header(self, step: str) -> str:
        return _(S.HEADER).format(number=S.number(step), total=len(S.ORDER))

    # ------------------------------------------------------------------ the device hooks
    def present(self, event: E.Event, presenter: Presenter) -> bool:
        return False  # the table animates everything as usual

    def update(self, dt: float) -> bool:
        self._say_late()
        self._read_events()
        changed = self.show(self.current())
        if self.shown is not None and self.clock < BOB_S:
            self.clock += dt
            return True
        return changed

    def animating(self) -> bool:
        """The arrow's bounce; and while a line waits for the voice, so that the table
        keeps looking (nothing wakes it when the voice is ready)."""
        return self.unsaid is not None or self.bouncing()

    def bouncing(self) -> bool:
        return (self.shown is not None and self.clock < BOB_S
                and not self.t.settings.reduced_motion)

    def controls(self) -> list[Control]:
        step = self.shown
        if step is None or step == S.COLOUR:
            return []
        label = S.NEXT if step in S.EXPLAINS else S.SKIP
        return [Button.make("guide_next", label, I.NextStep(), rect=self.layout()[1],
                            style="primary" if step in S.EXPLAINS else "normal", hint="N")]

    def handle(self, intent: I.Intent) -> bool:
        if isinstance(intent, I.NextStep):
            self.skip()
            return True
        if isinstance(intent, I.Back):
            self.t.app.open(scenes.GUIDE_LEAVE)
            return True
        refusal = self.refusal(intent)
        if refusal is not None and self.shown is not None:
            self.refused = refusal
            self.t.sfx("error")
            self.t.app.sound.say(self.refusal_text())
            self.clock = 0.0  # the arrow bounces again: here is what to do
            return True
        return False

    def refusal_text(self) -> str:
        if self.refused is None or self.shown is None:
            return ""
        return capital(_(self.refused).format(**self.params(self.shown)))

    def refusal(self, intent: I.Intent) -> str | None:
        """The message id of why ``intent`` is held back now (``None``: it is not)."""
        step = self.shown
        if step is None or not self.t.my_turn():
            return None
        if step in (S.PILE, S.PLAY, S.AFTER_UNO) and isinstance(intent, I.DrawCard):
            return S.REFUSED[step]
        if step == S.PLAY_DRAWN and isinstance(intent, I.KeepDrawn):
            return S.REFUSED[step]
        if step == S.UNO and isinstance(intent, I.PlayCard | I.PlayDrawn | I.DrawCard):
            return S.REFUSED[step]
        return None

    def offer(self, choice: Choice, options: Sequence[Option]) -> Scene | None:
        """The Wild's colour with the guide's words and halos, while its step waits:
        recognised, like any layer's offer, by the options' widget kind (a colour)."""
        if {o.widget for o in options} == {"colour"} and S.COLOUR not in self.done \
                and not self.finished:
            return GuideColourScene(self.t.app, self.t, self, choice, options)
        return None

    # ------------------------------------------------------------------ where things are
    def target(self, step: str) -> tuple[pygame.Rect | None, bool]:
        """The rectangle the step points at (from the table's layout) and whether it is
        round (the UNO! button)."""
        lay = self.t.layout
        if step in (S.PILE,):
            return lay.discard, False
        if step == S.DRAW:
            return lay.draw_pile, False
        if step in (S.PLAY, S.AFTER_UNO):
            m = self.moment()
            rects = self.t.hand_rects()
            if m.playable and m.playable[0] < len(rects):
                return rects[m.playable[0]], False
            return None, False
        if step == S.PLAY_DRAWN:
            return lay.drawn_buttons[0], False
        if step == S.UNO:
            return lay.uno, True
        return None, False

    def layout(self) -> tuple[pygame.Rect, pygame.Rect, list[str], int]:
        """The caption panel, its button, the text's lines and their size, for the step
        shown, placed in the free band left of the piles, above the log."""
        lay = self.t.layout
        s = lay.s
        margin = int(14 * s)
        top = int(lay.info[1] + 34 * s)
        area = pygame.Rect(margin, top, lay.draw_pile.left - int(28 * s) - margin,
                           lay.log.top - int(12 * s) - top)
        width = min(int(overlay.CAPTION_W * s), area.width)
        pad = int(14 * s)
        px = max(13, int(20 * s))
        body = self.body(self.shown) if self.shown is not None else ""
        if self.refused is not None:
            body += "\n" + self.refusal_text()
        lines = overlay.caption_lines(body, px, width - 2 * pad)
        bh = int(40 * s)
        height = pad + int(max(12, int(16 * s)) * 1.5) + int(len(lines) * px * 1.3) + \
            int(8 * s) + bh + pad
        avoid = [r for r in (self.target(self.shown)[0],) if r is not None] \
            if self.shown is not None else []
        box = overlay.caption_rect(area, avoid, height, width)
        button = pygame.Rect(box.left + pad, box.bottom - pad - bh, box.width - 2 * pad, bh)
        return box, button, lines, px

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, layer: str) -> None:
        step = self.shown
        if step is None or step == S.COLOUR:
            return
        s = self.t.layout.s
        if layer == "under":  # the caption, under the cards that fly and the button
            box, _button, lines, px = self.layout()
            plain = len(overlay.caption_lines(self.body(step), px, box.width - int(28 * s)))
            overlay.draw_caption(surface, box, self.header(step), lines, px, s, plain)
            return
        if layer != "over":
            return
        rect, round_ = self.target(step)
        if rect is None:
            return
        overlay.halo(surface, rect, s, round_)
        bob = overlay.bob_offset(self.clock, s) if self.bouncing() else 0.0
        tip, way = overlay.arrow_for(rect, surface.get_rect(), s)
        overlay.arrow(surface, tip, way, s, bob)

    def test_state(self) -> dict[str, Any]:
        rect, _round = self.target(self.shown) if self.shown is not None else (None, False)
        box = self.layout()[0] if self.shown not in (None, S.COLOUR) else None
        return {"step": self.shown, "done": sorted(self.done), "finished": self.finished,
                "target": [*rect] if rect is not None else None,
                "caption": [*box] if box is not None else None,
                "text": self.body(self.shown) if self.shown is not None else "",
                "refused": self.refusal_text()}


def capital(sentence: str) -> str:
    """``sentence`` with a capital first letter (it may begin with a card's name)."""
    return sentence[:1].upper() + sentence[1:]
