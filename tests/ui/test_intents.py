"""Raw pygame events become intents in one place, per key context."""

from __future__ import annotations

import pygame
import pytest

from game.rules.cards import Colour
from game.ui import intents as I


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def nothing_here(pos: tuple[int, int]) -> I.Intent | None:
    return None


@pytest.mark.parametrize(("k", "context", "want"), [
    (pygame.K_d, "table", I.DrawCard()),
    (pygame.K_u, "table", I.CallUno()),
    (pygame.K_c, "table", I.Catch(-1)),
    (pygame.K_p, "table", I.PlayDrawn()),
    (pygame.K_k, "table", I.KeepDrawn()),
    (pygame.K_g, "colour", I.ChooseColour(Colour.GREEN)),
    (pygame.K_4, "colour", I.ChooseColour(Colour.BLUE)),
    (pygame.K_c, "challenge", I.ChallengeWD4()),
    (pygame.K_a, "challenge", I.AcceptWD4()),
    (pygame.K_3, "chooser", I.Press("choice2")),
    (pygame.K_d, "menu", None),
    (pygame.K_LEFT, "table", I.Navigate(-1, 0)),
    (pygame.K_HOME, "table", I.Navigate(-99, 0)),
    (pygame.K_RETURN, "menu", I.Activate()),
    (pygame.K_SPACE, "table", I.Activate()),
    (pygame.K_ESCAPE, "table", I.Back()),
    (pygame.K_F1, "menu", I.Help()),
    (pygame.K_F11, "menu", I.ToggleFullscreen()),
])
def test_keys_by_context(k: int, context: str, want: I.Intent | None) -> None:
    assert I.translate(key(k), context, False, nothing_here) == want


def test_shift_tab_and_alt_enter() -> None:
    assert I.translate(key(pygame.K_TAB, pygame.KMOD_LSHIFT), "menu", False, nothing_here) \
        == I.Tab(back=True)
    assert I.translate(key(pygame.K_RETURN, pygame.KMOD_LALT), "menu", False, nothing_here) \
        == I.ToggleFullscreen()


def test_typing_goes_to_a_focused_text_field_not_to_hotkeys() -> None:
    text = pygame.event.Event(pygame.TEXTINPUT, text="é")
    assert I.translate(text, "table", True, nothing_here) == I.TextInput("é")
    assert I.translate(text, "table", False, nothing_here) is None
    assert I.translate(key(pygame.K_d), "table", True, nothing_here) is None
    assert I.translate(key(pygame.K_BACKSPACE), "menu", True, nothing_here) == I.EditKey(
        "backspace")
    assert I.translate(key(pygame.K_LEFT), "menu", True, nothing_here) == I.EditKey("left")


def test_a_click_is_the_intent_of_what_is_under_the_pointer() -> None:
    def at(pos: tuple[int, int]) -> I.Intent | None:
        return I.PlayCard(2) if pos == (5, 5) else None

    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))
    assert I.translate(click, "table", False, at) == I.PlayCard(2)
    right = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(5, 5))
    assert I.translate(right, "table", False, at) is None
    assert I.translate(pygame.event.Event(pygame.QUIT), "menu", False, at) == I.Quit()


def test_every_key_in_the_help_is_a_message_id() -> None:
    for heading, keys in I.KEY_HELP:
        assert heading and all(k and what for k, what in keys)


def test_wrapping_breaks_long_paths_inside_the_width() -> None:
    from game.ui import text

    pygame.font.init()
    path = "/tmp/some/very/long/folder/name/that/never/ends/autosave.corrupt-20261130.json"
    lines = text.wrap(f"The save {path} was damaged.", 16, 200)
    assert all(text.size(line, 16)[0] <= 200 for line in lines)
    assert "".join(lines).replace(" ", "") == f"The save {path} was damaged.".replace(" ", "")


def test_the_help_lists_the_name_field_s_editing_keys() -> None:
    """Issue 34 item 6: the name field's editing keys work, and F1 says so."""
    keys = " ".join(k for heading, group in I.KEY_HELP if heading == "Name fields"
                    for k, _ in group)
    ctrl = pygame.KMOD_CTRL
    for shown, key, mods, edit in (
            ("Home", pygame.K_HOME, 0, "home"), ("End", pygame.K_END, 0, "end"),
            ("Shift+arrows", pygame.K_LEFT, pygame.KMOD_SHIFT, "select_left"),
            ("Ctrl+A", pygame.K_a, ctrl, "select_all"),
            ("Ctrl+Backspace", pygame.K_BACKSPACE, ctrl, "word_backspace"),
            ("Ctrl+Delete", pygame.K_DELETE, ctrl, "word_delete"),
            ("Ctrl+C", pygame.K_c, ctrl, "copy"), ("Ctrl+X", pygame.K_x, ctrl, "cut"),
            ("Ctrl+V", pygame.K_v, ctrl, "paste")):
        assert shown in keys
        assert I.text_edit(key, mods) == edit


def test_fit_is_the_largest_size_at_which_the_text_fits() -> None:
    """text.fit guesses the size from the width and steps from there (a font loaded per
    size measured): it must give what stepping down one size at a time gives."""
    import random

    from game.ui import text

    pygame.font.init()

    def stepped(words: str, px: int, width: int, min_px: int) -> int:
        while px > min_px and text.size(words, px)[0] > width:
            px -= 1
        return px

    rng = random.Random(34)
    samples = ["Ann", "Bartholomew the Great", "Take 12", "Play a green Draw Two",
               "Choisis une couleur", "W" * 30, "il", ""]
    for _ in range(2000):
        words, px = rng.choice(samples), rng.randint(6, 64)
        width, min_px = rng.randint(0, 700), rng.randint(6, 14)
        assert text.fit(words, px, width, min_px) == stepped(words, px, width, min_px)
