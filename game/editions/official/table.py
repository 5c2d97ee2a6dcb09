"""Official UNO on screen: its title and its rules for the help (RULES.md section C, M)."""

from __future__ import annotations

from game.i18n import N_
from game.ui.editions import EditionUI, register

UI = register(EditionUI(
    key="official",
    title=N_("Official UNO"),
    blurb=N_("The classic game: 108 cards, 2 to 10 players, first to 500 points."),
    rules=(
        (N_("The goal"), N_(
            "Be the first to get rid of all your cards. When a player goes out, they score the "
            "value of every card left in the other hands; the first to reach the target score "
            "(500 by default) wins the match.")),
        (N_("Dealing"), N_(
            "Everyone draws a card: the highest number deals (action cards count as zero). "
            "Each player gets 7 cards; the rest is the draw pile, and its top card starts the "
            "discard pile. The player to the dealer's left begins and play goes clockwise.")),
        (N_("Your turn"), N_(
            "Play one card that matches the top of the discard pile by colour, number or "
            "symbol, or play a Wild. If you cannot play (or do not want to), draw one card: if "
            "it can be played you may play it at once, otherwise your turn ends.")),
        (N_("Action cards"), N_(
            "Draw Two: the next player draws two cards and misses their turn. Reverse: play "
            "changes direction (with two players it works like a Skip). Skip: the next player "
            "misses their turn. Wild: name the colour to play next.")),
        (N_("Wild Draw Four"), N_(
            "Name the colour; the next player draws four cards and misses their turn. You may "
            "only play it when you hold no card of the colour in force. The next player may "
            "challenge it: your hand is shown to them alone. If you were bluffing you draw four "
            "instead; if not, the challenger draws six.")),
        (N_("UNO!"), N_(
            "When you play your next-to-last card, call UNO (press the UNO button or U). If "
            "another player catches you before the next player starts their turn, you draw "
            "two cards. Calling late is fine as long as nobody caught you first.")),
        (N_("Scoring"), N_(
            "Number cards are worth their number; Draw Two, Reverse and Skip 20 points; Wild "
            "and Wild Draw Four 50 points.")),
    ),
))
