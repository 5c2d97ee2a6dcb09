"""Choice labels in words (game.play.labels), and the prompt the narration says from a choice.

Every parameter type renders as a person reads it (a seat by name, a card by its spoken
name, a colour by its name, a tray from 1), in the game's language or in a catalogue of
its own (a phone in another language), without pygame.
"""

from __future__ import annotations

import gettext
import subprocess
import sys
from collections.abc import Iterator

import pytest

from game import i18n
from game.play.choices import Choice, Option
from game.play.labels import Labels
from game.voice.narrate import Narrator

NAMES = ("Ann", "Bob", "Cid")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_each_parameter_type_is_rendered_as_a_person_reads_it() -> None:
    labels = Labels(NAMES)
    assert labels.label("Catch {player}", {"player": 1}) == "Catch Bob"
    assert labels.label("Play {card}", {"card": "R5"}) == "Play a red 5"
    assert labels.label("Play {card}", {"card": "W+4"}) == "Play a Wild Draw Four"
    assert labels.label("Name {colour}", {"colour": "G"}) == "Name green"
    assert labels.label("Press tray {tray}", {"tray": 0}) == "Press tray 1"  # T-4: from 1
    assert labels.label("Play {card} on tray {tray}", {"card": "G9", "tray": 2}) == \
        "Play a green 9 on tray 3"
    assert labels.label("Finishing order: {order}", {"order": (2, 0, 1)}) == \
        "Finishing order: Cid, Ann and Bob"
    assert labels.label("Give: {shares}", {"shares": ((1, 2), (2, 1))}) == "Give: Bob 2, Cid 1"
    assert labels.label("Give: {shares}", {"shares": ()}) == "Give: nobody"
    assert labels.label("{text}", {"text": "bell"}) == "bell"


def test_labels_follow_the_game_s_language() -> None:
    i18n.set_language("fr")
    labels = Labels(NAMES)
    assert labels.label("Play {card}", {"card": "R5"}) == "Jouer un 5 rouge"
    assert labels.label("Play {card} on tray {tray}", {"card": "G9", "tray": 0}) == \
        "Jouer un 9 vert sur le plateau 1"
    assert labels.label("Name {colour}", {"colour": "B"}) == "Annoncer le bleu"


def test_a_catalogue_of_its_own_renders_another_language_than_the_game_s() -> None:
    """The phone server renders each connection in that phone's language."""
    fr = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), languages=["fr"])
    phone = Labels(NAMES, fr)
    assert phone.label("Play {card}", {"card": "R5"}) == "Jouer un 5 rouge"
    assert Labels(NAMES).label("Play {card}", {"card": "R5"}) == "Play a red 5"  # the table
    assert i18n.current_language() == "en"


def test_a_translation_with_broken_fields_shows_the_english_words() -> None:
    class Broken:
        def gettext(self, message: str, /) -> str:
            return "{joueur} !" if "{player}" in message else message

        def ngettext(self, singular: str, plural: str, n: int, /) -> str:
            return singular if n == 1 else plural

    assert Labels(NAMES, Broken()).label("Catch {player}", {"player": 0}) == "Catch Ann"


def test_labels_import_no_pygame() -> None:
    code = "import sys, game.play.labels, game.play.session; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def _swap_choice() -> Choice:
    options = tuple(Option(f"swap:{p}", "player", "Swap hands with {player}", {"player": p})
                    for p in (1, 2))
    return Choice("swap", "swap", "Swap hands with whom?", "H-2", options)


def test_the_prompt_says_the_choice_then_its_options_players_with_their_cards() -> None:
    narrator = Narrator(list(NAMES))
    choice = _swap_choice()
    assert narrator.prompt(choice, counts=(3, 4, 1)) == \
        "Swap hands with whom? Bob — 4 cards; Cid — 1 card."
    assert narrator.prompt(choice) == \
        "Swap hands with whom? Swap hands with Bob; Swap hands with Cid."
    colour = Choice("colour", "colour", "Name a colour.", "C-6", tuple(
        Option(f"colour:{c}", "colour", "Name {colour}", {"colour": c}) for c in "RY"))
    assert narrator.prompt(colour) == "Name a colour. Name red; Name yellow."
    i18n.set_language("fr")
    assert narrator.prompt(colour) == \
        "Annonce une couleur. Annoncer le rouge; Annoncer le jaune."


def test_a_refusal_is_explained_naming_the_rule_in_the_front_end_s_language() -> None:
    labels = Labels(NAMES)
    assert labels.refusal("C-5") == \
        "That card matches neither the colour, the number nor the symbol on top."
    assert labels.refusal("T-99") == "That move is not allowed (rule T-99)."
    fr = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), languages=["fr"])
    assert Labels(NAMES, fr).refusal("C-3") == "Ce n’est pas ton tour."
