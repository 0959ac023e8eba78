"""Errors of the scenario format: each names where in the file the problem is, when that is known."""

from __future__ import annotations

from engine.core import GameError

KeyPath = tuple[str | int, ...]
"""A path into the parsed TOML document: table keys and array indexes, e.g. ("steps", 2, "expect", 0)."""


class ScenarioError(Exception):
    """A scenario file that cannot be read or set up. `line` and `column` are 1-based, when known."""

    def __init__(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        *,
        crashed: bool = False,
        plain: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.crashed = crashed
        """The engine failed (a bug), not the file: the message quotes the exception, for developers only."""
        self.plain = plain
        """The message without a library's own wording (the TOML reader's), for players; None when the
        message is all ours."""

    def where(self, origin: str) -> str:
        """`origin:line:column` as far as known, the prefix of a report line."""
        if self.line is None:
            return origin
        if self.column is None:
            return f"{origin}:{self.line}"
        return f"{origin}:{self.line}:{self.column}"

    def describe(self, origin: str, *, for_players: bool = False) -> str:
        message = self.plain if for_players and self.plain is not None else self.message
        return f"{self.where(origin)}: {message}"


class PositionError(GameError):
    """A `[position]` table a game cannot set up. `path` leads from the position table to the key at fault,
    so the loader can name the line: ("p1", "in_play", 0, "card")."""

    def __init__(self, message: str, path: KeyPath = ()) -> None:
        super().__init__(message)
        self.path = tuple(path)

    def under(self, *prefix: str | int) -> PositionError:
        """The same error with its path placed below `prefix` (for helpers that check a sub-table)."""
        return PositionError(self.message, (*prefix, *self.path))


class EvalError(Exception):
    """An expectation that could not be evaluated on this state (a missing path, a type mismatch).

    It makes the expectation fail with this message; it is not a malformed file.
    """
