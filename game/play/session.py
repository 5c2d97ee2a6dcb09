"""A match being played: the game, who sits where, the autosave, and what each seat may do.

The table talks to the game only through a :class:`Session`: it asks for a player's
*view* and the public facts of the match (who acts, on what decision, who owes UNO, how
many cards each holds), offers actions, and gets the events back. Nothing in the front end
reads the engine behind it (``session.game`` is for the session itself and for tests that
rig a deal). What a seat may do now is described once (:meth:`Session.choices`, see
:mod:`game.play.choices`) for every front end, and a choice comes back by its ids
(:meth:`Session.choose`), applied once however often it is sent. Every applied action is
autosaved (on the saver's thread). Nothing here knows about time or pygame, so it is tested
directly.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from game.bots import BOTS
from game.play.choices import Choices, describe, resolve
from game.rules import events as E
from game.rules.actions import Action, CallUno, Catch
from game.rules.cards import Card
from game.rules.editions import new_game
from game.rules.engine import Decision, Game
from game.rules.house.play import jump_card, stack_total
from game.rules.ruleset import Ruleset
from game.rules.view import PlayerView, view
from game.setup.house_rules import tonight
from game.store.autosave import AutoSaver
from game.store.saves import SavedMatch, SeatInfo, data_dir


def default_level() -> str:
    """The AI level offered first: "medium" when the strong bots exist, else "heuristic"."""
    for kind in ("medium", "heuristic"):
        if kind in BOTS:
            return kind
    return next(iter(BOTS))


def hands_at_end(before: Sequence[Sequence[Card]], events: Sequence[E.Event]
                 ) -> tuple[tuple[Card, ...], ...] | None:
    """Every player's hand when the hand ended: ``before`` (the hands before the action)
    moved by ``events`` up to ``HandEnded``; ``None`` if an event moved cards in a way not
    followed here (checked against the score anyway, see :func:`scored_as`)."""
    hands = [list(h) for h in before]
    for e in events:
        if isinstance(e, E.HandEnded):
            return tuple(tuple(h) for h in hands)
        if isinstance(e, E.CardPlayed | E.CardsDiscarded):
            gone = (e.card,) if isinstance(e, E.CardPlayed) else e.cards
            for c in gone:
                if c not in hands[e.player]:
                    return None
                hands[e.player].remove(c)
        elif isinstance(e, E.CardsDrawn):
            if len(e.cards) != e.count:
                return None
            hands[e.player] += e.cards
        elif isinstance(e, E.HandsSwapped):
            hands[e.first], hands[e.second] = hands[e.second], hands[e.first]
    return None


def scored_as(ruleset: Ruleset, seats: Sequence[int], held: Sequence[Sequence[Card]],
              ended: E.HandEnded) -> bool:
    """Do the ``held`` cards add up to the points the hand scored (so the table may
    count them up card by card)?"""
    from game.rules.match import hand_value
    from game.rules.ruleset import MatchKind

    values = {p: hand_value(ruleset, held[p]) for p in seats}
    if ruleset.match in (MatchKind.RUNNING_TOTAL, MatchKind.CHALLENGE):
        return sum(values.values()) == ended.points
    return sum(v for p, v in values.items() if p != ended.winner) == ended.points


#: How many applied choices :meth:`Session.choose` remembers, to answer a resent one.
CHOSEN_MEMORY = 256


@dataclass(frozen=True)
class Chosen:
    """What :meth:`Session.choose` did: the action, its events, and whether this exact choice
    had already been applied (a resend after a lost acknowledgement), in which case
    ``events`` are those of the first time and nothing was applied again."""

    action: Action
    events: tuple[E.Event, ...]
    repeated: bool = False


class Session:
    """One match: see the module docstring. ``saver`` may be ``None`` (tests, positions)."""

    def __init__(self, game: Game, seats: Sequence[SeatInfo],
                 saver: AutoSaver | None = None) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{game.players} players need {game.players} seats")
        self.game = game
        self.seats = list(seats)
        self.saver = saver
        #: R-10: how Roboto's races are settled on screen, "family" or "reaction" (a set-up
        #: choice of the screen, not a rule: kept in the save's table options).
        self.race_mode = "family"
        #: R-2: the house rule as picked from the examples ("" when recorded or none) and
        #: its recording, if any (set by the Roboto set-up screen).
        self.house_rule_text = ""
        self.house_rule_clip: object | None = None
        #: The cards each player held when the last hand ended (shown and counted at the
        #: hand's end: they are public then), keyed by that hand's number; and the story of
        #: the match: (hand number, winner, points) of every hand (a resumed match's
        #: earlier hands too: :meth:`restore_story`).
        self.revealed: dict[int, tuple[tuple[Card, ...], ...]] = {}
        self.story: list[tuple[int, int, int]] = []
        #: (seat, version, choice id, option id) -> what applying it did, newest last.
        self._chosen: OrderedDict[tuple[int, int, str, str], Chosen] = OrderedDict()

    def ai_levels(self) -> dict[int, str]:
        """Each AI seat's bot kind (an unknown level becomes the default one)."""
        return {p: (s.level if s.level in BOTS else default_level())
                for p, s in enumerate(self.seats) if not s.human}

    @staticmethod
    def new(ruleset: Ruleset, seats: Sequence[SeatInfo], seed: int,
            saver: AutoSaver | None = None) -> Session:
        session = Session(new_game(ruleset, len(seats), seed), seats, saver)
        session.save()
        return session

    # ------------------------------------------------------------------ who is who
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def player_ids(self) -> list[str]:
        """Each seat's player id, under which their recordings are kept."""
        return [s.player_id for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s.human]

    def is_human(self, player: int) -> bool:
        return self.seats[player].human

    @property
    def ruleset(self) -> Ruleset:
        return self.game.ruleset

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def scores(self) -> list[int]:
        """Every player's match score (public)."""
        return list(self.game.match.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self.game.match.winners)

    @property
    def seating(self) -> list[int]:
        """Players in clockwise order in this hand (public)."""
        return list(self.game.seats)

    def opening_events(self) -> tuple[E.Event, ...]:
        """What happened before the first decision (dealer draw, deal, first card),
        unredacted: the table redacts them for the player at the screen. With house rules
        on, the line naming them (:class:`~game.setup.house_rules.HouseRulesTonight`) follows the
        match's start, told by the voice and the log like the engine's own lines."""
        events = list(self.game.initial_events)
        line = tonight(self.ruleset)
        if line is not None:
            at = next((i + 1 for i, e in enumerate(events) if isinstance(e, E.MatchStarted)), 0)
            events.insert(at, cast(E.Event, line))  # not the engine's: nothing else reads it
        return tuple(events)

    def reminder_events(self) -> tuple[E.Event, ...]:
        """What a resumed match tells first: tonight's house rules again (none without),
        since the family coming back to it may have forgotten which are on."""
        line = tonight(self.ruleset)
        return () if line is None else (cast(E.Event, line),)

    @property
    def edition(self) -> str:
        return self.game.ruleset.edition

    @property
    def version(self) -> int:
        """Grows with every applied action (to tell stale bot answers from fresh ones)."""
        return len(self.game.actions)

    # ------------------------------------------------------------------ what players see
    def view(self, player: int, with_events: bool = False) -> PlayerView:
        return view(self.game, player, with_events=with_events)

    def legal(self, player: int) -> list[Action]:
        return self.game.legal_actions(player)

    @property
    def to_act(self) -> int:
        return self.game.to_act

    @property
    def decision(self) -> Decision:
        """What the player to act must decide (public)."""
        return self.game.decision

    @property
    def seed(self) -> int:
        """The match's seed (for the table's own seeded choices: AI pacing, race times)."""
        return self.game.seed

    def hand_size(self, player: int) -> int:
        """How many cards ``player`` holds (public)."""
        return len(self.game.hands[player])

    def owes_uno(self) -> tuple[int, ...]:
        """Players who may still be caught without UNO (C-12's window is open), in the
        engine's order."""
        return tuple(self.game.uno_open)

    def out_of_turn(self, player: int) -> list[Action]:
        """What ``player`` may do out of turn now (call UNO, catch someone)."""
        return self.game.out_of_turn_actions(player)

    # ------------------------------------------------------------------ house rules
    def house(self) -> tuple[str, ...]:
        """The house rules on in this match (H-1 … H-3 by name, canonical order)."""
        from game.rules.house import parse_house

        return parse_house(self.game.ruleset.house)

    def stack_total(self) -> int:
        """H-1: how many cards the stack owes so far (0: no stack pending; public)."""
        return stack_total(self.game)

    def stack_card(self) -> Card | None:
        """H-1: the card on top that the stack answers (``None``: no stack pending)."""
        return self.game.top if stack_total(self.game) else None

    def jump_card(self) -> Card | None:
        """H-3: the card just played that may be jumped on now (``None``: none); public,
        it is the card on top."""
        return None if self.game.over else jump_card(self.game)

    def jump_ins(self, player: int) -> list[Action]:
        """H-3: ``player``'s jump-in now (their identical card), or nothing."""
        if self.jump_card() is None or player == self.game.to_act:
            return []
        return [a for a in self.game.legal_actions(player) if not isinstance(a, CallUno | Catch)]

    def reactors(self) -> list[int]:
        """Players with something to do out of turn, in the order the bots' driver asks them:
        those who owe UNO first, then everyone from the player to act."""
        g = self.game
        if not g.uno_open or g.over:
            return []
        seats = list(self.seating)
        start = seats.index(g.to_act) if g.to_act in seats else 0
        order = list(g.uno_open) + [seats[(start + i) % len(seats)] for i in range(len(seats))]
        out: list[int] = []
        for q in order:
            if q not in out and g.out_of_turn_actions(q):
                out.append(q)
        return out

    @property
    def over(self) -> bool:
        return self.game.over

    def recent_events(self) -> tuple[E.Event, ...]:
        """This hand's events so far (unredacted: the table redacts them per viewer)."""
        return tuple(self.game.hand_events)

    # ------------------------------------------------------------------ choices
    def choices(self, seat: int, deadlines: Mapping[str, float] | None = None) -> Choices:
        """What ``seat`` may do now, described from its own view alone (see
        :mod:`game.play.choices`); ``deadlines`` gives the seconds a clock leaves, by
        choice id (the table's clock decides timers and races)."""
        return describe(self.view(seat), self.version, deadlines)

    def choose(self, seat: int, version: int, choice_id: str, option_id: str) -> Chosen:
        """Apply ``seat``'s pick of ``option_id`` in ``choice_id``, made at state
        ``version``. The same pick sent again (a page resending after a lost
        acknowledgement) is applied once: the second answer repeats the first. A stale
        version or an unknown id raises :class:`~game.rules.errors.IllegalAction` naming
        the clause, and nothing changes."""
        key = (seat, version, choice_id, option_id)
        done = self._chosen.get(key)
        if done is not None:
            return Chosen(done.action, done.events, repeated=True)
        action = resolve(self.choices(seat), version, choice_id, option_id)
        events = tuple(self.act(action))
        done = Chosen(action, events)
        self._chosen[key] = done
        while len(self._chosen) > CHOSEN_MEMORY:
            self._chosen.popitem(last=False)
        return done

    # ------------------------------------------------------------------ acting
    def act(self, action: Action) -> list[E.Event]:
        """Apply ``action`` (raises :class:`~game.rules.errors.IllegalAction`, changing
        nothing) and autosave; returns the events."""
        before = [tuple(h) for h in self.game.hands]
        hand_no, seats = self.game.match.hand_no, list(self.game.seats)
        events = self.game.apply(action)
        ended = next((e for e in events if isinstance(e, E.HandEnded)), None)
        if ended is not None:
            self.story.append((hand_no, ended.winner, ended.points))
            held = hands_at_end(before, events)
            if held is not None and scored_as(self.game.ruleset, seats, held, ended):
                self.revealed = {hand_no: held}
        self.save()
        return events

    def save(self) -> None:
        if self.saver is None:
            return
        if self.game.over:
            self.saver.discard()
        else:
            self.saver.save(SavedMatch.of(self.game, self.seats, self.table_options()))

    def table_options(self) -> dict[str, Any]:
        """What the save keeps besides the rules (see :data:`game.store.saves.TABLE_OPTIONS`)."""
        from game.voice.clips import clip_reference

        clip = self.house_rule_clip
        return {"race_mode": self.race_mode, "house_rule_text": self.house_rule_text,
                "house_rule_clip": clip_reference(clip, data_dir()) if isinstance(clip, Path)
                else None}

    def restore_story(self) -> None:
        """A resumed match's story is the whole match's, not only the hands played since:
        its record is replayed from the deal and every hand's end noted, so the match's
        end never says "Hands won: Zoé 1" after a match of three hands."""
        game = new_game(self.game.ruleset, self.game.players, self.game.seed)
        story: list[tuple[int, int, int]] = []
        for action in self.game.actions:
            hand_no = game.match.hand_no
            story += [(hand_no, e.winner, e.points) for e in game.apply(action)
                      if isinstance(e, E.HandEnded)]
        self.story = story

    def restore_table_options(self, options: Mapping[str, Any]) -> None:
        """A resumed match's table options. The recording is named by its path inside the
        data folder; one that is gone, or named by a path leading anywhere else (absolute,
        ``..``, a symbolic link out of the clips folder), is left out: the match resumes and
        the house rule is spoken from its text."""
        from game.voice.clips import resolve_clip_reference

        self.race_mode = options.get("race_mode", self.race_mode)
        self.house_rule_text = options.get("house_rule_text", self.house_rule_text)
        clip = options.get("house_rule_clip")
        self.house_rule_clip = (resolve_clip_reference(clip, data_dir())
                                if isinstance(clip, str) else None)
