"""Issue 34 item 6: a name field edits as text fields usually do. Ctrl+A selects everything
and typing replaces it; Home/End, Left/Right (by words with Ctrl) move a visible caret;
Shift selects; Backspace/Delete take a character, with Ctrl a word; Ctrl+C/X/V copy, cut and
paste through the clipboard. Driven by the same key events a keyboard sends, on the set-up
screen (every name field is this widget: the set-up's, Roboto's recordings and nicknames).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import intents as I
from game.ui import widgets
from game.ui.app import App
from game.ui.scenes.setup import SetupScene
from game.ui.widgets import TextField
from tests.ui.conftest import shot, started_app

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


def press(app: App, k: int, mod: int = 0) -> None:
    app.on_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.on_event(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def typed(app: App, text: str) -> None:
    app.on_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def name_field(app: App, seat: int = 0) -> tuple[SetupScene, TextField]:
    started_app(app)
    app.dispatch(I.Press("new"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.focus_id(f"name{seat}")
    field = setup.focused()
    assert isinstance(field, TextField) and setup.text_focus()
    return setup, field


def test_ctrl_a_then_typing_replaces_the_whole_name(app: App, outdir: Path) -> None:
    setup, field = name_field(app)
    assert field.value == "Player 1"
    press(app, pygame.K_a, CTRL)
    assert field.selected() == "Player 1"
    shot(app, outdir, "name_selected")
    typed(app, "A")
    typed(app, "na")
    assert field.value == "Ana" and setup.seats[0]["name"] == "Ana"
    press(app, pygame.K_RETURN)  # the name is kept as the focus moves on
    app.dispatch(I.Press("start"))
    assert app.top is not None and app.top.name == "table"
    assert app.settings.player_names[0] == "Ana"


def test_home_end_and_left_right_move_the_caret_where_typing_goes(app: App) -> None:
    _setup, field = name_field(app)
    press(app, pygame.K_a, CTRL)
    typed(app, "ana")
    press(app, pygame.K_HOME)
    press(app, pygame.K_DELETE)
    typed(app, "A")
    assert (field.value, field.caret) == ("Ana", 1)
    press(app, pygame.K_END)
    typed(app, " Lou")
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    typed(app, "-")
    assert field.value == "Ana -Lou"
    press(app, pygame.K_RIGHT)
    assert field.caret == 6
    press(app, pygame.K_LEFT, CTRL)  # by words
    assert field.caret == 4
    press(app, pygame.K_RIGHT, CTRL)
    assert field.caret == len("Ana -Lou")


def test_ctrl_backspace_deletes_a_word_and_delete_the_next_character(app: App) -> None:
    _setup, field = name_field(app)
    press(app, pygame.K_BACKSPACE, CTRL)  # "Player 1": the "1" goes
    assert field.value == "Player "
    press(app, pygame.K_BACKSPACE, CTRL)  # the space, then the word before it
    assert field.value == ""
    typed(app, "Mamie Jo")
    press(app, pygame.K_HOME)
    press(app, pygame.K_DELETE, CTRL)
    assert field.value == " Jo"
    press(app, pygame.K_DELETE)
    assert field.value == "Jo"


def test_shift_selects_and_typing_replaces_the_selection(app: App) -> None:
    _setup, field = name_field(app)
    press(app, pygame.K_END)
    press(app, pygame.K_LEFT, SHIFT)
    press(app, pygame.K_LEFT, SHIFT)
    assert field.selected() == " 1"
    typed(app, "s")
    assert field.value == "Players"
    press(app, pygame.K_HOME, SHIFT | CTRL)
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT, SHIFT | CTRL)  # a word, selected
    assert field.selected() == "Players"
    press(app, pygame.K_BACKSPACE)
    assert field.value == ""


def test_copy_cut_and_paste_go_through_the_clipboard(app: App) -> None:
    setup, field = name_field(app)
    press(app, pygame.K_a, CTRL)
    press(app, pygame.K_c, CTRL)
    assert widgets.clipboard_text() == "Player 1"
    setup.focus_id("name1")
    other = setup.focused()
    assert isinstance(other, TextField)
    press(app, pygame.K_a, CTRL)
    press(app, pygame.K_v, CTRL)
    assert other.value == "Player 1" and setup.seats[1]["name"] == "Player 1"
    widgets.put_clipboard("Grand-père\nJean\tqui rit et qui pleure")  # longer than a name
    press(app, pygame.K_a, CTRL)
    press(app, pygame.K_INSERT, SHIFT)
    assert other.value == "Grand-père Jean qui rit"[:other.max_len]  # one line, cut
    assert len(other.value) == other.max_len
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT, SHIFT | CTRL)
    press(app, pygame.K_x, CTRL)
    assert other.value == " Jean " and widgets.clipboard_text() == "Grand-père"
    assert field.value == "Player 1"  # the field copied from is as it was


def test_paste_without_a_system_clipboard_uses_the_games_own(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise pygame.error("no clipboard here")

    monkeypatch.setattr(pygame.scrap, "has_text", broken)
    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    setup, _field = name_field(app)
    press(app, pygame.K_a, CTRL)
    press(app, pygame.K_c, CTRL)  # nothing raised
    setup.focus_id("name2")
    press(app, pygame.K_a, CTRL)
    press(app, pygame.K_v, CTRL)
    other = setup.focused()
    assert isinstance(other, TextField) and other.value == "Player 1"


def test_the_caret_and_the_selection_are_drawn(app: App, outdir: Path) -> None:
    setup, field = name_field(app)
    press(app, pygame.K_HOME)
    screen = shot(app, outdir, "caret_at_home")
    r = field.rect
    pad = max(1, int(8 * setup.s))
    caret = [screen.get_at((r.left + pad + dx, r.centery)) for dx in range(-1, 3)]
    assert any(sum(c[:3]) < 200 for c in caret), "no dark caret at the field's start"
    press(app, pygame.K_a, CTRL)
    screen = shot(app, outdir, "all_selected")
    band = pygame.Rect(r.left + pad, r.top + r.height // 4, r.width // 3, r.height // 2)
    hits = sum(1 for x in range(band.left, band.right, 3)
               if tuple(screen.get_at((x, band.top + 2)))[:3] == widgets.SELECTION)
    assert hits > 3, "the selection is not shown"


@pytest.mark.parametrize(("mod", "k", "want"), [
    (CTRL, pygame.K_a, "select_all"),
    (pygame.KMOD_LMETA, pygame.K_a, "select_all"),  # Cmd on a Mac
    (CTRL, pygame.K_v, "paste"),
    (SHIFT, pygame.K_INSERT, "paste"),
    (CTRL, pygame.K_BACKSPACE, "word_backspace"),
    (SHIFT, pygame.K_END, "select_end"),
    (CTRL, pygame.K_LEFT, "word_left"),
    (0, pygame.K_HOME, "home"),
    (0, pygame.K_DELETE, "delete"),
])
def test_editing_keys_become_edits_only_in_a_text_field(mod: int, k: int, want: str) -> None:
    event = pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")
    assert I.translate(event, "menu", True, lambda pos: None) == I.EditKey(want)
    assert I.translate(event, "challenge", False, lambda pos: None) != I.EditKey(want)


def test_altgr_types_a_character_rather_than_a_command() -> None:
    altgr = pygame.KMOD_RCTRL | pygame.KMOD_RALT  # AltGr on some systems
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=altgr, unicode="")
    assert I.translate(event, "menu", True, lambda pos: None) is None
