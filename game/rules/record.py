"""Game records: ``(ruleset, players, seed, actions)`` as versioned JSON data.

A record replays exactly (the engine is deterministic). This module is pure: it
turns records into JSON-ready dicts and back; ``game.store.saves`` writes the files.

Versions: 1 until R-7 changed (a Wild Draw Four left on top by a Roboto interruption
reached the named player as 4 cards at once); 2 since (that player answers it as C-8:
challenge or accept). A version 1 record is migrated on reading: where the named player
took the 4 at once, an ``accept`` is inserted, which leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import game.rules.events as E
from game.rules.actions import ACCEPT, Action, action_text, parse_action
from game.rules.editions import new_game
from game.rules.engine import Decision, Game
from game.rules.errors import IllegalAction
from game.rules.ruleset import Ruleset

FORMAT = "uno-game"
VERSION = 2
#: Versions :meth:`GameRecord.from_json` reads (older ones are migrated).
READABLE = (1, 2)


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says why."""


@dataclass(frozen=True)
class GameRecord:
    ruleset: Ruleset
    players: int
    seed: int
    actions: tuple[Action, ...] = ()

    @staticmethod
    def of(game: Game) -> GameRecord:
        return GameRecord(game.ruleset, game.players, game.seed, tuple(game.actions))

    def new_game(self) -> Game:
        return new_game(self.ruleset, self.players, self.seed)

    def replay(self) -> Game:
        """The game after every action; :class:`RecordError` names a bad one."""
        try:
            game = self.new_game()
        except ValueError as exc:
            raise RecordError(f"cannot start this game: {exc}") from exc
        for i, action in enumerate(self.actions):
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise RecordError(f"action {i} ({action_text(action)}) is illegal: {exc}") from exc
        return game

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset.to_json(),
            "players": self.players,
            "seed": self.seed,
            "actions": [action_text(a) for a in self.actions],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> GameRecord:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordError(f"not a {FORMAT} record")
        version = data.get("version")
        if type(version) is not int or version not in READABLE:  # true == 1 == 1.0
            raise RecordError(f"unsupported record version {version!r}")
        try:
            players, seed = data["players"], data["seed"]
            if type(players) is not int or type(seed) is not int:
                raise RecordError("players and seed must be integers")
            ruleset = Ruleset.from_json(data["ruleset"])
            ruleset.check_players(players)
            actions = tuple(parse_action(str(t)) for t in data["actions"])
            record = GameRecord(ruleset, players, seed, actions)
            return migrate_v1(record) if version == 1 else record
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"bad record: {exc}") from exc


def migrate_v1(record: GameRecord) -> GameRecord:
    """A version 1 record in today's terms (see the module docstring): after each action
    that ended a Roboto interruption with a Wild Draw Four still on top, the named player
    accepts it, as that version made them do. A record that does not replay is returned
    with its remaining actions unchanged (``replay`` then names the bad one)."""
    if record.ruleset.edition != "roboto":
        return record
    try:
        game = record.new_game()
    except ValueError:
        return record
    out: list[Action] = []
    for i, action in enumerate(record.actions):
        try:
            events = game.apply(action)
        except IllegalAction:
            out += record.actions[i:]
            break
        out.append(action)
        if game.decision is Decision.CHALLENGE and any(
            isinstance(e, E.RobotoNames) for e in events
        ):
            accept = ACCEPT[game.to_act]
            game.apply(accept)
            out.append(accept)
    return GameRecord(record.ruleset, record.players, record.seed, tuple(out))
