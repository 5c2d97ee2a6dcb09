"""New game: edition, match, players (people or AI, names, AI level), language, and the
sections the chosen edition (or a rule) registers for itself
(:mod:`game.ui.scenes.setup_sections`): Attack's Wild Customizable cards (A-8), Triple Play's
youngest player and timer mode (T-2, T-12), Roboto's chattiness, house rule and race mode
(R-2, R-5, R-10) — each shown only for its edition.

Everything is reachable with the keyboard: arrows move between fields, Left/Right change a
setting, typing fills a name field, Enter on "Start" deals. The editions are the engine's
own list; the AI levels are the ones ``game.bots`` offers a seat (easy, medium, hard), each
explained under the seats and said aloud as it takes the focus. A section may take over the
start (a Roboto game with people at the table records their names first).

The screen opens as the last table was dealt (issue 34 item 4): the edition, the seats, the
match kind and target, and each edition's options, kept in the settings (``last_*``) when
the cards are dealt; a remembered value that no longer fits (one its control does not offer
now) quietly gives way to the default. The language control is the game's one language
setting, the same as in Settings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.bots import BOTS
from game.i18n import N_, _
from game.play.session import default_level
from game.rules.house import parse_house
from game.rules.ruleset import MatchKind, Ruleset, edition
from game.setup.names import clean_name
from game.setup.options import MAX_TARGET
from game.store.profiles import AVATAR_KINDS, Avatar
from game.store.saves import SeatInfo
from game.ui import family, text, theme
from game.ui import intents as I
from game.ui.avatars import AvatarChoice
from game.ui.backdrop import felt
from game.ui.editions import edition_names, edition_ui
from game.ui.phone_scenes import PhoneJoinScene
from game.ui.phones import phones_of
from game.ui.scene import Scene
from game.ui.scenes import (
    house_setup,  # noqa: F401  (registers the house rules' section)
    seating,
)
from game.ui.scenes.seating import (
    LEVEL_LINES,
    MAX_SEATS,
    OFFERED_LEVELS,
    default_name,
    in_this_language,
    known_players,
    level_label,
    level_line,
    player_ids,
)
from game.ui.scenes.setup_sections import SetupSection, global_sections
from game.ui.table.start import start_match
from game.ui.widgets import Button, Choice, Control, TextField, language_choice, panel

if TYPE_CHECKING:
    from game.ui.scene import AppHost

TARGETS = (100, 200, 300, 500, 1000)
DEFAULT_TARGET = 500
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


class SetupScene(Scene):
    name = "setup"
    opaque = True

    def __init__(self, app: AppHost, seats: Sequence[SeatInfo] | None = None,
                 ruleset: Ruleset | None = None) -> None:
        super().__init__(app)
        given = app.options
        #: (name, id) of the players last seen at each seat: a name typed again keeps its id.
        self.known = known_players(app.settings, seats or ())
        asked = self._given_levels(given.bots)
        levels = asked or self._remembered_levels()
        humans = list(app.settings.player_humans)
        self.seats: list[dict[str, Any]] = []
        for i in range(MAX_SEATS):
            human = humans[i] if i < len(humans) and not seats else i == 0
            known = self.known[i][0] if i < len(self.known) else ""
            self.seats.append({"name": known or default_name(i, human), "human": human,
                               "level": levels[i] if i < len(levels) else default_level(),
                               "phone": False})
        if seats:
            for i, seat in enumerate(seats[:MAX_SEATS]):
                level = seat.level if seat.level in OFFERED_LEVELS or seat.level in asked \
                    else default_level()  # a level no seat offers now (an older save's)
                self.seats[i] = {"name": in_this_language(seat.name), "human": seat.human,
                                 "level": level, "phone": seat.phone}
        seating.give_faces(self)
        ed = ruleset.edition if ruleset else \
            given.edition or app.settings.last_edition or "official"
        self.edition = ed if ed in edition_names() else edition_names()[0]
        self.match: MatchKind | None = (ruleset.match if ruleset else  # None: edition's
                                        MatchKind(given.match) if given.match else
                                        self._remembered_match())
        self.target = ruleset.target if ruleset else (
            given.target if isinstance(given.target, int) and given.target > 0 else
            self._remembered_target())
        last = len(app.settings.player_humans)
        self.players = len(seats) if seats else int(given.players or last or 4)
        self.players = max(2, min(MAX_SEATS, self.players))
        self.seed: int | None = given.seed
        #: Every section's option values, by option id (see :meth:`sections`): each
        #: edition's defaults, then what was set up last time (what still fits), then what
        #: the match just played carries ("New game" after a match).
        self.options: dict[str, Any] = {}
        for name in edition_names():
            for section in self._sections_of(name):
                self.options.update(section.defaults(edition(name), False))
        self._recall_options(app.settings.last_options)
        for name in edition_names():
            if ruleset is None or ruleset.edition != name:
                continue
            for section in self._sections_of(name):
                plain = section.defaults(edition(name), False)
                carried = section.defaults(ruleset, True)
                self.options.update({k: v for k, v in carried.items() if plain.get(k) != v})
        for name in edition_names():
            for section in self._sections_of(name):
                self.options.update(section.recall(app.settings, ruleset))
        if ruleset is None and app.options.house:  # --house: the house-rules row starts so
            self.options["house_rules"] = tuple(parse_house(app.options.house))
        self.error = ""
        self.focus_first = True
        #: The last line said aloud (an AI level as it takes the focus), and one waiting
        #: for the voice to start.
        self.spoken = ""
        self.pending = ""
        self._said_for: tuple[str, Any] | None = None

    # ------------------------------------------------------------------ the last table
    def _remembered_match(self) -> MatchKind | None:
        """The match kind of the last table set up (``None``: as the edition plays it, also
        for a kind this version does not know)."""
        value = self.app.settings.last_match
        return MatchKind(value) if value in {k.value for k in MatchKind} else None

    def _remembered_target(self) -> int:
        """The target score of the last table set up (the default for one out of range)."""
        value = self.app.settings.last_target
        return value if isinstance(value, int) and 0 < value <= MAX_TARGET else DEFAULT_TARGET

    @staticmethod
    def _own_memory(section: SetupSection) -> bool:
        """Does ``section`` keep its options in the settings itself (the house rules)?"""
        return type(section).remember is not SetupSection.remember

    def _recall_options(self, remembered: Mapping[str, Any]) -> None:
        """Every edition's options as they were last set up, each one only if its control
        still offers that value (a value that no longer fits quietly keeps the default)."""
        for name in edition_names():
            for section in self._sections_of(name):
                if self._own_memory(section):
                    continue
                for control in section.controls(self):
                    if not isinstance(control, Choice) or control.id not in remembered:
                        continue
                    value = remembered[control.id]
                    offered = [v for v, _m in control.options
                               if v == value and type(v) is type(value)]  # True is no 1
                    if offered:
                        self.options[control.id] = offered[0]

    def _remember(self) -> None:
        """Keep the table being dealt in the settings, for the next set-up."""
        st = self.app.settings
        st.last_edition = self.edition
        st.last_match = self.match.value if self.match is not None else ""
        st.last_target = self.target
        kept = dict(st.last_options)
        for section in self.sections():
            if self._own_memory(section):
                section.remember(self, st)
                continue
            for key in section.keys:
                value = self.options.get(key)
                if isinstance(value, str | bool | int | float):
                    kept[key] = value
        st.last_options = kept

    def _remembered_levels(self) -> list[str]:
        """Each seat's AI level at the last table set up (an unknown one: the default)."""
        return [lv if lv in OFFERED_LEVELS else default_level()
                for lv in self.app.settings.player_levels[:MAX_SEATS]]

    @staticmethod
    def _given_levels(bots: Sequence[str]) -> list[str]:
        """AI levels the player gave at start-up (one for every seat, or one per seat)."""
        kinds = [k for k in bots if k in BOTS]
        if len(kinds) == 1:
            return kinds * MAX_SEATS
        return kinds

    # ------------------------------------------------------------------ sections
    @staticmethod
    def _sections_of(name: str) -> list[SetupSection]:
        own = list(edition_ui(name).setup)
        return own + [s for s in global_sections() if s.applies(name)]

    def sections(self) -> list[SetupSection]:
        """The sections shown for the chosen edition: its own, then the global ones."""
        return self._sections_of(self.edition)

    def seat_name(self, i: int) -> str:
        return str(self.seats[i]["name"])

    # ------------------------------------------------------------------ phones (issue 33)
    def phone_seats(self) -> list[int]:
        """The people's seats marked "on a phone" (the app's phones keep them open, so
        their QR codes can be shown and their phones join before the deal)."""
        return [i for i in range(self.players)
                if self.seats[i]["human"] and self.seats[i]["phone"]]

    def seat_avatar(self, i: int) -> Avatar:
        return self.seats[i]["avatar"]  # type: ignore[no-any-return]

    def phone_named(self, seat: int, name: str) -> None:
        """The name typed on ``seat``'s phone is the seat's."""
        if seat in self.phone_seats() and clean_name(name):
            self.seats[seat]["name"] = clean_name(name)
            self.relayout()

    def phone_face(self, seat: int, kind: str) -> None:
        """The face chosen on ``seat``'s phone is the seat's, if no other seat wears it."""
        if seat in self.phone_seats() and kind in AVATAR_KINDS \
                and kind not in seating.worn(self, seat):
            self.seats[seat]["avatar"] = Avatar.of(kind)
            self.relayout()

    def setter(self, key: str) -> Callable[[Any], None]:
        """A control's setter for the section option ``key``."""
        def set_option(value: Any) -> None:
            self.options[key] = value
            self.error = ""
            self.relayout()
        return set_option

    # ------------------------------------------------------------------ the ruleset
    def ruleset(self) -> Ruleset:
        rs = edition(self.edition)
        if self.match is not None:
            rs = replace(rs, match=self.match)
        rs = replace(rs, target=self.target)
        for section in self.sections():
            rs = section.apply(rs, self)
        return rs

    def edition_options(self) -> list[Control]:
        """The chosen edition's sections' controls (none for an edition without options)."""
        return [c for section in self.sections() for c in section.controls(self)]

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
        else:  # a section may show names (Triple Play's youngest player)
            seating.face_follows_name(self, i)
            for section in self.sections():
                section.renamed(self, self.controls)

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
            language_choice(self._language),
        ]
        out += self.edition_options()
        single = self.ruleset().match is MatchKind.SINGLE_HAND
        out[2].enabled = not single
        kinds = [(True, N_("Person")), (False, N_("AI"))]
        seating.unclash(self)
        offered = list(OFFERED_LEVELS)
        for i in range(self.players):
            seat = self.seats[i]
            shown = offered if seat["level"] in offered else [*offered, seat["level"]]
            levels = [(k, level_label(k)) for k in shown]  # (a hidden one given at start-up)
            out.append(AvatarChoice.for_seat(f"avatar{i}", seat["avatar"], seating.worn(self, i),
                                             seating.face_setter(self, i)))
            out.append(Choice.make(f"kind{i}", "", kinds, seat["human"],
                                   self._seat_setter(i, "human")))
            out.append(TextField.make(f"name{i}", N_("Name"), seat["name"],
                                      self._seat_setter(i, "name")))
            lv = Choice.make(f"level{i}", "", levels, seat["level"],
                             self._seat_setter(i, "level"))
            lv.visible = lv.enabled = not seat["human"]
            out.append(lv)
            where = Choice.make(f"phone{i}", "", seating.WHERE, bool(seat["phone"]),
                                self._seat_setter(i, "phone"))
            where.visible = where.enabled = bool(seat["human"])  # (in the level's place)
            out.append(where)
        out.append(Button.make("start", N_("Deal the cards"), style="primary"))
        out.append(Button.make("back", N_("Back")))
        return out

    def _language(self, code: str) -> None:
        """The game's one language setting (the same as in Settings): the whole game
        switches, and the seats' default names ("Player 2") follow."""
        self.app.set_language(code)
        for seat in self.seats:
            seat["name"] = in_this_language(str(seat["name"]))
        self.known = [(in_this_language(name), pid) for name, pid in self.known]
        self.relayout()

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
        room = {k: v for section in self.sections() for k, v in section.caption_room.items()}
        for c in self.edition_controls():
            c.rect = pygame.Rect(left.left, y, left.width, opt_row)
            y += opt_row + gap + int(room.get(c.id, 0) * s)
        right_x = left.right + int(30 * s)
        right_w = self.panel.right - pad - right_x
        seat_row = min(row, int((self.panel.height - int(150 * s)) / max(1, self.players)) - gap)
        y = self.panel.top + int(70 * s)
        for i in range(self.players):
            fw = seat_row  # the face: a square
            x = right_x + fw + gap
            row_w = right_w - fw - gap
            kw, lw = int(row_w * 0.24), int(row_w * 0.3)
            nw = row_w - kw - lw - 2 * gap
            by_id[f"avatar{i}"].rect = pygame.Rect(right_x, y, fw, seat_row)
            by_id[f"kind{i}"].rect = pygame.Rect(x, y, kw, seat_row)
            by_id[f"name{i}"].rect = pygame.Rect(x + kw + gap, y, nw, seat_row)
            by_id[f"level{i}"].rect = pygame.Rect(x + kw + nw + 2 * gap, y, lw, seat_row)
            by_id[f"phone{i}"].rect = by_id[f"level{i}"].rect.copy()
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
        """The controls of the shown sections, in order."""
        ids = {key for section in self.sections() for key in section.keys}
        return [c for c in self.controls if c.id in ids]

    # ------------------------------------------------------------------ input
    def enter(self) -> None:
        super().enter()
        self.app.sound.start_voice([])  # the levels are said: the voice may not be up yet

    def handle(self, intent: I.Intent) -> None:
        if isinstance(intent, I.Press):
            if intent.control == "start":
                self.start()
            elif intent.control == "back":
                self.app.pop()
            return
        super().handle(intent)
        self.announce()

    # ------------------------------------------------------------------ the voice
    def level_words(self, control: Control) -> str:
        """What is said as a seat's AI level takes the focus or changes: "Bruno, AI level:
        Hard. Hard thinks ahead …" (translated)."""
        i = int(control.id[len("level"):])
        value = control.value if isinstance(control, Choice) else None
        words = _("{name}, AI level: {level}.").format(
            name=self.seat_name(i), level=_(level_label(str(value))))
        line = level_line(str(value))
        return f"{words} {line}" if line else words

    def announce(self) -> None:
        """Say the focused AI level and what it is like, when the focus came to it or it
        changed (a person who cannot see the screen hears what each level means)."""
        c = self.focused()
        if c is None or not c.id.startswith("level") or not c.visible:
            self._said_for = None
            return
        key = (c.id, c.value if isinstance(c, Choice) else None)
        if key == self._said_for:
            return
        self._said_for = key
        self.spoken = self.level_words(c)
        heard = self.app.sound.say(self.spoken)
        self.pending = "" if heard or self.app.settings.narration == "off" else self.spoken

    def update(self, dt: float) -> bool:
        sound = self.app.sound
        if self.pending and (sound.say(self.pending) or sound.voice_status != "starting"):
            self.pending = ""  # heard now, or there is no voice to hear it with
        return False

    def wakeup(self) -> float | None:
        return 0.1 if self.pending else None

    def start(self) -> None:
        """"Deal the cards": with seats on phones, their QR codes first (the host starts
        the match from there once the phones have joined)."""
        self.error = self.check()
        if self.error:
            self.app.sound.play("error")
            return
        if self.phone_seats():
            self.app.push(PhoneJoinScene(self.app, self.phone_seats, start=self.deal))
            return
        self.deal()

    def deal(self) -> None:
        """Sit everyone down and deal (or let a section take a step first)."""
        names = [clean_name(str(seat["name"]), default_name(i, bool(seat["human"])))
                 for i, seat in enumerate(self.seats[: self.players])]
        ids = family.resolve_ids(self.app, names, player_ids(names, self.known),
                                 [pid for _name, pid in self.known])
        seats = [SeatInfo(names[i], bool(seat["human"]), str(seat["level"]), ids[i],
                          phone=bool(seat["human"] and seat["phone"]))
                 for i, seat in enumerate(self.seats[: self.players])]
        family.remember(self.app, seats, [seat["avatar"] for seat in self.seats[:self.players]])
        self.app.settings.player_names = [s.name for s in seats]
        self.app.settings.player_ids = [s.player_id for s in seats]
        self.app.settings.player_levels = [str(seat["level"]) for seat in self.seats[:self.players]]
        self.app.settings.player_humans = [s.human for s in seats]
        self._remember()
        self.app.save_settings()
        rs = self.ruleset()
        for section in self.sections():
            if section.start(self.app, rs, seats, self.seed, self):
                return
        table: dict[str, Any] = {}
        for section in self.sections():
            table.update(section.table_options(self))
        start_match(self.app, rs, seats, self.seed, **table)

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
        captions = {c.id: section.caption(c) for section in self.sections()
                    for c in self.controls if c.id in section.keys}
        for c in self.edition_controls():
            line = captions.get(c.id, "")
            if line:
                text.draw(surface, line, text.fit(line, int(15 * s), c.rect.width),
                          (c.rect.left + int(4 * s), c.rect.bottom + int(3 * s)),
                          theme.TEXT_DIM)
        seats_x = next(c.rect.left for c in self.controls if c.id == "avatar0")
        who = text.draw(surface, _("Who plays?"), int(20 * s),
                        (seats_x, self.panel.top + int(44 * s)), theme.TEXT)
        face = self.focused()
        hint = ""
        if isinstance(face, AvatarChoice) and self.shows_focus():
            hint = face.hint()
        elif face is not None and face.id.startswith("level") and self.shows_focus():
            hint = level_line(str(face.value)) if isinstance(face, Choice) else ""
        if hint:
            room = self.panel.right - int(26 * s) - who.right - int(24 * s)
            text.draw(surface, hint, text.fit(hint, int(18 * s), room),
                      (who.right + int(24 * s), who.centery), theme.ACCENT, "midleft")
        self.draw_levels(surface)
        seating.draw_phone_marks(self, surface)
        humans = sum(1 for i in range(self.players) if self.seats[i]["human"])
        note = ""
        if humans == 0:
            note = _("No person at the table: you will watch the AI play.")
        elif self.phone_seats():
            note = _("People on phones play from their phones; the pass screen is only for "
                     "those who share the keyboard.")
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

    def levels_rect(self) -> pygame.Rect | None:
        """Where the AI levels are explained: under the seats, else (many players) under
        the left column's settings; ``None`` when neither has room (the focused level's
        line is still shown beside "Who plays?")."""
        s = self.s
        by_id = {c.id: c.rect for c in self.controls}
        need = int(len(LEVEL_LINES) * 2 * 17 * s)
        seats = [r for cid, r in by_id.items() if cid.startswith(("level", "avatar"))]
        if seats:
            top = max(r.bottom for r in seats) + int(18 * s)
            left = min(r.left for r in seats)
            rect = pygame.Rect(left, top, self.panel.right - int(26 * s) - left,
                               by_id["start"].top - int(12 * s) - top)
            if rect.height >= need:
                return rect
        column = [by_id[cid] for cid in ("edition", "match", "target", "players", "language")]
        column += [c.rect for c in self.edition_controls()]
        room = {k: v for section in self.sections() for k, v in section.caption_room.items()}
        top = max(r.bottom + int(room.get(c.id, 0) * s) for c in self.controls
                  for r in [c.rect] if r in column) + int(22 * s)
        first = by_id["edition"]
        rect = pygame.Rect(first.left, top, first.width, by_id["back"].top - int(12 * s) - top)
        return rect if rect.height >= need else None

    def draw_levels(self, surface: pygame.Surface) -> None:
        """Each AI level offered with its one-line explanation, under the seats."""
        rect = self.levels_rect()
        if rect is None or not any(not self.seats[i]["human"] for i in range(self.players)):
            return
        s = self.s
        px = int(15 * s)
        y = rect.top
        y += text.draw(surface, _("AI levels"), int(17 * s), (rect.left, y),
                       theme.TEXT).height + int(4 * s)
        for kind in OFFERED_LEVELS:
            used = text.draw_wrapped(surface, level_line(kind), px, pygame.Rect(
                rect.left, y, rect.width, rect.bottom - y), theme.TEXT_DIM)
            y += used + int(3 * s)

    def autoplay_intent(self) -> I.Intent | None:
        return None

    def test_state(self) -> dict[str, Any]:
        """Test hook: what the form holds (see ``game.ui.testhooks``)."""
        own = {k for section in edition_ui(self.edition).setup for k in section.keys}
        return {"edition": self.edition, "match": self.match.value if self.match else None,
                "players": self.players, "error": self.error, "target": self.target,
                "language": i18n.current_language(), "spoken": self.spoken,
                "levels_offered": list(OFFERED_LEVELS),
                "options": {c.id: c.value for c in self.edition_controls()
                            if isinstance(c, Choice) and c.id in own},
                # The sections shown for every edition (the house rules), by option id.
                "shared_options": {k: self.options.get(k) for s in global_sections()
                                   for k in s.keys if s.applies(self.edition)},
                "seats": [{**s, "avatar": s["avatar"].kind}
                          for s in self.seats[: self.players]],
                "phones": {str(i): phones_of(self.app).connection(i)
                           for i in self.phone_seats()}}
