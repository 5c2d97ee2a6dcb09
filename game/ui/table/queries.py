"""What the table reads of itself: read-only questions the drawing, the controls and the
input ask of the table scene — the seats in order from the person at the screen, the
cards of their hand that may be played or may jump in now (and those a Discard All takes
down with it), where each card of the hand is drawn and where a dragged card is played,
whether the UNO! button means something now, whom a catch may name, and the info line.
What may be done is read from the person's choice description (:mod:`game.play.choices`).

Functions of the table (:class:`game.ui.table.host.TableFace`), which answers them
through its methods of the same names, so the scene stays about time, flow and input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.play.choices import JUMP_IN
from game.rules.cards import COLOUR_OF, RANK_OF, Rank
from game.rules.ruleset import MatchKind
from game.ui.editions import edition_ui

if TYPE_CHECKING:
    from game.ui.table.host import TableFace, TableHost

MATCH_TEXT = {
    MatchKind.STANDARD: N_("first to {target} points"),
    MatchKind.SINGLE_HAND: N_("a single hand"),
    MatchKind.RUNNING_TOTAL: N_("lowest total when someone reaches {target}"),
    MatchKind.PARTNERS: N_("partners, first team to {target}"),
    MatchKind.PARTNERS_ROTATING: N_("rotating partners, 12 hands"),
    MatchKind.TEAMS: N_("teams, first team to {target}"),
    MatchKind.CHALLENGE: N_("challenge: out at {target}, last one wins"),
}


def seat_order(t: TableHost) -> list[int]:
    """The seats round the table, from the person at the screen's (or the first seat's)."""
    seats = list(t.model.seats or t.session.seating)
    if not seats:
        return []
    first = t.viewer if t.viewer in seats else getattr(t, "anchor", None)
    first = first if first in seats else seats[0]  # (anchor: see TableScene.set_viewer)
    i = seats.index(first)
    return seats[i:] + seats[:i]


def playable_indices(t: TableFace) -> set[int]:
    """The cards of the hand the choice the person owes plays from the hand."""
    if not t.my_turn():
        return set()
    main = t.input.choices().main()
    if main is None or not main.hand:
        return set()
    cards = {c for o in main.options if isinstance(c := o.params.get("card"), str)}
    return {i for i, c in enumerate(t.model.hand) if str(c) in cards}


def jump_indices(t: TableFace) -> set[int]:
    """H-3: the cards of your hand that may jump in now (they glow; J or a click plays
    them): the twin of the card just played, while it is someone else's turn."""
    me = t.viewer
    card = t.session.jump_card()
    if me is None or len(t.session.humans) > 1 or card is None \
            or not t.model.discard or t.model.discard[-1] != card:
        return set()  # (not before the card is seen landing)
    jump = t.input.choices().choice(JUMP_IN)
    cards = set() if jump is None else \
        {c for o in jump.options if isinstance(c := o.params.get("card"), str)}
    return {i for i, c in enumerate(t.model.hand) if str(c) in cards}


def hand_cards(t: TableFace) -> list[pygame.Rect]:
    """Where each card of the hand at the bottom is drawn: at rest, or lifted (the focused
    card and what it takes along, and the playable ones half as far)."""
    count = len(t.model.hand)
    if t.viewer is None and t.model.seats:
        count = t.model.counts[seat_order(t)[0]]
    focus = t.focused_id() or ""
    at = int(focus[4:]) if focus.startswith("card") and focus[4:].isdigit() else None
    lay = t.layout
    lay.fit_hand(count)  # a hand in two tiers takes more room above it
    rects = lay.hand_rects(count, at)  # the fan makes room for the focused card
    lift = lay.hand_lift(count)
    playable = t.playable_indices() if t.settings.highlight_playable else set()
    playable |= t.jump_indices()
    along = played_along(t, focus)
    for i, r in enumerate(rects):
        if focus == f"card{i}" or i in along:
            r.move_ip(0, -lift)
        elif i in playable:
            r.move_ip(0, -lift // 2)
    return rects


def hand_rects(t: TableFace) -> list[pygame.Rect]:
    """The part of each card of the hand that a click or the pointer takes: the whole card
    in one fan; in two tiers, a back card down to the front cards over it (where they are
    drawn, they are the ones clicked)."""
    rects = hand_cards(t)
    lay = t.layout
    count = len(rects)
    if lay.hand_tiers(count) == 1:
        return rects
    out = []
    for i, r in enumerate(rects):
        if lay.hand_tier(i, count) == 0:  # (a front card listed after it is taken first)
            over = [f.top for j, f in enumerate(rects[:i]) if lay.hand_tier(j, count) == 1
                    and f.left < r.right and r.left < f.right]
            bottom = min([r.bottom, *over])
            r = pygame.Rect(r.left, r.top, r.width, max(1, bottom - r.top))
        out.append(r)
    return out


def played_along(t: TableFace, focus: str) -> set[int]:
    """A-7: the cards a focused, playable Discard All takes down with it (every card of
    its colour), lifted with it so the person sees what goes."""
    if not focus.startswith("card") or not focus[4:].isdigit():
        return set()
    i = int(focus[4:])
    hand = t.model.hand
    if (i >= len(hand) or RANK_OF[hand[i]] != Rank.DISCARD_ALL
            or i not in t.playable_indices()):
        return set()
    colour = COLOUR_OF[hand[i]]
    return {j for j, c in enumerate(hand) if j != i and COLOUR_OF[c] == colour}


def drop_zone(t: TableFace) -> pygame.Rect:
    """Where a dragged card is played when let go: the table above your hand."""
    lay = t.layout
    return pygame.Rect(0, 0, lay.size[0], lay.hand_area.top)


def shows_scores(t: TableHost) -> bool:
    """A match of several hands shows every player's score by their seat."""
    return t.session.ruleset.match is not MatchKind.SINGLE_HAND


def info_line(t: TableHost) -> str:
    rs = t.session.ruleset
    match = _(MATCH_TEXT[rs.match]).format(target=rs.target)
    return _("{edition} · hand {number} · {match}").format(
        edition=_(edition_ui(rs.edition).title), number=max(1, t.model.hand_no),
        match=match)
