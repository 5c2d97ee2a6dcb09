"""Issue 13 item 4: every action card of every edition has a real face (an icon drawn in
code and its name, not a two-letter code) and a caption saying what it does, shown when
the card has the focus; all registered in one place (game.ui.card_faces)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import i18n
from game.rules.cards import RANK_CODES, Card, Rank
from game.rules.ruleset import EDITIONS, edition
from game.ui import cardart
from game.ui import intents as I
from game.ui.app import App
from game.ui.card_faces import caption_of, face_of
from game.ui.table.panels import card_caption
from tests.rules.helpers import build
from tests.ui.conftest import pump, shot, table_for


def action_ranks() -> set[int]:
    return {c & 31 for name in EDITIONS for c in edition(name).cards() if c & 31 >= 10}


def test_every_action_card_of_every_edition_has_a_face_and_a_caption() -> None:
    for rank in action_ranks():
        face = face_of(rank)
        assert face is not None and face.caption, Rank(rank).name
        if len(RANK_CODES[Rank(rank)]) == 2 and RANK_CODES[Rank(rank)].isalpha():
            assert face.icon is not None and face.name, Rank(rank).name  # not "DA"


def test_the_names_and_captions_are_in_french_too(app: App) -> None:
    i18n.set_language("fr")
    try:
        for rank in action_ranks():
            face = face_of(rank)
            assert face is not None
            assert i18n._(face.caption) != face.caption, face.caption
            if face.name:
                assert i18n._(face.name) != face.name, face.name
    finally:
        i18n.set_language("en")


def test_a_named_face_is_drawn_per_language(app: App) -> None:
    card = Card.parse("YDA")
    en = pygame.image.tobytes(cardart.face(card, 92), "RGBA")
    i18n.set_language("fr")
    try:
        fr = pygame.image.tobytes(cardart.face(card, 92), "RGBA")
    finally:
        i18n.set_language("en")
    assert en != fr  # "Discard all" / its French name


def test_the_focused_special_card_says_what_it_does(app: App, outdir: Path) -> None:
    game = build(["YDA Y3 G4 WAA", "R1 R2 R3", "G1 G2 G3", "B1 B2 B3"], "Y9", turn=0,
                 ed="attack")
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    i = table.model.hand.index(Card.parse("YDA"))
    table.focus_id(f"card{i}")
    assert card_caption(table) == (i, i18n._(caption_of(Rank.DISCARD_ALL)))
    shot(app, outdir, "discard_all_caption")
    table.focus_id(f"card{table.model.hand.index(Card.parse('Y3'))}")
    assert card_caption(table) == (-1, "")  # a number says itself
    table.focus_id(f"card{table.model.hand.index(Card.parse('WAA'))}")
    assert "Attack-Attack" in card_caption(table)[1]
    shot(app, outdir, "attack_attack_caption")


def test_every_action_face_side_by_side(app: App, outdir: Path) -> None:
    """A sheet of every action card at hand size, in English and French, to look at."""
    from game.ui import theme

    codes = ["RS", "YR", "G+2", "W", "W+4", "RH2", "YDA", "GD2", "WH4", "WAA", "WCU", "WCL",
             "WGA", "WVL"]
    w = app.top.layout.card_w if hasattr(app.top, "layout") else 92  # type: ignore[union-attr]
    for lang in ("en", "fr"):
        i18n.set_language(lang)
        try:
            sheet = pygame.Surface((len(codes) * (w + 8) + 8, int(w * 1.5) + 16))
            sheet.fill(theme.FELT_DARK)
            for k, code in enumerate(codes):
                face = cardart.face(Card.parse(code), w)
                assert face.get_width() == w
                sheet.blit(face, (8 + k * (w + 8), 8))
            pygame.image.save(sheet, str(outdir / f"action_faces_{lang}.png"))
        finally:
            i18n.set_language("en")


def test_a_caption_never_covers_your_turn_label_nor_the_log(app: App, outdir: Path) -> None:
    """Seen on the end-to-end screenshots: a card's caption hid "Zoé — your turn", and at
    the hand's left end it covered the top of the log."""
    from game.ui.table.panels import caption_box

    hand = "RS RS Y6 YDA G2 G5 GDA B2 B3 B5 B7 BH2 W WAA WCU"
    game = build([hand, "R1 R2 R3", "G1 G2 G3", "B1 B2 B3"], "R6", turn=0, ed="attack")
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    lay = table.layout
    label = pygame.Rect(lay.my_plate.left, lay.my_plate.bottom - int(26 * lay.s),
                        int(lay.size[0] * 0.3), int(26 * lay.s))
    shown = 0
    for i in range(len(table.model.hand)):
        table.focus_id(f"card{i}")
        pump(app, 0.5)  # the fan makes room
        box, lines, _px = caption_box(table, table.hand_rects())
        if not lines:
            continue
        shown += 1
        assert not box.colliderect(label), (i, box, label)
        assert not box.colliderect(lay.log), (i, box, lay.log)
        assert pygame.Rect((0, 0), lay.size).contains(box)
        if i == 0:
            shot(app, outdir, "leftmost_caption")
    assert shown >= 8


def test_T7_a_triple_play_wild_says_it_names_no_colour(app: App) -> None:
    """Seen on the overload screenshot: Triple Play's Wild said "name the colour", which
    its rules (T-7) say it does not."""
    from tests.editions.helpers import build as build_edition

    game = build_edition("triple", ["W Y2", "R1 R2 R3", "G1 G2 G3", "B1 B2 B3"],
                         ["B9", "G5", "Y5"], turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    table.focus_id(f"card{table.model.hand.index(Card.parse('W'))}")
    _i, words = card_caption(table)
    assert "no colour" in words and "name the colour" not in words
    i18n.set_language("fr")
    try:
        assert "ne choisit pas de couleur" in card_caption(table)[1]
    finally:
        i18n.set_language("en")
    official = table_for(app, build(["W Y2", "R1", "G1", "B1"], "Y9", turn=0), "HAAA")
    pump(app, until=official.my_turn)
    official.focus_id(f"card{official.model.hand.index(Card.parse('W'))}")
    assert "name the colour" in card_caption(official)[1]


def test_a_caption_makes_way_for_the_tables_animations(app: App) -> None:
    """Seen under Xvfb: the "UNO!" called over your hand was drawn across the words of
    the focused card's caption; the caption comes back once the table is still."""
    app.settings.animation_speed = 1.0
    game = build(["RS R7", "R1 R2 R3", "G1 G2 G3", "B1 B2 B3"], "R9", turn=0)
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    table.focus_id(f"card{table.model.hand.index(Card.parse('RS'))}")
    assert card_caption(table)[0] >= 0
    app.dispatch(I.CallUno())
    pump(app, 0.05)
    assert not table.presenter.idle and card_caption(table) == (-1, "")
    pump(app, until=lambda: table.presenter.idle and table.my_turn())
    table.focus_id(f"card{table.model.hand.index(Card.parse('RS'))}")
    assert "Skip" in card_caption(table)[1]


def test_the_keys_say_each_card_and_what_it_does(app: App) -> None:
    """Issue 13, done when: the faces' captions reach a player who cannot see the screen —
    moving through the hand with the keys says the card and, for an action card, what it
    does (in the player's language)."""
    said: list[str] = []
    app.sound.say = lambda words: said.append(str(words)) or True  # type: ignore[method-assign]
    app.settings.narration = "full"
    game = build(["YDA Y3 WAA", "R1 R2 R3", "G1 G2 G3", "B1 B2 B3"], "Y9", turn=0,
                 ed="attack")
    table = table_for(app, game, "HAAA")
    pump(app, until=table.my_turn)
    hand = [str(c) for c in table.model.hand]
    app.dispatch(I.Navigate(-99, 0))  # Home
    for _ in hand[1:]:
        app.dispatch(I.Navigate(1, 0))
    words = dict(zip(hand, said[-len(hand):]))
    assert words["Y3"] == "a yellow 3"
    assert words["YDA"].startswith("a yellow Discard All. Discard All: play it with every")
    assert "Attack-Attack: name the colour and any player" in words["WAA"]
    i18n.set_language("fr")
    try:
        app.dispatch(I.Navigate(-99, 0))
        assert said[-1] == "un 3 jaune"
        app.dispatch(I.Navigate(hand.index("YDA"), 0))
        assert said[-1].startswith("un Tout défausser jaune. Tout défausser\u00a0: pose-la")
    finally:
        i18n.set_language("en")
    app.settings.narration = "off"
    count = len(said)
    app.dispatch(I.Navigate(1, 0))
    assert len(said) == count  # the voice off: nothing said
