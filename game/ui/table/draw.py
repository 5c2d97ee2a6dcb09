"""Drawing the table: felt, piles, colour, direction, seats, your hand and buttons; the
text around them (captions, log, house rules, prompts, toasts) is :mod:`panels`.

Pure drawing from the table scene's model, layout and controls; nothing here changes
state. Everything costly (the felt, card faces, rotated discards, text) is cached, so a
frame is mostly blits.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.rules.cards import WILD, Card, Colour
from game.ui import anim, cardart, family, text, theme
from game.ui.avatars import draw_avatar
from game.ui.backdrop import felt
from game.ui.table import panels, queries
from game.ui.table.phones import on_phone, phone_tag
from game.ui.widgets import focus_ring, panel
from game.voice.narrate import COLOUR_NAMES

if TYPE_CHECKING:
    from game.ui.table.host import TableFace
    from game.ui.table.model import Drag

_ROTATED: OrderedDict[tuple[int, int, int, bool], pygame.Surface] = OrderedDict()


def clear_caches() -> None:
    """Forget the cached rotated faces (their surfaces belong to a closed display)."""
    _ROTATED.clear()
    _FANNED.clear()
    _HALOS.clear()


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
    panels.draw_log(surface, scene)
    panels.draw_info(surface, scene)
    for i, c in enumerate(scene.controls):
        if c.id.startswith(("card", "draw", "seat")):
            continue
        c.draw(surface, i == scene.focus and scene.shows_focus(), i == scene.hover, lay.s)
    for sp in scene.presenter.sprites:
        sp.draw(surface)
    for dev in scene.devices:
        dev.draw(surface, "over")
    panels.draw_house_prompt(surface, scene)
    panels.draw_toast(surface, scene)
    del m


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
    if queries.shows_scores(scene):
        text.draw(surface, _("{points} pts").format(points=m.scores[player]), int(13 * ps),
                  (plate.right - 6 * ps, plate.top + 6 * ps), theme.TEXT_DIM, "topright")
    avatar = family.faces(scene.app, scene.session.player_ids)[player]
    centre = (max(plate.left, face // 2 + 2), plate.top + int(plate.height * 0.42))
    at = draw_avatar(surface, avatar, centre, face)
    if not scene.session.is_human(player):
        tag = pygame.Rect(0, 0, int(24 * ps), int(15 * ps))
        tag.midtop = (at.centerx, at.bottom - int(6 * ps))
        pygame.draw.rect(surface, theme.PANEL, tag, border_radius=tag.height // 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, tag, max(1, int(ps)),
                         border_radius=tag.height // 2)
        text.draw(surface, _("AI"), int(12 * ps), tag.center, theme.TEXT_DIM, "center")
    elif on_phone(scene.session, player):
        phone_tag(surface, scene, player, at, ps)
    if count == 1:
        badge = pygame.Rect(0, 0, int(44 * ps), int(22 * ps))
        badge.center = (plate.right - int(6 * ps), plate.bottom - int(8 * ps))
        pygame.draw.rect(surface, theme.BUTTON_PRIMARY, badge, border_radius=badge.height // 2)
        text.draw(surface, _("UNO"), int(14 * ps), badge.center, theme.ACCENT, "center")
    if scene.ring_id() == f"seat{player}":
        focus_ring(surface, plate, ps)


def _my_side(surface: pygame.Surface, scene: TableFace) -> None:
    lay, m = scene.layout, scene.model
    rects = queries.hand_cards(scene)  # (first: it fits the hand, and your name over it)
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
        at = draw_avatar(surface, avatar, (plate.left + face // 2, plate.bottom - face // 2),
                         face)
        if on_phone(scene.session, bottom):
            phone_tag(surface, scene, bottom, at, lay.s)
        text.draw(surface, label, px, (plate.left + face + int(8 * lay.s), plate.bottom - int(
            4 * lay.s)), colour, "bottomleft", shadow=True)
    n = len(rects)
    playable = scene.playable_indices()
    jumps = scene.jump_indices()
    focus = scene.ring_id()
    lifted = scene.focused_id()
    drag = scene.input.drag if scene.input.drag is not None and scene.input.drag.moved \
        else None
    glows = {i for i in range(n) if (i in playable and scene.settings.highlight_playable)
             or i in jumps}
    order = lay.hand_order(n)
    # each tier's glows first, then its cards: a glow never covers a card's corner
    for tier in (0, 1):
        cards = [i for i in order if lay.hand_tier(i, n) == tier]
        for i in cards:
            if i in glows and (drag is None or i != drag.index):
                angle = 0 if lifted == f"card{i}" else lay.hand_angle(i, n)
                halo = card_halo(lay.card_w, angle, lay.glow)
                surface.blit(halo, halo.get_rect(center=rects[i].center))
        for i in cards:
            _hand_card(surface, scene, i, rects[i], n, (lifted, focus), drag)
    panels.draw_caption(surface, scene, rects)
    if drag is not None:
        _dragged(surface, scene, drag.card, drag.pos, drag.grab, rects, drag.index)


def _hand_card(surface: pygame.Surface, scene: TableFace, i: int, rect: pygame.Rect, n: int,
               focused: tuple[str | None, str | None], drag: Drag | None) -> None:
    """Card ``i`` of ``n`` of the hand at the bottom (face up, or its back at a table of AI
    players); ``focused``: the focused control's id, and the one with the ring."""
    lay, m = scene.layout, scene.model
    lifted, focus = focused
    marks = scene.settings.colour_blind_marks
    if drag is not None and i == drag.index:  # in the hand's place, only its outline
        pygame.draw.rect(surface, theme.FELT_DARK, rect, max(2, int(3 * lay.s)),
                         border_radius=rect.width // 10)
        return
    card = m.hand[i] if i < len(m.hand) else None
    angle = 0 if lifted == f"card{i}" else lay.hand_angle(i, n)
    if angle:  # a fanned card, turned (cached per card and angle)
        img = fanned_card(card, lay.card_w, angle, marks, 0)
        surface.blit(img, img.get_rect(center=rect.center))
        return
    img = cardart.face(card, lay.card_w, marks) if card is not None else \
        cardart.back(lay.card_w)
    surface.blit(img, rect)
    if focus == f"card{i}":
        focus_ring(surface, rect, lay.s)


_HALOS: dict[tuple[int, int, int], pygame.Surface] = {}


def card_halo(width: int, angle: int, glow: int) -> pygame.Surface:
    """The playable glow round a hand card ``width`` wide, tilted by ``angle`` (cached)."""
    key = (width, angle, glow)
    surf = _HALOS.get(key)
    if surf is None:
        w, h = cardart.card_size(width)
        flat = pygame.Surface((w + 2 * glow, h + 2 * glow), pygame.SRCALPHA)
        pygame.draw.rect(flat, theme.ACCENT, flat.get_rect(), border_radius=flat.get_width() // 9)
        surf = pygame.transform.rotate(flat, angle) if angle else flat
        if len(_HALOS) > 120:
            _HALOS.clear()
        _HALOS[key] = surf
    return surf


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
    if queries.drop_zone(scene).collidepoint(pos):
        ring = lay.discard.inflate(int(26 * lay.s), int(26 * lay.s))
        pygame.draw.rect(surface, theme.ACCENT, ring, max(3, int(5 * lay.s)),
                         border_radius=ring.width // 8)
    angle = max(-12, min(12, round((grab[0] - pos[0]) / max(1.0, 30 * lay.s)))) * 2
    img = fanned_card(card, lay.card_w, angle, scene.settings.colour_blind_marks, 0) \
        if angle else cardart.face(card, lay.card_w, scene.settings.colour_blind_marks)
    shade = anim.shadow(lay.card_w, angle)
    surface.blit(shade, shade.get_rect(center=(centre[0] + 8, centre[1] + 12)))
    surface.blit(img, img.get_rect(center=centre))


def _bottom_ai(scene: TableFace) -> int | None:
    """The player sitting at the bottom when nobody's hand is shown there (a table of AI
    players, or of people on phones: their cards face down where a hand would be), else
    ``None``."""
    if scene.viewer is not None:
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
