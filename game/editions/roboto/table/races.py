"""Roboto's races at the table (RULES.md R-10): the family race, where each person racing
presses their own key when done; and the reaction race, with its flashing lamp and false
starts. Each race shows what to do (the house rule or the duel's task) and keeps Roboto in
sight. The AI racers finish after a time drawn by their level from the one reaction-time
model, :mod:`game.bots.reaction`. Opened by
:meth:`game.editions.roboto.table.figure.RobotoFigure.offer`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.bots.reaction import ai_time
from game.editions.roboto.table.dialog import RobotoFigure, keep_clear
from game.editions.roboto.table.look import METAL
from game.i18n import N_, _
from game.play.choices import Choice, Option
from game.play.specs import race_task
from game.ui import intents as I
from game.ui import scenes, text, theme
from game.ui.scenes.base import PanelScene
from game.ui.widgets import Button, Control

if TYPE_CHECKING:
    from game.phone.race import PhoneRace
    from game.ui.table.host import TableHost


def race_instruction(table: TableHost, kind: str) -> str:
    """What the racers must do, in the current language: the house rule's typed text (or
    its recording's title), or the race's task, which Roboto picks from
    :data:`game.editions.roboto.voice.DUEL_TASKS` (the same for a given moment of a game,
    and the same a racer's phone shows: :func:`game.play.specs.race_task`)."""
    session = table.session
    if kind == "house_rule":
        typed = str(getattr(session, "house_rule_text", "") or "")
        return typed or _("Do the house rule you recorded!")
    label, params = race_task(kind, session.seed, session.version)
    return _(label).format(**params)


def order_of(option: Option) -> tuple[int, ...]:
    """The finishing order an option of the race's choice reports."""
    order = option.params.get("order", ())
    return tuple(p for p in order if isinstance(p, int)) if isinstance(order, tuple) else ()


#: R-10 reaction mode: the flash comes after this many seconds (low-high). The AI racers'
#: times come from the one reaction-time model, :mod:`game.bots.reaction`.
FLASH_DELAY = (1.5, 4.0)


class RaceScene(PanelScene):
    """R-10 family mode: everybody racing presses their own key when done; the last draws.
    The dialog says what to do in big letters (the house rule's text or the duel's task),
    can play Roboto's words again, and keeps clear of Roboto, who is drawn over it with
    the instruction in his bubble for the whole race."""

    name = "race"
    keys = "chooser"  # 1-9: racer 1-9 is done
    title = N_("Race!")
    body = N_("Do it, then press your own key or button as soon as you are done. The last "
              "one draws two cards.")
    width = 600
    #: The instruction's band in the panel (1280×720 scale).
    TASK_H = 64

    def __init__(self, app: Any, roboto: RobotoFigure, racers: tuple[int, ...],
                 choice: Choice, options: Sequence[Option], kind: str = "duel") -> None:
        """``options``: the finishing orders the choice allows (the race settles on one)."""
        super().__init__(app)
        self.roboto = roboto
        self.table = roboto.table
        self.racers = racers[:9]
        self.choice = choice
        self.options = list(options)
        self.kind = kind
        self.done: list[int] = []
        self.clock = 0.0
        self.replays = 0
        session = self.table.session
        self.instruction = race_instruction(self.table, kind)
        self.title = N_("House rule!") if kind == "house_rule" else N_("Duel!")
        rng = random.Random(session.seed * 31 + session.version)
        levels = session.ai_levels()
        self.ai_time = {
            p: ai_time(levels.get(p, ""), "race", rng)
            for p in self.racers if not session.is_human(p)
        }
        self.tell(first=True)

    def tell(self, first: bool = False) -> None:
        """Roboto shows the instruction in his bubble; for a duel he says it (a house rule
        was just said, from its recording, by the narration; Hear it again repeats it)."""
        self.roboto.speak(self.instruction)
        sound = self.table.app.sound
        if self.kind == "duel" or self.roboto.interrupt is None:
            sound.say(self.instruction)
        elif not first:
            sound.narrate([self.roboto.interrupt])

    def extra_height(self) -> int:
        return self.TASK_H

    def arrange(self) -> None:
        super().arrange()
        keep_clear(self, self.roboto)

    def draw_task(self, surface: pygame.Surface, top: int) -> None:
        """The instruction, big, in a bright band."""
        s = self.s
        band = pygame.Rect(self.panel_rect.left + int(20 * s), top,
                           self.panel_rect.width - int(40 * s), int((self.TASK_H - 10) * s))
        pygame.draw.rect(surface, (250, 236, 150), band, border_radius=int(12 * s))
        px = text.fit(self.instruction, int(30 * s), band.width - int(24 * s))
        text.draw(surface, self.instruction, px, band.center, theme.TEXT_DARK, "center")

    def draw_extra(self, surface: pygame.Surface) -> None:
        self.draw_task(surface, self.content_top)

    def build(self) -> list[Control]:
        names = self.table.session.names
        out: list[Control] = []
        for i, p in enumerate(self.racers):
            human = self.table.session.is_human(p)
            if p in self.done:
                msgid = N_("{player}: done, number {place}")
                params = {"player": names[p], "place": self.done.index(p) + 1}
            elif human:
                msgid, params = N_("{player}: I am done!"), {"player": names[p]}
            else:
                msgid, params = N_("{player} (AI) is racing…"), {"player": names[p]}
            out.append(Button.make(f"choice{i}", msgid, params=params,
                                   hint=str(i + 1) if human else "",
                                   enabled=human and p not in self.done,
                                   style="primary" if human and p not in self.done else "normal"))
        out.append(Button.make("replay", N_("Hear it again"), style="quiet"))
        return out

    def update(self, dt: float) -> bool:
        self.clock += dt
        self.roboto.update(dt)
        self.keep_talking()
        for p, t in self.ai_time.items():
            if self.clock >= t and p not in self.done:
                self.finish(p)
        return True

    def wakeup(self) -> float | None:
        return 0.0

    def finish(self, p: int) -> None:
        self.done.append(p)
        self.table.sfx("card")
        if len(self.done) < len(self.racers):
            self.relayout()
            return
        last = self.done[-1]
        option = next((o for o in self.options if order_of(o)[-1:] == (last,)),
                      self.options[0])
        self.app.pop()
        self.table.input.take(self.choice, option)

    def keep_talking(self) -> None:
        """His bubble stays up with the instruction for the whole race."""
        if self.roboto.words != self.instruction:
            self.roboto.speak(self.instruction)
        self.roboto.bubble = max(self.roboto.bubble, 1.0)

    def on_press(self, control: str) -> None:
        if control == "replay":
            self.replays += 1
            self.tell()
            return
        if not control.startswith("choice"):
            return
        i = int(control[len("choice"):])
        if 0 <= i < len(self.racers):
            p = self.racers[i]
            if self.table.session.is_human(p) and p not in self.done:
                self.finish(p)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.s
        msg = _("{seconds} s").format(seconds=f"{self.clock:.1f}")
        text.draw(surface, msg, int(18 * s), (self.panel_rect.right - int(24 * s),
                  self.panel_rect.top + int(20 * s)), theme.TEXT_DIM, "topright")
        self.roboto.draw_robot(surface)  # he stays in sight, saying what to do
        self.roboto.draw_bubble(surface)

    def back(self) -> None:
        self.app.open(scenes.PAUSE, self.table)

    def autoplay_intent(self) -> I.Intent | None:
        for i, p in enumerate(self.racers):
            if self.table.session.is_human(p) and p not in self.done:
                return I.Press(f"choice{i}")
        return None

    def test_state(self) -> dict[str, Any]:
        return {"racers": list(self.racers), "done": list(self.done), "kind": self.kind,
                "instruction": self.instruction, "replays": self.replays,
                "panel": [*self.panel_rect], "roboto": [*self.roboto.footprint()]}


def draw_lamp(surface: pygame.Surface, c: tuple[int, int], r: int, s: float, flashed: bool,
              lit: bool, label_px: Callable[[str], int]) -> None:
    """The reaction race's lamp (R-10): dark with "Wait…", then flashing ("GO!") with a
    halo, ``lit`` choosing the bright or the orange phase of the flash."""
    if flashed:
        colour = (255, 230, 90) if lit else (255, 140, 40)
        halo = pygame.Surface((4 * r, 4 * r), pygame.SRCALPHA)
        pygame.draw.circle(halo, (*colour, 90), (2 * r, 2 * r), int(1.45 * r))
        surface.blit(halo, halo.get_rect(center=c))
    else:
        colour = (70, 60, 50)
    pygame.draw.circle(surface, theme.SHADOW, (c[0] + int(3 * s), c[1] + int(4 * s)), r)
    pygame.draw.circle(surface, colour, c, r)
    pygame.draw.circle(surface, METAL, c, r, max(3, int(5 * s)))
    label = _("GO!") if flashed else _("Wait…")
    text.draw(surface, label, label_px(label), c,
              theme.TEXT_DARK if flashed else theme.TEXT_DIM, "center")


class ReactionRaceScene(RaceScene):
    """R-10 reaction mode: a lamp flashes after a random delay; the first to press their
    key or button after it wins. A press before the flash is a false start and loses (false
    starts finish last, the first one to jump the gun very last). The AI racers press after
    a reaction time set by their level. The finishing order becomes ``RaceFinished``."""

    name = "reaction_race"
    title = N_("Reaction race!")
    body = N_("Wait for the lamp to flash, then press your key or button first. Pressing "
              "before the flash is a false start and loses.")

    def __init__(self, app: Any, roboto: RobotoFigure, racers: tuple[int, ...],
                 choice: Choice, options: Sequence[Option], kind: str = "duel") -> None:
        super().__init__(app, roboto, racers, choice, options, kind)
        self.title = N_("Reaction race!")
        session = self.table.session
        rng = random.Random(session.seed * 37 + session.version)
        self.flash_at = rng.uniform(*FLASH_DELAY)
        levels = session.ai_levels()
        self.ai_time = {
            p: self.flash_at + ai_time(levels.get(p, ""), "flash", rng)
            for p in self.racers if not session.is_human(p)
        }
        self.false_starts: list[int] = []
        self.times: dict[int, float] = {}
        self.finished = False

    @property
    def flashed(self) -> bool:
        return self.clock >= self.flash_at

    def extra_height(self) -> int:
        return 110 + self.TASK_H

    def build(self) -> list[Control]:
        names = self.table.session.names
        out: list[Control] = []
        for i, p in enumerate(self.racers):
            human = self.table.session.is_human(p)
            if p in self.false_starts:
                msgid, params = N_("{player}: false start!"), {"player": names[p]}
            elif p in self.done:
                msgid = N_("{player}: number {place} ({seconds} s)")
                params = {"player": names[p], "place": self.done.index(p) + 1,
                          "seconds": f"{self.times[p]:.2f}"}
            elif human:
                msgid, params = N_("{player}: press on the flash!"), {"player": names[p]}
            else:
                msgid, params = N_("{player} (AI) is waiting…"), {"player": names[p]}
            waiting = human and p not in self.done and p not in self.false_starts
            out.append(Button.make(f"choice{i}", msgid, params=params,
                                   hint=str(i + 1) if human else "", enabled=waiting,
                                   style="primary" if waiting else "normal"))
        return out

    def update(self, dt: float) -> bool:
        was = self.flashed
        self.clock += dt
        self.roboto.update(dt)
        self.keep_talking()
        if self.flashed and not was:
            self.table.sfx("uno")
        for p, t in sorted(self.ai_time.items(), key=lambda kv: kv[1]):
            if self.clock >= t and p not in self.done:
                self.finish(p)
        return True

    def finish(self, p: int) -> None:
        if self.finished or p in self.done or p in self.false_starts:
            return
        if self.flashed:
            self.done.append(p)
            self.times[p] = self.clock - self.flash_at
            self.table.sfx("card")
        else:
            self.false_starts.append(p)
            self.table.sfx("error")
        if len(self.done) + len(self.false_starts) < len(self.racers):
            self.relayout()
            return
        self.finished = True
        order = (*self.done, *self.false_starts[::-1])
        last = order[-1]
        option = next((o for o in self.options if order_of(o) == order),
                      next((o for o in self.options if order_of(o)[-1:] == (last,)),
                           self.options[0]))
        self.app.pop()
        self.table.input.take(self.choice, option)

    def order(self) -> tuple[int, ...]:
        """The finishing order so far (false starts last)."""
        return (*self.done, *self.false_starts[::-1])

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.s
        self.draw_task(surface, self.content_top)
        c = (self.panel_rect.centerx, self.content_top + int((52 + self.TASK_H) * s))
        draw_lamp(surface, c, int(44 * s), s, self.flashed, self.lamp_lit(),
                  lambda _label: int(26 * s))

    def lamp_lit(self) -> bool:
        """The flash's bright phase: it blinks eight times a second, or (reduced motion)
        stays lit, a still lamp with its "GO!"."""
        if self.app.settings.reduced_motion:
            return True
        return int((self.clock - self.flash_at) * 8) % 2 == 0

    def autoplay_intent(self) -> I.Intent | None:
        if not self.flashed:
            return None
        return super().autoplay_intent()

    def test_state(self) -> dict[str, Any]:
        return {**super().test_state(), "flashed": self.flashed,
                "flash_at": self.flash_at, "done": list(self.done),
                "false_starts": list(self.false_starts), "order": list(self.order())}


class SharedRaceScene(RaceScene):
    """R-10 when a racer plays from a phone: the race is the table's phones'
    (:class:`game.phone.race.PhoneRace`, the one the headless loop runs too), on the
    table's clock. This dialog shows it on the big screen, whoever reports it: what to
    do, Roboto, the lamp in reaction mode, where each racer is. A person racing at the
    keyboard presses here (their key or button); a phone's racer presses on the phone.
    The table reports the finishing order once everyone has finished, and the dialog
    closes by itself."""

    name = "race"

    def __init__(self, app: Any, roboto: RobotoFigure, race: PhoneRace) -> None:
        PanelScene.__init__(self, app)
        self.roboto = roboto
        self.table = roboto.table
        self.race = race
        self.racers = race.racers[:9]
        self.kind = race.kind
        self.options = []
        self.done = list(race.done)
        self.clock = race.clock
        self.replays = 0
        self.ai_time = dict(race.ai)
        self.instruction = race_instruction(self.table, race.kind)
        reaction = race.flash_at is not None
        self.title = N_("Reaction race!") if reaction else (
            N_("House rule!") if race.kind == "house_rule" else N_("Duel!"))
        if reaction:
            self.body = ReactionRaceScene.body
        self._phase = race.phase(-1)
        self.tell(first=True)

    @property
    def reaction(self) -> bool:
        return self.race.flash_at is not None

    def extra_height(self) -> int:
        return 110 + self.TASK_H if self.reaction else self.TASK_H

    def build(self) -> list[Control]:
        names = self.table.session.names
        race = self.race
        out: list[Control] = []
        for i, p in enumerate(self.racers):
            params: dict[str, Any] = {"player": names[p]}
            waiting = False
            if p in race.false_starts:
                msgid = N_("{player}: false start!")
            elif p in race.done:
                params["place"] = race.done.index(p) + 1
                if self.reaction:
                    msgid = N_("{player}: number {place} ({seconds} s)")
                    params["seconds"] = f"{race.times.get(p, 0.0):.2f}"
                else:
                    msgid = N_("{player}: done, number {place}")
            elif p in race.phones:
                msgid = N_("{player} races on the phone…")
            elif p in race.people:
                waiting = True
                msgid = N_("{player}: press on the flash!") if self.reaction \
                    else N_("{player}: I am done!")
            else:
                msgid = N_("{player} (AI) is waiting…") if self.reaction \
                    else N_("{player} (AI) is racing…")
            out.append(Button.make(f"choice{i}", msgid, params=params,
                                   hint=str(i + 1) if waiting else "", enabled=waiting,
                                   style="primary" if waiting else "normal"))
        out.append(Button.make("replay", N_("Hear it again"), style="quiet"))
        return out

    def update(self, dt: float) -> bool:
        race = self.race
        self.roboto.update(dt)
        self.keep_talking()
        if getattr(self.table, "phone_table", None) is None or \
                self.table.phone_table.race is not race:  # reported (or gone): close
            if self in self.app.stack.scenes:
                self.app.stack.remove(self)
            return True
        phase = race.phase(-1)
        if phase != self._phase:
            if race.flashed and not self._phase[1]:
                self.table.sfx("uno")
            if len(race.done) > len(self.done):
                self.table.sfx("card")
            self._phase = phase
            self.done = list(race.done)
            self.relayout()
        self.clock = race.clock
        return True

    def finish(self, p: int) -> None:
        """A person at the keyboard pressed: the table's phones time it."""
        if self.table.phone_table.press(p):
            self.table.sfx("card" if self.race.flashed else "error")

    def on_press(self, control: str) -> None:
        if control.startswith("choice"):
            i = int(control[len("choice"):])
            if 0 <= i < len(self.racers) and self.racers[i] in self.race.people:
                self.finish(self.racers[i])
            return
        super().on_press(control)

    def draw_extra(self, surface: pygame.Surface) -> None:
        if not self.reaction:
            super().draw_extra(surface)
            return
        s = self.s
        self.draw_task(surface, self.content_top)
        c = (self.panel_rect.centerx, self.content_top + int((52 + self.TASK_H) * s))
        flash_at = self.race.flash_at or 0.0
        lit = self.app.settings.reduced_motion or int((self.clock - flash_at) * 8) % 2 == 0
        draw_lamp(surface, c, int(44 * s), s, self.race.flashed, lit,
                  lambda _label: int(26 * s))

    def autoplay_intent(self) -> I.Intent | None:
        if not self.race.flashed:
            return None
        for i, p in enumerate(self.racers):
            if p in self.race.people and p not in self.race.done:
                return I.Press(f"choice{i}")
        return None

    def test_state(self) -> dict[str, Any]:
        race = self.race
        return {**super().test_state(), "phones": sorted(race.phones),
                "people": sorted(race.people), "false_starts": list(race.false_starts),
                "flashed": race.flashed, "order": list(race.order())}
