"""The table's text panels: the caption of the card in focus, the log, the info line and
the house rules tonight, H-1's and H-3's prompts, and the toast. Pure drawing from the
table scene, as :mod:`game.ui.table.draw`, which calls these each frame."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.rules import events as E
from game.rules.cards import RANK_OF, Rank
from game.setup.house_rules import header_labels
from game.ui import text, theme
from game.ui.card_faces import caption_of
from game.ui.table.queries import info_line
from game.ui.widgets import panel
from game.voice.narrate import card_name

if TYPE_CHECKING:
    from game.ui.table.host import TableFace


#: H-1: what answers a stack, by the rank on top.
STACK_WITH: dict[int, str] = {
    Rank.DRAW_TWO: N_("stack a Draw Two"),
    Rank.WILD_DRAW_FOUR: N_("stack a Wild Draw Four"),
    Rank.HIT_TWO: N_("stack a Hit 2"),
    Rank.WILD_HIT_FOUR: N_("stack a Wild Hit 4"),
}


def house_prompt(scene: TableFace) -> str:
    """What a house rule asks of the person now, in words over their hand: a stack coming
    to them (H-1), or a card of theirs that may jump in (H-3); "" for nothing."""
    s = scene.session
    main = scene.input.choices().main() if scene.my_turn() else None
    if main is not None and main.hand and s.stack_total() > 0:
        total = s.stack_total()
        top = s.stack_card()
        rank = RANK_OF[top] if top is not None else Rank.DRAW_TWO
        if scene.playable_indices():
            return _("+{total} coming to you — {stack} or take {total}").format(
                total=total, stack=_(STACK_WITH.get(rank, STACK_WITH[Rank.DRAW_TWO])))
        return _("+{total} coming to you — nothing to stack: take {total}").format(
            total=total)
    jumps = scene.jump_indices()
    if jumps:
        card = scene.model.hand[min(jumps)]
        return _("Jump in! Press J or click {card}").format(card=card_name(card))
    return ""


def draw_house_prompt(surface: pygame.Surface, scene: TableFace) -> None:
    words = house_prompt(scene)
    if not words:
        return
    lay = scene.layout
    px = text.fit(words, int(22 * lay.s), int(lay.size[0] * 0.6))
    width = text.size(words, px)[0] + int(36 * lay.s)
    box = pygame.Rect(0, 0, width, int(px * 1.9))
    box.midbottom = (lay.size[0] // 2, lay.draw_pile.top - int(14 * lay.s))  # over the piles
    pygame.draw.rect(surface, theme.ACCENT, box.inflate(4, 4), border_radius=box.height // 2)
    panel(surface, box, lay.s, 240)
    text.draw(surface, words, px, box.center, theme.ACCENT, "center", shadow=True)


#: The buttons a drawn card's caption keeps clear of (C-9).
DRAWN_BUTTONS = ("play_drawn", "keep_drawn")


def card_caption(scene: TableFace) -> tuple[int, str]:
    """(index, words) of what the focused (or pointed at) card of your hand does; (-1, "")
    for a number card or none. A message over your hand has the room first, and so do the
    table's animations (an "UNO!" called over your hand covered the caption's words)."""
    focus = scene.focused_id() or ""
    if not focus.startswith("card") or not focus[4:].isdigit() or scene.toast_text() \
            or not scene.shows_focus() or not scene.presenter.idle:
        return -1, ""
    i = int(focus[4:])
    hand = scene.model.hand
    if i >= len(hand):
        return -1, ""
    msgid = caption_of(RANK_OF[hand[i]], scene.session.edition)
    return (i, _(msgid)) if msgid else (-1, "")


def caption_box(scene: TableFace, rects: list[pygame.Rect]) -> tuple[pygame.Rect, list[str], int]:
    """Where the focused card's caption goes, its lines and their size (an empty rect when
    there is none): over the card, above the line with your name and "your turn" (never
    over it), and within the hand's width (never over the log beside it)."""
    i, words = card_caption(scene)
    if i < 0 or i >= len(rects):
        return pygame.Rect(0, 0, 0, 0), [], 0
    lay = scene.layout
    s = lay.s
    px = max(12, int(17 * s))
    screen = pygame.Rect((0, 0), lay.size)
    buttons = [c.rect for c in scene.controls
               if c.id in DRAWN_BUTTONS and getattr(c, "visible", True)]
    if buttons:  # Play it / Keep it (C-9) show: the caption goes beside them, never under
        box = beside(buttons, words, px, s, screen)
        return box, text.wrap(words, px, box.width - int(24 * s)), px
    width = int(380 * s)
    lines = text.wrap(words, px, width)
    box = pygame.Rect(0, 0, width + int(24 * s), int(len(lines) * px * 1.3 + 16 * s))
    label_top = lay.my_plate.bottom - int(28 * s)
    box.midbottom = (rects[i].centerx, min(rects[i].top - int(10 * s), label_top))
    room = pygame.Rect(lay.hand_area.left, 0, lay.hand_area.width, lay.size[1])
    box.clamp_ip(room if room.width >= box.width else screen)
    return box, lines, px


def beside(buttons: list[pygame.Rect], words: str, px: int, s: float,
           screen: pygame.Rect) -> pygame.Rect:
    """The caption's box to the right of the drawn card's buttons, level with them and up
    to the window's margin (the band between the piles and the hand holds the buttons or
    the words, not both, in a small window)."""
    left = max(r.right for r in buttons) + int(12 * s)
    width = screen.right - int(14 * s) - left
    lines = text.wrap(words, px, width - int(24 * s))
    box = pygame.Rect(left, 0, width, int(len(lines) * px * 1.3 + 16 * s))
    box.bottom = max(r.bottom for r in buttons)
    return box


def draw_caption(surface: pygame.Surface, scene: TableFace, rects: list[pygame.Rect]) -> None:
    box, lines, px = caption_box(scene, rects)
    if not lines:
        return
    s = scene.layout.s
    pygame.draw.rect(surface, theme.ACCENT, box.inflate(4, 4), border_radius=int(10 * s))
    panel(surface, box, s, 245)
    y = box.top + int(8 * s)
    for line in lines:
        text.draw(surface, line, px, (box.centerx, y), theme.TEXT, "midtop")
        y += int(px * 1.3)


def draw_log(surface: pygame.Surface, scene: TableFace) -> None:
    lay = scene.layout
    box = lay.log
    panel(surface, box, lay.s, 150)
    px = max(11, int(14 * lay.s))
    inner = box.inflate(-int(16 * lay.s), -int(12 * lay.s))
    lines = scene.log_lines()
    wrapped: list[str] = []
    for line in lines:
        wrapped += text.wrap(line, px, inner.width)
    step = int(px * 1.25)
    fit = max(1, inner.height // step)
    y = inner.top
    shown = wrapped[-fit:]
    for k, line in enumerate(shown):
        fade = theme.mix(theme.TEXT_DIM, theme.TEXT, (k + 1) / len(shown))
        text.draw(surface, line, px, (inner.left, y), fade)
        y += step


def draw_info(surface: pygame.Surface, scene: TableFace) -> None:
    lay = scene.layout
    line = text.draw(surface, info_line(scene), int(16 * lay.s), lay.info, theme.TEXT_DIM,
                     shadow=True)
    draw_house_rules(surface, scene, line.bottom + int(6 * lay.s))


def draw_house_rules(surface: pygame.Surface, scene: TableFace, top: int) -> list[pygame.Rect]:
    """Tonight's house rules under the info line: "House rules" and a chip per rule (their
    short labels, from the registry), wrapped short of any seat's plate. Returns the rects
    drawn (the title's, then the chips')."""
    labels = header_labels(scene.session.ruleset)
    if not labels:
        return []
    lay = scene.layout
    s = lay.s
    px = max(11, int(15 * s))
    pad, gap = int(7 * s), int(6 * s)
    chip_h = int(px * 1.5)
    x0 = int(lay.info[0])
    title = text.draw(surface, _("House rules:"), px, (x0, top + (chip_h - px) // 2 - 1),
                      theme.TEXT_DIM, shadow=True)
    start = title.right + gap

    def room(y: int) -> int:
        """Where a row of chips at ``y`` must stop: short of the plates beside it and the
        menu button (half the width at most)."""
        near = [spot.plate.left for spot in lay.seats.values()
                if spot.plate.right > x0 and spot.plate.top < y + chip_h + gap
                and spot.plate.bottom > y - gap]
        return min([lay.size[0] // 2, lay.menu.left, *near]) - gap

    drawn = [title]
    x, y = start, top
    for i, label in enumerate(labels):
        w = text.size(label, px)[0] + 2 * pad
        if x + w > room(y) and x > start:
            x, y = start, y + chip_h + gap // 2
        crowded = x + w > room(y)
        if crowded:  # no room left at all (a crowded table): say how many more
            label = f"+{len(labels) - i}"
            w = text.size(label, px)[0] + 2 * pad
        chip = pygame.Rect(x, y, w, chip_h)
        pygame.draw.rect(surface, theme.PANEL, chip, border_radius=chip_h // 2)
        pygame.draw.rect(surface, theme.ACCENT, chip, max(1, int(1.5 * s)),
                         border_radius=chip_h // 2)
        text.draw(surface, label, px, chip.center, theme.TEXT, "center")
        drawn.append(chip)
        if crowded:
            break
        x = chip.right + gap
    return drawn


def draw_toast(surface: pygame.Surface, scene: TableFace) -> None:
    msg = scene.toast_text()
    if not msg:
        return
    lay = scene.layout
    px = int(20 * lay.s)
    width = int(lay.size[0] * 0.5)
    lines = text.wrap(msg, px, width)
    h = int(len(lines) * px * 1.3 + 20 * lay.s)
    box = pygame.Rect(0, 0, width + int(30 * lay.s), h)
    box.midbottom = (lay.size[0] // 2, lay.my_plate.top - int(6 * lay.s))  # over your hand
    pygame.draw.rect(surface, theme.DANGER, box.inflate(4, 4), border_radius=int(12 * lay.s))
    panel(surface, box, lay.s, 245)
    y = box.top + int(10 * lay.s)
    for line in lines:
        text.draw(surface, line, px, (box.centerx, y), theme.TEXT, "midtop")
        y += int(px * 1.3)


def log_lines(narrate: Callable[[Sequence[E.Event]], list[str]], events: list[E.Event],
              viewer: int | None) -> list[str]:
    """The log's lines for the player at the screen (hidden cards redacted for them);
    ``narrate`` gives the narrator's lines (:meth:`game.voice.narrate.Narrator.lines`)."""
    who = -1 if viewer is None else viewer
    out: list[str] = []
    for line in narrate([E.redact(e, who) for e in events]):
        out += [part for part in line.split("\n") if part]
    return out
