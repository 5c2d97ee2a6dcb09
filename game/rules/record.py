"""Game records: ``(ruleset, players, seed, actions)`` as versioned JSON data.

A record replays exactly (the engine is deterministic). This module is pure: it
turns records into JSON-ready dicts and back; ``game.saves`` writes the files.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.actions import Action, action_text, parse_action
from game.rules.editions import new_game
from game.rules.engine import Game
from game.rules.errors import IllegalAction
from game.rules.ruleset import Ruleset

FORMAT = "uno-game"
VERSION = 1


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
        if data.get("version") != VERSION:
            raise RecordError(f"unsupported record version {data.get('version')!r}")
        try:
            players, seed = data["players"], data["seed"]
            if type(players) is not int or type(seed) is not int:
                raise RecordError("players and seed must be integers")
            ruleset = Ruleset.from_json(data["ruleset"])
            ruleset.check_players(players)
            actions = tuple(parse_action(str(t)) for t in data["actions"])
            return GameRecord(ruleset, players, seed, actions)
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"bad record: {exc}") from exc
