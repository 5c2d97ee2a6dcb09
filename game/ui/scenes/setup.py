"""New game: edition, match, players (people or AI, names, AI level), language, and the
chosen edition's own options (shown only for that edition): Attack's Wild Customizable cards
(how many, which coded effect, A-8), Triple Play's youngest player and timer mode (T-2, T-12),
Roboto's chattiness, house rule and race mode (R-2, R-5, R-10).

Everything is reachable with the keyboard: arrows move between fields, Left/Right change a
setting, typing fills a name field, Enter on "Start" deals. The editions are the engine's
own list; the AI levels are the bots the ``game.bots`` package offers. A Roboto game with
people at the table first opens the recording screen (:mod:`game.ui.roboto_setup`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.bots import BOTS
from game.i18n import N_, _
from game.narrate import AI_NAMES
from game.options import DEFAULT_BOTS
from game.rules.ruleset import CHATTINESS, CUSTOM_EFFECTS, MatchKind, Ruleset, edition
from game.saves import AutoSaver, SeatInfo, discard_save
from game.ui import intents as I
from game.ui import text, theme
from game.ui.editions import edition_names, edition_ui
from game.ui.scene import Scene
from game.ui.session import Session, default_level
from game.ui.table_draw import felt
from game.ui.widgets import Button, Choice, Control, TextField, panel

if TYPE_CHECKING:
    from game.ui.app import App

MAX_SEATS = 10
TARGETS = (100, 200, 300, 500, 1000)
#: Match kinds in the order offered (the common ones first).
MATCH_LABELS = {
    MatchKind.STANDARD: N_("First to the target"),
    MatchKind.SINGLE_HAND: N_("Single hand"),
    MatchKind.RUNNING_TOTAL: N_("Running total (lowest wins)"),
    MatchKind.CHALLENGE: N_("Challenge UNO (last one wins)"),
    MatchKind.PARTNERS: N_("Partners (4 players)"),
    MatchKind.PARTNERS_ROTATING: N_("Rotating partners (4 players)"),
    MatchKind.TEAMS: N_("Two teams (4, 6, 8, 10)"),
}
LEVEL_LABELS = {
    "random": N_("Beginner (random)"),
    "random-play": N_("Beginner (plays any card it can)"),
    "heuristic": N_("Standard"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
}


#: A-8: the Wild Customizable's coded effects, with the one line that explains each.
EFFECT_LABELS = {
    "everyone_presses": (N_("Everyone presses"),
                         N_("Every other player presses the launcher once.")),
    "swap_hands": (N_("Swap hands"),
                   N_("The player swaps hands with a player they choose.")),
    "chosen_presses_twice": (N_("Chosen player presses twice"),
                             N_("A player of their choice presses the launcher twice.")),
    "skip_everyone": (N_("Skip everyone"),
                      N_("Everyone is skipped: the player plays again.")),
    "plain": (N_("Plain wild"), N_("No extra effect: it is an ordinary Wild.")),
}
CHATTINESS_LABELS = {"low": N_("Low"), "normal": N_("Normal"), "high": N_("High")}
#: R-10: how Roboto's races are settled on screen.
RACE_MODES = {"family": N_("Family (own key)"), "reaction": N_("Reaction (flash)")}


def level_label(kind: str) -> str:
    return LEVEL_LABELS.get(kind, kind.replace("_", " ").capitalize())


def start_match(app: App, ruleset: Ruleset, seats: Sequence[SeatInfo],
                seed: int | None = None, race_mode: str = "family") -> None:
    """Deal a new match and show the table (the old autosave is replaced)."""
    from game.ui.scenes.table import TableScene

    discard_save()
    seed = seed if seed is not None else random.SystemRandom().randrange(10**9)
    session = Session.new(ruleset, seats, seed, AutoSaver())
    session.race_mode = race_mode
    session.save()  # with the race mode
    app.reset(TableScene(app, session))


class SetupScene(Scene):
    name = "setup"
    opaque = True

    def __init__(self, app: App, seats: Sequence[SeatInfo] | None = None,
                 ruleset: Ruleset | None = None) -> None:
        super().__init__(app)
        args = app.args
        names = list(app.settings.player_names)
        levels = self._arg_levels(args)
        self.seats: list[dict[str, Any]] = []
        for i in range(MAX_SEATS):
            human = i == 0
            default = names[i] if i < len(names) and names[i] else (
                _("Player {number}").format(number=i + 1) if human else AI_NAMES[i])
            self.seats.append({"name": default, "human": human,
                               "level": levels[i] if i < len(levels) else default_level()})
        if seats:
            for i, seat in enumerate(seats[:MAX_SEATS]):
                self.seats[i] = {"name": seat.name, "human": seat.human, "level": seat.level}
        ed = ruleset.edition if ruleset else getattr(args, "edition", None) or "official"
        self.edition = ed if ed in edition_names() else edition_names()[0]
        arg_match = getattr(args, "match", None)
        self.match: MatchKind | None = (ruleset.match if ruleset else  # None: edition's
                                        MatchKind(arg_match) if arg_match else None)
        arg_target = getattr(args, "target", None)
        self.target = ruleset.target if ruleset else (
            arg_target if isinstance(arg_target, int) and arg_target > 0 else 500)
        self.players = len(seats) if seats else int(getattr(args, "players", 4) or 4)
        self.players = max(2, min(MAX_SEATS, self.players))
        self.seed: int | None = getattr(args, "seed", None)
        base = ruleset or edition(self.edition)
        self.custom_count = base.custom_count
        self.custom_effect = base.custom_effect
        self.youngest = base.starting_player  # T-2 (-1: left of the dealer)
        self.timer = base.timer  # T-12
        self.chattiness = base.chattiness
        self.house_rule = base.house_rule if ruleset else True  # asked for by default
        self.race_mode = "family"
        self.error = ""
        self.focus_first = True

    @staticmethod
    def _arg_levels(args: Any) -> list[str]:
        """AI levels from ``--bots``; the command line's own default is not a choice the
        player made, so it leaves the set-up's default level."""
        given = str(getattr(args, "bots", "") or "")
        if given == DEFAULT_BOTS:
            return []
        kinds = given.split(",")
        kinds = [k for k in kinds if k in BOTS]
        if len(kinds) == 1:
            return kinds * MAX_SEATS
        return kinds

    # ------------------------------------------------------------------ the ruleset
    def ruleset(self) -> Ruleset:
        rs = edition(self.edition)
        if self.match is not None:
            rs = replace(rs, match=self.match)
        rs = replace(rs, target=self.target)
        if self.edition == "attack":
            rs = replace(rs, custom_count=self.custom_count, custom_effect=self.custom_effect)
        elif self.edition == "triple":
            youngest = self.youngest if self.youngest < min(self.players, rs.max_players) else -1
            rs = replace(rs, starting_player=youngest, timer=self.timer)
        elif self.edition == "roboto":
            rs = replace(rs, chattiness=self.chattiness, house_rule=self.house_rule)
        return rs

    def edition_options(self) -> list[Control]:
        """The chosen edition's own settings (none for the others)."""
        setter = self._set
        if self.edition == "attack":
            effects = [(e, EFFECT_LABELS[e][0] if e in EFFECT_LABELS else e)
                       for e in CUSTOM_EFFECTS]
            return [
                Choice.make("custom_count", N_("Wild Customizable cards"),
                            [(n, str(n)) for n in range(4)], self.custom_count,
                            lambda v: setter("custom_count", v)),
                Choice.make("custom_effect", N_("Their effect"), effects, self.custom_effect,
                            lambda v: setter("custom_effect", v)),
            ]
        if self.edition == "triple":
            seats = [(-1, N_("Not asked (left of the dealer)"))]
            seats += [(i, str(self.seats[i]["name"]) or str(i + 1))
                      for i in range(min(self.players, edition("triple").max_players))]
            return [
                Choice.make("youngest", N_("Who is the youngest?"), seats, self.youngest,
                            lambda v: setter("youngest", v)),
                Choice.make("timer", N_("Timer mode"), [(False, N_("Off")), (True, N_("On"))],
                            self.timer, lambda v: setter("timer", v)),
            ]
        if self.edition == "roboto":
            chat = [(c, CHATTINESS_LABELS.get(c, c)) for c in CHATTINESS]
            return [
                Choice.make("chattiness", N_("Chattiness"), chat, self.chattiness,
                            lambda v: setter("chattiness", v)),
                Choice.make("house_rule", N_("House rule"),
                            [(True, N_("Record one")), (False, N_("None"))],
                            self.house_rule, lambda v: setter("house_rule", v)),
                Choice.make("race_mode", N_("Race mode"), list(RACE_MODES.items()),
                            self.race_mode, lambda v: setter("race_mode", v)),
            ]
        return []

    def check(self) -> str:
        """A message id explaining why the game cannot start, or ""."""
        rs = self.ruleset()
        try:
            rs.check_players(self.players)
        except ValueError:
            if rs.match in (MatchKind.PARTNERS, MatchKind.PARTNERS_ROTATING):
                return N_("Partner matches need exactly 4 players.")
            if rs.match is MatchKind.TEAMS:
                return N_("Team matches need 4, 6, 8 or 10 players.")
            return N_("This edition takes {low} to {high} players.")
        return ""

    # ------------------------------------------------------------------ controls
    def _set(self, key: str, value: Any) -> None:
        setattr(self, key, value)
        self.error = ""
        self.relayout()

    def _seat(self, i: int, key: str, value: Any) -> None:
        self.seats[i][key] = value
        if key != "name":
            self.relayout()
        elif self.edition == "triple":  # the youngest is chosen by name
            for c in self.controls:
                if isinstance(c, Choice) and c.id == "youngest":
                    c.options = [(v, value if v == i else m) for v, m in c.options]

    def _seat_setter(self, i: int, key: str) -> Callable[[Any], None]:
        return lambda value: self._seat(i, key, value)

    def build(self) -> list[Control]:
        rs = edition(self.edition)
        eds = [(e, edition_ui(e).title) for e in edition_names()]
        matches: list[tuple[Any, str]] = [(None, N_("As the edition plays it"))]
        order = [k for k in MATCH_LABELS if k in MatchKind.__members__.values()]
        order += [k for k in MatchKind if k not in order]
        matches += [(k, MATCH_LABELS.get(k, k.value)) for k in order]
        hi = rs.max_players
        out: list[Control] = [
            Choice.make("edition", N_("Edition"), eds, self.edition,
                        lambda v: self._set("edition", v)),
            Choice.make("match", N_("Match"), matches, self.match,
                        lambda v: self._set("match", v)),
            Choice.make("target", N_("Target score"),
                        [(t, str(t)) for t in sorted({*TARGETS, self.target})],
                        self.target, lambda v: self._set("target", v)),
            Choice.make("players", N_("Players"), [(n, str(n)) for n in range(2, hi + 1)],
                        min(self.players, hi), lambda v: self._set("players", v)),
            Choice.make("language", N_("Language"), list(i18n.LANGUAGES.items()),
                        i18n.current_language(), self._language),
        ]
        out += self.edition_options()
        single = self.ruleset().match is MatchKind.SINGLE_HAND
        out[2].enabled = not single
        kinds = [(True, N_("Person")), (False, N_("AI"))]
        levels = [(k, level_label(k)) for k in BOTS]
        for i in range(self.players):
            seat = self.seats[i]
            out.append(Choice.make(f"kind{i}", "", kinds, seat["human"],
                                   self._seat_setter(i, "human")))
            out.append(TextField.make(f"name{i}", N_("Name"), seat["name"],
                                      self._seat_setter(i, "name")))
            lv = Choice.make(f"level{i}", "", levels, seat["level"],
                             self._seat_setter(i, "level"))
            lv.visible = lv.enabled = not seat["human"]
            out.append(lv)
        out.append(Button.make("start", N_("Deal the cards"), style="primary"))
        out.append(Button.make("back", N_("Back")))
        return out

    def _language(self, code: str) -> None:
        self.app.set_language(code)

    def arrange(self) -> None:
        focus = self.focused()
        fid = focus.id if focus is not None else None
        if self.players > edition(self.edition).max_players:
            self.players = edition(self.edition).max_players
        self.controls = self.build()
        s = self.s
        w, h = self.size
        self.panel = pygame.Rect(0, 0, min(w - int(30 * s), int(1180 * s)),
                                 min(h - int(20 * s), int(690 * s)))
        self.panel.center = (w // 2, h // 2)
        pad = int(26 * s)
        left = pygame.Rect(self.panel.left + pad, self.panel.top + int(70 * s),
                           int(self.panel.width * 0.4), 0)
        row = int(44 * s)
        gap = int(10 * s)
        y = left.top
        by_id = {c.id: c for c in self.controls}
        for cid in ("edition", "match", "target", "players", "language"):
            by_id[cid].rect = pygame.Rect(left.left, y, left.width, row)
            y += row + gap + (int(44 * s) if cid == "edition" else 0)
        self.blurb_top = by_id["edition"].rect.bottom + int(6 * s)
        y += int(8 * s)
        self.options_top = y
        opt_row = int(40 * s)
        for c in self.edition_controls():
            c.rect = pygame.Rect(left.left, y, left.width, opt_row)
            y += opt_row + gap + (int(22 * s) if c.id == "custom_effect" else 0)
        right_x = left.right + int(30 * s)
        right_w = self.panel.right - pad - right_x
        seat_row = min(row, int((self.panel.height - int(150 * s)) / max(1, self.players)) - gap)
        y = self.panel.top + int(70 * s)
        for i in range(self.players):
            kw, lw = int(right_w * 0.24), int(right_w * 0.3)
            nw = right_w - kw - lw - 2 * gap
            by_id[f"kind{i}"].rect = pygame.Rect(right_x, y, kw, seat_row)
            by_id[f"name{i}"].rect = pygame.Rect(right_x + kw + gap, y, nw, seat_row)
            by_id[f"level{i}"].rect = pygame.Rect(right_x + kw + nw + 2 * gap, y, lw, seat_row)
            y += seat_row + gap
        bw = int(260 * s)
        by_id["start"].rect = pygame.Rect(0, 0, bw, int(52 * s))
        by_id["start"].rect.bottomright = (self.panel.right - pad, self.panel.bottom - pad)
        by_id["back"].rect = pygame.Rect(0, 0, int(160 * s), int(52 * s))
        by_id["back"].rect.bottomleft = (self.panel.left + pad, self.panel.bottom - pad)
        if fid is not None:
            self.focus_id(fid)
        elif self.focus_first:
            self.focus_id("start")
        self.focus_first = False

    def edition_controls(self) -> list[Control]:
        ids = ("custom_count", "custom_effect", "youngest", "timer", "chattiness",
               "house_rule", "race_mode")
        return [c for c in self.controls if c.id in ids]

    # ------------------------------------------------------------------ input
    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Press):
            if intent.control == "start":
                self.start()
            elif intent.control == "back":
                self.app.pop()
            return
        super().handle(intent)

    def start(self) -> None:
        self.error = self.check()
        if self.error:
            self.app.sound.play("error")
            return
        seats = []
        for i in range(self.players):
            seat = self.seats[i]
            name = str(seat["name"]).strip() or (_("Player {number}").format(number=i + 1)
                                                 if seat["human"] else AI_NAMES[i])
            seats.append(SeatInfo(name, bool(seat["human"]), str(seat["level"])))
        self.app.settings.player_names = [s.name for s in seats]
        self.app.save_settings()
        rs = self.ruleset()
        if rs.edition == "roboto" and any(seat.human for seat in seats):
            from game.ui.roboto_setup import RobotoRecordScene

            self.app.push(RobotoRecordScene(self.app, rs, seats, self.seed, self.race_mode))
            return
        start_match(self.app, rs, seats, self.seed, self.race_mode)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        surface.blit(felt(self.size), (0, 0))
        panel(surface, self.panel, s)
        text.draw(surface, _("New game"), int(34 * s), (self.panel.centerx,
                  self.panel.top + int(18 * s)), theme.ACCENT, "midtop")
        blurb = _(edition_ui(self.edition).blurb) if edition_ui(self.edition).blurb else ""
        first = self.controls[0].rect
        text.draw_wrapped(surface, blurb, int(16 * s), pygame.Rect(
            first.left, self.blurb_top, first.width, int(44 * s)), theme.TEXT_DIM)
        for c in self.edition_controls():
            if c.id == "custom_effect" and isinstance(c, Choice):
                line = _(EFFECT_LABELS.get(str(c.value), ("", ""))[1])
                text.draw(surface, line, text.fit(line, int(15 * s), c.rect.width),
                          (c.rect.left + int(4 * s), c.rect.bottom + int(3 * s)),
                          theme.TEXT_DIM)
        seats_x = next(c.rect.left for c in self.controls if c.id == "kind0")
        text.draw(surface, _("Who plays?"), int(20 * s), (seats_x, self.panel.top + int(44 * s)),
                  theme.TEXT)
        humans = sum(1 for i in range(self.players) if self.seats[i]["human"])
        note = ""
        if humans == 0:
            note = _("No person at the table: you will watch the AI play.")
        elif humans > 1:
            note = _("Several people: pass the device when asked; hands stay hidden between "
                     "turns.")
        start = next(c.rect for c in self.controls if c.id == "start")
        if self.error:
            rs = edition(self.edition)
            msg = _(self.error).format(low=rs.min_players, high=rs.max_players)
            text.draw_wrapped(surface, msg, int(18 * s), pygame.Rect(
                first.left, start.top - int(54 * s), first.width + int(200 * s), int(50 * s)),
                theme.DANGER)
        elif note:
            text.draw_wrapped(surface, note, int(16 * s), pygame.Rect(
                first.left + int(180 * s), start.top, start.left - first.left - int(200 * s),
                start.height), theme.TEXT_DIM)
        super().draw(surface)

    def autoplay_intent(self) -> I.Intent | None:
        return None

    def test_state(self) -> dict[str, Any]:
        """Test hook: what the form holds (see ``game.ui.testhooks``)."""
        return {"edition": self.edition, "match": self.match.value if self.match else None,
                "players": self.players, "error": self.error,
                "options": {c.id: c.value for c in self.edition_controls()
                            if isinstance(c, Choice)},
                "seats": [dict(s) for s in self.seats[: self.players]]}
