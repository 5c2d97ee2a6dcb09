"""Raw pygame events become *intents* here, in one place.

Scenes never look at pygame events: they receive intents (``PlayCard(3)``, ``DrawCard()``,
``Navigate(1, 0)`` …), so the mouse, the keyboard, the AI test hook and the tests drive the
game the same way. Keys depend on a small *context* the top scene declares ("table",
"colour", "challenge", "menu"); a mouse click becomes the intent of the control under the
pointer (the scene's :meth:`~game.ui.scene.Scene.intent_at`). :data:`KEY_HELP` lists every
key for the help screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import N_
from game.rules.cards import Colour


class Intent:
    """Base of every intent (frozen dataclasses below)."""


@dataclass(frozen=True)
class Navigate(Intent):
    dx: int
    dy: int


@dataclass(frozen=True)
class Tab(Intent):
    back: bool = False


@dataclass(frozen=True)
class Activate(Intent):
    """Enter / Space: do what the focused control does."""


@dataclass(frozen=True)
class Back(Intent):
    """Escape: close the dialog, or pause the table."""


@dataclass(frozen=True)
class Help(Intent):
    pass


@dataclass(frozen=True)
class ToggleFullscreen(Intent):
    pass


@dataclass(frozen=True)
class Quit(Intent):
    """The window was closed."""


@dataclass(frozen=True)
class Pointer(Intent):
    """The mouse moved (hover only)."""

    pos: tuple[int, int]


@dataclass(frozen=True)
class Release(Intent):
    """The left mouse button let go at ``pos`` (the end of a drag; most scenes ignore it)."""

    pos: tuple[int, int]


@dataclass(frozen=True)
class Grab(Intent):
    """The left button pressed on card ``index`` of the hand at ``pos``: a click if it is
    let go where it was, a drag if it moves (the table decides on :class:`Release`)."""

    index: int
    pos: tuple[int, int]


@dataclass(frozen=True)
class Scroll(Intent):
    dy: int


@dataclass(frozen=True)
class TextInput(Intent):
    text: str


@dataclass(frozen=True)
class EditKey(Intent):
    """An editing key in a text field (see :data:`EDIT_KEYS`): backspace, delete, left,
    right, home, end; with Shift, ``select_`` + a move; with Ctrl, ``word_`` + backspace,
    delete, left or right, and select_all, copy, cut, paste."""

    key: str


@dataclass(frozen=True)
class Press(Intent):
    """A named control was clicked or activated (buttons of menus and dialogs)."""

    control: str


@dataclass(frozen=True)
class Adjust(Intent):
    """Change a setting-like control by ``step`` (a click or Left/Right on it)."""

    control: str
    step: int = 1


# --------------------------------------------------------------------------- the table

@dataclass(frozen=True)
class PlayCard(Intent):
    index: int  # position in the player's (displayed) hand


@dataclass(frozen=True)
class DrawCard(Intent):
    pass


@dataclass(frozen=True)
class PlayDrawn(Intent):
    pass


@dataclass(frozen=True)
class KeepDrawn(Intent):
    pass


@dataclass(frozen=True)
class CallUno(Intent):
    pass


@dataclass(frozen=True)
class Catch(Intent):
    player: int  # -1: whoever can be caught


@dataclass(frozen=True)
class JumpIn(Intent):
    """H-3: play the card identical to the one just played, out of turn (J)."""


@dataclass(frozen=True)
class ChooseColour(Intent):
    colour: Colour


@dataclass(frozen=True)
class ChallengeWD4(Intent):
    pass


@dataclass(frozen=True)
class AcceptWD4(Intent):
    pass


@dataclass(frozen=True)
class RepeatPhrase(Intent):
    """Roboto's Repeat button: the voice says its last phrase again."""


@dataclass(frozen=True)
class CycleVoiceVolume(Intent):
    """Roboto's Volume button: the voice's three levels, then mute."""


@dataclass(frozen=True)
class NextStep(Intent):
    """N in the guided first hand: go on to the next step (skip the one shown)."""


# --------------------------------------------------------------------------- keys

_NAV = {
    pygame.K_LEFT: Navigate(-1, 0),
    pygame.K_RIGHT: Navigate(1, 0),
    pygame.K_UP: Navigate(0, -1),
    pygame.K_DOWN: Navigate(0, 1),
}
_ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

_CONTEXT_KEYS: dict[str, dict[int, Intent]] = {
    "table": {
        pygame.K_d: DrawCard(),
        pygame.K_u: CallUno(),
        pygame.K_c: Catch(-1),
        pygame.K_p: PlayDrawn(),
        pygame.K_k: KeepDrawn(),
        pygame.K_j: JumpIn(),
        pygame.K_r: RepeatPhrase(),
        pygame.K_v: CycleVoiceVolume(),
        pygame.K_n: NextStep(),
    },
    "colour": {
        pygame.K_r: ChooseColour(Colour.RED),
        pygame.K_y: ChooseColour(Colour.YELLOW),
        pygame.K_g: ChooseColour(Colour.GREEN),
        pygame.K_b: ChooseColour(Colour.BLUE),
        pygame.K_1: ChooseColour(Colour.RED),
        pygame.K_2: ChooseColour(Colour.YELLOW),
        pygame.K_3: ChooseColour(Colour.GREEN),
        pygame.K_4: ChooseColour(Colour.BLUE),
    },
    "challenge": {pygame.K_c: ChallengeWD4(), pygame.K_a: AcceptWD4(),
                  pygame.K_s: Press("stack")},
    "pass": {pygame.K_u: CallUno(), pygame.K_j: JumpIn()},
    "chooser": {getattr(pygame, f"K_{n}"): Press(f"choice{n - 1}") for n in range(1, 10)},
    # H-1's stack dialog: 1-9 as in a list, D takes the cards as at the table
    "stack": {**{getattr(pygame, f"K_{n}"): Press(f"choice{n - 1}") for n in range(1, 10)},
              pygame.K_d: DrawCard(), pygame.K_u: CallUno()},
    "menu": {},
}

#: Every key, grouped, for the help screen (message ids; key names made of words are
#: translated too: « Entrée », « Échap »).
KEY_HELP: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (N_("Everywhere"), (
        (N_("Tab / Shift+Tab"), N_("Move the focus to the next / previous control")),
        (N_("Arrow keys"), N_("Move the focus; change the value of a setting")),
        (N_("Enter / Space"), N_("Press the focused button or play the focused card")),
        (N_("Esc"), N_("Close a dialog; pause the game")),
        ("F1", N_("Rules and keys")),
        (N_("F11 / Alt+Enter"), N_("Full screen on or off")),
    )),
    (N_("At the table"), (
        (N_("Left / Right"), N_("Choose a card in your hand")),
        (N_("Home / End"), N_("First / last card of your hand")),
        (N_("Enter"), N_("Play the chosen card")),
        ("D", N_("Draw a card (facing a stack of Draw cards: take them all)")),
        ("P / K", N_("Play / keep the card you just drew")),
        ("U", N_("Call UNO!")),
        ("C", N_("Catch a player who did not call UNO")),
        ("J", N_("Jump in with the card identical to the one just played (house rule)")),
        ("R", N_("Repeat what the voice said last")),
        ("V", N_("Voice volume: low, medium, loud, then muted")),
        ("N", N_("Guided hand: go on to the next step")),
    )),
    (N_("Dialogs"), (
        ("R Y G B / 1-4", N_("Name red, yellow, green or blue")),
        ("C / A", N_("Challenge the Wild Draw Four, or accept it")),
        ("S", N_("Stack your own Wild Draw Four on it (house rule)")),
        ("1-9", N_("Pick a choice in a list of choices")),
        ("U", N_("Pass-the-device screen: UNO! for the one who just played")),
    )),
    (N_("Name fields"), (
        (N_("Home / End"), N_("Go to the start / end of the name")),
        (N_("Shift+arrows / Ctrl+A"), N_("Select letters / select the whole name")),
        (N_("Ctrl+Backspace / Ctrl+Delete"), N_("Delete a whole word")),
        (N_("Ctrl+C / Ctrl+X / Ctrl+V"), N_("Copy, cut, paste (Shift+Insert pastes too)")),
    )),
)

IntentAt = Callable[[tuple[int, int]], Intent | None]

#: The editing keys of a text field: key -> the edit, alone / with Shift / with Ctrl.
_MOVES = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_HOME: "home",
          pygame.K_END: "end"}
_DELETES = {pygame.K_BACKSPACE: "backspace", pygame.K_DELETE: "delete"}
#: Ctrl (Cmd on a Mac) + a letter: the usual editing commands (Shift+Insert pastes too).
_COMMANDS = {pygame.K_a: "select_all", pygame.K_c: "copy", pygame.K_x: "cut",
             pygame.K_v: "paste", pygame.K_INSERT: "copy"}


def text_edit(key: int, mods: int) -> str | None:
    """The edit a key makes in a text field (:class:`EditKey`'s names), or ``None``: the
    moves (Left, Right, Home, End; with Shift they select; Ctrl+Left/Right go by words),
    Backspace and Delete (with Ctrl, a word), and Ctrl+A/C/X/V. AltGr (Ctrl+Alt on some
    systems) types characters: it is no command."""
    ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META)) and not mods & pygame.KMOD_ALT
    shift = bool(mods & pygame.KMOD_SHIFT)
    if key == pygame.K_INSERT and shift and not ctrl:
        return "paste"
    if key in _MOVES:
        move = _MOVES[key]
        if ctrl and move in ("left", "right"):
            move = f"word_{move}"
        return f"select_{move}" if shift else move
    if key in _DELETES:
        return f"word_{_DELETES[key]}" if ctrl else _DELETES[key]
    if ctrl:
        return _COMMANDS.get(key)
    return None


def translate(event: pygame.event.Event, context: str, text_focus: bool,
              intent_at: IntentAt) -> Intent | None:
    """The intent of one pygame event for a scene with key ``context``; ``text_focus`` is
    true while a text field has the focus (letters are typed, not hotkeys)."""
    t = event.type
    if t == pygame.QUIT:
        return Quit()
    if t == pygame.MOUSEMOTION:
        return Pointer(event.pos)
    if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return intent_at(event.pos)
    if t == pygame.MOUSEBUTTONUP and event.button == 1:
        return Release(event.pos)
    if t == pygame.MOUSEWHEEL:
        return Scroll(-event.y)
    if t == pygame.TEXTINPUT:
        return TextInput(event.text) if text_focus else None
    if t != pygame.KEYDOWN:
        return None
    key, mods = event.key, event.mod
    if key == pygame.K_F11 or (key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                               and mods & pygame.KMOD_ALT):
        return ToggleFullscreen()
    if key == pygame.K_F1:
        return Help()
    if key == pygame.K_ESCAPE:
        return Back()
    if key == pygame.K_TAB:
        return Tab(bool(mods & pygame.KMOD_SHIFT))
    if text_focus:
        edit = text_edit(key, mods)
        if edit is not None:
            return EditKey(edit)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Activate()
        if key in (pygame.K_UP, pygame.K_DOWN):
            return _NAV[key]
        return None
    if key in _NAV:
        return _NAV[key]
    if key in (pygame.K_HOME, pygame.K_END):
        return Navigate(-99 if key == pygame.K_HOME else 99, 0)
    if key in _ACTIVATE:
        return Activate()
    return _CONTEXT_KEYS.get(context, {}).get(key)


_HOLD_KEYS = frozenset((pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER))


class InputState:
    """What is held down right now, kept from the same raw events that :func:`translate`
    reads (no scene polls the keyboard or the mouse itself): a "hold" gesture (Triple
    Play's Wild Clear, Roboto's push-to-talk) asks :meth:`confirm_held`."""

    def __init__(self) -> None:
        self.keys: set[int] = set()
        self.mouse = False
        #: The screen each held key was first pressed on (see :meth:`carried_over`).
        self.pressed_on: dict[int, object] = {}

    def carried_over(self, event: pygame.event.Event, screen: object) -> bool:
        """Is ``event`` the key repeat of a key first pressed on another screen? Enter on
        the title's Continue must not go on to play a card at the table: when opening the
        table takes longer than the repeat delay, the held Enter repeats there before its
        release is read. Such a repeat is dropped until the key is let go."""
        return (event.type == pygame.KEYDOWN and event.key in self.keys
                and self.pressed_on.get(event.key, screen) is not screen)

    def note(self, event: pygame.event.Event, screen: object = None) -> None:
        t = event.type
        if t == pygame.KEYDOWN:
            if event.key not in self.keys:
                self.pressed_on[event.key] = screen
            self.keys.add(event.key)
        elif t == pygame.KEYUP:
            self.keys.discard(event.key)
            self.pressed_on.pop(event.key, None)
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = True
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = False
        elif t == pygame.WINDOWFOCUSLOST:
            self.keys.clear()  # the key-up goes to another window
            self.pressed_on.clear()
            self.mouse = False

    def confirm_held(self) -> bool:
        """Is the confirm gesture held: the left button, Space or Enter?"""
        return self.mouse or bool(self.keys & _HOLD_KEYS)
