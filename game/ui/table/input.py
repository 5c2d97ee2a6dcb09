"""The person at the screen acting at the table, in one object: :class:`TableInput`.

It owns what input keeps between events — the card being dragged with the mouse, the move
given while the table still animates (queued, then played), the control under the
pointer — and turns each table intent into a pick of the person's choice description
(:mod:`game.play.choices`): a card of the hand is an option with that card, the draw pile
the choice's other option (draw, keep, take a stack, press the launcher), UNO! and Catch!
their own choices. An intent that fits several options opens the dialog that renders them
(:func:`game.ui.table.offer.dialog_for`); one that fits none is explained, naming the rule.
It never looks at an edition's decision or action classes: a new kind of choice works
through the description alone.

A click on a card is one pass: the press takes the card up (:meth:`TableInput.intent_at`
gives a :class:`~game.ui.intents.Grab`), the release plays it (or a drag lets it go
elsewhere) through :meth:`TableInput.move`, once. The scene only forwards its input here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from game.i18n import N_, _
from game.play.choices import CATCH, JUMP_IN, UNO, Choice, Choices, Option, expire
from game.play.labels import REFUSALS, REFUSED, Labels
from game.rules.actions import Draw, Play
from game.rules.cards import RANK_OF, Card
from game.rules.decisions import Decision
from game.rules.errors import IllegalAction
from game.ui import intents as I
from game.ui import scenes
from game.ui.table.host import MatchFacts
from game.ui.table.model import Drag
from game.ui.table.offer import dialog_for, keys_for
from game.ui.table.phones import keyboard_caller
from game.ui.table.queries import drop_zone

if TYPE_CHECKING:
    from game.play.session import Chosen
    from game.rules import events as E
    from game.rules.actions import Action
    from game.ui.table.host import TableFace

#: The intents that are a move of the person whose turn it is.
TURN_INTENTS = (I.PlayCard, I.DrawCard, I.PlayDrawn, I.KeepDrawn)
#: Every intent that is a move at the table.
TABLE_INTENTS = (*TURN_INTENTS, I.CallUno, I.Catch, I.JumpIn)
#: The intents that answer a decision's dialog by a key of its own (a colour's letter, C or
#: A on a Wild Draw Four, 1-9 in a list): taken early while the decision is announced.
ANSWER_INTENTS = (I.ChooseColour, I.ChallengeWD4, I.AcceptWD4, I.Press)


class Answering(MatchFacts, Protocol):
    """What the table's input uses of the session: its public facts, the choice
    description, and answering it (the engine refuses what breaks a rule, naming it)."""

    def choices(self, seat: int, deadlines: dict[str, float] | None = None) -> Choices: ...
    def choose(self, seat: int, version: int, choice_id: str, option_id: str) -> Chosen: ...
    def act(self, action: Action) -> list[E.Event]: ...


class Voice(Protocol):
    def prompt(self, choice: Choice, options: Sequence[Option] | None = None) -> None: ...

    def answered(self) -> None: ...


class TableInput:
    """See the module docstring. ``screen`` is the table (its model, layout, controls and
    focus, its devices); ``as_any_scene`` handles what is not the table's (focus moves and
    activation, :meth:`game.ui.scene.Scene.handle`); ``present`` shows applied events."""

    def __init__(self, screen: TableFace, session: Answering, voice: Voice,
                 as_any_scene: Callable[[I.Intent], None],
                 present: Callable[[list[E.Event]], None]) -> None:
        self.screen = screen
        self.session = session
        self.voice = voice
        self.as_any_scene = as_any_scene
        self.present = present
        #: A card of the hand held by the mouse (``None``: none).
        self.drag: Drag | None = None
        #: A move of the seat to act given while the table still animated: (engine version
        #: then, the intent, the card it named), applied as soon as the table is ready.
        self.queued: tuple[int, I.Intent, Card | None] | None = None
        #: The control under the pointer (index into the table's controls).
        self.hover: int | None = None
        #: A key answering the decision announced before its dialog opened: (engine
        #: version then, the choice's id, the dialog's key context, the intent), handed to
        #: the dialog as it opens (:meth:`early_answer`).
        self.early: tuple[int, str, str, I.Intent] | None = None
        self._described: tuple[tuple[int, int], Choices] | None = None

    # ------------------------------------------------------------------ the description
    def choices(self, seat: int | None = None) -> Choices:
        """What ``seat`` (the person at the screen by default) may do now; nothing for
        nobody, or once the match is over."""
        who = self.screen.viewer if seat is None else seat
        version = self.session.version
        if who is None or self.session.over:
            return Choices(version, -1 if who is None else who, ())
        key = (version, who)
        if self._described is None or self._described[0] != key:
            self._described = (key, self.session.choices(who))
        return self._described[1]

    def labels(self) -> Labels:
        return Labels(self.session.names)

    def prompt(self, choice: Choice, options: Sequence[Option] | None = None) -> None:
        self.voice.prompt(choice, options)

    # ------------------------------------------------------------------ answering
    def take(self, choice: Choice, option: Option, seat: int | None = None) -> bool:
        """A person's pick: a device may ask for a step first (a Wild Clear's tray held
        until green: ``False`` for now), else it is applied."""
        for dev in self.screen.devices:
            scene = dev.confirm(choice, option)
            if scene is not None:
                self.screen.app.push(scene)
                return False
        return self.choose(choice, option, seat)

    def choose(self, choice: Choice, option: Option, seat: int | None = None) -> bool:
        """Apply the pick now; a refusal is explained (the rule it breaks)."""
        who = self.screen.viewer if seat is None else seat
        if who is None:
            return False
        version = self.choices(who).version
        try:
            chosen = self.session.choose(who, version, choice.id, option.id)
        except IllegalAction as exc:
            self.refuse(exc)
            return False
        if not chosen.repeated:
            self.voice.answered()
            self.present(list(chosen.events))
        return True

    def expire(self, choice_id: str) -> bool:
        """The clock on ``choice_id`` ran out (T-12): the clock's action is applied."""
        described = self.choices()
        try:
            action = expire(described, described.version, choice_id)
            events = self.session.act(action)
        except IllegalAction as exc:
            self.refuse(exc)
            return False
        self.present(events)
        return True

    def refuse(self, exc: IllegalAction) -> None:
        self.screen.say(REFUSALS.get(exc.clause, REFUSED), clause=exc.clause)

    def explain(self, action: Action) -> None:
        """Why ``action`` (no option of the description) cannot be done: the engine says
        which rule it breaks (and, should it not, the move is simply made)."""
        try:
            events = self.session.act(action)
        except IllegalAction as exc:
            self.refuse(exc)
            return
        self.present(events)

    # ------------------------------------------------------------------ intents
    def intent_at(self, pos: tuple[int, int], intent: I.Intent | None) -> I.Intent | None:
        """A press on a card of your hand takes it up (a click or a drag, told apart when
        the button is let go); elsewhere the control's own ``intent``."""
        if isinstance(intent, I.PlayCard) and self.screen.viewer is not None:
            return I.Grab(intent.index, pos)
        return intent

    def handle(self, intent: I.Intent) -> None:
        """Handle ``intent`` at the table: the mouse's drag first, then :meth:`move`."""
        if self.drag_card(intent) or isinstance(intent, I.Release | I.Grab):
            return
        self.move(intent)

    def move(self, intent: I.Intent) -> None:
        """Offer ``intent`` in turn to what may take it (the device layers, the pause, the
        pointer over the hand, the hand's keys, H-3's hot-seat jump-in, a move given before
        it is shown as the person's), and answer the rest from the choice description."""
        t = self.screen
        for dev in t.devices:
            if dev.handle(intent):
                t.refresh()
                return
        if isinstance(intent, I.Back):
            t.app.open(scenes.PAUSE, t)
            return
        if isinstance(intent, I.Pointer):  # the card under the mouse rises, as with the keys
            self.as_any_scene(intent)
            if self.hover is not None and t.controls[self.hover].id.startswith("card"):
                t.focus = self.hover
                t.refresh()
            return
        if isinstance(intent, I.Navigate) and intent.dy == 0 and self.in_hand():
            self.step_hand(intent.dx)
            return
        if isinstance(intent, I.JumpIn) and len(self.session.humans) > 1:
            self.claim_jump()
            return
        if isinstance(intent, ANSWER_INTENTS) and self.answer_early(intent):
            return
        if isinstance(intent, TURN_INTENTS) and not t.my_turn() and self.hold(intent):
            return
        if not self.answer(intent):
            self.as_any_scene(intent)
        t.refresh()

    def answer(self, intent: I.Intent) -> bool:
        """Answer a table intent from the choice description (``False``: not a move)."""
        if not isinstance(intent, TABLE_INTENTS):
            return False
        t, me = self.screen, self.screen.viewer
        if me is None:
            caller = keyboard_caller(t) if isinstance(intent, I.CallUno) else None
            uno = None if caller is None else self.choices(caller).choice(UNO)
            if caller is not None and uno is not None:  # (a phone player acts meanwhile)
                self.take(uno, uno.options[0], seat=caller)
                return True
            if isinstance(intent, I.PlayCard | I.DrawCard | I.CallUno):
                t.say(N_("Only players at the table can do that."))
                return True
            return False
        mine = self.choices()
        if isinstance(intent, I.CallUno):
            uno = mine.choice(UNO)
            if uno is not None and self.can_call_uno():
                self.take(uno, uno.options[0])
            else:
                t.say(REFUSALS["C-12"])
            return True
        if isinstance(intent, I.Catch):
            catch = mine.choice(CATCH)
            fits = [] if catch is None else [
                o for o in catch.options if intent.player < 0
                or o.params.get("player") == intent.player]
            if catch is not None and fits:
                self.take(catch, fits[0])
            else:
                t.say(N_("Nobody can be caught right now."))
            return True
        jump = mine.choice(JUMP_IN)
        if isinstance(intent, I.JumpIn):
            if jump is not None:
                self.take(jump, jump.options[0])
            else:
                t.say(N_("You have no card identical to the one just played."))
            return True
        hand = t.model.hand
        if isinstance(intent, I.PlayCard) and 0 <= intent.index < len(hand) \
                and not t.my_turn() and jump is not None:
            # H-3: a click on the card identical to the one just played
            twin = [o for o in jump.options if o.params.get("card") == str(hand[intent.index])]
            if twin:
                self.take(jump, twin[0])
                return True
        if not t.my_turn():
            t.say(N_("Wait for your turn.") if not self.session.over else REFUSALS["M-1"])
            return True
        return self.answer_turn(intent, mine.main(), me)

    def answer_turn(self, intent: I.Intent, main: Choice | None, me: int) -> bool:
        """A move of the person whose turn it is, answered from the choice they owe."""
        t, m = self.screen, self.screen.model
        options = list(main.options) if main is not None else []
        cards = [o for o in options if "card" in o.params]
        others = [o for o in options if "card" not in o.params]
        drawn = m.decision is Decision.DRAWN
        if isinstance(intent, I.PlayCard):
            if not 0 <= intent.index < len(m.hand):
                return False
            card = m.hand[intent.index]
            if main is not None and main.hand:
                fits = [o for o in cards if o.params.get("card") == str(card)]
                if self.pick(main, fits):
                    return True
            self.explain(Play(me, card))
            return True
        if isinstance(intent, I.DrawCard):
            if drawn:
                t.say(N_("You have drawn already: play the card you drew or keep it."))
            elif main is None or not self.pick(main, others):
                self.explain(Draw(me))
            return True
        if not drawn or m.drawn is None or main is None:
            t.say(N_("There is no drawn card to play or keep."))
            return True
        self.pick(main, cards if isinstance(intent, I.PlayDrawn) else others)
        return True

    def pick(self, choice: Choice, options: Sequence[Option]) -> bool:
        """The person meant one of ``options``: take it, or ask which (``False``: none)."""
        if not options:
            return False
        if len(options) == 1:
            self.take(choice, options[0])
        else:  # it fits several (a card fitting two trays): ask which
            self.screen.app.push(dialog_for(self.screen, choice, options, cancellable=True))
        return True

    # ------------------------------------------------------------------ what the input reads
    def can_call_uno(self) -> bool:
        """The UNO! button lights only when the call means something (C-12): the person
        owes it, or holds two cards and can play one now — not with two cards and nothing
        to play (the engine would take the call, but it protects nothing)."""
        if self.screen.viewer is None:  # a phone player acts: the keyboard's owed call
            return keyboard_caller(self.screen) is not None
        mine = self.choices()
        if mine.choice(UNO) is None:
            return False
        if self.screen.viewer in self.session.owes_uno():
            return True
        plays = [mine.choice(JUMP_IN)]
        main = mine.main()
        if main is not None and main.hand:
            plays.append(main)
        return any("card" in o.params for c in plays if c is not None for o in c.options)

    def catch_targets(self) -> list[int]:
        catch = self.choices().choice(CATCH)
        if catch is None:
            return []
        return [p for o in catch.options if isinstance(p := o.params.get("player"), int)]

    def cards_of(self, choice: Choice | None) -> set[str]:
        """The card texts ``choice``'s options play (none for ``None``)."""
        if choice is None:
            return set()
        return {c for o in choice.options if isinstance(c := o.params.get("card"), str)}

    # ------------------------------------------------------------------ the mouse
    def drag_card(self, intent: I.Intent) -> bool:
        """Mouse drag-and-drop of a card onto the table; ``True`` if ``intent`` was part
        of it."""
        t = self.screen
        if isinstance(intent, I.Grab):
            if 0 <= intent.index < len(t.model.hand):
                self.drag = Drag(intent.index, t.model.hand[intent.index], intent.pos,
                                 intent.pos)
                t.focus_id(f"card{intent.index}")
                t.refresh()
            return True
        drag = self.drag
        if drag is None:
            return False
        if isinstance(intent, I.Pointer):
            drag.pos = intent.pos
            far = max(abs(intent.pos[0] - drag.grab[0]), abs(intent.pos[1] - drag.grab[1]))
            drag.moved = drag.moved or far > 10 * t.layout.s
            return True
        if isinstance(intent, I.Release):
            self.drag = None
            hand = t.model.hand
            if drag.card not in hand:
                return True
            index = drag.index if drag.index < len(hand) and hand[drag.index] == drag.card \
                else hand.index(drag.card)
            if not drag.moved or drop_zone(t).collidepoint(intent.pos):
                self.move(I.PlayCard(index))  # a click, or dropped on the table
            else:
                t.refresh()  # let go over the hand: the card goes back to its place
            return True
        return False

    # ------------------------------------------------------------------ moves given early
    def hold(self, intent: I.Intent) -> bool:
        """A turn's move given while it is not yet shown as the person's turn: ``True`` if
        it was dealt with here (queued, or dropped because the device is about to change
        hands), ``False`` to let it be refused as usual."""
        t, s, me = self.screen, self.session, self.screen.viewer
        if me is None or s.over:
            return False
        if s.to_act != me and s.is_human(s.to_act) and len(s.humans) > 1:
            return True  # the next person's turn: nothing of this one carries over to theirs
        if s.to_act == me and not t.presenter.idle:
            card = None
            if isinstance(intent, I.PlayCard) and 0 <= intent.index < len(t.model.hand):
                card = t.model.hand[intent.index]
            self.queued = (s.version, intent, card)
            return True
        return False

    def play_queued(self) -> None:
        """Apply the move given during the animations, now that the turn is shown."""
        t = self.screen
        top: object = t.app.top
        if self.queued is None or not t.my_turn() or top is not t:
            return
        version, intent, card = self.queued
        self.queued = None
        if version != self.session.version:
            return  # the table changed meanwhile (a catch): the person sees it and decides
        if card is not None:
            if card not in t.model.hand:
                return
            intent = I.PlayCard(t.model.hand.index(card))
        self.move(intent)

    # ------------------------------------------------------------------ answers given early
    def announced(self) -> Choice | None:
        """The decision the person at the screen owes whose dialog has not opened yet, as
        the table still shows what led to it (the colour of the Wild just played, during
        the Victory Lap's banner); ``None``: none (or its dialog is open)."""
        t = self.screen
        s = self.session
        if t.viewer is None or s.over or s.to_act != t.viewer or t.app.top is not t:
            return None
        main = self.choices().main()
        return main if main is not None and not main.hand and main.options else None

    def key_context(self) -> str:
        """The keys the table takes now: its own, or, while a decision is announced, those
        of the dialog that will ask it (a colour's letter is a colour, not Repeat)."""
        choice = self.announced()
        return "table" if choice is None else keys_for(choice)

    def answer_early(self, intent: I.Intent) -> bool:
        """A dialog's key pressed while its decision is announced (``True``: kept for the
        dialog, which applies it as it opens, as a click given during an animation is)."""
        choice = self.announced()
        if choice is None:
            return False
        self.early = (self.session.version, choice.id, keys_for(choice), intent)
        return True

    def early_answer(self, choice: Choice, keys: str) -> I.Intent | None:
        """The key given early for ``choice``, for its dialog (with key context ``keys``)
        opening now; once asked, it is gone (a key for another state is dropped)."""
        early, self.early = self.early, None
        if early is None:
            return None
        version, choice_id, context, intent = early
        if version != self.session.version or choice_id != choice.id or context != keys:
            return None
        return intent

    # ------------------------------------------------------------------ the hand's keys
    def in_hand(self) -> bool:
        return (self.screen.focused_id() or "").startswith("card")

    def step_hand(self, dx: int) -> None:
        t = self.screen
        n = len(t.model.hand)
        if n == 0:
            return
        i = int((t.focused_id() or "card0")[4:])
        t.focus_id(f"card{max(0, min(n - 1, i + dx))}")
        t.refresh()
        self.say_focused_card()

    def say_focused_card(self) -> None:
        """Say the card the keys just moved to, and what it does (its caption), for a
        player who cannot see the screen; the newest card cuts off the one before."""
        from game.ui.card_faces import caption_of
        from game.voice.narrate import card_name

        t = self.screen
        focus = t.focused_id() or ""
        if t.settings.narration == "off" or not focus[4:].isdigit():
            return
        i = int(focus[4:])
        if not focus.startswith("card") or i >= len(t.model.hand):
            return
        card = t.model.hand[i]
        msgid = caption_of(RANK_OF[card], self.session.edition)
        words = card_name(card)
        t.app.sound.hush()
        t.app.sound.say(f"{words}. {_(msgid)}" if msgid else words)

    # ------------------------------------------------------------------ H-3 at a hot seat
    def claim_jump(self) -> None:
        """H-3 at a hot-seat table: someone pressed "Jump in!" (see JumpInScene)."""
        from game.ui.table.controls import jump_button
        from game.ui.table.hotseat import JumpInScene

        t = self.screen
        if jump_button(t) is None:
            t.say(N_("There is nothing to jump in on right now."))
            return
        t.app.push(JumpInScene(t.app, t))


__all__ = ["TableInput"]
