"""The table: one match, played by people and AI at one screen.

The scene owns the flow: it presents the engine's events (animations), asks the AI
conductor to play the AI seats, pushes the dialogs a person's decision needs (those of
their choice description, :mod:`game.ui.table.flow`), hides every hand behind the
pass-the-device screen between two people's turns, and forwards the person's input to
one object, :class:`~game.ui.table.input.TableInput`, which turns it into picks of their
choices. It only ever reads *views* and choice descriptions: the player at the screen
(the ``viewer``) sees their own hand and what is public. What the table reads of itself
(the cards that may be played, the hand's rects, the info line) is worked out in
:mod:`game.ui.table.queries`.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import _
from game.play.session import Session
from game.rules import events as E
from game.rules.view import PlayerView
from game.ui import anim, cardart, theme
from game.ui import intents as I
from game.ui.editions import edition_ui
from game.ui.family import count_events
from game.ui.scene import Scene
from game.ui.table import flow as table_flow
from game.ui.table import queries
from game.ui.table.conductor import Conductor
from game.ui.table.controls import build_controls
from game.ui.table.draw import draw_table
from game.ui.table.input import TableInput
from game.ui.table.layout import TableLayout, table_layout
from game.ui.table.model import LOG_EVENTS, Drag, TableModel
from game.ui.table.panels import log_lines
from game.ui.table.phones import TablePhones, keyboard_people, runner_levels
from game.ui.table.presenter import Presenter
from game.ui.table.voice import TableVoice
from game.ui.voices import clip_notice, house_rule_voice
from game.voice.narrate import Narrator

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from game.rules.cards import Card
    from game.ui.scene import AppHost
    from game.ui.table.host import Device, TableFace

TOAST_S = 3.5


class TableScene(Scene):
    name = "table"

    @property  # type: ignore[override]
    def keys(self) -> str:
        """The table's keys; while a decision is announced whose dialog is still to open
        (the Wild's colour during the Victory Lap's banner), that dialog's keys."""
        return self.input.key_context()

    def __init__(self, app: AppHost, session: Session, *, resumed: bool = False,
                 layers: Sequence[Callable[[TableFace], Device]] = (),
                 ai_speed: float = 1.0) -> None:
        """``layers``: extra layers over the table besides the edition's (the guided hand's
        pointer), made like device layers; ``ai_speed`` scales the AI's pace (0.5: half as
        fast, for a first game)."""
        self.session = session
        narrator = Narrator(session.names)
        self.voice = TableVoice(self, narrator)  # notice, Repeat/Volume keys, shout, prompts
        self.input = TableInput(self, session, self.voice, partial(Scene.handle, self),
                                self.present)
        self._lines = narrator.lines
        super().__init__(app)
        self.settings = app.settings
        self.resumed = resumed
        humans = session.humans
        people = keyboard_people(session)  # (a person on a phone is never at the screen)
        self.viewer: int | None = people[0] if len(humans) == 1 and people else None
        #: The seat the screen's hand was hidden from while a phone player plays (the
        #: seats keep their places round the table meanwhile).
        self.anchor: int | None = None
        self.model = TableModel(session.players, session.names, self.viewer,
                                sort_hand=self.settings.sort_hand)
        self.presenter = Presenter(self.model, self, len(session.ruleset.cards()),
                                   session.ruleset.hand_size)
        self.presenter.on_event = lambda event: app.sound.narrate([event])
        self.presenter.hidden_swaps = len(session.humans) > 1
        self.runner = app.bot_runner(runner_levels(session), session.seed)
        #: The phone seats' side of the match (issue 33), updated by the app's phones.
        self.phone_table = TablePhones(self)
        self.conductor = Conductor(session, self.runner,
                                   lambda: self.settings.animation_speed * ai_speed)
        self.devices: list[Device] = [factory(self)
                                      for factory in edition_ui(session.edition).devices]
        self.devices += [layer(self) for layer in layers]
        self.layout: TableLayout = table_layout(app.size, queries.seat_order(self), self.viewer)
        self.synced = False
        self.asked: tuple[int, str] | None = None
        self.passing_to: int | None = None
        #: Whom each pass screen of this match was for, in order (the test hooks report it).
        self.passes_shown: list[int] = []
        self.toast: tuple[str, dict[str, Any], float] | None = None
        self._was_my_turn = False
        self._jump_focused: tuple[int, bool] = (-1, False)
        self.warmer = cardart.Warmer()
        self._log_cache: tuple[tuple[Any, ...], list[str]] | None = None
        self.model.draw_size = len(session.ruleset.cards())

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        if self.resumed:
            self.model.sync(self.view())
            self.model.note(self.session.recent_events()[-LOG_EVENTS:])
            self.synced = True
            self.presenter.push(self.session.reminder_events())
        else:
            self.presenter.push(redacted(self, self.session.opening_events()),
                                final_hand(self))
        house_rule = house_rule_voice(self.session)
        ids = self.session.player_ids  # recordings are kept under the players' ids
        self.app.sound.set_names(self.session.names, house_rule, ids)
        self.app.sound.start_voice(self.session.names, house_rule, ids)
        refused, params = clip_notice(self.session)  # recordings the game will not play
        if refused:
            self.notify(refused, **params)
        self.voice.enter()
        super().enter()
        self.warmer.step(0.05)  # what the first frames show: the backs, the hand, the piles

    def exit(self) -> None:
        self.voice.close()
        self.app.release_runner(self.runner)
        if self.session.saver is not None:
            self.session.saver.close()  # writes what is pending, then stops its thread

    def relayout(self) -> None:
        self.size = self.app.size
        self.s = theme.scale_for(self.size)
        if self.model.sort_hand != self.settings.sort_hand:  # the setting changed meanwhile
            self.model.sort_hand = self.settings.sort_hand
            self.model.hand = self.model.ordered(self.model.hand)
        self.layout = table_layout(self.size, queries.seat_order(self), self.viewer)
        for dev in self.devices:
            dev.relayout()
        plan_warming(self)
        self.refresh()

    # ------------------------------------------------------------------ views
    def view(self) -> PlayerView:
        who = self.viewer if self.viewer is not None else queries.seat_order(self)[0]
        return self.session.view(who)

    def phone_seats(self) -> list[int]:
        """The seats played from phones (the app's phones keep them open)."""
        return self.phone_table.seats()

    def phone_named(self, seat: int, name: str) -> None:
        """A name typed on a phone mid-match (the app's phones tell the scenes)."""
        self.phone_table.named(seat, name)

    def phone_face(self, seat: int, kind: str) -> None:
        """A face chosen on a phone mid-match (the app's phones tell the scenes)."""
        self.phone_table.face(seat, kind)

    def set_viewer(self, player: int | None) -> None:
        """The device is now in ``player``'s hands (after the pass screen); ``None``: in
        nobody's (the hand at the screen is hidden while a phone player plays)."""
        if player is None and self.viewer is not None:
            self.anchor = self.viewer
        self.viewer = player
        self.input.queued = None
        self.toast = None  # a message for the person before is not for this one
        self.model.viewer = player
        self.model.sync(self.view())
        self.relayout()

    # ------------------------------------------------------------------ derived state
    def refresh(self) -> None:
        """Rebuild the controls from what the player at the screen may do now."""
        focused = self.focused_id()
        self.controls = build_controls(self)
        if focused:
            self.focus_id(focused)
        mine = self.my_turn()
        if mine and not self._was_my_turn:
            play = self.playable_indices()
            self.focus_id(f"card{min(play)}" if play else "draw")
        self._was_my_turn = mine
        jumps = self.jump_indices()
        jump_key = (self.session.version, bool(jumps))
        if jumps and self._jump_focused != jump_key:  # H-3: the twin card takes the focus
            self.focus_id(f"card{min(jumps)}")
        self._jump_focused = jump_key
        self._fix_focus()
        now = self.focused_id()
        if now != focused and now is not None and now.startswith("card"):
            self.controls = build_controls(self)  # the hand opens round the card focused
            self.focus_id(now)  # now: its rectangles are where the cards are drawn

    def focused_id(self) -> str | None:
        c = self.focused()
        return c.id if c is not None else None

    def ring_id(self) -> str | None:
        """The control to draw the focus ring on (none while a dialog has the keyboard)."""
        return self.focused_id() if self.shows_focus() else None

    def my_turn(self) -> bool:
        me = self.viewer
        return (me is not None and not self.session.over and self.session.to_act == me
                and self.model.to_act == me and self.presenter.idle)

    # what the drawing, the controls and the guide read (worked out in queries.py)
    def playable_indices(self) -> set[int]:
        return queries.playable_indices(self)

    def jump_indices(self) -> set[int]:
        return queries.jump_indices(self)

    def can_call_uno(self) -> bool:
        return self.input.can_call_uno()

    def hand_rects(self) -> list[pygame.Rect]:
        return queries.hand_rects(self)

    @property
    def hover(self) -> int | None:
        """The control under the pointer (kept by the input)."""
        return self.input.hover

    @hover.setter
    def hover(self, index: int | None) -> None:
        self.input.hover = index

    @property
    def drag(self) -> Drag | None:
        return self.input.drag

    # ------------------------------------------------------------------ words
    def log_lines(self) -> list[str]:
        recent = list(self.model.log)[-12:]
        key = (tuple(map(id, recent)), self.viewer, i18n.current_language())
        if self._log_cache is None or self._log_cache[0] != key:
            self._log_cache = (key, log_lines(self._lines, recent, self.viewer))
        return self._log_cache[1]

    def narrate(self, events: Sequence[E.Event]) -> list[str]:
        return self._lines(events)

    def toast_text(self) -> str:
        if self.toast is None:
            return ""
        msgid, params, _left = self.toast
        return _(msgid).format(**params)

    def say(self, msgid: str, **params: Any) -> None:
        self.toast = (msgid, params, TOAST_S)
        self.app.sound.play("error")

    def notify(self, msgid: str, **params: Any) -> None:
        """A short message that is not a refusal (no error sound)."""
        self.toast = (msgid, params, TOAST_S)

    # ------------------------------------------------------------------ presenter host
    def sfx(self, name: str) -> None:
        self.app.sound.play(name)

    def claim(self, event: E.Event, presenter: Presenter) -> bool:
        return any(dev.present(event, presenter) for dev in self.devices)

    def pause_for(self, event: E.Event) -> bool:
        return table_flow.pause_for(self, event)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        if self.warmer.pending():
            self.warmer.step(0.003)
        changed = self.presenter.update(dt)
        for dev in self.devices:
            changed = dev.update(dt) or changed
        if self.toast is not None:
            msgid, params, left = self.toast
            self.toast = (msgid, params, left - dt) if left - dt > 0 else None
            changed = changed or self.toast is None
        changed = self.voice.update(dt) or changed
        if self.app.top is not self:
            return changed
        if self.presenter.idle and not self.synced:
            self.model.sync(self.view())
            self.synced = changed = True
        if self.presenter.idle:
            table_flow.advance(self)
        if self.app.top is self:
            events = self.conductor.update(dt, self.presenter.idle)
            if events:
                self.present(events)
                changed = True
        if changed:
            self.refresh()
        if self.input.queued is not None and self.presenter.idle:
            self.input.play_queued()
            changed = True
        return changed

    def wakeup(self) -> float | None:
        if self.warmer.pending() or self.presenter.animating or \
                any(d.animating() for d in self.devices):
            return 0.0
        waits = [self.toast[2]] if self.toast is not None else []
        voice = self.voice.wakeup()
        if voice is not None:
            waits.append(voice)
        if self.presenter.idle and not self.session.over:
            due = self.conductor.next_due()
            if due is not None:
                waits.append(due)
        return min(waits) if waits else None

    def present(self, events: list[E.Event]) -> None:
        count_events(self.app, self.session.edition, self.session.seats, events)  # stats
        self.presenter.push(redacted(self, events), final_hand(self))
        self.synced = False

    # ------------------------------------------------------------------ input
    def intent_at(self, pos: tuple[int, int]) -> I.Intent | None:
        return self.input.intent_at(pos, super().intent_at(pos))

    def handle(self, intent: I.Intent) -> None:
        if not self.voice.handle(intent):
            self.input.handle(intent)

    # ------------------------------------------------------------------ drawing & tests
    def draw(self, surface: pygame.Surface) -> None:
        draw_table(surface, self)
        self.phone_table.draw(surface)
        self.voice.draw(surface)

    def autoplay_intent(self) -> I.Intent | None:
        """Test hook (UNO_TEST_AUTOPLAY): what a simple AI would press for the person."""
        from game.ui.table.autoplay import table_intent

        return table_intent(self)

    def test_state(self) -> dict[str, Any]:
        from game.ui.table.autoplay import table_state

        return {**table_state(self), "phones": self.phone_table.test_state(),
                "passes_shown": list(self.passes_shown)}


def final_hand(t: TableScene) -> tuple[Card, ...]:
    """The hand the person at the screen holds once the events shown have landed."""
    return t.view().hand if t.viewer is not None else ()


def redacted(t: TableScene, events: Sequence[E.Event]) -> list[E.Event]:
    """``events`` as the person at the screen may see them."""
    who = -1 if t.viewer is None else t.viewer
    return [E.redact(e, who) for e in events]


def plan_warming(t: TableScene) -> None:
    """Have the card faces the table will show drawn ahead, the first frames' first."""
    lay = t.layout
    first = [*final_hand(t), *t.view().discard[-4:]]
    rest = sorted(set(t.session.ruleset.cards()))
    backs = [*anim.flight_widths(lay.card_w, lay.small_w), lay.card_w, lay.small_w]
    t.warmer.plan(first + rest, lay.card_w, t.settings.colour_blind_marks, backs)
