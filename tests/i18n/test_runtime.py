"""game.i18n at run time: switching languages, plurals, listeners, the missing-catalogue path."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from game import i18n
from game.i18n import N_, _, ngettext

from .conftest import ROOT

NBSP = "\u00a0"


def test_french_text_appears_after_set_language_fr() -> None:
    i18n.set_language("fr")
    assert i18n.current_language() == "fr"
    assert _("{player} plays {card}.") == "{player} joue {card}."
    assert _("a red Reverse") == "une Inversion rouge"
    assert i18n.missing_catalogues() == frozenset()


def test_english_catalogue_is_loaded_too() -> None:
    i18n.set_language("fr")
    i18n.set_language("en")
    assert _("a red Reverse") == "a red Reverse"
    assert "en" not in i18n.missing_catalogues()


def test_french_plural_rule_counts_zero_and_one_as_singular() -> None:
    i18n.set_language("fr")
    pair = ("{player} draws {count} card.", "{player} draws {count} cards.")
    assert ngettext(*pair, 0) == "{player} pioche {count} carte."
    assert ngettext(*pair, 1) == "{player} pioche {count} carte."
    assert ngettext(*pair, 2) == "{player} pioche {count} cartes."
    i18n.set_language("en")
    assert ngettext(*pair, 0) == "{player} draws {count} cards."


def test_marked_ids_translate_when_used_not_when_defined() -> None:
    table = {"uno": N_("{player}: UNO!")}
    assert table["uno"] == "{player}: UNO!"
    i18n.set_language("fr")
    assert _(table["uno"]) == f"{{player}}{NBSP}: UNO{NBSP}!"
    assert i18n.N_plural("a", "b") == ("a", "b")


def test_listeners_hear_each_change_once() -> None:
    heard: list[str] = []
    listener = i18n.add_listener(heard.append)
    try:
        i18n.set_language("fr")
        i18n.set_language("fr")  # no change, no call
        i18n.set_language("en")
    finally:
        i18n.remove_listener(listener)
    i18n.set_language("fr")
    assert heard == ["fr", "en"]


def test_unknown_language_is_refused_and_changes_nothing() -> None:
    i18n.set_language("fr")
    with pytest.raises(ValueError, match="unsupported language"):
        i18n.set_language("de")
    assert i18n.current_language() == "fr"


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LC_ALL": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
])
def test_detect_language_from_the_environment(env: dict[str, str], expected: str) -> None:
    assert i18n.detect_language(env) == expected


def test_missing_catalogue_falls_back_to_english_and_says_so(tmp_path: object) -> None:
    """A bundle without its locale/ folder: English ids, no crash, and the loss is reported."""
    script = textwrap.dedent("""
        import json, sys
        sys.frozen, sys._MEIPASS = True, sys.argv[1]  # resource root = an empty folder
        from game import i18n
        i18n.set_language("fr")
        print(json.dumps([i18n._("a red Reverse"), sorted(i18n.missing_catalogues())]))
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path)], env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(out.stdout) == ["a red Reverse", ["fr"]]
    assert "no compiled 'fr' catalogue" in out.stderr
