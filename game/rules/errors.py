"""The errors the engine raises: a move the rules do not allow, a position text that is
not one."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid. ``clause`` names the RULES.md clause it breaks.

    The engine checks everything before it changes anything, so a game that raised
    this is exactly as it was before the call.
    """

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"[{clause}] {message}")
        self.clause = clause
        self.message = message


class PositionError(ValueError):
    """The text is not a valid position; the message says which field and why."""
