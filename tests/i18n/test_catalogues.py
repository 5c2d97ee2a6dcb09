"""The catalogues: complete in both languages, placeholders intact, French typography, and the
template in step with the source (a new message without a translation fails here)."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from .conftest import LOCALE, ROOT

NBSP = "\u00a0"


def load(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


TEMPLATE = load(LOCALE / "uno.pot")


def forms(message: Message) -> list[tuple[str, str]]:
    """(msgid form, msgstr form) pairs; plural forms pair with the plural id."""
    if isinstance(message.id, str):
        assert isinstance(message.string, str)
        return [(message.id, message.string)]
    assert isinstance(message.string, (tuple, list))
    return [(message.id[min(i, 1)], s) for i, s in enumerate(message.string)]


def translation(catalog: Catalog, msgid: str) -> str:
    message = catalog.get(msgid)
    assert message is not None and isinstance(message.string, str), msgid
    return message.string


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_template_message_is_translated(lang: str) -> None:
    catalog = load(LOCALE / lang / "LC_MESSAGES" / "uno.po")
    missing = []
    for template in TEMPLATE:
        if not template.id:
            continue
        message = catalog.get(template.id)
        if message is None or message.fuzzy or not all(s for _i, s in forms(message)):
            missing.append(template.id)
    assert not missing, f"{lang}: {len(missing)} untranslated (or fuzzy): {missing}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_obsolete_translations(lang: str) -> None:
    catalog = load(LOCALE / lang / "LC_MESSAGES" / "uno.po")
    assert ids(catalog) == ids(TEMPLATE)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_placeholders_survive_translation(lang: str) -> None:
    catalog = load(LOCALE / lang / "LC_MESSAGES" / "uno.po")
    broken = [(i, s) for m in catalog if m.id for i, s in forms(m) if fields(i) != fields(s)]
    assert not broken


def test_french_uses_french_plural_rule() -> None:
    catalog = load(LOCALE / "fr" / "LC_MESSAGES" / "uno.po")
    assert catalog.num_plurals == 2
    assert catalog.plural_expr.replace(" ", "") in ("(n>1)", "n>1")


def test_french_typography_non_breaking_space_before_high_punctuation() -> None:
    catalog = load(LOCALE / "fr" / "LC_MESSAGES" / "uno.po")
    for message in catalog:
        for _i, text in forms(message) if message.id else []:
            for mark in ":!?;»":
                assert f" {mark}" not in text, text
            assert "« " not in text, text
            assert "'" not in text, f"use the typographic apostrophe ’ in {text!r}"


def test_french_is_really_french() -> None:
    """Spot checks of the game's own vocabulary (a copy of the English would pass the rest)."""
    catalog = load(LOCALE / "fr" / "LC_MESSAGES" / "uno.po")
    assert translation(catalog, "a red Skip") == "un Passe ton tour rouge"
    assert translation(catalog, "a green Reverse") == "une Inversion verte"
    assert translation(catalog, "a blue Draw Two") == "un +2 bleu"
    assert translation(catalog, "a Wild Draw Four") == "un +4 Joker"
    assert translation(catalog, "a Wild") == "un Joker"
    assert translation(catalog, "Counter-UNO! {catcher} catches {target}.").startswith(
        f"Contre-UNO{NBSP}!")


def test_template_matches_the_source(tmp_path: Path) -> None:
    """Extracting the source again gives the same message ids as locale/uno.pot (run the
    commands in babel.cfg when this fails, then translate the new messages)."""
    fresh = tmp_path / "fresh.pot"
    CommandLineInterface().run([  # type: ignore[no-untyped-call]
        "pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "-o", str(fresh),
        "--no-wrap", "--project=uno", str(ROOT),
    ])
    extracted, committed = ids(load(fresh)), ids(TEMPLATE)
    assert extracted == committed, (
        f"not in locale/uno.pot: {sorted(map(str, extracted - committed))}; "
        f"no longer in the source: {sorted(map(str, committed - extracted))}"
    )
