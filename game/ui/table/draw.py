"""Drawing the table: felt, piles, colour, direction, seats, your hand, buttons and the log.

Pure drawing from the table scene's model, layout and controls; nothing here changes
state. Everything costly (the felt, card faces, rotated discards, text) is cached, so a
frame is mostly blits.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import TYPE_CHECKING

import pygame

from game.house_rules import header_labels
from game.i18n import N_, _, ngettext
from game.narrate import COLOUR_NAMES, Narrator, card_name
from game.rules import events as E
from game.rules.cards import RANK_OF, WILD, Card, Colour, Rank
from game.rules.engine import Decision
from game.ui import anim, cardart, family, text, theme
from game.ui.avatars import draw_avatar
from game.ui.backdrop import felt
from game.ui.card_faces import caption_of
from game.ui.widgets import focus_ring, panel

if TYPE_CHECKING:
    from game.ui.table.host import TableFace

_ROTATED: OrderedDict[tuple[int, int, int, bool], pygame.Surface] = OrderedDict()


def clear_caches() -> None:
    """Forget the cached rotated faces (their surfaces belong to a closed display)."""
    _ROTATED.clear()
    _FANNED.clear()


def rotated_face(card: Card, width: int, angle: int, marks: bool) -> pygame.Surface:
    key = (int(card), width, angle, marks)
    surf = _ROTATED.get(key)
    if surf is None:
        surf = pygame.transform.rotate(cardart.face(card, width, marks), angle)
        _ROTATED[key] = surf
        if len(_ROTATED) > 120:
            _ROTATED.popitem(last=False)
    return surf


_FANNED: OrderedDict[tuple[int, int, int, bool, int], pygame.Surface] = OrderedDict()


def fanned_card(card: Card | None, width: int, angle: int, marks: bool,
                glow: int) -> pygame.Surface:
    """A card of your hand tilted in the fan, with its playable glow (``glow`` pixels, 0:
    none) turned with it; cached, so a steady hand costs blits only."""
    key = (-1 if card is None else int(card), width, angle, marks, glow)
    surf = _FANNED.get(key)
    if surf is None:
        img = cardart.face(card, width, marks) if card is not None else cardart.back(width)
        if glow:
            flat = pygame.Surface((img.get_width() + 2 * glow, img.get_height() + 2 * glow),
                                  pygame.SRCALPHA)
            pygame.draw.rect(flat, theme.ACCENT, flat.get_rect(),
                             border_radius=flat.get_width() // 9)
            flat.blit(img, (glow, glow))
            img = flat
        surf = pygame.transform.rotate(img, angle)
        _FANNED[key] = surf
        if len(_FANNED) > 160:
            _FANNED.popitem(last=False)
    else:
        _FANNED.move_to_end(key)
    return surf


def draw_table(surface: pygame.Surface, scene: TableFace) -> None:
    lay, m = scene.layout, scene.model
    surface.blit(felt(lay.size), (0, 0))
    for dev in scene.devices:
        dev.draw(surface, "under")
    _direction(surface, scene)
    _piles(surface, scene)
    for player in lay.seats:
        _seat(surface, scene, player)
    _my_side(surface, scene)
    _log(surface, scene)
    _info(surface, scene)
    for i, c in enumerate(scene.controls):
        if c.id.startswith(("card", "draw", "seat")):
            continue
        c.draw(surface, i == scene.focus and scene.shows_focus(), i == scene.hover, lay.s)
    for sp in scene.presenter.sprites:
        sp.draw(surface)
    for dev in scene.devices:
        dev.draw(surface, "over")
    _house_prompt(surface, scene)
    _toast(surface, scene)
    del m


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
    if scene.my_turn() and scene.model.decision is Decision.STACK:
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


def _house_prompt(surface: pygame.Surface, scene: TableFace) -> None:
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


def _direction(surface: pygame.Surface, scene: TableFace) -> None:
    """Two arcs with arrowheads around the piles, turning the way play goes."""
    lay, m = scene.layout, scene.model
    cx, cy = lay.centre
    rx, ry = lay.card_w * 2.15, lay.card_h * 0.92
    tw = scene.presenter.direction_tween
    spin = 0.0 if tw is None else (1 - tw.t) * math.pi
    colour = theme.mix(theme.FELT_LIGHT, theme.TEXT, 0.35)
    width = max(2, int(4 * lay.s))
    for half in (0, 1):
        a0 = half * math.pi + 0.35 + spin
        pts = [(cx + rx * math.cos(a0 + k * 0.1), cy + ry * math.sin(a0 + k * 0.1))
               for k in range(25)]
        pygame.draw.lines(surface, colour, False, pts, width)
        end = pts[-1] if m.direction > 0 else pts[0]
        prev = pts[-2] if m.direction > 0 else pts[1]
        ang = math.atan2(end[1] - prev[1], end[0] - prev[0])
        hl = 14 * lay.s
        left = (end[0] - hl * math.cos(ang - 0.5), end[1] - hl * math.sin(ang - 0.5))
        right = (end[0] - hl * math.cos(ang + 0.5), end[1] - hl * math.sin(ang + 0.5))
        pygame.draw.polygon(surface, colour, [end, left, right])


def _piles(surface: pygame.Surface, scene: TableFace) -> None:
    owned: set[str] = set()
    for dev in scene.devices:
        owned |= dev.replaces
    if "draw" not in owned:
        _draw_pile(surface, scene)
    if "discard" not in owned:
        _discard(surface, scene)
    for dev in scene.devices:
        if dev.replaces:
            dev.draw(surface, "piles")


def _draw_pile(surface: pygame.Surface, scene: TableFace) -> None:
    lay, m = scene.layout, scene.model
    back = cardart.back(lay.card_w)
    depth = min(6, m.draw_size // 12 + (1 if m.draw_size else 0))
    r = lay.draw_pile
    if depth == 0:
        pygame.draw.rect(surface, theme.FELT_DARK, r, max(2, int(3 * lay.s)),
                         border_radius=r.width // 10)
    for k in range(depth):
        surface.blit(back, r.move(-k * 2, -k * 2))
    text.draw(surface, str(m.draw_size), int(18 * lay.s), (r.centerx, r.bottom + 6 * lay.s),
              theme.TEXT_DIM, "midtop")
    if scene.ring_id() == "draw":
        focus_ring(surface, r, lay.s)


def _discard(surface: pygame.Surface, scene: TableFace) -> None:
    lay, m = scene.layout, scene.model
    marks = scene.settings.colour_blind_marks
    d = lay.discard
    if m.colour != WILD and m.discard:
        rgb = theme.CARD_RGB[m.colour]
        glow = d.inflate(int(22 * lay.s), int(22 * lay.s))
        pygame.draw.rect(surface, rgb, glow, border_radius=glow.width // 8)
        pygame.draw.rect(surface, theme.SHADOW, glow, max(1, int(2 * lay.s)),
                         border_radius=glow.width // 8)
    shown = m.discard[-4:]
    for k, c in enumerate(shown):
        angle = ((int(c) * 37 + k * 53) % 25) - 12 if k < len(shown) - 1 else 0
        img = rotated_face(c, lay.card_w, angle, marks) if angle else \
            cardart.face(c, lay.card_w, marks)
        surface.blit(img, img.get_rect(center=d.center))
    if m.colour != WILD and m.discard:
        label = _(COLOUR_NAMES[Colour(m.colour)])
        pos = (d.centerx, d.bottom + 14 * lay.s)
        mark = cardart.shape_mark(m.colour, int(18 * lay.s)) if marks else None
        rect = text.draw(surface, label, int(20 * lay.s), pos, theme.TEXT, "midtop", shadow=True)
        if mark is not None:
            surface.blit(mark, mark.get_rect(midright=(rect.left - 6 * lay.s, rect.centery)))


def _seat(surface: pygame.Surface, scene: TableFace, player: int) -> None:
    lay, m = scene.layout, scene.model
    spot = lay.seats[player]
    ps = lay.plate_s
    active = m.to_act == player and not scene.session.over
    plate = spot.plate
    panel(surface, plate, ps, 200)
    if active:
        w = max(2, int(4 * ps))
        pygame.draw.rect(surface, theme.ACCENT, plate.inflate(w * 2, w * 2), w,
                         border_radius=int(18 * ps))
    face = int(50 * ps)  # the player's face, astride the plate's left edge
    name = m.names[player]
    px = text.fit(name, int(20 * ps), plate.width - int(16 * ps) - face)
    text.draw(surface, name, px, (plate.centerx, plate.top + 5 * ps),
              theme.ACCENT if active else theme.TEXT, "midtop")
    count = m.counts[player]
    for r in lay.small_fan(player, count):
        surface.blit(cardart.back(lay.small_w), r)
    label = ngettext("{count} card", "{count} cards", count).format(count=count)
    text.draw(surface, label, int(15 * ps), (plate.centerx, plate.bottom - 4 * ps),
              theme.TEXT_DIM, "midbottom")
    if scene.shows_scores():
        text.draw(surface, _("{points} pts").format(points=m.scores[player]), int(13 * ps),
                  (plate.right - 6 * ps, plate.top + 6 * ps), theme.TEXT_DIM, "topright")
    avatar = family.faces(scene.app, scene.session.player_ids)[player]
    centre = (max(plate.left, face // 2 + 2), plate.top + int(plate.height * 0.42))
    at = draw_avatar(surface, avatar, centre, face)
    if scene.is_ai(player):
        tag = pygame.Rect(0, 0, int(24 * ps), int(15 * ps))
        tag.midtop = (at.centerx, at.bottom - int(6 * ps))
        pygame.draw.rect(surface, theme.PANEL, tag, border_radius=tag.height // 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, tag, max(1, int(ps)),
                         border_radius=tag.height // 2)
        text.draw(surface, _("AI"), int(12 * ps), tag.center, theme.TEXT_DIM, "center")
    if count == 1:
        badge = pygame.Rect(0, 0, int(44 * ps), int(22 * ps))
        badge.center = (plate.right - int(6 * ps), plate.bottom - int(8 * ps))
        pygame.draw.rect(surface, theme.BUTTON_PRIMARY, badge, border_radius=badge.height // 2)
        text.draw(surface, _("UNO"), int(14 * ps), badge.center, theme.ACCENT, "center")
    if scene.ring_id() == f"seat{player}":
        focus_ring(surface, plate, ps)


def _my_side(surface: pygame.Surface, scene: TableFace) -> None:
    lay, m = scene.layout, scene.model
    marks = scene.settings.colour_blind_marks
    me = lay.me
    my_turn = scene.my_turn()
    bottom = me if me is not None else _bottom_ai(scene)
    if bottom is not None:
        plate = lay.my_plate
        label = turn_label(scene) if me is not None else m.names[bottom]
        px = text.fit(label, int(20 * lay.s), int(lay.size[0] * 0.5))
        active = my_turn or (me is None and m.to_act == bottom and not scene.session.over)
        colour = theme.ACCENT if active else theme.TEXT
        face = int(34 * lay.s)  # your face, before your name
        avatar = family.faces(scene.app, scene.session.player_ids)[bottom]
        draw_avatar(surface, avatar, (plate.left + face // 2, plate.bottom - face // 2), face)
        text.draw(surface, label, px, (plate.left + face + int(8 * lay.s), plate.bottom - int(
            4 * lay.s)), colour, "bottomleft", shadow=True)
    rects = scene.hand_rects()
    playable = scene.playable_indices()
    jumps = scene.jump_indices()
    focus = scene.ring_id()
    lifted = scene.focused_id()
    glow_px = int(5 * lay.s)
    drag = scene.drag if scene.drag is not None and scene.drag.moved else None
    for i, rect in enumerate(rects):
        card = m.hand[i] if i < len(m.hand) else None
        if drag is not None and i == drag.index:  # in the hand's place, only its outline
            pygame.draw.rect(surface, theme.FELT_DARK, rect, max(2, int(3 * lay.s)),
                             border_radius=rect.width // 10)
            continue
        glow = (i in playable and scene.settings.highlight_playable) or i in jumps
        angle = 0 if lifted == f"card{i}" else lay.fan_angle(i, len(rects))
        if angle:  # a fanned card, turned with its glow (cached per card and angle)
            img = fanned_card(card, lay.card_w, angle, marks, glow_px if glow else 0)
            surface.blit(img, img.get_rect(center=rect.center))
            continue
        img = cardart.face(card, lay.card_w, marks) if card is not None else \
            cardart.back(lay.card_w)
        if glow:
            halo = rect.inflate(2 * glow_px, 2 * glow_px)
            pygame.draw.rect(surface, theme.ACCENT, halo, border_radius=halo.width // 9)
        surface.blit(img, rect)
        if focus == f"card{i}":
            focus_ring(surface, rect, lay.s)
    _caption(surface, scene, rects)
    if drag is not None:
        _dragged(surface, scene, drag.card, drag.pos, drag.grab, rects, drag.index)


def _dragged(surface: pygame.Surface, scene: TableFace, card: Card, pos: tuple[int, int],
             grab: tuple[int, int], rects: list[pygame.Rect], index: int) -> None:
    """The card under the mouse, held where it was taken, tilted a little by the way it
    goes; the pile it would land on lights up while it is over the table."""
    lay = scene.layout
    if index < len(rects):
        held = (grab[0] - rects[index].centerx, grab[1] - rects[index].centery)
    else:
        held = (0, 0)
    centre = (pos[0] - held[0], pos[1] - held[1])
    if scene.drop_zone().collidepoint(pos):
        ring = lay.discard.inflate(int(26 * lay.s), int(26 * lay.s))
        pygame.draw.rect(surface, theme.ACCENT, ring, max(3, int(5 * lay.s)),
                         border_radius=ring.width // 8)
    angle = max(-12, min(12, round((grab[0] - pos[0]) / max(1.0, 30 * lay.s)))) * 2
    img = fanned_card(card, lay.card_w, angle, scene.settings.colour_blind_marks, 0) \
        if angle else cardart.face(card, lay.card_w, scene.settings.colour_blind_marks)
    shade = anim.shadow(lay.card_w, angle)
    surface.blit(shade, shade.get_rect(center=(centre[0] + 8, centre[1] + 12)))
    surface.blit(img, img.get_rect(center=centre))


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
    width = int(380 * s)
    lines = text.wrap(words, px, width)
    box = pygame.Rect(0, 0, width + int(24 * s), int(len(lines) * px * 1.3 + 16 * s))
    label_top = lay.my_plate.bottom - int(28 * s)
    box.midbottom = (rects[i].centerx, min(rects[i].top - int(10 * s), label_top))
    screen = pygame.Rect((0, 0), lay.size)
    room = pygame.Rect(lay.hand_area.left, 0, lay.hand_area.width, lay.size[1])
    box.clamp_ip(room if room.width >= box.width else screen)
    return box, lines, px


def _caption(surface: pygame.Surface, scene: TableFace, rects: list[pygame.Rect]) -> None:
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


def _bottom_ai(scene: TableFace) -> int | None:
    """The AI player sitting at the bottom of a table of AI players only (their cards face
    down where a person's hand would be), else ``None``."""
    if scene.session.humans:
        return None
    lay = scene.layout
    return next((p for p in range(len(scene.model.names)) if p not in lay.seats), None)


def turn_label(scene: TableFace) -> str:
    """The name under your hand, with "your turn" exactly while the engine waits for you
    and nothing moves on the table any more (the voice names you in that same frame)."""
    me = scene.layout.me
    if me is None:
        return ""
    name = scene.model.names[me]
    return _("{player} — your turn").format(player=name) if scene.my_turn() else name


def _log(surface: pygame.Surface, scene: TableFace) -> None:
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


def _info(surface: pygame.Surface, scene: TableFace) -> None:
    lay = scene.layout
    line = text.draw(surface, scene.info_line(), int(16 * lay.s), lay.info, theme.TEXT_DIM,
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


def _toast(surface: pygame.Surface, scene: TableFace) -> None:
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


def log_lines(narrator: Narrator, events: list[E.Event], viewer: int | None) -> list[str]:
    """The log's lines for the player at the screen (hidden cards redacted for them)."""
    who = -1 if viewer is None else viewer
    out: list[str] = []
    for line in narrator.lines([E.redact(e, who) for e in events]):
        out += [part for part in line.split("\n") if part]
    return out
