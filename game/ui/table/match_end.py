"""The end of the match (issue 34's celebration): the winners' faces, confetti drawn in code
and the match's fanfare on the sound board, each player's final standing and the match's
story, and what to play next ("Play again": the same seats in one press, phones still
joined). Reduced motion: the confetti lies still and a caption says what is celebrated."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.rules import events as E
from game.rules.ruleset import MatchKind
from game.ui import intents as I
from game.ui import scenes, text, theme
from game.ui.avatars import draw_avatar
from game.ui.family import faces
from game.ui.table.results import ScoresPanel
from game.ui.table.start import play_again
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.ui.scene import AppHost
    from game.ui.table.host import TableHost


class Confetto:
    """One piece of confetti: where it is, how it falls and turns."""

    __slots__ = ("phase", "rgb", "size", "spin", "vx", "vy", "x", "y")

    def __init__(self, rng: random.Random, width: int, s: float) -> None:
        self.x = rng.uniform(0, width)
        self.y = rng.uniform(-0.45, 0.2) * width * 0.5
        self.vx = rng.uniform(-40, 40) * s
        self.vy = rng.uniform(140, 260) * s
        self.spin = rng.uniform(4, 9)
        self.phase = rng.uniform(0, 6.3)
        self.rgb = rng.choice([*theme.CARD_RGB.values(), theme.ACCENT])
        self.size = int(rng.uniform(6, 11) * s)


class MatchEndScene(ScoresPanel):
    """The match is over: the winners cheered (their faces, confetti and a fanfare), the
    final standings and the match's story — hands won, the biggest hand."""

    name = "match_end"
    width = 680
    #: Seconds the confetti falls.
    CONFETTI_S = 5.0
    #: Room for the winners' faces above the standings (1280x720 scale).
    FACES_H = 118

    def __init__(self, app: AppHost, table: TableHost, event: E.MatchEnded) -> None:
        names = table.session.names
        winners = ", ".join(names[p] for p in event.winners)
        super().__init__(app, table, table.session.scores, players=winners)
        self.event = event
        self.title = N_("{players} wins the match!") if len(event.winners) == 1 else \
            N_("{players} share the win!")
        table.sfx("fanfare")
        speed = app.settings.animation_speed
        self.clock = 0.0
        #: Reduced motion: a still frame (the confetti lying where it fell) and a caption.
        self.still = bool(app.settings.reduced_motion)
        #: Confetti thrown (falling) and, with reduced motion, confetti lying still.
        self.confetti: list[Confetto] = []
        self.strewn: list[Confetto] = []
        rng = random.Random(table.session.seed ^ 0xC0FE)
        s = theme.scale_for(app.size)
        if self.still:
            w, h = app.size
            self.strewn = [Confetto(rng, w, s) for _ in range(90)]
            for c in self.strewn:  # over the whole screen, where it fell
                c.y = rng.uniform(0, h)
        elif speed > 0:
            self.confetti = [Confetto(rng, app.size[0], s) for _ in range(140)]

    def caption(self) -> str:
        """What the celebration is, in words (shown with reduced motion)."""
        names = self.table.session.names
        players = ", ".join(names[p] for p in self.event.winners)
        return ngettext("Confetti and a fanfare for {players}, the winner!",
                        "Confetti and a fanfare for {players}, the winners!",
                        len(self.event.winners)).format(players=players)

    def extra_height(self) -> int:
        return self.FACES_H + super().extra_height()

    def scores_top(self) -> int:
        return self.content_top + int(self.FACES_H * self.s)

    def draw_extra(self, surface: pygame.Surface) -> None:
        self.draw_winners(surface)
        super().draw_extra(surface)

    def draw_winners(self, surface: pygame.Surface) -> None:
        """The winners' faces, large, each on a gold medal under a crown."""
        s = self.s
        winners = list(self.event.winners)[:4]
        avatars = faces(self.app, self.table.session.player_ids)
        size = int(84 * s)
        gap = int(150 * s)
        cx = self.panel_rect.centerx - gap * (len(winners) - 1) // 2
        cy = self.content_top + int(58 * s)
        for k, p in enumerate(winners):
            c = (cx + k * gap, cy)
            pygame.draw.circle(surface, theme.mix(theme.PANEL, theme.ACCENT, 0.45), c,
                               int(size * 0.68))
            pygame.draw.circle(surface, theme.ACCENT, c, int(size * 0.68), max(2, int(4 * s)))
            draw_avatar(surface, avatars[p], c, size)
            top = c[1] - int(size * 0.68)
            w = int(size * 0.42)
            crown = [(c[0] - w, top + int(2 * s)), (c[0] - w, top - int(20 * s)),
                     (c[0] - w // 2, top - int(8 * s)), (c[0], top - int(26 * s)),
                     (c[0] + w // 2, top - int(8 * s)), (c[0] + w, top - int(20 * s)),
                     (c[0] + w, top + int(2 * s))]
            pygame.draw.polygon(surface, theme.ACCENT, crown)
            pygame.draw.polygon(surface, theme.TEXT_DARK, crown, max(1, int(2 * s)))

    def enter(self) -> None:
        super().enter()
        story = self.story()
        if story:  # told aloud too, for a player who cannot see the screen
            self.app.sound.say(" ".join(story))

    def story(self) -> list[str]:
        """The match told in two lines: hands won by each player, and the biggest hand."""
        story = self.table.session.story
        if not story or self.table.session.ruleset.match is MatchKind.SINGLE_HAND:
            return []
        names = self.table.session.names
        won: dict[int, int] = {}
        for _no, winner, _pts in story:
            won[winner] = won.get(winner, 0) + 1
        parts = [_("{player} {count}").format(player=names[p], count=n)
                 for p, n in sorted(won.items(), key=lambda kv: -kv[1])]
        hand_no, best, points = max(story, key=lambda h: (h[2], -h[0]))
        return [_("Hands won: {list}.").format(list=", ".join(parts)),
                _("Biggest hand: {player}, {points} points (hand {number}).").format(
                    player=names[best], points=points, number=hand_no)]

    def body_text(self) -> str:
        rs = self.table.session.ruleset
        if rs.match is MatchKind.SINGLE_HAND:
            return _("One hand decided this match.")
        lasted = ngettext("The match lasted {count} hand.", "The match lasted {count} hands.",
                          self.table.model.hand_no).format(count=self.table.model.hand_no)
        return " ".join([lasted, *self.story()])

    def build(self) -> list[Control]:
        return [Button.make("again", N_("Play again"), style="primary"),
                Button.make("setup", N_("New game")),
                Button.make("title", N_("Back to the title screen"))]

    def on_press(self, control: str) -> None:
        session = self.table.session
        if control == "again":
            play_again(self.app, session)
        elif control == "setup":
            self.app.reset(self.app.make(scenes.TITLE))
            self.app.open(scenes.SETUP, seats=list(session.seats), ruleset=session.ruleset)
        else:
            self.app.reset(self.app.make(scenes.TITLE))

    def back(self) -> None:
        """Escape does not leave the results by accident."""

    # ------------------------------------------------------------------ the celebration
    def update(self, dt: float) -> bool:
        if not self.confetti:
            return False
        self.clock += dt
        if self.clock >= self.CONFETTI_S:
            self.confetti = []
            return True
        for c in self.confetti:
            c.x += c.vx * dt
            c.y += c.vy * dt
            c.phase += c.spin * dt
        return True

    def wakeup(self) -> float | None:
        return 0.0 if self.confetti else None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        fade = 1.0 if self.still else max(0.0, min(1.0, (self.CONFETTI_S - self.clock) / 1.0))
        for c, rect in self.falling():
            rgb = c.rgb if fade >= 1 else theme.mix(theme.FELT_DARK, c.rgb, fade)
            pygame.draw.rect(surface, rgb, rect)
        if self.still:
            self.draw_caption(surface)

    def caption_rect(self) -> pygame.Rect:
        s = self.s
        room = max(int(40 * s), self.panel_rect.top - int(16 * s))
        return pygame.Rect(int(40 * s), max(int(4 * s), (room - int(40 * s)) // 2),
                           self.size[0] - int(80 * s), int(40 * s))

    def draw_caption(self, surface: pygame.Surface) -> None:
        """The still frame's caption, on a band above the panel."""
        s = self.s
        words = self.caption()
        px = text.fit(words, int(26 * s), self.size[0] - int(120 * s))
        img = text.render(words, px, theme.TEXT_DARK)
        band = img.get_rect(center=self.caption_rect().center).inflate(int(36 * s), int(14 * s))
        pygame.draw.rect(surface, theme.ACCENT, band, border_radius=band.height // 2)
        surface.blit(img, img.get_rect(center=band.center))

    def falling(self) -> list[tuple[Confetto, pygame.Rect]]:
        """The confetti drawn this frame and where: around the panel, never over its
        title, scores and buttons (they stay readable while it falls)."""
        out = []
        panel = self.panel_rect
        keep = self.caption_rect().inflate(int(40 * self.s), int(16 * self.s)) if self.still \
            else pygame.Rect(0, 0, 0, 0)
        for c in self.confetti or self.strewn:
            rect = pygame.Rect(int(c.x), int(c.y), max(2, int(c.size * abs(math.cos(c.phase)))),
                               c.size)
            if not panel.colliderect(rect) and not keep.colliderect(rect):
                out.append((c, rect))
        return out

    def autoplay_intent(self) -> I.Intent | None:
        return None

    def test_state(self) -> dict[str, object]:
        return {"confetti": len(self.confetti), "strewn": len(self.strewn),
                "story": self.story(), "still": self.still,
                "caption": self.caption() if self.still else "",
                "winners": list(self.event.winners),
                "standings": [[name, score] for name, score, _p in self.rows_shown]}
