"""The table's controls and what each table intent asks the engine to do.

Controls are rebuilt from the model whenever it changes (about thirty small objects), so
focus and hit-testing always match what is drawn. :func:`action_for` turns a table intent
into the engine action of the player at the screen, or into a message explaining why it
cannot be done — every refusal is explained, none is silent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.narrate import card_name
from game.rules import actions as A
from game.rules.engine import Decision
from game.ui import intents as I
from game.ui import text, theme
from game.ui.widgets import Button, Control, focus_ring

if TYPE_CHECKING:
    from game.ui.table.host import TableFace

#: A translated explanation for each rule clause an illegal action can break.
REFUSALS = {
    "C-3": N_("It is not your turn."),
    "C-5": N_("That card matches neither the colour, the number nor the symbol on top."),
    "C-6": N_("Name a colour first."),
    "C-8": N_("Answer the Wild Draw Four first: challenge it or accept it."),
    "C-9": N_("Play a card or draw one."),
    "C-10": N_("After drawing, only the card you drew may be played."),
    "C-12": N_("UNO is called when you play your next-to-last card."),
    "H-1": N_("Only a card of the same kind may be stacked on it; or take the cards."),
    "H-2": N_("Name the player whose hand you take."),
    "H-3": N_("Only a card identical to the one just played may jump in."),
    "H-5": N_("A playable card you drew must be played."),
    "H-6": N_("A Wild Draw Four is not allowed while you hold the colour in force."),
    "M-1": N_("The match is over."),
}
REFUSED = N_("That move is not allowed (rule {clause}).")


class UnoButton(Button):
    """The big round UNO button."""

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, s: float) -> None:
        if not self.visible:
            return
        r = self.rect
        c = r.center
        rad = r.width // 2
        fill = theme.BUTTON_PRIMARY if self.enabled else theme.BUTTON_DISABLED
        if hovered and self.enabled:
            fill = theme.mix(fill, (255, 255, 255), 0.15)
        pygame.draw.circle(surface, theme.SHADOW, (c[0] + 3, c[1] + 5), rad)
        pygame.draw.circle(surface, fill, c, rad)
        pygame.draw.circle(surface, theme.ACCENT if self.enabled else theme.PANEL_EDGE, c, rad,
                           max(2, int(4 * s)))
        colour = theme.ACCENT if self.enabled else theme.TEXT_DIM
        text.draw(surface, _("UNO!"), int(rad * 0.62), c, colour, "center", shadow=self.enabled)
        text.draw(surface, "U", int(rad * 0.28), (c[0], r.bottom - rad * 0.3), theme.TEXT_DIM,
                  "center")
        if focused:
            focus_ring(surface, r, s, rad)


def build_controls(t: TableFace) -> list[Control]:
    """Every focusable thing on the table, in reading order."""
    lay, m = t.layout, t.model
    out: list[Control] = []
    mine = t.my_turn()
    for i, rect in enumerate(t.hand_rects()):
        label = card_name(m.hand[i]) if i < len(m.hand) else ""
        out.append(Control(f"card{i}", I.PlayCard(i), rect, enabled=t.viewer is not None,
                           label=label))
    stack = mine and m.decision is Decision.STACK
    out.append(Control("draw", I.DrawCard(), lay.draw_pile,
                       enabled=mine and m.decision in (Decision.TURN, Decision.STACK),
                       label=N_("Draw a card")))
    drawn = mine and m.decision is Decision.DRAWN
    play, keep = lay.drawn_buttons
    out.append(Button.make("play_drawn", N_("Play it"), I.PlayDrawn(), rect=play,
                           visible=drawn, enabled=drawn, style="primary", hint="P"))
    out.append(Button.make("keep_drawn", N_("Keep it"), I.KeepDrawn(), rect=keep,
                           visible=drawn, enabled=drawn, hint="K"))
    # H-1: facing a stack, taking it is one button (or D, or the draw pile)
    total = t.session.stack_total() if stack else 0
    take = pygame.Rect(0, 0, int(150 * lay.s), int(40 * lay.s))  # under the draw pile
    take.midtop = (lay.draw_pile.centerx, lay.draw_pile.bottom + int(26 * lay.s))
    out.append(Button.make("take", N_("Take {count}"), I.DrawCard(), rect=take,
                           visible=stack, enabled=stack, style="primary", hint="D",
                           params={"count": total}))
    # H-3 in hot-seat: anyone may claim a jump-in (see jump_button)
    jump = jump_button(t)
    if jump is not None:
        out.append(jump)
    targets = t.catch_targets()
    for player, spot in lay.seats.items():
        out.append(Control(f"seat{player}", I.Catch(player), spot.plate,
                           enabled=player in targets, visible=player in targets,
                           label=m.names[player]))
        out.append(Button.make(f"catch{player}", N_("Catch!"), I.Catch(player), rect=spot.catch,
                               visible=player in targets, enabled=player in targets,
                               style="primary", hint="C"))
    out.append(UnoButton(id="uno", intent=I.CallUno(), rect=lay.uno, label=N_("UNO!"),
                         enabled=t.can_call_uno(), visible=t.viewer is not None))
    out.append(Button.make("menu", N_("Menu"), I.Back(), rect=lay.menu, hint="Esc"))
    for dev in t.devices:
        out += dev.controls()
    return out


def jump_button(t: TableFace) -> Button | None:
    """H-3 at a hot-seat table: a "Jump in!" button beside the discard pile after every card
    that may be jumped on — whether or not anyone holds its twin, so the button tells
    nobody anything. Pressing it (or J) asks who jumps in, passes the device to them and
    shows them only their identical card (:class:`game.ui.table.hotseat.JumpInScene`)."""
    s = t.session
    if len(s.humans) < 2 or "jump_in" not in s.house() or s.jump_card() is None \
            or not t.presenter.idle:
        return None
    if not [p for p in s.humans if p != s.to_act]:
        return None
    lay = t.layout
    rect = pygame.Rect(0, 0, int(150 * lay.s), int(40 * lay.s))
    rect.midleft = (lay.discard.right + int(24 * lay.s), lay.discard.centery)
    return Button.make("jump", N_("Jump in!"), I.JumpIn(), rect=rect, style="primary",
                       hint="J")


def action_for(t: TableFace, intent: I.Intent) -> A.Action | str | Choices | None:
    """The engine action for a table intent of the player at the screen, a message id
    explaining why nothing can be done, or ``None`` when the intent is not a table action."""
    me = t.viewer
    if me is None:
        return None if not isinstance(intent, I.PlayCard | I.DrawCard | I.CallUno) else \
            N_("Only players at the table can do that.")
    m = t.model
    if isinstance(intent, I.CallUno):
        return A.CallUno(me) if t.can_call_uno() else REFUSALS["C-12"]
    if isinstance(intent, I.Catch):
        targets = t.catch_targets()
        if intent.player >= 0:
            return A.Catch(me, intent.player)
        return A.Catch(me, targets[0]) if targets else N_("Nobody can be caught right now.")
    if isinstance(intent, I.JumpIn):
        jumps = t.session.jump_ins(me)
        return jumps[0] if jumps else N_("You have no card identical to the one just played.")
    if not isinstance(intent, I.PlayCard | I.DrawCard | I.PlayDrawn | I.KeepDrawn):
        return None
    if isinstance(intent, I.PlayCard) and 0 <= intent.index < len(m.hand) \
            and not t.my_turn():  # H-3: a click on the card identical to the one just played
        jump = [a for a in t.session.jump_ins(me)
                if isinstance(a, A.Play) and a.card == m.hand[intent.index]]
        if jump:
            return jump[0]
    if not t.my_turn():
        return N_("Wait for your turn.") if not t.session.over else REFUSALS["M-1"]
    if isinstance(intent, I.PlayCard):
        if not 0 <= intent.index < len(m.hand):
            return None
        card = m.hand[intent.index]
        plays = [a for a in t.legal_now() if isinstance(a, A.Play) and a.card == card]
        if len(plays) > 1:  # the same card fits in several places (an edition's trays)
            return Choices(plays)
        return plays[0] if plays else A.Play(me, card)
    if isinstance(intent, I.DrawCard):
        if m.decision is Decision.DRAWN:
            return N_("You have drawn already: play the card you drew or keep it.")
        legal = t.legal_now()
        if A.Draw(me) in legal or not legal:
            return A.Draw(me)
        other = [a for a in legal if not isinstance(a, A.Play | A.CallUno | A.Catch)]
        if len(other) == 1:  # an edition's own way of drawing (the launcher)
            return other[0]
        return Choices(other) if other else A.Draw(me)
    if m.decision is not Decision.DRAWN or m.drawn is None:
        return N_("There is no drawn card to play or keep.")
    if isinstance(intent, I.PlayDrawn):
        plays = [a for a in t.legal_now() if isinstance(a, A.Play)]
        if len(plays) > 1:
            return Choices(plays)
        return plays[0] if plays else A.Play(me, m.drawn)
    keeps = [a for a in t.legal_now() if not isinstance(a, A.Play | A.CallUno | A.Catch)]
    if len(keeps) > 1:
        return Choices(keeps)
    return keeps[0] if keeps else A.Pass(me)


class Choices(list[A.Action]):
    """Several actions fit one intent: the table asks which (the chooser dialog)."""
