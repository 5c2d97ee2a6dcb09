"""The table's controls.

Controls are rebuilt from the model whenever it changes (about thirty small objects), so
focus and hit-testing always match what is drawn. What each one means now is read from
the person's choice description (:mod:`game.play.choices`, through
:class:`game.ui.table.input.TableInput`): the draw pile is live when the choice they owe
has an option besides its cards (draw, take a stack, press the launcher), a seat's
Catch! when catching that player is an option, UNO! when calling means something.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.rules.engine import Decision
from game.ui import intents as I
from game.ui import text, theme
from game.ui.widgets import Button, Control, focus_ring
from game.voice.narrate import card_name

if TYPE_CHECKING:
    from game.ui.table.host import TableFace


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
    main = t.input.choices().main() if mine else None
    on_hand = main is not None and main.hand
    for i, rect in enumerate(t.hand_rects()):
        label = card_name(m.hand[i]) if i < len(m.hand) else ""
        out.append(Control(f"card{i}", I.PlayCard(i), rect, enabled=t.viewer is not None,
                           label=label))
    drawn = mine and m.decision is Decision.DRAWN
    pile = on_hand and not drawn and main is not None and \
        any("card" not in o.params for o in main.options)
    out.append(Control("draw", I.DrawCard(), lay.draw_pile, enabled=pile,
                       label=N_("Draw a card")))
    play, keep = lay.drawn_buttons
    out.append(Button.make("play_drawn", N_("Play it"), I.PlayDrawn(), rect=play,
                           visible=drawn, enabled=drawn, style="primary", hint="P"))
    out.append(Button.make("keep_drawn", N_("Keep it"), I.KeepDrawn(), rect=keep,
                           visible=drawn, enabled=drawn, hint="K"))
    # H-1: facing a stack, taking it is one button (or D, or the draw pile)
    total = t.session.stack_total() if on_hand and not drawn else 0
    stack = total > 0
    take = pygame.Rect(0, 0, int(150 * lay.s), int(40 * lay.s))  # under the draw pile
    take.midtop = (lay.draw_pile.centerx, lay.draw_pile.bottom + int(26 * lay.s))
    out.append(Button.make("take", N_("Take {count}"), I.DrawCard(), rect=take,
                           visible=stack, enabled=stack, style="primary", hint="D",
                           params={"count": total}))
    # H-3 in hot-seat: anyone may claim a jump-in (see jump_button)
    jump = jump_button(t)
    if jump is not None:
        out.append(jump)
    targets = t.input.catch_targets()
    for player, spot in lay.seats.items():
        out.append(Control(f"seat{player}", I.Catch(player), spot.plate,
                           enabled=player in targets, visible=player in targets,
                           label=m.names[player]))
        out.append(Button.make(f"catch{player}", N_("Catch!"), I.Catch(player), rect=spot.catch,
                               visible=player in targets, enabled=player in targets,
                               style="primary", hint="C"))
    out.append(UnoButton(id="uno", intent=I.CallUno(), rect=lay.uno, label=N_("UNO!"),
                         enabled=t.can_call_uno(),
                         visible=t.viewer is not None or t.can_call_uno()))
    out.append(Button.make("menu", N_("Menu"), I.Back(), rect=lay.menu, hint="Esc"))
    for dev in t.devices:
        out += dev.controls()
    return out


def jump_button(t: TableFace) -> Button | None:
    """H-3: a "Jump in!" button beside the discard pile. Alone at the screen, while the
    person holds the twin of the card just played (their jump-in is possible: the button,
    J, Enter on the glowing card or a click on it). At a hot-seat table, after every card
    that may be jumped on — whether or not anyone holds its twin, so the button tells
    nobody anything; pressing it (or J) asks who jumps in, passes the device to them and
    shows them only their identical card (:class:`game.ui.table.hotseat.JumpInScene`)."""
    s = t.session
    if "jump_in" not in s.house() or s.jump_card() is None or not t.presenter.idle:
        return None
    if len(s.humans) < 2:
        if not t.jump_indices():
            return None
    else:
        from game.ui.table.phones import keyboard_people

        if not [p for p in keyboard_people(s) if p != s.to_act]:  # (phones: their own)
            return None
    lay = t.layout
    rect = pygame.Rect(0, 0, int(150 * lay.s), int(40 * lay.s))
    rect.midleft = (lay.discard.right + int(24 * lay.s), lay.discard.centery)
    return Button.make("jump", N_("Jump in!"), I.JumpIn(), rect=rect, style="primary",
                       hint="J")
